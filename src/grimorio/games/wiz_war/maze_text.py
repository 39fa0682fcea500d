"""The maze in monospace text: walls, doors, openings, portals and a short mark per square.

Legend (horizontal edge / vertical edge):

* ``---`` / ``|``  wall or outer wall; a cracked wall shows its crack count in the middle (``-2-``)
* ``rrr`` / ``r``  door, by the initial of its colour (b r y g); ``###`` / ``#`` a sealed door
* ``%%%`` / ``%``  Wall of Earth; ``^^^`` / ``^`` Wall of Fire
* `` @ `` / ``@``  an opening on the outer border: a portal (WW-X6)
* blank            open edge
* ``H`` + colour initial marks an empty home square; ``+`` joins edges; the L's hole is blank.
"""

from __future__ import annotations

from grimorio.games.wiz_war.board import Board, Edge

_KIND_CHAR = {"earth": "%", "fire": "^"}


def draw(board: Board, marks: dict[int, str], width_per_square: int = 3) -> list[str]:
    """The board as lines of text, column letters on top and row numbers on the left.

    `marks` maps squares to 1-3 character labels (wizards, treasures, objects), centred in their
    square and cut to `width_per_square`.
    """
    if not 1 <= width_per_square <= 9:
        raise ValueError(f"width_per_square must be 1..9, not {width_per_square}")
    for sq in marks:
        if not board.on_board(sq):
            raise ValueError(f"mark for {sq!r}, which is not a square of this board")
    pad = len(str(board.height)) + 1
    lines = [" " * pad + "".join(" " + chr(97 + col).center(width_per_square)
                                 for col in range(board.width))]
    for row in range(board.height):
        lines.append(" " * pad + _edge_row(board, row, width_per_square))
        lines.append(f"{row + 1:>{pad - 1}} " + _square_row(board, row, marks, width_per_square))
    lines.append(" " * pad + _edge_row(board, board.height, width_per_square))
    return [line.rstrip() for line in lines]


def _edge_row(board: Board, row: int, w: int) -> str:
    """The horizontal edges north of `row` (or south of the last row), with corners."""
    out = []
    for col in range(board.width + 1):
        out.append("+" if _corner(board, row, col) else " ")
        if col < board.width:
            out.append(_horizontal(board, row, col, w))
    return "".join(out)


def _square_row(board: Board, row: int, marks: dict[int, str], w: int) -> str:
    out = []
    for col in range(board.width + 1):
        out.append(_vertical(board, row, col))
        if col < board.width:
            out.append(_label(board, row * board.width + col, marks, w))
    return "".join(out)


def _at(board: Board, row: int, col: int) -> int | None:
    """The square at (row, col) if it is on the board."""
    if 0 <= row < board.height and 0 <= col < board.width:
        sq = row * board.width + col
        if board.on_board(sq):
            return sq
    return None


def _corner(board: Board, row: int, col: int) -> bool:
    return any(_at(board, r, c) is not None for r in (row - 1, row) for c in (col - 1, col))


def _horizontal(board: Board, row: int, col: int, w: int) -> str:
    """The edge between (row - 1, col) and (row, col), seen from whichever is on the board."""
    sq, d = _at(board, row, col), 0
    if sq is None:
        sq, d = _at(board, row - 1, col), 2
    if sq is None:
        return " " * w
    edge = board.peek_edge(sq, d)
    if edge is None:
        return ("@" if board.through_portal(sq, d) else " ").center(w)
    char = _char(edge, "-")
    if edge.kind == "wall" and edge.cracks and w >= 3:
        return str(min(edge.cracks, 9)).center(w, "-")
    return char * w


def _vertical(board: Board, row: int, col: int) -> str:
    """The edge between (row, col - 1) and (row, col)."""
    sq, d = _at(board, row, col), 3
    if sq is None:
        sq, d = _at(board, row, col - 1), 1
    if sq is None:
        return " "
    edge = board.peek_edge(sq, d)
    if edge is None:
        return "@" if board.through_portal(sq, d) else " "
    if edge.kind == "wall" and edge.cracks:
        return str(min(edge.cracks, 9))
    return _char(edge, "|")


def _char(edge: Edge, wall: str) -> str:
    """One character for an edge: the wall line, a door's colour initial, # sealed, % ^."""
    if edge.kind == "door":
        return "#" if edge.sealed else (edge.colour or "?")[0]
    return _KIND_CHAR.get(edge.kind, wall)


def _label(board: Board, sq: int, marks: dict[int, str], w: int) -> str:
    if not board.on_board(sq):
        return " " * w
    mark = marks.get(sq)
    if mark is None:
        mark = _home_mark(board, sq)
    return mark[:w].center(w)


def _home_mark(board: Board, sq: int) -> str:
    place = board.sectors[board.sector_of(sq)]
    return "H" + place.colour[0] if board.home(place.colour) == sq else ""
