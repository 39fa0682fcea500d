"""Multiplayer (Chapter IX): three or four full mages, free-for-all or two teams of two.

The options and setups (MW-9.1, MW-9.2, MW-9.6, MW-B25), the arenas and start zones (MW-9.9,
MW-9.12, MW-B28), the round with more seats (MW-9.3, MW-9.4, MW-9.5, MW-B23, MW-B31), a fallen
player leaving the game (MW-B29), the end and the scores (MW-9.7, MW-9.11, MW-B30), the colours
(MW-9.10), the bots' view of a side (MW-9.8), and whole games under random play, MCTS and the
command line. Team allegiance inside the rules is tested in test_multiplayer_sides.py.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import grimorio
from grimorio.agents.arena import play
from grimorio.agents.base import make_agent
from grimorio.cli.main import app
from grimorio.core.errors import ScenarioError
from grimorio.games.mage_wars import books, data, heuristic, spellbook, svg
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import casting, damage, mandatory
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    events,
    faces,
    options,
    pass_windows,
    play_busy,
    playable_book,
)

runner = CliRunner()
FOUR = "beastmaster,priestess,beastmaster,priestess"


def game(players: int, **options: Any) -> Any:
    options.setdefault("mode", "full")
    return grimorio.load_game("mage-wars", players=players, **options)


def state(players: int, setup: dict[str, Any] | None = None, seed: int = 1,
          **options: Any) -> MageWarsState:
    st = game(players, **options).new_initial_state(seed, setup=setup)
    assert isinstance(st, MageWarsState)
    return st


def zones(st: MageWarsState) -> list[str | None]:
    return [st.mage_of(p.seat).zone for p in st.players]


# ---------------------------------------------------------------------------- options, setups

def test_three_or_four_players_need_the_full_game_and_a_known_format() -> None:
    """MW-9.1: the game takes 3 or 4 players, every mage for itself or in teams; grimorio plays
    them with full mages only, teams are two against two, and anything else is refused."""
    with pytest.raises(ValueError, match="mode=full"):
        grimorio.load_game("mage-wars", players=3)
    with pytest.raises(ValueError, match="exactly 4 players"):
        game(3, format="teams")
    with pytest.raises(ValueError, match="format"):
        grimorio.load_game("mage-wars", format="ffa")
    with pytest.raises(ValueError, match="at most 4"):
        game(5)
    with pytest.raises(ValueError, match="4 classes"):
        game(4, classes="warlock,wizard")
    with pytest.raises(ValueError, match="3 entries"):
        game(3, books="starter,starter,starter,starter")
    assert game(3).format == "ffa" and game(4).format == "teams"
    assert game(4, format="ffa").teams == (-1, -1, -1, -1)


def test_the_default_classes_grow_and_every_seat_has_a_spellbook() -> None:
    """MW-9.1, MW-9.2, MW-B25: with 3-4 players the default classes grow to one per seat and
    every seat plays a spellbook of its own (the second core set's cards); the same class twice
    needs mirror=true (MW-A25), and then each copy has its whole book."""
    st = state(4, seed=2)
    assert [p.mage_class for p in st.players] == ["warlock", "beastmaster", "wizard",
                                                  "priestess"]
    assert [p.mage for p in st.players] == [1, 2, 3, 4]
    for p in st.players:
        assert Counter(p.book) == Counter(books.card_ids(spellbook.starter(p.mage_class)))
    assert [p.mage_class for p in state(3).players] == ["warlock", "beastmaster", "wizard"]
    with pytest.raises(ValueError, match="mirror=true"):
        game(4, classes=FOUR)
    st = state(4, classes=FOUR, mirror=True)
    assert st.players[0].book == st.players[2].book and len(st.players[0].book) > 30


def test_teams_alternate_and_start_together_on_one_board() -> None:
    """MW-9.6: the seats alternate teams (seats 0 and 2 against 1 and 3); MW-9.9, MW-B28: one
    board, each team's mages together in opposite corners; MW-B25: a second board is optional for
    teams (grimorio uses one)."""
    st = state(4, classes=FOUR, mirror=True)
    assert st.arena_id == "full"
    assert [p.team for p in st.players] == [0, 1, 0, 1]
    assert zones(st) == ["A1", "C4", "A1", "C4"]
    assert st.allied(0, 2) and st.allied(1, 3) and not st.allied(0, 1)
    assert st.enemies(0) == [1, 3]


def test_free_for_all_plays_on_two_boards_from_the_corners() -> None:
    """MW-9.12, MW-B28, MW-B25: a free-for-all plays on two boards joined into 6 × 4 zones, no
    wall between them, four mages in the corners in seat order, three in A1, A4 and F2; on one
    board (arena=full) the corners of the 3 × 4 arena."""
    st = state(4, format="ffa", classes=FOUR, mirror=True)
    assert st.arena_id == "free-for-all" and len(st.arena.zones) == 24
    assert zones(st) == ["A1", "A4", "F4", "F1"]
    assert "D1" in st.arena.adjacent("C1") and st.arena.distance("A1", "F1") == 5
    assert zones(state(3)) == ["A1", "A4", "F2"]
    assert zones(state(4, format="ffa", arena="full")) == ["A1", "A4", "C4", "C1"]
    full3 = state(3, arena="full")
    assert full3.arena_id == "full" and zones(full3) == ["A1", "A4", "C2"]


def test_a_setup_takes_one_player_per_seat_and_teams() -> None:
    """MW-9.6, MW-B28: a scenario lists one player per seat; `teams` may seat the teams
    otherwise; the mages default to their start zones."""
    st = state(4, {"teams": [0, 0, 1, 1], "players": [{}, {"zone": "B2"}, {}, {}],
                   "objects": [{"card": "bitterwood-fox", "controller": 3, "zone": "B3"}]},
               classes=FOUR, mirror=True)
    assert [p.team for p in st.players] == [0, 0, 1, 1]
    assert zones(st) == ["A1", "B2", "C4", "C4"]
    assert st.objs[5].controller == 3 and st.enemies(0) == [2, 3]


@pytest.mark.parametrize("players, setup, message", [
    (4, {"teams": [0, 1, 0]}, "exactly 4 entries"),
    (4, {"teams": [0, 0, 0, 1]}, "two seats on team 0"),
    (4, {"teams": [0, 1, 2, 3]}, "two seats on team 0"),
    (3, {"teams": [0, 1, 0]}, "no three-player teams"),
    (3, {"players": [{}, {}]}, "exactly 3 entries"),
    (4, {"players": [{}, {}, {}, {}, {}]}, "exactly 4 entries"),
    (3, {"initiative": 3}, "0 to 2"),
    (4, {"objects": [{"card": "bitterwood-fox", "controller": 4, "zone": "A1"}]}, "0 to 3"),
    (3, {"objects": [{"card": "bitterwood-fox", "owner": -1, "zone": "A1"}]}, "0 to 2"),
    (3, {"players": [{}, {"zone": "G1"}, {}]}, "not a zone"),
])
def test_malformed_multiplayer_setups_are_refused(players: int, setup: dict[str, Any],
                                                  message: str) -> None:
    """MW-9.6, MW-B28: a malformed 3-4 seat setup (teams of the wrong length or size, teams of
    three, unknown seats, too many players) is refused with the field named."""
    with pytest.raises(ScenarioError, match=message):
        state(players, setup)


def test_a_duel_document_has_no_multiplayer_fields() -> None:
    """MW-1.1: a two-player game's documents keep their shape (no format, teams or winners)."""
    st = grimorio.load_game("mage-wars").new_initial_state(3)
    doc = st.document()["state"]
    assert not {"format", "winners", "drawn"} & set(doc)
    assert not {"team", "out"} & set(doc["players"][0])
    four = state(4, classes=FOUR, mirror=True).document()["state"]
    assert four["format"] == "teams" and four["players"][1]["team"] == 1


# ---------------------------------------------------------------------------- the round

def _restart(st: MageWarsState, dice: list[int]) -> None:
    """Run the setup's initiative roll again on `st` with scripted d12s."""
    st.frames = [round_rules.Round(), round_rules.Start()]
    st.script_dice(dice)
    run(st)


def test_the_initiative_roll_with_more_players() -> None:
    """MW-B31, MW-2.11, MW-A8: every player rolls the d12; those tied for the highest roll again;
    the winner names the seat that holds the initiative first; MW-B31: planning then goes
    clockwise from that seat."""
    st = state(4, {"phase": "planning"}, classes=FOUR, mirror=True)
    _restart(st, [5, 9, 9, 2, 3, 7])
    assert [e.rule for e in events(st, "initiative-tie")] == ["MW-B31"]
    assert type(st.frames[-1]).__name__ == "InitiativeAsk" and st.frames[-1].seat == 2
    assert options(st) == ["initiative p1", "initiative p2", "initiative p3", "initiative p4"]
    acts(st, "initiative p4")
    assert st.initiative == 3
    order = []
    while type(st.frames[-1]).__name__ == "PlanAsk":
        order.append(st.frames[-1].seat)
        acts(st, "plan done")
    assert order == [3, 0, 1, 2]


def test_the_initiative_passes_to_the_left() -> None:
    """MW-9.3: in the Initiative step the token passes to the player on the left (the next
    seat), not to "the other player"; MW-B29: a player who is out is passed over."""
    st = state(4, classes=FOUR, mirror=True)
    seen = []
    for _ in range(5):
        round_rules.initiative_step(st, first=False)
        seen.append(st.initiative)
    assert seen == [1, 2, 3, 0, 1]
    damage.eliminate(st, 2)
    round_rules.initiative_step(st, first=False)
    assert st.initiative == 3
    st.initiative = 1
    round_rules.initiative_step(st, first=False)
    assert st.initiative == 3, "seat 2 is out: the token skips it"


def _turn_order(st: MageWarsState, count: int) -> list[int]:
    """The seats of the next `count` action turns, each activating its mage and ending."""
    seats = []
    while len(seats) < count:
        frame = st.frames[-1]
        name = type(frame).__name__
        if name == "TurnAsk":
            seats.append(frame.seat)
            acts(st, next(o for o in options(st) if o.startswith("activate")))
        elif name == "MenuAsk":
            acts(st, "end")
        else:
            acts(st, "pass" if "pass" in options(st) else options(st)[0])
    return seats


def test_action_turns_go_clockwise_from_the_initiative_player() -> None:
    """MW-9.4: action turns go clockwise, starting with the initiative player."""
    st = state(4, {"initiative": 2}, classes=FOUR, mirror=True, format="ffa")
    assert _turn_order(st, 4) == [2, 3, 0, 1]


def test_a_fallen_player_takes_no_more_turns() -> None:
    """MW-9.4, MW-B29: the turn order passes over a player who is out."""
    st = state(4, {"initiative": 1}, classes=FOUR, mirror=True, format="ffa")
    damage.eliminate(st, 3)
    assert _turn_order(st, 3) == [1, 2, 0]


def test_passing_compares_with_each_other_seat() -> None:
    """MW-9.5, MW-B23: a player may pass while any other player, on its own, has more active
    creatures; in a team game the team-mate counts too, unless pass_compare=opponents."""
    fox = {"card": "bitterwood-fox", "zone": "B2"}
    st = state(3, {"objects": [{**fox, "controller": 2}]}, classes="beastmaster,priestess,"
               "wizard")
    assert "pass" in options(st), "seat 2 has two active creatures, seat 0 one"
    st = state(3, {"objects": [{**fox, "controller": 0}, {**fox, "controller": 2}]})
    assert "pass" not in options(st), "nobody has more than seat 0"
    mate = {"objects": [{**fox, "controller": 2}]}
    assert "pass" in options(state(4, mate, classes=FOUR, mirror=True))
    strict = state(4, mate, classes=FOUR, mirror=True, pass_compare="opponents")
    assert "pass" not in options(strict), "only enemies count with pass_compare=opponents"


def test_windows_go_round_every_seat_clockwise() -> None:
    """MW-B31: the quickcast windows of the Action Phase, the reveal windows, upkeep payments,
    Upkeep effects and mandatory Defenses go clockwise from the initiative player; a fallen
    player gets none (MW-B29)."""
    ench = [{"card": "rhino-hide", "controller": s, "host": s + 1, "face_up": False}
            for s in range(4)]
    st = state(4, {"initiative": 2, "objects": ench}, classes=FOUR, mirror=True)
    st.frames = st.frames[:1]
    round_rules.push_windows(st, "MW-3.26")
    assert [f.seat for f in reversed(st.frames[1:])] == [2, 3, 0, 1]
    st.frames = st.frames[:1]
    casting.push_reveal_window(st, "MW-3.6")
    window = st.frames[-1]
    assert isinstance(window, casting.RevealWindow) and window.seats == (2, 3, 0, 1)
    st.frames = st.frames[:1]
    assert [st.objs[oid].controller for oid in round_rules.effect_queue(st)
            if st.objs[oid].kind == "mage"] == [2, 3, 0, 1]
    damage.eliminate(st, 0)
    assert round_rules.order(st) == (2, 3, 1)
    assert not round_rules.may_quickcast(st, 0)


def test_mandatory_defenses_of_several_players_in_turn_order() -> None:
    """MW-B31, MW-5.97: when one attack sets off mandatory Defenses of several players, they
    answer clockwise from the initiative player."""
    card = next(c.id for c in data.shipped().cards if c.type == "enchantment"
                and c.defense is not None and mandatory.is_mandatory(c)
                and not mandatory.is_trap(c) and c.target.kind == "creature")
    objs = [{"card": "bitterwood-fox", "controller": 0, "zone": "B2"}]
    objs += [{"card": card, "controller": s, "host": 5, "face_up": False} for s in (0, 1, 3)]
    st = state(4, {"initiative": 3, "objects": objs}, classes=FOUR, mirror=True)
    st.frames = st.frames[:1]
    assert mandatory.defense_trigger(st, 5, "melee")
    assert [f.seat for f in reversed(st.frames[1:])] == [3, 0, 1]


# ---------------------------------------------------------------------------- a player falls

def _fall_scenario() -> MageWarsState:
    """Three players: seat 0's Beastmaster at seat 1's Priestess, who is one point from death,
    in A1. Seat 1 has a fox (o4), a planned spell and an enchantment on seat 2's mage; seat 2
    controls a fox seat 1 owns (o5); seat 0 has an enchantment on seat 1's mage (o7)."""
    return state(3, {
        "players": [{"zone": "A1"}, {"zone": "A1", "damage": 31, "planned": ["minor-heal"]},
                    {"zone": "A2"}],
        "objects": [{"card": "bitterwood-fox", "zone": "B2", "controller": 1},
                    {"card": "bitterwood-fox", "zone": "B1", "controller": 2, "owner": 1},
                    {"card": "rhino-hide", "controller": 1, "host": 3},
                    {"card": "rhino-hide", "controller": 0, "host": 2, "face_up": False}],
        "phase": "menu", "activate": 1}, classes="beastmaster,priestess,wizard")


def test_a_fallen_player_is_out_and_its_objects_leave_play() -> None:
    """MW-B29: once the attack that destroyed it is over, the fallen mage's player is out:
    every object it controls and everything on its mage leave play (to their owners' discard
    piles), its planned spells are discarded, its mage leaves the arena; the object it owns that
    another seat controls stays; the game goes on for the others (MW-9.11)."""
    st = _fall_scenario()
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o2")
    pass_windows(st)                    # seat 0 keeps its enchantment on o2 face down
    assert not st.over and st.players[1].out and not st.in_game(1)
    assert [e.rule for e in events(st, "player-out")] == ["MW-B29"]
    assert 4 not in st.objs and 6 not in st.objs and 7 not in st.objs
    assert 5 in st.objs and st.objs[5].owner == 1 and st.objs[5].controller == 2
    assert sorted(st.players[1].discard) == ["bitterwood-fox", "minor-heal", "rhino-hide"]
    assert st.players[0].discard == ["rhino-hide"]
    assert st.players[1].planned == [] and st.mage_of(1).zone is None
    assert not any(e.kind == "destroyed" and e.data.get("oid") == 4 for e in st.events), \
        "leaving play is not being destroyed"
    assert st.frames[-1].seat == 2, "the next turn is seat 2's: seat 1 is passed over"
    assert st.enemies(0) == [2] and round_rules.order(st) == (0, 2)


def test_a_fallen_player_gets_no_decision_while_the_round_goes_on() -> None:
    """MW-B29: a player who is out plans nothing, pays no upkeep and gets no quickcast; it
    channels nothing."""
    st = _fall_scenario()
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o2")
    pass_windows(st)                    # seat 0 keeps its enchantment on o2 face down
    mana = st.players[1].mana
    deciders = set()
    while st.round == 1 or type(st.frames[-1]).__name__ != "TurnAsk":
        deciders.add(st.current_player)
        legal = options(st)
        acts(st, "pass" if "pass" in legal else "plan done" if "plan done" in legal
             else "end" if "end" in legal else legal[0])
    assert 1 not in deciders and st.players[1].mana == mana
    assert {0, 2} <= deciders, "the others went on deciding"


def test_a_mage_that_falls_in_its_own_turn_acts_no_more() -> None:
    """MW-B29: a mage destroyed in its own action turn (here by a trap as it moves) takes no
    further action; its turn ends and its player is out before the next turn."""
    st = state(3, {"players": [{"zone": "A1", "damage": 35}, {"zone": "C1"}, {"zone": "A3"}],
                   "objects": [{"card": "hellfire-trap", "zone": "A2", "controller": 1,
                                "face_up": False}],
                   "phase": "menu", "activate": 1}, classes="beastmaster,warlock,wizard")
    st.script_dice([6] * 12)
    acts(st, "move A2")
    while type(st.frames[-1]).__name__ in ("RevealAsk", "TriggerAsk"):
        acts(st, "reveal o4" if type(st.frames[-1]).__name__ == "TriggerAsk" else "pass")
    assert [e.kind for e in st.events if e.kind in ("mage-falls", "turn-end", "player-out")
            ] == ["mage-falls", "turn-end", "player-out"]
    assert st.players[0].out and type(st.frames[-1]).__name__ == "TurnAsk"
    assert st.frames[-1].seat == 1


# ---------------------------------------------------------------------------- the end

def test_a_team_wins_when_both_enemy_mages_have_fallen() -> None:
    """MW-9.7, MW-B30: a team wins by eliminating every mage of the other team; both its
    players score +1, one whose mage fell too included, the others -1."""
    st = state(4, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 31}, {},
                               {"damage": 31}], "phase": "menu", "activate": 1},
               classes=FOUR, mirror=True)
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o2")
    assert st.players[1].out and not st.over
    damage.deal(st, 1, 99, source=None, direct=True, rule="MW-X-6.2")     # seat 0 falls too
    assert not st.over
    damage.deal(st, 4, 5, source=None, direct=True, rule="MW-X-6.2")
    assert st.over and st.winners == frozenset({0, 2}) and st.winner == 0
    assert st.returns() == [1.0, -1.0, 1.0, -1.0]
    assert events(st, "game-over")[-1].rule == "MW-9.7"
    doc = st.document()["state"]
    assert doc["winners"] == [0, 2]


def test_the_last_mage_standing_wins_a_free_for_all() -> None:
    """MW-9.11, MW-B30: the last mage standing wins (+1), every other player -1; deals between
    players bind nothing: there is no action for them."""
    st = state(3, classes="beastmaster,priestess,wizard")
    assert not any(o.split()[0] in ("deal", "offer", "propose") for o in options(st))
    damage.eliminate(st, 1)
    damage.deal(st, 3, 99, source=None, direct=True, rule="MW-X-6.2")
    assert st.over and st.winner == 0 and st.winners == frozenset({0})
    assert st.returns() == [1.0, -1.0, -1.0]
    assert events(st, "game-over")[-1].rule == "MW-9.11"


def test_the_last_mages_falling_together_draw() -> None:
    """MW-B30, MW-A9: when the last mages standing fall together it is a draw between them (0);
    the players already out score -1."""
    st = state(3, classes="beastmaster,priestess,wizard")
    damage.eliminate(st, 1)
    for oid in (1, 3):
        damage.deal(st, oid, 99, source=None, direct=True, rule="MW-X-6.2", check=False)
    damage.check_end(st)
    assert st.over and st.winner is None and not st.winners
    assert st.returns() == [0.0, -1.0, 0.0]
    assert events(st, "game-over")[-1].rule == "MW-B30"
    assert st.document()["state"]["drawn"] == [0, 2]
    teams = state(4, classes=FOUR, mirror=True)
    damage.eliminate(teams, 2)
    damage.eliminate(teams, 3)
    for oid in (1, 2):
        damage.deal(teams, oid, 99, source=None, direct=True, rule="MW-X-6.2", check=False)
    damage.check_end(teams)
    assert teams.over and teams.returns() == [0.0, 0.0, 0.0, 0.0], "a draw between the teams"


def test_the_round_limit_counts_each_sides_life_left() -> None:
    """MW-S9, MW-B30: at the round limit the side whose standing mages have the most life left
    in all wins; equal totals draw between those sides, the others lose."""
    st = state(4, {"players": [{"damage": 10}, {"damage": 5}, {"damage": 0}, {"damage": 3}]},
               classes=FOUR, mirror=True)
    # life: beastmaster 36, priestess 32 -> left 26 + 36 = 62 against 27 + 29 = 56
    round_rules.round_limit(st)
    assert st.over and st.winners == frozenset({0, 2})
    assert st.returns() == [1.0, -1.0, 1.0, -1.0]
    st = state(3, {"players": [{"damage": 4}, {"damage": 0}, {"damage": 4}]},
               classes="beastmaster,priestess,beastmaster", mirror=True)
    round_rules.round_limit(st)          # 32, 32, 32: a three-way draw
    assert st.over and st.winner is None and st.returns() == [0.0, 0.0, 0.0]
    st = state(3, {"players": [{"damage": 4}, {"damage": 0}, {"damage": 0}]},
               classes="beastmaster,priestess,wizard")
    damage.eliminate(st, 2)
    round_rules.round_limit(st)          # 32 against 32, seat 2 out
    assert st.returns() == [0.0, 0.0, -1.0]


# ---------------------------------------------------------------------------- bots, pictures

def test_the_heuristic_weighs_a_side_against_the_strongest_other() -> None:
    """MW-9.8: a team is one side, so team-mates get the same value; a free-for-all compares a
    seat with its strongest enemy."""
    st = state(4, {"players": [{}, {"damage": 12}, {}, {}]}, classes=FOUR, mirror=True)
    assert heuristic.evaluate(st, 0) == heuristic.evaluate(st, 2) > 0
    assert heuristic.evaluate(st, 1) == heuristic.evaluate(st, 3) < 0
    ffa = state(3, {"players": [{}, {"damage": 12}, {}]},
                classes="beastmaster,beastmaster,beastmaster", mirror=True)
    assert heuristic.evaluate(ffa, 0) == 0.0 and heuristic.evaluate(ffa, 1) < 0


def test_every_seat_has_its_own_colour() -> None:
    """MW-9.10: each player's markers in a colour of its own (four distinct); the panel and the
    text view name the teams and a player who is out (MW-B29)."""
    st = state(4, classes=FOUR, mirror=True)
    damage.eliminate(st, 3)
    view = grimorio.view(st, 0)
    picture = svg.svg(view)
    colours = {svg.COLOURS[s] for s in range(4)}
    assert len(colours) == 4 and all(c in picture for c in colours)
    from grimorio.games.mage_wars import render

    text = render.render(view, "en")
    assert "P2 Priestess (team B)" in text and "out of the game" in text


# ---------------------------------------------------------------------------- whole games

def _no_decision_once_out(st: MageWarsState) -> None:
    actor = st.current_player
    assert actor is not None and not st.players[actor].out, "no decision once out"


def _play(st: MageWarsState, seed: int) -> None:
    play_busy(st, seed, busy=0.8, each=_no_decision_once_out)
    returns = st.returns()
    assert len(returns) == len(st.players) and all(r in (-1.0, 0.0, 1.0) for r in returns)
    for p in st.players:            # who is out holds nothing in play (MW-B29)
        assert not p.out or not any(o.controller == p.seat for o in st.objs.values()
                                    if o.kind != "mage")


@pytest.mark.parametrize("players, fmt, classes", [
    (3, "ffa", "beastmaster,priestess,warlock"),
    (4, "teams", "beastmaster,priestess,wizard,warlock"),
    (4, "ffa", "priestess,wizard,beastmaster,warlock"),
])
def test_random_multiplayer_games_reach_the_end(tmp_path: Path, players: int, fmt: str,
                                                classes: str) -> None:
    """MW-9.1, MW-9.4, MW-9.7, MW-9.11, MW-B29, MW-B30: random players finish 3-player
    free-for-all and 4-player team games between the starter books' playable cards, with
    mages starting wounded so that players fall and leave the game."""
    paths = ",".join(str(playable_book(tmp_path, c)) for c in classes.split(","))
    g = game(players, format=fmt, books=paths, round_limit=25)
    out = 0
    for seed in range(3):
        st = g.new_initial_state(seed, setup={"phase": "planning",
                                              "players": [{"damage": 20}] * players})
        assert isinstance(st, MageWarsState)
        _play(st, seed)
        out += sum(p.out for p in st.players)
        assert [p.mage_class for p in st.players] == classes.split(",")
    assert out > 0, "some player fell and left the game"
    fresh = g.new_initial_state(5)
    assert isinstance(fresh, MageWarsState)
    fresh.round_limit = 4
    _play(fresh, 5)


def test_mcts_plays_a_short_multiplayer_game() -> None:
    """MW-9.4, MW-B30: MCTS (with the side heuristic) plays a 3-player game to the end."""
    g = game(3, classes="beastmaster,priestess,beastmaster", mirror=True, round_limit=2)
    agents = [make_agent("mcts:iters=10,depth=0", seed=1), make_agent("random", seed=2),
              make_agent("random", seed=3)]
    returns = play(g, agents, 0)
    assert len(returns) == 3 and sorted(returns)[-1] >= 0.0


def test_grimorio_play_and_state_with_four_and_three_players() -> None:
    """MW-9.1, MW-9.6: `grimorio play` runs a 4-player game of random seats to the end;
    `grimorio state --seat 1` of a 3-player game shows seat 1 its own book and planned spells and
    only the counts of the others' (MW-3.20)."""
    result = runner.invoke(app, ["play", "mage-wars", *["--seat", "random"] * 4, "--seed", "2",
                                 "-o", "players=4", "-o", "mode=full", "-o",
                                 f"classes={FOUR}", "-o", "mirror=true", "-o",
                                 "round_limit=2", "--lang", "en"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output or "Round limit" in result.output
    result = runner.invoke(app, ["state", "mage-wars", "-o", "players=3", "-o", "mode=full",
                                 "-o", "classes=beastmaster,priestess,beastmaster", "-o",
                                 "mirror=true", "--seat", "1"])
    assert result.exit_code == 0, result.output[-2000:]
    doc = json.loads(result.output)["state"]
    assert doc["format"] == "ffa" and doc["arena"] == "free-for-all"
    assert ["book" in p for p in doc["players"]] == [False, True, False]
    assert ["planned" in p for p in doc["players"]] == [False, True, False]
    assert all("book_size" in p for p in doc["players"])
    result = runner.invoke(app, ["play", "mage-wars", "--seat", "random", "--seat", "random",
                                 "--seat", "random", "-o", "players=3"])
    assert result.exit_code != 0 and "mode=full" in " ".join(result.output.split())
