"""Property tests of mage-knight's geometry and terrain math (hypothesis).

They check the symmetries and tolerance borders the rules rely on (MK-G3, MK-G4, MK-G8,
MK-G11, MK-G12), that coordinates rounded to 0.01 in keep a contact (the notation stores them
that way), and the analytic polygon tests against shapely or brute-force sampling.
"""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import terrain as tr
from grimorio.games.mage_knight.geometry import Body

R = 0.625
EPS = 0.01
FEW = settings(max_examples=80, deadline=None)

coords = st.floats(min_value=0.0, max_value=39.37, allow_nan=False, allow_infinity=False)
angles = st.floats(min_value=0.0, max_value=359.9, allow_nan=False, allow_infinity=False)
half_arcs = st.sampled_from([45.0, 90.0])


def body(wid: str, x: float, y: float, facing: float = 0.0, half_arc: float = 45.0) -> Body:
    return Body(wid, x, y, R, facing, half_arc, False)


@st.composite
def bodies(draw: st.DrawFn, count: int) -> list[Body]:
    placed: list[Body] = []
    for i in range(count):
        x, y = draw(coords), draw(coords)
        placed.append(body(f"b{i}", x, y, draw(angles)))
    return placed


@FEW
@given(coords, coords, coords, coords)
def test_contact_is_symmetric_and_exactly_one_state(ax: float, ay: float, bx: float,
                                                    by: float) -> None:
    # MK-G4: touching, overlapping and apart partition every pair, symmetrically
    a, b = body("a", ax, ay), body("b", bx, by)
    assert geo.touching(a, b, EPS) == geo.touching(b, a, EPS)
    assert geo.overlapping(a, b, EPS) == geo.overlapping(b, a, EPS)
    states = [geo.touching(a, b, EPS), geo.overlapping(a, b, EPS), geo.apart(a, b, EPS)]
    assert states.count(True) == 1


@FEW
@given(coords, coords, angles, st.floats(min_value=-0.03, max_value=0.03))
def test_contact_tolerance_border(ax: float, ay: float, angle: float, delta: float) -> None:
    # MK-G4: at distance 2r + δ the bases touch exactly when |δ| ≤ ε
    assume(abs(abs(delta) - EPS) > 1e-6)
    a = body("a", ax, ay)
    rad = math.radians(angle)
    b = body("b", ax + (2 * R + delta) * math.cos(rad), ay + (2 * R + delta) * math.sin(rad))
    assert geo.touching(a, b, EPS) == (abs(delta) <= EPS)
    assert geo.overlapping(a, b, EPS) == (delta < -EPS)


@FEW
@given(coords, coords, angles)
def test_rounding_to_a_hundredth_keeps_contact(ax: float, ay: float, angle: float) -> None:
    # MK-G4 and the notation: rounding each coordinate to 0.01 moves a centre ≤ 0.00708 < ε
    a = body("a", round(ax, 2), round(ay, 2))
    x, y = geo.touching_spot(a, angle, R)
    b = body("b", round(x, 2), round(y, 2))
    assert geo.touching(a, b, EPS)


@FEW
@given(angles, st.floats(min_value=0.0, max_value=180.0), half_arcs)
def test_arcs_are_symmetric_and_cover_every_direction(facing: float, delta: float,
                                                      half_arc: float) -> None:
    # MK-G3, MK-A2: symmetric about the facing; front ∪ rear is everything; both only on the
    # border
    b = body("a", 0, 0, facing, half_arc)
    left, right = geo.normalize(facing + delta), geo.normalize(facing - delta)
    assert geo.in_front_arc(b, left) == geo.in_front_arc(b, right)
    assert geo.in_rear_arc(b, left) == geo.in_rear_arc(b, right)
    assert geo.in_front_arc(b, left) or geo.in_rear_arc(b, left)
    if geo.in_front_arc(b, left) and geo.in_rear_arc(b, left):
        assert abs(delta - half_arc) < 1e-6


@FEW
@given(coords, coords, coords, coords, bodies(12))
def test_lof_against_bases_is_symmetric(sx: float, sy: float, tx: float, ty: float,
                                        others: list[Body]) -> None:
    # MK-G8, MK-8.4: the segment is the same both ways, so is the verdict
    there = geo.lof_bases(sx, sy, tx, ty, others, EPS)
    back = geo.lof_bases(tx, ty, sx, sy, others, EPS)
    assert (there.blocker is None) == (back.blocker is None)
    assert set(there.borderline) == set(back.borderline)


@FEW
@given(bodies(8), st.lists(st.tuples(coords, coords), min_size=2, max_size=4),
       st.sampled_from(geo.PATH_WIDTHS))
def test_no_accepted_path_crosses_a_base(others: list[Body], points: list[tuple[float, float]],
                                         width: str) -> None:
    # MK-G11 (a), MK-7.2, MK-A4: a path the check accepts keeps every centre at least r - ε
    # (or 2r - ε with path_width=base) from every point of it
    mover = body("m", *points[0])
    if geo.path_vs_bases(points, mover, [mover, *others], EPS, path_width=width) is not None:
        return
    bound = R - EPS + (R if width == "base" else 0.0)
    line = LineString(points) if len(set(points)) > 1 else Point(points[0])
    for other in others:
        assert line.distance(Point(other.x, other.y)) >= bound - 1e-7


square_sizes = st.floats(min_value=2.0, max_value=12.0)


@FEW
@given(coords, coords, st.lists(st.tuples(st.floats(-8, 8), st.floats(-8, 8)),
                                min_size=3, max_size=7))
def test_polygon_distance_matches_shapely(px: float, py: float,
                                          raw: list[tuple[float, float]]) -> None:
    # MK-G7: dist(c, T), 0 inside
    ring = [(20 + x, 20 + y) for x, y in raw]
    polygon = Polygon(ring)
    assume(polygon.is_valid and polygon.area > 0.5)
    expect = polygon.distance(Point(px, py))
    assert math.isclose(geo.polygon_distance(px, py, ring), expect, abs_tol=1e-7)


@FEW
@given(coords, coords, coords, coords,
       st.lists(st.tuples(st.floats(-8, 8), st.floats(-8, 8)), min_size=3, max_size=7))
def test_segment_meets_interior_matches_shapely(ax: float, ay: float, bx: float, by: float,
                                                raw: list[tuple[float, float]]) -> None:
    # MK-G8: the LOF crosses a terrain polygon when it meets its interior
    ring = [(20 + x, 20 + y) for x, y in raw]
    polygon = Polygon(ring)
    assume(polygon.is_valid and polygon.area > 0.5 and (ax, ay) != (bx, by))
    segment = LineString([(ax, ay), (bx, by)])
    expect = segment.relate_pattern(polygon, "T********")
    assert geo.segment_meets_interior(ax, ay, bx, by, ring) == expect
    assert geo.segment_meets_interior(bx, by, ax, ay, ring) == expect


@FEW
@given(st.floats(0, 39), st.floats(0, 39), st.floats(0, 39), st.floats(0, 39), square_sizes)
def test_stop_point_is_the_first_completely_inside_point(ax: float, ay: float, bx: float,
                                                         by: float, size: float) -> None:
    # MK-G12, MK-14.3: at the stop point the disc is completely within the woods, and at no
    # sampled point before it
    woods = tr.TerrainPiece("w", "hindering", ((15, 15), (15 + size, 15), (15 + size, 15 + size),
                                               (15, 15 + size)))
    field = tr.Battlefield(39.37, 39.37, (woods,), EPS)
    path = [(ax, ay), (bx, by)]
    assume(not field.completely_within([woods], ax, ay, R))
    stop = field.first_stop(path, R)
    length = geo.path_length(path)
    steps = 400
    samples = [length * i / steps for i in range(steps + 1)]
    inside = [s for s in samples
              if field.completely_within([woods], *geo.point_along(path, s), R)]
    if stop is None:
        assert not inside
        return
    x, y = geo.point_along(path, stop.s + 1e-7)
    assert field.completely_within([woods], x, y, R - 1e-6)
    assert all(s >= stop.s - 1e-6 for s in inside)
