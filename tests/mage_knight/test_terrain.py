"""Terrain of mage-knight (terrain.py): pieces and the pile's catalogue, discs against terrain,
elevation, the line of fire through terrain and height, paths and stop points, low walls,
deployment and terrain placement.

Scenarios use exact coordinates on the standard 39.37 in table, squares given by two corners,
the default base radius 0.625 (MK-A1) and ε = 0.01 (MK-G4). Each test cites its rule ids.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from grimorio.games.mage_knight import terrain as tr
from grimorio.games.mage_knight.geometry import Body
from grimorio.games.mage_knight.terrain import Battlefield, TerrainError, TerrainPiece

R = 0.625
EPS = 0.01
SIDE = 39.37


def square(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float,
           **extra: object) -> TerrainPiece:
    return TerrainPiece(pid, kind, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)),
                        **extra)  # type: ignore[arg-type]


def field(*pieces: TerrainPiece) -> Battlefield:
    return Battlefield(SIDE, SIDE, tuple(pieces), EPS)


def body(wid: str, x: float, y: float, facing: float = 0.0, half_arc: float = 45.0,
         elevated: bool = False) -> Body:
    return Body(wid, x, y, R, facing, half_arc, elevated)


WOODS = square("w", "hindering", 10, 10, 20, 20)


# ------------------------------------------------------------------------------ catalogue, pieces

def test_catalogue_loads_and_elevated_pieces_need_the_option() -> None:
    # MK-3.2, MK-23.5: hills and mesas go in the pile only with elevated terrain allowed
    templates = tr.templates()
    assert set(templates) == {"woods", "brush", "boulders", "building", "stream", "pond",
                              "low_wall", "hill", "mesa"}
    assert tr.pile_templates(False) == ("woods", "brush", "boulders", "building", "stream",
                                        "pond", "low_wall")
    assert set(tr.pile_templates(True)) == set(templates)
    assert templates["mesa"].kind == "steep" and templates["mesa"].ladders
    assert templates["low_wall"].thickness == 0.5
    assert templates["woods"].name.es == "Bosque claro"


def test_catalogue_sizes_follow_the_guide() -> None:
    # MK-X11: pieces of about 16 to 64 square inches, a low wall being a thin strip
    from shapely.geometry import Polygon
    for key, template in tr.templates().items():
        area = Polygon(template.outline).area
        assert (area == 4.0) if key == "low_wall" else (16.0 <= area <= 64.0), key


def test_place_rotates_counter_clockwise_then_moves() -> None:
    # MK-3.4, MK-3.6: the outline and ladders are fixed where the piece is put down
    wall = tr.templates()["low_wall"].place("t1", 20, 20, 90)
    assert wall.outline == ((20.25, 16.0), (20.25, 24.0), (19.75, 24.0), (19.75, 16.0))
    assert wall.kind == "low_wall" and wall.thickness == 0.5 and wall.template == "low_wall"
    mesa = tr.templates()["mesa"].place("t2", 20, 20, 180)
    assert mesa.ladders == (((21.0, 23.0), (19.0, 23.0)),)       # still on the outline
    assert mesa.elevated


@pytest.mark.parametrize(("extra", "message"), [
    ({"kind": "lava"}, "kind must be one of"),
    ({"outline": ((0, 0), (2, 2), (2, 0), (0, 2))}, "simple polygon"),       # MK-G6
    ({"kind": "low_wall"}, "thickness above 0"),
    ({"thickness": 1.0}, "only a low wall"),
    ({"ladders": (((0, 0), (1, 0)),)}, "only steep"),
    ({"kind": "steep", "ladders": (((0, 1), (1, 1)),)}, "segment of the outline"),  # MK-G20
    ({"kind": "elevated", "on_elevated": True}, "only hindering, blocking or low-wall"),
])
def test_malformed_pieces_are_refused(extra: dict[str, object], message: str) -> None:
    # MK-G6, MK-G20, MK-15.3; MK-15.13: one level of elevation only, so no hill on a hill
    raw: dict[str, object] = {"id": "t1", "kind": "hindering",
                              "outline": ((0, 0), (4, 0), (4, 4), (0, 4))}
    raw.update(extra)
    with pytest.raises(TerrainError, match=message):
        TerrainPiece(**raw)  # type: ignore[arg-type]


def test_read_piece_from_a_scenario_mapping() -> None:
    # MK-3.6, MK-X11: a piece is a template put down, or an outline with its kind
    piece = tr.read_piece({"template": "woods", "at": [10, 10], "rotate": 0}, "t1", "terrain[0]")
    assert piece.outline[0] == (6.5, 8.5)
    raw = {"kind": "steep", "outline": [[0, 0], [6, 0], [6, 6], [0, 6]],
           "ladders": [[[2, 0], [4, 0]]]}
    assert tr.read_piece(raw, "t2", "terrain[1]").ladders == (((2.0, 0.0), (4.0, 0.0)),)
    with pytest.raises(TerrainError, match=r"terrain\[2\]: field 'colour' is not a known"):
        tr.read_piece({"kind": "blocking", "outline": [[0, 0], [1, 0], [0, 1]], "colour": 1},
                      "t3", "terrain[2]")
    with pytest.raises(TerrainError, match=r"terrain\[3\].*template"):
        tr.read_piece({"template": "volcano", "at": [1, 1]}, "t4", "terrain[3]")


def test_catalogue_errors_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "terrain.yaml"
    path.write_text("templates:\n  rock:\n    kind: blocking\n    name: {en: Rock, es: Roca}\n"
                    "    outline: [[0, 0], [1, 0], [0, 1]]\n    height: 3\n", encoding="utf-8")
    with pytest.raises(TerrainError, match=r"templates.rock: field 'height'"):
        tr.load_templates(path)


# ------------------------------------------------------------------------------ discs (MK-G7)

def test_disc_touches_terrain_within_eps() -> None:
    # MK-G7, MK-6.2: touches when dist(c, T) ≤ r + ε
    bf = field(WOODS)
    assert bf.touches(WOODS, 10 - 0.635, 15, R)
    assert not bf.touches(WOODS, 10 - 0.636, 15, R)
    assert bf.touching_pieces(9.4, 15, R) == (WOODS,)
    assert bf.touching_pieces(9.4, 15, R, kinds=("blocking",)) == ()


def test_disc_in_terrain_needs_to_overlap_its_interior() -> None:
    # MK-G7, MK-A6: in when c is inside or dist(c, T) < r - ε
    bf = field(WOODS)
    assert bf.is_in(WOODS, 10 - 0.614, 15, R)
    assert not bf.is_in(WOODS, 10 - 0.615, 15, R)
    assert bf.completely_off(WOODS, 10 - 0.615, 15, R)
    assert bf.is_in(WOODS, 15, 15, R)
    assert bf.holding_pieces(9.5, 15, R) == (WOODS,)


def test_completely_within_one_area_or_a_union() -> None:
    # MK-G7: completely within U when c is in U and at least r - ε from U's boundary
    bf = field(WOODS)
    assert bf.completely_within([WOODS], 10.615, 15, R)
    assert not bf.completely_within([WOODS], 10.614, 15, R)
    east = square("w2", "hindering", 20, 10, 30, 20)
    both = field(WOODS, east)
    assert not both.completely_within([WOODS], 20, 15, R)
    assert both.completely_within([WOODS, east], 20, 15, R)       # across the shared edge
    assert not both.completely_within([], 20, 15, R)


def test_whole_base_on_the_table() -> None:
    # MK-7.5, MK-A45
    bf = field()
    assert bf.on_table(0.615, 5, R)
    assert not bf.on_table(0.614, 5, R)
    assert bf.on_table(SIDE - 0.625, SIDE - 0.625, R)


# ------------------------------------------------------------------------------ elevation

HILL = square("h", "elevated", 0, 25, 10, 35)
MESA = square("m", "steep", 25, 25, 35, 35, ladders=(((28.0, 25.0), (32.0, 25.0)),))


def test_elevated_means_completely_within_one_elevated_piece() -> None:
    # MK-G14, MK-15.3, MK-A7
    bf = field(HILL, MESA)
    assert bf.elevated_piece(5, 30, R) == HILL
    assert bf.elevated_piece(0.615, 30, R) == HILL
    assert bf.elevated_piece(5, 25.6, R) is None
    assert bf.straddled(5, 25.6, R) == HILL
    assert bf.straddled(5, 24.385, R) is None                  # completely off
    assert bf.straddled(5, 30, R) is None
    assert bf.body_at("a1", 5, 30, R, 90, 45).elevated


def test_steep_terrain_is_elevated_terrain() -> None:
    # MK-16.7: steep elevated terrain follows the elevated rules; MK-16.8, MK-16.9, MK-13.20
    # tell figures on it apart by the piece's kind
    bf = field(HILL, MESA)
    on_mesa = bf.elevated_piece(30, 30, R)
    assert on_mesa == MESA and on_mesa.kind == "steep"
    assert bf.elevated_piece(5, 30, R).kind == "elevated"  # type: ignore[union-attr]


# ------------------------------------------------------------------------------ line of fire

def test_clear_ground_changes_nothing() -> None:
    # MK-14.1, MK-8.2
    lof = field().line_of_fire(body("s", 5, 15), body("t", 25, 15), [])
    assert lof == tr.Lof(False, False, "MK-8.2", None, ())


def test_lof_through_hindering_terrain_gives_one_modifier() -> None:
    # MK-14.7, MK-A5: +1 however many hindering areas are crossed
    brush = square("b", "hindering", 22, 10, 26, 20)
    bf = field(WOODS, brush)
    lof = bf.line_of_fire(body("s", 5, 15), body("t", 30, 15), [])
    assert (lof.blocked, lof.hindered, lof.rule, lof.by) == (False, True, "MK-14.7", "w")
    past = bf.line_of_fire(body("s", 5, 5), body("t", 30, 5), [])
    assert not past.hindered


def test_lof_grazing_terrain_does_not_cross_it() -> None:
    # MK-G8: along an edge or through a corner does not count
    building = square("g", "blocking", 10, 10, 14, 14)
    bf = field(building)
    assert not bf.line_of_fire(body("s", 5, 14), body("t", 20, 14), []).blocked
    assert not bf.line_of_fire(body("s", 10, 18, 315), body("t", 18, 10), []).blocked
    lof = bf.line_of_fire(body("s", 5, 5, 45), body("t", 20, 20), [])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-15.2", "g")


def test_shooter_at_the_edge_of_hindering_terrain() -> None:
    # MK-14.8, MK-G13, MK-A6: a shooter in hindering terrain is exempt only when its front-arc
    # sector is clear of that terrain
    bf = field(WOODS)
    facing_out = body("s", 9.7, 15, facing=180)          # disc overlaps the woods by 0.325
    assert bf.is_in(WOODS, 9.7, 15, R)
    assert bf.front_arc_clear(facing_out, WOODS)
    assert not bf.line_of_fire(facing_out, body("t", 2, 15), []).hindered
    facing_along = body("s", 9.7, 15, facing=90)         # the sector dips into the woods
    assert not bf.front_arc_clear(facing_along, WOODS)
    lof = bf.line_of_fire(facing_along, body("t", 9.7, 25), [])   # the LOF misses the woods
    assert (lof.hindered, lof.rule, lof.by) == (True, "MK-14.8", "w")


def test_touching_hindering_terrain_is_not_being_in_it() -> None:
    # MK-A6: merely touching the edge is not being in the terrain
    bf = field(WOODS)
    lof = bf.line_of_fire(body("s", 9.38, 15, facing=90), body("t", 9.38, 25), [])
    assert not lof.hindered


def test_edge_exemption_does_not_cover_other_hindering_terrain() -> None:
    # MK-14.8: exempt only if the LOF passes over no other hindering terrain
    brush = square("b", "hindering", 3, 13, 5, 17)
    bf = field(WOODS, brush)
    lof = bf.line_of_fire(body("s", 9.7, 15, facing=180), body("t", 1, 15), [])
    assert (lof.hindered, lof.rule, lof.by) == (True, "MK-14.7", "b")


def test_blocking_terrain_blocks() -> None:
    # MK-15.2
    bf = field(square("g", "blocking", 10, 10, 14, 14))
    lof = bf.line_of_fire(body("s", 5, 12), body("t", 20, 12), [])
    assert lof == tr.Lof(True, False, "MK-15.2", "g", ())


def test_bases_block_and_borderline_bases_are_reported() -> None:
    # MK-8.4, MK-G8, MK-24.3, MK-A44
    bf = field()
    s, t = body("s", 5, 15), body("t", 25, 15)
    lof = bf.line_of_fire(s, t, [s, t, body("x", 15, 15.5)])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-8.4", "x")
    lof = bf.line_of_fire(s, t, [s, t, body("x", 15, 15.62)])
    assert (lof.blocked, lof.borderline) == (False, ("x",))
    assert not bf.line_of_fire(s, t, [s, t, body("x", 15, 15.5)], skip=("x",)).blocked


def test_water_is_ignored_by_the_lof() -> None:
    # MK-16.1, MK-16.2
    bf = field(square("s1", "shallow", 10, 10, 14, 20), square("d1", "deep", 16, 10, 20, 20))
    lof = bf.line_of_fire(body("s", 5, 15), body("t", 25, 15), [])
    assert lof == tr.Lof(False, False, "MK-8.2", None, ())


WALL = square("l", "low_wall", 15, 10, 15.5, 20, thickness=0.5)


def test_low_wall_hinders_unless_the_shooter_touches_it() -> None:
    # MK-16.5, MK-16.4 (a low wall is hindering terrain)
    bf = field(WALL)
    lof = bf.line_of_fire(body("s", 5, 15), body("t", 25, 15), [])
    assert (lof.hindered, lof.rule, lof.by) == (True, "MK-16.5", "l")
    touching = bf.line_of_fire(body("s", 14.375, 15), body("t", 25, 15), [])
    assert not touching.hindered


def test_stealth_turns_crossed_hindering_terrain_into_blocking() -> None:
    # MK-17.7, MK-A11: only hindering terrain the LOF really crosses
    bf = field(WOODS)
    lof = bf.line_of_fire(body("s", 5, 15), body("t", 25, 15), [], stealth=True)
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-17.7", "w")
    exempt = bf.line_of_fire(body("s", 9.7, 15, 180), body("t", 2, 15), [], stealth=True)
    assert not exempt.blocked and not exempt.hindered
    in_arc = bf.line_of_fire(body("s", 9.7, 15, 90), body("t", 9.7, 25), [], stealth=True)
    assert (in_arc.blocked, in_arc.hindered, in_arc.rule) == (False, True, "MK-14.8")


def test_magic_blast_ignores_terrain_and_figures() -> None:
    # MK-19.3, MK-A41: nothing blocks or hinders it (height advantage is COMBAT's)
    bf = field(WOODS, square("g", "blocking", 21, 10, 23, 20))
    s, t = body("s", 5, 15), body("t", 25, 15)
    lof = bf.line_of_fire(s, t, [s, t, body("x", 8, 15)], stealth=True, magic_blast=True)
    assert lof == tr.Lof(False, False, "MK-19.3", None, ())


def test_elevated_terrain_blocks_when_neither_is_elevated() -> None:
    # MK-15.5
    bf = field(HILL)
    lof = bf.line_of_fire(body("s", 5, 22, 90), body("t", 5, 37.5), [])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-15.5", "h")


HILL2 = square("h2", "elevated", 25, 25, 35, 35)


def test_both_elevated_ignore_the_ground() -> None:
    # MK-15.6, MK-A8: ground terrain and ground bases are ignored, elevated bases block
    building = square("g", "blocking", 15, 28, 18, 32)
    wall_zone = square("z", "blocking", 7, 29, 8, 31, on_elevated=True)
    bf = field(HILL, HILL2, building)
    s, t = body("s", 3, 30, elevated=True), body("t", 30, 30, elevated=True)
    ground = body("x", 12, 30)
    assert not bf.line_of_fire(s, t, [s, t, ground]).blocked
    high = body("y", 8, 30, elevated=True)
    lof = bf.line_of_fire(s, t, [s, t, high])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-8.4", "y")
    assert not bf.line_of_fire(s, t, [s, t, high], both_elevated_literal=True).blocked
    zoned = field(HILL, HILL2, building, wall_zone)
    lof = zoned.line_of_fire(s, t, [s, t])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-15.6", "z")


def test_both_elevated_hindering_zone_on_a_hill_counts() -> None:
    # MK-15.6, MK-15.3: hindering on elevated terrain still hinders
    zone = square("z", "hindering", 26, 28, 28, 32, on_elevated=True)
    bf = field(HILL, HILL2, zone, WOODS)
    lof = bf.line_of_fire(body("s", 3, 30, elevated=True), body("t", 31, 30, elevated=True), [])
    assert (lof.hindered, lof.rule, lof.by) == (True, "MK-14.7", "z")


def test_one_elevated() -> None:
    # MK-15.7: other elevated pieces block, the own hill does not; only elevated bases block;
    # hindering counts only where the shooter or the target is in it
    ground_woods = square("gw", "hindering", 14, 28, 17, 32)
    bf = field(HILL, HILL2, ground_woods)
    s = body("s", 5, 30, elevated=True)
    lof = bf.line_of_fire(s, body("t", 20, 30), [])
    assert (lof.blocked, lof.hindered) == (False, False)
    lof = bf.line_of_fire(s, body("t", 15.5, 30), [])
    assert (lof.hindered, lof.rule, lof.by) == (True, "MK-14.7", "gw")
    lof = bf.line_of_fire(s, body("t", 37.5, 30), [])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-15.7", "h2")
    t = body("t", 20, 30)
    assert not bf.line_of_fire(s, t, [s, t, body("x", 12, 30)]).blocked
    lof = bf.line_of_fire(s, t, [s, t, body("y", 8, 30, elevated=True)])
    assert (lof.blocked, lof.by) == (True, "y")
    upward = bf.line_of_fire(body("s", 20, 30, 180), body("t", 5, 30, elevated=True), [])
    assert not upward.blocked


def test_height_advantage_and_hindering_can_both_apply() -> None:
    # MK-15.8, MK-15.9: a ground shooter against an elevated target in hindering terrain on
    # the hill: the LOF is hindered and the target is elevated (COMBAT adds both +1)
    zone = square("z", "hindering", 3, 28, 8, 32, on_elevated=True)
    bf = field(HILL, zone)
    target = bf.body_at("t", 5, 30, R, 0, 45)
    lof = bf.line_of_fire(body("s", 20, 30, 180), target, [])
    assert target.elevated and (lof.blocked, lof.hindered, lof.by) == (False, True, "z")


def test_one_elevated_blocking_terrain_blocks_anywhere() -> None:
    # MK-15.7: blocking terrain blocks wherever it is
    bf = field(HILL, square("g", "blocking", 15, 28, 18, 32))
    lof = bf.line_of_fire(body("s", 5, 30, elevated=True), body("t", 23, 30), [])
    assert (lof.blocked, lof.rule, lof.by) == (True, "MK-15.2", "g")


# ------------------------------------------------------------------------------ paths (MK-G11)

BUILDING = square("g", "blocking", 10, 10, 14, 14)


def test_path_may_not_enter_blocking_terrain() -> None:
    # MK-G11 (c), MK-15.1, MK-A4: the whole base counts against blocking terrain
    bf = field(BUILDING)
    problem = bf.path_problem([(5, 12), (20, 12)], R)
    assert problem is not None and (problem.rule, problem.piece) == ("MK-15.1", "g")
    assert bf.path_problem([(5, 14.615), (20, 14.615)], R) is None
    assert bf.path_problem([(5, 14.6), (20, 14.6)], R) is not None


def test_flight_passes_over_blocking_terrain_but_may_not_stop_in_it() -> None:
    # MK-17.6, MK-G11: Flight lifts (c) and keeps (d)
    bf = field(BUILDING)
    assert bf.path_problem([(5, 12), (20, 12)], R, flight=True) is None
    problem = bf.end_problem(12, 12, R)
    assert problem is not None and problem.rule == "MK-A45"


def test_deep_water_blocks_movement_unless_aquatic() -> None:
    # MK-16.2, MK-16.3, MK-17.5, MK-G11 (c)
    bf = field(square("d", "deep", 10, 10, 14, 14))
    problem = bf.path_problem([(5, 12), (20, 12)], R)
    assert problem is not None and problem.rule == "MK-16.2"
    assert bf.path_problem([(5, 12), (20, 12)], R, aquatic=True) is None


def test_end_position_rules() -> None:
    # MK-G11 (d), MK-7.5, MK-A45, MK-A7, MK-A9, MK-16.2, MK-14.2 (figures stand on hindering)
    bf = field(WOODS, HILL, WALL, square("d", "deep", 30, 5, 34, 9))
    assert bf.end_problem(12, 15, R) is None
    assert bf.end_problem(0.5, 5, R).rule == "MK-A45"  # type: ignore[union-attr]
    assert bf.end_problem(5, 25, R).rule == "MK-A7"  # type: ignore[union-attr]
    assert bf.end_problem(15.2, 15, R).rule == "MK-A9"  # type: ignore[union-attr]
    assert bf.end_problem(32, 7, R).rule == "MK-16.2"  # type: ignore[union-attr]
    assert bf.end_problem(14.375, 15, R) is None                  # touching the wall is fine


def test_aquatic_may_end_in_deep_water() -> None:
    # MK-16.3, MK-17.5, MK-G11 (d): with Aquatic in use the warrior moves as if no water were
    # there, so it may also end its move in deep water; everything else in (d) still holds.
    bf = field(BUILDING, WALL, square("d", "deep", 30, 5, 34, 9))
    assert bf.end_problem(32, 7, R, aquatic=True) is None
    assert bf.end_problem(32, 7, R).rule == "MK-16.2"  # type: ignore[union-attr]
    assert bf.end_problem(12, 12, R, aquatic=True).rule == "MK-A45"  # type: ignore[union-attr]
    assert bf.end_problem(15.2, 15, R, aquatic=True).rule == "MK-A9"  # type: ignore[union-attr]


def test_standing_problem_is_the_levitation_landing_rule() -> None:
    # MK-A19, MK-A45: on the table, clear of blocking terrain; water and walls are not named
    bf = field(BUILDING, square("d", "deep", 30, 5, 34, 9))
    assert bf.standing_problem(32, 7, R) is None
    assert bf.standing_problem(12, 12, R).rule == "MK-A45"  # type: ignore[union-attr]


def test_steep_edges_only_at_ladders() -> None:
    # MK-16.10, MK-G20, MK-G11 (c): without Flight the centre crosses the outline at a ladder
    bf = field(MESA)
    assert bf.path_problem([(30, 22), (30, 26)], R) is None
    problem = bf.path_problem([(22, 30), (26, 30)], R)
    assert problem is not None and (problem.rule, problem.piece) == ("MK-16.10", "m")
    assert bf.path_problem([(22, 30), (26, 30)], R, flight=True) is None
    assert bf.path_problem([(30, 40 - 5.5), (30, 36)], R) is not None     # down the far side
    assert bf.path_problem([(20, 22), (30, 22)], R) is None               # never crosses


# -------------------------------------------------------------------------- stop points (MK-G12)

def test_stop_on_becoming_completely_inside_hindering() -> None:
    # MK-14.3, MK-G12
    bf = field(WOODS)
    stop = bf.first_stop([(5, 15), (25, 15)], R)
    assert stop is not None and (stop.rule, stop.piece) == ("MK-14.3", "w")
    assert stop.s == pytest.approx(5.615, abs=1e-6)
    assert bf.first_stop([(5, 9.7), (25, 9.7)], R) is None       # never completely inside


def test_stop_again_after_leaving_one_area_for_another() -> None:
    # MK-14.6, MK-A3
    bf = field(WOODS, square("w2", "hindering", 22, 10, 30, 20))
    stop = bf.first_stop([(15, 15), (28, 15)], R)
    assert stop is not None and (stop.rule, stop.piece) == ("MK-14.6", "w2")
    assert stop.s == pytest.approx(7.615, abs=1e-6)
    assert bf.first_stop([(12, 15), (18, 15), (18, 12)], R) is None    # stays inside


def test_half_speed_when_starting_against_hindering() -> None:
    # MK-14.4: touching hindering terrain as the move begins halves speed, rounding up
    bf = field(WOODS)
    assert bf.starts_hindered(9.4, 15, R) == WOODS
    assert bf.starts_hindered(9.3, 15, R) is None
    assert bf.starts_hindered(9.4, 15, R, flight=True) is None          # MK-17.6
    assert [tr.halved(n) for n in (1, 7, 8)] == [1, 4, 4]


def test_partly_clear_partly_hindered_start_is_bound_by_both() -> None:
    # MK-14.5: half speed and the stop
    bf = field(WOODS)
    assert bf.starts_hindered(9.7, 15, R) == WOODS
    stop = bf.first_stop([(9.7, 15), (15, 15)], R)
    assert stop is not None and stop.s == pytest.approx(0.915, abs=1e-6)


def test_shallow_water_hinders_movement_unless_aquatic() -> None:
    # MK-16.1, MK-16.3, MK-17.5
    stream = square("s", "shallow", 10, 10, 20, 20)
    bf = field(stream)
    assert bf.starts_hindered(9.4, 15, R) == stream
    assert bf.starts_hindered(9.4, 15, R, aquatic=True) is None
    stop = bf.first_stop([(5, 15), (25, 15)], R)
    assert stop is not None and (stop.rule, stop.piece) == ("MK-14.3", "s")
    assert bf.first_stop([(5, 15), (25, 15)], R, aquatic=True) is None


def test_flight_ignores_hindering_and_elevation_stops() -> None:
    # MK-17.6, MK-G12
    bf = field(WOODS, HILL)
    assert bf.first_stop([(5, 15), (25, 15)], R, flight=True) is None
    assert bf.first_stop([(5, 20), (5, 30)], R, flight=True) is None


def test_low_wall_stops_on_touching_and_never_halves() -> None:
    # MK-16.4, MK-A9: a move starting against a wall may cross it; it stops at any other
    wall2 = square("l2", "low_wall", 22, 10, 22.5, 20, thickness=0.5)
    bf = field(WALL, wall2)
    stop = bf.first_stop([(5, 15), (25, 15)], R)
    assert stop is not None and (stop.rule, stop.piece) == ("MK-16.4", "l")
    assert stop.s == pytest.approx(9.365, abs=1e-6)
    assert bf.starts_hindered(14.375, 15, R) is None
    stop = bf.first_stop([(14.375, 15), (14.375, 21), (25, 21)], R)
    assert stop is None
    stop = bf.first_stop([(14.375, 15), (14.375, 21), (16.2, 21), (16.2, 15), (25, 15)], R)
    assert stop is not None and stop.piece == "l2"


def test_climbing_and_coming_down_end_the_move() -> None:
    # MK-15.4, MK-A7
    bf = field(HILL)
    up = bf.first_stop([(5, 20), (5, 30)], R)
    assert up is not None and (up.rule, up.piece) == ("MK-15.4", "h")
    assert up.s == pytest.approx(5.615, abs=1e-6)
    down = bf.first_stop([(5, 30), (5, 20)], R)
    assert down is not None and down.s == pytest.approx(5.615, abs=1e-6)
    assert bf.first_stop([(3, 30), (7, 30)], R) is None               # moving on the top


def test_stop_policy_reject_or_truncate() -> None:
    # MK-G12: past the first stop point the path is refused, or cut there
    bf = field(WOODS)
    path = [(5.0, 15.0), (25.0, 15.0)]
    stop = bf.first_stop(path, R)
    assert bf.apply_stop_policy(path, stop, "reject") is None
    cut = bf.apply_stop_policy(path, stop, "truncate")
    assert cut is not None and cut[-1] == pytest.approx((10.615, 15.0), abs=1e-6)
    near = [(5.0, 15.0), (10.62, 15.0)]                                # within ε past it
    assert bf.apply_stop_policy(near, bf.first_stop(near, R), "reject") == tuple(near)
    with pytest.raises(ValueError):
        bf.apply_stop_policy(path, stop, "bounce")


# ---------------------------------------------------------------------------- low walls (MK-G17)

def test_adjacent_across_a_low_wall() -> None:
    # MK-G17, MK-16.6, MK-A10
    bf = field(WALL)
    a, b = body("a1", 14.375, 15), body("b1", 16.125, 15)
    assert bf.across_wall(a, b) == WALL
    assert bf.across_wall(a, body("b1", 16.2, 15)) is None             # b not touching
    assert bf.across_wall(a, body("b1", 14.375, 13.75)) is None         # same side
    diagonal = body("b1", 16.125, 15.3)
    assert bf.across_wall(a, diagonal) is None                          # too far apart


# ------------------------------------------------------------------------------ setup

def test_deployment_zone() -> None:
    # MK-3.9, MK-G18: within 3 in of the own edge, at least 8 in from the others
    bf = field()
    assert bf.deploy_problem("south", 15, 2, R) is None
    assert bf.deploy_problem("south", 15, 3.0, R) is None
    assert bf.deploy_problem("south", 15, 3.01, R).rule == "MK-3.9"  # type: ignore[union-attr]
    assert bf.deploy_problem("south", 7.99, 2, R) is not None
    assert bf.deploy_problem("south", 8.0, 2, R) is None
    assert bf.deploy_problem("south", SIDE - 8.0, 2, R) is None
    assert bf.deploy_problem("north", 15, SIDE - 2, R) is None
    assert bf.deploy_problem("west", 2, 15, R) is None
    assert bf.deploy_problem("east", SIDE - 2, 20, R) is None
    assert bf.deploy_problem("east", SIDE - 2, 5, R) is not None
    with pytest.raises(ValueError):
        bf.deploy_problem("up", 1, 1, R)


def test_deployment_base_on_the_table_and_off_blocking() -> None:
    # MK-3.9, MK-A45
    bf = field(square("g", "blocking", 14, 0.5, 16, 2.5))
    assert bf.deploy_problem("south", 15, 0.5, R).rule == "MK-A45"  # type: ignore[union-attr]
    problem = bf.deploy_problem("south", 16.5, 2, R)
    assert problem is not None and (problem.rule, problem.piece) == ("MK-A45", "g")
    assert bf.deploy_problem("south", 18, 2, R) is None


def test_terrain_spacing() -> None:
    # MK-3.5, MK-G19, MK-A39: 5 cm = 1.9685 in between any two pieces
    bf = field(WOODS)
    close = square("t2", "blocking", 21.96, 10, 25, 14)
    problem = bf.placement_problem(close)
    assert problem is not None and (problem.rule, problem.piece) == ("MK-3.5", "w")
    assert bf.placement_problem(square("t2", "blocking", 21.97, 10, 25, 14)) is None
    assert tr.SPACING == 1.9685


def test_terrain_piece_on_the_table_and_unique() -> None:
    # MK-3.4, MK-3.6
    bf = field(WOODS)
    assert bf.placement_problem(square("t2", "blocking", 38, 0, 40, 2)).rule == "MK-3.4"  # type: ignore[union-attr]
    assert bf.placement_problem(square("w", "blocking", 30, 30, 32, 32)).rule == "MK-3.6"  # type: ignore[union-attr]


def test_zones_lie_on_their_hill() -> None:
    # MK-15.3, MK-G6, MK-G19: a zone on a hill is not spaced from that hill
    bf = field(HILL)
    zone = square("z", "hindering", 2, 27, 5, 30, on_elevated=True)
    assert bf.placement_problem(zone) is None
    ground = square("z", "hindering", 2, 27, 5, 30)
    assert bf.placement_problem(ground) is not None


def test_with_piece_returns_a_new_battlefield_and_copies_share_the_cache() -> None:
    # MK-3.4: placing a piece replaces the battlefield
    bf = field(WOODS)
    bigger = bf.with_piece(BUILDING)
    assert bf.pieces == (WOODS,) and bigger.pieces == (WOODS, BUILDING)
    assert bigger.piece("g") == BUILDING
    with pytest.raises(KeyError):
        bf.piece("g")
    bf.first_stop([(5, 15), (25, 15)], R)
    clone = copy.copy(bf)
    assert clone == bf and clone._cache is bf._cache
    assert bigger.to_json()["pieces"][1] == {
        "id": "g", "kind": "blocking", "outline": [[10, 10], [14, 10], [14, 14], [10, 14]]}


def test_template_fits_gives_the_answer_of_placement_problem() -> None:
    # MK-3.4, MK-3.5, MK-G19: the placement candidates' fast test agrees with the full one,
    # including pieces put just closer and just farther than 5 cm apart.
    import random

    catalogue = tr.templates()
    rng = random.Random(7)
    rotations = (0.0, 22.5, 45.0, 90.0, 135.0, 157.5)
    checked = 0
    for _ in range(40):
        bf = Battlefield(39.37, 39.37)
        for n in range(rng.randint(0, 4)):
            piece = rng.choice(list(catalogue.values())).place(
                f"t{n + 1}", rng.uniform(0, 39.37), rng.uniform(0, 39.37), rng.choice(rotations))
            if bf.placement_problem(piece) is None:
                bf = bf.with_piece(piece)
        for _ in range(40):
            template = rng.choice(list(catalogue.values()))
            x, y = round(rng.uniform(0, 39.37), 2), round(rng.uniform(0, 39.37), 2)
            rotate, piece_id = rng.choice(rotations), f"t{rng.randint(1, 6)}"
            full = bf.placement_problem(template.place(piece_id, x, y, rotate)) is None
            fast = bf.template_fits(template, piece_id, x, y, rotate)
            assert fast is None or fast == full, (template.key, x, y, rotate, piece_id)
            checked += fast is not None
    assert checked > 1000
    building = catalogue["building"]
    bf = Battlefield(39.37, 39.37, (building.place("t1", 10.0, 10.0, 0.0),))
    for gap in (tr.SPACING - 1e-6, tr.SPACING - 1e-9, tr.SPACING, tr.SPACING + 1e-6):
        full = bf.placement_problem(building.place("t2", 14.0 + gap, 10.0, 0.0)) is None
        assert bf.template_fits(building, "t2", 14.0 + gap, 10.0, 0.0) in (None, full)
