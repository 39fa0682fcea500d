"""Familiars (MW-5.40-MW-5.45, MW-3.19, MW-A26, MW-X-10.6) and the mana counters of objects
that channel (MW-3.10, MW-X-12.1). No apprentice card is a familiar: the tests give the state a
test-only creature with the `familiar` trait (rules/casters.py reads it from the card data).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from grimorio.core.state import resample, view
from grimorio.games.mage_wars import data
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
    view_names,
)

U = data.TraitUse
FAMILIAR = "test-familiar"          # casts attack spells only, channeling 2
ANY_FAMILIAR = "test-any-familiar"  # no limit on its spell


@pytest.fixture(autouse=True)
def familiars(monkeypatch: pytest.MonkeyPatch) -> None:
    shared_fake_card(monkeypatch, "firebrand-imp", FAMILIAR,
                     traits=(U("familiar", spell_type="attack"), U("channeling", 2)))
    shared_fake_card(monkeypatch, "firebrand-imp", ANY_FAMILIAR, traits=(U("familiar"),))


def game(phase: str, familiar: dict[str, Any], *, mana: int = 10,
         **extra: Any) -> MageWarsState:
    """The warlock (o1, A1) with a familiar (o3), against the beastmaster (o2, C2)."""
    return scenario({"phase": phase, **extra,
                     "players": [{"class": "warlock", "zone": "A1", "mana": mana},
                                 {"class": "beastmaster", "zone": "C2"}],
                     "objects": [{"card": FAMILIAR, "controller": 0, **familiar}]})


def give(st: MageWarsState, holder: int, card: str) -> None:
    """As if `card` had been assigned to `holder` in Planning (MW-3.19)."""
    player = st.player(st.obj(holder).controller)
    player.book.remove(card)
    player.assigned[holder] = card
    st.changed()


def test_planning_assigns_one_spell_to_the_familiar_in_secret() -> None:
    """MW-3.19, MW-5.41, MW-3.20: in Planning the warlock may give its familiar one spell of
    the kinds it takes (attack spells here), besides its own two; the opponent learns that o3
    holds a spell of P1's, never which (view, log and spectator view)."""
    st = game("planning", {"zone": "B2"})
    assigns = [o for o in options(st) if o.startswith("assign")]
    assert "assign o3 fireball" in assigns and "assign o3 flameblast" in assigns
    assert "assign o3 dispel" not in assigns                # an incantation: not for it
    acts(st, "plan flameblast", "plan force-push")
    assert ask(st) == "PlanAsk" and st.current_player == 0  # still the assignment to make
    acts(st, "assign o3 fireball")
    assert st.current_player == 1 and st.player(0).assigned == {3: "fireball"}
    assert "fireball" not in st.player(0).book
    assert [o for o in options(st) if o.startswith("assign")] == []   # none for the other
    theirs = view(st, 1)["state"]["players"][0]
    assert theirs["assigned_to"] == [3] and "assigned" not in theirs
    assert view(st, 0)["state"]["players"][0]["assigned"] == {"3": "fireball"}
    assert "fireball" not in view_names(st, 1) and "fireball" not in view_names(st, None)
    public = events(st, "assign")[0]
    assert public.rule == "MW-3.19" and public.visible_to is None and "card" not in public.data
    assert events(st, "assign-secret")[0].visible_to == frozenset({0})


def test_resample_redraws_the_familiars_spell_from_what_it_may_hold() -> None:
    """MW-3.20: resampling for the opponent redraws the familiar's spell among the attack
    spells of the hidden pool, keeping the counts and what the opponent sees."""
    st = game("planning", {"zone": "B2"})
    acts(st, "assign o3 flameblast", "plan done")
    pool = sorted(st.player(0).book + list(st.player(0).assigned.values()))
    drawn = set()
    for seed in range(16):
        twin = resample(st, 1, random.Random(seed))
        assert isinstance(twin, MageWarsState)
        card = twin.player(0).assigned[3]
        assert st.card(card).type == "attack"
        assert sorted([*twin.player(0).book, card]) == pool
        assert view(twin, 1)["state"] == view(st, 1)["state"]
        drawn.add(card)
    assert len(drawn) > 1


def test_a_mage_spell_is_never_given_to_a_familiar() -> None:
    """MW-X-11.6, MW-5.41: a familiar with no limit may take any spell but a mage spell."""
    st = scenario({"phase": "planning",
                   "players": [{"class": "warlock"}, {"class": "beastmaster"}],
                   "objects": [{"card": ANY_FAMILIAR, "controller": 0, "zone": "B1"}]})
    assigns = [o for o in options(st) if o.startswith("assign")]
    assert "assign o3 dispel" in assigns and "assign o3 fireball" in assigns
    assert "assign o3 death-link" not in assigns            # Magecast (mage spell)


def test_the_familiar_casts_in_its_own_turn_from_its_zone_paying_its_counters_first() -> None:
    """MW-5.42: the familiar is the caster (range and line of sight from B2, where the enemy
    mage is in range; from A1 it is not); MW-5.44: its 3 counters pay first, the pool the
    other 5 of Fireball's 8; MW-5.8, MW-5.41: the mage cannot cast it."""
    st = game("menu", {"zone": "B2", "mana": 3}, activate=3)
    give(st, 3, "fireball")
    assert "cast fireball o2" in options(st)
    assert casting.cast_options(st, 1, "quick", "quickcast") == []
    st.script_dice([*faces(blank=6), 1])
    acts(st, "cast fireball o2")
    pass_windows(st)
    assert st.obj(3).mana == 0 and st.player(0).mana == 5
    assert st.player(0).assigned == {} and st.player(0).discard == ["fireball"]
    assert events(st, "attack")[0].data["attacker"] == 3
    far = game("menu", {"zone": "A1", "mana": 3}, activate=3)
    give(far, 3, "fireball")
    assert "cast fireball o2" not in options(far)           # 3 zones from A1 (MW-5.4)


def test_a_full_spell_needs_the_familiars_full_action() -> None:
    """MW-5.42, MW-X-2.4: Firestorm (full, 11) is offered before the familiar moves, not
    after; with 1 counter and 10 in the pool it is affordable, with 10 in all it is never
    offered (MW-5.44, MW-A14)."""
    st = game("menu", {"zone": "B2", "mana": 1}, activate=3)
    give(st, 3, "firestorm")
    assert "cast firestorm C2" in options(st)
    acts(st, "move B1")
    pass_windows(st)
    assert not any(o.startswith("cast") for o in options(st))
    poor = game("menu", {"zone": "B2"}, activate=3)
    give(poor, 3, "firestorm")
    assert "cast firestorm C2" not in options(poor)         # 0 + 10 of 11 (MW-5.44)


def test_a_bluffing_familiar_is_still_asked_at_its_menu() -> None:
    """MW-5.43, MW-3.20: a familiar may hold a spell it will not (here cannot: it is Stunned)
    cast; its menu is asked all the same, so skipping it never tells the opponent that the
    spell is uncastable. A familiar holding nothing just ends its turn."""
    st = game("action", {"zone": "B2", "markers": {"stun": 1}})
    give(st, 3, "fireball")
    acts(st, "activate o3")
    assert ask(st) == "MenuAsk" and options(st) == ["end"]
    bare = game("action", {"zone": "B2", "markers": {"stun": 1}})
    acts(bare, "activate o3")
    assert ask(bare) != "MenuAsk"


def test_an_uncast_spell_returns_at_next_planning_and_the_familiar_channels() -> None:
    """MW-5.45, MW-3.21, MW-A26: the spell the familiar did not cast goes back to the book when
    the next Planning step starts; MW-3.10, MW-5.40, MW-X-12.1: at that round's Channeling the
    mage's 10 go to its pool and the familiar's 2 onto the familiar."""
    st = scenario({"phase": "planning",
                   "players": [{"class": "warlock", "active": False},
                               {"class": "beastmaster", "active": False}],
                   "objects": [{"card": FAMILIAR, "controller": 0, "zone": "B2",
                                "active": False}]})
    acts(st, "assign o3 fireball", "plan done", "plan done")
    assert st.round == 2 and ask(st) == "PlanAsk"
    assert st.player(0).assigned == {} and "fireball" in st.player(0).book
    assert events(st, "unassigned")[0].rule == "MW-5.45"
    assert st.obj(3).mana == 2 and st.player(0).mana == 20
    channel = [e for e in events(st, "channel") if e.data.get("oid") == 3]
    assert channel and channel[0].rule == "MW-X-12.1"


def test_a_destroyed_familiar_takes_its_spell_to_the_discard_pile() -> None:
    """MW-5.45, MW-A26: destroyed before casting it, the familiar's spell goes to the discard
    pile (public from then on); the mage's own planned spells are never lost to damage."""
    st = game("action", {"zone": "B2"})
    st.player(0).planned = ["flameblast"]
    give(st, 3, "fireball")
    damage.deal(st, 3, 6, source=None, direct=True, rule="MW-6.97")
    assert 3 not in st.objs and st.player(0).assigned == {}
    assert st.player(0).discard == [FAMILIAR, "fireball"]
    gone = events(st, "held-spell-gone")[0]
    assert gone.rule == "MW-A26" and gone.data["card"] == "fireball"
    damage.deal(st, 1, 5, source=None, direct=True, rule="MW-6.97")
    assert st.player(0).planned == ["flameblast"]


def test_random_games_with_familiars_spawnpoints_and_bound_spells(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-3.19, MW-3.20, MW-5.113, MW-2.12: random games where both sides hold a familiar, a
    spawnpoint and a Spellbind wand run to the end; at every step the opponent's view names
    no held spell that was not shown (only the holders, MW-3.19), and every card of each book
    is somewhere, once."""
    from tests.mage_wars.test_fixes import held_cards

    shared_fake_card(monkeypatch, "timber-wolf", "test-lair", type="conjuration", attacks=(),
                     traits=(U("spawnpoint", spell_type="creature"), U("channeling", 2)))
    shared_fake_card(monkeypatch, "leather-gloves", "test-wand",
                     traits=(U("spellbind", spell_type="incantation"),))
    for seed in range(3):
        st = scenario({"phase": "planning",
                       "players": [{"class": "priestess"}, {"class": "beastmaster"}],
                       "objects": [{"card": ANY_FAMILIAR, "controller": 0, "zone": "B1"},
                                   {"card": "test-lair", "controller": 0, "zone": "A2"},
                                   {"card": "test-lair", "controller": 1, "zone": "C1"},
                                   {"card": FAMILIAR, "controller": 1, "zone": "C2"},
                                   {"card": "test-wand", "host": 1},
                                   {"card": "test-wand", "host": 2}]}, seed=seed,
                      round_limit=5)
        for seat, spell in ((0, "minor-heal"), (1, "rouse-the-beast")):
            st.player(seat).book.remove(spell)
            st.player(seat).bound[7 + seat] = spell
        st.changed()
        books = [sorted([*held_cards(st, s)]) for s in (0, 1)]
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            for seat in (0, 1):
                other = view(st, seat)["state"]["players"][1 - seat]
                assert "assigned" not in other and "bound" not in other
                shown = st.player(1 - seat).shown
                assert set(other["bound_shown"]) == {str(o) for o in shown
                                                     if o in st.player(1 - seat).bound}
                assert held_cards(st, seat) == books[seat]
        assert any(e.kind in ("assign", "bind", "bound-shown") for e in st.events)
