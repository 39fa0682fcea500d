"""warcraft engine speed: whole random games, the legal list at every decision, clone.

* random generic 2-player games (default options: random races, turn limit 25, WC-X13): median
  ms per game over `SEEDS` seeds; target ≤ 200 ms; the 4-player generic game and each scenario
  are reported too;
* `legal_actions` on every decision of the 2-player games: median, p99 and max µs; target ≤ 5 ms;
* clone: median µs of `clone()` on a mid-game position.

How each figure is taken: benchmarks/game_speed.py. Run directly
(``python -m benchmarks.bench_warcraft``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import statistics

from benchmarks.game_speed import (
    clone_us,
    legal_timings,
    median_game_ms,
    mid_game,
    percentile,
    vs_target,
)

SEEDS = range(16)
SCENARIOS = ("generic-4p", "elf-gate", "march-of-the-necromancers", "the-prisoners",
             "nordrassil")
TARGETS = {"warcraft: random 2-player game": 200.0, "warcraft: legal_actions": 5000.0}

Row = tuple[str, float, str]


def bench_rows() -> list[Row]:
    """(label, value, unit) rows; run.py adds the ratios to the targets."""
    legal = legal_timings("warcraft", SEEDS)
    rows: list[Row] = [("warcraft: random 2-player game", median_game_ms("warcraft", SEEDS),
                        "ms")]
    rows += [(f"warcraft: random {name} game", median_game_ms("warcraft", range(6),
                                                              scenario=name), "ms")
             for name in SCENARIOS]
    return [
        *rows,
        ("warcraft: legal_actions median", statistics.median(legal), "µs"),
        ("warcraft: legal_actions p99", percentile(legal, 0.99), "µs"),
        ("warcraft: legal_actions max", max(legal), "µs"),
        ("warcraft: decisions timed", float(len(legal)), "calls"),
        ("warcraft: clone", clone_us(mid_game("warcraft", 3, 200)), "µs"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench_rows():
        print(f"{label:<44} {value:10.1f} {unit:<6} {vs_target(TARGETS, label, value)}")
