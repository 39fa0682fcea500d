"""Fixes after the second engine review: undo stops when a trap or a mandatory Defense is set
off, a resample keeps a triggered card one with that trigger, and a bound enchantment, shown when
cast, is known to both seats.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import grimorio
from grimorio.core.i18n import Text
from grimorio.core.record import Match
from grimorio.core.state import resample, view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import MWAction
from grimorio.games.mage_wars.rules import mandatory
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import ask, options, pass_windows, scenario, shared_fake_card

U = data.TraitUse
SNARE, BLOCK, WAND = "test-snare", "test-block", "test-wand"


def trap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test-only one-use trap with a 3-die attack (no apprentice card is a trap)."""
    bar = data.Attack(Text("Snare", "Lazo"), None, "ranged", data.Span(0, 0), 3, None, (),
                      (), (), False)
    shared_fake_card(monkeypatch, "sacred-ground", SNARE, subtypes=("trap",),
                     traits=(U("trap"), U("one-use")), grants=(), cost=data.Cost(2, 1, None),
                     attacks=(bar,))


def block(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test-only mandatory one-use Defense on a creature (Block-like)."""
    shared_fake_card(monkeypatch, "rhino-hide", BLOCK, traits=(U("mandatory"), U("one-use")),
                     grants=(), cost=data.Cost(2, 2, None),
                     target=data.Target("creature", ()), defense=data.DefenseSpec(0, None, None))


TRAP_SETUP: dict[str, Any] = {"phase": "menu", "activate": 3, "objects": [
    {"card": "timber-wolf", "controller": 1, "zone": "A2"},
    {"card": SNARE, "controller": 0, "zone": "A1", "face_up": False}]}
BLOCK_SETUP: dict[str, Any] = {"phase": "menu", "activate": 3, "objects": [
    {"card": "timber-wolf", "controller": 1, "zone": "A1"},
    {"card": BLOCK, "controller": 0, "host": 1, "face_up": False}]}


def until_trigger(m: Match) -> None:
    while ask(m.state) != "TriggerAsk":
        assert "pass" in options(m.state), options(m.state)
        m.act("pass")


def trap_match(monkeypatch: pytest.MonkeyPatch) -> Match:
    """The wolf (o3) moves into A1 where seat 0's face-down trap (o4) waits: it goes off."""
    trap(monkeypatch)
    m = Match(grimorio.load_game("mage-wars"), 1, TRAP_SETUP)
    m.act("move A1")
    until_trigger(m)
    return m


def block_match(monkeypatch: pytest.MonkeyPatch) -> Match:
    """The wolf (o3) attacks mage o1, which holds seat 0's face-down mandatory Defense (o4)."""
    block(monkeypatch)
    m = Match(grimorio.load_game("mage-wars"), 1, BLOCK_SETUP)
    m.act("attack 1 o1")
    until_trigger(m)
    return m


# ---- 1. undo never crosses a trigger (core State.reveal) -----------------------------------

def test_undo_stops_when_a_trap_goes_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.99, MW-5.100, MW-5.94: once a trap went off, seat 1 knows a trap was in A1; the
    wolf's move may not be taken back to walk around it."""
    m = trap_match(monkeypatch)
    assert m.state.dice.draws == 0 and m.state.information_mark > 0
    assert not m.can_undo() and not m.undo()
    assert m.state.obj(3).zone == "A1"


def test_undo_stops_when_a_mandatory_defense_is_set_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.94, MW-5.97, MW-6.84: a mandatory Defense set off at the Avoid step tells the
    attacker something is there; the attack may not be undone."""
    m = block_match(monkeypatch)
    assert m.state.dice.draws == 0 and m.state.information_mark > 0
    assert not m.can_undo() and not m.undo()


# ---- 2. resample keeps a triggered card's trigger --------------------------------------------

def test_resample_keeps_a_triggered_defense_a_mandatory_defense(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.94, MW-5.97, MW-5.78: seat 1 saw o4 set off as a mandatory Defense; its redrawn
    identity may only be a card that would have been set off too (here the one such card)."""
    st = block_match(monkeypatch).state
    assert isinstance(st, MageWarsState)
    for i in range(30):
        twin = resample(st, 1, random.Random(i))
        assert isinstance(twin, MageWarsState)
        card = twin.card(twin.obj(4).card)
        assert mandatory.could_be(card, (mandatory.DEFENSE, "melee")), card.id
    assert resample(st, 0, random.Random(1)).objs[4].card == BLOCK     # its own: the truth


def test_resample_keeps_a_triggered_trap_a_trap(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.99, MW-5.100, MW-5.78: a trap that went off is redrawn only as a trap; zone
    enchantments of the pool that are no trap (Sacred Ground…) may not take its place."""
    trap(monkeypatch)
    st = scenario(TRAP_SETUP)
    st.players[0].book.append("sacred-ground")
    st.changed()
    st.apply("move A1")
    while ask(st) != "TriggerAsk":
        st.apply("pass")
    seen = {resample(st, 1, random.Random(i)).objs[4].card for i in range(30)}
    assert seen == {SNARE}


# ---- 3. a bound enchantment is shown -----------------------------------------------------

def test_a_bound_enchantment_cast_is_known_to_both_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.114, MW-5.75, MW-5.78: the bound spell is shown when first cast, so the
    enchantment it makes, though face down, is named in the opponent's view and action texts
    and is never redrawn by a resample."""
    shared_fake_card(monkeypatch, "leather-gloves", WAND, traits=(U("spellbind"),))
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"zone": "A1", "mana": 20}, {"zone": "A2"}],
                   "objects": [{"card": WAND, "controller": 0, "host": 1}]})
    player = st.player(0)
    player.book.remove("agony")
    player.bound[3] = "agony"
    st.changed()
    st.apply("cast agony o2 bound=o3")
    assert st.describe_action(MWAction("cast agony o2 bound=o3"), 1) == "cast agony o2 bound=o3"
    pass_windows(st)
    ench = [o for o in st.objs.values() if o.kind == "enchantment"]
    assert [(o.card, o.face_up) for o in ench] == [("agony", False)]
    oid = ench[0].oid
    seen = {o["oid"]: o["card"] for o in view(st, 1)["state"]["objects"]}
    assert seen[oid] == "agony"
    assert {resample(st, 1, random.Random(i)).objs[oid].card for i in range(30)} == {"agony"}


# ---- setup: books name the same cards objects may --------------------------------------------

def test_setup_books_accept_every_card_objects_accept(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.7, MW-3.20: a scenario's book, planned spells and discard pile are checked against
    the state's card index, like its objects, so a test-only card may be planned."""
    trap(monkeypatch)
    player = {"book": ["agony", SNARE], "planned": [SNARE], "discard": [SNARE]}
    st = scenario({"phase": "menu", "activate": 1, "players": [player, {}]})
    assert st.player(0).book == ["agony", SNARE] and st.player(0).planned == [SNARE]
    assert st.player(0).discard == [SNARE]
