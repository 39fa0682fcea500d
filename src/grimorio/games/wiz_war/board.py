"""The Wiz-War maze: sector layouts, squares, edges, doors, portals, adjacency and line of sight.

A board is made of 5×5 sector boards (one per player colour, WW-X1, A21) placed on a global grid:
2 players side by side (10×5), 3 players an L in a 2×2 frame (the south-east 5×5 is a hole, not
on the board), 4 players a 2×2 square (10×10). Squares are ints ``row * width + col``; a side of a
square is ``sq * 4 + d`` with ``d`` the index in ``DIRECTIONS`` (n e s w).

Edges. Each side slot holds the `Edge` in force there, or None (open). Both sides of an edge
hold the *same* object, and so do the two ends of a portal link, so changing an edge from either
side changes it for both. The outer border is an indestructible ``outer`` edge (WW-X3) except at
the openings (the middle square of each sector side), which are portals (WW-X6).

Ownership (for Rotate Sector). Where two sectors meet (a seam) or a portal links two openings,
each end may own an edge of its own, because each sector board prints its own border: both
print a wall along a seam, and a door at an opening is printed by one of them. The edge in force
is the north/west end's own edge if it has one, else the other end's. Turning a sector moves its
own edges and leaves its neighbours' in place, so a neighbour's door or wall shows again where
the turning sector brings nothing. `set_edge` replaces both ends' edges by one edge owned by the
end it names. Door colour is always the colour of the sector that prints the door (WW-X4).

Portals (WW-X6). An opening on the board's outer border (including the border of the L's hole)
leads to the square at the other end of the same row (east/west openings) or column (north/south
openings): the farthest square reached walking from the opening in the opposite direction while
staying on the board. On a rectangle this is the opening on the opposite border; on the L it is
the farthest square of that line, whose side faces the border (so the top-right sector's north and
south openings lead to each other, and likewise the bottom-left sector's west and east openings).
Portal links are symmetric: if ``beyond(a, d) == b`` then ``beyond(b, opposite(d)) == a``. A step
through a portal keeps its direction, so a line of sight stays on its row or column.

Copies are cheap: ``copy()`` copies two lists of references. Edge objects are shared between a
board and its copies until one of them asks for an edge with `edge()`, which first makes a
private copy of that edge (copy-on-write). So mutate the Edge that `edge()` returns right away,
and do not keep Edge references across a ``copy()``; `peek_edge()` reads without copying (never
mutate what it returns).
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from grimorio.core.rng import Dice

DIRECTIONS = "nesw"
COLOURS = ("blue", "red", "yellow", "green")
FACES = ("A", "B")
EDGE_KINDS = ("wall", "door", "outer", "earth", "fire")
SEE_THROUGH = frozenset({"fire"})  # edge kinds that do not block line of sight (WW-X5)
SECTOR = 5  # a sector board is SECTOR × SECTOR squares
MIDDLE = SECTOR // 2  # the openings sit on the middle square of each sector side
LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {  # north-west corners per player count (WW-X1)
    2: ((0, 0), (0, 5)),
    3: ((0, 0), (0, 5), (5, 0)),
    4: ((0, 0), (0, 5), (5, 0), (5, 5)),
}
DATA_FILE = Path(__file__).resolve().parent / "data" / "boards.yaml"
_DR = (-1, 0, 1, 0)
_DC = (0, 1, 0, -1)
_SQUARE = re.compile(r"^([a-z])([1-9][0-9]*)$")
_EDGE = re.compile(r"^([a-z][1-9][0-9]*)([nesw])$")
_RECORD_KEYS = frozenset({"kind", "colour", "cracks", "sealed", "created_by"})


def opposite(d: int) -> int:
    """The direction opposite `d`."""
    return (d + 2) % 4


class BoardDataError(ValueError):
    """The shipped sector data (``data/boards.yaml``) is malformed."""


# ----------------------------------------------------------------------------------- records

@dataclass(frozen=True, slots=True)
class SectorPlace:
    """One sector board on the global grid."""

    colour: str  # whose board (and whose doors, WW-X4)
    face: str  # "A" (new) or "B" (classic)
    row: int  # north-west corner on the global grid (multiples of 5)
    col: int
    rotation: int  # quarter turns clockwise, 0..3

    def record(self) -> dict[str, Any]:
        """The JSON-able form used by `Board.document`."""
        return {"colour": self.colour, "face": self.face, "row": self.row, "col": self.col,
                "rotation": self.rotation}


class Edge:
    """A wall, door or other thing on an edge between two squares (or on the outer border)."""

    __slots__ = ("_owner", "colour", "cracks", "created_by", "kind", "sealed")

    def __init__(self, kind: str, colour: str | None = None, cracks: int = 0,
                 sealed: bool = False, created_by: int | None = None) -> None:
        self.kind = kind
        self.colour = colour
        self.cracks = cracks
        self.sealed = sealed
        self.created_by = created_by
        self._owner: object = None  # the board token that may mutate it in place (see module doc)

    def copy(self) -> Edge:
        """An equal, independent edge."""
        twin = Edge.__new__(Edge)
        twin.kind = self.kind
        twin.colour = self.colour
        twin.cracks = self.cracks
        twin.sealed = self.sealed
        twin.created_by = self.created_by
        twin._owner = None
        return twin

    def record(self) -> dict[str, Any]:
        """JSON-able form: the kind plus the fields that differ from their defaults."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.colour is not None:
            out["colour"] = self.colour
        if self.cracks:
            out["cracks"] = self.cracks
        if self.sealed:
            out["sealed"] = True
        if self.created_by is not None:
            out["created_by"] = self.created_by
        return out

    def __repr__(self) -> str:
        return f"Edge({self.record()})"


# ------------------------------------------------------------------------------ sector data

@dataclass(frozen=True, slots=True)
class Face:
    """One face of one sector board, unrotated: local square = row * 5 + col."""

    colour: str
    face: str
    sides: tuple[str | None, ...]  # per local side (sq * 4 + d): "wall", "door" or None (open)
    treasures: tuple[int, int]  # local squares of the two treasure starts
    source_door_colours: tuple[tuple[str, str], ...]  # reference only (WW-X4 ignores them)


def _face_error(where: str, problem: str) -> BoardDataError:
    return BoardDataError(f"boards.yaml: {where}: {problem}")


def _parse_maze(where: str, maze: Any) -> tuple[list[str | None], list[str]]:
    """Read the 11×11 drawing into per-side kinds and per-square kind letters."""
    size = 2 * SECTOR + 1
    if (not isinstance(maze, list) or len(maze) != size
            or not all(isinstance(line, str) and len(line) == size for line in maze)):
        raise _face_error(where, f"maze must be {size} strings of {size} characters")
    sides: list[str | None] = [None] * (SECTOR * SECTOR * 4)
    cells: list[str] = []
    for y, line in enumerate(maze):
        for x, char in enumerate(line):
            _read_char(where, sides, cells, x, y, char)
    return sides, cells


_EDGE_CHARS = {"-": "wall", "|": "wall", "D": "door", " ": None}


def _read_char(where: str, sides: list[str | None], cells: list[str], x: int, y: int,
               char: str) -> None:
    """One character of the drawing: a corner, an edge or a square."""
    if x % 2 == 0 and y % 2 == 0:
        if char != "+":
            raise _face_error(where, f"line {y + 1} column {x + 1}: expected '+', got {char!r}")
        return
    if x % 2 == 1 and y % 2 == 1:
        if char not in "HT.":
            raise _face_error(where, f"line {y + 1} column {x + 1}: a square is 'H', 'T' or '.',"
                              f" not {char!r}")
        cells.append(char)
        return
    allowed = "- D" if y % 2 == 0 else "| D"
    if char not in allowed:
        raise _face_error(where, f"line {y + 1} column {x + 1}: an edge is one of {allowed!r}, "
                          f"not {char!r}")
    kind = _EDGE_CHARS[char]
    if y % 2 == 0:  # horizontal edge: south of (y/2 - 1, col), north of (y/2, col)
        row, col = y // 2, x // 2
        _put(sides, row - 1, col, 2, kind)
        _put(sides, row, col, 0, kind)
    else:  # vertical edge: east of (row, x/2 - 1), west of (row, x/2)
        row, col = y // 2, x // 2
        _put(sides, row, col - 1, 1, kind)
        _put(sides, row, col, 3, kind)


def _put(sides: list[str | None], row: int, col: int, d: int, kind: str | None) -> None:
    if 0 <= row < SECTOR and 0 <= col < SECTOR:
        sides[(row * SECTOR + col) * 4 + d] = kind


def _check_border(where: str, sides: list[str | None]) -> None:
    """Walled all round except the middle of each side (the openings)."""
    for i in range(SECTOR):
        for sq, d in ((i, 0), (i * SECTOR + SECTOR - 1, 1), ((SECTOR - 1) * SECTOR + i, 2),
                      (i * SECTOR, 3)):
            kind = sides[sq * 4 + d]
            name = _local_name(sq, d)
            if i == MIDDLE and kind == "wall":
                raise _face_error(where, f"the opening {name} must be open or a door")
            if i != MIDDLE and kind != "wall":
                raise _face_error(where, f"the border edge {name} must be a wall")


def _local_name(sq: int, d: int) -> str:
    row, col = divmod(sq, SECTOR)
    return f"{chr(97 + col)}{row + 1}{DIRECTIONS[d]}"


def _read_face(colour: str, face: str, entry: Any) -> Face:
    where = f"{colour}/{face}"
    if not isinstance(entry, dict) or set(entry) - {"maze", "source_door_colours"}:
        raise _face_error(where, "expected a mapping with 'maze' and 'source_door_colours'")
    sides, cells = _parse_maze(where, entry.get("maze"))
    _check_border(where, sides)
    homes = [i for i, c in enumerate(cells) if c == "H"]
    centre = MIDDLE * SECTOR + MIDDLE
    if homes != [centre]:
        raise _face_error(where, "there must be exactly one home square 'H', at the centre c3")
    treasures = [i for i, c in enumerate(cells) if c == "T"]
    if len(treasures) != 2:
        raise _face_error(where, f"there must be exactly 2 treasure squares 'T', not "
                          f"{len(treasures)}")
    doors = _read_source_doors(where, entry.get("source_door_colours", {}), sides)
    return Face(colour, face, tuple(sides), (treasures[0], treasures[1]), doors)


def _read_source_doors(where: str, raw: Any, sides: list[str | None]) -> tuple[tuple[str, str],
                                                                                  ...]:
    """The source's door colours: one per drawn door, keyed by its local e/s edge name."""
    if not isinstance(raw, dict):
        raise _face_error(where, "source_door_colours must be a mapping")
    drawn = set()
    for sq in range(SECTOR * SECTOR):
        for d in (1, 2):
            if sides[sq * 4 + d] == "door":
                drawn.add(_local_name(sq, d))
        for d in (0, 3):  # doors on the north/west border have no e/s form inside the face
            if sides[sq * 4 + d] == "door" and (sq < SECTOR if d == 0 else sq % SECTOR == 0):
                drawn.add(_local_name(sq, d))
    if set(raw) != drawn:
        raise _face_error(where, f"source_door_colours names {sorted(raw)}, the maze draws "
                          f"doors at {sorted(drawn)}")
    for name, value in raw.items():
        if value not in COLOURS:
            raise _face_error(where, f"door {name}: unknown colour {value!r}")
    return tuple(sorted(raw.items()))


def parse_faces(data: Any) -> dict[tuple[str, str], Face]:
    """Validate the decoded boards.yaml and return its faces by (colour, face)."""
    if not isinstance(data, dict) or set(data) != set(COLOURS):
        raise BoardDataError(f"boards.yaml: expected the colours {list(COLOURS)} at the top")
    faces: dict[tuple[str, str], Face] = {}
    for colour in COLOURS:
        entry = data[colour]
        if not isinstance(entry, dict) or set(entry) != set(FACES):
            raise _face_error(colour, f"expected the faces {list(FACES)}")
        for face in FACES:
            faces[colour, face] = _read_face(colour, face, entry[face])
    return faces


@functools.cache
def faces() -> dict[tuple[str, str], Face]:
    """The shipped sector faces, read and validated once."""
    with DATA_FILE.open(encoding="utf-8") as handle:
        return parse_faces(yaml.safe_load(handle))


# -------------------------------------------------------------------------------- geometry

class _Geometry:
    """What depends only on where the sectors lie: squares, beyond/portal tables, distances."""

    __slots__ = ("_dist", "beyond", "height", "mate", "neigh", "on", "portal", "squares", "steps",
                 "width")

    def __init__(self, positions: frozenset[tuple[int, int]]) -> None:
        self.width = max(c for _, c in positions) + SECTOR
        self.height = max(r for r, _ in positions) + SECTOR
        size = self.width * self.height
        on = [False] * size
        for r0, c0 in positions:
            for r in range(r0, r0 + SECTOR):
                for c in range(c0, c0 + SECTOR):
                    on[r * self.width + c] = True
        self.on: tuple[bool, ...] = tuple(on)
        self.squares: tuple[int, ...] = tuple(sq for sq in range(size) if on[sq])
        self.steps = range(len(self.squares))  # the most steps a line can take
        beyond = [-1] * (size * 4)
        portal = [False] * (size * 4)
        for sq in self.squares:
            for d in range(4):
                beyond[sq * 4 + d], portal[sq * 4 + d] = self._across(sq, d)
        self.beyond: tuple[int, ...] = tuple(beyond)
        self.portal: tuple[bool, ...] = tuple(portal)
        self.mate: tuple[int, ...] = tuple(
            -1 if b < 0 else b * 4 + opposite(i % 4) for i, b in enumerate(beyond))
        self.neigh: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((d, beyond[sq * 4 + d]) for d in range(4) if beyond[sq * 4 + d] >= 0)
            for sq in range(size))
        self._dist: list[int] | None = None

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width and \
            self.on[row * self.width + col]

    def _across(self, sq: int, d: int) -> tuple[int, bool]:
        """The square across side d and whether a portal leads there (WW-X6); -1 at a wall."""
        row, col = divmod(sq, self.width)
        if self.inside(row + _DR[d], col + _DC[d]):
            return (row + _DR[d]) * self.width + col + _DC[d], False
        if (col if d in (0, 2) else row) % SECTOR != MIDDLE:
            return -1, False
        while self.inside(row - _DR[d], col - _DC[d]):  # to the far end of the line
            row, col = row - _DR[d], col - _DC[d]
        return row * self.width + col, True

    def distances(self) -> list[int]:
        """All-pairs step counts (flat, a * size + b), computed once per geometry."""
        if self._dist is None:
            size = self.width * self.height
            dist = [-1] * (size * size)
            for start in self.squares:
                self._bfs(start, dist, size)
            self._dist = dist
        return self._dist

    def _bfs(self, start: int, dist: list[int], size: int) -> None:
        base = start * size
        dist[base + start] = 0
        queue = deque([start])
        while queue:
            sq = queue.popleft()
            step = dist[base + sq] + 1
            for _, nxt in self.neigh[sq]:
                if dist[base + nxt] < 0:
                    dist[base + nxt] = step
                    queue.append(nxt)


@functools.cache
def _geometry(positions: frozenset[tuple[int, int]]) -> _Geometry:
    return _Geometry(positions)


def _rotate_local(sq: int, quarters: int) -> int:
    """A local square after `quarters` clockwise quarter turns about the sector's centre."""
    row, col = divmod(sq, SECTOR)
    for _ in range(quarters % 4):
        row, col = col, SECTOR - 1 - row
    return row * SECTOR + col


# ----------------------------------------------------------------------------------- board

class Board:
    """The maze of one game: mutable, cheap to copy (see the module docstring)."""

    __slots__ = ("_edges", "_geo", "_own", "_sector_at", "_sector_squares", "_split", "_token",
                 "_treasures", "height", "sectors", "width")

    width: int
    height: int
    sectors: tuple[SectorPlace, ...]
    _edges: list[Edge | None]  # per side slot: the edge in force on that link (shared object)
    _own: list[Edge | None]  # per side slot: the edge that end owns (see the module docstring)
    _geo: _Geometry
    _sector_at: tuple[int, ...]
    _sector_squares: tuple[tuple[int, ...], ...]
    _split: tuple[bool, ...]  # per side slot: a link whose two ends own edges separately
    _token: object
    _treasures: dict[str, tuple[int, int]]

    # ---- construction ----------------------------------------------------------------------

    @classmethod
    def build(cls, colours: Sequence[str], face: str, dice: Dice) -> Board:
        """A random board for these player colours (WW-2.3, WW-X1).

        The colours' sectors are shuffled over the layout's places (`dice.shuffle`), then each
        gets a random rotation (`dice.randint(1, 4) - 1` quarter turns, so scripted dice 1..4
        choose rotations 0..3 in colour order).
        """
        colours = list(colours)
        if len(colours) not in LAYOUTS:
            raise ValueError(f"a board is for 2 to 4 players, not {len(colours)}")
        places = list(LAYOUTS[len(colours)])
        dice.shuffle(places)
        rotations = [dice.randint(1, 4) - 1 for _ in colours]
        return cls.from_places([SectorPlace(colour, face, row, col, turn)
                                for colour, (row, col), turn in zip(colours, places, rotations,
                                                                    strict=True)])

    @classmethod
    def from_places(cls, places: Sequence[SectorPlace]) -> Board:
        """A board with these sectors exactly where and how the places say (tests, scenarios).

        Any connected arrangement of 1-4 sectors on the 5-square grid is accepted; `build` uses
        the three layouts of WW-X1. Faces may differ (all the same in a real game, WW-2.2).
        """
        places = tuple(places)
        _check_places(places)
        board = cls.__new__(cls)
        board._geo = geo = _geometry(frozenset((p.row, p.col) for p in places))
        board.width, board.height, board.sectors = geo.width, geo.height, places
        board._token = object()
        at = [-1] * (geo.width * geo.height)
        for index, place in enumerate(places):
            for sq in _place_squares(place, geo.width):
                at[sq] = index
        board._sector_at = tuple(at)
        board._split = tuple(m >= 0 and (geo.portal[i] or at[i // 4] != at[m // 4])
                             for i, m in enumerate(geo.mate))
        board._sector_squares = tuple(tuple(_place_squares(p, geo.width)) for p in places)
        board._treasures = {p.colour: _treasures(p, geo.width) for p in places}
        board._own = board._printed()
        board._edges = [None] * len(board._own)
        for sq in geo.squares:
            for d in range(4):
                board._refresh(board._edges, sq * 4 + d)
        return board

    def _printed(self) -> list[Edge | None]:
        """Every end's own edge as the sector faces print it (one object per inner edge)."""
        geo = self._geo
        own: list[Edge | None] = [None] * (geo.width * geo.height * 4)
        for place in self.sectors:
            face = faces()[place.colour, place.face]
            for local in range(SECTOR * SECTOR):
                sq = _global(place, local, geo.width)
                for d in range(4):
                    i = sq * 4 + (d + place.rotation) % 4
                    kind = "outer" if geo.mate[i] < 0 else face.sides[local * 4 + d]
                    mate = geo.mate[i]
                    if kind is None or (not self._split[i] and 0 <= mate < i):
                        continue  # open, or an inner edge already made from its other side
                    edge = self._fresh(kind, place.colour if kind == "door" else None)
                    own[i] = edge
                    if mate >= 0 and not self._split[i]:
                        own[mate] = edge
        return own

    def _refresh(self, edges: list[Edge | None], slot: int) -> None:
        """Put in force on a link the edge its ends own: the north/west end's if both own one."""
        mate = self._geo.mate[slot]
        if mate < 0:
            edges[slot] = self._own[slot]
            return
        low, high = (slot, mate) if slot < mate else (mate, slot)
        edge = self._own[low]
        if edge is None:
            edge = self._own[high]
        edges[slot] = edges[mate] = edge

    def _fresh(self, kind: str, colour: str | None = None) -> Edge:
        edge = Edge(kind, colour)
        edge._owner = self._token
        return edge

    def copy(self) -> Board:
        """An independent board; Edge objects are shared until either side writes them."""
        twin = Board.__new__(Board)
        twin.width, twin.height, twin.sectors = self.width, self.height, self.sectors
        twin._geo, twin._sector_at, twin._split = self._geo, self._sector_at, self._split
        twin._sector_squares, twin._treasures = self._sector_squares, self._treasures
        twin._edges = self._edges.copy()
        twin._own = self._own.copy()
        twin._token = object()
        self._token = object()  # neither board owns the shared edges any more
        return twin

    # ---- squares and names -----------------------------------------------------------------

    def squares(self) -> list[int]:
        """Every square on the board, ascending (the L's hole excluded)."""
        return list(self._geo.squares)

    def on_board(self, sq: int) -> bool:
        """Whether `sq` is a square of this board."""
        return isinstance(sq, int) and 0 <= sq < len(self._geo.on) and self._geo.on[sq]

    def square_name(self, sq: int) -> str:
        """Column letter + row number: ``c4``."""
        self._check_square(sq)
        row, col = divmod(sq, self.width)
        return f"{chr(97 + col)}{row + 1}"

    def parse_square(self, text: str) -> int:
        """The square a name like ``c4`` denotes; ValueError if this board has no such square."""
        match = _SQUARE.match(text.strip().lower()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"{text!r} is not a square name (a column letter and a row number, "
                             f"like c4)")
        col, row = ord(match.group(1)) - 97, int(match.group(2)) - 1
        if col >= self.width or row >= self.height:
            raise ValueError(f"{text!r} is off the board (columns a-{chr(96 + self.width)}, rows "
                             f"1-{self.height})")
        sq = row * self.width + col
        if not self._geo.on[sq]:
            raise ValueError(f"{text!r} lies in the hole of the L layout, not on the board")
        return sq

    def edge_name(self, sq: int, d: int) -> str:
        """Canonical edge name: the e/s form of the north/west square (``c4e``); outer edges and
        portal openings keep their own side (``a1n``)."""
        sq, d = self._canonical(sq, d)
        return f"{self.square_name(sq)}{DIRECTIONS[d]}"

    def parse_edge(self, text: str) -> tuple[int, int]:
        """(square, direction) of an edge name, in canonical form; ValueError if malformed."""
        match = _EDGE.match(text.strip().lower()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"{text!r} is not an edge name (a square and a side n/e/s/w, like "
                             f"c4e)")
        return self._canonical(self.parse_square(match.group(1)), DIRECTIONS.index(match.group(2)))

    def _canonical(self, sq: int, d: int) -> tuple[int, int]:
        self._check_side(sq, d)
        i = sq * 4 + d
        if d in (0, 3) and self._geo.beyond[i] >= 0 and not self._geo.portal[i]:
            return self._geo.beyond[i], opposite(d)
        return sq, d

    def _check_square(self, sq: int) -> None:
        if not self.on_board(sq):
            raise ValueError(f"{sq!r} is not a square of this board")

    def _check_side(self, sq: int, d: int) -> None:
        self._check_square(sq)
        if not isinstance(d, int) or not 0 <= d < 4:
            raise ValueError(f"{d!r} is not a direction (0..3 for n e s w)")

    # ---- edges -----------------------------------------------------------------------------

    def edge(self, sq: int, d: int) -> Edge | None:
        """The edge on side d of sq (None = open); this board's own copy, safe to mutate."""
        i = sq * 4 + d
        edge = self._edges[i]
        if edge is None or edge._owner is self._token:
            return edge
        twin = edge.copy()
        twin._owner = self._token
        self._edges[i] = twin
        own = self._own
        if own[i] is edge:
            own[i] = twin
        mate = self._geo.mate[i]
        if mate >= 0:
            self._edges[mate] = twin
            if own[mate] is edge:
                own[mate] = twin
        return twin

    def peek_edge(self, sq: int, d: int) -> Edge | None:
        """The edge on side d of sq, read-only (may be shared with copies: never mutate it)."""
        return self._edges[sq * 4 + d]

    def set_edge(self, sq: int, d: int, edge: Edge | None) -> None:
        """Put `edge` (or nothing) on side d of sq, for both sides of the edge / portal link.

        It replaces whatever was on the link (both ends' edges). On a link between two sectors
        the new edge belongs to the end named here (it turns with that sector, `rotate_sector`).
        """
        self._check_side(sq, d)
        i = sq * 4 + d
        mate = self._geo.mate[i]
        if mate < 0:
            raise ValueError(f"{self.edge_name(sq, d)} is the outer border: it never changes "
                             f"(WW-X3)")
        edge = self._claimed(edge)
        self._own[i] = edge
        self._own[mate] = None if self._split[i] else edge
        self._edges[i] = self._edges[mate] = edge

    def _claimed(self, edge: Edge | None) -> Edge | None:
        """A checked edge this board may mutate (a copy if another board owns it)."""
        if edge is None:
            return None
        if edge.kind not in EDGE_KINDS or edge.kind == "outer":
            raise ValueError(f"an edge inside the board cannot be of kind {edge.kind!r}")
        if edge._owner is not None and edge._owner is not self._token:
            edge = edge.copy()
        edge._owner = self._token
        return edge

    def beyond(self, sq: int, d: int) -> int | None:
        """The square across side d (through a portal at an outer opening), None at an outer
        wall. Walls inside the board are ignored."""
        b = self._geo.beyond[sq * 4 + d]
        return None if b < 0 else b

    def through_portal(self, sq: int, d: int) -> bool:
        """Whether a step from sq across side d goes through a portal (WW-X6)."""
        return self._geo.portal[sq * 4 + d]

    def neighbours(self, sq: int) -> list[tuple[int, int]]:
        """(direction, square) for every side with a square beyond, walls ignored (WW-X2)."""
        return list(self._geo.neigh[sq])

    def distance(self, a: int, b: int) -> int:
        """Orthogonal steps from a to b ignoring walls and doors, portals included."""
        self._check_square(a)
        self._check_square(b)
        return self._geo.distances()[a * self.width * self.height + b]

    # ---- sectors ---------------------------------------------------------------------------

    def sector_of(self, sq: int) -> int:
        """The index in `sectors` of the sector holding sq."""
        self._check_square(sq)
        return self._sector_at[sq]

    def sector_squares(self, index: int) -> list[int]:
        """The squares of sector `index`, ascending."""
        return list(self._sector_squares[index])

    def sector_index(self, colour: str) -> int:
        """The index in `sectors` of the sector of this colour."""
        for index, place in enumerate(self.sectors):
            if place.colour == colour:
                return index
        raise ValueError(f"there is no {colour!r} sector on this board")

    def home(self, colour: str) -> int:
        """The home square of a colour: its sector's centre (WW-2.5)."""
        place = self.sectors[self.sector_index(colour)]
        return (place.row + MIDDLE) * self.width + place.col + MIDDLE

    def treasure_starts(self, colour: str) -> tuple[int, int]:
        """The two treasure start squares of a colour, ascending (WW-2.6)."""
        self.sector_index(colour)
        return self._treasures[colour]

    # ---- line of sight (WW-X5) -------------------------------------------------------------

    def line(self, sq: int, d: int, blocks: Callable[[int], bool] | None = None) -> list[int]:
        """The squares seen from sq looking in direction d, in order, sq excluded.

        The line stops before an edge that blocks sight (anything but a fire wall) and after a
        square where ``blocks(square)`` is true (the blocker itself is seen). It follows portals
        and stops when it comes back to sq (a line through portals is a cycle: the step in one
        direction is one-to-one, so the first repeated square is sq itself).
        """
        out: list[int] = []
        edges, beyond, clear = self._edges, self._geo.beyond, SEE_THROUGH
        cur = sq
        for _ in self._geo.steps:
            i = cur * 4 + d
            edge = edges[i]
            if edge is not None and edge.kind not in clear:
                break
            cur = beyond[i]
            if cur < 0 or cur == sq:
                break
            out.append(cur)
            if blocks is not None and blocks(cur):
                break
        return out

    def _reaches(self, a: int, d: int, b: int, blocks: Callable[[int], bool] | None) -> bool:
        """Whether b is on a's line in direction d (`line` without building the list)."""
        edges, beyond, clear = self._edges, self._geo.beyond, SEE_THROUGH
        cur = a
        for _ in self._geo.steps:
            i = cur * 4 + d
            edge = edges[i]
            if edge is not None and edge.kind not in clear:
                return False
            cur = beyond[i]
            if cur == b:
                return True
            if cur < 0 or cur == a or (blocks is not None and blocks(cur)):
                return False
        return False

    def sees(self, a: int, b: int, blocks: Callable[[int], bool] | None = None) -> bool:
        """Whether b is in a's line of sight: a == b, or b on one of a's four lines (WW-X5)."""
        if a == b:
            return True
        width = self.width
        ra, ca = divmod(a, width)
        rb, cb = divmod(b, width)
        if ra == rb:  # portals keep a line on its row, so only east and west can reach b
            first = 1 if cb > ca else 3
        elif ca == cb:
            first = 2 if rb > ra else 0
        else:
            return False
        return self._reaches(a, first, b, blocks) or self._reaches(a, opposite(first), b, blocks)

    def visible(self, sq: int, blocks: Callable[[int], bool] | None = None) -> list[int]:
        """sq plus every square on its four lines, each once, in line order."""
        edges, beyond, clear = self._edges, self._geo.beyond, SEE_THROUGH
        seen = {sq: None}
        steps = self._geo.steps
        for d in range(4):  # `line` inlined: this runs for every looker, every turn
            cur = sq
            for _ in steps:
                i = cur * 4 + d
                edge = edges[i]
                if edge is not None and edge.kind not in clear:
                    break
                cur = beyond[i]
                if cur < 0 or cur == sq:
                    break
                seen[cur] = None
                if blocks is not None and blocks(cur):
                    break
        return list(seen)

    # ---- rotate sector ---------------------------------------------------------------------

    def rotate_sector(self, index: int, quarters: int) -> dict[int, int]:
        """Turn sector `index` clockwise in place (Rotate Sector, WW-10.6); old -> new square.

        Everything the sector owns turns with it: its squares (home and treasure starts), its
        inner edges and its ends of the links on its border (see the module docstring); the
        neighbours' ends stay. The board's shape does not change: the openings stay in the middle
        of each side, so the sector still joins its neighbours and its portals. Where an edge
        lands decides what it is: on the outer border (not an opening) it is always an
        indestructible outer wall; an outer wall turned inward becomes an ordinary wall (so a
        cracked wall that passes through the outer border loses its cracks). Otherwise four
        quarter turns give back the same board.
        """
        place = self.sectors[index]
        width = self.width
        mapping = {sq: _framed(place, _rotate_local(_local(place, sq, width), quarters), width)
                   for sq in self._sector_squares[index]}
        if quarters % 4 == 0:
            return mapping
        self._turn_edges(mapping, quarters % 4)
        self.sectors = (*self.sectors[:index],
                        SectorPlace(place.colour, place.face, place.row, place.col,
                                    (place.rotation + quarters) % 4),
                        *self.sectors[index + 1:])
        self._treasures = {**self._treasures,
                           place.colour: _treasures(self.sectors[index], width)}
        return mapping

    def _turn_edges(self, mapping: dict[int, int], q: int) -> None:
        """Move the sector's own edges to their turned sides, then refresh the links."""
        beyond, old = self._geo.beyond, self._own
        own = old.copy()
        for sq, new_sq in mapping.items():
            for d in range(4):
                j = new_sq * 4 + (d + q) % 4
                own[j] = self._fit(old[sq * 4 + d], beyond[j] < 0)
        self._own = own
        edges = self._edges.copy()
        for new_sq in mapping.values():
            for d in range(4):
                self._refresh(edges, new_sq * 4 + d)
        self._edges = edges

    def _fit(self, edge: Edge | None, outer: bool) -> Edge | None:
        """An edge as its new place requires: outer border -> outer wall; inward -> a wall."""
        if outer:
            return edge if edge is not None and edge.kind == "outer" else self._fresh("outer")
        if edge is not None and edge.kind == "outer":
            return self._fresh("wall")
        return edge

    # ---- documents -------------------------------------------------------------------------

    def _ends(self) -> Iterable[int]:
        """Every place that owns an edge, once: each end of a link between sectors or through a
        portal, and each inner edge by its canonical (lower) side. Outer sides never change."""
        mate, split = self._geo.mate, self._split
        for sq in self._geo.squares:
            for d in range(4):
                i = sq * 4 + d
                if mate[i] >= 0 and (split[i] or i < mate[i]):
                    yield i

    def _side_name(self, i: int) -> str:
        return f"{self.square_name(i // 4)}{DIRECTIONS[i % 4]}"

    def document(self) -> dict[str, Any]:
        """JSON-able: the places, plus every owned edge that differs from the printed boards.

        ``edges`` maps a side name to an edge record or null (nothing): for an inner edge its
        canonical name (both sides); for an end of a link between two sectors or through a portal,
        that end's own side (``e3e`` and ``f3w`` are the two ends of one seam).
        """
        printed = _printed_keys(self.sectors)
        changes: dict[str, Any] = {}
        for i in self._ends():
            now = self._own[i]
            if _key(now) != printed[i]:
                changes[self._side_name(i)] = None if now is None else now.record()
        return {"places": [p.record() for p in self.sectors], "edges": changes}

    @classmethod
    def from_document(cls, doc: Any) -> Board:
        """The board a `document` describes; ValueError naming the problem if it is malformed."""
        if not isinstance(doc, dict) or set(doc) - {"places", "edges"} or "places" not in doc:
            raise ValueError("a board document is a mapping with 'places' and 'edges'")
        raw_places = doc["places"]
        if not isinstance(raw_places, list):
            raise ValueError("board document: 'places' must be a list")
        board = cls.from_places([_read_place(n, raw) for n, raw in enumerate(raw_places)])
        changes = doc.get("edges", {})
        if not isinstance(changes, dict):
            raise ValueError("board document: 'edges' must be a mapping of edge name -> edge")
        for name, raw in changes.items():
            board._apply_change(name, raw)
        return board

    def _apply_change(self, name: Any, raw: Any) -> None:
        match = _EDGE.match(name) if isinstance(name, str) else None
        if match is None:
            raise ValueError(f"board document: {name!r} is not an edge name like c4e")
        i = self.parse_square(match.group(1)) * 4 + DIRECTIONS.index(match.group(2))
        mate = self._geo.mate[i]
        if mate < 0:
            raise ValueError(f"board document: {name} is the outer border, which never changes")
        if not self._split[i] and i > mate:
            raise ValueError(f"board document: edge {name!r} is not in canonical form "
                             f"({self._side_name(mate)!r})")
        edge = self._claimed(None if raw is None else _read_edge(name, raw))
        self._own[i] = edge
        if not self._split[i]:
            self._own[mate] = edge
        self._refresh(self._edges, i)


# ---------------------------------------------------------------------------------- helpers

EdgeKey = tuple[str, str | None, int, bool, int | None] | None


def _key(edge: Edge | None) -> EdgeKey:
    """An edge's value, for comparisons."""
    if edge is None:
        return None
    return edge.kind, edge.colour, edge.cracks, edge.sealed, edge.created_by


@functools.lru_cache(maxsize=64)
def _printed_keys(places: tuple[SectorPlace, ...]) -> tuple[EdgeKey, ...]:
    """Every end's printed edge value for these places (what `document` compares against)."""
    return tuple(_key(edge) for edge in Board.from_places(places)._own)


def _check_places(places: tuple[SectorPlace, ...]) -> None:
    """Refuse sector places that do not make one connected board."""
    if not 1 <= len(places) <= 4:
        raise ValueError(f"a board has 1 to 4 sectors, not {len(places)}")
    for place in places:
        if not isinstance(place, SectorPlace):
            raise ValueError(f"{place!r} is not a SectorPlace")
        _check_place(place)
    colours = [p.colour for p in places]
    if len(set(colours)) != len(colours):
        raise ValueError(f"a colour has two sectors: {colours}")
    spots = {(p.row, p.col) for p in places}
    if len(spots) != len(places):
        raise ValueError("two sectors share a place")
    if min(r for r, _ in spots) != 0 or min(c for _, c in spots) != 0:
        raise ValueError("the sectors must start at row 0 and column 0")
    if not _connected(spots):
        raise ValueError(f"the sectors at {sorted(spots)} do not form one board")


def _check_place(place: SectorPlace) -> None:
    if place.colour not in COLOURS:
        raise ValueError(f"unknown colour {place.colour!r} (one of {', '.join(COLOURS)})")
    if place.face not in FACES:
        raise ValueError(f"unknown face {place.face!r} (A or B)")
    for name, value in (("row", place.row), ("col", place.col)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value % SECTOR:
            raise ValueError(f"{place.colour} sector: {name} must be a multiple of {SECTOR} "
                             f"(0, 5, ...), not {value!r}")
    rotation = place.rotation
    if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation < 4:
        raise ValueError(f"{place.colour} sector: rotation must be 0..3, not {rotation!r}")


def _connected(spots: set[tuple[int, int]]) -> bool:
    start = next(iter(spots))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for d in range(4):
            nxt = (r + _DR[d] * SECTOR, c + _DC[d] * SECTOR)
            if nxt in spots and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(spots)


def _global(place: SectorPlace, local: int, width: int) -> int:
    """The global square of a local (unrotated-face) square under the place's rotation."""
    return _framed(place, _rotate_local(local, place.rotation), width)


def _framed(place: SectorPlace, local: int, width: int) -> int:
    """The global square of a local square of the sector's frame (no rotation applied)."""
    row, col = divmod(local, SECTOR)
    return (place.row + row) * width + place.col + col


def _local(place: SectorPlace, sq: int, width: int) -> int:
    """The rotated-frame local square (row-major inside the sector) of a global square."""
    row, col = divmod(sq, width)
    return (row - place.row) * SECTOR + col - place.col


def _place_squares(place: SectorPlace, width: int) -> list[int]:
    return [(place.row + r) * width + place.col + c for r in range(SECTOR) for c in range(SECTOR)]


def _treasures(place: SectorPlace, width: int) -> tuple[int, int]:
    a, b = sorted(_global(place, t, width) for t in faces()[place.colour, place.face].treasures)
    return a, b


def _read_place(n: int, raw: Any) -> SectorPlace:
    keys = {"colour", "face", "row", "col", "rotation"}
    if not isinstance(raw, dict) or set(raw) != keys:
        raise ValueError(f"board document: place {n} must have exactly {sorted(keys)}")
    return SectorPlace(raw["colour"], raw["face"], raw["row"], raw["col"], raw["rotation"])


def _read_edge(name: str, raw: Any) -> Edge:
    """An edge record from a document, every field checked."""
    if not isinstance(raw, dict) or not set(raw) <= _RECORD_KEYS or "kind" not in raw:
        raise ValueError(f"board document: edge {name} must be null or a mapping with 'kind' "
                         f"and optionally {sorted(_RECORD_KEYS - {'kind'})}")
    kind, colour = raw["kind"], raw.get("colour")
    cracks, sealed, by = raw.get("cracks", 0), raw.get("sealed", False), raw.get("created_by")
    if kind not in EDGE_KINDS or kind == "outer":
        raise ValueError(f"board document: edge {name}: kind {kind!r} is not one of "
                         f"{[k for k in EDGE_KINDS if k != 'outer']}")
    if (colour is not None and colour not in COLOURS) or (kind == "door" and colour is None):
        raise ValueError(f"board document: edge {name}: bad colour {colour!r} (a door needs one "
                         f"of {', '.join(COLOURS)})")
    if not isinstance(cracks, int) or isinstance(cracks, bool) or cracks < 0:
        raise ValueError(f"board document: edge {name}: cracks must be a whole number >= 0")
    if not isinstance(sealed, bool):
        raise ValueError(f"board document: edge {name}: sealed must be true or false")
    if by is not None and (not isinstance(by, int) or isinstance(by, bool) or by < 0):
        raise ValueError(f"board document: edge {name}: created_by must be a seat number")
    return Edge(kind, colour, cracks, sealed, by)
