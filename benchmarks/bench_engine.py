"""Per-game engine speed: random playouts, steps, apply + legal_actions, clone."""

from __future__ import annotations

import random
import statistics
import time

import grimorio
from grimorio.core.game import Game

Row = tuple[str, float, str]


def _median_of(runs: int, measure: object) -> float:
    return statistics.median(measure() for _ in range(runs))  # type: ignore[operator]


def playouts(game: Game, seconds: float, seed: int = 1) -> tuple[float, float, float]:
    """Random playouts through the full checking path: (games/s, steps/s, µs per step)."""
    chooser = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=games)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, elapsed / steps * 1e6


def clone_cost_us(game: Game, samples: int = 2000) -> float:
    """Median µs to clone a mid-game state."""
    state = game.new_initial_state(seed=3)
    chooser = random.Random(3)
    for _ in range(4):
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_actions()))
    timings = []
    for _ in range(samples):
        start = time.perf_counter_ns()
        state.clone()
        timings.append(time.perf_counter_ns() - start)
    return statistics.median(timings) / 1000


def bench_rows(seconds: float = 1.0, repeats: int = 3) -> list[Row]:
    rows: list[Row] = []
    for game_id in grimorio.core.game_ids():
        game = grimorio.load_game(game_id)
        results = [playouts(game, seconds) for _ in range(repeats)]
        rows.append((f"{game_id}: random playouts", statistics.median(r[0] for r in results),
                     "games/s"))
        rows.append((f"{game_id}: steps (apply + legal_actions, checked)",
                     statistics.median(r[1] for r in results), "steps/s"))
        rows.append((f"{game_id}: apply + legal_actions per step",
                     statistics.median(r[2] for r in results), "µs"))
        rows.append((f"{game_id}: clone", clone_cost_us(game), "µs"))
    return rows
