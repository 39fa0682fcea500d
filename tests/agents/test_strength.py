"""The bots are stronger than random play, with statistical significance over fixed seeds.

Each duel alternates seats over a fixed list of seeds and counts the bot's wins, draws and
losses; the exact one-sided sign test (draws left out) must give p < 0.01 that the bot wins more
often than it loses.
"""

from __future__ import annotations

import math

import pytest

import grimorio
from grimorio.agents import make_agent, observe
from grimorio.agents.arena import Score, duel, sign_test_p

ALPHA = 0.01
TTT_SEEDS = range(60)
# wh6-magic: the full game (two turns) with 40 iterations per decision, which keeps each duel
# near 20 s; docs/agents.md has the figures.
WH6_SEEDS = range(40)


def test_the_sign_test_is_exact() -> None:
    assert sign_test_p(0, 0) == 1.0
    assert sign_test_p(5, 0) == 1 / 32
    assert sign_test_p(3, 3) == sum(math.comb(6, k) for k in range(3, 7)) / 64
    assert sign_test_p(10, 0) < ALPHA < sign_test_p(6, 0)
    assert Score(8, 3, 1).p_value == pytest.approx(10 / 512)  # 8 or 9 heads in 9 tosses


def _assert_stronger(score: Score) -> None:
    assert score.wins > score.losses, score
    assert score.p_value < ALPHA, score


@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=200", "ismcts:iters=200"])
def test_each_bot_beats_random_at_tictactoe(spec: str) -> None:
    score = duel(grimorio.load_game("tictactoe"), spec, "random", TTT_SEEDS)
    assert score.games == len(TTT_SEEDS)
    _assert_stronger(score)


def test_random_does_not_beat_random() -> None:
    """The control: the same duel between equals is not significant (the test can fail)."""
    score = duel(grimorio.load_game("tictactoe"), "random", "random", TTT_SEEDS)
    assert score.p_value > ALPHA, score


# Positions where the side to move wins at once; some also face the opponent's threat.
WIN_IN_ONE = [
    (["XX.", "OO.", "..."], "X", {"c1"}),
    (["XO.", "XO.", "..."], "X", {"a3"}),
    (["X.O", ".XO", "..."], "X", {"c3"}),
    (["OO.", "XX.", "X.."], "O", {"c1"}),
    (["X.X", "OO.", "X.."], "O", {"c2"}),
    (["XOX", ".O.", "X.."], "O", {"b3"}),
    (["X.O", ".X.", "O.."], "X", {"c3"}),
    (["XX.", "...", "OO."], "X", {"c1"}),
]


@pytest.mark.parametrize(("board", "mover", "wins"), WIN_IN_ONE)
@pytest.mark.parametrize("spec", ["mcts:iters=200", "ismcts:iters=200"])
def test_search_takes_a_win_in_one(spec: str, board: list[str], mover: str,
                                   wins: set[str]) -> None:
    game = grimorio.load_game("tictactoe")
    seat = "XO".index(mover)
    for seed in range(5):
        state = game.new_initial_state(seed, {"board": board, "to_move": mover})
        assert not state.is_terminal()
        agent = make_agent(spec, seed=seed)
        opponent = make_agent("random", seed=seed)
        while not state.is_terminal():
            player = state.current_player
            bot = agent if player == seat else opponent
            assert player is not None
            state.apply(bot.act(observe(state, player), state.legal_actions()), player)
        assert state.history[0].notation() in wins
        assert state.returns()[seat] == 1.0


@pytest.mark.parametrize("spec", ["mcts:iters=40", "ismcts:iters=40"])
def test_search_beats_random_at_wh6_magic(spec: str) -> None:
    score = duel(grimorio.load_game("wh6-magic"), spec, "random", WH6_SEEDS)
    _assert_stronger(score)
