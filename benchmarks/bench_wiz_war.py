"""wiz-war engine speed: whole random games, the legal list at every decision, clone.

* random games (2, 3 and 4 players, default options, turn limit 40): median ms per game over
  `SEEDS` seeds, each played through the checked path (`legal_actions` + `apply`), one
  `random.Random(seed)` choosing; target ≤ 100 ms for 2 players;
* `legal_actions` on every decision of the 2-player games: median, p99 and max µs, each position
  timed as the best of 3 fresh copies with the garbage collector paused (as `timeit` does);
  target ≤ 5 ms (5000 µs);
* clone: median µs of `clone()` on a mid-game position.

Run directly (``python -m benchmarks.bench_wiz_war``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import gc
import random
import statistics
import time

import grimorio
from grimorio.core.state import State

SEEDS = range(24)
CLONES = 2000
# The targets (also in run.py's TARGETS, which prints the ratios in `make bench`).
TARGETS = {"wiz-war: random 2-player game": 100.0, "wiz-war: legal_actions": 5000.0}

Row = tuple[str, float, str]


def _game_ms(players: int, seed: int) -> float:
    """One random game through the checked path, in ms (setup included)."""
    game = grimorio.load_game("wiz-war", players=players)
    chooser = random.Random(seed)
    start = time.perf_counter()
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return (time.perf_counter() - start) * 1000


def game_medians(players: int, seeds: range = SEEDS) -> float:
    """Median ms of a random game with this many players."""
    _game_ms(players, 10_000)  # warm-up: card data, board faces, distance tables
    return statistics.median(_game_ms(players, seed) for seed in seeds)


def legal_timings(seeds: range = SEEDS) -> list[float]:
    """µs of `legal_actions` at every decision of the random 2-player games."""
    game = grimorio.load_game("wiz-war")
    timings: list[float] = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            timings.append(_best_legal_us(state))
            state.apply(chooser.choice(state.legal_actions()))
    return timings


def _best_legal_us(state: State, repeats: int = 3) -> float:
    """µs to build the legal list of `state`, the best of `repeats` uncached copies (the list
    is cached per position, so timing the live state after a look would measure the cache).
    As `timeit` does, the garbage collector is paused while timing and the best run is kept:
    a collection or another process taking the core would otherwise decide the maximum."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeats):
            fresh = state.clone()
            start = time.perf_counter_ns()
            fresh.legal_actions()
            best = min(best, (time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return best


def _mid_game(seed: int = 3, steps: int = 60) -> State:
    state = grimorio.load_game("wiz-war").new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


def clone_us(samples: int = CLONES) -> float:
    """Median µs of `clone()` on a mid-game 2-player position."""
    state = _mid_game()
    timings = []
    for _ in range(samples):
        start = time.perf_counter_ns()
        state.clone()
        timings.append(time.perf_counter_ns() - start)
    return statistics.median(timings) / 1000


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` in 0..1) of `values`."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def bench_rows() -> list[Row]:
    """(label, value, unit) rows; run.py adds the ratios to the targets."""
    legal = legal_timings()
    return [
        ("wiz-war: random 2-player game", game_medians(2), "ms"),
        ("wiz-war: random 3-player game", game_medians(3), "ms"),
        ("wiz-war: random 4-player game", game_medians(4), "ms"),
        ("wiz-war: legal_actions median", statistics.median(legal), "µs"),
        ("wiz-war: legal_actions p99", percentile(legal, 0.99), "µs"),
        ("wiz-war: legal_actions max", max(legal), "µs"),
        ("wiz-war: decisions timed", float(len(legal)), "calls"),
        ("wiz-war: clone", clone_us(), "µs"),
    ]


def _vs_target(label: str, value: float) -> str:
    for fragment, target in TARGETS.items():
        if fragment in label:
            return f"{target / value:6.2f}× target ≤ {target:g} {'✓' if value <= target else '✗'}"
    return ""


if __name__ == "__main__":
    for label, value, unit in bench_rows():
        print(f"{label:<40} {value:10.1f} {unit:<6} {_vs_target(label, value)}")
