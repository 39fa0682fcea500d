"""mage-knight engine speed: the line-of-fire test, whole random standard games, the candidate
actions of a turn, clone.

* line of fire: median µs of one `Battlefield.line_of_fire` call (terrain, elevation and every
  base on the table) over every shooter–target pair of mid-game positions of random standard
  games (two 200-point armies, four terrain pieces); target ≤ 20 µs;
* random standard game (the default options: 200 points, armies chosen in game, a terrain pile
  of two pieces each, round limit 30, MK-X9): median ms per game from the army choice to the
  end; target ≤ 500 ms. The random player never offers to stop or withdraws (`offer-end`,
  `withdraw`), so every game is fought to its end;
* candidate actions: µs of `legal_actions` at every decision of the play phase of those games
  (median, p99, max); target ≤ 20 ms;
* clone: median µs of `clone()` on a mid-game position.

Run directly (``python -m benchmarks.bench_mage_knight``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import permutations

import grimorio
from benchmarks.game_speed import best_legal_us, clone_us, percentile, vs_target
from grimorio.core.state import State

SEEDS = range(12)
TARGETS = {"mage-knight: random standard game": 500.0,
           "mage-knight: candidate actions": 20_000.0,
           "mage-knight: line of fire median": 20.0}
QUITTING = ("offer-end", "withdraw")

Row = tuple[str, float, str]


def fighting_choice(state: State, chooser: random.Random) -> str:
    """A uniformly random legal action other than offering to stop or withdrawing."""
    actions = [a.notation() for a in state.legal_actions()]
    fighting = [a for a in actions if not a.startswith(QUITTING)]
    return chooser.choice(fighting or actions)


def game_run(seed: int, on_play_decision: bool = False) -> tuple[float, list[float]]:
    """One random standard game: its ms, and the candidate-list µs of each play decision."""
    game = grimorio.load_game("mage-knight", end_by_agreement=False)
    chooser = random.Random(seed)
    timings: list[float] = []
    start = time.perf_counter()
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if on_play_decision and getattr(state, "phase", None) == "play":
            timings.append(best_legal_us(state))
        state.apply(fighting_choice(state, chooser))
    return (time.perf_counter() - start) * 1000, timings


def mid_game(seed: int, play_actions: int = 12) -> State:
    """The position after `play_actions` random actions of the play phase (or the end)."""
    state = grimorio.load_game("mage-knight").new_initial_state(seed)
    chooser = random.Random(seed)
    done = 0
    while not state.is_terminal() and done < play_actions:
        if getattr(state, "phase", None) == "play":
            done += 1
        state.apply(fighting_choice(state, chooser))
    return state


def lof_timings(seeds: range) -> list[float]:
    """µs of one line-of-fire test for every ordered pair of warriors on mid-game tables."""
    timings: list[float] = []
    for seed in seeds:
        state = mid_game(seed)
        field = state.field                         # type: ignore[attr-defined]
        bodies = state.bodies()                     # type: ignore[attr-defined]
        for shooter, target in permutations(bodies, 2):
            start = time.perf_counter_ns()
            for _ in range(10):
                field.line_of_fire(shooter, target, bodies)
            timings.append((time.perf_counter_ns() - start) / 10_000)
    return timings


def bench_rows() -> list[Row]:
    """(label, value, unit) rows; run.py adds the ratios to the targets."""
    game_run(10_000)                                # warm-up: data files, terrain caches
    games = [game_run(seed) for seed in SEEDS]
    candidates = [t for seed in range(4) for t in game_run(seed, on_play_decision=True)[1]]
    lof = lof_timings(range(4))
    return [
        ("mage-knight: random standard game", statistics.median(g[0] for g in games), "ms"),
        ("mage-knight: candidate actions median", statistics.median(candidates), "µs"),
        ("mage-knight: candidate actions p99", percentile(candidates, 0.99), "µs"),
        ("mage-knight: candidate actions max", max(candidates), "µs"),
        ("mage-knight: play decisions timed", float(len(candidates)), "calls"),
        ("mage-knight: line of fire median", statistics.median(lof), "µs"),
        ("mage-knight: line of fire p99", percentile(lof, 0.99), "µs"),
        ("mage-knight: clone", clone_us(mid_game(3)), "µs"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench_rows():
        print(f"{label:<44} {value:10.1f} {unit:<6} {vs_target(TARGETS, label, value)}")
