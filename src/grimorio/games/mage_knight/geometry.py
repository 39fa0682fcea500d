"""Plane geometry of mage-knight: pure float math, no state, no shapely (MK-G1 to MK-G21).

Everything here runs inside legal-move generation, so it works on plain floats and on `Body`, a
small immutable view of one placed warrior that the engine builds (``st.bodies()``). Lengths are
inches, angles degrees (0 along +x, counter-clockwise, MK-G1). ``eps`` is the contact tolerance
(option ``contact_tolerance``, MK-G4). Terrain lives in `terrain`; this module knows only discs,
segments, polylines and simple polygons given as point tuples.

API (names are stable; MOVE, COMBAT and terrain code against them):

Bodies and constants
    ``Body(id, x, y, r, facing, half_arc, elevated)``  one placed warrior (NamedTuple).
    ``LEVITATION_DISTANCE = 10.0``  (MK-G16).  ``ANGLE_EPS``, ``LENGTH_EPS``, ``SLACK``: float
    noise only (``SLACK`` is added to ε so exact tolerance borders count as touching).
Angles and arcs (MK-G3, MK-G5, MK-G10, MK-A2)
    ``normalize(angle) -> float`` in [0, 360);  ``angle_of(dx, dy) -> float``;
    ``direction(ax, ay, bx, by) -> float``  direction of b seen from a;
    ``angle_diff(a, b) -> float``  smallest signed a - b, in (-180, 180];
    ``in_arc(angle, facing, half_arc)``, ``in_front_arc(body, angle)``, ``in_rear_arc(body, angle)``
    (closed arcs, the border belongs to both);  ``facing_towards(body, x, y) -> float`` (free spin);
    ``spin_faces(body, facing, x, y) -> bool``  would `facing` put (x, y) in its front arc.
Distances and segments
    ``distance(ax, ay, bx, by)``;  ``point_segment_distance(px, py, ax, ay, bx, by)``;
    ``segment_segment_distance(...)``;  ``segments_cross(...)`` (proper crossing, interiors only);
    ``segments_intersect(...)`` (closed: touching counts);  ``path_length(points)``;
    ``point_along(points, s) -> (x, y)``.
Discs (MK-G4, MK-G5)
    ``gap(a, b)`` = |cA - cB| - (rA + rB);  ``touching(a, b, eps)``, ``overlapping(a, b, eps)``,
    ``apart(a, b, eps)`` (exactly one is true);  ``front_touches(a, b, eps)`` (A's front arc touches
    B);  ``touches_rear(a, b, eps)`` (A touches B's rear arc);  ``contact_point(a, b)``;
    ``touching_spot(a, angle, r) -> (x, y)``  centre of a disc of radius r touching A at `angle`.
Line of fire vs bases, range, arc (MK-G8, MK-G9, MK-G10)
    ``lof_bases(sx, sy, tx, ty, bodies, eps, skip) -> BaseCrossing(blocker, borderline)``;
    ``in_range(shooter, tx, ty, range_)``;  ``lof_in_front_arc(shooter, tx, ty)``.
Paths (MK-G11 a, b; MK-A4)
    ``contact_pairs(bodies, eps) -> tuple[(id, id), ...]``;
    ``path_vs_bases(points, mover, bodies, eps, *, path_width="centre", skip=(), pairs=None)
    -> PathHit | None``.
Areas and formations (MK-G15, MK-G16, MK-G21)
    ``shockwave_struck(shooter, bodies, range_) -> tuple[str, ...]``;
    ``levitation_ok(ox, oy, nx, ny)``;  ``contact_graph(bodies, eps) -> dict[id, tuple[id, ...]]``;
    ``is_connected(graph)``;  ``each_touches_another(graph)``.
Simple polygons (used by terrain; a ring is a tuple of (x, y), not closed)
    ``polygon_bbox(ring)``;  ``point_in_polygon(px, py, ring)`` (strict inside, even-odd);
    ``point_on_boundary(px, py, ring, tol)``;  ``boundary_distance(px, py, ring)``;
    ``polygon_distance(px, py, ring)`` (0 inside, MK-G7);
    ``segment_meets_interior(ax, ay, bx, by, ring) -> bool`` (MK-G8 terrain crossing);
    ``segment_outline_params(ax, ay, bx, by, ring) -> list[float]`` (cuts of [a, b] by the outline);
    ``segment_polygon_distance(ax, ay, bx, by, ring)``;
    ``segment_hits_box(ax, ay, bx, by, box, reach)`` (cheap pre-test);
    ``sector_meets_polygon(cx, cy, r, facing, half_arc, rings)`` (MK-G13);
    ``line_capsule_interval(ax, ay, bx, by, ex0, ey0, ex1, ey1, k) -> (t0, t1) | None``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

Point = tuple[float, float]
Ring = Sequence[Point]

ANGLE_EPS = 1e-7
"""Degrees of float noise ignored by the arc tests; angles are stored to 0.1°, so this never
changes a real decision."""

LENGTH_EPS = 1e-9
"""Inches of float noise ignored where a rule says "exactly" (range, Shockwave, levitation)."""

SLACK = 1e-9
"""Added to every tolerance ε so that a value exactly on a tolerance border (coordinates are
stored to 0.01 in, ε is 0.01 in) lands on the tolerant side despite float rounding: touching
rather than overlapping or apart, completely within rather than not."""

LEVITATION_DISTANCE = 10.0
"""Magic Levitation's straight-line limit (MK-17.4, MK-G16)."""

PATH_WIDTHS = ("centre", "base")
"""Values of option `path_width` (MK-A4)."""


class Body(NamedTuple):
    """One placed warrior as the geometry sees it (MK-G2, MK-G3, MK-G14)."""

    id: str
    x: float
    y: float
    r: float
    facing: float
    half_arc: float
    elevated: bool = False


class BaseCrossing(NamedTuple):
    """Result of `lof_bases`: the first base the LOF crosses (MK-G8) and the bases it passes
    within the tolerance band, which only the dispute rule looks at (MK-24.3, MK-A44)."""

    blocker: str | None
    borderline: tuple[str, ...]


class PathHit(NamedTuple):
    """Why a path fails MK-G11 against figures: part "a" (over a base) or "b" (between two
    touching bases), the ids involved, and the index of the path segment."""

    part: str
    ids: tuple[str, ...]
    segment: int


# ------------------------------------------------------------------------------ angles, arcs

def normalize(angle: float) -> float:
    """`angle` in [0, 360)."""
    value = angle % 360.0
    return 0.0 if value >= 360.0 else value


def angle_of(dx: float, dy: float) -> float:
    """Direction of the vector (dx, dy) in degrees, [0, 360) (MK-G1)."""
    return normalize(math.degrees(math.atan2(dy, dx)))


def direction(ax: float, ay: float, bx: float, by: float) -> float:
    """Direction of point b seen from point a: dir(b - a)."""
    return angle_of(bx - ax, by - ay)


def angle_diff(a: float, b: float) -> float:
    """Smallest signed difference a - b, in (-180, 180] (the Δ of MK-G3)."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def in_arc(angle: float, facing: float, half_arc: float) -> bool:
    """Closed front-arc test: |Δ(angle, facing)| ≤ half_arc (MK-G3, MK-A2)."""
    return abs(angle_diff(angle, facing)) <= half_arc + ANGLE_EPS


def in_front_arc(body: Body, angle: float) -> bool:
    """Direction `angle` (from the body's centre) lies in its front arc (MK-G3)."""
    return in_arc(angle, body.facing, body.half_arc)


def in_rear_arc(body: Body, angle: float) -> bool:
    """Direction `angle` lies in the body's rear arc: |Δ| ≥ φ, border included (MK-G3, MK-A2)."""
    return abs(angle_diff(angle, body.facing)) >= body.half_arc - ANGLE_EPS


def facing_towards(body: Body, x: float, y: float) -> float:
    """The facing that points the body straight at (x, y): the free spin's natural choice
    (MK-G5, MK-7.10)."""
    return direction(body.x, body.y, x, y)


def spin_faces(body: Body, facing: float, x: float, y: float) -> bool:
    """Whether turning `body` to `facing` brings the direction of (x, y) into its front arc, as
    a free spin must (MK-G5)."""
    return in_arc(direction(body.x, body.y, x, y), facing, body.half_arc)


# ------------------------------------------------------------------------------ distances

def distance(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def point_segment_distance(px: float, py: float, ax: float, ay: float,
                           bx: float, by: float) -> float:
    """Distance from point p to the closed segment [a, b]."""
    dx = bx - ax
    dy = by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / length2
    if t <= 0.0:
        return math.hypot(px - ax, py - ay)
    if t >= 1.0:
        return math.hypot(px - bx, py - by)
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    """Twice the signed area of triangle abc: > 0 when c is left of a→b."""
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segments_cross(ax: float, ay: float, bx: float, by: float,
                   cx: float, cy: float, dx: float, dy: float) -> bool:
    """Proper crossing: [a, b] and [c, d] meet at one point interior to both (touching at an end
    or running along each other does not count)."""
    d1 = _orient(cx, cy, dx, dy, ax, ay)
    d2 = _orient(cx, cy, dx, dy, bx, by)
    d3 = _orient(ax, ay, bx, by, cx, cy)
    d4 = _orient(ax, ay, bx, by, dx, dy)
    return ((d1 > 0.0 > d2) or (d1 < 0.0 < d2)) and ((d3 > 0.0 > d4) or (d3 < 0.0 < d4))


def _on_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> bool:
    """p, known to be collinear with [a, b], lies within its bounding box."""
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def segments_intersect(ax: float, ay: float, bx: float, by: float,
                       cx: float, cy: float, dx: float, dy: float) -> bool:
    """Closed test: [a, b] and [c, d] have at least one point in common."""
    d1 = _orient(cx, cy, dx, dy, ax, ay)
    d2 = _orient(cx, cy, dx, dy, bx, by)
    d3 = _orient(ax, ay, bx, by, cx, cy)
    d4 = _orient(ax, ay, bx, by, dx, dy)
    if ((d1 > 0.0 > d2) or (d1 < 0.0 < d2)) and ((d3 > 0.0 > d4) or (d3 < 0.0 < d4)):
        return True
    return ((d1 == 0.0 and _on_segment(ax, ay, cx, cy, dx, dy))
            or (d2 == 0.0 and _on_segment(bx, by, cx, cy, dx, dy))
            or (d3 == 0.0 and _on_segment(cx, cy, ax, ay, bx, by))
            or (d4 == 0.0 and _on_segment(dx, dy, ax, ay, bx, by)))


def segment_segment_distance(ax: float, ay: float, bx: float, by: float,
                             cx: float, cy: float, dx: float, dy: float) -> float:
    """Least distance between the closed segments [a, b] and [c, d]."""
    if segments_intersect(ax, ay, bx, by, cx, cy, dx, dy):
        return 0.0
    return min(point_segment_distance(ax, ay, cx, cy, dx, dy),
               point_segment_distance(bx, by, cx, cy, dx, dy),
               point_segment_distance(cx, cy, ax, ay, bx, by),
               point_segment_distance(dx, dy, ax, ay, bx, by))


def path_length(points: Sequence[Point]) -> float:
    """Length of a polyline: the sum of its segments (MK-G11, MK-7.1)."""
    return sum(math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
               for i in range(len(points) - 1))


def point_along(points: Sequence[Point], s: float) -> Point:
    """The point at length `s` along a polyline (clamped to its ends)."""
    if s <= 0.0 or len(points) == 1:
        return points[0]
    walked = 0.0
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        step = math.hypot(bx - ax, by - ay)
        if step > 0.0 and walked + step >= s:
            t = (s - walked) / step
            return (ax + t * (bx - ax), ay + t * (by - ay))
        walked += step
    return points[-1]


# ------------------------------------------------------------------------------ discs

def gap(a: Body, b: Body) -> float:
    """Distance between the two base edges: |cA - cB| - (rA + rB); negative when they overlap."""
    return math.hypot(b.x - a.x, b.y - a.y) - (a.r + b.r)


def touching(a: Body, b: Body, eps: float) -> bool:
    """Base contact: | |cA - cB| - (rA + rB) | ≤ ε, height ignored (MK-G4, MK-15.11)."""
    return abs(gap(a, b)) <= eps + SLACK


def overlapping(a: Body, b: Body, eps: float) -> bool:
    """The bases overlap by more than the tolerance: never a legal position (MK-G4)."""
    return gap(a, b) < -eps - SLACK


def apart(a: Body, b: Body, eps: float) -> bool:
    """The bases are clear of each other by more than the tolerance (MK-G4)."""
    return gap(a, b) > eps + SLACK


def front_touches(a: Body, b: Body, eps: float) -> bool:
    """A's front arc touches B: the bases touch and dir(cB - cA) is in A's front arc (MK-G5)."""
    return touching(a, b, eps) and in_front_arc(a, direction(a.x, a.y, b.x, b.y))


def touches_rear(a: Body, b: Body, eps: float) -> bool:
    """A touches B's rear arc: the bases touch and dir(cA - cB) is in B's rear arc (MK-G5)."""
    return touching(a, b, eps) and in_rear_arc(b, direction(b.x, b.y, a.x, a.y))


def contact_point(a: Body, b: Body) -> Point:
    """Where A's edge meets the line to B's centre: the contact point of MK-G5."""
    d = math.hypot(b.x - a.x, b.y - a.y)
    if d == 0.0:
        return (a.x, a.y)
    return (a.x + (b.x - a.x) * a.r / d, a.y + (b.y - a.y) * a.r / d)


def touching_spot(a: Body, angle: float, r: float) -> Point:
    """Centre of a disc of radius `r` touching A exactly, in direction `angle` from A."""
    rad = math.radians(angle)
    reach = a.r + r
    return (a.x + reach * math.cos(rad), a.y + reach * math.sin(rad))


# ------------------------------------------------------------------------------ line of fire

def lof_bases(sx: float, sy: float, tx: float, ty: float, bodies: Iterable[Body], eps: float,
              skip: Iterable[str] = ()) -> BaseCrossing:
    """The LOF segment from (sx, sy) to (tx, ty) against the bases of `bodies` (MK-G8, MK-8.4).

    A base blocks when dist(c, S) < r - ε; one in [r - ε, r + ε] is borderline. The caller
    passes in `skip` the shooter and the target (and any figure whose base the elevation rules
    ignore); the first blocker found is returned, the borderline ids in body order.
    """
    skipped = skip if isinstance(skip, (set, frozenset)) else frozenset(skip)
    dx = tx - sx
    dy = ty - sy
    length2 = dx * dx + dy * dy
    inv = 1.0 / length2 if length2 > 0.0 else 0.0
    eps += SLACK
    blocker: str | None = None
    borderline: list[str] = []
    # squared distances and tuple unpacking: this loop runs for every LOF of every candidate;
    # most bases are dismissed by their distance to the infinite line alone
    for bid, bx, by, br, _facing, _arc, _high in bodies:
        px = bx - sx
        py = by - sy
        reach = br + eps
        cross = px * dy - py * dx
        if cross * cross > reach * reach * length2 and length2 > 0.0:
            continue
        t = (px * dx + py * dy) * inv
        if t < 0.0:
            t = 0.0
        elif t > 1.0:
            t = 1.0
        ex = px - t * dx
        ey = py - t * dy
        d2 = ex * ex + ey * ey
        if d2 > reach * reach or bid in skipped:
            continue
        low = br - eps
        if low > 0.0 and d2 < low * low:
            if blocker is None:
                blocker = bid
        else:
            borderline.append(bid)
    return BaseCrossing(blocker, tuple(borderline))


def in_range(shooter: Body, tx: float, ty: float, range_: float) -> bool:
    """|cTarget - cShooter| ≤ range; exactly equal is in range (MK-G9, MK-8.3)."""
    return math.hypot(tx - shooter.x, ty - shooter.y) <= range_ + LENGTH_EPS


def lof_in_front_arc(shooter: Body, tx: float, ty: float) -> bool:
    """dir(cTarget - cShooter) lies in the shooter's front arc (MK-G10, MK-8.3)."""
    return in_front_arc(shooter, direction(shooter.x, shooter.y, tx, ty))


# ------------------------------------------------------------------------------ paths

def contact_pairs(bodies: Sequence[Body], eps: float) -> tuple[tuple[str, str], ...]:
    """Every pair of bodies in base contact (MK-G4), each pair once, in body order."""
    pairs: list[tuple[str, str]] = []
    for i, a in enumerate(bodies):
        for b in bodies[i + 1:]:
            if abs(math.hypot(b.x - a.x, b.y - a.y) - a.r - b.r) <= eps + SLACK:
                pairs.append((a.id, b.id))
    return tuple(pairs)


def path_vs_bases(points: Sequence[Point], mover: Body, bodies: Sequence[Body], eps: float, *,
                  path_width: str = "centre", skip: Iterable[str] = (),
                  pairs: Sequence[tuple[str, str]] | None = None) -> PathHit | None:
    """The first way the polyline `points` breaks MK-G11 (a) or (b), or None.

    (a) each other figure f (not the mover, not in `skip`, e.g. its own captive) must keep
    dist(cf, path) ≥ rf - ε; with ``path_width="base"`` the whole mover's disc is swept, so the
    bound is rf + r_mover - ε (MK-A4). (b) the path may not meet the segment [cA, cB] of any
    pair in base contact that does not include the mover. Touching that segment counts: a path
    can reach it only through the contact point, which is exactly the squeeze MK-7.2 forbids.
    `pairs` may be passed in when the caller caches `contact_pairs`.
    """
    if path_width not in PATH_WIDTHS:
        raise ValueError(f"path_width must be one of {PATH_WIDTHS}, not {path_width!r}")
    mover_id = mover.id
    widen = (mover.r if path_width == "base" else 0.0) - eps - SLACK
    if skip:
        skipped = set(skip)
        skipped.add(mover_id)
        others = [b for b in bodies if b.id not in skipped]
    else:
        others = [b for b in bodies if b.id != mover_id]
    if pairs is None:
        pairs = contact_pairs(bodies, eps)
    squeezes: list[tuple[Body, Body]] = []
    if pairs:
        by_id = {b.id: b for b in bodies}
        squeezes = [(by_id[a], by_id[b]) for a, b in pairs
                    if a != mover_id and b != mover_id and a in by_id and b in by_id]
    for index in range(len(points) - 1):
        (ax, ay), (bx, by) = points[index], points[index + 1]
        for body in others:
            if point_segment_distance(body.x, body.y, ax, ay, bx, by) < body.r + widen:
                return PathHit("a", (body.id,), index)
        for first, second in squeezes:
            if segments_intersect(ax, ay, bx, by, first.x, first.y, second.x, second.y):
                return PathHit("b", (first.id, second.id), index)
    return None


# ------------------------------------------------------------------------------ areas, formations

def shockwave_struck(shooter: Body, bodies: Iterable[Body], range_: float) -> tuple[str, ...]:
    """Ids of every body other than the shooter whose centre is within range / 2, not rounded
    (MK-G15, MK-19.5, MK-A26). Captives are the caller's to leave out (MK-12.6)."""
    reach = range_ / 2.0 + LENGTH_EPS
    return tuple(b.id for b in bodies
                 if b.id != shooter.id and math.hypot(b.x - shooter.x, b.y - shooter.y) <= reach)


def levitation_ok(ox: float, oy: float, nx: float, ny: float) -> bool:
    """A levitated figure moves at most 10 in, in a straight line (MK-G16, MK-17.4)."""
    return math.hypot(nx - ox, ny - oy) <= LEVITATION_DISTANCE + LENGTH_EPS


def contact_graph(bodies: Sequence[Body], eps: float) -> dict[str, tuple[str, ...]]:
    """The formation contact graph: members as nodes, an edge per pair in base contact (MK-G21)."""
    graph: dict[str, list[str]] = {b.id: [] for b in bodies}
    for a, b in contact_pairs(bodies, eps):
        graph[a].append(b)
        graph[b].append(a)
    return {k: tuple(v) for k, v in graph.items()}


def is_connected(graph: Mapping[str, Sequence[str]]) -> bool:
    """A single component (MK-G21, MK-A13); an empty graph is not a formation."""
    if not graph:
        return False
    start = next(iter(graph))
    seen = {start}
    todo = [start]
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(graph)


def each_touches_another(graph: Mapping[str, Sequence[str]]) -> bool:
    """Every member touches at least one other member (MK-13.5, MK-13.8, MK-A13)."""
    return bool(graph) and all(graph.values())


# ------------------------------------------------------------------------------ simple polygons

def polygon_bbox(ring: Ring) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) of a ring."""
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def point_in_polygon(px: float, py: float, ring: Ring) -> bool:
    """Even-odd test; points on the boundary may go either way (callers that care combine it
    with `boundary_distance`)."""
    inside = False
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        if (y1 > py) != (y0 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside


def boundary_distance(px: float, py: float, ring: Ring) -> float:
    """Distance from p to the polygon's outline."""
    best = math.inf
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        d = point_segment_distance(px, py, x0, y0, x1, y1)
        if d < best:
            best = d
        x0, y0 = x1, y1
    return best


def point_on_boundary(px: float, py: float, ring: Ring, tol: float = LENGTH_EPS) -> bool:
    return boundary_distance(px, py, ring) <= tol


def polygon_distance(px: float, py: float, ring: Ring) -> float:
    """dist(c, T) for the closed polygon T: 0 inside it (MK-G7)."""
    if point_in_polygon(px, py, ring):
        return 0.0
    return boundary_distance(px, py, ring)


def segment_outline_params(ax: float, ay: float, bx: float, by: float, ring: Ring) -> list[float]:
    """Parameters t in [0, 1] along [a, b] where it meets the ring's outline, with 0 and 1."""
    ts = [0.0, 1.0]
    dx = bx - ax
    dy = by - ay
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        ex = x1 - x0
        ey = y1 - y0
        denom = dx * ey - dy * ex
        if denom != 0.0:
            t = ((x0 - ax) * ey - (y0 - ay) * ex) / denom
            u = ((x0 - ax) * dy - (y0 - ay) * dx) / denom
            if -1e-12 <= u <= 1.0 + 1e-12 and 0.0 < t < 1.0:
                ts.append(t)
        else:
            # parallel: vertices lying on the segment split it too
            length2 = dx * dx + dy * dy
            if length2 > 0.0:
                for vx, vy in ((x0, y0), (x1, y1)):
                    if abs((vx - ax) * dy - (vy - ay) * dx) <= 1e-12 * (1.0 + length2):
                        t = ((vx - ax) * dx + (vy - ay) * dy) / length2
                        if 0.0 < t < 1.0:
                            ts.append(t)
        x0, y0 = x1, y1
    ts.sort()
    return ts


def segment_meets_interior(ax: float, ay: float, bx: float, by: float, ring: Ring,
                           tol: float = 1e-9) -> bool:
    """Whether the segment [a, b] meets the polygon's interior (MK-G8 for terrain): grazing a
    corner or running along an edge does not count.

    A proper crossing of an edge (interior points of both, from one side to the other) enters
    the interior, since a simple polygon lies on one side of each edge near its middle. A
    segment that meets no edge is wholly inside or outside, so its midpoint decides. Only the
    degenerate contacts (through a corner, along an edge, ending on the outline) need the full
    test: the segment is cut where it meets the outline and the midpoint of each piece decides;
    a midpoint within `tol` of the outline lies on it, not inside.
    """
    contact = _outline_contact(ax, ay, bx, by, ring)
    if contact == _CROSSES:
        return True
    if contact == _APART:
        return point_in_polygon((ax + bx) / 2.0, (ay + by) / 2.0, ring)
    ts = segment_outline_params(ax, ay, bx, by, ring)
    dx = bx - ax
    dy = by - ay
    for i in range(len(ts) - 1):
        if ts[i + 1] - ts[i] <= 1e-12:
            continue
        m = (ts[i] + ts[i + 1]) / 2.0
        px = ax + m * dx
        py = ay + m * dy
        if point_in_polygon(px, py, ring) and boundary_distance(px, py, ring) > tol:
            return True
    return False


_APART = 0
_CROSSES = 1
_GRAZES = 2


def _outline_contact(ax: float, ay: float, bx: float, by: float, ring: Ring) -> int:
    """How [a, b] meets the outline: _CROSSES (a proper crossing of some edge), _GRAZES
    (only degenerate contacts) or _APART (no common point). Inlined for speed."""
    dx = bx - ax
    dy = by - ay
    found = _APART
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        d0 = dx * (y0 - ay) - dy * (x0 - ax)
        d1 = dx * (y1 - ay) - dy * (x1 - ax)
        if (d0 > 0.0 and d1 > 0.0) or (d0 < 0.0 and d1 < 0.0):
            x0, y0 = x1, y1
            continue
        ex = x1 - x0
        ey = y1 - y0
        d2 = ex * (ay - y0) - ey * (ax - x0)
        d3 = ex * (by - y0) - ey * (bx - x0)
        if (d2 > 0.0 and d3 > 0.0) or (d2 < 0.0 and d3 < 0.0):
            x0, y0 = x1, y1
            continue
        if ((d0 > 0.0 > d1) or (d0 < 0.0 < d1)) and ((d2 > 0.0 > d3) or (d2 < 0.0 < d3)):
            return _CROSSES
        if not (d0 == d1 == 0.0 and (max(ax, bx) < min(x0, x1) or min(ax, bx) > max(x0, x1)
                                     or max(ay, by) < min(y0, y1)
                                     or min(ay, by) > max(y0, y1))):
            found = _GRAZES                # collinear and apart does not count
        x0, y0 = x1, y1
    return found


def segment_hits_box(ax: float, ay: float, bx: float, by: float,
                     box: tuple[float, float, float, float], reach: float = 0.0) -> bool:
    """Whether [a, b] meets the box (min_x, min_y, max_x, max_y) grown by `reach`
    (Liang-Barsky clipping; a cheap pre-test)."""
    x0, y0, x1, y1 = box
    x0 -= reach
    y0 -= reach
    x1 += reach
    y1 += reach
    if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
        return False
    lo = 0.0
    hi = 1.0
    p = bx - ax
    if p != 0.0:
        t0 = (x0 - ax) / p
        t1 = (x1 - ax) / p
        lo, hi = (t0, t1) if t0 < t1 else (t1, t0)
        lo = max(lo, 0.0)
        hi = min(hi, 1.0)
    p = by - ay
    if p != 0.0:
        t0 = (y0 - ay) / p
        t1 = (y1 - ay) / p
        if t0 > t1:
            t0, t1 = t1, t0
        lo = max(lo, t0)
        hi = min(hi, t1)
    return lo <= hi


def sector_meets_polygon(cx: float, cy: float, r: float, facing: float, half_arc: float,
                         rings: Sequence[Ring]) -> bool:
    """Whether the closed sector of the disc (c, r) spanning facing ± half_arc has a point in
    common with the interior of the area bounded by `rings` (even-odd), as MK-G13 asks.

    If c is inside, it does. Otherwise a sector point inside the area is reached by a radius
    that crosses the outline less than r from c; so it does exactly when some edge, cut to the
    open disc, is seen from c under directions overlapping the sector's by a positive angle.
    """
    on_outline = min(boundary_distance(cx, cy, ring) for ring in rings) <= 1e-12
    if not on_outline and sum(point_in_polygon(cx, cy, ring) for ring in rings) % 2 == 1:
        return True
    if on_outline:
        for mid, width in _interior_wedges(cx, cy, rings):
            if abs(angle_diff(mid, facing)) < half_arc + width - ANGLE_EPS:
                return True
    for ring in rings:
        n = len(ring)
        x0, y0 = ring[n - 1]
        for i in range(n):
            x1, y1 = ring[i]
            span = _edge_span_in_disc(cx, cy, r, x0, y0, x1, y1)
            if span is not None:
                mid, width = span
                if abs(angle_diff(mid, facing)) < half_arc + width - ANGLE_EPS:
                    return True
            x0, y0 = x1, y1
    return False


def _interior_wedges(cx: float, cy: float, rings: Sequence[Ring]
                     ) -> list[tuple[float, float]]:
    """For c on an outline: the directions (mid, half-width) leading from c straight into the
    interior, found between the outline's directions at c and probed just beside c."""
    out: list[tuple[float, float]] = []
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x0, y0), (x1, y1) = ring[i - 1], ring[i]
            if point_segment_distance(cx, cy, x0, y0, x1, y1) > 1e-12:
                continue
            if math.hypot(x1 - cx, y1 - cy) <= 1e-12:          # c at corner i
                x2, y2 = ring[(i + 1) % n]
                a1 = angle_of(x0 - cx, y0 - cy)
                a2 = angle_of(x2 - cx, y2 - cy)
            elif math.hypot(x0 - cx, y0 - cy) <= 1e-12:
                continue                                       # that corner is seen as i - 1
            else:
                a1 = angle_of(x1 - x0, y1 - y0)
                a2 = normalize(a1 + 180.0)
            sweep = normalize(a2 - a1)                          # counter-clockwise a1 -> a2
            for mid, half in ((normalize(a1 + sweep / 2.0), sweep / 2.0),
                              (normalize(a2 + (360.0 - sweep) / 2.0), (360.0 - sweep) / 2.0)):
                rad = math.radians(mid)
                px = cx + 1e-7 * math.cos(rad)
                py = cy + 1e-7 * math.sin(rad)
                if sum(point_in_polygon(px, py, r) for r in rings) % 2 == 1:
                    out.append((mid, half))
                    break
    return out


def _edge_span_in_disc(cx: float, cy: float, r: float, x0: float, y0: float, x1: float,
                       y1: float) -> tuple[float, float] | None:
    """Directions (mid, half-width in degrees) under which c sees the part of edge [0, 1]
    lying inside the disc (c, r); None if that part is empty or lies on a line through c."""
    hit = _line_circle(x0, y0, x1 - x0, y1 - y0, cx, cy, r) if (x0, y0) != (x1, y1) else None
    if hit is None:
        return None
    t0 = max(hit[0], 0.0)
    t1 = min(hit[1], 1.0)
    if t1 - t0 <= 1e-12:
        return None
    px = x0 + t0 * (x1 - x0)
    py = y0 + t0 * (y1 - y0)
    qx = x0 + t1 * (x1 - x0)
    qy = y0 + t1 * (y1 - y0)
    if abs((px - cx) * (qy - cy) - (py - cy) * (qx - cx)) <= 1e-12:
        return None                        # the edge runs through c: seen edge-on
    a = angle_of(px - cx, py - cy)
    b = angle_of(qx - cx, qy - cy)
    half = angle_diff(b, a) / 2.0
    return (normalize(a + half), abs(half))


def segment_polygon_distance(ax: float, ay: float, bx: float, by: float, ring: Ring) -> float:
    """Least distance from the segment [a, b] to the closed polygon (0 when they meet)."""
    if point_in_polygon(ax, ay, ring):
        return 0.0
    best = math.inf
    n = len(ring)
    x0, y0 = ring[n - 1]
    for i in range(n):
        x1, y1 = ring[i]
        d = segment_segment_distance(ax, ay, bx, by, x0, y0, x1, y1)
        if d < best:
            best = d
        x0, y0 = x1, y1
    return best


def line_capsule_interval(ax: float, ay: float, bx: float, by: float,
                          ex0: float, ey0: float, ex1: float, ey1: float,
                          k: float) -> tuple[float, float] | None:
    """Parameters t (unclamped) where the point a + t(b - a) is within distance k of the
    segment [e0, e1], or None: the line meets that capsule in one interval, since the capsule
    is convex, so the interval spans what the two end circles and the middle band give.
    Used to follow a moving disc against polygon outlines (MK-G12)."""
    dx = bx - ax
    dy = by - ay
    qa = dx * dx + dy * dy
    if qa == 0.0 or k <= 0.0:
        return None
    lo = math.inf
    hi = -math.inf
    kk = k * k
    for cx, cy in ((ex0, ey0), (ex1, ey1)):            # the end circles
        fx = ax - cx
        fy = ay - cy
        half_b = fx * dx + fy * dy
        disc = half_b * half_b - qa * (fx * fx + fy * fy - kk)
        if disc >= 0.0:
            root = math.sqrt(disc)
            t0 = (-half_b - root) / qa
            t1 = (-half_b + root) / qa
            if t0 < lo:
                lo = t0
            if t1 > hi:
                hi = t1
    ux = ex1 - ex0
    uy = ey1 - ey0
    length = math.hypot(ux, uy)
    if length > 0.0:                                    # the band along the edge
        ux /= length
        uy /= length
        along = (ax - ex0) * ux + (ay - ey0) * uy
        along_rate = dx * ux + dy * uy
        across = (ax - ex0) * uy - (ay - ey0) * ux
        across_rate = dx * uy - dy * ux
        band = _slab(along, along_rate, 0.0, length)
        if band is not None:
            cut = _slab(across, across_rate, -k, k)
            if cut is not None:
                t0 = max(band[0], cut[0])
                t1 = min(band[1], cut[1])
                if t0 <= t1:
                    lo = min(lo, t0)
                    hi = max(hi, t1)
    if lo > hi:
        return None
    return (lo, hi)


def _slab(offset: float, rate: float, low: float, high: float) -> tuple[float, float] | None:
    """Parameters t with low ≤ offset + rate t ≤ high."""
    if rate == 0.0:
        return (-math.inf, math.inf) if low <= offset <= high else None
    t0 = (low - offset) / rate
    t1 = (high - offset) / rate
    return (t0, t1) if t0 <= t1 else (t1, t0)


def _line_circle(ax: float, ay: float, dx: float, dy: float, cx: float, cy: float,
                 k: float) -> tuple[float, float] | None:
    fx = ax - cx
    fy = ay - cy
    qa = dx * dx + dy * dy
    qb = 2.0 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - k * k
    disc = qb * qb - 4.0 * qa * qc
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    return ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa))
