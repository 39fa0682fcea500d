"""Arena geometry: zones, adjacency, distance, walls, crossing, line of sight and push."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.arena import (
    DIRECTIONS,
    ArenaMap,
    WallKind,
    border,
    direction_between,
    push_directions,
    random_push_direction,
)

APPRENTICE = ArenaMap.named("apprentice")
FULL = ArenaMap.named("full")


def b(first: str, second: str) -> frozenset[str]:
    return border(first, second)


# --- zones, adjacency, distance --------------------------------------------------------------


def test_full_board_grid() -> None:
    """MW-2.1, MW-2.3, MW-A3: 12 zones, 3 rows A-C by 4 columns 1-4."""
    assert FULL.zones == ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4",
                          "C1", "C2", "C3", "C4")
    assert (FULL.rows, FULL.columns) == (3, 4)
    assert FULL.position("C4") == (2, 3)


def test_apprentice_arena_is_half_board() -> None:
    """MW-1.4, MW-2.3, MW-A3: columns 1-2 only; the rest of the board is not in the arena."""
    assert APPRENTICE.zones == ("A1", "A2", "B1", "B2", "C1", "C2")
    with pytest.raises(KeyError):
        APPRENTICE.position("A3")
    with pytest.raises(KeyError):
        APPRENTICE.los("A1", "A3")
    with pytest.raises(KeyError):
        APPRENTICE.distance("A1", "C4")
    assert APPRENTICE.zone_at(0, 2) is None


def test_start_zones_opposite_corners() -> None:
    """MW-1.5, MW-2.5: mages start in opposite corners, A1/C2 and A1/C4."""
    assert APPRENTICE.start_zones == ("A1", "C2")
    assert FULL.start_zones == ("A1", "C4")


def test_adjacency_sides_only() -> None:
    """MW-2.2, MW-X-7.1: zones sharing a side are adjacent; a corner is not."""
    assert set(FULL.adjacent("B2")) == {"A2", "C2", "B1", "B3"}
    assert set(APPRENTICE.adjacent("A2")) == {"A1", "B2"}
    assert "B2" not in FULL.adjacent("A1")


def test_distance() -> None:
    """MW-4.27, MW-A6: |rows| + |columns|; own zone 0, diagonal 2; walls change nothing."""
    assert FULL.distance("A1", "A1") == 0
    assert FULL.distance("A1", "B2") == 2
    assert FULL.distance("A1", "C4") == 5
    walled = FULL.with_walls([["A1", "A2"], ["A1", "B1"]])
    assert walled.distance("A1", "A2") == 1
    assert walled.distance("A1", "C4") == 5


def test_range_band() -> None:
    """MW-4.28: a 1-2 range reaches distances 1 and 2, not 0 and not 3."""
    zones = APPRENTICE.within("A1", 1, 2)
    assert set(zones) == {"A2", "B1", "B2", "C1"}


def test_borders_are_inner_sides() -> None:
    """MW-2.4, MW-X-7.2: a border is the side two adjacent zones share; walls stand on them."""
    assert len(APPRENTICE.borders) == 7
    assert len(FULL.borders) == 17
    with pytest.raises(ValueError):
        APPRENTICE.with_walls([["A1", "B2"]])      # corner neighbours share no border
    with pytest.raises(ValueError):
        APPRENTICE.with_walls([["A2", "A3"]])      # the edge is the perimeter, MW-5.65


# --- crossing ----------------------------------------------------------------------------------


def test_perimeter_stops_everything() -> None:
    """MW-5.65, MW-X-7.12: the arena's edge stops walkers and flyers."""
    for flying in (False, True):
        assert not APPRENTICE.can_cross("A2", "A3", flying)
        assert not APPRENTICE.can_cross("A1", "Z9", flying)


def test_passage_blocked_inner_wall() -> None:
    """MW-5.61, MW-5.28, MW-4.19: a Passage Blocked wall stops walkers, not flyers."""
    walled = APPRENTICE.with_walls([["A1", "A2"]])
    assert not walled.can_cross("A1", "A2", False)
    assert not walled.can_cross("A2", "A1", False)
    assert walled.can_cross("A1", "A2", True)
    assert walled.can_cross("A1", "B1", False)
    assert not walled.can_cross("A1", "B2", True)       # not adjacent (MW-2.2)


def test_wall_without_passage_blocked() -> None:
    """MW-5.63: a wall without Passage Blocked does not hinder crossing."""
    walled = APPRENTICE.with_walls([["A1", "A2"]], {b("A1", "A2"): WallKind(False, True)})
    assert walled.can_cross("A1", "A2", False)
    assert not walled.los("A1", "A2")


# --- line of sight -----------------------------------------------------------------------------


def test_no_walls_everything_visible() -> None:
    """MW-5.70: without LoS Obstructed walls a creature sees the whole arena."""
    assert all(FULL.los(a, z) for a in FULL.zones for z in FULL.zones)


def test_wall_on_crossed_border_blocks() -> None:
    """MW-5.64, MW-5.71, MW-X-7.14: the segment crossing an LoS Obstructed wall is blocked."""
    walled = FULL.with_walls([["A1", "A2"]])
    assert not walled.los("A1", "A2")
    assert not walled.los("A1", "A4")
    assert walled.los("A1", "B1")
    assert walled.los("B1", "B4")


def test_same_zone_always_visible() -> None:
    """MW-5.71: targets sharing the caster's zone are always in sight."""
    walled = APPRENTICE.with_walls(APPRENTICE.borders)
    assert all(walled.los(z, z) for z in APPRENTICE.zones)


def test_wall_without_los_obstructed() -> None:
    """MW-5.64: only LoS Obstructed walls block sight."""
    walled = FULL.with_walls([["A1", "A2"]], {b("A1", "A2"): WallKind(True, False)})
    assert walled.los("A1", "A2")


def test_lone_wall_end_does_not_block() -> None:
    """MW-5.72, MW-5.73, MW-A5: the segment only touching a wall's end sees past it (the wolf)."""
    # A1 -> B2 passes the corner (1, 1); one wall ending there leaves both ways open on one side.
    for wall in (["A1", "A2"], ["A1", "B1"], ["A2", "B2"], ["B1", "B2"]):
        assert FULL.with_walls([wall]).los("A1", "B2"), wall
    # A1 -> C3 touches corners (1,1) and (2,2); a lone wall at either does not block.
    assert FULL.with_walls([["B2", "B3"]]).los("A1", "C3")


def test_l_round_a_or_d_blocks() -> None:
    """MW-5.72, MW-5.73, MW-A5: an L of walls round the start or end zone's corner blocks (the
    hydra)."""
    round_a = FULL.with_walls([["A1", "A2"], ["A1", "B1"]])
    round_d = FULL.with_walls([["A2", "B2"], ["B1", "B2"]])
    assert not round_a.los("A1", "B2")
    assert not round_d.los("A1", "B2")
    assert not round_d.los("A1", "C3")       # the segment goes on through B2's corner


def test_straight_wall_through_corner_blocks() -> None:
    """MW-5.72, MW-A5: walls on both halves of a line through the corner shut it."""
    assert not FULL.with_walls([["A1", "A2"], ["B1", "B2"]]).los("A1", "B2")
    assert not FULL.with_walls([["A1", "B1"], ["A2", "B2"]]).los("A1", "B2")


def test_l_round_b_or_c_does_not_block() -> None:
    """MW-A5: an L round one of the two side zones leaves the other way open."""
    round_b = FULL.with_walls([["A1", "A2"], ["A2", "B2"]])     # B = A2
    round_c = FULL.with_walls([["A1", "B1"], ["B1", "B2"]])     # C = B1
    assert round_b.los("A1", "B2")
    assert round_c.los("A1", "B2")
    # Seen the other diagonal (B1 -> A2), the same walls are an L round A or D: blocked.
    assert not round_b.los("B1", "A2")
    assert not round_c.los("B1", "A2")


def test_steep_segment_crossings() -> None:
    """MW-5.71, MW-A5: a knight's-move segment crosses border interiors, not corners."""
    # A1 (0.5, 0.5) -> B3 (2.5, 1.5) crosses x=1 at y=0.75 (A1|A2), y=1 at x=1.5 (A2|B2) and x=2
    # at y=1.25 (B2|B3).
    for wall in (["A1", "A2"], ["A2", "B2"], ["B2", "B3"]):
        assert not FULL.with_walls([wall]).los("A1", "B3"), wall
    for wall in (["A1", "B1"], ["A2", "A3"], ["B1", "B2"]):
        assert FULL.with_walls([wall]).los("A1", "B3"), wall


def test_flying_ends_ignore_inner_walls() -> None:
    """MW-5.74, MW-5.64, MW-5.28: walls never block LoS from or to a Flying creature."""
    walled = APPRENTICE.with_walls(APPRENTICE.borders)
    assert not walled.los("A1", "C2")
    assert walled.los("A1", "C2", from_flying=True)
    assert walled.los("A1", "C2", to_flying=True)


def test_border_los_to_midpoint() -> None:
    """MW-5.59, MW-5.71: LoS to a border is to its midpoint; a wall on it does not hide it."""
    target = b("B3", "B4")
    assert FULL.border_los("B1", target)
    assert FULL.with_walls([["B3", "B4"]]).border_los("B1", target)
    assert not FULL.with_walls([["B2", "B3"]]).border_los("B1", target)
    assert FULL.with_walls([["B2", "B3"]]).border_los("B3", target)
    assert FULL.with_walls([["B2", "B3"]]).border_los("B1", target, from_flying=True)
    # A1 (0.5, 0.5) to the midpoint of B2|C2 (1.5, 2): crosses y=1 at x=5/6 (A1|B1), x=1 at
    # y=5/4 (B1|B2).
    assert not FULL.with_walls([["A1", "B1"]]).border_los("A1", b("B2", "C2"))
    assert FULL.with_walls([["A1", "A2"]]).border_los("A1", b("B2", "C2"))


# --- push -------------------------------------------------------------------------------------


def test_push_target() -> None:
    """MW-X-7.17, MW-X-7.22: one zone in the direction; None past the perimeter."""
    assert APPRENTICE.push_target("B1", "north") == "A1"
    assert APPRENTICE.push_target("B1", "east") == "B2"
    assert APPRENTICE.push_target("B2", "east") is None
    assert APPRENTICE.push_target("C1", "south") is None
    assert direction_between("B1", "B2") == "east"
    assert direction_between("B1", "C2") is None


def test_push_directions_away_from_origin() -> None:
    """MW-X-7.17, MW-X-7.18, MW-C13: straight away in line; the pusher picks when diagonal,
    off-line, or from the target's own zone."""
    assert push_directions("B2", "B1") == ("east",)
    assert push_directions("A1", "C1") == ("north",)
    assert push_directions("B2", "A1") == ("east", "south")
    assert push_directions("A1", "B3") == ("north", "west")       # MW-C13: off-line origin
    assert push_directions("B2", "B2") == DIRECTIONS


def test_random_push_table() -> None:
    """MW-X-7.19: effect die 1-3 north, 4-6 east, 7-9 south, 10-12 west, from arenas.yaml."""
    got = [random_push_direction(r) for r in range(1, 13)]
    assert got == ["north"] * 3 + ["east"] * 3 + ["south"] * 3 + ["west"] * 3
    assert data.shipped().arenas.push_direction(7) == "south"


def test_json_round_trip() -> None:
    """MW-2.4: walls are borders; the map survives its document."""
    walled = FULL.with_walls([["A1", "A2"]], {b("A1", "A2"): WallKind(True, False)})
    doc = walled.to_json()
    assert doc["walls"] == [["A1", "A2"]]
    again = ArenaMap.from_json(doc)
    assert again == walled
    assert hash(again) == hash(walled)


# --- properties --------------------------------------------------------------------------------

ZONES = st.sampled_from(FULL.zones)
WALLS = st.sets(st.sampled_from(FULL.borders), max_size=10)


@settings(max_examples=200, deadline=None)
@given(ZONES, ZONES, WALLS)
def test_los_and_distance_symmetric(first: str, second: str, walls: set[frozenset[str]]) -> None:
    """MW-5.71, MW-A5, MW-4.27: line of sight and distance do not depend on direction."""
    arena = FULL.with_walls(walls)
    assert arena.los(first, second) == arena.los(second, first)
    assert arena.distance(first, second) == arena.distance(second, first)


@settings(max_examples=100, deadline=None)
@given(ZONES, ZONES, WALLS)
def test_more_walls_never_more_sight(first: str, second: str,
                                     walls: set[frozenset[str]]) -> None:
    """MW-5.70, MW-5.72: removing walls never hides anything; no walls shows everything."""
    arena = FULL.with_walls(walls)
    if arena.los(first, second):
        for wall in walls:
            assert FULL.with_walls(walls - {wall}).los(first, second)
    assert FULL.los(first, second)


@settings(max_examples=100, deadline=None)
@given(ZONES, st.sampled_from(DIRECTIONS))
def test_push_moves_one_step_away(zone: str, direction: str) -> None:
    """MW-X-7.17: a push moves to an adjacent zone, further from an origin behind it."""
    target = FULL.push_target(zone, direction)
    if target is not None:
        assert target in FULL.adjacent(zone)
        assert direction_between(zone, target) == direction
        for origin in FULL.zones:
            if direction in push_directions(zone, origin):
                assert FULL.distance(target, origin) > FULL.distance(zone, origin)
