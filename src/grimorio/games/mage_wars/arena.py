"""The arena's geometry: zones, borders, walls, distance, crossing, line of sight and push.

An `ArenaMap` is an immutable value: the grid of a `data.Arena` (MW-2.3, MW-A3) plus the walls
standing on its inner borders. A border is named by the frozenset of the two zones that share it
(`frozenset({"A1", "A2"})`, MW-2.4). The arena's edge is the perimeter wall (MW-5.65): it is
implicit, never in `walls`, and stops everything, flyers included (MW-X-7.12).

Geometry (MW-A5): zone (row r, column c) is the unit square centred on (c + 0.5, r + 0.5), x to the
east (growing columns) and y to the south (growing rows, row A on top, "north" MW-X-7.19).
Line of sight joins centres (or a centre and a border's midpoint, MW-5.71). Which borders and grid
corners a segment meets depends only on the grid, so it is computed once per grid; which pairs see
each other depends on the LoS Obstructed walls, so it is computed once per wall set and cached.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grimorio.games.mage_wars import data

Border = frozenset[str]
DIRECTIONS = ("north", "east", "south", "west")
_STEP = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


@dataclass(frozen=True, slots=True)
class WallKind:
    """The traits of a wall that geometry cares about (MW-5.61, MW-5.64). Test walls and the
    perimeter have both (MW-5.65)."""

    passage_blocked: bool = True
    los_obstructed: bool = True


FULL_WALL = WallKind()


def border(first: str, second: str) -> Border:
    """The border between two zones, as walls name it (MW-2.4)."""
    return frozenset((first, second))


def zone_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _rc(zone: str) -> tuple[int, int]:
    return ord(zone[0]) - ord("A"), int(zone[1:]) - 1


# --- segment geometry (independent of walls) --------------------------------------------------

# What a segment meets strictly between its ends: a border crossed at an inner point, or a grid
# corner passed through, given as (A, B, C, D): from A into the diagonal D, B and C the other two.
Corner = tuple[str, str, str, str]
Check = Border | Corner
Point = tuple[Fraction, Fraction]


def _centre(zone: str) -> Point:
    row, col = _rc(zone)
    return Fraction(2 * col + 1, 2), Fraction(2 * row + 1, 2)


def _midpoint(b: Border) -> Point:
    (x1, y1), (x2, y2) = (_centre(z) for z in sorted(b))
    return (x1 + x2) / 2, (y1 + y2) / 2


def _crossings(start: Point, end: Point) -> list[Fraction]:
    """The parameters t in (0, 1) where the segment meets a grid line (x or y an integer)."""
    out: set[Fraction] = set()
    for a, b in ((start[0], end[0]), (start[1], end[1])):
        if a == b:
            continue
        low, high = min(a, b), max(a, b)
        out.update((k - a) / (b - a) for k in range(math.floor(low) + 1, math.ceil(high)))
    return sorted(out)


def _check_at(start: Point, end: Point, t: Fraction) -> Check:
    x = start[0] + t * (end[0] - start[0])
    y = start[1] + t * (end[1] - start[1])
    if x.denominator == 1 and y.denominator == 1:
        return _corner(int(x), int(y), end[0] > start[0], end[1] > start[1])
    if x.denominator == 1:      # a vertical grid line: the border between two columns
        row = int(y)
        return border(zone_name(row, int(x) - 1), zone_name(row, int(x)))
    col = int(x)
    return border(zone_name(int(y) - 1, col), zone_name(int(y), col))


def _corner(vx: int, vy: int, east: bool, south: bool) -> Corner:
    """Zones round grid vertex (vx, vy) for a segment heading east/west and south/north: A it
    comes from, D it goes into, B beside A in A's row, C beside A in A's column (MW-A5)."""
    ca, cd = (vx - 1, vx) if east else (vx, vx - 1)
    ra, rd = (vy - 1, vy) if south else (vy, vy - 1)
    return zone_name(ra, ca), zone_name(ra, cd), zone_name(rd, ca), zone_name(rd, cd)


def _segment_checks(start: Point, end: Point) -> tuple[Check, ...]:
    return tuple(_check_at(start, end, t) for t in _crossings(start, end))


@functools.lru_cache(maxsize=16)
def _adjacency(rows: int, cols: int) -> dict[str, tuple[str, ...]]:
    """Each zone's side neighbours (MW-2.2), in zone order."""
    out: dict[str, tuple[str, ...]] = {}
    for r in range(rows):
        for c in range(cols):
            near = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            out[zone_name(r, c)] = tuple(zone_name(nr, nc) for nr, nc in near
                                         if 0 <= nr < rows and 0 <= nc < cols)
    return out


@functools.lru_cache(maxsize=16)
def _distances(rows: int, cols: int) -> dict[tuple[str, str], int]:
    """Every ordered pair's distance (MW-4.27); a KeyError names a zone off the arena."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return {(zone_name(*p), zone_name(*q)): abs(p[0] - q[0]) + abs(p[1] - q[1])
            for p in cells for q in cells}


@functools.lru_cache(maxsize=16)
def _grid(rows: int, cols: int) -> dict[tuple[str, str], tuple[Check, ...]]:
    """For every ordered pair of zones, what the centre-to-centre segment meets."""
    zones = [zone_name(r, c) for r in range(rows) for c in range(cols)]
    return {(a, b): _segment_checks(_centre(a), _centre(b)) for a in zones for b in zones}


def _blocked(checks: Iterable[Check], shut: frozenset[Border]) -> bool:
    """Whether LoS Obstructed walls `shut` stop a segment with these checks (MW-5.71-5.72)."""
    for check in checks:
        if isinstance(check, frozenset):
            if check in shut:
                return True
            continue
        a, b, c, d = check
        way_b = border(a, b) in shut or border(b, d) in shut
        way_c = border(a, c) in shut or border(c, d) in shut
        if way_b and way_c:    # both ways round the corner are shut (MW-A5)
            return True
    return False


@functools.lru_cache(maxsize=256)
def _visible(rows: int, cols: int, shut: frozenset[Border]) -> frozenset[tuple[str, str]]:
    """The ordered pairs of zones in line of sight when `shut` are the LoS Obstructed walls."""
    return frozenset(pair for pair, checks in _grid(rows, cols).items()
                     if not _blocked(checks, shut))


# --- the map -----------------------------------------------------------------------------------


class ArenaMap:
    """The arena in use with its walls (immutable; build a new one with `with_walls`)."""

    __slots__ = ("_adjacent", "_kinds", "_shut", "_zone_set", "arena", "walls")

    arena: data.Arena
    walls: frozenset[Border]

    def __init__(self, arena: data.Arena, walls: Iterable[Iterable[str]] = (),
                 kinds: Mapping[Border, WallKind] | None = None) -> None:
        self.arena = arena
        self.walls = frozenset(frozenset(w) for w in walls)
        self._zone_set = frozenset(arena.zones)
        # only walls that differ from the full default are kept, so equal maps compare equal
        self._kinds = {w: k for w, k in (kinds or {}).items() if k != FULL_WALL}
        for wall in self.walls | set(self._kinds):
            self._check_border(wall)
        if not set(self._kinds) <= self.walls:
            raise ValueError("wall kinds given for borders without a wall")
        self._shut = frozenset(w for w in self.walls
                               if self._kinds.get(w, FULL_WALL).los_obstructed)
        self._adjacent = _adjacency(arena.rows, arena.columns)

    @classmethod
    def named(cls, arena_id: str, walls: Iterable[Iterable[str]] = (),
              kinds: Mapping[Border, WallKind] | None = None) -> ArenaMap:
        """The shipped arena `apprentice` or `full` (MW-1.4, MW-2.3) with these walls."""
        return cls(data.shipped().arenas.get(arena_id), walls, kinds)

    def with_walls(self, walls: Iterable[Iterable[str]],
                   kinds: Mapping[Border, WallKind] | None = None) -> ArenaMap:
        return ArenaMap(self.arena, walls, kinds)

    def _check_border(self, wall: Border) -> None:
        names = sorted(wall)
        if len(names) != 2 or any(z not in self._zone_set for z in names) \
                or self.arena.distance(names[0], names[1]) != 1:
            raise ValueError(f"{names} is not an inner border of the {self.arena.id} arena "
                             "(MW-2.4, MW-5.58)")

    # -- zones and distance

    @property
    def zones(self) -> tuple[str, ...]:
        return self.arena.zones

    @property
    def rows(self) -> int:
        return self.arena.rows

    @property
    def columns(self) -> int:
        return self.arena.columns

    @property
    def start_zones(self) -> tuple[str, ...]:
        return self.arena.start_zones

    def position(self, zone: str) -> tuple[int, int]:
        """(row, column), 0-based; KeyError for a zone outside the arena (MW-1.4)."""
        return self.arena.position(zone)

    def zone_at(self, row: int, col: int) -> str | None:
        """The zone at (row, column), or None off the arena."""
        if 0 <= row < self.rows and 0 <= col < self.columns:
            return zone_name(row, col)
        return None

    def adjacent(self, zone: str) -> tuple[str, ...]:
        """Zones sharing a side with `zone`; corners do not count (MW-2.2)."""
        return self._adjacent[zone]

    def distance(self, first: str, second: str) -> int:
        """|rows apart| + |columns apart|, whatever walls stand between (MW-4.27, MW-A6)."""
        return _distances(self.rows, self.columns)[first, second]

    def within(self, zone: str, low: int, high: int) -> tuple[str, ...]:
        """The zones at distance low..high from `zone`, both included (MW-4.27, MW-4.28)."""
        return tuple(z for z in self.zones if low <= self.distance(zone, z) <= high)

    # -- borders and walls

    @property
    def borders(self) -> tuple[Border, ...]:
        """Every inner border, each once (MW-2.4); the perimeter is not listed."""
        return tuple(border(a, b) for a in self.zones for b in self.adjacent(a) if a < b)

    def wall(self, b: Border) -> WallKind | None:
        """The wall on an inner border, or None."""
        if b not in self.walls:
            return None
        return self._kinds.get(b, FULL_WALL)

    def can_cross(self, first: str, second: str, flying: bool) -> bool:
        """Whether a creature may cross from `first` into the adjacent `second` (MW-4.19).
        Off the arena is the perimeter, which stops flyers too (MW-5.65, MW-X-7.12); an inner
        Passage Blocked wall stops non-flyers (MW-5.61); flyers ignore inner walls (MW-5.28)."""
        if second not in self._zone_set or second not in self.adjacent(first):
            return False
        kind = self.wall(border(first, second))
        return flying or kind is None or not kind.passage_blocked

    # -- line of sight

    def los(self, first: str, second: str, *, from_flying: bool = False,
            to_flying: bool = False) -> bool:
        """Line of sight from zone `first` to zone `second` (MW-5.70-5.74, MW-A5): same zone
        always (MW-5.71); a Flying end is never blocked by inner walls (MW-5.74); otherwise the
        centre-to-centre segment must cross no LoS Obstructed wall and pass no shut corner."""
        if first not in self._zone_set or second not in self._zone_set:
            raise KeyError(f"{first}/{second}: not zones of the {self.arena.id} arena")
        if first == second or from_flying or to_flying:
            return True
        return (first, second) in _visible(self.rows, self.columns, self._shut)

    def border_los(self, zone: str, b: Border, *, from_flying: bool = False) -> bool:
        """Line of sight from `zone` to the midpoint of border `b` (MW-5.59, MW-5.71); a wall on
        `b` itself never hides it, since the segment only reaches it."""
        self._check_border(b)
        if zone not in self._zone_set:
            raise KeyError(f"{zone!r} is not a zone of the {self.arena.id} arena")
        if zone in b or from_flying:
            return True
        return not _border_blocked(zone, b, self._shut)

    # -- push

    def push_target(self, zone: str, direction: str) -> str | None:
        """The zone one step `direction` from `zone`, or None past the perimeter (MW-X-7.17,
        MW-X-7.22). Inner walls are the caller's business (`can_cross`, MW-X-7.20)."""
        row, col = self.position(zone)
        dr, dc = _STEP[direction]
        return self.zone_at(row + dr, col + dc)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"arena": self.arena.id, "rows": self.rows,
                               "columns": self.columns,
                               "walls": sorted(sorted(w) for w in self.walls)}
        if self._kinds:
            out["wall_kinds"] = [{"border": sorted(w), "passage_blocked": k.passage_blocked,
                                  "los_obstructed": k.los_obstructed}
                                 for w, k in sorted(self._kinds.items(),
                                                    key=lambda i: sorted(i[0]))]
        return out

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> ArenaMap:
        kinds = {frozenset(k["border"]): WallKind(k["passage_blocked"], k["los_obstructed"])
                 for k in doc.get("wall_kinds", ())}
        return cls.named(doc["arena"], doc.get("walls", ()), kinds)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArenaMap) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.arena.id, self.walls, frozenset(self._kinds.items()))

    def __repr__(self) -> str:
        walls = ", ".join("|".join(sorted(w)) for w in sorted(self.walls, key=sorted))
        return f"ArenaMap({self.arena.id!r}, walls=[{walls}])"


@functools.lru_cache(maxsize=1024)
def _border_blocked(zone: str, b: Border, shut: frozenset[Border]) -> bool:
    return _blocked(_segment_checks(_centre(zone), _midpoint(b)), shut)


# --- push directions ----------------------------------------------------------------------------


def direction_between(first: str, second: str) -> str | None:
    """The direction from `first` to the adjacent zone `second`, or None if not adjacent."""
    (r1, c1), (r2, c2) = _rc(first), _rc(second)
    for name, step in _STEP.items():
        if (r2 - r1, c2 - c1) == step:
            return name
    return None


def push_directions(zone: str, origin: str) -> tuple[str, ...]:
    """The directions that push a target in `zone` away from `origin` (MW-X-7.17). In line: the
    one straight away; otherwise one per axis on which they differ, the pusher choosing
    (MW-X-7.18, MW-C13); from the target's own zone: any of the four (MW-X-7.18)."""
    (rz, cz), (ro, co) = _rc(zone), _rc(origin)
    if (rz, cz) == (ro, co):
        return DIRECTIONS
    out = []
    if rz != ro:
        out.append("south" if rz > ro else "north")
    if cz != co:
        out.append("east" if cz > co else "west")
    return tuple(d for d in DIRECTIONS if d in out)


def random_push_direction(roll: int) -> str:
    """The random push direction for an effect-die result, from the data (MW-X-7.19)."""
    return data.shipped().arenas.push_direction(roll)
