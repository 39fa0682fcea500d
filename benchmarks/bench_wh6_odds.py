"""Timing of the exact WH6 odds queries: warm per-query medians and the cold first call.

Run directly (``python -m benchmarks.bench_wh6_odds``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from grimorio.games.wh6_magic.odds import casting_odds, clear_cache, dispel_odds, spell_odds

REPEATS = 5  # passes over each argument grid; the median is taken over every single call
COLD_RUNS = 20


def _median_us(call: Callable[..., Any], grid: Sequence[tuple[Any, ...]]) -> float:
    """Median microseconds of one call over all arguments in ``grid``, after a warm-up pass."""
    for args in grid:
        call(*args)  # warm-up fills the per-dice caches, so only the query itself is timed
    samples = []
    for _ in range(REPEATS):
        for args in grid:
            start = time.perf_counter_ns()
            call(*args)
            samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1000


def _cold_us() -> float:
    """Median microseconds of a first spell_odds call with every cache emptied."""
    samples = []
    for _ in range(COLD_RUNS):
        clear_cache()
        start = time.perf_counter_ns()
        spell_odds(6, 9, 6)
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1000


def bench_rows() -> list[tuple[str, float, str]]:
    """(label, median value, unit) rows for the benchmark report."""
    dice = range(1, 7)
    casting = list(product(dice, range(3, 16), (-1, 0, 2)))
    dispel = list(product(dice, range(1, 31, 3), (0, 1, 2)))
    policies = ("always", "never", "scroll", "above:10")
    spell = [(n, d, m, 0, 0, p) for n, d, m, p in product(dice, (5, 9, 13), dice, policies)]
    cold = _cold_us()
    return [
        ("wh6 odds: casting_odds query", _median_us(casting_odds, casting), "µs"),
        ("wh6 odds: dispel_odds query", _median_us(dispel_odds, dispel), "µs"),
        ("wh6 odds: spell_odds query", _median_us(spell_odds, spell), "µs"),
        ("wh6 odds: cold first spell_odds (6 + 6 dice)", cold, "µs"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench_rows():
        print(f"{label:<48} {value:10.1f} {unit}")
