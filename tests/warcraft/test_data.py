"""warcraft's shipped data: the rules reference, the boards and their design constraints, races,
experience decks, components, rule numbers, scenarios, and the loader's refusal of bad files.

Each test that checks a number of the rules cites the rule id that gives it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grimorio.core.errors import ScenarioError
from grimorio.core.rules_ref import load_reference, rule_id_pattern
from grimorio.games.warcraft import data as wc
from grimorio.games.warcraft.data import (
    Board,
    ScenarioReader,
    Zone,
    library,
    read_board,
    read_board_file,
    read_experience,
    read_races,
    read_yaml,
    scenario,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "grimorio" / "games" / "warcraft" / "data"

# Rules per section of the specification (WC-1.1 ... WC-19.10): 200 in all.
SECTION_SIZES = {1: 7, 2: 17, 3: 8, 4: 4, 5: 8, 6: 11, 7: 8, 8: 11, 9: 10, 10: 21, 11: 19,
                 12: 7, 13: 24, 14: 6, 15: 8, 16: 6, 17: 10, 18: 5, 19: 10}


def ground(zone: Zone) -> bool:
    """Zones a unit that does not fly may enter (WC-6.4)."""
    return zone.type != "mountain"


def zone_of_cell(board: Board) -> dict[tuple[int, int], str]:
    return {cell: zid for zid, cells in board.cells().items() for cell in cells}


def cell_map(board: Board, move: Callable[[int, int], tuple[int, int]]) -> dict[str, str]:
    """The zone -> zone map a motion of the grid induces; fails if the motion splits a zone or
    leaves the board."""
    where = zone_of_cell(board)
    image: dict[str, str] = {}
    for cell, zid in where.items():
        target = where.get(move(*cell))
        assert target is not None, f"{zid}: cell {cell} moves off the board"
        assert image.setdefault(zid, target) == target, f"{zid} is split by the motion"
    assert sorted(image.values()) == sorted(image), "the motion is not a bijection of zones"
    return image


def assert_symmetry(board: Board, image: dict[str, str]) -> None:
    """`image` preserves zone types, values, labels-free structure and adjacency."""
    for zid, zone in board.zones.items():
        other = board.zones[image[zid]]
        assert (zone.type, zone.vp) == (other.type, other.vp), (zid, other.id)
        assert {image[n] for n in zone.adjacent} == set(other.adjacent), zid
    for wall in board.walls:
        assert frozenset(image[z] for z in wall) in board.walls


def quarter_turn(board: Board) -> dict[str, str]:
    size = len(board.rows)
    return cell_map(board, lambda r, c: (c, size - 1 - r))


def half_turn(board: Board) -> dict[str, str]:
    rows, cols = len(board.rows), len(board.rows[0])
    return cell_map(board, lambda r, c: (rows - 1 - r, cols - 1 - c))


def third_turn(board: Board, centre: str) -> dict[str, str]:
    """A third of a turn about the centre zone's cell, on a hex grid whose odd rows are shifted
    half a cell to the right (odd-r offset coordinates)."""
    (r0, c0), = board.cells()[centre]

    def axial(r: int, c: int) -> tuple[int, int]:
        return c - (r - (r & 1)) // 2, r

    q0, s0 = axial(r0, c0)

    def move(r: int, c: int) -> tuple[int, int]:
        q, s = axial(r, c)
        dq, ds = q - q0, s - s0
        nq, ns = q0 - dq - ds, s0 + dq
        return ns, nq + (ns - (ns & 1)) // 2

    return cell_map(board, move)


def town_halls(board: Board) -> list[str]:
    return [z.id for z in board.of_type("town_hall")]


def neighbours_of_type(board: Board, zid: str, zone_type: str) -> list[str]:
    return [n for n in board.zones[zid].adjacent if board.zones[n].type == zone_type]


# ------------------------------------------------------------------------------ rules reference

def test_the_rules_reference_holds_every_rule_of_the_specification() -> None:
    """docs/rules/warcraft.md has the 200 seed rules WC-1.1 to WC-19.10, the readings WC-A1 to
    WC-A35 (and the engine's later ones) and the outside-seed rules WC-X1 to WC-X12 (and later
    ones), each once and numbered without gaps."""
    ref = load_reference("warcraft")
    expected = [f"WC-{s}.{n}" for s, size in SECTION_SIZES.items() for n in range(1, size + 1)]
    seed = [r for r in ref.rules if re.fullmatch(r"WC-\d+\.\d+", r)]
    assert seed == expected and len(seed) == 200
    readings = [r for r in ref.rules if r.startswith("WC-A")]
    outside = [r for r in ref.rules if r.startswith("WC-X")]
    assert readings == [f"WC-A{i}" for i in range(1, len(readings) + 1)] and len(readings) >= 35
    assert outside == [f"WC-X{i}" for i in range(1, len(outside) + 1)] and len(outside) >= 12
    assert len(ref.rules) == 200 + len(readings) + len(outside)


def test_readings_and_outside_rules_are_labelled() -> None:
    """Every WC-An states grimorio's reading; every WC-Xn is marked as outside the seed."""
    ref = load_reference("warcraft")
    for rule_id, rule in ref.rules.items():
        if rule_id.startswith("WC-A"):
            assert rule.text.startswith("(grimorio's reading)"), rule_id
        if rule_id.startswith("WC-X"):
            assert rule.text.startswith("*Outside the seed, to confirm.*"), rule_id


def test_every_cited_rule_id_exists() -> None:
    """Rule ids cited by the data files, the loader and these tests are all in the reference."""
    ref = load_reference("warcraft")
    pattern = rule_id_pattern("WC")
    paths = [*DATA.rglob("*.yaml"), DATA.parent / "data.py", DATA.parent / "__init__.py",
             *Path(__file__).parent.glob("*.py")]
    unknown = {(p.name, rule_id) for p in paths
               for rule_id in pattern.findall(p.read_text(encoding="utf-8"))
               if rule_id not in ref.rules and not re.fullmatch(r"WC-\d+", rule_id)}
    assert not unknown, sorted(unknown)


def test_data_files_cite_full_rule_ids_only() -> None:
    """`source:` and `rule:` fields name a rule (WC-n.m, WC-An, WC-Xn), never a whole section."""
    for path in DATA.rglob("*.yaml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            for rule_id in re.findall(r"(?:source|rule): (WC-\S+?)[,}\s]", line + " "):
                assert re.fullmatch(r"WC-(\d+\.\d+|A\d+|X\d+)", rule_id), (path.name, line)


# ------------------------------------------------------------------------------ generic board

def test_WC_2_3_the_generic_board_has_13_pieces_of_two_or_more_zones() -> None:
    """WC-2.3, WC-3.1: the four-player board uses all 13 pieces, each with 2 or more zones, each
    a single connected patch of cells."""
    board = library().generic.board
    pieces = board.pieces()
    assert sorted(pieces) == list(range(1, 14))
    assert all(len(zones) >= 2 for zones in pieces.values())
    assert_pieces_are_connected(board)


def assert_pieces_are_connected(board: Board) -> None:
    where = zone_of_cell(board)
    for piece, zones in board.pieces().items():
        cells = {cell for z in zones for cell in board.cells()[z]}
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for near in wc._cell_neighbours(board.grid_kind, *here):
                if near in cells and near not in seen and near in where:
                    seen.add(near)
                    todo.append(near)
        assert seen == cells, f"piece {piece} is not one patch of cells"


def test_WC_2_4_WC_2_8_zone_types_and_values() -> None:
    """WC-2.4: six zone types, all present on the generic board; WC-2.5: a Town Hall is worth 3;
    WC-2.8: an Objective 1 or 2 (both occur); other zones nothing."""
    board = library().generic.board
    assert {z.type for z in board.zones.values()} == set(wc.ZONE_TYPES)
    for zone in board.zones.values():
        expected = {"town_hall": {3}, "objective": {1, 2}}.get(zone.type, {0})
        assert zone.vp in expected, zone.id
    assert {z.vp for z in board.of_type("objective")} == {1, 2}


def test_generic_adjacency_is_symmetric_and_matches_the_grid() -> None:
    """WC-2.3: zones touching across any edge are adjacent, both ways, and nothing else is."""
    for board in [library().generic.board, *(s.board for s in library().scenarios.values())]:
        drawn = wc.grid_adjacency(board.grid_kind, board.rows)
        glyph = {z.glyph: z.id for z in board.zones.values()}
        for zone in board.zones.values():
            assert zone.id not in zone.adjacent
            assert all(zone.id in board.zones[n].adjacent for n in zone.adjacent)
            assert {glyph[g] for g in drawn[zone.glyph]} == set(zone.adjacent), zone.id


def test_generic_board_is_connected_for_every_kind_of_piece() -> None:
    """WC-6.4: every zone can be reached by flying units, every non-Mountain zone by units that
    do not fly, and each Mountain touches a zone flyers can take off from."""
    board = library().generic.board
    start = town_halls(board)[0]
    assert set(board.distances(start)) == set(board.zones)
    walkable = {z.id for z in board.zones.values() if ground(z)}
    assert set(board.distances(start, ground)) == walkable
    for peak in board.of_type("mountain"):
        assert any(board.zones[n].type != "mountain" for n in peak.adjacent)


def test_generic_board_turns_onto_itself_a_quarter_turn_at_a_time() -> None:
    """Fairness (WC-X3): a quarter turn maps every zone onto one of the same type and value and
    keeps adjacency, and carries each seat's Town Hall onto the next seat's, clockwise."""
    generic = library().generic
    image = quarter_turn(generic.board)
    assert_symmetry(generic.board, image)
    halls = generic.layouts["four_player"].town_halls
    assert [image[h] for h in halls] == [*halls[1:], halls[0]]


def test_every_seat_sees_the_same_board() -> None:
    """Fairness (WC-X3): from each seat's Town Hall, the zones at each ground distance have the
    same types and values, in both layouts; all Town Hall distances are equal seat by seat."""
    generic = library().generic
    for layout in ("four_player", "two_player"):
        board = generic.for_layout(layout)
        halls = generic.layouts[layout].town_halls
        profiles = []
        for hall in halls:
            dist = board.distances(hall, ground)
            profiles.append(sorted((d, board.zones[z].type, board.zones[z].vp)
                                   for z, d in dist.items()))
            others = sorted(dist[h] for h in halls if h != hall)
            assert others == sorted(board.distances(halls[0], ground)[h]
                                    for h in halls if h != halls[0])
        assert all(p == profiles[0] for p in profiles), layout


def test_generic_town_hall_distances() -> None:
    """Four players: neighbours' Town Halls are 4 ground steps apart, opposite ones 8; the centre
    objective is 4 steps from every Town Hall; Town Halls never touch (WC-7.6 needs a march)."""
    board = library().generic.board
    halls = library().generic.layouts["four_player"].town_halls
    heart = next(z for z in board.of_type("objective") if z.id == "heart")
    for i, hall in enumerate(halls):
        dist = board.distances(hall, ground)
        assert [dist[halls[(i + k) % 4]] for k in (1, 2, 3)] == [4, 8, 4]
        assert dist[heart.id] == 4
        assert not neighbours_of_type(board, hall, "town_hall")


def test_each_town_hall_has_one_gold_mine_and_one_forest_beside_it() -> None:
    """WC-16.2, WC-16.5, WC-17.9 speak of the Gold Mine and Forest adjacent to a Town Hall: every
    board gives each Town Hall exactly one of each at distance 1."""
    boards = [library().generic.board, *(s.board for s in library().scenarios.values())]
    for board in boards:
        for hall in town_halls(board):
            if board.id == "nordrassil":
                continue  # nobody harvests there (WC-19.5, WC-19.7)
            assert len(neighbours_of_type(board, hall, "gold_mine")) == 1, (board.id, hall)
            assert len(neighbours_of_type(board, hall, "forest")) == 1, (board.id, hall)


def test_generic_resources_mountains_and_objectives_per_seat() -> None:
    """Each seat's quarter holds 2 Gold Mines, 2 Forests, 1 Mountain, a 2-VP and a 1-VP
    Objective; the centre holds a 2-VP Objective: 14 VP of Objectives, 12 of Town Halls."""
    board = library().generic.board
    counts = {t: len(board.of_type(t)) for t in wc.ZONE_TYPES}
    assert counts == {"town_hall": 4, "forest": 8, "gold_mine": 8, "mountain": 4,
                      "objective": 9, "empty": 8}
    assert sum(z.vp for z in board.of_type("objective")) == 14
    assert sum(z.vp for z in board.of_type("town_hall")) == 12


def test_WC_3_1_two_player_layout() -> None:
    """WC-3.1, WC-X3: two players sit in opposite corners; the two unused home pieces are turned
    so their Town Hall zones are Empty; a half turn swaps the two seats."""
    generic = library().generic
    layout = generic.layouts["two_player"]
    board = generic.for_layout("two_player")
    assert layout.town_halls == ("nw_town", "se_town")
    assert town_halls(board) == list(layout.town_halls)
    assert {board.zones[z].type for z in layout.turned} == {"empty"}
    image = quarter_turn(board)
    half = {z: image[image[z]] for z in image}
    assert_symmetry(board, half)
    assert half["nw_town"] == "se_town"
    assert sum(z.vp for z in board.zones.values()) == 20


# ------------------------------------------------------------------------------ scenario boards

def test_WC_2_3_scenario_boards_use_at_most_13_pieces() -> None:
    """WC-2.3: every scenario board is built from the 13 pieces, each carrying 2 or more zones."""
    for sc in library().scenarios.values():
        pieces = sc.board.pieces()
        assert len(pieces) <= 13 and all(len(z) >= 2 for z in pieces.values()), sc.id
        assert_pieces_are_connected(sc.board)
        assert set(sc.board.distances(next(iter(sc.board.zones)))) == set(sc.board.zones)


def test_WC_16_elf_gate_board() -> None:
    """WC-16.2, WC-16.3, WC-16.6: zones A to D; D touches A, B, C and Mountains only, so ground
    armies reach it through a guard zone; a third of a turn maps the board onto itself and each
    seat onto the next, so every player is 4 ground steps from D and 3 from two guard zones."""
    sc = scenario("elf-gate")
    board = sc.board
    gate = board.labelled("D")
    guards = {board.labelled(x).id for x in "ABC"}
    assert {n for n in gate.adjacent if board.zones[n].type != "mountain"} == guards
    assert len(neighbours_of_type(board, gate.id, "mountain")) == 3
    image = third_turn(board, gate.id)
    assert_symmetry(board, image)
    halls = [s.town_hall for s in sc.seats]
    assert [image[h] for h in halls if h] == [*halls[1:], halls[0]]
    for hall in halls:
        assert hall is not None
        dist = board.distances(hall, ground)
        assert dist[gate.id] == 4
        assert sorted(dist[g] for g in guards) == [3, 3, 5]
        assert sorted(dist[h] for h in halls if h and h != hall) == [6, 6]


def test_WC_16_2_WC_16_5_elf_gate_depletion() -> None:
    """WC-16.2: a complete depletion token on every Gold Mine and Forest not adjacent to a Town
    Hall; WC-16.5: those adjacent never deplete."""
    sc = scenario("elf-gate")
    board = sc.board
    near = {z.id for z in board.zones.values() if z.is_resource
            and any(board.zones[n].type == "town_hall" for n in z.adjacent)}
    far = {z.id for z in board.zones.values() if z.is_resource} - near
    assert sc.depletion == dict.fromkeys(far, "complete")
    assert len(far) == 6
    (never,) = sc.rules_of("never_deplete")
    assert set(never.zones) == near and never.rule == "WC-16.5"


def test_WC_16_elf_gate_setup_and_victory() -> None:
    """WC-16.1: Humans, Orcs, Undead, no teams, no tokens; WC-16.2: 5 gold, 5 wood, 3 melee and 3
    workers each, random First Player; WC-16.3: 2 Night Elf ranged units in A, B and C, 3 flying
    in D, all stacks at level 2 (WC-A28); WC-16.4: the left neighbour rolls and picks casualties,
    plays no cards; killed neutrals leave the game; WC-16.6: hold D with fewer than 3 enemy units
    around it at the end of your turn, or be the last standing; VP are ignored."""
    sc = scenario("elf-gate")
    assert (sc.players, sc.teams, sc.tokens, sc.first_player, sc.uses_vp) == (3, (), (), "random",
                                                                              False)
    assert [s.race for s in sc.seats] == ["human", "orc", "undead"]
    for seat in sc.seats:
        assert seat.resources == wc.Cost(5, 5) and seat.hand == 3
        assert seat.pieces == (wc.Placement(seat.town_hall or "", melee=3, workers=3),)
    n = sc.neutrals
    assert n is not None and n.race == "night_elf"
    assert dict(n.unit_levels) == {"melee": 2, "ranged": 2, "flying": 2}
    placed = {sc.board.zones[p.zone].label: (p.ranged, p.flying, p.melee) for p in n.pieces}
    assert placed == {"A": (2, 0, 0), "B": (2, 0, 0), "C": (2, 0, 0), "D": (0, 3, 0)}
    assert (n.moves, n.hostile_to_all, n.plays_cards, n.draws_cards) == (False, True, False, False)
    assert (n.dice_by, n.casualties_by, n.combat_side, n.killed) == (
        "left_neighbour", "left_neighbour", "defender", "removed_from_game")
    hold, last = sc.victory
    assert (hold.kind, hold.zone, hold.max_adjacent_enemy_units, hold.counts_neutrals,
            hold.at) == ("hold_zone", "elf_gate", 2, True, "end_of_own_turn")
    assert last.kind == "last_standing" and hold.winners == last.winners == ()


def test_WC_17_necromancers_setup() -> None:
    """WC-17.1, WC-17.2: Humans against Undead; the Undead player has no panel, piles, buildings
    or Town Hall, two Necromancers in different zones, and plays first; the Humans start as in
    the generic game; special tokens on A to E (A melee, B ranged, C flying, D and E upgrades)."""
    sc = scenario("march-of-the-necromancers")
    undead, human = sc.seat("undead"), sc.seat("human")
    assert sc.first_player == "undead" and sc.uses_vp is False and sc.teams == ()
    assert (undead.panel, undead.resources, undead.town_hall, undead.pieces) == (False, None,
                                                                                 None, ())
    assert len(set(undead.necromancers)) == 2
    assert human.resources == wc.Cost(5, 5) and human.town_hall == "human_town"
    assert human.pieces == (wc.Placement("human_town", melee=3, workers=3),)
    tokens = {sc.board.zones[t.zone].label: (t.kind, t.ability, t.unit, t.amount)
              for t in sc.tokens}
    assert tokens == {"A": ("special", "spawn", "melee", 0), "B": ("special", "spawn", "ranged", 0),
                      "C": ("special", "spawn", "flying", 0),
                      "D": ("special", "free_upgrade", None, 1),
                      "E": ("special", "free_upgrade", None, 1)}


def test_WC_17_necromancers_rules_and_board() -> None:
    """WC-17.3: Necromancers move 2 like workers and never share a zone; WC-17.7: a Human unit
    destroys tokens at the end of a Movement phase; WC-17.8: no training or building for the
    Undead; WC-17.9: the Human Town Hall's Gold Mine and Forest never deplete; WC-17.10: the
    three ways to win. Every site is reachable on foot by both sides."""
    sc = scenario("march-of-the-necromancers")
    (necro,) = sc.rules_of("necromancers")
    assert (necro.moves, necro.worker_restriction, necro.may_share_zone) == (2, True, False)
    (tokens,) = sc.rules_of("tokens_destroyed_by")
    assert (tokens.race, tokens.at) == ("human", "end_of_movement_phase")
    assert sc.rules_of("no_train_or_build")[0].races == ("undead",)
    hall = "human_town"
    beside = set(neighbours_of_type(sc.board, hall, "gold_mine") +
                 neighbours_of_type(sc.board, hall, "forest"))
    assert set(sc.rules_of("never_deplete")[0].zones) == beside
    kinds = [(v.kind, v.winners) for v in sc.victory]
    assert kinds == [("eliminate", ("undead",)), ("kill_necromancers", ("human",)),
                     ("destroy_tokens", ("human",))]
    assert set(sc.victory[2].zones) == {sc.board.labelled(x).id for x in "ABC"}
    sites = {sc.board.labelled(x).id for x in "ABCDE"}
    assert sites <= set(sc.board.distances(hall, ground))
    for start in sc.seat("undead").necromancers:
        assert sites <= set(sc.board.distances(start, ground))


def test_WC_18_prisoners() -> None:
    """WC-18.1: Orcs against Night Elves, 4 walls and 2 prisoners, the Night Elf leader held by
    the Orcs in A and the Orc leader by the Night Elves in B; WC-18.3: walls lie between adjacent
    zones and stop melee and ranged units; WC-18.5: rescue or elimination. A half turn swaps the
    two sides; with the walls each prison stays reachable on foot from both Town Halls."""
    sc = scenario("the-prisoners")
    board = sc.board
    assert [s.race for s in sc.seats] == ["orc", "night_elf"] and sc.uses_vp is False
    assert len(board.walls) == 4
    prisoners = {t.race: board.zones[t.zone].label for t in sc.tokens if t.kind == "prisoner"}
    assert prisoners == {"night_elf": "A", "orc": "B"}
    assert sc.rules_of("walls_block")[0].unit_types == ("melee", "ranged")
    assert [v.kind for v in sc.victory] == ["rescue", "last_standing"]
    image = half_turn(board)
    assert_symmetry(board, image)
    assert image["orc_town"] == "elf_town" and image["prison_a"] == "prison_b"
    for wall in board.walls:
        assert len([z for z in wall if board.zones[z].label in ("A", "B")]) == 1
    for hall in ("orc_town", "elf_town"):
        dist = board.distances(hall, ground, walls=True)
        assert {"prison_a", "prison_b"} <= set(dist)
    assert board.distances("elf_town", ground, walls=True)["prison_a"] == 7
    assert board.distances("orc_town", ground, walls=True)["prison_a"] == 2


def test_WC_19_nordrassil_setup() -> None:
    """WC-19.1 to WC-19.4: all four races, Allies against Undead, Night Elves first, no resource
    piles, every stack at its top level, the Nordrassil token in A, outposts Human B, Orc C,
    Night Elf D, Undead E and F; team stacking holds (WC-15.4)."""
    sc = scenario("nordrassil")
    lib = library()
    assert sc.teams == (("human", "orc", "night_elf"), ("undead",))
    assert sc.first_player == "night_elf" and sc.uses_vp is False
    for seat in sc.seats:
        assert seat.resources is None
        tops = {t: lib.races[seat.race].units[t].top_level.value for t in wc.UNIT_TYPES}
        assert dict(seat.unit_levels) == tops
    outposts = {seat.race: [sc.board.zones[z].label for z in seat.outposts] for seat in sc.seats}
    assert outposts == {"human": ["B"], "orc": ["C"], "night_elf": ["D"], "undead": ["F", "E"]}
    assert [(t.kind, sc.board.zones[t.zone].label) for t in sc.tokens] == [("nordrassil", "A")]


def test_WC_19_nordrassil_rules_and_board() -> None:
    """WC-19.5, WC-19.7: skipped phases; WC-19.6: Undead respawn; WC-19.8: the Night Elf draw at
    the end of each turn; WC-19.9: allied outposts are Town Halls, Empty zones cannot be entered,
    A is always open; WC-19.10: the three conditions. Nordrassil is reachable on foot from every
    Undead start zone without crossing an Empty zone, and the Night Elf outpost guards it."""
    sc = scenario("nordrassil")
    board = sc.board
    skips = {r.races: r.phases for r in sc.rules_of("skip_phases")}
    assert skips == {("undead",): ("harvest", "deployment", "spending"),
                     ("human", "orc", "night_elf"): ("harvest", "deployment")}
    assert sc.rules_of("respawn")[0].races == ("undead",)
    assert (sc.rules_of("end_of_turn_draw")[0].race, sc.rules_of("end_of_turn_draw")[0].amount) \
        == ("night_elf", 1)
    assert sc.rules_of("empty_zones_impassable") and sc.rules_of("outposts_are_town_halls")
    assert [(v.kind, v.winners) for v in sc.victory[:3]] == [
        ("destroy_outpost", ("undead",)), ("unit_in_zone", ("undead",)),
        ("deck_exhausted", ("human", "orc", "night_elf"))]

    def passable(zone: Zone) -> bool:
        return zone.type not in ("empty", "mountain")

    tree = board.labelled("A").id
    undead = sc.seat("undead")
    starts = [undead.town_hall or "", *undead.outposts]
    for start in starts:
        assert tree in board.distances(start, passable)
    assert board.labelled("D").id in board.zones[tree].adjacent
    assert board.of_type("empty") and all(z.type != "empty" for z in
                                          (board.zones[p.zone] for s in sc.seats
                                           for p in s.pieces))
    walkable = {z.id for z in board.zones.values() if passable(z)}
    assert set(board.distances(tree, passable)) == walkable


def test_setups_respect_stacking_and_mountains() -> None:
    """WC-5.1, WC-5.2, WC-15.4: no setup puts more than 3 units or 3 workers of one side in a
    zone; WC-6.4: only flying units start in Mountains."""
    for sc in library().scenarios.values():
        sides = [[s for s in sc.seats if s.race in team] for team in sc.teams] or [
            [s] for s in sc.seats]
        for side in sides:
            units: dict[str, int] = {}
            for seat in side:
                for p in seat.pieces:
                    units[p.zone] = units.get(p.zone, 0) + p.units
                    assert p.workers <= 3
                    if sc.board.zones[p.zone].type == "mountain":
                        assert p.melee == p.ranged == p.workers == 0
            assert max(units.values(), default=0) <= 3, sc.id


# ------------------------------------------------------------------------------ generic scenarios

def test_WC_1_3_WC_3_two_player_generic_game() -> None:
    """WC-1.3: 15 VP at the end of your turn; WC-3.2: two races drawn at random; WC-3.4, WC-3.5,
    WC-3.7, WC-3.8: 5 gold, 5 wood, 3 melee, 3 workers, 3 cards, random First Player."""
    sc = scenario("generic-2p")
    assert sc.layout == "two_player" and [s.race for s in sc.seats] == ["random", "random"]
    vp, last = sc.victory
    assert (vp.kind, vp.points, vp.team, vp.rule) == ("vp", 15, False, "WC-1.3")
    assert last.kind == "last_standing" and sc.first_player == "random"
    for seat in sc.seats:
        assert (seat.resources, seat.hand) == (wc.Cost(5, 5), 3)
        assert seat.pieces == (wc.Placement(seat.town_hall or "", melee=3, workers=3),)
        assert dict(seat.unit_levels) == {"melee": 1, "ranged": 1, "flying": 1}


def test_WC_1_4_WC_3_2_four_player_generic_game() -> None:
    """WC-1.4: a team wins at 30 VP; WC-3.2, WC-15.1: Humans and Night Elves against Orcs and
    Undead; WC-X4: clockwise seats alternate the teams, teammates in opposite corners."""
    sc = scenario("generic-4p")
    assert sc.teams == (("human", "night_elf"), ("orc", "undead"))
    order = [s.race for s in sc.seats]
    team = {r: i for i, t in enumerate(sc.teams) for r in t}
    assert [team[r] for r in order] == [0, 1, 0, 1]
    vp = sc.victory[0]
    assert (vp.kind, vp.points, vp.team, vp.rule) == ("vp", 30, True, "WC-1.4")
    assert all(s.resources == wc.Cost(5, 5) for s in sc.seats)


def test_scenario_rule_ids_point_at_their_sections() -> None:
    """Each scenario cites the first rule of its section; clauses cite rules of that section or
    the general rules."""
    first = {"elf-gate": "WC-16.1", "march-of-the-necromancers": "WC-17.1",
             "the-prisoners": "WC-18.1", "nordrassil": "WC-19.1", "generic-2p": "WC-1.3",
             "generic-4p": "WC-1.4"}
    for name, rule in first.items():
        assert scenario(name).rule == rule
    assert {s for s in library().scenarios} == set(first)
    with pytest.raises(ScenarioError, match="unknown scenario"):
        scenario("the-frozen-throne")


# ------------------------------------------------------------------------------ races

def test_WC_10_5_melee_units_cost_1_gold_1_wood_and_orc_flyers_2_and_2() -> None:
    """WC-10.5: every melee building asks 1 gold + 1 wood; the Orc flying building 2 + 2."""
    races = library().races
    for race in races.values():
        melee = race.units["melee"].cost
        assert (melee.value, melee.source) == (wc.Cost(1, 1), "WC-10.5")
    flying = races["orc"].units["flying"].cost
    assert (flying.value, flying.source) == (wc.Cost(2, 2), "WC-10.5")


def test_WC_10_20_the_orc_melee_track() -> None:
    """WC-10.20: level 1 needs 1 melee building, level 2 needs 2, level 3 needs 3; level 4 has
    Strength 5 and Area Attack."""
    track = library().races["orc"].units["melee"]
    needs = [(c.upgrade.value, c.upgrade.source) for c in track.cards[:3]]
    assert needs == [({"melee": n}, "WC-10.20") for n in (1, 2, 3)]
    top = track.card(4)
    assert (top.strength.value, top.strength.source) == (5, "WC-10.20")
    assert (top.ability.value, top.ability.source) == ("area_attack", "WC-10.20")
    assert top.is_top


def test_WC_2_1_WC_2_13_nine_unit_cards_per_race_top_card_shows_vp() -> None:
    """WC-2.1: nine unit cards per race; WC-2.13, WC-10.19: only the last card of each stack
    shows the VP symbol instead of requirements; WC-X6: Orcs 4/3/2, Night Elves 2/4/3."""
    races = library().races
    for race in races.values():
        sizes = [race.units[t].top_level.value for t in wc.UNIT_TYPES]
        assert sum(sizes) == 9
        for track in race.units.values():
            assert [c.level for c in track.cards] == list(range(1, len(track.cards) + 1))
            assert [c.is_top for c in track.cards][-1] and not any(
                c.is_top for c in track.cards[:-1])
            assert track.cards[-1].upgrade.source == "WC-2.13"
    assert [races["orc"].units[t].top_level.value for t in wc.UNIT_TYPES] == [4, 3, 2]
    assert [races["night_elf"].units[t].top_level.value for t in wc.UNIT_TYPES] == [2, 4, 3]


def test_WC_10_11_every_upgrade_requirement_can_be_met() -> None:
    """WC-10.11: at most 3 melee (1 printed + 2 cards), 3 ranged and 3 flying buildings, so no
    card may ask for more; section 12: abilities come from the five of the seed."""
    lib = library()
    assert [lib.components.max_buildings(k) for k in wc.BUILDING_KINDS] == [3, 3, 3]
    for race in lib.races.values():
        for track in race.units.values():
            for card in track.cards:
                for kind, count in (card.upgrade.value or {}).items():
                    assert count <= lib.components.max_buildings(kind), (race.id, track.type)
                assert 1 <= card.strength.value <= 6
                assert card.ability.value in wc.ABILITIES


def test_WC_11_19_combat_example_strengths_appear_in_the_stacks() -> None:
    """WC-11.19: the combat example shows Human ranged and flying units at Strength 3, Night Elf
    ranged and melee at 2 and flying at 3; grimorio puts them at level 1 (WC-X6)."""
    races = library().races
    example = {("human", "ranged"): 3, ("human", "flying"): 3, ("night_elf", "ranged"): 2,
               ("night_elf", "flying"): 3, ("night_elf", "melee"): 2}
    for (race, unit_type), strength in example.items():
        card = races[race].units[unit_type].card(1)
        assert card.strength.value == strength and "WC-11.19" in card.strength.note


def test_WC_1_1_stand_in_strengths_follow_the_race_profiles() -> None:
    """WC-1.1 (flavour): the Orcs' best melee card is the strongest melee card of all races, the
    Night Elves' best ranged card the strongest ranged card, and Orc flyers top out lowest."""
    races = library().races

    def best(race: str, unit_type: str) -> int:
        return max(c.strength.value for c in races[race].units[unit_type].cards)

    assert best("orc", "melee") > max(best(r, "melee") for r in races if r != "orc")
    assert best("night_elf", "ranged") > max(best(r, "ranged") for r in races if r != "night_elf")
    assert best("orc", "flying") < min(best(r, "flying") for r in races if r != "orc")


def test_every_race_value_is_sourced_or_a_declared_stand_in() -> None:
    """WC-X6, WC-X7: each value cites a rule or says it is a stand-in; the seed-given ones are
    exactly those the seed prints (WC-10.5, WC-10.20, WC-2.13)."""
    sourced = set()
    for race in library().races.values():
        assert race.worker_cost.stand_in
        for track in race.units.values():
            values: list[wc.Sourced[Any]] = [track.cost, track.top_level]
            for card in track.cards:
                values += [card.strength, card.ability, card.upgrade]
            for value in values:
                assert value.stand_in or value.source is not None
                if value.source is not None:
                    sourced.add(value.source)
    assert sourced == {"WC-10.5", "WC-10.20", "WC-2.13"}


# ------------------------------------------------------------------------------ experience

def test_WC_13_1_decks_of_21_cards_with_3_victory_points() -> None:
    """WC-13.1: each race's deck holds 21 cards, 3 of them Victory Point cards."""
    exp = library().experience
    assert (exp.deck_size.value, exp.deck_size.source) == (21, "WC-13.1")
    for race in wc.RACES:
        deck = exp.deck(race)
        assert sum(n for _, n in deck) == 21
        assert sum(n for c, n in deck if c.id == "victory_point") == 3
        assert len(deck) == 8


def test_WC_A24_cards_belong_to_the_races_of_the_seed() -> None:
    """WC-A24, WC-13.5 to WC-13.24: four cards per race, four in every deck."""
    by_race: dict[str, set[str]] = {}
    for card in library().experience.cards.values():
        by_race.setdefault(card.race, set()).add(card.id)
    assert by_race == {
        "human": {"call_to_arms", "dispel_magic", "invisibility", "polymorph"},
        "night_elf": {"faerie_fire", "marksmanship", "moon_glaive", "renew"},
        "orc": {"devour", "ensnare", "envenomed_spears", "pillage"},
        "undead": {"cripple", "curse", "summon_building", "web"},
        "all": {"haste", "resources", "town_portal", "victory_point"}}


def test_card_rules_and_names() -> None:
    """Each card cites its own rule, WC-13.5 to WC-13.24 in order, and carries both names."""
    cards = list(library().experience.cards.values())
    assert [c.rule for c in cards] == [f"WC-{13}.{n}" for n in range(5, 25)]
    assert cards[0].name.es == "Llamamiento a las Armas" and cards[-1].name.en == "Victory Point"


def test_card_effects_carry_the_seed_numbers() -> None:
    """WC-13.7 Invisibility -1 casualty; WC-13.9 Faerie Fire -1 per die; WC-13.11 Moon Glaive 1 die
    per hit; WC-13.13 Devour takes melee or ranged units; WC-13.15 one reroll; WC-13.17 Cripple -1,
    not below 0; WC-13.18 Curse saves on 3 or less; WC-13.21 Haste +2, at most 3; WC-13.22
    Resources 2 gold or 2 wood; WC-13.24 1 VP."""
    e = {c.id: c.effect for c in library().experience.cards.values()}
    assert (e["invisibility"].amount, e["invisibility"].duration) == (1, "step")
    assert (e["faerie_fire"].amount, e["faerie_fire"].duration) == (-1, "step")
    assert e["moon_glaive"].amount == 1
    assert e["devour"].unit_types == ("melee", "ranged") and e["devour"].duration == "combat"
    assert e["envenomed_spears"].amount == 1
    assert (e["cripple"].amount, e["cripple"].minimum, e["cripple"].duration) == (-1, 0, "turn")
    assert e["curse"].threshold == 3
    assert (e["haste"].amount, e["haste"].maximum, e["haste"].target) == (2, 3, "own_zone")
    assert (e["resources"].amount, e["resources"].choice) == (2, ("gold", "wood"))
    assert e["victory_point"].amount == 1
    assert e["ensnare"] == e["web"]


def test_WC_11_15_combat_cards_need_a_participating_unit() -> None:
    """WC-11.15: every card whose window lies inside a combat is marked in_combat, and no other."""
    for card in library().experience.cards.values():
        assert card.in_combat == card.timing.startswith("combat_"), card.id


def test_WC_X8_deck_counts_are_stand_ins_except_victory_points() -> None:
    """WC-X8: copies per card are stand-ins, except the 3 Victory Point cards (WC-13.1)."""
    for card in library().experience.cards.values():
        assert card.copies.stand_in == (card.id != "victory_point"), card.id


# ------------------------------------------------------------------------------ components, numbers

def test_WC_2_1_component_limits() -> None:
    """WC-2.1: per race 10 melee, 7 ranged, 4 flying, 8 workers, 2 outposts, building cards 2 / 3
    / 3; WC-2.11: printed worker and melee buildings; WC-13.1: 21 experience cards."""
    c = library().components
    assert {t: v.value for t, v in c.units.items()} == {"melee": 10, "ranged": 7, "flying": 4}
    assert (c.workers.value, c.outposts.value, c.unit_cards.value) == (8, 2, 9)
    assert c.building_cards.value == {"melee": 2, "ranged": 3, "flying": 3}
    assert c.printed_buildings.value == {"worker": 1, "melee": 1}
    assert c.experience_cards.value == 21


def test_box_contents_and_quest_tokens() -> None:
    """WC-2.3 13 pieces, WC-2.10 18 depletion tokens, WC-2.14 50 gold and 50 wood tokens, WC-2.16
    14 quest tokens (split per WC-X11), WC-11.7 4 combat dice, WC-2.17 1 resource die."""
    c = library().components
    box = {k: v.value for k, v in c.box.items()}
    assert box == {"board_pieces": 13, "panels": 4, "depletion_tokens": 18, "quest_tokens": 14,
                   "combat_dice": 4, "resource_dice": 1,
                   "resource_tokens": {"gold": 50, "wood": 50}}
    assert sum(v.value for v in c.quest_tokens.values()) == 14
    assert c.quest_tokens["special"].stand_in


def test_rule_numbers() -> None:
    """WC-3.4 5 gold and 5 wood; WC-3.5 3 melee and 3 workers; WC-3.7 3 cards; WC-5.1, WC-5.2
    stacking 3 and 3; WC-6.2 moves 1/1/2/2; WC-10.9, WC-10.12, WC-10.17 2 gold + 2 wood; WC-1.3
    15 VP; WC-1.4 30 VP; WC-2.5 3 VP; WC-2.8 1 or 2 VP; WC-10.19 and WC-13.24 1 VP; WC-8.4 a 3
    depletes; WC-X1 six-sided combat dice; WC-X2 a resource die showing 1 to 3."""
    k = library().constants

    def values(section: Any) -> dict[str, Any]:
        return {name: v.value for name, v in section.items()}

    assert values(k.setup) == {"gold": 5, "wood": 5, "melee_units": 3, "workers": 3, "hand": 3}
    assert values(k.stacking) == {"units": 3, "workers": 3}
    assert values(k.movement) == {"melee": 1, "ranged": 1, "flying": 2, "worker": 2}
    assert set(values(k.costs).values()) == {wc.Cost(2, 2)}
    assert values(k.victory) == {"two_player_vp": 15, "team_vp": 30, "town_hall_vp": 3,
                                 "objective_vp": (1, 2), "fully_upgraded_type_vp": 1,
                                 "victory_point_card_vp": 1}
    assert k.dice["combat_faces"].value == (1, 2, 3, 4, 5, 6)
    assert set(k.dice["resource_faces"].value) == {1, 2, 3} and k.dice["resource_faces"].stand_in
    assert k.dice["depletion_result"].value == 3
    sources = {v.source for s in (k.setup, k.stacking, k.movement, k.costs, k.victory)
               for v in s.values()}
    assert sources == {"WC-3.4", "WC-3.5", "WC-3.7", "WC-5.1", "WC-5.2", "WC-6.2", "WC-10.9",
                       "WC-10.12", "WC-10.17", "WC-1.3", "WC-1.4", "WC-2.5", "WC-2.8",
                       "WC-10.19", "WC-13.24"}


# ------------------------------------------------------------------------------ the loader refuses

def raw(name: str) -> Any:
    return copy.deepcopy(read_yaml(DATA / name))


def reader() -> ScenarioReader:
    lib = library()
    return ScenarioReader(lib.races, lib.components, lib.constants, lib.generic)


def test_unknown_fields_are_refused_with_their_place() -> None:
    bad = raw("races.yaml")
    bad["races"][1]["units"]["melee"]["levels"][0]["strenght"] = 3
    with pytest.raises(ScenarioError, match=r"races\[1\] \(orc\)\.units\.melee\.levels\[0\]: "
                                            r"field 'strenght' is not a known field"):
        read_races(bad, "races.yaml")


def test_out_of_range_and_unsourced_values_are_refused() -> None:
    bad = raw("races.yaml")
    bad["races"][0]["units"]["melee"]["levels"][0]["strength"]["value"] = 7
    with pytest.raises(ScenarioError, match="'value' must be between 1 and 6, not 7"):
        read_races(bad, "races.yaml")
    bad = raw("races.yaml")
    del bad["races"][0]["units"]["melee"]["levels"][0]["strength"]["stand_in"]
    with pytest.raises(ScenarioError, match="needs either a rule id"):
        read_races(bad, "races.yaml")


def test_asymmetric_or_ungridded_adjacency_is_refused() -> None:
    bad = raw("board.yaml")
    bad["zones"][0]["adjacent"].append("heart")
    with pytest.raises(ScenarioError, match="adjacency is not symmetric"):
        read_board_file(bad, "board.yaml")
    bad = raw("board.yaml")
    for zone in bad["zones"]:
        if zone["id"] in ("nw_town", "heart"):
            zone["adjacent"].append("heart" if zone["id"] == "nw_town" else "nw_town")
    with pytest.raises(ScenarioError, match="differs from the grid"):
        read_board_file(bad, "board.yaml")


def test_bad_zones_and_pieces_are_refused() -> None:
    bad = raw("board.yaml")
    objective = next(z for z in bad["zones"] if z["type"] == "objective")
    del objective["vp"]
    with pytest.raises(ScenarioError, match="worth 1 or 2"):
        read_board_file(bad, "board.yaml")
    bad = raw("board.yaml")
    bad["zones"][1]["type"] = "forest"
    with pytest.raises(ScenarioError, match="'glyph' must be two characters, the first F"):
        read_board_file(bad, "board.yaml")
    bad = raw("board.yaml")
    for zone in bad["zones"]:
        if zone["id"] in ("nw_pass", "nw_shrine"):
            zone["piece"] = 2
    with pytest.raises(ScenarioError, match=r"pieces \[3\] hold fewer than 2 zones"):
        read_board_file(bad, "board.yaml")
    bad = raw("board.yaml")
    bad["layouts"]["two_player"]["turned"] = {"ne_town": "empty"}
    with pytest.raises(ScenarioError, match="without a seat"):
        read_board_file(bad, "board.yaml")


def test_a_deck_of_the_wrong_size_is_refused() -> None:
    bad = raw("experience.yaml")
    bad["cards"][0]["copies"]["value"] = 3
    with pytest.raises(ScenarioError, match="human deck holds 22 cards, not 21"):
        read_experience(bad, "experience.yaml")
    bad = raw("experience.yaml")
    bad["cards"][0]["effect"]["verb"] = "fireball"
    with pytest.raises(ScenarioError, match="'verb' must be one of"):
        read_experience(bad, "experience.yaml")


def test_illegal_setups_are_refused() -> None:
    bad = raw("scenarios/generic-4p.yaml")
    bad["seats"][0]["pieces"][0]["melee"] = 4
    with pytest.raises(ScenarioError, match="stacking limits"):
        reader().read(bad, "generic-4p.yaml")
    bad = raw("scenarios/nordrassil.yaml")
    bad["seats"][1]["pieces"][1]["zone"] = "west_well"
    with pytest.raises(ScenarioError, match="stacking limits"):
        reader().read(bad, "nordrassil.yaml")
    bad = raw("scenarios/elf-gate.yaml")
    bad["neutrals"]["pieces"][3]["flying"] = 5
    with pytest.raises(ScenarioError, match=r"more than 3 units|exceed the 4"):
        reader().read(bad, "elf-gate.yaml")
    bad = raw("scenarios/elf-gate.yaml")
    bad["depletion"][0]["zone"] = "guard_a"
    with pytest.raises(ScenarioError, match="not a Gold Mine or Forest"):
        reader().read(bad, "elf-gate.yaml")
    bad = raw("scenarios/the-prisoners.yaml")
    bad["board"]["walls"].append(["orc_town", "elf_town"])
    with pytest.raises(ScenarioError, match="adjacent zones"):
        reader().read(bad, "the-prisoners.yaml")
    bad = raw("scenarios/elf-gate.yaml")
    bad["rules"][0]["zones"].append("guard_a")
    with pytest.raises(ScenarioError, match="not Gold Mines or Forests"):
        reader().read(bad, "elf-gate.yaml")
    bad = raw("scenarios/march-of-the-necromancers.yaml")
    del bad["tokens"][3]["amount"]
    with pytest.raises(ScenarioError, match="free_upgrade token"):
        reader().read(bad, "march-of-the-necromancers.yaml")
    bad = raw("scenarios/generic-2p.yaml")
    bad["seats"].reverse()
    with pytest.raises(ScenarioError, match="layout's Town Halls"):
        reader().read(bad, "generic-2p.yaml")


def test_scenario_boards_read_on_their_own() -> None:
    """A scenario's inline board is an ordinary board mapping."""
    board = read_board(wc.Fields(raw("scenarios/elf-gate.yaml")["board"], "elf-gate board"))
    assert board.grid_kind == "hex" and len(board.zones) == 37
