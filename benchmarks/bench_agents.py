"""Per registered game, the real bot path: random-agent playouts, and MCTS decisions at a budget.

Random playouts go the way the CLI plays bots: each step builds the acting seat's observation
(`observe`: its view plus a sampler), asks `make_agent("random")` to `act` on the legal actions and
applies the choice through the checked `State.apply(action, seat)`. MCTS decisions time one
`make_agent("mcts:iters=100")` decision on the first position of a game, median of a few seeds.
"""

from __future__ import annotations

import statistics
import time

import grimorio
from grimorio.agents import make_agent
from grimorio.agents.base import observe
from grimorio.core.game import Game

Row = tuple[str, float, str]

MCTS_BUDGET = 100
MCTS_DECISIONS = 3


def agent_playouts(game: Game, seconds: float, seed: int) -> float:
    """Games per second with a `random` agent in every seat."""
    agents = [make_agent("random", seed=seed + seat) for seat in range(game.num_players)]
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=seed * 100_003 + games)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            action = agents[seat].act(observe(state, seat), state.legal_actions())
            state.apply(action, seat)
        games += 1
    return games / (time.perf_counter() - start)


def mcts_decision_seconds(game: Game, budget: int, seed: int) -> float:
    """Wall time of one `mcts:iters=budget` decision on the first position of a game."""
    state = game.new_initial_state(seed=seed)
    seat = state.current_player
    assert seat is not None
    agent = make_agent(f"mcts:iters={budget}", seed=seed)
    observation, legal = observe(state, seat), state.legal_actions()
    start = time.perf_counter()
    agent.act(observation, legal)
    return time.perf_counter() - start


def _has_mcts() -> bool:
    try:
        make_agent("mcts:iters=10")
    except ValueError:
        return False
    return True


def bench_rows(seconds: float = 1.0, repeats: int = 3) -> list[Row]:
    rows: list[Row] = []
    has_mcts = _has_mcts()
    for game_id in grimorio.core.game_ids():
        game = grimorio.load_game(game_id)
        rate = statistics.median(agent_playouts(game, seconds, run) for run in range(repeats))
        rows.append((f"{game_id}: playouts, random agents (observe + act + apply)", rate,
                     "games/s"))
        if has_mcts:
            took = statistics.median(mcts_decision_seconds(game, MCTS_BUDGET, seed)
                                     for seed in range(MCTS_DECISIONS))
            rows.append((f"{game_id}: mcts:iters={MCTS_BUDGET} first decision", 1 / took,
                         "decisions/s"))
        else:
            rows.append((f"{game_id}: mcts decisions skipped (no `mcts` agent yet)", 0.0, ""))
    return rows
