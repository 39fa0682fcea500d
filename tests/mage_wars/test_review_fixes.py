"""Fixes after the engine review: undo stops where hidden information came out, resampling a
spell being cast face down and the casting line of redrawn enchantments, the reveal windows
that close every step, Charge after a cancelled move, attacking oneself, impossible setups,
and a bound spell going back to the book unseen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.core.record import Match
from grimorio.core.state import resample, view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import MWAction
from grimorio.games.mage_wars.rules import casting
from grimorio.games.mage_wars.rules.casting import Cast, RevealAsk
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    events,
    faces,
    fake_card,
    options,
    pass_windows,
    scenario,
    shared_fake_card,
)

U = data.TraitUse
WAND = "test-wand"


# ---- undo never crosses a reveal (core State.reveal) ---------------------------------------

def test_undo_stops_after_an_enchantment_is_revealed() -> None:
    """MW-5.86, MW-5.78: once the opponent has turned its enchantment up, neither seat may undo
    back past it: the identity is known now."""
    game = grimorio.load_game("mage-wars")
    m = Match(game, 3, {"players": [{"zone": "A1"}, {"zone": "A2", "mana": 20}],
                        "objects": [{"card": "rhino-hide", "controller": 1, "host": 2,
                                     "face_up": False}],
                        "phase": "menu", "activate": 1})
    m.act("move A2", 0)
    assert m.can_undo()                          # nothing hidden came out yet
    m.act("reveal o3", 1)
    assert m.state.dice.draws == 0               # no die was rolled: the reveal alone counts
    assert not m.can_undo() and not m.undo()


def test_undo_stops_after_a_planned_spell_is_announced() -> None:
    """MW-3.20, MW-5.10: planning is secret and may be taken back; casting a planned spell
    names it to the opponent, so the cast cannot be undone."""
    game = grimorio.load_game("mage-wars")
    m = Match(game, 3, {"phase": "planning"})
    m.act("plan agony", 0)
    assert m.can_undo()
    m = Match(game, 3, {"players": [{"zone": "A1", "planned": ["firebrand-imp"]},
                                    {"zone": "A2"}],
                        "phase": "menu", "activate": 1})
    m.act("cast firebrand-imp A1", 0)
    assert m.state.dice.draws == 0 and not m.can_undo()


def test_undo_stops_after_an_enchantment_is_cast_face_down() -> None:
    """MW-5.75, MW-5.78: even face down, the cast shows one planned spell is an enchantment."""
    game = grimorio.load_game("mage-wars")
    m = Match(game, 3, {"players": [{"zone": "A1"},
                                    {"zone": "B1", "planned": ["rhino-hide"], "mana": 20}],
                        "phase": "menu", "activate": 2})
    m.act("cast rhino-hide o2", 1)
    assert not m.can_undo()


def test_a_trap_turned_up_unpaid_is_an_information_point() -> None:
    """MW-5.95, MW-5.102: a trap set off and left unpaid is turned up and discarded: its card
    is known now, so the information mark moves (no die was rolled)."""
    st = scenario({"phase": "menu", "activate": 3, "players": [{"mana": 0}, {}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    fake_card(st, "sacred-ground", "test-snare", subtypes=("trap",),
              traits=(U("trap"), U("one-use")), grants=(), cost=data.Cost(2, 1, None))
    trap = st.new_obj("test-snare", "enchantment", 0, 0, zone="B1", face_up=False).oid
    acts(st, "move B1")
    pass_windows(st)
    mark, draws = st.information_mark, st.dice.draws
    acts(st, f"decline o{trap}")
    assert "test-snare" in st.players[0].discard
    assert st.dice.draws == draws and st.information_mark > mark


# ---- resampling ----------------------------------------------------------------------------

def casting_face_down() -> MageWarsState:
    """Seat 1 at its mage's menu casts Rhino Hide on itself; seat 0, owning a face-down
    enchantment, is then asked in the reveal window after the announcement."""
    st = scenario({"players": [{"zone": "A1"},
                               {"zone": "B1", "planned": ["bear-strength", "rhino-hide"],
                                "mana": 20}],
                   "objects": [{"card": "agony", "controller": 0, "host": 2, "face_up": False}],
                   "phase": "menu", "activate": 2})
    acts(st, "cast rhino-hide o2")
    assert st.current_player == 0 and ask(st) == "RevealAsk"
    return st


def test_resample_redraws_the_enchantment_being_cast() -> None:
    """MW-5.75, MW-5.78, MW-3.20: seat 0 knows an enchantment is being cast on o2, not which:
    a resample for it redraws the Cast frame's card among the enchantments that could go on
    o2, the decision text left in `st.ret` with it, and keeps the card counts."""
    st = casting_face_down()
    hidden = len(st.player(1).book) + len(st.player(1).planned)
    seen = set()
    for i in range(60):
        twin = resample(st, 0, random.Random(i))
        assert isinstance(twin, MageWarsState)
        cast = next(f for f in twin.frames if isinstance(f, Cast))
        card = twin.card(cast.card)
        seen.add(cast.card)
        assert card.type == "enchantment" and card.target.kind in ("creature", "mage")
        assert isinstance(twin.ret, str) and cast.card in twin.ret.split()
        assert len(twin.player(1).book) + len(twin.player(1).planned) == hidden
        assert view(twin, 0) == view(st, 0)
    assert len(seen) > 1
    same = resample(st, 1, random.Random(0))       # its caster knows it
    assert next(f for f in same.frames if isinstance(f, Cast)).card == "rhino-hide"


def test_resampled_face_down_cards_fit_their_casting_line() -> None:
    """MW-5.5, MW-5.77, MW-5.86: a redrawn identity is a legal target for its host: on a mage
    never a non-mage-only card (Death Link) nor a creature-only one."""
    st = scenario({"players": [{"class": "beastmaster", "zone": "A1"},
                               {"class": "warlock", "zone": "A2"}],
                   "objects": [{"card": "agony", "controller": 1, "host": 1,
                                "face_up": False}]})
    seen = set()
    for i in range(150):
        twin = resample(st, 0, random.Random(i))
        assert isinstance(twin, MageWarsState)
        seen.add(twin.objs[3].card)
        assert casting.host_valid(twin, twin.objs[3]), twin.objs[3].card
    assert "death-link" not in seen and len(seen) > 3


# ---- reveal windows at the end of every step -----------------------------------------------

def test_reveal_windows_close_every_step_and_the_action_phase() -> None:
    """MW-5.84 (a): a reveal window at the end of the Action Phase (MW-3.23) and of Reset,
    Channeling, Upkeep, Planning and Deployment (MW-3.6, MW-3.10, MW-3.14, MW-3.18, MW-3.22);
    only the seat with a face-down enchantment is asked (MW-5.78)."""
    st = scenario({"players": [{"active": False, "quickcast": False},
                               {"active": False, "quickcast": False}],
                   "objects": [{"card": "rhino-hide", "controller": 0, "host": 1,
                                "face_up": False}]})
    whys: list[str] = []
    while len(whys) < 6:
        top = st.frames[-1]
        if isinstance(top, RevealAsk):
            assert top.seat == 0
            whys.append(top.why)
            st.apply("pass")
        else:
            assert ask(st) == "PlanAsk", ask(st)
            st.apply("plan done")
    assert whys == ["MW-3.23", "MW-3.6", "MW-3.10", "MW-3.14", "MW-3.18", "MW-3.22"]


# ---- Charge counts only a move that happened -----------------------------------------------

def unicorn() -> MageWarsState:
    return scenario({"players": [{"class": "priestess", "zone": "C2", "active": False},
                                 {"class": "warlock", "zone": "C1", "mana": 10,
                                  "active": False}],
                     "objects": [{"card": "highland-unicorn", "controller": 0, "zone": "A1"},
                                 {"card": "timber-wolf", "controller": 1, "zone": "A1",
                                  "active": False},
                                 {"card": "force-hold", "controller": 1, "host": 3,
                                  "face_up": False}],
                     "phase": "menu", "activate": 3})


def attack_dice(st: MageWarsState) -> int:
    n = len(st.events)
    st.script_dice([1] * 10)
    acts(st, "attack 1 o4")
    rolls = [e for e in st.events[n:] if e.kind == "roll" and e.data.get("sides") == 6]
    return len(rolls[0].data["dice"])


def test_charge_needs_a_move_that_changed_zone() -> None:
    """MW-X-4.3, MW-4.25, MW-A18: Force Hold revealed after the unicorn committed to its move
    cancels it; the move action is spent, but it moved no zone, so its melee attack gets no
    Charge dice; a move that happened does give them."""
    st = unicorn()
    acts(st, "move A2")
    while "reveal o5" not in options(st):
        st.apply("pass")
    acts(st, "reveal o5")
    while st.current_player == 1:
        st.apply("pass")
    assert st.objs[3].zone == "A1" and events(st, "move-cancelled")
    assert st.turn_log == () and not st.charging(3)
    printed = st.card("highland-unicorn").attacks[0].dice
    assert attack_dice(st) == printed
    st = scenario({"players": [{"class": "priestess", "zone": "C2", "active": False},
                               {"class": "warlock", "zone": "C1", "active": False}],
                   "objects": [{"card": "highland-unicorn", "controller": 0, "zone": "A1"},
                               {"card": "timber-wolf", "controller": 1, "zone": "A2",
                                "active": False}],
                   "phase": "menu", "activate": 3})
    acts(st, "move A2")
    pass_windows(st)
    assert st.turn_log == ("move",)
    assert attack_dice(st) == printed + 2


# ---- a creature may always attack itself ---------------------------------------------------

def test_a_creature_may_always_attack_itself() -> None:
    """MW-6.119: guards or not, a creature may melee-attack itself (MW-6.117 forbids every
    other target but the guard); MW-6.59, MW-6.67: no counterstrike answers it."""
    st = scenario({"players": [{"zone": "A1"}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1",
                                "guard": True},
                               {"card": "bitterwood-fox", "controller": 0, "zone": "A1"}],
                   "phase": "menu", "activate": 4})
    assert "attack 1 o4" in options(st) and "attack 1 o3" in options(st)
    assert "attack 1 o1" not in options(st)             # the guard still shields the mage
    st.script_dice(faces(normal=(1,), blank=2) + [12] * 4)
    acts(st, "attack 1 o4")
    pass_windows(st)
    assert st.objs[4].damage == 1 and not events(st, "counterstrike")
    assert ask(st) != "CounterAsk"


# ---- setups refuse impossible positions ----------------------------------------------------

@pytest.mark.parametrize("setup", [
    {"players": [{"damage": 99}, {}]},                                      # MW-3.1
    {"objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 99}]},
    {"players": [{"guard": True, "markers": {"stun": 1}}, {}]},             # MW-X-6.38
    {"objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1", "guard": True,
                  "markers": {"sleep": 1}}]},                               # MW-6.132
    {"objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1",
                  "face_up": False}]},                                      # MW-5.75
    {"objects": [{"card": "leather-gloves", "host": 1, "face_up": False}]},
])
def test_setups_refuse_impossible_positions(setup: dict[str, Any]) -> None:
    """MW-3.1, MW-X-8.2: nothing stands with damage at least its life; MW-X-6.38, MW-6.132: an
    Incapacitated creature has no Guard marker; MW-5.75, MW-5.83: only enchantments lie face
    down."""
    with pytest.raises(ScenarioError):
        scenario(setup)
    scenario({"players": [{"damage": 5, "markers": {"stun": 1}}, {"guard": True}],
              "objects": [{"card": "rhino-hide", "controller": 0, "host": 1,
                           "face_up": False}]})


# ---- bound spells and the CLI's secret action texts ----------------------------------------

def test_a_bound_spell_back_to_the_book_unseen_stays_secret(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.117, MW-3.20: a wand replaced by another goes back to the book with its bound
    spell; never cast, that spell was never shown, so only its owner's event names it."""
    shared_fake_card(monkeypatch, "leather-gloves", WAND,
                     traits=(U("spellbind", spell_type="incantation"),))
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"class": "priestess", "mana": 20, "damage": 5},
                               {"class": "warlock"}]})
    st.player(0).planned = [WAND, WAND]
    st.changed()
    acts(st, f"cast {WAND} o1")
    pass_windows(st)
    acts(st, "bind minor-heal")
    acts(st, f"quickcast {WAND} o1")
    pass_windows(st)
    gone = events(st, "held-spell-gone")
    assert len(gone) == 1 and "card" not in gone[0].data and gone[0].visible(1)
    assert "minor-heal" not in gone[0].text.en + gone[0].text.es
    secret = events(st, "held-spell-gone-secret")
    assert secret and secret[0].visible(0) and not secret[0].visible(1)
    assert secret[0].data["card"] == "minor-heal"


def test_secret_action_texts_include_deployment() -> None:
    """MW-3.22, MW-5.78, MW-3.20: the CLI shows another seat's `deploy o7 <enchantment> …` and
    `assign`/`plan`/`bind` with the card blanked; a creature deployed is named."""
    st = scenario()
    viewer = 1 - (st.current_player or 0)
    assert st.describe_action(MWAction("deploy o7 rhino-hide o2"), viewer) == "deploy o7 ? o2"
    assert st.describe_action(MWAction("deploy o7 timber-wolf A1"), viewer) == \
        "deploy o7 timber-wolf A1"
    assert st.describe_action(MWAction("assign o7 agony"), viewer) == "assign o7 ?"
    assert st.describe_action(MWAction("cast agony o2"), viewer) == "cast ? o2"
