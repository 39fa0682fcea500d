"""Per-game heuristics: how agents find them, tic-tac-toe's, and play without one."""

from __future__ import annotations

import pytest

import grimorio
from grimorio.agents import make_agent, observe
from grimorio.agents.arena import play
from grimorio.agents.greedy import GreedyAgent
from grimorio.agents.heuristics import evaluator_for, heuristic_module
from grimorio.games.tictactoe import heuristic as ttt_heuristic
from tests.agents.hidden_game import KuhnPoker
from tests.dicegame import DiceGame

TTT = grimorio.load_game("tictactoe")


def _ttt(board: list[str], mover: str = "X") -> grimorio.State:
    return TTT.new_initial_state(0, {"board": board, "to_move": mover})


def test_a_games_heuristic_is_found_in_its_package() -> None:
    assert heuristic_module(TTT) == "grimorio.games.tictactoe.heuristic"
    assert evaluator_for(TTT) is ttt_heuristic.evaluate
    assert evaluator_for(type(TTT)) is ttt_heuristic.evaluate


def test_a_game_without_a_heuristic_gets_none() -> None:
    assert heuristic_module(DiceGame) == "tests.heuristic"
    assert evaluator_for(DiceGame(turns=2)) is None
    assert evaluator_for(KuhnPoker) is None


@pytest.mark.parametrize(("board", "mover", "x_value"), [
    (["XXX", "OO.", "..."], "O", 1.0),           # X has won
    (["XX.", "OO.", "..."], "X", 0.9),           # X to move completes a line
    (["XX.", "OO.", "X.."], "O", -0.9),          # O to move completes a line
    (["X..", ".O.", "..X"], "O", None),          # quiet: a small value
    (["XX.", "X..", "OO."], "O", -0.9),          # O to move wins before X's fork matters
    (["X.X", "...", "X.O"], "O", 0.8),           # X's fork: O cannot block both lines
])
def test_tictactoe_heuristic(board: list[str], mover: str, x_value: float | None) -> None:
    state = _ttt(board, mover)
    x, o = ttt_heuristic.evaluate(state, 0), ttt_heuristic.evaluate(state, 1)
    assert x == -o
    if x_value is None:
        assert abs(x) < 0.7
    else:
        assert x == pytest.approx(x_value)


def test_tictactoe_heuristic_stays_in_range_over_random_games() -> None:
    import random

    for seed in range(30):
        state = TTT.new_initial_state(seed)
        rng = random.Random(seed)
        while True:
            for seat in (0, 1):
                assert -1.0 <= ttt_heuristic.evaluate(state, seat) <= 1.0
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_greedy_wins_when_it_can_and_blocks_when_it_must() -> None:
    win = _ttt(["XX.", "OO.", "..."], "X")
    assert make_agent("greedy").act(observe(win, 0), win.legal_actions()).notation() == "c1"
    block = _ttt(["XX.", ".O.", "..."], "O")
    assert make_agent("greedy").act(observe(block, 1), block.legal_actions()).notation() == "c1"


@pytest.mark.parametrize("spec", ["greedy", "greedy:samples=2", "mcts:iters=30,rollout=heuristic",
                                  "mcts:iters=30,depth=1", "ismcts:iters=30,depth=0"])
def test_agents_fall_back_to_random_playouts_without_a_heuristic(spec: str) -> None:
    game = DiceGame(turns=3)
    returns = play(game, [make_agent(spec, seed=1), make_agent("random", seed=2)], 5)
    assert returns[0] in (-1.0, 0.0, 1.0)


def test_greedy_averages_over_dice() -> None:
    """In the dice game rolling two dice scores more on average than holding: greedy rolls."""
    game = DiceGame(turns=1)
    state = game.new_initial_state(3)
    agent = make_agent("greedy:samples=30", seed=1)
    assert isinstance(agent, GreedyAgent)
    assert agent.act(observe(state, 0), state.legal_actions()).notation() == "roll dice=2"
    assert agent.last_scores["roll dice=2"] > agent.last_scores["hold"]
