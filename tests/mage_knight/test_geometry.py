"""The plane geometry of mage-knight (geometry.py): angles, arcs, base contact, LOF against
bases, range, paths against figures, Shockwave, levitation and formation graphs.

Exact coordinates throughout; each test cites the geometry definitions (MK-G1 to MK-G21) and
the readings it checks. Base radius is the default 0.625 in (MK-A1, MK-G2), ε = 0.01 (MK-G4).
"""

from __future__ import annotations

import math

import pytest

from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.geometry import Body

R = 0.625
EPS = 0.01


def body(wid: str, x: float, y: float, facing: float = 90.0, half_arc: float = 45.0,
         elevated: bool = False, r: float = R) -> Body:
    return Body(wid, x, y, r, facing, half_arc, elevated)


# ------------------------------------------------------------------------------ angles, arcs

def test_angles_are_degrees_counter_clockwise_from_plus_x() -> None:
    # MK-G1
    assert geo.angle_of(1, 0) == 0.0
    assert geo.angle_of(0, 1) == pytest.approx(90.0)
    assert geo.angle_of(-1, 0) == pytest.approx(180.0)
    assert geo.angle_of(0, -1) == pytest.approx(270.0)
    assert geo.direction(2, 2, 2, 5) == pytest.approx(90.0)
    assert geo.normalize(-90.0) == 270.0
    assert geo.normalize(720.5) == pytest.approx(0.5)


def test_angle_diff_is_the_smallest_signed_difference() -> None:
    # MK-G3: Δ is the smallest signed difference
    assert geo.angle_diff(10, 350) == pytest.approx(20.0)
    assert geo.angle_diff(350, 10) == pytest.approx(-20.0)
    assert geo.angle_diff(180, 0) == 180.0
    assert geo.angle_diff(0, 180) == 180.0
    assert geo.angle_diff(90, 90) == 0.0


def test_front_and_rear_arcs_are_closed_and_share_their_border() -> None:
    # MK-G3, MK-A2: |Δ| ≤ φ is front, |Δ| ≥ φ is rear; the border is both
    b = body("a1", 0, 0, facing=90, half_arc=45)
    assert geo.in_front_arc(b, 90) and not geo.in_rear_arc(b, 90)
    assert geo.in_front_arc(b, 135) and geo.in_rear_arc(b, 135)
    assert geo.in_front_arc(b, 45) and geo.in_rear_arc(b, 45)
    assert not geo.in_front_arc(b, 135.2) and geo.in_rear_arc(b, 135.2)
    assert geo.in_rear_arc(b, 270) and not geo.in_front_arc(b, 270)


def test_a_wide_front_arc_is_the_front_half() -> None:
    # MK-A1, MK-X4: a 180° figure has φ = 90
    b = body("a1", 0, 0, facing=0, half_arc=90)
    assert geo.in_front_arc(b, 90) and geo.in_front_arc(b, 270)
    assert not geo.in_front_arc(b, 180)


# ------------------------------------------------------------------------------ distances

def test_point_segment_distance_and_crossings() -> None:
    assert geo.point_segment_distance(0, 1, -1, 0, 1, 0) == 1.0
    assert geo.point_segment_distance(3, 0, -1, 0, 1, 0) == 2.0
    assert geo.point_segment_distance(0, 0, 2, 2, 2, 2) == pytest.approx(math.sqrt(8))
    assert geo.segments_cross(0, 0, 2, 2, 0, 2, 2, 0)
    assert not geo.segments_cross(0, 0, 1, 1, 1, 1, 2, 0)       # touching at an end
    assert geo.segments_intersect(0, 0, 1, 1, 1, 1, 2, 0)
    assert not geo.segments_cross(0, 0, 2, 0, 1, 0, 3, 0)       # collinear overlap
    assert geo.segments_intersect(0, 0, 2, 0, 1, 0, 3, 0)
    assert not geo.segments_intersect(0, 0, 1, 0, 2, 0, 3, 0)
    assert geo.segment_segment_distance(0, 0, 1, 0, 0, 2, 1, 2) == 2.0


def test_path_length_is_the_sum_of_its_segments() -> None:
    # MK-G11, MK-7.1
    assert geo.path_length([(0, 0), (3, 4), (3, 10)]) == pytest.approx(11.0)
    assert geo.point_along([(0, 0), (3, 4), (3, 10)], 7.0) == pytest.approx((3.0, 6.0))
    assert geo.point_along([(0, 0), (3, 4)], 99.0) == (3, 4)


# ------------------------------------------------------------------------------ discs

def test_contact_has_a_tolerance_band_of_eps() -> None:
    # MK-G4, MK-6.2: | |cA - cB| - (rA + rB) | ≤ ε touches; below rA + rB - ε overlaps
    a = body("a1", 10, 10)
    for x, expect in ((11.25, "touch"), (11.26, "touch"), (11.24, "touch"),
                      (11.2601, "apart"), (11.2399, "overlap"), (13.0, "apart")):
        b = body("b1", x, 10)
        got = ("touch" if geo.touching(a, b, EPS) else
               "overlap" if geo.overlapping(a, b, EPS) else "apart")
        assert got == expect, x
        assert geo.apart(a, b, EPS) == (expect == "apart")


def test_contact_ignores_height() -> None:
    # MK-G4, MK-15.11: contact is judged from above
    assert geo.touching(body("a1", 10, 10, elevated=True), body("b1", 11.25, 10), EPS)


def test_arc_contact_front_and_rear() -> None:
    # MK-G5, MK-9.1, MK-9.3: the contact point lies from A towards B
    a = body("a1", 10, 10, facing=0)          # faces +x
    b = body("b1", 11.25, 10, facing=0)       # faces away from A: A is behind it
    assert geo.front_touches(a, b, EPS)
    assert geo.touches_rear(a, b, EPS)
    assert not geo.front_touches(b, a, EPS)
    assert not geo.touches_rear(b, a, EPS)     # B touches A's front arc, not its rear
    apart = body("b2", 12.0, 10)
    assert not geo.front_touches(a, apart, EPS)
    assert geo.contact_point(a, b) == pytest.approx((10.625, 10.0))


def test_arc_contact_on_the_border_counts_both_ways() -> None:
    # MK-A2: a contact point on the arc border passes the front test and earns the rear +1
    a = body("a1", 0, 0, facing=0, half_arc=45)
    bx, by = geo.touching_spot(a, 45.0, R)
    b = body("b1", bx, by, facing=225 + 45, half_arc=45)   # A at 225 seen from B: border
    assert geo.front_touches(a, b, EPS)
    assert geo.touches_rear(a, b, EPS)
    assert geo.front_touches(b, a, EPS)


def test_free_spin_faces_the_mover() -> None:
    # MK-G5, MK-7.10: the spin may give any facing that puts the mover in the front arc
    b = body("b1", 5, 5, facing=270)
    facing = geo.facing_towards(b, 5, 7)
    assert facing == pytest.approx(90.0)
    assert geo.spin_faces(b, facing, 5, 7)
    assert geo.spin_faces(b, 130.0, 5, 7)          # 40° off, inside φ = 45
    assert not geo.spin_faces(b, 140.0, 5, 7)


def test_touching_spot_is_in_contact() -> None:
    # MK-G4
    a = body("a1", 3, 4)
    x, y = geo.touching_spot(a, 30.0, R)
    assert geo.touching(a, body("b1", x, y), 0.0 + 1e-9)


# ------------------------------------------------------------------------------ line of fire

def test_lof_crosses_a_base_only_inside_r_minus_eps() -> None:
    # MK-G8, MK-8.2, MK-8.4: dist(c, S) < r - ε blocks; [r - ε, r + ε] is borderline
    s, t = (0.0, 0.0), (10.0, 0.0)
    cases = {0.0: "blocked", 0.6: "blocked", 0.615: "borderline", 0.625: "borderline",
             0.635: "borderline", 0.6351: "clear", 2.0: "clear"}
    for offset, expect in cases.items():
        crossing = geo.lof_bases(*s, *t, [body("c1", 5.0, offset)], EPS)
        got = ("blocked" if crossing.blocker else
               "borderline" if crossing.borderline else "clear")
        assert got == expect, offset


def test_lof_ignores_shooter_target_and_skipped_and_reports_the_first_blocker() -> None:
    # MK-8.4, MK-G8: friend or foe blocks, but never the shooter or the target
    bodies = [body("s", 0, 0), body("t", 10, 0), body("x", 3, 0), body("y", 6, 0.3)]
    crossing = geo.lof_bases(0, 0, 10, 0, bodies, EPS, {"s", "t"})
    assert crossing.blocker == "x"
    assert geo.lof_bases(0, 0, 10, 0, bodies, EPS, {"s", "t", "x"}).blocker == "y"
    assert geo.lof_bases(0, 0, 10, 0, bodies, EPS, {"s", "t", "x", "y"}).blocker is None


def test_lof_past_the_end_of_the_segment_does_not_cross() -> None:
    # MK-G8: S is the segment between the centres, not the infinite line
    assert geo.lof_bases(0, 0, 10, 0, [body("x", 11.5, 0)], EPS).blocker is None


def test_range_is_inclusive() -> None:
    # MK-G9, MK-8.3: equal is in range
    s = body("a1", 0, 0)
    assert geo.in_range(s, 3, 4, 5)
    assert not geo.in_range(s, 3, 4.01, 5)


def test_front_arc_of_a_lof() -> None:
    # MK-G10, MK-8.3, MK-6.5
    s = body("a1", 0, 0, facing=0, half_arc=45)
    assert geo.lof_in_front_arc(s, 10, 10)          # exactly 45°: the closed border
    assert geo.lof_in_front_arc(s, 10, -5)
    assert not geo.lof_in_front_arc(s, 5, 10)
    assert not geo.lof_in_front_arc(s, -10, 0)


# ------------------------------------------------------------------------------ paths

def test_path_may_not_cross_a_base() -> None:
    # MK-G11 (a), MK-7.2
    mover = body("a1", 0, 0)
    other = body("b1", 5, 0.5)
    hit = geo.path_vs_bases([(0, 0), (10, 0)], mover, [mover, other], EPS)
    assert hit == geo.PathHit("a", ("b1",), 0)
    assert geo.path_vs_bases([(0, 0), (10, -0.2)], mover, [mover, body("b1", 5, 0.5)],
                             EPS) == geo.PathHit("a", ("b1",), 0)
    # the line passing at exactly r - ε from the centre is allowed
    assert geo.path_vs_bases([(0, 0), (10, 0)], mover, [mover, body("b1", 5, 0.615)],
                             EPS) is None


def test_path_width_centre_lets_the_line_through_a_narrow_gap() -> None:
    # MK-A4, MK-G11 (a): only the centre line counts by default; `base` sweeps the disc
    mover = body("a1", 0, 0)
    left, right = body("b1", 5, 1.0), body("b2", 5, -1.0)      # gap 0.75 < a base
    path = [(0, 0), (10, 0)]
    assert geo.path_vs_bases(path, mover, [mover, left, right], EPS) is None
    assert geo.path_vs_bases(path, mover, [mover, left, right], EPS,
                             path_width="base") == geo.PathHit("a", ("b1",), 0)
    with pytest.raises(ValueError):
        geo.path_vs_bases(path, mover, [mover], EPS, path_width="wide")


def test_path_may_not_squeeze_between_touching_bases() -> None:
    # MK-G11 (b), MK-7.2: the segment between two touching centres is a wall
    mover = body("a1", 0, 0)
    a, b = body("b1", 5, 0.625), body("b2", 5, -0.625)           # touching at (5, 0)
    path = [(0, 0), (10, 0)]
    assert geo.contact_pairs([a, b], EPS) == (("b1", "b2"),)
    assert geo.path_vs_bases(path, mover, [mover, a, b], EPS) == geo.PathHit(
        "b", ("b1", "b2"), 0)
    # the mover's own pair with another figure is not a wall for it
    c = body("b3", 1.25, 0)
    assert geo.path_vs_bases([(0, 0), (0, 5)], mover, [mover, c], EPS) is None


def test_path_skips_the_movers_own_captive() -> None:
    # MK-G11 (a): the mover's own captive excepted
    mover = body("a1", 0, 0)
    captive = body("b1", 1.25, 0)
    assert geo.path_vs_bases([(0, 0), (5, 0)], mover, [mover, captive], EPS) is not None
    assert geo.path_vs_bases([(0, 0), (5, 0)], mover, [mover, captive], EPS,
                             skip=("b1",)) is None


def test_path_hit_names_the_segment() -> None:
    # MK-G11: a polyline; every segment is checked
    mover = body("a1", 0, 0)
    other = body("b1", 5, 5)
    hit = geo.path_vs_bases([(0, 0), (0, 5), (10, 5)], mover, [mover, other], EPS)
    assert hit == geo.PathHit("a", ("b1",), 1)


# ------------------------------------------------------------------------------ areas, formations

def test_shockwave_is_half_range_unrounded() -> None:
    # MK-G15, MK-19.5, MK-A26: 7 becomes 3.5, exactly, all round
    s = body("a1", 0, 0, facing=0)
    bodies = [s, body("b1", 3.5, 0), body("b2", 0, -3.5), body("b3", 3.51, 0),
              body("a2", -1.25, 0)]
    assert geo.shockwave_struck(s, bodies, 7) == ("b1", "b2", "a2")


def test_levitation_is_ten_inches() -> None:
    # MK-G16, MK-17.4
    assert geo.levitation_ok(0, 0, 6, 8)
    assert not geo.levitation_ok(0, 0, 6, 8.01)
    assert geo.LEVITATION_DISTANCE == 10.0


def test_formation_graph_and_connectivity() -> None:
    # MK-G21, MK-13.5, MK-A13
    chain = [body("a1", 0, 0), body("a2", 1.25, 0), body("a3", 2.5, 0)]
    graph = geo.contact_graph(chain, EPS)
    assert graph == {"a1": ("a2",), "a2": ("a1", "a3"), "a3": ("a2",)}
    assert geo.is_connected(graph) and geo.each_touches_another(graph)
    pairs = [body("a1", 0, 0), body("a2", 1.25, 0), body("a3", 10, 0), body("a4", 11.25, 0)]
    split = geo.contact_graph(pairs, EPS)
    assert geo.each_touches_another(split) and not geo.is_connected(split)
    lone = geo.contact_graph([body("a1", 0, 0), body("a2", 5, 0)], EPS)
    assert not geo.each_touches_another(lone) and not geo.is_connected(lone)
    assert not geo.is_connected({})


# ------------------------------------------------------------------------------ polygons

SQUARE = ((2.0, 0.0), (4.0, 0.0), (4.0, 2.0), (2.0, 2.0))


def test_polygon_distance_is_zero_inside() -> None:
    # MK-G7: dist(c, T) to the closed polygon
    assert geo.polygon_distance(3, 1, SQUARE) == 0.0
    assert geo.polygon_distance(0, 1, SQUARE) == 2.0
    assert geo.polygon_distance(5, 3, SQUARE) == pytest.approx(math.sqrt(2))


def test_segment_meets_interior_ignores_grazing() -> None:
    # MK-G8: a LOF crosses terrain when it meets the interior; corners and edges do not count
    assert geo.segment_meets_interior(0, 1, 10, 1, SQUARE)
    assert not geo.segment_meets_interior(0, 0, 10, 0, SQUARE)         # along an edge
    assert not geo.segment_meets_interior(0, 0, 4, 4, SQUARE)          # through a corner
    assert geo.segment_meets_interior(0, 4, 4, 0, SQUARE)              # corner to corner
    assert geo.segment_meets_interior(2, 0, 4, 2, SQUARE)              # the diagonal
    assert geo.segment_meets_interior(3, 1, 3.5, 1.5, SQUARE)          # wholly inside
    assert not geo.segment_meets_interior(3, 0, 3, -5, SQUARE)         # leaving from an edge
    assert not geo.segment_meets_interior(5, 5, 9, 9, SQUARE)


def test_concave_polygon_interior() -> None:
    # MK-G6: concave outlines are allowed
    u_shape = ((0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6))
    assert not geo.segment_meets_interior(3, 3, 3, 10, u_shape)        # up the notch
    assert geo.segment_meets_interior(1, 8, 5, 8 - 8, u_shape)
    assert geo.polygon_distance(3, 4, u_shape) == 1.0


def test_sector_meets_polygon() -> None:
    # MK-G13: the front-arc slice of the disc against an area's interior
    ring = [((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))]
    # centre 0.3 outside the left edge, facing away: clear; facing along the edge: not
    assert not geo.sector_meets_polygon(-0.3, 5, R, 180, 45, ring)
    assert geo.sector_meets_polygon(-0.3, 5, R, 90, 45, ring)
    assert geo.sector_meets_polygon(-0.3, 5, R, 0, 45, ring)
    # a half-disc facing straight away from an edge through its centre touches only the edge
    assert not geo.sector_meets_polygon(0.0, 5, R, 180, 90, ring)
    assert geo.sector_meets_polygon(5, 5, R, 0, 45, ring)             # centre inside


def test_line_capsule_interval() -> None:
    # MK-G12 helper: where a moving centre is within k of an edge
    hit = geo.line_capsule_interval(0, 0, 1, 0, 5, 1, 6, 1, 1.5)
    assert hit is not None
    assert hit[0] == pytest.approx(5 - math.sqrt(1.25))
    assert hit[1] == pytest.approx(6 + math.sqrt(1.25))
    assert geo.line_capsule_interval(0, 0, 1, 0, 5, 3, 6, 3, 1.5) is None


def test_segment_hits_box() -> None:
    assert geo.segment_hits_box(0, 0, 10, 10, (4, 4, 6, 6))
    assert not geo.segment_hits_box(0, 10, 3, 7, (4, 4, 6, 6))
    assert geo.segment_hits_box(0, 10, 3, 7, (4, 4, 6, 6), reach=1.0)
    assert not geo.segment_hits_box(0, 0, 10, 0, (4, 4, 6, 6))


def test_sector_from_a_corner_or_an_edge() -> None:
    # MK-G13: with the centre on the outline, only directions into the interior count
    ring = [((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))]
    assert geo.sector_meets_polygon(0.0, 5, R, 0, 45, ring)           # on an edge, facing in
    assert not geo.sector_meets_polygon(0.0, 5, R, 180, 45, ring)     # facing out
    assert not geo.sector_meets_polygon(0.0, 0.0, R, 225, 45, ring)   # corner, facing out
    assert not geo.sector_meets_polygon(0.0, 0.0, R, 180, 90, ring)   # border along the edge
    assert geo.sector_meets_polygon(0.0, 0.0, R, 180, 91, ring)
    assert geo.sector_meets_polygon(0.0, 0.0, R, 45, 10, ring)        # corner, facing in
