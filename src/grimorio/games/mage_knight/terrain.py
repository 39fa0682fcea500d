"""Terrain of mage-knight: pieces, the pile's templates, and the battlefield's terrain tests.

A `TerrainPiece` is one simple polygon with its kind (MK-G6, MK-3.6). A `PieceTemplate` is a
catalogue entry of ``data/terrain.yaml`` that players put in the pile; ``template.place(id, x, y,
rotate)`` makes the piece. A `Battlefield` is the immutable table: its size, its pieces and the
contact tolerance ε. It answers every terrain question of the rules:

- disc against terrain (MK-G7): ``distance_to``, ``touches``, ``is_in``, ``completely_off``,
  ``completely_within``, ``touching_pieces``, ``holding_pieces``;
- elevation (MK-G14, MK-A7): ``elevated_piece``, ``straddled``, ``is_elevated``;
- line of fire through terrain, elevation and bases in one call (MK-8.4, MK-14.7, MK-14.8,
  MK-15.2, MK-15.5 to MK-15.7, MK-16.1, MK-16.2, MK-16.5, MK-17.7, MK-19.3, MK-G8, MK-G13, MK-A5,
  MK-A6, MK-A8, MK-A11, MK-A41): ``line_of_fire`` -> `Lof`;
- movement (MK-G11 c, d; MK-G12; MK-G20): ``path_problem``, ``end_problem``, ``first_stop`` ->
  `Stop`, ``apply_stop_policy``, ``starts_hindered`` (MK-14.4, MK-16.1, MK-16.4), ``halved``;
- low walls (MK-G17, MK-A10): ``across_wall``;
- setup: ``deploy_problem`` (MK-3.9, MK-G18, MK-A45), ``placement_problem`` (MK-3.4, MK-3.5,
  MK-G19), ``standing_problem`` (MK-A19, MK-A45), ``with_piece``.

The hot paths (line of fire, paths, stop points) use the analytic polygon tests of `geometry`;
shapely is used only at setup or once per battlefield (polygon validity, spacing, the union of
hindering areas, the ε-shrunk outlines of the front-arc test of MK-G13); what it gives is cached
privately on the battlefield, so that copies of a state share it. The answers of the movement
tests (``path_problem``, ``first_stop``, ``end_problem``, ``starts_hindered``) are pure functions of
the immutable battlefield and their arguments, so the battlefield keeps them too (bounded):
candidate lists ask most of them again at every decision. ``template_fits`` is the placement
candidates' fast form of ``placement_problem`` (same answer; no shapely unless in doubt).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from grimorio.core import datafile
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.geometry import Body, Point

DATA_FILE = Path(__file__).resolve().parent / "data" / "terrain.yaml"

KINDS = ("hindering", "blocking", "elevated", "steep", "shallow", "deep", "low_wall")
"""Terrain kinds (MK-14.1, MK-15.1, MK-15.3, MK-16.1, MK-16.2, MK-16.4, MK-16.7)."""

ELEVATED_KINDS = frozenset({"elevated", "steep"})
ZONE_KINDS = frozenset({"hindering", "blocking", "low_wall"})
"""Kinds that may lie on top of an elevated piece (MK-15.3, MK-G6)."""

SPACING = 1.9685
"""Least distance between two terrain pieces, 5 cm (MK-3.5, MK-G19, MK-A39)."""

DEPLOY_DEPTH = 3.0
DEPLOY_CLEARANCE = 8.0
"""Deployment: centre within 3 in of the own edge, at least 8 in from the others (MK-G18)."""

STOP_POLICIES = ("reject", "truncate")
"""Values of option `stop_policy` (MK-G12)."""

_TINY = 1e-9

MEMO_MOST = 20_000
"""Answers a battlefield keeps of its movement tests before it starts afresh."""


class TerrainError(ScenarioError):
    """A terrain piece or template is malformed; the message names where."""


class Problem(NamedTuple):
    """Why a position or piece is not allowed: the rule id, the message, the piece involved."""

    rule: str
    text: Text
    piece: str | None = None


class Lof(NamedTuple):
    """A line of fire judged against terrain, elevation and bases.

    `blocked`: the LOF may not be used; `hindered`: +1 to the target's defense (at most +1,
    MK-A5); `rule`: the rule that decided (the blocker's, else the hindrance's, else MK-8.2);
    `by`: the piece or warrior id that decided; `borderline`: bases within the tolerance band
    (MK-G8), for the dispute rule (MK-24.3).
    """

    blocked: bool
    hindered: bool
    rule: str
    by: str | None = None
    borderline: tuple[str, ...] = ()


class Stop(NamedTuple):
    """The first stop point along a path (MK-G12): its length s, the rule, the piece."""

    s: float
    rule: str
    piece: str


# ------------------------------------------------------------------------------ pieces

@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One piece of terrain: a simple polygon of one kind (MK-G6, MK-3.6).

    `on_elevated` marks a hindering, blocking or low-wall zone lying on top of an elevated piece
    (MK-15.3); `thickness` is a low wall's (MK-G17); `ladders` are segments of a steep piece's
    outline (MK-16.10, MK-G20).
    """

    id: str
    kind: str
    outline: tuple[Point, ...]
    on_elevated: bool = False
    thickness: float = 0.0
    ladders: tuple[tuple[Point, Point], ...] = ()
    template: str | None = None
    bbox: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = _piece_problem(self)
        if problem:
            raise TerrainError(f"terrain piece {self.id}: {problem}")
        object.__setattr__(self, "bbox", geo.polygon_bbox(self.outline))

    @property
    def elevated(self) -> bool:
        """An elevated piece, steep or not (MK-15.3, MK-16.7)."""
        return self.kind in ELEVATED_KINDS

    def near(self, x: float, y: float, reach: float) -> bool:
        """Whether (x, y) is within `reach` of the bounding box (a cheap pre-test)."""
        x0, y0, x1, y1 = self.bbox
        return x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind,
                               "outline": [list(p) for p in self.outline]}
        if self.on_elevated:
            out["on_elevated"] = True
        if self.thickness:
            out["thickness"] = self.thickness
        if self.ladders:
            out["ladders"] = [[list(a), list(b)] for a, b in self.ladders]
        if self.template:
            out["template"] = self.template
        return out


def _piece_problem(piece: TerrainPiece) -> str | None:
    if piece.kind not in KINDS:
        return f"kind must be one of {', '.join(KINDS)}, not {piece.kind!r}"
    if len(piece.outline) < 3:
        return "an outline needs at least 3 corners"
    polygon = Polygon(piece.outline)
    if not polygon.is_valid or polygon.area <= 0.0:
        return "the outline must be a simple polygon (MK-G6)"
    if piece.kind == "low_wall" and piece.thickness <= 0.0:
        return "a low wall needs a thickness above 0 (MK-G17)"
    if piece.kind != "low_wall" and piece.thickness:
        return "only a low wall has a thickness"
    if piece.ladders and piece.kind != "steep":
        return "only steep elevated terrain has ladders (MK-16.10)"
    if piece.on_elevated and piece.kind not in ZONE_KINDS:
        return "only hindering, blocking or low-wall zones lie on elevated terrain (MK-15.3)"
    for a, b in piece.ladders:
        if not _on_outline(a, b, piece.outline):
            return "each ladder must be a segment of the outline (MK-G20)"
    return None


def _on_outline(a: Point, b: Point, outline: Sequence[Point]) -> bool:
    """Segment [a, b] lies along one edge of the outline."""
    n = len(outline)
    for i in range(n):
        (x0, y0), (x1, y1) = outline[i - 1], outline[i]
        if (geo.point_segment_distance(a[0], a[1], x0, y0, x1, y1) <= 1e-6
                and geo.point_segment_distance(b[0], b[1], x0, y0, x1, y1) <= 1e-6
                and a != b):
            return True
    return False


@dataclass(frozen=True, slots=True)
class PieceTemplate:
    """A catalogue entry of the pile (MK-3.2): an outline around the origin, placed by `place`."""

    key: str
    kind: str
    name: Text
    outline: tuple[Point, ...]
    thickness: float = 0.0
    ladders: tuple[tuple[Point, Point], ...] = ()

    @property
    def elevated(self) -> bool:
        """Needs the option `elevated_terrain` (MK-23.5)."""
        return self.kind in ELEVATED_KINDS

    def place(self, piece_id: str, x: float, y: float, rotate: float) -> TerrainPiece:
        """The piece put down with its origin at (x, y), turned `rotate` degrees
        counter-clockwise (MK-3.4)."""
        def move(p: Point) -> Point:
            return _transform(p, x, y, rotate)
        return TerrainPiece(
            id=piece_id, kind=self.kind, outline=tuple(move(p) for p in self.outline),
            thickness=self.thickness,
            ladders=tuple((move(a), move(b)) for a, b in self.ladders), template=self.key)


def _transform(p: Point, x: float, y: float, rotate: float) -> Point:
    rad = math.radians(rotate)
    c = math.cos(rad)
    s = math.sin(rad)
    return (round(x + p[0] * c - p[1] * s, 9) + 0.0, round(y + p[0] * s + p[1] * c, 9) + 0.0)


# ------------------------------------------------------------------------------ catalogue

class _Fields(datafile.Fields):
    __slots__ = ()

    def __init__(self, data: Any, where: str) -> None:
        super().__init__(data, where, TerrainError)

    def number(self, key: str, default: Any = datafile.MISSING) -> float:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"must be a number, not {value!r}")
        return float(value)

    def points(self, key: str, least: int) -> tuple[Point, ...]:
        raw = datafile.as_list(self.raw(key), f"{self.where}: {key}", TerrainError)
        out: list[Point] = []
        for item in raw:
            if (not isinstance(item, list) or len(item) != 2
                    or any(isinstance(v, bool) or not isinstance(v, (int, float))
                           for v in item)):
                raise self.fail(key, f"must list points [x, y], not {item!r}")
            out.append((float(item[0]), float(item[1])))
        if len(out) < least:
            raise self.fail(key, f"needs at least {least} points")
        return tuple(out)

    def segments(self, key: str) -> tuple[tuple[Point, Point], ...]:
        if not self.has(key):
            self.used.add(key)
            return ()
        raw = datafile.as_list(self.raw(key), f"{self.where}: {key}", TerrainError)
        out: list[tuple[Point, Point]] = []
        for i, item in enumerate(raw):
            pair = _Fields({"points": item}, f"{self.where}: {key}[{i}]").points("points", 2)
            if len(pair) != 2:
                raise self.fail(key, "each ladder is exactly two points")
            out.append((pair[0], pair[1]))
        return tuple(out)


def _read_template(key: str, raw: Any) -> PieceTemplate:
    f = _Fields(raw, f"terrain.yaml: templates.{key}")
    kind: str = f.text("kind", choices=KINDS)
    names = _Fields(f.raw("name"), f"{f.where}: name")
    name = Text(names.text("en"), names.text("es"))
    names.done()
    template = PieceTemplate(key=key, kind=kind, name=name, outline=f.points("outline", 3),
                             thickness=f.number("thickness", 0.0), ladders=f.segments("ladders"))
    f.done()
    try:
        template.place("check", 0.0, 0.0, 0.0)
    except TerrainError as exc:
        raise TerrainError(f"terrain.yaml: templates.{key}: {exc}") from None
    return template


def load_templates(path: Path = DATA_FILE) -> Mapping[str, PieceTemplate]:
    """Read and check a template catalogue; any mistake is a `TerrainError` naming the field."""
    document = datafile.read_yaml(path, TerrainError)
    top = _Fields(document, path.name)
    raw = top.raw("templates")
    if not isinstance(raw, dict) or not raw:
        raise top.fail("templates", "must be a non-empty mapping of template keys")
    top.done()
    return MappingProxyType({str(k): _read_template(str(k), v) for k, v in raw.items()})


@functools.cache
def templates() -> Mapping[str, PieceTemplate]:
    """The shipped catalogue (``data/terrain.yaml``), read once per process."""
    return load_templates()


def pile_templates(elevated_allowed: bool) -> tuple[str, ...]:
    """Template keys a player may put in the pile (MK-3.2; elevated only if allowed, MK-23.5)."""
    return tuple(k for k, t in templates().items() if elevated_allowed or not t.elevated)


def read_piece(raw: Any, piece_id: str, where: str) -> TerrainPiece:
    """A piece from a scenario mapping: either ``{template, at: [x, y], rotate}`` or
    ``{kind, outline, on_elevated?, thickness?, ladders?}``. Errors name `where`."""
    f = _Fields(raw, where)
    if f.has("template"):
        key: str = f.text("template", choices=tuple(templates()))
        at = _Fields({"at": [f.raw("at")]}, where).points("at", 1)[0]
        rotate = f.number("rotate", 0.0)
        f.done()
        try:
            return templates()[key].place(piece_id, at[0], at[1], rotate)
        except TerrainError as exc:
            raise TerrainError(f"{where}: {exc}") from None
    kind: str = f.text("kind", choices=KINDS)
    outline = f.points("outline", 3)
    on_elevated = f.flag("on_elevated", False)
    thickness = f.number("thickness", 0.0)
    ladders = f.segments("ladders")
    f.done()
    try:
        return TerrainPiece(piece_id, kind, outline, on_elevated, thickness, ladders)
    except TerrainError as exc:
        raise TerrainError(f"{where}: {exc}") from None


def halved(speed: int) -> int:
    """Half speed, rounded up to the next whole inch (MK-14.4)."""
    return (speed + 1) // 2


def cut_path(points: Sequence[Point], s: float) -> tuple[Point, ...]:
    """The polyline up to length `s` (option `stop_policy=truncate`, MK-G12)."""
    out: list[Point] = [points[0]]
    walked = 0.0
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        step = math.hypot(bx - ax, by - ay)
        if walked + step >= s:
            t = (s - walked) / step if step > 0.0 else 0.0
            out.append((ax + t * (bx - ax), ay + t * (by - ay)))
            return tuple(out)
        out.append((bx, by))
        walked += step
    return tuple(out)


# ------------------------------------------------------------------------------ rings

class _Rings(NamedTuple):
    """Outlines of a set of areas (exteriors and holes): inside is decided by even-odd."""

    rings: tuple[tuple[Point, ...], ...]
    bbox: tuple[float, float, float, float]

    def inside(self, x: float, y: float) -> bool:
        count = sum(geo.point_in_polygon(x, y, ring) for ring in self.rings)
        return count % 2 == 1

    def boundary_distance(self, x: float, y: float) -> float:
        return min(geo.boundary_distance(x, y, ring) for ring in self.rings)

    def near(self, x: float, y: float, reach: float) -> bool:
        x0, y0, x1, y1 = self.bbox
        return x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach


def _rings_of(geometry: BaseGeometry) -> _Rings | None:
    polygons = list(getattr(geometry, "geoms", [geometry]))
    rings: list[tuple[Point, ...]] = []
    for polygon in polygons:
        if polygon.is_empty:
            continue
        rings.append(tuple((float(x), float(y)) for x, y in polygon.exterior.coords[:-1]))
        rings.extend(tuple((float(x), float(y)) for x, y in hole.coords[:-1])
                     for hole in polygon.interiors)
    if not rings:
        return None
    x0, y0, x1, y1 = geometry.bounds
    return _Rings(tuple(rings), (x0, y0, x1, y1))


def _near_spans(points: Sequence[Point], rings: _Rings, k: float) -> list[tuple[float, float]]:
    """Merged intervals of path length s where the centre is within k of the rings' outlines."""
    spans: list[tuple[float, float]] = []
    walked = 0.0
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        step = math.hypot(bx - ax, by - ay)
        if step == 0.0:
            continue
        lo_x, hi_x = (ax - k, bx + k) if ax < bx else (bx - k, ax + k)
        lo_y, hi_y = (ay - k, by + k) if ay < by else (by - k, ay + k)
        x0, y0, x1, y1 = rings.bbox
        if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1):
            for ring in rings.rings:
                n = len(ring)
                for j in range(n):
                    (ex0, ey0), (ex1, ey1) = ring[j - 1], ring[j]
                    if ((ex0 < lo_x and ex1 < lo_x) or (ex0 > hi_x and ex1 > hi_x)
                            or (ey0 < lo_y and ey1 < lo_y) or (ey0 > hi_y and ey1 > hi_y)):
                        continue                   # the edge is too far from this segment
                    hit = geo.line_capsule_interval(ax, ay, bx, by, ex0, ey0, ex1, ey1, k)
                    if hit is None:
                        continue
                    t0 = max(hit[0], 0.0)
                    t1 = min(hit[1], 1.0)
                    if t0 <= t1:
                        spans.append((walked + t0 * step, walked + t1 * step))
        walked += step
    spans.sort()
    merged: list[tuple[float, float]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1] + 1e-12:
            if hi > merged[-1][1]:
                merged[-1] = (merged[-1][0], hi)
        else:
            merged.append((lo, hi))
    return merged


def _clear_stretches(points: Sequence[Point], rings: _Rings, k: float
                     ) -> list[tuple[float, float, bool]]:
    """The stretches (s0, s1, inside) of the path where the centre stays at least k from the
    outlines; on each the centre is wholly inside or wholly outside the areas. A point exactly
    k away counts as clear, as the static tests (≥ k) have it."""
    total = geo.path_length(points)
    out: list[tuple[float, float, bool]] = []
    start = 0.0
    for lo, hi in [*_near_spans(points, rings, k - _TINY), (math.inf, math.inf)]:
        end = min(lo, total)
        if end - start > 1e-12:
            x, y = geo.point_along(points, (start + end) / 2.0)
            out.append((start, end, rings.inside(x, y)))
        start = max(start, hi)
        if start >= total:
            break
    return out


# ------------------------------------------------------------------------------ battlefield

@dataclass(frozen=True, slots=True)
class Battlefield:
    """The table: [0, width] × [0, height] (MK-G1) and its terrain pieces, immutable.

    Replace it (`with_piece`) rather than change it. Derived data (shapely polygons, unions) is
    cached privately and shared by every state holding this battlefield.
    """

    width: float
    height: float
    pieces: tuple[TerrainPiece, ...] = ()
    eps: float = 0.01
    _cache: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    # -------------------------------------------------------------------------- bookkeeping

    @property
    def tol(self) -> float:
        """ε plus the float slack of `geometry.SLACK`: what every tolerance test uses."""
        return self.eps + geo.SLACK

    def piece(self, piece_id: str) -> TerrainPiece:
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def to_json(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "eps": self.eps,
                "pieces": [p.to_json() for p in self.pieces]}

    def with_piece(self, piece: TerrainPiece) -> Battlefield:
        """A new battlefield with `piece` added (checks are `placement_problem`'s)."""
        return Battlefield(self.width, self.height, (*self.pieces, piece), self.eps)

    def of_kind(self, *kinds: str) -> tuple[TerrainPiece, ...]:
        key = ("kinds", kinds)
        found = self._cache.get(key)
        if found is None:
            found = tuple(p for p in self.pieces if p.kind in kinds)
            self._cache[key] = found
        return found

    def _polygon(self, piece: TerrainPiece) -> Polygon:
        key = ("polygon", piece.id)
        found = self._cache.get(key)
        if found is None:
            found = Polygon(piece.outline)
            shapely.prepare(found)
            self._cache[key] = found
        return found

    def _hinder_rings(self, aquatic: bool) -> _Rings | None:
        """The areas that hinder movement, merged: hindering terrain and, without Aquatic,
        shallow water (MK-G12, MK-16.1, MK-16.3)."""
        key = ("hinder", aquatic)
        if key not in self._cache:
            kinds = ("hindering",) if aquatic else ("hindering", "shallow")
            pieces = self.of_kind(*kinds)
            self._cache[key] = (_rings_of(shapely.unary_union([Polygon(p.outline)
                                                               for p in pieces]))
                                if pieces else None)
        return self._cache[key]  # type: ignore[no-any-return]

    def _piece_rings(self, piece: TerrainPiece) -> _Rings:
        return _Rings((piece.outline,), piece.bbox)

    def _elevated_rings(self) -> _Rings | None:
        key = ("elevated-rings",)
        if key not in self._cache:
            pieces = self.of_kind("elevated", "steep")
            self._cache[key] = (_Rings(tuple(p.outline for p in pieces), _union_bbox(pieces))
                                if pieces else None)
        return self._cache[key]  # type: ignore[no-any-return]

    # -------------------------------------------------------------------------- discs (MK-G7)

    def distance_to(self, piece: TerrainPiece, x: float, y: float) -> float:
        """dist(c, T): 0 inside the closed polygon (MK-G7)."""
        return geo.polygon_distance(x, y, piece.outline)

    def touches(self, piece: TerrainPiece, x: float, y: float, r: float) -> bool:
        """The disc touches T: dist(c, T) ≤ r + ε (MK-G7, MK-6.2)."""
        reach = r + self.tol
        return piece.near(x, y, reach) and self.distance_to(piece, x, y) <= reach

    def is_in(self, piece: TerrainPiece, x: float, y: float, r: float) -> bool:
        """The disc overlaps T's interior: c inside T or dist(c, T) < r - ε (MK-G7, MK-A6)."""
        if not piece.near(x, y, r):
            return False
        if geo.point_in_polygon(x, y, piece.outline):
            return True
        return geo.boundary_distance(x, y, piece.outline) < r - self.tol

    def completely_off(self, piece: TerrainPiece, x: float, y: float, r: float) -> bool:
        """dist(c, T) ≥ r - ε (MK-G7)."""
        return not self.is_in(piece, x, y, r)

    def completely_within(self, pieces: Iterable[TerrainPiece], x: float, y: float,
                          r: float) -> bool:
        """c in the union U of `pieces` and at least r - ε from U's boundary (MK-G7)."""
        chosen = tuple(pieces)
        if not chosen:
            return False
        if len(chosen) == 1:
            rings = self._piece_rings(chosen[0])
        else:
            key = ("union", tuple(p.id for p in chosen))
            if key not in self._cache:
                self._cache[key] = _rings_of(shapely.unary_union(
                    [Polygon(p.outline) for p in chosen]))
            rings = self._cache[key]
        return _rings_within(rings, x, y, r - self.tol)

    def touching_pieces(self, x: float, y: float, r: float,
                        kinds: Iterable[str] | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces the disc touches (MK-G7), optionally of some kinds only."""
        wanted = None if kinds is None else frozenset(kinds)
        return tuple(p for p in self.pieces
                     if (wanted is None or p.kind in wanted) and self.touches(p, x, y, r))

    def holding_pieces(self, x: float, y: float, r: float,
                       kinds: Iterable[str] | None = None) -> tuple[TerrainPiece, ...]:
        """Pieces the disc is in, overlapping their interior (MK-G7, MK-A6)."""
        wanted = None if kinds is None else frozenset(kinds)
        return tuple(p for p in self.pieces
                     if (wanted is None or p.kind in wanted) and self.is_in(p, x, y, r))

    def on_table(self, x: float, y: float, r: float) -> bool:
        """The whole base lies on the battlefield (MK-7.5, MK-A45), within ε."""
        e = self.tol
        return (x - r >= -e and y - r >= -e and x + r <= self.width + e
                and y + r <= self.height + e)

    # -------------------------------------------------------------------------- elevation

    def elevated_piece(self, x: float, y: float, r: float) -> TerrainPiece | None:
        """The elevated piece whose polygon holds the disc completely (MK-G14), or None."""
        for piece in self.of_kind("elevated", "steep"):
            if piece.near(x, y, 0.0) and _rings_within(self._piece_rings(piece), x, y,
                                                       r - self.tol):
                return piece
        return None

    def is_elevated(self, x: float, y: float, r: float) -> bool:
        return self.elevated_piece(x, y, r) is not None

    def straddled(self, x: float, y: float, r: float) -> TerrainPiece | None:
        """An elevated piece the disc is partly on and partly off (MK-A7), or None."""
        for piece in self.of_kind("elevated", "steep"):
            if self.is_in(piece, x, y, r) and not _rings_within(
                    self._piece_rings(piece), x, y, r - self.tol):
                return piece
        return None

    def body_at(self, wid: str, x: float, y: float, r: float, facing: float,
                half_arc: float) -> Body:
        """The geometry view of a warrior standing here, elevation included (MK-G14)."""
        return Body(wid, x, y, r, facing, half_arc, self.is_elevated(x, y, r))

    # -------------------------------------------------------------------------- line of fire

    def line_of_fire(self, shooter: Body, target: Body, bodies: Iterable[Body], *,
                     stealth: bool = False, magic_blast: bool = False,
                     both_elevated_literal: bool = False, skip: Iterable[str] = ()) -> Lof:
        """Judge the LOF from `shooter` to `target` against terrain, elevation and the bases
        of `bodies` (the shooter, the target and `skip` are left out).

        Arc and range are separate tests (`geometry.lof_in_front_arc`, `geometry.in_range`).
        `stealth`: the target uses Stealth (MK-17.7); `magic_blast`: the shot is a Magic Blast,
        which nothing blocks or hinders (MK-19.3, MK-A41; height advantage is COMBAT's).
        Blocking is judged first (terrain, then bases), then the hindering modifier.
        """
        if magic_blast:
            return Lof(False, False, "MK-19.3")
        near = self._lof_pieces(shooter, target)
        blocked = self._terrain_blocks(shooter, target, near, stealth) if near else None
        if blocked is not None:
            return Lof(True, False, blocked[0], blocked[1])
        skipped = {shooter.id, target.id, *skip}
        if shooter.elevated or target.elevated:
            # MK-15.6 / MK-15.7: only elevated figures' bases count (MK-A8)
            if shooter.elevated and target.elevated and both_elevated_literal:
                candidates: Iterable[Body] = ()
            else:
                candidates = [b for b in bodies if b.elevated]
        else:
            candidates = bodies
        crossing = geo.lof_bases(shooter.x, shooter.y, target.x, target.y, candidates,
                                 self.eps, skipped)
        if crossing.blocker is not None:
            return Lof(True, False, "MK-8.4", crossing.blocker, crossing.borderline)
        hindrance = self._terrain_hinders(shooter, target, near) if near else None
        if hindrance is not None:
            return Lof(False, True, hindrance[0], hindrance[1], crossing.borderline)
        return Lof(False, False, "MK-8.2", None, crossing.borderline)

    def _lof_pieces(self, shooter: Body, target: Body) -> list[tuple[TerrainPiece, bool]]:
        """The pieces that may matter to this LOF, with whether the LOF may cross them: those
        the segment's path meets (bounding boxes), and those the shooter's base may be in.
        Water never matters to a LOF (MK-16.1, MK-16.2)."""
        sx, sy, sr = shooter.x, shooter.y, shooter.r
        tx, ty, tr = target.x, target.y, target.r
        lo_x, hi_x = (sx, tx) if sx < tx else (tx, sx)
        lo_y, hi_y = (sy, ty) if sy < ty else (ty, sy)
        reach = sr if sr > tr else tr
        dx = tx - sx
        dy = ty - sy
        out = []
        # inlined box tests (separating axes: x, y and the LOF's normal): this runs for every
        # LOF of every candidate action
        for piece in self._lof_relevant():
            x0, y0, x1, y1 = piece.bbox
            if x1 < lo_x - reach or x0 > hi_x + reach or y1 < lo_y - reach or y0 > hi_y + reach:
                continue
            crossable = not (x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y)
            if crossable:
                c0 = (x0 - sx) * dy - (y0 - sy) * dx
                c1 = (x1 - sx) * dy - (y0 - sy) * dx
                c2 = (x0 - sx) * dy - (y1 - sy) * dx
                c3 = (x1 - sx) * dy - (y1 - sy) * dx
                crossable = not ((c0 > 0.0 and c1 > 0.0 and c2 > 0.0 and c3 > 0.0)
                                 or (c0 < 0.0 and c1 < 0.0 and c2 < 0.0 and c3 < 0.0))
            if (crossable or (x0 - sr <= sx <= x1 + sr and y0 - sr <= sy <= y1 + sr)
                    or (x0 - tr <= tx <= x1 + tr and y0 - tr <= ty <= y1 + tr)):
                out.append((piece, crossable))
        return out

    def _lof_relevant(self) -> tuple[TerrainPiece, ...]:
        found = self._cache.get("lof")
        if found is None:
            found = self._cache["lof"] = self.of_kind(
                "hindering", "blocking", "elevated", "steep", "low_wall")
        return found

    def _counts_at_height(self, piece: TerrainPiece, shooter: Body, target: Body) -> bool:
        """Whether a hindering or blocking zone matters at these heights: with both elevated,
        only zones on elevated terrain (MK-15.6); with exactly one, every blocking zone but
        only the hindering areas holding the shooter or the target (MK-15.7, MK-A6)."""
        if shooter.elevated and target.elevated:
            return piece.on_elevated
        if shooter.elevated == target.elevated or piece.kind == "blocking":
            return True
        return (self.is_in(piece, shooter.x, shooter.y, shooter.r)
                or self.is_in(piece, target.x, target.y, target.r))

    def _terrain_blocks(self, shooter: Body, target: Body,
                        near: list[tuple[TerrainPiece, bool]],
                        stealth: bool) -> tuple[str, str] | None:
        sx, sy, tx, ty = shooter.x, shooter.y, target.x, target.y
        both = shooter.elevated and target.elevated
        one = shooter.elevated != target.elevated
        stand: TerrainPiece | None = None
        if one:
            high = shooter if shooter.elevated else target
            stand = self.elevated_piece(high.x, high.y, high.r)
        for piece, crossable in near:
            if not crossable:
                continue
            kind = piece.kind
            if kind in ELEVATED_KINDS:
                if both or piece is stand:
                    continue                                           # MK-15.6, MK-15.7
                if geo.segment_meets_interior(sx, sy, tx, ty, piece.outline):
                    return ("MK-15.7" if one else "MK-15.5", piece.id)
                continue
            if kind != "blocking" and not stealth:
                continue
            if not self._counts_at_height(piece, shooter, target):
                continue
            if geo.segment_meets_interior(sx, sy, tx, ty, piece.outline):
                if kind == "blocking":
                    return ("MK-15.6" if both else "MK-15.2", piece.id)
                return ("MK-17.7", piece.id)                           # MK-A11
        return None

    def _terrain_hinders(self, shooter: Body, target: Body,
                         near: list[tuple[TerrainPiece, bool]]) -> tuple[str, str] | None:
        sx, sy, tx, ty = shooter.x, shooter.y, target.x, target.y
        for piece, crossable in near:
            if piece.kind not in ("hindering", "low_wall"):
                continue
            if not self._counts_at_height(piece, shooter, target):
                continue
            if piece.kind == "low_wall":
                if (crossable and geo.segment_meets_interior(sx, sy, tx, ty, piece.outline)
                        and not self.touches(piece, sx, sy, shooter.r)):
                    return ("MK-16.5", piece.id)
                continue
            if self.is_in(piece, sx, sy, shooter.r):
                if not self.front_arc_clear(shooter, piece):
                    return ("MK-14.8", piece.id)                       # MK-A6
                continue                                               # the edge exemption
            if crossable and geo.segment_meets_interior(sx, sy, tx, ty, piece.outline):
                return ("MK-14.7", piece.id)
        return None

    def front_arc_clear(self, shooter: Body, piece: TerrainPiece) -> bool:
        """The shooter's front-arc sector Σ has no point in common with the piece's interior
        (MK-G13, MK-14.8). The tolerance ε is applied by shrinking the piece by ε all round,
        so a sector that only grazes the edge counts as clear."""
        key = ("shrunk-rings", piece.id)
        if key not in self._cache:
            shrunk = Polygon(piece.outline).buffer(-self.eps, join_style="mitre")
            self._cache[key] = None if shrunk.is_empty else _rings_of(shrunk)
        rings: _Rings | None = self._cache[key]
        if rings is None:
            return True
        return not geo.sector_meets_polygon(shooter.x, shooter.y, shooter.r, shooter.facing,
                                            shooter.half_arc, rings.rings)

    # -------------------------------------------------------------------------- movement

    def path_problem(self, points: Sequence[Point], r: float, *, flight: bool = False,
                     aquatic: bool = False) -> Problem | None:
        """MK-G11 (c): the disc swept along the path may not overlap blocking terrain or,
        without Aquatic, deep water; without Flight, the centre crosses a steep outline only at
        a ladder (MK-16.10, MK-G20). Flight lifts all of (c) (MK-17.6)."""
        if flight:
            return None
        memo = self._memo()
        key = ("path", tuple(points), r, aquatic)
        try:
            if key in memo:
                return memo[key]  # type: ignore[no-any-return]
        except TypeError:                   # points given as lists: not kept
            return self._path_problem(points, r, aquatic)
        found = memo[key] = self._path_problem(points, r, aquatic)
        return found

    def _memo(self) -> dict[Any, Any]:
        """Answers of the movement tests (pure functions of this immutable battlefield and their
        arguments), kept because every candidate list asks most of them again; bounded."""
        memo = self._cache.get("memo")
        if memo is None or len(memo) > MEMO_MOST:
            memo = self._cache["memo"] = {}
        return memo

    def _path_problem(self, points: Sequence[Point], r: float, aquatic: bool) -> Problem | None:
        kinds = ("blocking",) if aquatic else ("blocking", "deep")
        limit = r - self.tol
        for piece in self.of_kind(*kinds):
            for i in range(len(points) - 1):
                (ax, ay), (bx, by) = points[i], points[i + 1]
                if not _segment_near_bbox(ax, ay, bx, by, piece.bbox, r):
                    continue
                if geo.segment_polygon_distance(ax, ay, bx, by, piece.outline) < limit:
                    rule = "MK-15.1" if piece.kind == "blocking" else "MK-16.2"
                    return Problem(rule, Text(
                        f"the path runs into {_kind_en(piece)} {piece.id}",
                        f"el camino entra en {_kind_es(piece)} {piece.id}"), piece.id)
        for piece in self.of_kind("steep"):
            spot = self._off_ladder_crossing(points, piece)
            if spot is not None:
                return Problem("MK-16.10", Text(
                    f"the path climbs the steep terrain {piece.id} away from its ladders "
                    f"(at {spot[0]:.2f},{spot[1]:.2f})",
                    f"el camino sube o baja del terreno escarpado {piece.id} fuera de sus "
                    f"escaleras (en {spot[0]:.2f},{spot[1]:.2f})"), piece.id)
        return None

    def _off_ladder_crossing(self, points: Sequence[Point], piece: TerrainPiece
                             ) -> Point | None:
        """The first point where the path's centre goes over the steep outline away from every
        ladder (MK-G20), or None. The path is cut where it meets the outline; each piece is
        inside or outside, and wherever that changes the cut must lie on a ladder."""
        state: bool | None = None
        for i in range(len(points) - 1):
            (ax, ay), (bx, by) = points[i], points[i + 1]
            if _segment_near_bbox(ax, ay, bx, by, piece.bbox, 0.0):
                cuts = geo.segment_outline_params(ax, ay, bx, by, piece.outline)
            else:
                cuts = [0.0, 1.0]
            for j in range(len(cuts) - 1):
                if cuts[j + 1] - cuts[j] <= 1e-12:
                    continue
                m = (cuts[j] + cuts[j + 1]) / 2.0
                px, py = ax + m * (bx - ax), ay + m * (by - ay)
                if geo.boundary_distance(px, py, piece.outline) <= _TINY:
                    continue                         # running along the outline
                inside = geo.point_in_polygon(px, py, piece.outline)
                if state is not None and inside != state:
                    spot = (ax + cuts[j] * (bx - ax), ay + cuts[j] * (by - ay))
                    if not self._at_ladder(piece, spot):
                        return spot
                state = inside
        return None

    def _at_ladder(self, piece: TerrainPiece, spot: Point) -> bool:
        return any(geo.point_segment_distance(spot[0], spot[1], a[0], a[1], b[0], b[1])
                   <= self.tol for a, b in piece.ladders)

    def end_problem(self, x: float, y: float, r: float, *,
                    aquatic: bool = False) -> Problem | None:
        """MK-G11 (d), terrain part: where a move ends, the base lies wholly on the table and
        overlaps no blocking terrain, deep water (unless Aquatic is in use: it moves as if no
        water were there, MK-16.3, MK-17.5) or low wall, and does not straddle an elevated
        edge (MK-7.5, MK-A45, MK-16.2, MK-A9, MK-A7). Flight keeps all of it; bases are
        `geometry`'s."""
        memo = self._memo()
        key = ("end", x, y, r, aquatic)
        if key in memo:
            return memo[key]  # type: ignore[no-any-return]
        found = memo[key] = self._end_problem(x, y, r, aquatic)
        return found

    def _end_problem(self, x: float, y: float, r: float, aquatic: bool) -> Problem | None:
        problem = self.standing_problem(x, y, r)
        if problem is not None:
            return problem
        for piece in self.of_kind(*(("low_wall",) if aquatic else ("deep", "low_wall"))):
            if self.is_in(piece, x, y, r):
                rule = "MK-16.2" if piece.kind == "deep" else "MK-A9"
                return Problem(rule, Text(
                    f"the base would end on {_kind_en(piece)} {piece.id}",
                    f"la peana acabaría sobre {_kind_es(piece)} {piece.id}"), piece.id)
        edge = self.straddled(x, y, r)
        if edge is not None:
            return Problem("MK-A7", Text(
                f"the base would stand partly on and partly off the elevated terrain {edge.id}",
                f"la peana quedaría en parte dentro y en parte fuera del terreno elevado "
                f"{edge.id}"), edge.id)
        return None

    def standing_problem(self, x: float, y: float, r: float) -> Problem | None:
        """A base may stand here at all: wholly on the table and clear of blocking terrain
        (MK-A45; also the landing rule of Magic Levitation, MK-A19)."""
        if not self.on_table(x, y, r):
            return Problem("MK-A45", Text("the base would not lie wholly on the battlefield",
                                          "la peana no quedaría entera sobre el campo"))
        for piece in self.of_kind("blocking"):
            if self.is_in(piece, x, y, r):
                return Problem("MK-A45", Text(
                    f"the base would overlap the blocking terrain {piece.id}",
                    f"la peana se solaparía con el terreno infranqueable {piece.id}"), piece.id)
        return None

    def starts_hindered(self, x: float, y: float, r: float, *, flight: bool = False,
                        aquatic: bool = False) -> TerrainPiece | None:
        """The hindering area (or shallow water, as hindering for movement) the disc touches
        as the move begins, which halves its speed; never a low wall (MK-14.4, MK-16.1,
        MK-16.3, MK-16.4, MK-17.6)."""
        if flight:
            return None
        memo = self._memo()
        key = ("hindered", x, y, r, aquatic)
        if key in memo:
            return memo[key]  # type: ignore[no-any-return]
        kinds = ("hindering",) if aquatic else ("hindering", "shallow")
        found = None
        for piece in self.of_kind(*kinds):
            if self.touches(piece, x, y, r):
                found = piece
                break
        memo[key] = found
        return found

    def first_stop(self, points: Sequence[Point], r: float, *, flight: bool = False,
                   aquatic: bool = False) -> Stop | None:
        """The first s > 0 along the path where the move must end (MK-G12), or None.

        - hindering (MK-14.3, MK-14.6, MK-A3): the disc becomes completely within the areas
          that hinder movement after not having been so; Flight ignores them, Aquatic ignores
          shallow water (MK-16.1, MK-16.3, MK-17.6);
        - elevation (MK-15.4, MK-A7), without Flight: completely on an elevated piece after
          starting on the ground, completely off every one after starting elevated;
        - low wall (MK-16.4, MK-A9): the disc touches a wall it was not touching at the start.
        """
        memo = self._memo()
        key = ("stop", tuple(points), r, flight, aquatic)
        try:
            if key in memo:
                return memo[key]  # type: ignore[no-any-return]
        except TypeError:                   # points given as lists: not kept
            return self._first_stop(points, r, flight, aquatic)
        found = memo[key] = self._first_stop(points, r, flight, aquatic)
        return found

    def _first_stop(self, points: Sequence[Point], r: float, flight: bool,
                    aquatic: bool) -> Stop | None:
        if len(points) < 2 or geo.path_length(points) == 0.0:
            return None
        found = [stop for stop in (
            None if flight else self._hinder_stop(points, r, aquatic),
            None if flight else self._elevation_stop(points, r),
            self._wall_stop(points, r)) if stop is not None]
        return min(found, key=lambda stop: stop.s) if found else None

    def _hinder_stop(self, points: Sequence[Point], r: float, aquatic: bool) -> Stop | None:
        rings = self._hinder_rings(aquatic)
        if rings is None or not _path_near(points, rings.bbox, r):
            return None
        k = r - self.tol
        started_within = _rings_within(rings, points[0][0], points[0][1], k)
        for s0, _s1, inside in _clear_stretches(points, rings, k):
            if not inside:
                continue
            if s0 <= 1e-12 and started_within:
                continue                                   # still in the first area (MK-A3)
            x, y = geo.point_along(points, s0 + 1e-9)
            piece = self._hinder_piece_at(x, y, aquatic)
            return Stop(s0, "MK-14.6" if started_within else "MK-14.3", piece)
        return None

    def _hinder_piece_at(self, x: float, y: float, aquatic: bool) -> str:
        kinds = ("hindering",) if aquatic else ("hindering", "shallow")
        for piece in self.of_kind(*kinds):
            if piece.near(x, y, 0.0) and geo.point_in_polygon(x, y, piece.outline):
                return piece.id
        return ""

    def _elevation_stop(self, points: Sequence[Point], r: float) -> Stop | None:
        rings = self._elevated_rings()
        if rings is None or not _path_near(points, rings.bbox, r):
            return None
        k = r - self.tol
        x0, y0 = points[0]
        home = self.elevated_piece(x0, y0, r)
        if home is None:
            best: Stop | None = None
            for piece in self.of_kind("elevated", "steep"):
                for s0, _s1, inside in _clear_stretches(points, self._piece_rings(piece), k):
                    if inside and s0 > 1e-12:
                        if best is None or s0 < best.s:
                            best = Stop(s0, "MK-15.4", piece.id)
                        break
            return best
        for s0, _s1, inside in _clear_stretches(points, rings, k):
            if not inside and s0 > 1e-12:
                return Stop(s0, "MK-15.4", home.id)
        return None

    def _wall_stop(self, points: Sequence[Point], r: float) -> Stop | None:
        best: Stop | None = None
        k = r + self.tol
        x0, y0 = points[0]
        for wall in self.of_kind("low_wall"):
            if self.touches(wall, x0, y0, r) or not _path_near(points, wall.bbox, k):
                continue                                   # the wall it starts against (MK-A9)
            spans = _near_spans(points, self._piece_rings(wall), k)
            if spans and (best is None or spans[0][0] < best.s):
                best = Stop(spans[0][0], "MK-16.4", wall.id)
        return best

    def apply_stop_policy(self, points: Sequence[Point], stop: Stop | None,
                          policy: str) -> tuple[Point, ...] | None:
        """The path as it may be used under option `stop_policy` (MK-G12): unchanged when it
        ends no more than ε past the first stop point; cut there under ``truncate``; None
        (illegal) under ``reject``."""
        if policy not in STOP_POLICIES:
            raise ValueError(f"stop_policy must be one of {STOP_POLICIES}, not {policy!r}")
        if stop is None or geo.path_length(points) <= stop.s + self.tol:
            return tuple(points)
        if policy == "truncate":
            return cut_path(points, stop.s)
        return None

    # -------------------------------------------------------------------------- low walls

    def across_wall(self, a: Body, b: Body) -> TerrainPiece | None:
        """The low wall A and B are adjacent across, for close combat only (MK-G17, MK-16.6,
        MK-A10): each disc touches W, [cA, cB] crosses W, and |cA - cB| ≤ rA + rB +
        thickness(W) + ε."""
        gap = math.hypot(b.x - a.x, b.y - a.y)
        for wall in self.of_kind("low_wall"):
            if (gap <= a.r + b.r + wall.thickness + self.tol
                    and self.touches(wall, a.x, a.y, a.r) and self.touches(wall, b.x, b.y, b.r)
                    and geo.segment_meets_interior(a.x, a.y, b.x, b.y, wall.outline)):
                return wall
        return None

    # -------------------------------------------------------------------------- setup

    def deploy_problem(self, edge: str, x: float, y: float, r: float) -> Problem | None:
        """Deployment (MK-3.9, MK-G18, MK-A45): the centre within 3 in of the owner's edge line
        and at least 8 in from each other edge line; the base wholly on the table and clear of
        blocking terrain. Other bases are the engine's to check (MK-G4)."""
        lines = {"south": y, "north": self.height - y, "west": x, "east": self.width - x}
        if edge not in lines:
            raise ValueError(f"unknown edge {edge!r}")
        if lines[edge] > DEPLOY_DEPTH + _TINY:
            return Problem("MK-3.9", Text(
                f"a warrior deploys with its centre at most 3 in from its own edge ({edge})",
                f"un guerrero se despliega con el centro a 3 pulgadas como mucho de su borde "
                f"({_EDGE_ES[edge]})"))
        for other, gap in lines.items():
            if other != edge and gap < DEPLOY_CLEARANCE - _TINY:
                return Problem("MK-3.9", Text(
                    f"a warrior deploys at least 8 in from every other edge ({other} is "
                    f"{gap:.2f} in away)",
                    f"un guerrero se despliega a 8 pulgadas como mínimo de los demás bordes "
                    f"(el {_EDGE_ES[other]} está a {gap:.2f})"))
        return self.standing_problem(x, y, r)

    def placement_problem(self, piece: TerrainPiece) -> Problem | None:
        """A pile piece put on the table (MK-3.4, MK-3.5, MK-G19): it lies wholly on the table
        and at least 1.9685 in from every other piece (a zone on an elevated piece is exempt
        from the spacing to that piece)."""
        x0, y0, x1, y1 = piece.bbox
        if x0 < -_TINY or y0 < -_TINY or x1 > self.width + _TINY or y1 > self.height + _TINY:
            return Problem("MK-3.4", Text(
                f"the terrain piece {piece.id} must lie wholly on the table",
                f"la pieza de terreno {piece.id} debe quedar entera sobre la mesa"), piece.id)
        if any(other.id == piece.id for other in self.pieces):
            return Problem("MK-3.6", Text(f"there is already a piece {piece.id}",
                                          f"ya hay una pieza {piece.id}"), piece.id)
        shape = Polygon(piece.outline)
        for other in self.pieces:
            if _zone_on(piece, other, shape, self._polygon(other)):
                continue
            if shapely.distance(shape, self._polygon(other)) < SPACING - _TINY:
                return Problem("MK-3.5", Text(
                    f"the terrain piece {piece.id} would be closer than 5 cm to {other.id}",
                    f"la pieza de terreno {piece.id} quedaría a menos de 5 cm de {other.id}"),
                    other.id)
        return None

    def template_fits(self, template: PieceTemplate, piece_id: str, x: float, y: float,
                      rotate: float) -> bool | None:
        """The fast answer, for the placement candidates, of ``placement_problem(template.place(
        piece_id, x, y, rotate)) is None``; None when it cannot be sure (then the caller makes
        the full check). The same outline is computed (same floats); a piece's validity comes
        from its template's, checked once per rotation with a wide margin (a rigid move keeps a
        simple polygon simple); the spacing of MK-G19 is decided without shapely unless the
        distance lies within 1e-7 in of the limit."""
        turned = _placement_certified(template, rotate)
        if turned is None:
            return None
        # `_transform`'s sums, in its order, on the products worked out once per rotation
        outline = tuple((round(x + pc - qs, 9) + 0.0, round(y + ps + qc, 9) + 0.0)
                        for pc, qs, ps, qc in turned)
        x0, y0, x1, y1 = geo.polygon_bbox(outline)
        if x0 < -_TINY or y0 < -_TINY or x1 > self.width + _TINY or y1 > self.height + _TINY:
            return False
        limit = SPACING - _TINY
        elevated = template.kind in ELEVATED_KINDS
        for other in self.pieces:
            if other.id == piece_id:
                return False
        for other in self.pieces:
            if other.on_elevated and elevated:
                return None                                 # MK-15.3: shapely's `covers`
            bx0, by0, bx1, by1 = other.bbox
            dx = bx0 - x1 if bx0 > x1 else x0 - bx1 if x0 > bx1 else 0.0
            dy = by0 - y1 if by0 > y1 else y0 - by1 if y0 > by1 else 0.0
            if dx >= SPACING or dy >= SPACING or math.hypot(dx, dy) >= SPACING:
                continue                                    # the boxes are far enough apart
            gap = _rings_distance(outline, other.outline, SPACING)
            if gap < limit - _BAND:
                return False
            if gap <= limit + _BAND and shapely.distance(Polygon(outline),
                                                         self._polygon(other)) < limit:
                return False
        return True


# ------------------------------------------------------------------------------ helpers

_BAND = 1e-7
"""Float noise allowed between the analytic and shapely's polygon distances (MK-G19)."""

_MARGIN = 1e-6
"""How far apart (inches) a template's outline keeps its own non-adjacent edges, its corners
from its adjacent edges, and its ladders' ends from the outline within 1e-6 - 1e-7, for any
placement of it to be known valid: placing moves a corner by ~1e-9 at most (rounding)."""

_CERTIFIED: dict[tuple[Any, ...], tuple[tuple[float, float, float, float], ...] | None] = {}


def _placement_certified(template: PieceTemplate, rotate: float
                         ) -> tuple[tuple[float, float, float, float], ...] | None:
    """When every placement of `template` turned `rotate` degrees is a valid piece (the
    checks of `TerrainPiece`, known from the piece placed at the origin and its margins), the
    products (x·cos, y·sin, x·sin, y·cos) of each corner that `_transform` sums; else None."""
    key = (template.kind, template.outline, template.thickness, template.ladders, rotate)
    if key in _CERTIFIED:
        return _CERTIFIED[key]
    found = None
    try:
        piece = template.place("check", 0.0, 0.0, rotate)
    except TerrainError:
        piece = None
    if piece is not None and _ring_margin(piece.outline) >= _MARGIN and all(
            _ladder_slack(a, b, piece.outline) <= _BAND for a, b in piece.ladders):
        rad = math.radians(rotate)
        c = math.cos(rad)
        s = math.sin(rad)
        found = tuple((px * c, py * s, px * s, py * c) for px, py in template.outline)
    if len(_CERTIFIED) > 4096:
        _CERTIFIED.clear()
    _CERTIFIED[key] = found
    return found


def _ring_margin(ring: Sequence[Point]) -> float:
    """How robustly a ring is simple: the least of its edge lengths, the distances between
    non-adjacent edges, the distances of each corner's neighbours to the edge beyond it, and
    the absolute area."""
    n = len(ring)
    edges = [(ring[i - 1], ring[i]) for i in range(n)]
    best = abs(sum(ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1]
                   for i in range(n))) / 2.0
    for i, ((ax, ay), (bx, by)) in enumerate(edges):
        best = min(best, math.hypot(bx - ax, by - ay))
        (_, _), (cx, cy) = edges[(i + 1) % n]
        best = min(best, geo.point_segment_distance(cx, cy, ax, ay, bx, by),
                   geo.point_segment_distance(ax, ay, bx, by, cx, cy))
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue                                    # adjacent through the last corner
            (px, py), (qx, qy) = edges[j]
            best = min(best, geo.segment_segment_distance(ax, ay, bx, by, px, py, qx, qy))
    return best


def _ladder_slack(a: Point, b: Point, ring: Sequence[Point]) -> float:
    """How far a ladder's ends are from the nearest edge holding both (`_on_outline`)."""
    n = len(ring)
    best = math.inf
    for i in range(n):
        (x0, y0), (x1, y1) = ring[i - 1], ring[i]
        best = min(best, max(geo.point_segment_distance(a[0], a[1], x0, y0, x1, y1),
                             geo.point_segment_distance(b[0], b[1], x0, y0, x1, y1)))
    return best


def _rings_distance(a: Sequence[Point], b: Sequence[Point], cap: float = math.inf) -> float:
    """The distance between two simple polygons (0 when they meet or one holds the other);
    edge pairs whose boxes are `cap` or more apart are skipped, so a result of `cap` or more
    only says the distance is at least `cap`."""
    if geo.point_in_polygon(a[0][0], a[0][1], b) or geo.point_in_polygon(b[0][0], b[0][1], a):
        return 0.0
    best = math.inf
    nb = len(b)
    others = []
    for j in range(nb):
        (cx, cy), (dx, dy) = b[j - 1], b[j]
        others.append((cx, cy, dx, dy, min(cx, dx) - cap, min(cy, dy) - cap,
                       max(cx, dx) + cap, max(cy, dy) + cap))
    for i in range(len(a)):
        (ax, ay), (bx, by) = a[i - 1], a[i]
        lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay < by else (by, ay)
        for cx, cy, dx, dy, x0, y0, x1, y1 in others:
            if hi_x <= x0 or lo_x >= x1 or hi_y <= y0 or lo_y >= y1:
                continue                                    # the boxes are cap or more apart
            d = geo.segment_segment_distance(ax, ay, bx, by, cx, cy, dx, dy)
            if d < best:
                best = d
    return best


_EDGE_ES = {"south": "sur", "north": "norte", "west": "oeste", "east": "este"}

_KIND_EN = {"hindering": "the hindering terrain", "blocking": "the blocking terrain",
            "elevated": "the elevated terrain", "steep": "the steep elevated terrain",
            "shallow": "the shallow water", "deep": "the deep water", "low_wall": "the low wall"}
_KIND_ES = {"hindering": "el terreno difícil", "blocking": "el terreno infranqueable",
            "elevated": "el terreno elevado", "steep": "el terreno elevado escarpado",
            "shallow": "el agua poco profunda", "deep": "el agua profunda",
            "low_wall": "el muro bajo"}


def _kind_en(piece: TerrainPiece) -> str:
    return _KIND_EN[piece.kind]


def _kind_es(piece: TerrainPiece) -> str:
    return _KIND_ES[piece.kind]


def _zone_on(a: TerrainPiece, b: TerrainPiece, shape_a: BaseGeometry,
             shape_b: BaseGeometry) -> bool:
    """One piece is a zone lying on the other, elevated one (MK-15.3, MK-G6)."""
    if a.on_elevated and b.elevated:
        return bool(shape_b.covers(shape_a))
    if b.on_elevated and a.elevated:
        return bool(shape_a.covers(shape_b))
    return False


def _union_bbox(pieces: Sequence[TerrainPiece]) -> tuple[float, float, float, float]:
    return (min(p.bbox[0] for p in pieces), min(p.bbox[1] for p in pieces),
            max(p.bbox[2] for p in pieces), max(p.bbox[3] for p in pieces))


def _rings_within(rings: _Rings | None, x: float, y: float, k: float) -> bool:
    """c inside the areas and at least k from every outline (MK-G7, completely within)."""
    if rings is None or not rings.near(x, y, 0.0):
        return False
    return rings.inside(x, y) and rings.boundary_distance(x, y) >= k


def _path_near(points: Sequence[Point], bbox: tuple[float, float, float, float],
               reach: float) -> bool:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return not (max(xs) < bbox[0] - reach or min(xs) > bbox[2] + reach
                or max(ys) < bbox[1] - reach or min(ys) > bbox[3] + reach)


def _segment_near_bbox(ax: float, ay: float, bx: float, by: float,
                       bbox: tuple[float, float, float, float], reach: float) -> bool:
    return not (max(ax, bx) < bbox[0] - reach or min(ax, bx) > bbox[2] + reach
                or max(ay, by) < bbox[1] - reach or min(ay, by) > bbox[3] + reach)
