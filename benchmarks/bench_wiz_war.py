"""wiz-war engine speed: whole random games, the legal list at every decision, clone.

* random games (2, 3 and 4 players, default options, turn limit 40): median ms per game over
  `SEEDS` seeds; target ≤ 100 ms for 2 players;
* `legal_actions` on every decision of the 2-player games: median, p99 and max µs; target ≤ 5 ms
  (5000 µs);
* clone: median µs of `clone()` on a mid-game position.

How each figure is taken: benchmarks/game_speed.py. Run directly
(``python -m benchmarks.bench_wiz_war``) or collect :func:`bench_rows`.
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

SEEDS = range(24)
# The targets (also in run.py's TARGETS, which prints the ratios in `make bench`).
TARGETS = {"wiz-war: random 2-player game": 100.0, "wiz-war: legal_actions": 5000.0}

Row = tuple[str, float, str]


def bench_rows() -> list[Row]:
    """(label, value, unit) rows; run.py adds the ratios to the targets."""
    legal = legal_timings("wiz-war", SEEDS)
    return [
        ("wiz-war: random 2-player game", median_game_ms("wiz-war", SEEDS, players=2), "ms"),
        ("wiz-war: random 3-player game", median_game_ms("wiz-war", SEEDS, players=3), "ms"),
        ("wiz-war: random 4-player game", median_game_ms("wiz-war", SEEDS, players=4), "ms"),
        ("wiz-war: legal_actions median", statistics.median(legal), "µs"),
        ("wiz-war: legal_actions p99", percentile(legal, 0.99), "µs"),
        ("wiz-war: legal_actions max", max(legal), "µs"),
        ("wiz-war: decisions timed", float(len(legal)), "calls"),
        ("wiz-war: clone", clone_us(mid_game("wiz-war", 3, 60)), "µs"),
    ]


if __name__ == "__main__":
    for label, value, unit in bench_rows():
        print(f"{label:<40} {value:10.1f} {unit:<6} {vs_target(TARGETS, label, value)}")
