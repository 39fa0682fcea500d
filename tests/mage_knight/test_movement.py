"""Single moves (MK-7.1 to MK-7.5, MK-G11, MK-G12), terrain from the mover's side (MK-14.3 to
MK-14.6, MK-15.1, MK-15.4, MK-16.2 to MK-16.4, MK-16.10), speed abilities (MK-17.1, MK-17.3,
MK-17.5, MK-17.6, MK-17.8), Demoralized (MK-18.5) and captives carried (MK-12.7 to MK-12.9,
MK-A47). Exact coordinates, scripted dice; bases have radius 0.625 (contact at 1.25 in).

Figures: 5 Utem Guardsman (speed 8; Demoralized on clicks 4-5, speed 3 and 2), 3 Utem
Crossbowman tough (range 10), 14 Woodland Scout (Quickness on click 0), 34 Feral Bloodsucker
(speed 10, Flight), 61 Wood Golem (speed 6), 130 Deep Spawn (Aquatic)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.core.errors import ScenarioError
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import CROSSBOW, GUARD, act, events, grant, illegal, legal, mk_state, w

SCOUT, BLOODSUCKER, GOLEM, DEEP_SPAWN = 14, 34, 61, 130


def square(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def table(army: list[int], *, enemy: list[int] | None = None, terrain: list[Any] | None = None,
          options: dict[str, Any] | None = None, **warriors: Any) -> MageKnightState:
    """Seat 0 with `army`, seat 1 with `enemy` (default one Guardsman far away at 10,30)."""
    enemy = enemy or [GUARD]
    spots = {f"a{i + 1}": {"at": [10 + 6 * i, 2], "facing": 90} for i in range(len(army))}
    spots.update({f"b{i + 1}": {"at": [10 + 6 * i, 30], "facing": 270}
                  for i in range(len(enemy))})
    for wid, entry in warriors.items():
        spots[wid] = entry
    return mk_state({"players": [{"army": army}, {"army": enemy}], "warriors": spots,
                     "terrain": terrain or []}, options=options)


# ------------------------------------------------------------------------------ MK-7.1 to MK-7.5

def test_speed_is_measured_along_the_polyline() -> None:
    # MK-7.1, MK-G11: the path may turn; its length is the sum of its segments (4 + 4 = 8).
    st = table([GUARD, GUARD])
    illegal(st, "move a1 via 14,2 to 14,6.1 facing 90", "MK-7.1")
    act(st, "move a1 via 14,2 to 14,6 facing 0")
    assert (w(st, "a1").x, w(st, "a1").y, w(st, "a1").facing) == (14, 6, 0)
    assert events(st, "move")[-1].data["length"] == 8
    assert w(st, "a1").tokens == 1                                       # MK-5.1


def test_path_may_not_cross_a_base_or_squeeze_between_touching_bases() -> None:
    # MK-7.2, MK-G11 (a) and (b).
    st = table([GUARD, GUARD, GUARD], a2={"at": [10, 5]}, a3={"at": [20, 2]})
    exc = illegal(st, "move a1 to 10,9 facing 90", "MK-7.2")
    assert "a2" in exc.text.en
    act(st, "move a1 via 12,4 to 10,8 facing 90")                        # around it
    st = table([GUARD, GUARD, GUARD], a2={"at": [9.38, 6]}, a3={"at": [10.63, 6]})
    exc = illegal(st, "move a1 to 10,9 facing 90", "MK-7.2")
    assert "a2" in exc.text.en and "a3" in exc.text.en                    # the squeeze


def test_turn_on_the_spot_and_any_final_facing() -> None:
    # MK-7.4 a move may be a turn on the spot; MK-7.3 any facing at the end; MK-7.9 it is a
    # move: token.
    st = table([GUARD, GUARD])
    act(st, "move a1 facing 212.5")
    a1 = w(st, "a1")
    assert (a1.x, a1.y, a1.facing, a1.tokens) == (10, 2, 212.5, 1)
    assert events(st, "turn_on_spot")[-1].rule == "MK-7.4"


def test_end_position_may_not_overlap_or_leave_the_table() -> None:
    # MK-7.5, MK-A45, MK-G11 (d).
    st = table([GUARD, GUARD], b1={"at": [11, 9], "facing": 270})
    illegal(st, "move a1 to 10,9 facing 90", "MK-7.5")
    illegal(st, "move a1 to 10,0.5 facing 90", "MK-A45")
    act(st, "move a1 to 9.75,9 facing 90")                               # exact contact is fine
    assert st.touching("a1") == ["b1"]


def test_commands_for_warriors_that_may_not_move() -> None:
    # MK-4.7 only own warriors; MK-4.4 one action each.
    st = table([GUARD, GUARD])
    illegal(st, "move b1 to 10,28 facing 270", "MK-4.7")
    act(st, "move a1 to 10,5 facing 90")
    illegal(st, "move a1 to 10,6 facing 90", "MK-4.4")


# ------------------------------------------------------------------------------ terrain

HINDER = {"kind": "hindering", "outline": square(20, 10, 30, 20)}


def test_stop_on_becoming_completely_inside_hindering_terrain() -> None:
    # MK-14.3, MK-G12: from clear ground the move ends where the base is first completely
    # inside (y = 10.615); `stop_policy` reject refuses a path beyond, truncate cuts it there.
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 5], "facing": 90})
    illegal(st, "move a1 to 25,12 facing 90", "MK-14.3")
    act(st, "move a1 to 25,10.62 facing 90")                             # within ε of the stop
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 5], "facing": 90},
               options={"stop_policy": "truncate"})
    act(st, "move a1 to 25,12 facing 90")
    assert w(st, "a1").y == pytest.approx(10.615, abs=0.006)
    assert events(st, "stopped")[0].rule == "MK-G12"


def test_stop_point_on_a_path_that_bends() -> None:
    # MK-G12, MK-14.3: the stop point is found along the whole polyline: skirting the edge at
    # y = 10.3 (never completely inside) and turning in at x = 28, the base is first
    # completely inside at y = 10.615, 5.615 in along the path.
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 8], "facing": 90})
    illegal(st, "move a1 via 25,10.3 via 28,10.3 to 28,13 facing 90", "MK-14.3")
    act(st, "move a1 via 25,10.3 via 28,10.3 to 28,10.62 facing 90")
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 8], "facing": 90},
               options={"stop_policy": "truncate"})
    act(st, "move a1 via 25,10.3 via 28,10.3 to 28,13 facing 90")
    assert (w(st, "a1").x, w(st, "a1").y) == (28, 10.61)


def test_squeeze_is_refused_at_a_bend_too() -> None:
    # MK-7.2, MK-G11 (b): a2 and a3 touch with a gap of 0.01 in (within ε, MK-G4); a path
    # bending at the middle of that gap keeps clear of both bases (MK-G11 (a)) but squeezes.
    st = table([GUARD, GUARD, GUARD], a2={"at": [9.37, 6]}, a3={"at": [10.63, 6]})
    exc = illegal(st, "move a1 via 10,6 to 10.2,9 facing 90", "MK-7.2")
    assert "squeezes between a2 and a3" in exc.text.en


def test_half_speed_when_starting_against_hindering_terrain() -> None:
    # MK-14.4: touching it as the move begins halves speed, rounded up: 8 -> 4, 7 -> 4; even
    # when leaving at once.
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 9.5], "facing": 270})
    illegal(st, "move a1 to 25,5.4 facing 270", "MK-7.1")
    act(st, "move a1 to 25,5.5 facing 270")
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 9.5], "facing": 270,
                                                      "click": 1})
    act(st, "move a1 to 25,5.5 facing 270")


def test_leaving_one_hindering_area_and_entering_another_stops() -> None:
    # MK-14.6, MK-A3: a warrior completely within one area stops on becoming completely within
    # another one (at y = 21.615); MK-14.5/MK-14.4 it moves at half speed (4).
    other = {"kind": "hindering", "outline": square(20, 21, 30, 30)}
    first = {"kind": "hindering", "outline": square(20, 10, 30, 19)}
    st = table([GUARD, GUARD], terrain=[first, other], a1={"at": [25, 18.3], "facing": 90},
               b1={"at": [5, 30], "facing": 270})
    illegal(st, "move a1 to 25,22 facing 90", "MK-14.6")
    act(st, "move a1 to 25,21.62 facing 90")


def test_low_wall_stops_on_contact_but_never_halves() -> None:
    # MK-16.4, MK-A9: touching a low wall ends the move; starting against it neither halves
    # speed nor stops the warrior from crossing it; the end may not overlap the wall.
    wall = {"kind": "low_wall", "outline": square(20, 10, 30, 10.5), "thickness": 0.5}
    st = table([GUARD, GUARD], terrain=[wall], a1={"at": [25, 5], "facing": 90})
    illegal(st, "move a1 to 25,12 facing 90", "MK-16.4")
    act(st, "move a1 to 25,9.37 facing 90")
    st = table([GUARD, GUARD], terrain=[wall], a1={"at": [25, 9.37], "facing": 90})
    illegal(st, "move a1 to 25,10.6 facing 90", "MK-A9")
    act(st, "move a1 via 25,11.2 to 25,16 facing 90")                    # 6.63 in: not halved


def test_blocking_terrain_and_deep_water_are_impassable_but_aquatic_swims() -> None:
    # MK-15.1 blocking, MK-16.2 deep water as blocking; MK-16.3/MK-17.5 Aquatic ignores water.
    pond = {"kind": "deep", "outline": square(20, 10, 30, 14)}
    rock = {"kind": "blocking", "outline": square(2, 10, 12, 14)}
    st = table([GUARD, DEEP_SPAWN], terrain=[pond, rock], a1={"at": [5, 8], "facing": 90},
               a2={"at": [25, 8], "facing": 90})
    illegal(st, "move a1 to 5,16 facing 90", "MK-15.1")                # the path
    act(st, "move a2 to 25,16 facing 90")
    st = table([GUARD, GUARD], terrain=[pond], a2={"at": [25, 8], "facing": 90})
    illegal(st, "move a2 to 25,16 facing 90", "MK-16.2")


def test_aquatic_may_end_its_move_in_deep_water() -> None:
    # MK-16.3, MK-17.5, MK-G11 (d): Aquatic moves as if neither kind of water were there, so
    # the Deep Spawn may stop in the pond and set off from it again; a Guardsman may not.
    pond = {"kind": "deep", "outline": square(20, 10, 30, 14)}
    st = table([GUARD, DEEP_SPAWN], terrain=[pond], a1={"at": [18, 8], "facing": 90},
               a2={"at": [25, 8], "facing": 90})
    illegal(st, "move a1 to 22,12 facing 0", "MK-16.2")
    act(st, "move a2 to 25,12 facing 90")
    assert (w(st, "a2").x, w(st, "a2").y) == (25, 12)
    act(st, "end", "end")                                                # b's turn passes
    act(st, "move a2 to 25,17 facing 90")                                # out of the pond
    assert (w(st, "a2").x, w(st, "a2").y) == (25, 17)


def test_climbing_elevated_terrain_stops_and_steep_needs_a_ladder() -> None:
    # MK-15.4, MK-A7: getting completely onto a hill ends the move; MK-16.10, MK-G20 steep
    # terrain only at a ladder.
    hill = {"kind": "elevated", "outline": square(20, 10, 30, 20)}
    st = table([GUARD, GUARD], terrain=[hill], a1={"at": [25, 5], "facing": 90})
    illegal(st, "move a1 to 25,12 facing 90", "MK-15.4")
    act(st, "move a1 to 25,10.62 facing 90")
    assert st.elevated("a1")
    mesa = {"kind": "steep", "outline": square(20, 10, 30, 20), "ladders": [[[24, 10], [26, 10]]]}
    st = table([GUARD, GUARD], terrain=[mesa], a1={"at": [22, 8], "facing": 90},
               a2={"at": [25, 8], "facing": 90})
    illegal(st, "move a1 to 22,10.62 facing 90", "MK-16.10")
    act(st, "move a2 to 25,10.62 facing 90")


def test_flight_passes_over_bases_and_blocking_but_may_not_stop_in_it() -> None:
    # MK-17.6, MK-A49: Flight is used when moving alone; it lifts MK-G11 (a), (b) and the
    # blocking part of (c), keeps (d).
    rock = {"kind": "blocking", "outline": square(2, 8, 8, 11)}
    st = table([BLOODSUCKER, GUARD], terrain=[rock], a1={"at": [5, 3], "facing": 90},
               a2={"at": [5, 5], "facing": 90})
    illegal(st, "move a1 to 5,10 facing 90", "MK-17.6")                # may not stop in it
    act(st, "move a1 to 5,12.7 facing 90")                              # over a2 and the rock
    assert w(st, "a1").y == 12.7


def test_flight_is_not_slowed_by_hindering_terrain() -> None:
    # MK-17.6: hindering terrain does not slow a flyer (MK-14.4 does not apply).
    st = table([BLOODSUCKER, GUARD], terrain=[HINDER], a1={"at": [25, 9.5], "facing": 180},
               a2={"at": [25, 3], "facing": 90})
    act(st, "move a1 to 15,9.5 facing 180")
    st = table([GUARD, GUARD], terrain=[HINDER], a1={"at": [25, 9.5], "facing": 180})
    illegal(st, "move a1 to 15,9.5 facing 180", "MK-7.1")


# ------------------------------------------------------------------------------ speed abilities

def test_quickness_moves_without_spending_an_action() -> None:
    # MK-17.3, MK-A17: no action of the turn is used, even with none left; the warrior still
    # takes its token, is pushed, and may take nothing else this turn (MK-4.4).
    st = table([SCOUT, GUARD, GUARD], a1={"at": [10, 2], "facing": 90, "busy_turns": [],
                                          "tokens": 0})
    act(st, "pass a2", "pass a3")
    assert st.players[0].actions_left == 0 and st.current_player == 0
    assert any(t.startswith("move a1") and "use=quickness" in t for t in legal(st))
    act(st, "move a1 to 10,9 facing 90 use=quickness")
    assert (w(st, "a1").y, w(st, "a1").tokens) == (9, 1)
    assert events(st, "quickness")[0].rule == "MK-17.3"
    st = table([GUARD, GUARD])
    illegal(st, "move a1 to 10,9 facing 90 use=quickness", "MK-17.3")


def test_quickness_is_pushed_like_any_move() -> None:
    # MK-17.3, MK-5.3: a Quickness move in two turns in a row pushes the warrior.
    st = mk_state({"players": [{"army": [SCOUT], "own_turns": 1}, {"army": [GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "facing": 90, "busy_turns": [1],
                                       "tokens": 1, "token_turn": 1},
                                "b1": {"at": [10, 30], "facing": 270}}})
    act(st, "move a1 to 10,9 facing 90 use=quickness")
    assert w(st, "a1").click == 1 and w(st, "a1").tokens == 2


def test_charge_doubles_speed_or_ends_with_an_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-17.1 (b) double speed; (a) an attack at the end, handed to combat after the move
    # (MK-17.2); never both; the attack must be possible from the planned end (MK-9.1).
    grant(monkeypatch, {"a1": ("charge",)})
    st = table([GUARD, GUARD], b1={"at": [10, 20], "facing": 270})
    illegal(st, "move a1 to 10,16.5 facing 90", "MK-7.1")
    act(st, "move a1 to 10,17.5 facing 90 use=charge")                   # 15.5 in
    st = table([GUARD, GUARD], b1={"at": [10, 9], "facing": 0})
    illegal(st, "move a1 to 10,7.75 facing 90 use=charge charge=b1", "MK-17.1")
    illegal(st, "move a1 to 10,7.75 facing 270 charge=b1", "MK-9.1")
    st.script_dice([6, 6])                                              # 12: a critical hit
    act(st, "move a1 to 10,7.75 facing 90 charge=b1", "spin b1 no")
    kinds = [e.kind for e in st.events]
    assert kinds.index("spin") < kinds.index("combat")                  # MK-7.11
    assert w(st, "b1").click == 4 and w(st, "a1").tokens == 1            # 3 + 1 critical
    st = table([GUARD, GUARD], b1={"at": [10, 9], "facing": 0})
    illegal(st, "move a2 to 16,7.75 facing 90 charge=b1", "MK-17.1")    # a2 shows no Charge


def test_bound_doubles_speed_or_ends_with_a_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-17.8: (b) double speed, (a) one ranged attack from where the move ends, with all the
    # ranged rules (range 10 from the end), at no extra action; never both.
    grant(monkeypatch, {"a1": ("bound",)})
    st = table([CROSSBOW, GUARD], b1={"at": [10, 25], "facing": 270})
    act(st, "move a1 to 10,17.5 facing 90 use=bound")
    st = table([CROSSBOW, GUARD], b1={"at": [10, 25], "facing": 270})
    illegal(st, "move a1 to 10,10 facing 90 bound=b1 use=bound", "MK-17.8")
    illegal(st, "move a1 to 10,10 facing 90 bound=b1", "MK-8.3")          # 15 in: out of range
    st = table([CROSSBOW, GUARD], b1={"at": [10, 19], "facing": 270})
    st.script_dice([5, 5])                                              # 10 + 8 = 18 >= 15
    act(st, "move a1 to 10,10 facing 90 bound=b1")
    assert w(st, "b1").click == 1 and w(st, "a1").y == 10 and w(st, "a1").tokens == 1
    assert st.players[0].actions_left == 1


# ------------------------------------------------------------------------------ MK-18.5

def test_demoralized_may_not_move_into_contact_or_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-18.5: only move or pass, never into base contact with an opposing figure; a move away
    # from one it touches is fine.
    grant(monkeypatch, {"a1": ("charge",)})
    st = table([GUARD, GUARD], a1={"at": [10, 2], "facing": 90, "click": 4},
               b1={"at": [10, 5.5], "facing": 270})
    assert st.has("a1", "demoralized") and st.click_of("a1").speed == 3
    illegal(st, "move a1 to 10,4.25 facing 90", "MK-18.5")
    illegal(st, "move a1 facing 90 charge=b1", "MK-18.5")
    act(st, "move a1 to 12,2 facing 90")
    st = table([GUARD, GUARD], a1={"at": [10, 4.25], "facing": 90, "click": 4},
               b1={"at": [10, 5.5], "facing": 270})
    st.script_dice([5])
    act(st, "move a1 to 12,4 facing 90")                                  # escapes, moves off
    assert w(st, "a1").x == 12


# ------------------------------------------------------------------------------ captives

def captor_table(captive_figure: int = GUARD, **fields: Any) -> MageKnightState:
    """a1 (Guardsman) at 10,2 holds b1 (`captive_figure`) touching it at 10,3.25."""
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90, "captive": "b1"},
                                "b1": {"at": [10, 3.25], "facing": 0},
                                "b2": {"at": [30, 30], "facing": 270}}
    warriors.update(fields)
    return mk_state({"players": [{"army": [GUARD]}, {"army": [captive_figure, GUARD]}],
                     "warriors": warriors})


def test_captive_travels_with_its_controller_and_is_set_down() -> None:
    # MK-12.7 the captive goes along; MK-A47 its own captive never makes the controller roll;
    # MK-12.8 then its player sets it down touching the controller, any facing.
    st = captor_table(b2={"at": [18, 4.2], "facing": 270})
    act(st, "move a1 to 18,2 facing 0")
    illegal(st, "captive b1 at 18,3.25 facing 0", "MK-7.5")               # overlapping b2
    assert not events(st, "escape") and not events(st, "roll")
    assert st.current_player == 0 and any(t.startswith("captive b1 at") for t in legal(st))
    illegal(st, "captive b1 at 20,2 facing 0", "MK-12.8")                 # not touching
    act(st, "captive b1 at 16.75,2 facing 45")
    b1 = w(st, "b1")
    assert (b1.x, b1.y, b1.facing) == (16.75, 2, 45) and st.touching("a1") == ["b1"]
    assert events(st, "captive_set_down")[0].rule == "MK-12.8"


def test_controller_moves_at_the_slower_speed_with_its_own_abilities(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-12.7, MK-A14: the pair moves at the slower speed (a Wood Golem captive: 6); the
    # controller's speed abilities cover both (Charge doubles both: 12).
    st = captor_table(GOLEM)
    illegal(st, "move a1 to 16.5,2 facing 0", "MK-7.1")
    act(st, "move a1 to 16,2 facing 0")
    grant(monkeypatch, {"a1": ("charge",)})
    st = captor_table(GOLEM)
    act(st, "move a1 to 22,2 facing 0 use=charge", "captive b1 at 20.75,2 facing 0")


def test_aquatic_controller_takes_its_captive_into_deep_water() -> None:
    # MK-12.7: the controller's speed abilities cover its captive too, so with Aquatic (MK-16.3)
    # it may end in the middle of a pond and set its captive down in the water (MK-12.8).
    pond = {"kind": "deep", "outline": square(18, 10, 32, 20)}
    st = mk_state({"players": [{"army": [DEEP_SPAWN]}, {"army": [GUARD, GUARD]}],
                   "terrain": [pond],
                   "warriors": {"a1": {"at": [25, 8], "facing": 90, "captive": "b1"},
                                "b1": {"at": [25, 6.75], "facing": 0},
                                "b2": {"at": [5, 30], "facing": 270}}})
    act(st, "move a1 to 25,15 facing 90")
    illegal(st, "captive b1 at 30,15 facing 0", "MK-12.8")              # not touching
    act(st, "captive b1 at 25,16.25 facing 90")
    assert (w(st, "b1").x, w(st, "b1").y) == (25, 16.25) and st.touching("a1") == ["b1"]


def test_controller_may_only_move_or_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-12.9: no attack after a Charge move for a controller.
    grant(monkeypatch, {"a1": ("charge",)})
    st = captor_table(b2={"at": [10, 7], "facing": 270})
    illegal(st, "move a1 to 10,5.75 facing 90 charge=b2", "MK-12.9")


def test_controller_needs_room_for_its_captive() -> None:
    # MK-12.8: a move that leaves no place to set the captive down touching the controller is
    # refused; here five friends ring the end at 0, 65, 130, 230 and 295 degrees.
    ring = [[19.25, 2], [18.53, 3.13], [17.2, 2.96], [17.2, 1.04], [18.53, 0.87]]
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90, "captive": "b1"},
                                "b1": {"at": [10, 3.25], "facing": 0},
                                "b2": {"at": [30, 30], "facing": 270}}
    warriors.update({f"a{i + 2}": {"at": spot} for i, spot in enumerate(ring)})
    st = mk_state({"players": [{"army": [GUARD] * 6}, {"army": [GUARD, GUARD]}],
                   "warriors": warriors})
    illegal(st, "move a1 to 18,2 facing 0", "MK-12.8")
    act(st, "move a1 to 15,2 facing 0")


def test_quickness_may_end_with_a_charge_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-A57, MK-17.3, MK-17.1: both modify the same move action, so a Quickness move may end
    # with the Charge attack, and still uses no action of the turn.
    grant(monkeypatch, {"a1": ("charge",)})
    st = table([SCOUT, GUARD], b1={"at": [10, 9], "facing": 270})
    st.script_dice([1, 1])                                              # a critical miss
    act(st, "move a1 to 10,7.75 facing 90 use=quickness charge=b1", "spin b1 no")
    assert st.players[0].actions_left == 2 and w(st, "a1").click == 1


# ------------------------------------------------------------------------------ candidates

def test_candidates_are_legal_and_useful(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-7.1 to MK-7.5, MK-G11, MK-G12: every candidate passes the exact check; the list holds
    # a move into contact facing the enemy (MK-9.1), the longest moves toward and away, a turn to
    # face it (MK-7.4), cover from a shooter (MK-14.7), the Charge variants (MK-17.1) and a
    # formation (MK-13.5).
    grant(monkeypatch, {"a1": ("charge",)})
    wood = {"kind": "hindering", "outline": square(20, 4, 26, 9)}
    st = mk_state({"players": [{"army": [GUARD, GUARD, GUARD, GUARD]},
                               {"army": [GUARD, CROSSBOW]}],
                   "terrain": [wood],
                   "warriors": {"a1": {"at": [10, 2], "facing": 0},
                                "a2": {"at": [30, 2], "facing": 90},
                                "a3": {"at": [31.25, 2], "facing": 90},
                                "a4": {"at": [32.5, 2], "facing": 90},
                                "b1": {"at": [10, 8], "facing": 0},
                                "b2": {"at": [31.25, 14], "facing": 270}}})
    texts = legal(st)
    moves = [t for t in texts if t.split()[0] == "move"]
    for text in moves:
        st.check(text)
    assert "move a1 to 10,6.75 facing 90" in moves                       # contact, facing b1
    assert "move a1 to 10,6.75 facing 90 charge=b1" in moves
    assert "move a1 facing 90" in moves                                  # face the enemy
    assert any(t.startswith("move a1 to 10,0.6") for t in moves)          # away (the edge)
    assert any(" & " in t for t in moves)                                 # a2-a4 formation
    ends = [leg.to for t in moves for leg in nt.parse(t).legs  # type: ignore[attr-defined]
            if t.startswith("move a2 ") and leg.to is not None]
    assert st.field is not None
    assert any(st.field.holding_pieces(x, y, 0.625, ("hindering",)) for x, y in ends)


def test_candidates_bend_around_a_blocker() -> None:
    # MK-7.2, MK-G11: when the straight path to the enemy is blocked, a detour is offered.
    st = table([GUARD, GUARD], a2={"at": [10, 5], "facing": 90},
               b1={"at": [10, 9.5], "facing": 270})
    contact = [t for t in legal(st) if t.startswith("move a1 ") and "8.25" in t]
    assert contact and all(" via " in t for t in contact)
    for text in contact:
        st.check(text)


def test_a_test_setup_may_place_an_aquatic_warrior_in_deep_water() -> None:
    # MK-16.3, MK-G11 (d): what a move may end on, a setup may place; not so without Aquatic.
    pond = {"kind": "deep", "outline": square(20, 10, 30, 14)}
    st = table([GUARD, DEEP_SPAWN], terrain=[pond], a2={"at": [25, 12], "facing": 90})
    assert (w(st, "a2").x, w(st, "a2").y) == (25, 12)
    with pytest.raises(ScenarioError) as refused:
        table([GUARD, DEEP_SPAWN], terrain=[pond], a1={"at": [25, 12], "facing": 90})
    assert "MK-16.2" in str(refused.value)
