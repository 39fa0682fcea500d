"""mage-wars engine speed: whole random games (Apprentice, full duels, 3 and 4 seats), the legal
list at every decision, clone, and the MCTS decision rate.

* random games: one per apprentice matchup (the 16 ordered pairs of classes, mirror matches
  included), each to a winner or the 30-round limit (MW-S9); median ms per game; target ≤ 100 ms;
* `legal_actions` on every decision of those games: median, p99 and max µs; target ≤ 5 ms;
* clone: median µs of `clone()` on a mid-game position;
* MCTS: search iterations per second of `mcts:iters=200,depth=0` (heuristic leaves) on mid-game
  positions, the median of a few;
* random full games (`mode=full`, Chapter VII mages, the full arena): the Beastmaster's against
  the Priestess's starter spellbook (the first pair of starter books that could play, kept for
  comparison with the earlier figures); median ms of a few games to a winner or the 30-round
  limit; no target yet;
* random full games between every pair of the four starter books (the 6 pairs, each with both
  seat orders, 12 games): median ms per game;
* multiplayer (Chapter IX, `mode=full`): a random 3-player free-for-all and a random 4-player
  teams game (2 v 2), median ms per game to the end (a winner, a winning team or the 30-round
  limit), and ms per round over those games (a duel's row is given for comparison);
  `legal_actions` median / p99 µs over every decision of 4-seat games.

How the game figures are taken: benchmarks/game_speed.py. Run directly
(``python -m benchmarks.bench_mage_wars``) or collect :func:`bench_rows`.
"""

from __future__ import annotations

import itertools
import random
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
from grimorio.games.mage_wars.state import MageWarsState

CLASSES = ("beastmaster", "priestess", "warlock", "wizard")
MATCHUPS = tuple(itertools.product(CLASSES, CLASSES))
MCTS_ITERS = 200
FULL_GAMES = {"mode": "full", "classes": "beastmaster,priestess"}   # every card implemented
FULL_SEEDS = range(6)
BOOK_PAIRS = tuple(itertools.combinations(CLASSES, 2))      # 6 pairs of starter books
MULTI = {"3-player free-for-all": {"mode": "full", "players": 3},
         "4-player teams game": {"mode": "full", "players": 4}}
MULTI_SEEDS = range(6)
LEGAL_4_SEEDS = range(2)
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


def _pair_options(index: int) -> dict[str, Any]:
    """Each pair of starter books in both seat orders (even index: as listed, odd: swapped)."""
    first, second = BOOK_PAIRS[index // 2 % len(BOOK_PAIRS)]
    if index % 2:
        first, second = second, first
    return {"mode": "full", "classes": f"{first},{second}"}


def book_pairs_median_ms() -> float:
    """Median ms of a random full game over every pair of starter books and both seat orders."""
    game_ms("mage-wars", 10_000, **_pair_options(0))
    return statistics.median(game_ms("mage-wars", index, **_pair_options(index))
                             for index in range(2 * len(BOOK_PAIRS)))


def game_ms_rounds(seed: int, **options: Any) -> tuple[float, int]:
    """One random game through the checked path (as `game_ms`): ms and rounds played."""
    game = grimorio.load_game("mage-wars", **options)
    chooser = random.Random(seed)
    start = time.perf_counter()
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    elapsed = (time.perf_counter() - start) * 1000
    assert isinstance(state, MageWarsState)
    return elapsed, state.round


def per_game_and_round(seeds: range, **options: Any) -> tuple[float, float]:
    """Median ms per game and ms per round (total time over total rounds), after a warm-up."""
    game_ms("mage-wars", 10_000, **options)
    runs = [game_ms_rounds(seed, **options) for seed in seeds]
    return (statistics.median(ms for ms, _ in runs),
            sum(ms for ms, _ in runs) / sum(rounds for _, rounds in runs))


def multiplayer_rows() -> list[Row]:
    """The 3-player free-for-all and the 4-player teams game, per game and per round, and the
    Beastmaster-Priestess duel per round (the same full mages and books, two seats)."""
    rows: list[Row] = []
    for name, options in MULTI.items():
        per_game, per_round = per_game_and_round(MULTI_SEEDS, **options)
        rows.append((f"mage-wars: random {name}", per_game, "ms"))
        rows.append((f"mage-wars: random {name}, per round", per_round, "ms"))
    _, duel_round = per_game_and_round(FULL_SEEDS, **FULL_GAMES)
    rows.append(("mage-wars: random full duel (starter books), per round", duel_round, "ms"))
    return rows


def all_legal_timings() -> list[float]:
    timings: list[float] = []
    for seed in range(len(MATCHUPS)):
        timings += legal_timings("mage-wars", [seed], **_options(seed))
    return timings


def four_seat_legal_timings() -> list[float]:
    """µs of `legal_actions` at every decision of random 4-seat games (2 v 2)."""
    return legal_timings("mage-wars", LEGAL_4_SEEDS, **MULTI["4-player teams game"])


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
    legal4 = four_seat_legal_timings()
    return [
        ("mage-wars: random apprentice game", game_median_ms(), "ms"),
        ("mage-wars: legal_actions median", statistics.median(legal), "µs"),
        ("mage-wars: legal_actions p99", percentile(legal, 0.99), "µs"),
        ("mage-wars: legal_actions max", max(legal), "µs"),
        ("mage-wars: decisions timed", float(len(legal)), "calls"),
        ("mage-wars: clone", clone_us(mid_game("mage-wars", 3, 150)), "µs"),
        ("mage-wars: MCTS iterations (depth=0)", mcts_iterations_per_second(), "iter/s"),
        ("mage-wars: random full game (starter books)", full_game_median_ms(), "ms"),
        ("mage-wars: random full game, every pair of starter books", book_pairs_median_ms(),
         "ms"),
        *multiplayer_rows(),
        ("mage-wars: 4-seat legal_actions median", statistics.median(legal4), "µs"),
        ("mage-wars: 4-seat legal_actions p99", percentile(legal4, 0.99), "µs"),
        ("mage-wars: 4-seat decisions timed", float(len(legal4)), "calls"),
    ]


if __name__ == "__main__":
    grimorio.load_game("mage-wars")
    for label, value, unit in bench_rows():
        print(f"{label:<44} {value:10.1f} {unit:<6} {vs_target(TARGETS, label, value)}")
