"""Escape (MK-7.6 to MK-7.9, MK-A16, MK-A47): a warrior given a move while opposing figures
touch it rolls one d6 first; 1-3 fails (1 only with Charge, Flight or Bound in use), and a
failed escape still counts as a move. Exact coordinates, scripted dice.

Figures: 5 Utem Guardsman (speed 8), 34 Feral Bloodsucker (Flight), 100 Royal Pikeman."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import GUARD, act, events, grant, illegal, legal, mk_state, w

BLOODSUCKER = 34


def engaged(figure: int = GUARD, **fields: Any) -> MageKnightState:
    """a1 (`figure`) at 10,2 facing north; b1 touching it from the north at 10,3.25 facing
    south; b2 far away."""
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [20, 2], "facing": 90},
                                "b1": {"at": [10, 3.25], "facing": 270},
                                "b2": {"at": [30, 30], "facing": 270}}
    for key, value in fields.items():
        warriors[key] = value
    return mk_state({"players": [{"army": [figure, GUARD]}, {"army": [GUARD, GUARD]}],
                     "warriors": warriors})


def test_escape_roll_of_four_to_six_moves_as_usual() -> None:
    # MK-7.6: 4, 5 or 6 and the warrior moves normally.
    st = engaged()
    st.script_dice([4])
    act(st, "move a1 to 6,2 facing 180")
    assert (w(st, "a1").x, w(st, "a1").facing) == (6, 180)
    escape = events(st, "escape")[0]
    assert escape.rule == "MK-7.6" and escape.data["escaped"] is True


def test_failed_escape_stays_but_may_turn_and_still_counts() -> None:
    # MK-7.6: 1-3 fails: no change of place, any facing (asked after the roll: `face`, MK-A57);
    # MK-7.9: it was still a move: a token, and the action is spent.
    st = engaged()
    st.script_dice([3])
    act(st, "move a1 to 6,2 facing 180")
    assert st.current_player == 0
    options = legal(st)
    assert "face a1 90" in options and "face a1 180" in options          # keep, or declared
    act(st, "face a1 135.5")
    a1 = w(st, "a1")
    assert (a1.x, a1.y, a1.facing, a1.tokens) == (10, 2, 135.5, 1)
    assert st.players[0].actions_left == 1
    assert events(st, "escape")[0].data["escaped"] is False


def test_failed_escape_is_pushed_in_the_second_turn() -> None:
    # MK-7.9, MK-5.3, MK-5.7: pushing applies whatever the move achieved.
    st = mk_state({"players": [{"army": [GUARD, GUARD], "own_turns": 1},
                               {"army": [GUARD, GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "facing": 90, "busy_turns": [1],
                                       "tokens": 1, "token_turn": 1},
                                "a2": {"at": [20, 2]},
                                "b1": {"at": [10, 3.25], "facing": 270},
                                "b2": {"at": [30, 30]}}})
    st.script_dice([1])
    act(st, "move a1 to 6,2 facing 180", "face a1 90")
    assert w(st, "a1").click == 1 and w(st, "a1").tokens == 2


def test_one_roll_however_many_enemies_touch() -> None:
    # MK-7.8, MK-A16: a single escape roll per move.
    st = engaged(b2={"at": [8.75, 2], "facing": 0})
    st.script_dice([5])
    act(st, "move a1 to 14,2 facing 0")
    assert len(events(st, "roll")) == 1 and w(st, "a1").x == 14


def test_friends_and_own_captive_need_no_roll() -> None:
    # MK-7.6 opposing figures only; MK-A47 the controller's own captive is ignored.
    st = engaged(a2={"at": [8.75, 2], "facing": 90}, b1={"at": [30, 20]})
    act(st, "move a1 to 14,2 facing 0")
    assert not events(st, "roll")
    st = engaged(a1={"at": [10, 2], "facing": 90, "captive": "b1"})
    act(st, "move a1 to 14,2 facing 0", "captive b1 at 14,3.25 facing 0")
    assert not events(st, "roll") and w(st, "b1").y == 3.25


def test_turning_on_the_spot_needs_no_roll() -> None:
    # MK-A57, MK-7.6, MK-7.4: a failed escape still lets the warrior turn, so a move that only
    # turns is the same either way, and no die is rolled.
    st = engaged()
    act(st, "move a1 facing 0")
    assert not events(st, "roll") and w(st, "a1").facing == 0


def test_flight_fails_only_on_a_one() -> None:
    # MK-7.7 with Flight in use (moving alone, MK-A49) only a 1 fails.
    st = engaged(BLOODSUCKER)
    st.script_dice([2])
    act(st, "move a1 to 4,2 facing 180")
    assert w(st, "a1").x == 4 and events(st, "escape")[0].rule == "MK-7.7"
    st = engaged(BLOODSUCKER)
    st.script_dice([1])
    act(st, "move a1 to 4,2 facing 180", "face a1 90")
    assert w(st, "a1").x == 10


def test_charge_and_bound_fail_only_on_a_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-7.7: Charge (double speed or attack) and Bound in use.
    grant(monkeypatch, {"a1": ("charge",), "a2": ("bound",)})
    st = engaged()
    st.script_dice([2])
    act(st, "move a1 to 4,2 facing 180 use=charge")
    assert w(st, "a1").x == 4
    st = engaged(a2={"at": [20, 2], "facing": 90}, b2={"at": [20, 3.25], "facing": 270})
    st.script_dice([2])
    act(st, "move a2 to 24,2 facing 0 use=bound")
    assert w(st, "a2").x == 24
    st = engaged()
    st.script_dice([2])
    act(st, "move a1 to 6,2 facing 180", "face a1 90")                   # no ability in use
    assert w(st, "a1").x == 10


def test_charge_attack_follows_a_failed_escape(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-A16, MK-17.2: the Charge attack may follow a failed escape, from where the warrior
    # stands, once it has turned.
    grant(monkeypatch, {"a1": ("charge",)})
    st = engaged(b2={"at": [10, 7], "facing": 270})
    illegal(st, "move a1 to 10,5.75 facing 90 charge=b1", "MK-7.2")
    st.script_dice([1, 6, 6])                                           # fail, then 12
    act(st, "move a1 to 11.08,2.63 facing 150 charge=b1")
    act(st, "face a1 90")
    assert w(st, "a1").x == 10 and w(st, "b1").click == 4                # 3 + critical
    assert [e.kind for e in st.events].index("escape") < [
        e.kind for e in st.events].index("combat")
