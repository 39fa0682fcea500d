"""grimorio against OpenSpiel on tic-tac-toe: random playouts, and MCTS simulations per second.

Like-for-like loops: every engine plays from its initial state to the end choosing uniformly
with Python's `random.Random.choice` among the legal actions; grimorio steps through the checked
`State.apply` (parse, legality check, carry out), OpenSpiel through `State.apply_action` on its
C++ `tic_tac_toe` (via `pyspiel`) and on its pure-Python `python_tic_tac_toe`. The engines take
turns run by run (so a burst of other load hits all of them alike) and each figure is the median
of 5 runs of about one second.

MCTS: grimorio's `mcts:iters=N` (UCT with random rollouts) against OpenSpiel's own
`open_spiel.python.algorithms.mcts.MCTSBot` with `RandomRolloutEvaluator(n_rollouts=1)` and the
same exploration constant, one decision from the empty board each; simulations per second =
simulations done / wall time of the decision, median over several decisions.

OpenSpiel is the optional `bench` extra: without `pyspiel` the module returns one row saying so.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import grimorio
from benchmarks.bench_engine import playouts
from grimorio.agents import make_agent
from grimorio.agents.base import observe

Row = tuple[str, float, str]

RUNS = 5
SECONDS = 1.0
MCTS_SIMULATIONS = 1000
MCTS_DECISIONS = 7
UCT_C = 1.4  # grimorio's mcts default exploration constant (`c`)

# Row labels (run.py matches its TARGETS on these fragments).
RATIO_PYTHON = "ttt playouts/s ratio: grimorio ÷ OpenSpiel python_tic_tac_toe"
RATIO_CPP = "ttt playouts/s ratio: grimorio ÷ OpenSpiel C++ tic_tac_toe"
RATIO_MCTS_CPP = "ttt MCTS sims/s ratio: grimorio ÷ MCTSBot on C++ tic_tac_toe"
RATIO_MCTS_PYTHON = "ttt MCTS sims/s ratio: grimorio ÷ MCTSBot on python_tic_tac_toe"


def _pyspiel() -> Any:
    """`pyspiel` with OpenSpiel's Python tic-tac-toe registered, or None without the extra."""
    try:
        # Importing the module registers "python_tic_tac_toe" (pyspiel.register_game); the
        # package `open_spiel.python.games` would import (and register) every Python game.
        import open_spiel.python.games.tic_tac_toe  # noqa: F401
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def openspiel_version() -> str:
    """The installed OpenSpiel's version, or "not installed"."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return "not installed"


# --- random playouts -----------------------------------------------------------------------

def grimorio_playouts(seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, steps/s) of random tic-tac-toe playouts through grimorio's checked `apply`."""
    games, steps, _ = playouts(grimorio.load_game("tictactoe"), seconds, seed)
    return games, steps


def pyspiel_playouts(game: Any, seconds: float, seed: int) -> tuple[float, float]:
    """(games/s, steps/s) of random playouts of an OpenSpiel game through `apply_action`."""
    chooser = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def _interleaved(measures: dict[str, Callable[[int], tuple[float, float]]],
                 runs: int) -> dict[str, tuple[float, float]]:
    """Median (games/s, steps/s) per engine; the engines take turns run by run."""
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in measures}
    for run in range(runs):
        for name, measure in measures.items():
            results[name].append(measure(run))
    return {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
            for name, rs in results.items()}


# --- MCTS -----------------------------------------------------------------------------------

def grimorio_mcts_rate(simulations: int, seed: int) -> float:
    """Simulations per second of one grimorio `mcts` decision from the empty board."""
    state = grimorio.load_game("tictactoe").new_initial_state(seed=seed)
    agent = make_agent(f"mcts:iters={simulations},c={UCT_C},rollout=random", seed=seed)
    seat = state.current_player
    assert seat is not None
    observation, legal = observe(state, seat), state.legal_actions()
    start = time.perf_counter()
    agent.act(observation, legal)
    elapsed = time.perf_counter() - start
    done = getattr(agent, "last_iterations", None) or simulations
    return done / elapsed


def openspiel_mcts_rate(game: Any, simulations: int, seed: int) -> float:
    """Simulations per second of one `MCTSBot` decision (random rollouts) from the empty board.

    Timed around `bot.step`, the whole decision as grimorio's is; the simulations done are the
    root's visit count (the bot stops early only if it solves the root).
    """
    import numpy as np
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=UCT_C, max_simulations=simulations,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                       random_state=rng)
    state = game.new_initial_state()
    done = [0]
    search = bot.mcts_search

    def counted(root_state: Any) -> Any:
        root = search(root_state)
        done[0] = root.explore_count
        return root

    bot.mcts_search = counted
    start = time.perf_counter()
    bot.step(state)
    elapsed = time.perf_counter() - start
    return done[0] / elapsed


def _grimorio_has_mcts() -> bool:
    try:
        make_agent("mcts:iters=10")
    except ValueError:
        return False
    return True


def mcts_rows(pyspiel: Any, simulations: int = MCTS_SIMULATIONS,
              decisions: int = MCTS_DECISIONS) -> list[Row]:
    unit = "sims/s"
    engines: dict[str, Callable[[int], float]] = {}
    if _grimorio_has_mcts():
        engines["grimorio"] = lambda seed: grimorio_mcts_rate(simulations, seed)
    cpp = pyspiel.load_game("tic_tac_toe")
    python = pyspiel.load_game("python_tic_tac_toe")
    engines["cpp"] = lambda seed: openspiel_mcts_rate(cpp, simulations, seed)
    engines["python"] = lambda seed: openspiel_mcts_rate(python, simulations, seed)
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for seed in range(decisions):
        for name, measure in engines.items():
            rates[name].append(measure(seed))
    median = {name: statistics.median(values) for name, values in rates.items()}
    rows: list[Row] = []
    if "grimorio" in median:
        rows.append((f"ttt MCTS: grimorio mcts:iters={simulations}, random rollouts",
                     median["grimorio"], unit))
    else:
        rows.append(("ttt MCTS: grimorio has no `mcts` agent yet (skipped)", 0.0, ""))
    rows.append((f"ttt MCTS: OpenSpiel MCTSBot {simulations} sims, C++ tic_tac_toe",
                 median["cpp"], unit))
    rows.append((f"ttt MCTS: OpenSpiel MCTSBot {simulations} sims, python_tic_tac_toe",
                 median["python"], unit))
    if "grimorio" in median:
        rows.append((RATIO_MCTS_CPP, median["grimorio"] / median["cpp"], "×"))
        rows.append((RATIO_MCTS_PYTHON, median["grimorio"] / median["python"], "×"))
    return rows


# --- rows -------------------------------------------------------------------------------------

def bench_rows(seconds: float = SECONDS, runs: int = RUNS) -> list[Row]:
    pyspiel = _pyspiel()
    if pyspiel is None:
        return [("OpenSpiel comparison skipped: pyspiel is not installed "
                 "(pip install -e '.[bench]')", 0.0, "")]
    cpp = pyspiel.load_game("tic_tac_toe")
    python = pyspiel.load_game("python_tic_tac_toe")
    median = _interleaved({
        "grimorio": lambda run: grimorio_playouts(seconds, run),
        "cpp": lambda run: pyspiel_playouts(cpp, seconds, run),
        "python": lambda run: pyspiel_playouts(python, seconds, run),
    }, runs)
    names = {
        "grimorio": "ttt: grimorio tictactoe, checked apply",
        "cpp": "ttt: OpenSpiel C++ tic_tac_toe via pyspiel",
        "python": "ttt: OpenSpiel python_tic_tac_toe",
    }
    rows: list[Row] = []
    for key, name in names.items():
        rows.append((f"{name}: random playouts", median[key][0], "games/s"))
        rows.append((f"{name}: random steps", median[key][1], "steps/s"))
    rows.append((RATIO_PYTHON, median["grimorio"][0] / median["python"][0], "×"))
    rows.append((RATIO_CPP, median["grimorio"][0] / median["cpp"][0], "×"))
    rows.extend(mcts_rows(pyspiel))
    return rows
