"""Bad input changes nothing (docs/core.md, "Errors"): hostile and malformed actions in every
phase and at every sub-decision are refused with a clear message in English and Spanish, a rule
id when a rule refuses them, and the state (digest, log) exactly as it was.

The positions: the army choice (MK-2.2), the pile (MK-3.2), the placement (MK-3.4), the
deployment (MK-3.8), the turn (MK-4.3), a free spin (MK-7.10), a failed escape (MK-7.6), a
captive to set down (MK-12.8), the Healing amount (MK-19.1), an offer to end (MK-21.1)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from grimorio.core.errors import (
    IllegalAction,
    InvalidAction,
    NotYourDecision,
    RulesError,
    ScenarioError,
)
from grimorio.games.mage_knight.notation import parse
from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import GUARD, act, game, mk_state, new_game

MEDIC = 43          # Leech Medic: Healing
ARCHER = 97         # Noble Archer: range 12, two arrows
ARCHER_ARMIES = "black-powder-company,elemental-circle"
FOUR = {"players": [{"army": [GUARD, GUARD]}, {"army": [GUARD, GUARD]}]}


def _army() -> MageKnightState:
    return new_game(1)


def _pile() -> MageKnightState:
    return new_game(1, armies=ARCHER_ARMIES)


def _place() -> MageKnightState:
    st = new_game(1, armies=ARCHER_ARMIES)
    while st.phase == "pile":
        st.apply(st.legal_actions()[0])
    return st


def _deploy() -> MageKnightState:
    return new_game(1, armies=ARCHER_ARMIES, terrain="none")


def _turn() -> MageKnightState:
    """a1 touches b1; a2 free; a3 eliminated; a4 held captive by b2; b3 far away."""
    return mk_state({"players": [{"army": [GUARD] * 4}, {"army": [GUARD] * 3}],
                     "warriors": {"a1": {"at": [10, 2], "facing": 90},
                                  "a2": {"at": [20, 2], "facing": 90},
                                  "a3": {"eliminated": True},
                                  "a4": {"at": [30, 10], "facing": 90},
                                  "b1": {"at": [10, 3.25], "facing": 270},
                                  "b2": {"at": [30, 11.25], "facing": 270, "captive": "a4"},
                                  "b3": {"at": [30, 30], "facing": 270}}})


def _spin() -> MageKnightState:
    st = mk_state({**FOUR, "warriors": {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [30, 2], "facing": 90},
        "b1": {"at": [10, 10], "facing": 0}, "b2": {"at": [30, 30], "facing": 270}}})
    act(st, "move a1 to 10,8.75 facing 90")
    return st


def _engaged(**a1: Any) -> MageKnightState:
    return mk_state({**FOUR, "warriors": {
        "a1": {"at": [10, 2], "facing": 90, **a1}, "a2": {"at": [20, 2], "facing": 90},
        "b1": {"at": [10, 3.25], "facing": 270}, "b2": {"at": [30, 30], "facing": 270}}})


def _face() -> MageKnightState:
    st = _engaged()
    st.script_dice([3])
    act(st, "move a1 to 6,2 facing 180")
    return st


def _captive() -> MageKnightState:
    st = _engaged(captive="b1")
    act(st, "move a1 to 14,2 facing 0")
    return st


def _heal() -> MageKnightState:
    st = mk_state(players=[{"army": [MEDIC, GUARD]}, {"army": [GUARD]}], warriors={
        "a1": {"at": [10, 10], "facing": 90},
        "a2": {"at": [10, 11.25], "facing": 270, "click": 3}, "b1": {"at": [30, 30]}})
    st.script_dice([3, 3])
    act(st, "heal a1 at a2")
    return st


def _agree() -> MageKnightState:
    st = mk_state()
    act(st, "offer-end")
    return st


POSITIONS: dict[str, Callable[[], MageKnightState]] = {
    "army": _army, "pile": _pile, "place": _place, "deploy": _deploy, "turn": _turn,
    "spin": _spin, "face": _face, "captive": _captive, "heal": _heal, "agree": _agree,
}

# Every verb and sub-decision, each legal somewhere, refused everywhere else.
VERBS = [
    "army black-powder-company", "pile woods", "place t1 at 20,20 rotate 0",
    "deploy a1 at 20,1 facing 90", "move a2 to 20,5 facing 90", "shoot a2 at b3",
    "fight a1 at b1", "heal a1 at a2", "levitate a1 b1 to 5,5 facing 0",
    "raise a1 a3 at 5,5 facing 0", "regenerate a1", "pass a2", "end", "withdraw", "offer-end",
    "agree yes", "agree no", "spin b1 270", "spin b1 no", "face a1 90",
    "captive b1 at 14,3.25 facing 0", "heal value", "heal roll",
]
LEGAL_AT = {
    "army black-powder-company": {"army"}, "pile woods": {"pile"},
    "deploy a1 at 20,1 facing 90": {"deploy"}, "move a2 to 20,5 facing 90": {"turn"},
    "fight a1 at b1": {"turn"}, "pass a2": {"turn"}, "end": {"turn"}, "withdraw": {"turn"},
    "offer-end": {"turn"}, "heal a1 at a2": set(), "agree yes": {"agree"},
    "agree no": {"agree"}, "spin b1 270": {"spin"}, "spin b1 no": {"spin"},
    "face a1 90": {"face"}, "captive b1 at 14,3.25 facing 0": {"captive"},
    "heal value": {"heal"}, "heal roll": {"heal"}, "place t1 at 20,20 rotate 0": {"place"},
}

# Malformed or hostile texts: refused in every position.
HOSTILE = [
    "move a2 to nan,5 facing 90", "move a2 to inf,5 facing 90", "move a2 to -inf,5 facing 90",
    "move a2 to 1e309,5 facing 90", "move a2 to 1e2,5 facing 90", "move a2 to 20,5 facing nan",
    "move a2 to 20,5 facing inf", "move a2 to 20,5 facing 1e400", "move a2 to 0x14,5 facing 0",
    "move a2 to 2_0,5 facing 0", "move a2 to 1000001,5 facing 0", "move a2 to 20,5,1 facing 0",
    "move a2 to 20, facing 0", "move a2 via to 20,5 facing 0", "move a2 via facing 0",
    "move a2 via 20,3 facing 0", "move a2 to 20,5", "move a2 to 20,5 facing",
    "move a2 to 20,5 facing 90 junk", "move a2 to 20,5 facing 90 &", "move & a2 facing 0",
    "move a2 to 20,5 facing 90 use=teleport", "move a2 to 20,5 facing 90 use=charge use=charge",
    "move a2 to 20,5 facing 90 charge=b1 capture capture", "pass a2 a2", "pass a2;", "pass a2\x00",
    "pass a\uff12", "\uff50ass a2", "pass a2\u200b", "move a2 to \u0661,5 facing 0",
    "move a2 to \u00b9,5 facing 0", "army \u00b2", "army \u0661,\u0662", "pass a0", "pass a02",
    "pass e1", "pass " + "a2" * 3000, "x" * 100_000, "army " + "5," * 6000 + "5", "", " ",
    "\t\n", "None", "spin", "face", "captive", "agree", "heal", "agree maybe", "end now",
    "fight a1 at b1 capture capture", "shoot a2 at b3 use=flame use=flame",
    "move a2 facing 0 & a1 facing 0 & a2 facing 0",
]


def _refused(st: MageKnightState, text: str) -> RulesError:
    """The action is refused with a bilingual message and nothing changes."""
    before, events, history = st.digest(), len(st.events), len(st.history)
    with pytest.raises((InvalidAction, IllegalAction, NotYourDecision)) as caught:
        st.apply(text)
    exc = caught.value
    assert exc.text.en.strip() and exc.text.es.strip()
    assert len(exc.text.en) < 600 and len(exc.text.es) < 600, "a message echoes a whole text"
    assert (st.digest(), len(st.events), len(st.history)) == (before, events, history)
    return exc


@pytest.fixture(scope="module")
def positions() -> dict[str, MageKnightState]:
    return {name: make() for name, make in POSITIONS.items()}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_verb_out_of_its_place_is_refused_with_a_rule(
        positions: dict[str, MageKnightState], name: str) -> None:
    # MK-4.3 one decision at a time: each verb only where its decision is pending.
    st = positions[name]
    for text in VERBS:
        if name in LEGAL_AT.get(text, set()):
            continue
        exc = _refused(st, text)
        assert isinstance(exc, IllegalAction) and exc.rule, (name, text, exc)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_hostile_texts_are_refused_everywhere(positions: dict[str, MageKnightState],
                                              name: str) -> None:
    st = positions[name]
    for text in HOSTILE:
        _refused(st, text)


@pytest.mark.parametrize("text", [
    "move a2 to nan,5 facing 90", "move a2 to 20,5 facing inf", "move a2 to 20,5,1 facing 0",
    "move a2 to 1e309,5 facing 90", "army \u00b2", "army \u0661,\u0662", "x" * 100_000,
    "pass " + "a2" * 3000,
])
def test_unreadable_texts_say_why_in_each_language(text: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        parse(text)
    en, es = caught.value.text.en, caught.value.text.es
    assert len(en) < 300 and len(es) < 300
    # The Spanish message is Spanish throughout: no English word for what is wrong.
    assert not re.search(r"\b(an angle|a point|must be|is written)\b", es), es


@pytest.mark.parametrize("text, rule", [
    ("pass b1", "MK-4.7"),                              # another seat's warrior
    ("move b3 facing 0", "MK-4.7"),
    ("pass a9", "MK-4.7"),                              # no such warrior
    ("fight a1 at b9", "MK-4.7"),
    ("pass a3", "MK-4.7"),                              # eliminated
    ("move a3 to 20,20 facing 0", "MK-4.7"),
    ("pass a4", "MK-12.5"),                             # held captive
    ("move a4 facing 0", "MK-12.5"),
    ("fight a1 at b1 with a1", "MK-13.3"),              # the leader named again
    ("fight a1 at b1 with a2,a2", "MK-13.3"),
    ("move a1 facing 0 & a2 facing 0 & a1 facing 90", "MK-13.3"),
    ("fight a1 at a2", "MK-11.1"),                      # a friend
    ("fight a1 at a3", "MK-4.7"),                       # an eliminated target
    ("move a2 to 999999,5 facing 0", "MK-7.1"),         # huge but finite: too far
    ("move a2 to -0,2 facing -0", "MK-7.1"),
])
def test_turn_refusals_cite_their_rule(text: str, rule: str) -> None:
    st = _turn()
    exc = _refused(st, text)
    assert isinstance(exc, IllegalAction) and exc.rule == rule, exc


def test_another_seats_decision_is_not_yours() -> None:
    st = _turn()
    before = st.digest()
    with pytest.raises(NotYourDecision) as caught:
        st.apply("pass a2", seat=1)
    assert caught.value.text.es and st.digest() == before


def test_duplicated_targets_are_refused_by_the_rules() -> None:
    # MK-8.8: a figure may not be named twice among the targets.
    st = mk_state(players=[{"army": [ARCHER]}, {"army": [GUARD, GUARD]}], warriors={
        "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [8, 9], "facing": 270},
        "b2": {"at": [12, 9], "facing": 270}})
    exc = _refused(st, "shoot a1 at b1,b1")
    assert isinstance(exc, IllegalAction) and exc.rule == "MK-8.8"


@pytest.mark.parametrize("text, canonical", [
    ("move a2 to -0,5 facing -0", "move a2 to 0,5 facing 0"),
    ("move a2 to 20.005,5.0049 facing 89.95", "move a2 to 20.01,5 facing 90"),  # halves up
    ("move a2 to 2.675,0.125 facing 22.45", "move a2 to 2.68,0.13 facing 22.5"),
    ("move a2 to -0.005,5 facing -0.05", "move a2 to -0.01,5 facing 0"),
    ("move a2 to 20.004,5.006 facing -90.04", "move a2 to 20,5.01 facing 270"),
    ("move a2 to 20,5 facing 360", "move a2 to 20,5 facing 0"),
    ("move a2 to 20,5 facing 359.96", "move a2 to 20,5 facing 0"),
    ("move a2 to 20,5 facing -720.5", "move a2 to 20,5 facing 359.5"),
    ("move a2 to +20.,.5 facing 10", "move a2 to 20,0.5 facing 10"),
])
def test_numbers_are_rounded_into_the_canonical_text(text: str, canonical: str) -> None:
    # MK-G1: 0.01 in and 0.1 degree in [0, 360); what is printed is what is stored.
    assert parse(text).text() == canonical
    assert parse(canonical).text() == canonical


# ------------------------------------------------------------------------------ options, setups

@pytest.mark.parametrize("options", [
    {"teams": "\u00b2,1"}, {"teams": "\u0661,\u0662"}, {"teams": "1,,2"}, {"teams": "-1,2"},
])
def test_bad_teams_name_the_option(options: dict[str, Any]) -> None:
    # MK-X8: one team number per seat, written with the digits 0 to 9.
    with pytest.raises(ValueError) as caught:
        game(**options)
    assert "option teams" in str(caught.value)


NAN, INF = float("nan"), float("inf")
STEADY = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 30], "facing": 270}}


def _with(**a1: Any) -> dict[str, Any]:
    return {"warriors": {**STEADY, "a1": {**STEADY["a1"], **a1}}}


@pytest.mark.parametrize(("change", "field"), [
    (_with(facing=NAN), "facing"), (_with(facing=INF), "facing"), (_with(facing=-INF), "facing"),
    (_with(at=[NAN, 2]), "at"), (_with(at=[10, INF]), "at"), (_with(at=[1e308, 2]), "a1"),
    (_with(click=True), "click"), (_with(tokens=-1), "tokens"), (_with(captive=5), "captive"),
    ({"dice": [0]}, "dice"), ({"dice": [7]}, "dice"), ({"dice": [True]}, "dice"),
    ({"dice": "66"}, "dice"),
    ({"terrain": [{"template": "woods", "at": [NAN, 20]}]}, "at"),
    ({"terrain": [{"template": "woods", "at": [20, 20], "rotate": NAN}]}, "rotate"),
    ({"terrain": [{"template": "woods", "at": [20, 20], "rotate": INF}]}, "rotate"),
    ({"terrain": [{"kind": "blocking", "outline": [[20, 20], [22, 20], [NAN, 22]]}]},
     "outline"),
    ({"terrain": [{"kind": "blocking", "outline": [[20, 20], [22, 20], [20, 22]],
                   "thickness": INF}]}, "thickness"),
    ({"players": "both"}, "players"), ({"players": ["a", "b"]}, "players[0]"),
])
def test_corrupted_setups_name_the_field(change: dict[str, Any], field: str) -> None:
    # A corrupted setup is a ScenarioError that names the field, never a crash.
    setup: dict[str, Any] = {"players": [{"army": [GUARD]}, {"army": [GUARD]}], **STEADY_SETUP}
    setup.update(change)
    with pytest.raises(ScenarioError) as caught:
        game().new_initial_state(1, setup=setup)
    assert field in str(caught.value)


STEADY_SETUP: dict[str, Any] = {"warriors": STEADY}
