"""mage-wars (Apprentice) engine speed: whole random games, the legal list at every decision,
clone, and the MCTS decision rate.

* random games: one per apprentice matchup (the 16 ordered pairs of classes, mirror matches
  included), each to a winner or the 30-round limit (MW-S9); median ms per game; target ≤ 100 ms;
* `legal_actions` on every decision of those games: median, p99 and max µs; target ≤ 5 ms;
* clone: median µs of `clone()` on a mid-game position;
* MCTS: search iterations per second of `mcts:iters=200,depth=0` (heuristic leaves) on mid-game
  positions, the median of a few;
* random full games (`mode=full`, Chapter VII mages, the full arena): the Beastmaster's against
  the Priestess's starter spellbook, the only pair of starter books whose cards are all
  implemented (a game between the others cannot start yet, books.py); median ms of a few
  games to a winner or the 30-round limit; no target yet.

How the game figures are taken: benchmarks/game_speed.py. Run directly
(``python -m benchmarks.bench_mage_wars``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import itertools
import statistics
import time
from typing import Any

import grimorio
from benchmarks.game_speed import (
    clone_us,
    game_ms,
    legal_timings,
    median_game_ms,
    mid_game,
    percentile,
    vs_target,
)
from grimorio.agents import make_agent
from grimorio.agents.base import observe

CLASSES = ("beastmaster", "priestess", "warlock", "wizard")
MATCHUPS = tuple(itertools.product(CLASSES, CLASSES))
MCTS_ITERS = 200
FULL_GAMES = {"mode": "full", "classes": "beastmaster,priestess"}   # every card implemented
FULL_SEEDS = range(6)
TARGETS = {"mage-wars: random apprentice game": 100.0, "mage-wars: legal_actions": 5000.0}

Row = tuple[str, float, str]


def _options(index: int) -> dict[str, Any]:
    first, second = MATCHUPS[index % len(MATCHUPS)]
    return {"classes": f"{first},{second}", "mirror": first == second}


def game_median_ms() -> float:
    """Median ms of one random game per matchup (after a warm-up game)."""
    game_ms("mage-wars", 10_000)
    return statistics.median(game_ms("mage-wars", seed, **_options(seed))
                             for seed in range(len(MATCHUPS)))


def full_game_median_ms() -> float:
    """Median ms of a random full game between the Beastmaster and Priestess starter books."""
    return median_game_ms("mage-wars", FULL_SEEDS, **FULL_GAMES)


def all_legal_timings() -> list[float]:
    timings: list[float] = []
    for seed in range(len(MATCHUPS)):
        timings += legal_timings("mage-wars", [seed], **_options(seed))
    return timings


def mcts_iterations_per_second(seeds: range = range(3)) -> float:
    """Search iterations per second of one MCTS decision on a mid-game position."""
    rates = []
    for seed in seeds:
        state = mid_game("mage-wars", seed, 150)
        seat = state.current_player
        if seat is None:
            continue
        agent = make_agent(f"mcts:iters={MCTS_ITERS},depth=0", seed=seed)
        observation, legal = observe(state, seat), state.legal_actions()
        start = time.perf_counter()
        agent.act(observation, legal)
        rates.append(MCTS_ITERS / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_rows() -> list[Row]:
    """(label, value, unit) rows; run.py adds the ratios to the targets."""
    legal = all_legal_timings()
    return [
        ("mage-wars: random apprentice game", game_median_ms(), "ms"),
        ("mage-wars: legal_actions median", statistics.median(legal), "µs"),
        ("mage-wars: legal_actions p99", percentile(legal, 0.99), "µs"),
        ("mage-wars: legal_actions max", max(legal), "µs"),
        ("mage-wars: decisions timed", float(len(legal)), "calls"),
        ("mage-wars: clone", clone_us(mid_game("mage-wars", 3, 150)), "µs"),
        ("mage-wars: MCTS iterations (depth=0)", mcts_iterations_per_second(), "iter/s"),
        ("mage-wars: random full game (starter books)", full_game_median_ms(), "ms"),
    ]


if __name__ == "__main__":
    grimorio.load_game("mage-wars")
    for label, value, unit in bench_rows():
        print(f"{label:<44} {value:10.1f} {unit:<6} {vs_target(TARGETS, label, value)}")
