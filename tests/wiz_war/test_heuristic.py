"""The bots' evaluation of a wiz-war position (`grimorio.games.wiz_war.heuristic`).

Zero-sum for two players by design (evaluate(s, 0) == -evaluate(s, 1)); it weighs victory points
most (WW-1.4), then life (WW-X10), an enemy treasure on its way home (WW-X14), cards, death
(WW-X12).
"""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pytest

import grimorio
from grimorio.agents.arena import duel
from grimorio.agents.heuristics import evaluator_for
from grimorio.core.state import State
from grimorio.games.wiz_war import heuristic
from grimorio.games.wiz_war.heuristic import evaluate
from grimorio.testing import scenario
from tests.wiz_war.test_engine_combat import THREE
from tests.wiz_war.wwkit import make


def _playthrough(seed: int, players: int = 2) -> list[State]:
    """Every position of one short random game, the end included."""
    state = grimorio.load_game("wiz-war", players=players, turn_limit=6).new_initial_state(seed)
    chooser = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


def _blue(**changes: Any) -> float:
    """Blue's value on the base layout with these setup changes."""
    return evaluate(make(**changes).state, 0)


def test_the_agents_find_it() -> None:
    assert evaluator_for(grimorio.load_game("wiz-war")) is heuristic.evaluate


@pytest.mark.parametrize("seed", range(4))
def test_in_range_zero_sum_and_the_returns_at_the_end(seed: int) -> None:
    states = _playthrough(seed)
    for state in states:
        mine, theirs = evaluate(state, 0), evaluate(state, 1)
        assert -1.0 <= mine <= 1.0
        assert mine == -theirs
    end = states[-1]
    assert [evaluate(end, 0), evaluate(end, 1)] == end.returns()


@pytest.mark.parametrize("players", [3, 4])
def test_in_range_with_more_players(players: int) -> None:
    for state in _playthrough(players, players)[::7]:
        assert all(-1.0 <= evaluate(state, s) <= 1.0 for s in range(players))


def test_a_fresh_game_is_close_to_even() -> None:
    game = grimorio.load_game("wiz-war")
    for seed in range(6):
        assert abs(evaluate(game.new_initial_state(seed), 0)) < 0.1


def test_a_victory_point_counts_most() -> None:
    """WW-1.4: one VP is worth more than any life lead short of a kill."""
    even = _blue()
    assert abs(even) < 0.05
    scored = _blue(blue={"vp": 1})
    assert scored > 0.5 and evaluate(make(blue={"vp": 1}).state, 1) == -scored
    assert _blue(blue={"vp": 1, "life": 5}, red={"life": 20}) > 0.0


def test_the_value_rises_as_the_enemy_loses_life() -> None:
    """WW-X10: each point of damage dealt moves the value up, never past a VP."""
    values = [_blue(red={"life": life}) for life in (15, 12, 8, 3)]
    assert values == sorted(values) and values[0] < values[1]
    assert values[-1] < _blue(blue={"vp": 1})
    assert _blue(blue={"life": 10}) < 0.0


def test_an_enemy_treasure_carried_home_is_worth_more_near_home() -> None:
    """WW-X14: carrying red's treasure helps, the more the closer blue is to his home c3;
    carrying his own treasure is worth nothing."""
    none = _blue()
    far = _blue(blue={"treasures": ["red1"], "square": "a1"})
    near = _blue(blue={"treasures": ["red1"], "square": "c2"})
    own = _blue(blue={"treasures": ["blue1"], "square": "c2"})
    assert none < far < near < _blue(blue={"vp": 1})
    assert own == pytest.approx(_blue(blue={"square": "c2"}))


def test_going_for_an_enemy_treasure_helps_a_little() -> None:
    """WW-X14: nearer red's treasure red1 (f1) is better, less than picking it up."""
    values = [_blue(blue={"square": sq}) for sq in ("a5", "a1", "d1", "e1")]
    assert values == sorted(values) and values[0] < values[-1]
    assert values[-1] < _blue(blue={"square": "e1", "treasures": ["red1"]})


def test_cards_count_a_little() -> None:
    """Cards in hand, carried items and own spells in play all count (WW-6.6)."""
    empty = _blue()
    held = _blue(hands={"blue": ["zot", "dispel"], "red": []})
    carried = _blue(blue={"items": ["large-rock"]})
    assert empty < carried and empty < held < _blue(red={"life": 13})


def _three(**yellow: Any) -> State:
    data = copy.deepcopy(THREE)
    data["wizards"]["red"]["life"] = 15
    data["wizards"]["yellow"].update(yellow)
    return scenario("wiz-war", setup=data, seed=0, players=3).state


def test_a_dead_wizard_weighs_on_his_side() -> None:
    """WW-X12: in a 3-player game a dead wizard is far behind the living, a weak one less."""
    alive, weak, dead = _three(), _three(life=2), _three(alive=False)
    assert abs(evaluate(alive, 2)) < 0.15          # yellow holds no cards, the others do
    assert evaluate(dead, 2) < -0.9 < evaluate(weak, 2) < -0.2
    assert evaluate(dead, 0) > evaluate(alive, 0)


def test_quiet_search_copies_are_valued_alike() -> None:
    for state in _playthrough(5)[::5]:
        assert evaluate(state.clone(quiet=True), 0) == evaluate(state, 0)


def test_it_is_cheap() -> None:
    """It runs inside MCTS: well under a millisecond a call (loose bound, shared machines)."""
    states = _playthrough(1)
    start = time.perf_counter()
    for state in states:
        evaluate(state, 0)
    assert (time.perf_counter() - start) / len(states) < 1e-3


# ---- the bots ----------------------------------------------------------------------------------
ALPHA = 0.01
DUEL_SEEDS = range(24)
# MCTS that scores each new node with this heuristic at once (depth=0) and explores little
# (c=0.3: the heuristic's values are small). Plain `mcts:iters=30` (random play-outs to the end)
# is stronger than random too but far too slow for a test: 7W 5D 0L over 12 games of turn_limit=8
# took 150 s; with turn_limit=3 nearly every game is a draw (2W 9D 1L, nobody meets anybody).
DUEL_SPEC = "mcts:iters=30,depth=0,c=0.3"


def test_search_with_the_heuristic_beats_random() -> None:
    """Exact one-sided sign test over fixed seeds, seats alternating, draws left out: the bot
    must win more often than it loses with p < 0.01. Ten rounds (WW-X20) leave time to carry a
    treasure home (WW-X14); a short game is mostly a draw."""
    game = grimorio.load_game("wiz-war", turn_limit=10)
    score = duel(game, DUEL_SPEC, "random", DUEL_SEEDS)
    assert score.games == len(DUEL_SEEDS)
    assert score.wins > score.losses, score
    assert score.p_value < ALPHA, score
