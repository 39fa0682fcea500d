"""Spellbind (MW-5.113-MW-5.118, MW-X-11.12). No apprentice card has it: the tests give the
state a test-only wand (the rulebook's Mage Wand: incantations only), a quick 2-mana item.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from grimorio.core.state import resample, view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.render import render
from grimorio.games.mage_wars.rules import casting, damage
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    events,
    faces,
    options,
    pass_windows,
    scenario,
    shared_fake_card,
    texts,
    view_names,
)

U = data.TraitUse
WAND = "test-wand"


@pytest.fixture(autouse=True)
def wand(monkeypatch: pytest.MonkeyPatch) -> None:
    shared_fake_card(monkeypatch, "leather-gloves", WAND,
                     traits=(U("spellbind", spell_type="incantation"),))


def priestess(*, wands: int = 1, mana: int = 20, objects: tuple[dict[str, Any], ...] = ()
              ) -> MageWarsState:
    """The priestess (o1, A1, 5 damage) at her menu with `wands` wands planned."""
    st = scenario({"phase": "menu", "activate": 1, "objects": list(objects),
                   "players": [{"class": "priestess", "mana": mana, "damage": 5},
                               {"class": "warlock"}]})
    st.player(0).planned = [WAND] * wands
    st.changed()
    return st


def bind(st: MageWarsState, card: str) -> int:
    """Cast the wand from the menu and bind `card`; the wand's oid."""
    acts(st, f"cast {WAND} o1")
    pass_windows(st)
    assert ask(st) == "BindAsk"
    acts(st, f"bind {card}")
    return max(o.oid for o in st.objs.values() if o.card == WAND)


def quick_casts(st: MageWarsState) -> list[str]:
    """What the priestess could cast with a quick action now."""
    return texts(casting.cast_options(st, 1, "quick", "cast"))


def incantations(st: MageWarsState) -> set[str]:
    return {c for c in st.player(0).book if st.card(c).type == "incantation"}


def test_casting_a_spellbind_item_binds_an_incantation_in_secret() -> None:
    """MW-5.113: when the wand is cast its controller may bind one spell of the book meeting
    the wand's condition (incantations only, never an attack or an enchantment) or none; the
    spell lies face down: the opponent sees that o3 holds a spell, not which (MW-3.20)."""
    st = priestess()
    acts(st, f"cast {WAND} o1")
    pass_windows(st)
    assert set(options(st)) == {f"bind {c}" for c in incantations(st)} | {"bind none"}
    assert "bind pillar-of-light" not in options(st) and "bind rhino-hide" not in options(st)
    heals = st.player(0).book.count("minor-heal")
    acts(st, "bind minor-heal")
    assert st.player(0).bound == {3: "minor-heal"}
    assert st.player(0).book.count("minor-heal") == heals - 1
    theirs = view(st, 1)["state"]["players"][0]
    assert theirs["bound_to"] == [3] and theirs["bound_shown"] == {} and "bound" not in theirs
    assert "minor-heal" not in view_names(st, 1)
    assert events(st, "bind")[0].rule == "MW-5.113"
    assert "held spells: o3 (bound): unseen" in render(view(st, 1), "en")
    assert "held spells: o3 (bound): Minor Heal" in render(view(st, 0), "en")
    empty = priestess()
    acts(empty, f"cast {WAND} o1")
    pass_windows(empty)
    acts(empty, "bind none")
    assert empty.player(0).bound == {} and "minor-heal" in empty.player(0).book


def test_a_bound_spell_is_cast_as_if_prepared_once_a_round_and_shown() -> None:
    """MW-5.114, MW-5.118: with Minor Heal bound, the priestess may cast it as if prepared
    (here as her quickcast after her turn), once a round; the first time it is shown and stays
    face up; MW-5.116: it is not discarded, it stays bound; MW-5.115: its full cost is paid."""
    st = priestess()
    wand = bind(st, "minor-heal")
    assert ask(st) == "QuickcastAsk"
    assert f"quickcast minor-heal o1 bound=o{wand}" in options(st)
    st.script_dice(faces(normal=(1, 1, 1, 1, 1)))
    acts(st, f"quickcast minor-heal o1 bound=o{wand}")
    pass_windows(st)
    assert st.obj(1).damage == 0 and st.player(0).mana == 20 - 2 - 5
    shown = events(st, "bound-shown")[0]
    assert shown.rule == "MW-5.114" and shown.visible_to is None
    assert st.player(0).bound == {wand: "minor-heal"} and "minor-heal" not in st.player(0).discard
    assert view(st, 1)["state"]["players"][0]["bound_shown"] == {str(wand): "minor-heal"}
    assert not any("bound=" in o for o in quick_casts(st))
    st.once = frozenset()              # what Reset does (MW-3.6): once a round, not once
    st.changed()
    assert f"cast minor-heal o1 bound=o{wand}" in quick_casts(st)


def test_a_bound_spell_needs_range_target_and_its_full_cost() -> None:
    """MW-5.115: a bound Minor Heal (range 0-1, 5 mana) reaches no wounded creature two zones
    away, and is not offered with 4 mana left."""
    far = {"card": "highland-unicorn", "controller": 0, "zone": "C1", "damage": 2}
    st = priestess(objects=(far,))
    wand = bind(st, "minor-heal")
    offered = [o for o in options(st) if "bound=" in o]
    assert offered == [f"quickcast minor-heal o1 bound=o{wand}"]
    st.player(0).mana = 4
    st.changed()
    assert not any("bound=" in o for o in options(st))


def test_a_countered_bound_spell_stays_bound() -> None:
    """MW-5.116, MW-A14: the priestess reveals her own enchantment after announcing the bound
    Minor Heal and can no longer pay its 5: the spell is countered, but it stays bound."""
    shield = {"card": "divine-protection", "controller": 0, "host": 1, "face_up": False}
    st = priestess(mana=7, objects=(shield,))
    wand = bind(st, "minor-heal")
    acts(st, "pass")                   # the reveal window after the wand
    acts(st, f"quickcast minor-heal o1 bound=o{wand}", "reveal o3")
    pass_windows(st)
    assert [e.rule for e in events(st, "countered")] == ["MW-A14"]
    assert st.player(0).bound == {wand: "minor-heal"} and "minor-heal" not in st.player(0).discard


def test_the_bound_spell_shares_its_holders_fate() -> None:
    """MW-5.117: destroyed, the wand takes its bound spell to the discard pile; replaced by a
    second wand (same name, MW-5.108), the first goes back to the spellbook with its bound
    spell, and the new one may bind again."""
    st = priestess()
    wand = bind(st, "minor-heal")
    damage.destroy(st, wand, "MW-X-8.2")
    assert st.player(0).bound == {} and st.player(0).discard == [WAND, "minor-heal"]
    st = priestess(wands=2)
    first = bind(st, "minor-heal")
    acts(st, f"quickcast {WAND} o1")
    pass_windows(st)
    assert ask(st) == "BindAsk" and "bind minor-heal" in options(st)
    assert WAND in st.player(0).book and st.player(0).bound == {}
    assert events(st, "held-spell-gone")[0].rule == "MW-5.117" and first not in st.objs


def test_resample_redraws_a_hidden_bound_spell_and_keeps_a_shown_one() -> None:
    """MW-3.20, MW-5.114: before it is cast the bound spell is redrawn among the incantations
    the opponent cannot place; once shown it is kept."""
    st = priestess()
    wand = bind(st, "minor-heal")
    drawn = set()
    for seed in range(16):
        twin = resample(st, 1, random.Random(seed))
        assert isinstance(twin, MageWarsState)
        card = twin.player(0).bound[wand]
        assert twin.card(card).type == "incantation"
        assert view(twin, 1)["state"] == view(st, 1)["state"]
        drawn.add(card)
    assert len(drawn) > 1
    st.script_dice(faces(normal=(1, 1, 1, 1, 1)))
    acts(st, f"quickcast minor-heal o1 bound=o{wand}")
    twin = resample(st, 1, random.Random(3))
    assert isinstance(twin, MageWarsState) and twin.player(0).bound[wand] == "minor-heal"
