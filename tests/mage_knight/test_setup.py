"""Before the battle: options, armies, edges, the first player, the pile, placement, deployment,
and the strict setup mapping (building from MK-2.1, setting up from MK-3.1, the standard game
from MK-23.1, MK-X8, MK-X13)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.core.errors import ScenarioError
from grimorio.games.mage_knight import data, terrain
from grimorio.games.mage_knight.rules import setup_phase
from tests.mage_knight.mkkit import act, events, game, illegal, legal, mk_state, new_game, w


def first_legal(st: Any) -> None:
    st.apply(st.legal_actions()[0])


def play_setup(st: Any) -> None:
    """Take the first candidate at every setup decision until the battle begins."""
    while st.phase not in ("play", "over"):
        first_legal(st)


# ------------------------------------------------------------------------------ options

@pytest.mark.parametrize("options", [
    {"players": 5}, {"players": 1}, {"teams": "1,1"}, {"teams": "1,2,3"}, {"teams": "a,b"},
    {"armies": "orc-warband"}, {"armies": "nope,random"}, {"build_total": 150},
    {"build_total": 100, "armies": "black-powder-company,random"}, {"battlefield": 5},
    {"base_radius": 0}, {"front_arc": "wide"}, {"front_arc": "400"}, {"terrain": "lots"},
    {"contact_tolerance": 1}, {"round_limit": 0}, {"terrain_per_player": 3}, {"bogus": 1},
])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    # MK-2.1 (multiples of 100), MK-X8 (2 to 4 players, sides), MK-3.2 (0 to 2 pieces).
    with pytest.raises(ValueError):
        game(**options)


def test_the_standard_game_is_the_default() -> None:
    # MK-23.1 1 m square, MK-23.2 build total 200 (2 actions), MK-23.4 two pieces each
    # (MK-A37), MK-23.5 no elevated terrain, MK-23.3 and MK-X9 the round limit stands in for
    # the 60 minutes, MK-23.6 the etiquette rules (MK-24.1: no peeking at dials).
    options = game().options
    assert options["battlefield"] == 39.37 and options["build_total"] == 200
    assert options["terrain_per_player"] == 2 and options["elevated_terrain"] is False
    assert options["round_limit"] == 30 and options["owner_sees_dial"] is False
    st = new_game(1)
    assert st.actions_per_turn == 2 and st.size == 39.37          # MK-3.1, MK-A39


@pytest.mark.parametrize(("players", "edges"), [
    (2, ["south", "north"]), (3, ["south", "west", "north"]),
    (4, ["south", "west", "north", "east"])])
def test_edges_go_clockwise_in_seat_order(players: int, edges: list[str]) -> None:
    # MK-X8: each player on his own edge, clockwise in seat order; with 2, opposite edges.
    st = new_game(1, players=players)
    assert [p.edge for p in st.players] == edges
    assert [p.team for p in st.players] == list(range(1, players + 1))


def test_teams_make_sides() -> None:
    # MK-6.3: allies are friendly; sides are fixed for the game.
    st = new_game(1, players=4, teams="1,2,1,2")
    assert st.friendly(0, 2) and st.opposing(0, 1) and st.opposing(2, 3)


# ------------------------------------------------------------------------------ armies

def test_army_candidates_are_the_ready_made_armies_of_the_build_total() -> None:
    # MK-2.1: the build total is agreed; MK-2.2: within it.
    st = new_game(1)
    assert st.phase == "army" and st.current_player == 0
    assert legal(st) == ["army atlantis-vanguard", "army black-powder-company",
                         "army draconum-brood", "army elemental-circle"]


def test_armies_are_chosen_in_seat_order_and_kept_secret() -> None:
    # MK-X12: each army list is hidden until deployed; MK-2.5 factions may mix.
    st = new_game(1)
    act(st, "army 60,45,45,10,3,5,6")
    assert st.players[0].army == (60, 45, 45, 10, 3, 5, 6)
    assert st.players[0].points_spent == data.library().army_points(st.players[0].army)
    assert [x.id for x in st.own_warriors(0)] == ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]
    secret = events(st, "army")[0]
    assert secret.visible_to == frozenset({0})
    assert events(st, "army_chosen")[0].visible_to is None
    assert st.current_player == 1


@pytest.mark.parametrize(("text", "rule"), [
    ("army 60,60,60,60,60,60", "MK-2.2"),          # 222 points > 200
    ("army 9999", "MK-X1"),                         # no such figure
    ("army no-such-army", "MK-2.2"),
])
def test_illegal_armies_are_refused(text: str, rule: str) -> None:
    st = new_game(1)
    illegal(st, text, rule)


def test_unique_figures_once_per_army_but_in_every_army() -> None:
    # MK-2.3 copies allowed; MK-2.4 a unique figure only once per army, yet each army may
    # field its own.
    lib = data.library()
    unique = next(f for f in lib.figures.values() if f.unique and f.points <= 90)
    st = new_game(1)
    illegal(st, f"army {unique.number},{unique.number}", "MK-2.4")
    act(st, f"army {unique.number}", f"army {unique.number}")
    assert st.players[0].army == st.players[1].army == (unique.number,)


def test_seed_example_army_spends_98_points() -> None:
    # MK-2.6: Rich's army, 98 of 100 points; the 2 left over are lost (MK-22.7 counts 98).
    st = new_game(1, build_total=100)
    act(st, "army rich-example")
    assert st.players[0].points_spent == 98
    assert st.actions_per_turn == 1                                   # MK-4.2


def test_armies_are_generated_when_none_is_ready_made() -> None:
    # MK-2.1 to MK-2.4: a build total with no ready-made army still offers legal ones; MK-X13
    # every army has at least one figure.
    st = new_game(1, build_total=300)
    options = legal(st)
    assert 1 <= len(options) <= setup_phase.GENERATED_ARMIES
    lib = data.library()
    for text in options:
        numbers = [int(n) for n in text.split()[1].split(",")]
        assert numbers and not data.army_problems(lib, numbers, 300)


def test_option_armies_skips_the_choice_and_is_public() -> None:
    st = new_game(1, armies="black-powder-company,random")
    assert st.phase == "pile"
    assert st.players[0].army_id == "black-powder-company" and st.players[1].chosen
    assert not st.armies_hidden()


# ------------------------------------------------------------------------------ first player

def test_first_player_roll_and_reroll_of_ties() -> None:
    # MK-3.3: 2d6 each; the highest goes first; tied players roll again among themselves.
    st = new_game(1, players=3)
    act(st, "army black-powder-company", "army elemental-circle")
    st.script_dice([6, 5, 2, 2, 5, 6, 3, 3, 4, 4])
    act(st, "army draconum-brood")
    # 11, 4, 11 -> seats 0 and 2 roll again: 6 against 8.
    assert [p.first_roll for p in st.players] == [(11, 6), (4,), (11, 8)]
    assert st.first_player == 2 and st.current_player == 2


# ------------------------------------------------------------------------------ pile, place

def test_pile_takes_exactly_the_pieces_per_player_in_turn() -> None:
    # MK-3.2, MK-23.4, MK-A37: each player adds exactly terrain_per_player pieces, one at a
    # time from the first player; MK-23.5 no elevated pieces unless allowed.
    st = new_game(2, armies="black-powder-company,elemental-circle")
    assert "pile hill" not in legal(st) and "pile mesa" not in legal(st)
    first = st.first_player
    seats = []
    for _ in range(4):
        seats.append(st.current_player)
        act(st, "pile woods")
    assert seats == [first, 1 - first, first, 1 - first]
    assert [e[2] for e in st.pile] == seats
    assert st.phase == "terrain"
    elevated = new_game(2, armies="black-powder-company,random", elevated_terrain=True)
    assert "pile hill" in legal(elevated)


def test_no_terrain_option_skips_pile_and_placement() -> None:
    # MK-14.1: terrain need not be used.
    st = new_game(2, armies="black-powder-company,random", terrain="none")
    assert st.phase == "deploy" and not st.field.pieces


def test_placement_in_turn_with_spacing() -> None:
    # MK-3.4 pieces placed from the first player clockwise; MK-3.5 and MK-G19 5 cm apart;
    # MK-3.6 kind and outline fixed and public.
    st = new_game(2, armies="black-powder-company,random", terrain_per_player=1)
    act(st, "pile building", "pile woods")
    first = st.first_player
    assert st.phase == "terrain" and st.current_player == first
    act(st, "place t1 at 20,20 rotate 0")
    assert st.current_player == 1 - first
    illegal(st, "place t1 at 20,20 rotate 0", "MK-3.4")          # not in the pile any more
    illegal(st, "place t2 at 25.5,20 rotate 0", "MK-3.5")        # 0 in from the building
    illegal(st, "place t2 at 1,20 rotate 0", "MK-3.4")           # off the table
    assert all(a.startswith("place t2 ") for a in legal(st))
    act(st, "place t2 at 29,20 rotate 90")
    assert [p.id for p in st.field.pieces] == ["t1", "t2"]
    doc = st.document()["state"]["terrain"]
    assert doc is not None and st.phase == "deploy"


def _pegs(size: float) -> tuple[terrain.TerrainPiece, ...]:
    """A tiny blocking triangle on each spot of the coarse 4 × 4 placement grid."""
    spots = [size * (i + 1) / 5 for i in range(4)]
    return tuple(terrain.TerrainPiece(f"p{i}{j}", "blocking",
                                      ((x, y), (x + 0.3, y), (x, y + 0.3)))
                 for i, x in enumerate(spots) for j, y in enumerate(spots))


def test_placement_candidates_look_further_when_the_coarse_grid_is_full() -> None:
    # MK-3.4, MK-3.5: the pile is emptied piece by piece, so when no spot of the coarse grid is
    # legal any more the candidates look on finer grids (here a building fits near a corner).
    st = new_game(2, armies="black-powder-company,random", terrain_per_player=1)
    act(st, "pile building")
    st.field = terrain.Battlefield(st.size, st.size, _pegs(st.size), st.eps)
    act(st, "pile building")
    texts = legal(st)
    assert st.phase == "terrain" and texts
    for text in texts:
        assert text.startswith("place t")
        st.check(text)
    act(st, texts[0])
    assert st.current_player is not None and legal(st)


def test_a_piece_that_fits_nowhere_is_set_aside() -> None:
    # MK-3.4, MK-3.5: a piece no spot of the finest grid can take (here a blocking slab fills
    # the middle of the table) is set aside, so that setup goes on to deployment (MK-3.8).
    st = new_game(2, armies="black-powder-company,random", terrain_per_player=1)
    act(st, "pile building")
    size = st.size
    slab = terrain.TerrainPiece("slab", "blocking", ((0, 4), (size, 4), (size, size - 4),
                                                     (0, size - 4)))
    st.field = terrain.Battlefield(size, size, (slab,), st.eps)
    act(st, "pile building")
    assert st.phase == "deploy" and not st.pile
    assert [e.rule for e in events(st, "set_aside")] == ["MK-3.4", "MK-3.4"]


# ------------------------------------------------------------------------------ deployment

def test_deployment_zone_and_order() -> None:
    # MK-3.7 dials on their start; MK-3.8 whole armies from the first player clockwise;
    # MK-3.9 and MK-G18 within 3 in of one's edge, at least 8 in from the others; MK-A45 no
    # overlap, wholly on the table.
    st = new_game(3, armies="black-powder-company,elemental-circle", terrain="none")
    first = st.first_player
    me = "a" if first == 0 else "b"
    south = first == 0
    y = (lambda d: d) if south else (lambda d: st.size - d)
    assert st.phase == "deploy" and st.current_player == first
    illegal(st, f"deploy {me}1 at 20,{y(3.5)} facing 90", "MK-3.9")
    illegal(st, f"deploy {me}1 at 7.9,{y(2)} facing 90", "MK-3.9")
    illegal(st, f"deploy {me}1 at 20,{y(0.5)} facing 90", "MK-A45")
    other = "b" if me == "a" else "a"
    illegal(st, f"deploy {other}1 at 20,{y(2)} facing 90", "MK-3.8")
    act(st, f"deploy {me}1 at 20,{y(2)} facing 45")
    assert w(st, f"{me}1").placed and w(st, f"{me}1").facing == 45
    assert w(st, f"{me}1").click == st.figure(f"{me}1").start
    illegal(st, f"deploy {me}2 at 20.5,{y(2)} facing 90", "MK-A45")
    illegal(st, f"deploy {me}1 at 25,{y(2)} facing 90", "MK-3.8")
    while st.current_player == first and st.phase == "deploy":
        first_legal(st)
    assert st.players[first].deployed
    assert st.current_player == 1 - first
    play_setup(st)
    # MK-3.10: the first player plays turn one.
    assert st.phase == "play" and st.active == first and st.turn == 1
    assert events(st, "battle")[0].rule == "MK-3.10"
    assert events(st, "dials")[0].rule == "MK-3.7"


def test_full_setup_with_terrain_reaches_play() -> None:
    for seed in (1, 2):
        st = new_game(seed, players=3)
        play_setup(st)
        assert st.phase == "play" and len(st.field.pieces) == 6
        assert all(x.placed for x in st.warriors.values())


# ------------------------------------------------------------------------------ strict setups

def test_strict_setup_puts_the_game_in_play() -> None:
    st = mk_state(terrain=[{"template": "woods", "at": [20, 20], "rotate": 0}])
    assert st.phase == "play" and st.active == 0 and st.players[0].own_turns == 1
    assert st.players[0].actions_left == 2 and st.field.pieces[0].id == "t1"
    assert w(st, "a1").pos == (10.0, 2.0) and w(st, "b1").facing == 270


@pytest.mark.parametrize(("change", "field"), [
    ({"players": [{"army": [5]}], "options": {"players": 2}}, "players"),
    ({"players": [{"army": [5], "colour": 1}, {"army": [5]}]}, "colour"),
    ({"players": [{"army": "nope"}, {"army": [5]}]}, "army"),
    ({"players": [{"army": [99999]}, {"army": [5]}]}, "army"),
    ({"warriors": {"a1": {"at": [10, 2]}}}, "b1"),
    ({"warriors": {"a1": {"at": [10, 2]}, "b1": {"at": [10, 30]}, "c1": {"at": [1, 1]}}},
     "c1"),
    ({"warriors": {"a1": {"at": [10, 2], "speed": 3}, "b1": {"at": [10, 30]}}}, "speed"),
    ({"warriors": {"a1": {"at": [0.1, 2]}, "b1": {"at": [10, 30]}}}, "a1"),
    ({"warriors": {"a1": {"at": [10, 2]}, "b1": {"at": [10.5, 2]}}}, "b1"),
    ({"warriors": {"a1": {"at": [10, 2], "click": 9}, "b1": {"at": [10, 30]}}}, "click"),
    ({"warriors": {"a1": {"at": [10, 2], "busy_turns": [1]}, "b1": {"at": [10, 30]}}},
     "busy_turns"),
    ({"warriors": {"a1": {"at": [10, 2], "captive": "b1"}, "b1": {"at": [10, 30]}}},
     "captive"),
    ({"terrain": [{"template": "castle", "at": [1, 1]}]}, "template"),
    ({"terrain": [{"template": "building", "at": [10, 2]}]}, "a1"),
    ({"active": 2}, "active"),
    ({"surprise": 1}, "surprise"),
    ({"dice": [1, "x"]}, "dice"),
])
def test_strict_setup_mistakes_name_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        mk_state(**change)
    assert field in str(caught.value)


def test_strict_setup_captives_and_history() -> None:
    # MK-12.4: the captive touches its captor; MK-5.6: the turn history of a warrior.
    st = mk_state(players=[{"army": [5, 5], "own_turns": 2}, {"army": [5]}],
                  warriors={"a1": {"at": [10, 2], "busy_turns": [1, 2], "tokens": 2},
                            "a2": {"at": [20, 2], "captive": "b1"},
                            "b1": {"at": [21.25, 2], "facing": 180}})
    assert w(st, "b1").captor == "a2" and w(st, "a2").captive == "b1"
    assert w(st, "a1").busy_turns == (1, 2) and st.players[0].own_turns == 3
    assert w(st, "a1").token_turn == 2
