"""Shared measures of a game engine's speed: whole random games, the legal list at every
decision, clone. The per-game modules (bench_wiz_war, bench_mage_wars) choose games and labels.

* a random game goes through the checked path (`legal_actions` + `apply`), one
  `random.Random(seed)` choosing, setup included;
* `legal_actions` is timed on every decision of those games, each position as the best of 3
  fresh copies with the garbage collector paused (as `timeit` does): the list is cached per
  position, so timing the live state after a look would measure the cache;
* clone is the median µs of `clone()` on a mid-game position.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Iterable
from typing import Any

import grimorio
from grimorio.core.state import State


def game_ms(game_id: str, seed: int, **options: Any) -> float:
    """One random game through the checked path, in ms (setup included)."""
    game = grimorio.load_game(game_id, **options)
    chooser = random.Random(seed)
    start = time.perf_counter()
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return (time.perf_counter() - start) * 1000


def median_game_ms(game_id: str, seeds: Iterable[int], **options: Any) -> float:
    """Median ms of a random game, after one warm-up game (data files, tables)."""
    game_ms(game_id, 10_000, **options)
    return statistics.median(game_ms(game_id, seed, **options) for seed in seeds)


def legal_timings(game_id: str, seeds: Iterable[int], **options: Any) -> list[float]:
    """µs of `legal_actions` at every decision of random games."""
    game = grimorio.load_game(game_id, **options)
    timings: list[float] = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            timings.append(best_legal_us(state))
            state.apply(chooser.choice(state.legal_actions()))
    return timings


def best_legal_us(state: State, repeats: int = 3) -> float:
    """µs to build the legal list of `state`: the best of `repeats` uncached copies, with the
    garbage collector paused (a collection or another process taking the core would otherwise
    decide the maximum)."""
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


def mid_game(game_id: str, seed: int, steps: int, **options: Any) -> State:
    """The position after `steps` random actions (or the end, if sooner)."""
    state = grimorio.load_game(game_id, **options).new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


def clone_us(state: State, samples: int = 2000) -> float:
    """Median µs of `clone()` on `state`."""
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


def vs_target(targets: dict[str, float], label: str, value: float) -> str:
    """The ratio to an at-most target, for a module run on its own."""
    for fragment, target in targets.items():
        if fragment in label:
            return f"{target / value:6.2f}× target ≤ {target:g} {'✓' if value <= target else '✗'}"
    return ""
