"""The Wiz-War maze: sector data, layouts, edges, portals, line of sight, rotation, documents.

Exact cases use the four face-A boards unrotated in a 2×2 square (`SQUARE_A`); each fact was
checked by hand against the source data (boards.json, face "front"), cited next to it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimorio.core.rng import Dice
from grimorio.games.wiz_war import board as board_module
from grimorio.games.wiz_war.board import (
    COLOURS,
    DATA_FILE,
    Board,
    BoardDataError,
    Edge,
    SectorPlace,
    faces,
    opposite,
    parse_faces,
)
from grimorio.games.wiz_war.maze_text import draw

N, E, S, W = range(4)
SQUARE_A = [SectorPlace("blue", "A", 0, 0, 0), SectorPlace("red", "A", 0, 5, 0),
            SectorPlace("yellow", "A", 5, 0, 0), SectorPlace("green", "A", 5, 5, 0)]
FEW = settings(max_examples=40, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=4)
sides = st.sampled_from("AB")


def square_a() -> Board:
    return Board.from_places(SQUARE_A)


def built(seed: int, n: int, face: str) -> Board:
    return Board.build(COLOURS[:n], face, Dice(seed))


def named(board: Board, names: str) -> list[int]:
    return [board.parse_square(name) for name in names.split()]


def names(board: Board, squares: list[int]) -> str:
    return " ".join(board.square_name(sq) for sq in squares)


def edge_at(board: Board, name: str) -> dict[str, Any] | None:
    edge = board.peek_edge(*board.parse_edge(name))
    return None if edge is None else edge.record()


def snapshot(board: Board) -> list[dict[str, Any] | None]:
    """Every side's edge in force, by value."""
    out = []
    for sq in board.squares():
        for d in range(4):
            edge = board.peek_edge(sq, d)
            out.append(None if edge is None else edge.record())
    return out


# ------------------------------------------------------------------------------ sector data

def raw_data() -> dict[str, Any]:
    """The shipped boards.yaml, decoded."""
    import yaml
    with DATA_FILE.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def test_shipped_faces_load_once_from_the_package() -> None:
    """The 8 sector faces (4 colours × A/B, WW-2.2) ship inside the package and are cached."""
    assert DATA_FILE.parent.parent == __import__("pathlib").Path(board_module.__file__).parent
    assert faces() is faces()
    assert sorted(faces()) == sorted((c, f) for c in COLOURS for f in "AB")


@pytest.mark.parametrize("key", [(c, f) for c in COLOURS for f in "AB"])
def test_every_face_is_walled_round_with_four_openings(key: tuple[str, str]) -> None:
    """Each face: walls all round except the middle of each side (WW-X3), 2 treasures."""
    face = faces()[key]
    border = [(i, 0) for i in range(5)] + [(i * 5 + 4, 1) for i in range(5)] + \
        [(20 + i, 2) for i in range(5)] + [(i * 5, 3) for i in range(5)]
    openings = {(2, 0), (14, 1), (22, 2), (10, 3)}
    for sq, d in border:
        kind = face.sides[sq * 4 + d]
        assert (kind != "wall") if (sq, d) in openings else (kind == "wall")
    assert len(set(face.treasures)) == 2 and 12 not in face.treasures


def test_inner_edges_agree_from_both_sides() -> None:
    """Every inner wall or door of a face is seen from both squares it separates (WW-X3)."""
    for face in faces().values():
        for sq in range(25):
            row, col = divmod(sq, 5)
            if col < 4:
                assert face.sides[sq * 4 + 1] == face.sides[(sq + 1) * 4 + 3]
            if row < 4:
                assert face.sides[sq * 4 + 2] == face.sides[(sq + 5) * 4 + 0]


def broken(mutate: Any) -> dict[str, Any]:
    """The shipped data with one change."""
    data = copy.deepcopy(raw_data())
    mutate(data)
    return data


def _set_line(data: dict[str, Any], line: int, text: str) -> None:
    data["blue"]["A"]["maze"][line] = text


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("green"), "colours"),
    (lambda d: d["red"].pop("B"), "faces"),
    (lambda d: _set_line(d, 0, "+-+-+-+-+-+"), "opening c1n"),
    (lambda d: _set_line(d, 0, "+-+ + +-+-+"), "border edge b1n"),
    (lambda d: _set_line(d, 1, "|. . H . .|"), "one home"),
    (lambda d: _set_line(d, 3, "|.|. . .|.|"), "exactly 2 treasure"),
    (lambda d: _set_line(d, 3, "|.|X . .|.|"), "a square is"),
    (lambda d: _set_line(d, 2, "+ +|+-+ + +"), "an edge is"),
    (lambda d: _set_line(d, 2, "- +-+-+ + +"), r"expected '\+'"),
    (lambda d: d["blue"]["A"]["maze"].pop(), "11 strings"),
    (lambda d: d["blue"]["A"].update(source_door_colours={"e3e": "red"}), "draws doors"),
    (lambda d: d["blue"]["A"]["source_door_colours"].update(e3e="pink"), "unknown colour"),
    (lambda d: d["blue"]["A"].update(extra=1), "mapping with"),
])
def test_malformed_board_data_is_refused_clearly(mutate: Any, message: str) -> None:
    """The loader validates the file and names the face and the problem."""
    with pytest.raises(BoardDataError, match=message):
        parse_faces(broken(mutate))


# ----------------------------------------------------------------------------------- layouts

@pytest.mark.parametrize("n, width, height, count", [(2, 10, 5, 50), (3, 10, 10, 75),
                                                     (4, 10, 10, 100)])
def test_layout_sizes_per_player_count(n: int, width: int, height: int, count: int) -> None:
    """WW-X1: 2 players 10×5, 3 players an L in a 10×10 frame, 4 players 10×10; only the
    players' colour boards are used (WW-A21)."""
    board = built(1, n, "A")
    assert (board.width, board.height, len(board.squares())) == (width, height, count)
    assert sorted((p.row, p.col) for p in board.sectors) == \
        sorted(board_module.LAYOUTS[n])


def test_the_l_layout_has_a_hole_off_the_board() -> None:
    """WW-X1: with 3 players the south-east 5×5 of the frame is not on the board."""
    board = built(3, 3, "B")
    hole = [r * 10 + c for r in range(5, 10) for c in range(5, 10)]
    assert not any(board.on_board(sq) for sq in hole)
    assert set(board.squares()).isdisjoint(hole)
    with pytest.raises(ValueError, match="hole"):
        board.parse_square("h8")


@given(seeds, players, sides)
@FEW
def test_homes_and_treasures_lie_in_their_own_sector(seed: int, n: int, face: str) -> None:
    """WW-2.5/WW-2.6: home at the centre of the colour's sector, 2 treasure starts there too."""
    board = built(seed, n, face)
    for index, place in enumerate(board.sectors):
        home = board.home(place.colour)
        assert home == (place.row + 2) * board.width + place.col + 2
        assert board.sector_of(home) == index
        starts = board.treasure_starts(place.colour)
        assert len(set(starts)) == 2 and home not in starts
        assert all(board.sector_of(sq) == index for sq in starts)
        assert all(p.face == face for p in board.sectors)


def test_build_is_deterministic_per_seed_and_varies_across_seeds() -> None:
    """WW-2.3: positions and rotations are random, drawn from the seeded dice."""
    one = [built(seed, 4, "A").sectors for seed in range(30)]
    again = [built(seed, 4, "A").sectors for seed in range(30)]
    assert one == again
    assert len(set(one)) > 20
    assert {p.rotation for sectors in one for p in sectors} == {0, 1, 2, 3}
    assert len({(p.colour, p.row, p.col) for sectors in one for p in sectors}) == 16


def test_scripted_dice_choose_the_rotations() -> None:
    """Scenarios script the rotations: die 1..4 -> 0..3 quarter turns, in colour order."""
    dice = Dice(5)
    dice.script([1, 2, 3, 4])
    board = Board.build(["red", "blue", "green", "yellow"], "B", dice)
    assert [p.rotation for p in board.sectors] == [0, 1, 2, 3]
    assert [p.colour for p in board.sectors] == ["red", "blue", "green", "yellow"]


@pytest.mark.parametrize("args, message", [
    ((["red"], "A"), "2 to 4 players"),
    ((["red", "red"], "A"), "two sectors"),
    ((["red", "pink"], "A"), "unknown colour"),
    ((["red", "blue"], "C"), "unknown face"),
])
def test_build_refuses_bad_setups(args: tuple[list[str], str], message: str) -> None:
    """WW-1.1/WW-2.1/WW-2.2: 2-4 players, one board per colour, face A or B."""
    with pytest.raises(ValueError, match=message):
        Board.build(args[0], args[1], Dice(1))


@pytest.mark.parametrize("places, message", [
    ([SectorPlace("red", "A", 0, 0, 0), SectorPlace("blue", "A", 5, 5, 0)], "one board"),
    ([SectorPlace("red", "A", 0, 0, 0), SectorPlace("blue", "A", 0, 0, 1)], "share a place"),
    ([SectorPlace("red", "A", 0, 3, 0)], "multiple of 5"),
    ([SectorPlace("red", "A", 5, 0, 0)], "row 0"),
    ([SectorPlace("red", "A", 0, 0, 4)], "rotation"),
    ([], "1 to 4"),
])
def test_from_places_refuses_bad_places(places: list[SectorPlace], message: str) -> None:
    """WW-X1: sectors lie on the 5-square grid and make one connected board."""
    with pytest.raises(ValueError, match=message):
        Board.from_places(places)


# ------------------------------------------------------------------------------------- edges

@given(seeds, players, sides)
@FEW
def test_every_edge_is_one_object_shared_by_both_sides(seed: int, n: int, face: str) -> None:
    """WW-X3/WW-10.1: an edge line is one thing; the border without a square beyond is outer."""
    assert_shared(built(seed, n, face))


def assert_shared(board: Board) -> None:
    """Both sides of every edge hold one object; sides with nothing beyond are outer walls."""
    for sq in board.squares():
        for d in range(4):
            other = board.beyond(sq, d)
            edge = board.peek_edge(sq, d)
            if other is None:
                assert edge is not None and edge.kind == "outer"
            else:
                assert edge is board.peek_edge(other, opposite(d))


@given(seeds, players, sides, st.data())
@FEW
def test_beyond_is_symmetric(seed: int, n: int, face: str, data: st.DataObject) -> None:
    """WW-X2/WW-X6: if beyond(a, d) == b then beyond(b, opposite(d)) == a, portals included."""
    board = built(seed, n, face)
    sq = data.draw(st.sampled_from(board.squares()))
    for d in range(4):
        other = board.beyond(sq, d)
        if other is not None:
            assert board.beyond(other, opposite(d)) == sq
            assert board.through_portal(other, opposite(d)) == board.through_portal(sq, d)
            assert (d, other) in board.neighbours(sq)


def test_named_walls_and_doors_of_the_face_a_square() -> None:
    """Exact edges from the data, each checked against boards.json (blue/red/... "front")."""
    board = square_a()
    assert edge_at(board, "b3e") == {"kind": "wall"}  # blue [2][1] walls E, S
    assert edge_at(board, "c3s") == {"kind": "wall"}  # blue [2][2] (home) walls S, W
    assert edge_at(board, "c4e") is None  # blue [3][2] walls N, S only
    assert edge_at(board, "d4e") == {"kind": "door", "colour": "blue"}  # blue [3][3] door E
    assert edge_at(board, "g3e") == {"kind": "door", "colour": "red"}  # red [2][1] door E
    assert edge_at(board, "j7s") == {"kind": "door", "colour": "green"}  # green [1][4] door S
    assert edge_at(board, "c1n") is None  # the north opening: a portal


def test_doors_take_their_sectors_colour() -> None:
    """WW-X4: the source's door colours are ignored; a door has its sector's colour."""
    board = square_a()
    assert faces()["blue", "A"].source_door_colours == (("c5s", "yellow"), ("d4e", "blue"),
                                                        ("e3e", "red"))
    assert edge_at(board, "e3e") == {"kind": "door", "colour": "blue"}  # source: red
    assert edge_at(board, "c5s") == {"kind": "door", "colour": "blue"}  # source: yellow
    assert edge_at(board, "h5s") == {"kind": "door", "colour": "red"}  # source: green
    assert edge_at(board, "d8e") == {"kind": "door", "colour": "yellow"}  # source: green


def test_edge_names_are_canonical() -> None:
    """Notation: c4w is b4e; outer edges and portal openings keep their own side."""
    board = square_a()
    assert board.edge_name(*board.parse_edge("c4w")) == "b4e"
    assert board.edge_name(*board.parse_edge("C5N")) == "c4s"
    assert board.parse_edge("f3w") == board.parse_edge("e3e")
    assert board.edge_name(*board.parse_edge("a1n")) == "a1n"
    assert board.edge_name(*board.parse_edge("a3w")) == "a3w"
    assert board.edge_name(*board.parse_edge("j3e")) == "j3e"
    assert board.square_name(board.parse_square(" J10 ")) == "j10"


@pytest.mark.parametrize("text, message", [("c", "not an edge"), ("c4x", "not an edge"),
                                           ("k1n", "off the board"), ("a11s", "off the board"),
                                           ("a0n", "not an edge")])
def test_bad_edge_names_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        square_a().parse_edge(text)


def test_set_edge_changes_both_sides_and_never_the_outer_border() -> None:
    """WW-X3/WW-X7: destroying or creating an edge changes it from both squares."""
    board = square_a()
    c4, d4 = named(board, "c4 d4")
    board.set_edge(d4, W, Edge("earth", created_by=1))
    assert board.peek_edge(c4, E) is board.peek_edge(d4, W)
    assert edge_at(board, "c4e") == {"kind": "earth", "created_by": 1}
    board.set_edge(c4, E, None)
    assert board.peek_edge(d4, W) is None
    with pytest.raises(ValueError, match="outer border"):
        board.set_edge(board.parse_square("a1"), N, None)
    with pytest.raises(ValueError, match="kind"):
        board.set_edge(c4, E, Edge("outer"))


def test_portal_ends_share_their_edge() -> None:
    """WW-X6: a door put at one end of a portal link stands between the two ends."""
    board = square_a()
    a3, j3 = named(board, "a3 j3")
    board.set_edge(a3, W, Edge("door", "blue"))
    assert board.peek_edge(j3, E) is board.peek_edge(a3, W)
    assert board.sees(a3, j3) is False


# ----------------------------------------------------------------------------------- portals

@pytest.mark.parametrize("n, links", [
    (2, ["a3w j3e", "c1n c5s", "h1n h5s"]),
    (3, ["a3w j3e", "c1n c10s", "h1n h5s", "a8w e8e"]),
    (4, ["a3w j3e", "c1n c10s", "h1n h10s", "a8w j8e"]),
])
def test_portals_link_opposite_openings(n: int, links: list[str]) -> None:
    """WW-X6: outer openings lead to the opposite opening on the same row or column; on the L
    to the farthest square of that line (h1/h5 and a8/e8 link within their sectors)."""
    board = built(2, n, "B")
    portals = set()
    for sq in board.squares():
        for d in range(4):
            if board.through_portal(sq, d):
                portals.add(board.edge_name(sq, d))
    assert portals == {name for link in links for name in link.split()}
    for link in links:
        (a, da), (b, db) = (board.parse_edge(name) for name in link.split())
        assert board.beyond(a, da) == b and board.beyond(b, db) == a
        assert db == opposite(da)
        assert board.distance(a, b) == 1


def test_inner_openings_are_not_portals() -> None:
    """WW-X1: neighbouring sectors meet at open middles (or a door the data puts there)."""
    board = square_a()
    e3, f3, c5, c6 = named(board, "e3 f3 c5 c6")
    assert board.beyond(e3, E) == f3 and not board.through_portal(e3, E)
    assert board.beyond(c5, S) == c6 and not board.through_portal(c5, S)
    assert board.beyond(board.parse_square("j5"), E) is None  # outer wall


def test_distance_ignores_walls_and_uses_portals() -> None:
    """Distance counts orthogonal steps (WW-X2) through portals (WW-X6), walls ignored."""
    board = square_a()
    a1, a3, j3, j10, b3, c3 = named(board, "a1 a3 j3 j10 b3 c3")
    assert board.distance(a3, j3) == 1
    assert board.distance(b3, c3) == 1  # through the wall b3e
    assert board.distance(a1, a1) == 0
    assert board.distance(a1, j10) == board.distance(j10, a1) == 10  # a1-a3, portal, j3-j10


# ----------------------------------------------------------------------------- line of sight

def test_exact_lines_through_a_portal_and_up_to_walls() -> None:
    """WW-X5: a3 looks west through the portal (j3, i3, h3) until the red door g3e."""
    board = square_a()
    a3, c1, c3 = named(board, "a3 c1 c3")
    assert names(board, board.line(a3, W)) == "j3 i3 h3"
    assert names(board, board.line(a3, E)) == "b3"  # b3e wall
    assert names(board, board.line(c1, N)) == "c10"  # c10n wall (yellow [4][2] walls N)
    assert names(board, board.line(c3, N)) == "c2"  # c2n wall (blue [1][2] walls N)
    assert board.sees(a3, board.parse_square("h3"))
    assert not board.sees(a3, board.parse_square("g3"))  # behind the door: closed doors block


def test_sight_runs_only_along_rows_and_columns() -> None:
    """WW-X5: never diagonally, even on an open board."""
    board = open_board()
    c3, d4, c9, h3 = named(board, "c3 d4 c9 h3")
    assert not board.sees(c3, d4)
    assert board.sees(c3, c9) and board.sees(c3, h3)
    assert set(board.visible(c3)) == {sq for sq in board.squares()
                                      if sq % 10 == c3 % 10 or sq // 10 == c3 // 10}


def open_board() -> Board:
    """The face-A square with every inner edge removed."""
    board = square_a()
    for sq in board.squares():
        for d in (E, S):
            if board.beyond(sq, d) is not None:
                board.set_edge(sq, d, None)
    return board


def test_lines_through_portals_never_loop() -> None:
    """WW-X5/WW-X6: an open row is a cycle; the line stops before coming back to its start."""
    board = open_board()
    a3 = board.parse_square("a3")
    row = [board.parse_square(f"{c}3") for c in "bcdefghij"]
    assert board.line(a3, E) == row
    assert board.line(a3, W) == row[::-1]
    assert len(board.visible(a3)) == len(set(board.visible(a3)))


@pytest.mark.parametrize("kind, blocks", [("wall", True), ("door", True), ("earth", True),
                                          ("fire", False)])
def test_walls_doors_and_earth_block_sight_fire_does_not(kind: str, blocks: bool) -> None:
    """WW-X5: a wall, door or Wall of Earth stops sight; a Wall of Fire does not."""
    board = open_board()
    b5, c5, d5 = named(board, "b5 c5 d5")
    board.set_edge(c5, E, Edge(kind, "red" if kind == "door" else None))
    assert board.sees(b5, d5) is not blocks
    assert board.sees(d5, b5) is not blocks
    assert board.sees(b5, c5)


def test_a_blocking_square_is_seen_and_stops_the_line() -> None:
    """WW-X5: a LOS-blocking object (e.g. a stone block) is seen; what lies behind is not."""
    board = open_board()
    a5, b5, c5, d5 = named(board, "a5 b5 c5 d5")
    blocker = {c5}.__contains__
    assert board.line(a5, E, blocker) == [b5, c5]
    assert board.sees(a5, c5, blocker) and not board.sees(a5, d5, blocker)
    assert d5 not in board.visible(a5, blocker)
    assert board.sees(a5, a5, blocker)


@given(seeds, players, sides, st.data())
@FEW
def test_sight_is_symmetric_without_blockers(seed: int, n: int, face: str,
                                             data: st.DataObject) -> None:
    """WW-X5: with only edges in the way, a sees b exactly when b sees a."""
    board = built(seed, n, face)
    a = data.draw(st.sampled_from(board.squares()))
    seen = set(board.visible(a))
    assert a in seen
    for b in board.squares():
        assert board.sees(a, b) == board.sees(b, a) == (b in seen)
        if board.sees(a, b) and a != b:
            assert a // board.width == b // board.width or a % board.width == b % board.width


# ---------------------------------------------------------------------------------- rotation

@given(seeds, players, sides, st.data())
@FEW
def test_four_quarter_turns_give_back_the_board(seed: int, n: int, face: str,
                                               data: st.DataObject) -> None:
    """WW-10.6 (Rotate Sector): four quarter turns are the identity; so is one turn of 4."""
    board = built(seed, n, face)
    index = data.draw(st.integers(0, n - 1))
    before, places = snapshot(board), board.sectors
    for _ in range(4):
        board.rotate_sector(index, 1)
    assert snapshot(board) == before and board.sectors == places
    assert board.rotate_sector(index, 4) == {sq: sq for sq in board.sector_squares(index)}
    assert snapshot(board) == before


@given(seeds, players, sides, st.data())
@FEW
def test_a_turned_sector_is_the_printed_board_turned(seed: int, n: int, face: str,
                                                    data: st.DataObject) -> None:
    """WW-10.6: turning a sector in play gives the board built with that rotation, so its
    openings still meet its neighbours' and every edge stays shared (WW-X1, WW-X6)."""
    board = built(seed, n, face)
    index = data.draw(st.integers(0, n - 1))
    quarters = data.draw(st.integers(1, 3))
    mapping = board.rotate_sector(index, quarters)
    assert sorted(mapping) == sorted(mapping.values()) == board.sector_squares(index)
    fresh = Board.from_places(board.sectors)
    assert board.sectors[index].rotation == (built(seed, n, face).sectors[index].rotation
                                             + quarters) % 4
    assert snapshot(board) == snapshot(fresh)
    assert board.document()["edges"] == {}
    assert_shared(board)


def test_rotation_moves_squares_treasures_and_own_edges() -> None:
    """WW-10.6: the mapping sends a1 -> e1 for a quarter turn; treasures and edges follow."""
    board = square_a()
    a1, e1, b2, d2, b4 = named(board, "a1 e1 b2 d2 b4")
    c2, c3 = named(board, "c2 c3")
    board.set_edge(c2, S, Edge("fire", created_by=0))  # between c2 and c3
    mapping = board.rotate_sector(0, 1)
    assert mapping[a1] == e1 and mapping[b2] == d2
    assert board.treasure_starts("blue") == (d2, b4)  # b2, d4 turned
    assert board.home("blue") == c3
    assert edge_at(board, "c3e") == {"kind": "fire", "created_by": 0}  # c2s turned to c3e
    assert edge_at(board, "c2s") == {"kind": "wall"}  # b3e turned


def test_a_neighbours_door_stays_when_a_sector_turns() -> None:
    """WW-10.6/WW-X4: red prints the door at its south opening (h5s); turning green (below it)
    leaves it in place; turning red takes it along (to red's north opening)."""
    board = square_a()
    board.rotate_sector(3, 1)
    assert edge_at(board, "h5s") == {"kind": "door", "colour": "red"}
    board.rotate_sector(1, 2)
    assert edge_at(board, "h5s") is None
    assert edge_at(board, "h1n") == {"kind": "door", "colour": "red"}  # portal to h10s
    assert board.peek_edge(*board.parse_edge("h10s")) is board.peek_edge(*board.parse_edge("h1n"))


def test_rotation_keeps_the_outer_border_indestructible() -> None:
    """WW-X3: after any turn, every outer side without a portal is an outer wall."""
    board = built(11, 3, "A")
    for index in range(3):
        for _ in range(3):
            board.rotate_sector(index, 1)
            assert_shared(board)


# ------------------------------------------------------------------------------------ copies

def test_copies_are_independent() -> None:
    """State clones (search, WW rules engine) never share edge changes."""
    board = square_a()
    twin = board.copy()
    c4, d4 = named(board, "c4 d4")
    edge = twin.edge(d4, E)  # the blue door d4e
    assert edge is not None
    edge.cracks += 2
    assert board.peek_edge(d4, E).cracks == 0  # type: ignore[union-attr]
    mine = board.edge(d4, E)
    assert mine is not None
    mine.sealed = True
    assert twin.peek_edge(d4, E).sealed is False  # type: ignore[union-attr]
    assert twin.peek_edge(d4, E).cracks == 2  # type: ignore[union-attr]
    twin.set_edge(c4, E, Edge("wall"))
    assert board.peek_edge(c4, E) is None
    twin.rotate_sector(0, 1)
    assert board.sectors == tuple(SQUARE_A)


def test_an_edge_put_on_two_boards_is_copied() -> None:
    """One Edge object handed to two boards becomes two edges (no hidden sharing)."""
    board, other = square_a(), square_a()
    c4 = board.parse_square("c4")
    wall = Edge("wall")
    board.set_edge(c4, E, wall)
    other.set_edge(c4, E, wall)
    assert board.peek_edge(c4, E) is not other.peek_edge(c4, E)


# --------------------------------------------------------------------------------- documents

def modified(seed: int) -> Board:
    """A built board with created, cracked, sealed, destroyed edges and a turned sector."""
    board = built(seed, 4, "A")
    sq = board.parse_square("c4")
    board.set_edge(sq, E, Edge("door", "green", cracks=1, sealed=True, created_by=2))
    edge = board.edge(board.parse_square("a1"), E)
    if edge is not None:
        edge.cracks = 4
    board.set_edge(board.parse_square("a3"), W, Edge("earth", created_by=0))
    board.rotate_sector(seed % 4, 1 + seed % 3)
    board.set_edge(board.parse_square("h3"), S, None)
    return board


@given(seeds)
@FEW
def test_document_round_trip(seed: int) -> None:
    """Records: a board's document is JSON and rebuilds the same board."""
    board = modified(seed)
    doc = json.loads(json.dumps(board.document()))
    again = Board.from_document(doc)
    assert again.sectors == board.sectors
    assert snapshot(again) == snapshot(board)
    assert again.document() == doc
    for _ in range(4):  # the owners of edges round-trip too: later turns agree
        board.rotate_sector(seed % 4, 1)
        again.rotate_sector(seed % 4, 1)
        assert snapshot(again) == snapshot(board)


def test_a_fresh_board_documents_only_its_places() -> None:
    """The printed edges follow from the places, so a fresh board records nothing more."""
    doc = square_a().document()
    assert doc == {"places": [p.record() for p in SQUARE_A], "edges": {}}


def bad(**change: Any) -> dict[str, Any]:
    """A fresh document with some fields replaced."""
    doc = square_a().document()
    doc.update(change)
    return doc


def place(**change: Any) -> dict[str, Any]:
    """The blue place record with some fields replaced."""
    raw = SQUARE_A[0].record()
    raw.update(change)
    return raw


@pytest.mark.parametrize("doc, message", [
    ("board", "mapping"),
    ({"edges": {}}, "mapping"),
    (bad(extra=1), "mapping"),
    (bad(places="all"), "must be a list"),
    (bad(places=[place(colour="pink")]), "unknown colour"),
    (bad(places=[place(row=2)]), "multiple of 5"),
    (bad(places=[place(rotation=True)]), "rotation"),
    (bad(places=[place(face="C")]), "unknown face"),
    (bad(places=[{"colour": "red"}]), "exactly"),
    (bad(places=[place(), place(colour="red")]), "share a place"),
    (bad(edges=[]), "mapping of edge"),
    (bad(edges={"zz": None}), "not an edge name"),
    (bad(edges={"d4w": None}), "canonical"),
    (bad(edges={"a1n": None}), "outer border"),
    (bad(edges={"k1e": None}), "off the board"),
    (bad(edges={"c4e": {"kind": "lava"}}), "kind"),
    (bad(edges={"c4e": {"kind": "outer"}}), "kind"),
    (bad(edges={"c4e": {"colour": "red"}}), "mapping with 'kind'"),
    (bad(edges={"c4e": {"kind": "door"}}), "colour"),
    (bad(edges={"c4e": {"kind": "wall", "colour": "pink"}}), "colour"),
    (bad(edges={"c4e": {"kind": "wall", "cracks": -1}}), "cracks"),
    (bad(edges={"c4e": {"kind": "wall", "cracks": True}}), "cracks"),
    (bad(edges={"c4e": {"kind": "wall", "sealed": "yes"}}), "sealed"),
    (bad(edges={"c4e": {"kind": "wall", "created_by": -2}}), "seat"),
    (bad(edges={"c4e": {"kind": "wall", "size": 2}}), "mapping with 'kind'"),
])
def test_corrupted_documents_are_refused(doc: Any, message: str) -> None:
    """Bad input from files or the network gets a clear ValueError."""
    with pytest.raises(ValueError, match=message):
        Board.from_document(doc)


def test_link_ends_are_documented_by_their_own_side() -> None:
    """Each sector prints its own seam wall: both ends show in a document when they change."""
    board = square_a()
    f2 = board.parse_square("f2")
    board.set_edge(f2, W, Edge("wall", cracks=2))  # e2e/f2w: red's end now owns the edge
    doc = board.document()
    assert doc["edges"] == {"e2e": None, "f2w": {"kind": "wall", "cracks": 2}}
    assert snapshot(Board.from_document(doc)) == snapshot(board)


# ---------------------------------------------------------------------------------- the text

def test_text_map_shows_walls_doors_portals_and_marks() -> None:
    """The text map: column letters, row numbers, door initials, sealed '#', portals '@'."""
    board = square_a()
    d4 = board.parse_square("d4")
    edge = board.edge(d4, E)
    assert edge is not None
    edge.sealed = True
    lines = draw(board, {board.parse_square("a1"): "R", board.home("red"): "T1b"})
    assert lines[0].split() == list("abcdefghij")
    assert lines[1] == "   +---+---+ @ +---+---+---+---+ @ +---+---+"
    assert lines[2].startswith(" 1 | R ")
    assert lines[6] == " 3 @       | Hb    |   b       rT1b        @"
    assert lines[8] == " 4 |   |           #   |   |       |       |"
    assert lines[-1] == "   +---+---+ @ +---+---+---+---+ @ +---+---+"
    assert len(lines) == 2 * board.height + 2


def test_text_map_of_the_l_leaves_the_hole_blank() -> None:
    """WW-X1: the L's hole is not drawn; letters sit above their squares at any width."""
    board = built(4, 3, "B")
    lines = draw(board, {}, width_per_square=1)
    assert lines[-2].startswith("10 ") and lines[-2][14:].strip() == ""
    assert lines[0] == "    a b c d e f g h i j"  # each letter above its square
    assert lines[0].index("a") == lines[-2].index("|") + 1
    with pytest.raises(ValueError, match="width_per_square"):
        draw(board, {}, width_per_square=0)
    with pytest.raises(ValueError, match="not a square"):
        draw(board, {99: "x"})
