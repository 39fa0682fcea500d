"""Movement formations (MK-13.1 to MK-13.10, MK-13.20, MK-13.21, MK-A12 to MK-A15, MK-A48,
MK-A50). Exact coordinates, scripted dice; contact at 1.25 in.

Figures: 5 Utem Guardsman (Atlantis Guild, speed 8; click 1 speed 7), 14 Woodland Scout
(Elemental League), 34 Feral Bloodsucker (Necropolis Sect, Flight), 121 Imp (Mage Spawn)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import GUARD, act, events, illegal, legal, mk_state, w

SCOUT, BLOODSUCKER, IMP = 14, 34, 121

LINE = "move a1 to 10,8 facing 90 & a2 to 11.25,8 facing 90 & a3 to 12.5,8 facing 90"


def column(army: list[int] | None = None, *, enemy: list[int] | None = None,
           terrain: list[Any] | None = None, options: dict[str, Any] | None = None,
           **fields: Any) -> MageKnightState:
    """a1, a2, a3 in a touching line at (10, 2), (11.25, 2), (12.5, 2) facing north; a4 and
    further at 30,2 and beyond; seat 1's b1 far away at 10,30."""
    army = army or [GUARD, GUARD, GUARD]
    enemy = enemy or [GUARD]
    warriors: dict[str, Any] = {}
    for i in range(len(army)):
        spot = [10 + 1.25 * i, 2] if i < 3 else [30 + 3 * (i - 3), 2]
        warriors[f"a{i + 1}"] = {"at": spot, "facing": 90}
    for i in range(len(enemy)):
        warriors[f"b{i + 1}"] = {"at": [10 + 3 * i, 30], "facing": 270}
    warriors.update(fields)
    return mk_state({"players": [{"army": army}, {"army": enemy}], "warriors": warriors,
                     "terrain": terrain or []}, options=options)


def test_one_action_moves_every_member() -> None:
    # MK-13.1, MK-13.6: one move action for the whole formation; MK-13.4 each member takes a
    # token and one action of the turn is spent.
    st = column([GUARD] * 4)
    act(st, LINE)
    assert [(w(st, x).x, w(st, x).y) for x in ("a1", "a2", "a3")] == [(10, 8), (11.25, 8),
                                                                       (12.5, 8)]
    assert all(w(st, x).tokens == 1 for x in ("a1", "a2", "a3"))
    assert st.players[0].actions_left == 1
    assert events(st, "formation")[0].rule == "MK-13.6"


def test_three_to_five_members_connected_by_contact() -> None:
    # MK-13.5 three to five; MK-A13 hanging together as the action begins (MK-G21).
    st = column([GUARD] * 4)
    illegal(st, "move a1 to 10,8 facing 90 & a2 to 11.25,8 facing 90", "MK-13.5")
    illegal(st, "move a1 to 10,8 facing 90 & a2 to 11.25,8 facing 90 & a4 to 12.5,8 facing 90",
            "MK-A13")
    illegal(st, LINE.replace("a3 to 12.5,8", "a2 to 12.5,8"), "MK-13.3")


def test_one_faction_with_a_symbol() -> None:
    # MK-13.2: one faction; Mage Spawn shows no symbol, so never in a formation.
    st = column([GUARD, GUARD, SCOUT])
    illegal(st, LINE, "MK-13.2")
    st = column([IMP, IMP, IMP])
    illegal(st, LINE, "MK-13.2")


def test_only_the_active_players_own_warriors() -> None:
    # MK-A12: an ally's warrior never joins (teams 1,1,2).
    st = mk_state({"players": [{"army": [GUARD, GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                   "warriors": {"a1": {"at": [10, 2]}, "a2": {"at": [11.25, 2]},
                                "b1": {"at": [2, 20], "facing": 0},
                                "c1": {"at": [12.5, 2]}}},
                  options={"teams": "1,2,1"})
    illegal(st, LINE.replace("a3 to", "c1 to"), "MK-A12")


def test_slowest_member_sets_the_speed() -> None:
    # MK-13.7, MK-A14: every member moves at the lowest allowance: a3 on click 1 has speed 7.
    st = column(a3={"at": [12.5, 2], "facing": 90, "click": 1})
    illegal(st, LINE.replace(",8 ", ",9.5 "), "MK-7.1")
    act(st, "move a1 to 10,9 facing 90 & a2 to 11.25,9 facing 90 & a3 to 12.5,9 facing 90")


def test_hindering_start_halves_the_whole_formation() -> None:
    # MK-A14, MK-14.4: a member starting against hindering terrain halves its own allowance,
    # and the formation uses the lowest (4).
    brush = {"kind": "hindering", "outline": [[13.1, 0.5], [16, 0.5], [16, 3.5], [13.1, 3.5]]}
    st = column(terrain=[brush])
    illegal(st, "move a1 to 10,6.5 facing 90 & a2 to 11.25,6.5 facing 90 & a3 to 12.5,6.5 "
            "facing 90", "MK-7.1")
    act(st, "move a1 to 10,6 facing 90 & a2 to 11.25,6 facing 90 & a3 to 12.5,6 facing 90")


def test_each_member_must_end_touching_another() -> None:
    # MK-13.8, MK-A13: tested on the plan; option `formation_end=connected` asks for one group.
    st = column()
    illegal(st, "move a1 to 10,8 facing 90 & a2 to 11.25,8 facing 90 & a3 to 15,8 facing 90",
            "MK-13.8")
    four = "move a1 to 10,8 facing 90 & a2 to 11.25,8 facing 90 & a3 to 13.5,7 facing 90 & " \
           "a4 to 14.75,7 facing 90"
    st = column([GUARD] * 4, a4={"at": [11.25, 0.75], "facing": 90})
    st2 = column([GUARD] * 4, a4={"at": [11.25, 0.75], "facing": 90},
                 options={"formation_end": "connected"})
    act(st, four)
    illegal(st2, four, "MK-A13")


def test_members_move_in_the_order_declared() -> None:
    # MK-A48, MK-13.8: each path is checked against the positions at its turn, the members
    # already moved at their new places; so the order matters.
    st = column()
    illegal(st, "move a1 to 11.25,2 facing 0 & a2 to 12.5,2 facing 0 & a3 to 13.75,2 facing 0",
            "MK-7.2")
    act(st, "move a3 to 13.75,2 facing 0 & a2 to 12.5,2 facing 0 & a1 to 11.25,2 facing 0")
    assert [w(st, x).x for x in ("a1", "a2", "a3")] == [11.25, 12.5, 13.75]


def test_no_speed_ability_in_a_formation() -> None:
    # MK-13.10, MK-A15: Charge, Quickness, Flight and Bound are not used; a flyer joins as a
    # walker: it may not pass over bases and escapes only on 4-6 (MK-A49).
    st = column()
    illegal(st, LINE.replace("a2 to 11.25,8 facing 90", "a2 to 11.25,8 facing 90 "
                             "use=quickness"), "MK-13.10")
    st = column([BLOODSUCKER] * 3, b1={"at": [10, 0.75], "facing": 90})
    st.script_dice([3])
    act(st, LINE)
    assert events(st, "escape")[0].data["escaped"] is False
    assert events(st, "escape")[0].rule == "MK-13.9"


def test_failed_escape_stays_and_the_rest_go_on() -> None:
    # MK-13.9, MK-A48, MK-A50: each member rolls just before it moves; one that fails stays
    # (it may turn) and the end test is not enforced; a later member whose planned path went
    # through the place of the one that stayed stays too.
    st = column(b1={"at": [10, 0.75], "facing": 90})
    plan = ("move a1 to 10,7 facing 90 & a2 via 10,2 to 10,5.75 facing 90 & "
            "a3 to 11.25,5.75 facing 90")
    st.script_dice([2])
    act(st, plan)
    assert st.current_player == 0 and "face a1 90" in legal(st)
    act(st, "face a1 90")
    assert events(st, "stays")[0].data["warrior"] == "a2"
    assert events(st, "stays")[0].rule == "MK-A50"
    act(st, "face a2 45")
    assert (w(st, "a1").x, w(st, "a1").y) == (10, 2)
    assert (w(st, "a2").x, w(st, "a2").y, w(st, "a2").facing) == (11.25, 2, 45)
    assert (w(st, "a3").x, w(st, "a3").y) == (11.25, 5.75)
    assert all(w(st, x).tokens == 1 for x in ("a1", "a2", "a3"))


def test_steep_terrain_splits_formations() -> None:
    # MK-13.20, MK-16.9: no formation with some members on steep terrain and others off it.
    mesa = {"kind": "steep", "outline": [[20, 10], [30, 10], [30, 20], [20, 20]],
            "ladders": [[[24, 10], [26, 10]]]}
    st = column(terrain=[mesa], a1={"at": [20.63, 15], "facing": 90},
                a2={"at": [19.38, 15], "facing": 90}, a3={"at": [18.13, 15], "facing": 90})
    illegal(st, "move a1 to 20.63,16 facing 90 & a2 to 19.38,16 facing 90 & "
            "a3 to 18.13,16 facing 90", "MK-13.20")


def test_a_controller_joins_and_its_captive_comes_along() -> None:
    # MK-13.21, MK-A12: the captive is not a member; it moves with its controller and is set
    # down touching it after that member's move (MK-12.8); the pair's slower speed counts
    # (MK-12.7): a Woodland Scout captive on click 1 has speed 7.
    st = column(enemy=[SCOUT, GUARD], a1={"at": [10, 2], "facing": 90, "captive": "b1"},
                b1={"at": [8.75, 2], "facing": 0, "click": 1},
                b2={"at": [30, 30], "facing": 270})
    illegal(st, LINE.replace(",8 ", ",9.5 "), "MK-7.1")
    act(st, "move a1 to 10,9 facing 90 & a2 to 11.25,9 facing 90 & a3 to 12.5,9 facing 90")
    assert st.current_player == 0 and legal(st)[0].startswith("captive b1 at")
    act(st, "captive b1 at 8.75,9 facing 0")
    assert (w(st, "a2").y, w(st, "a3").y, w(st, "b1").x) == (9, 9, 8.75)
    assert not events(st, "escape")


def test_demoralized_member_may_not_move_into_contact() -> None:
    # MK-18.5 applies to each member's leg.
    st = column(a3={"at": [12.5, 2], "facing": 90, "click": 4},
                b1={"at": [12.5, 4.25], "facing": 270})
    illegal(st, "move a1 to 10,3 facing 90 & a2 to 11.25,3 facing 90 & a3 to 12.5,3 facing 90",
            "MK-18.5")
