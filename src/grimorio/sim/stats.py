"""The numbers of a simulation: win, draw and loss rates with Wilson intervals, game lengths,
returns and speed. Pure functions of the results (sorted by game index first, so the numbers
never depend on the order in which games finished).

Outcomes: in each game the seats with the highest return share the top. A seat *wins* when it
is alone at the top, or shares a positive top with some but not all seats (team-mates: a team's
win scores +1 for each of them); it *draws* when every seat shares the top, or when the shared
top is 0 or less (the sides whose last pieces fell together); otherwise it *loses*. So in a
four-seat game where two seats tie for the top at +1, those two win; tied at 0, they draw; and
the other two lose.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grimorio.sim.runner import GameResult

Z95 = 1.959963984540054  # the 97.5 % quantile of the standard normal
DISCRETE_VALUES = 12     # at most this many distinct values: show every value with its count
HISTOGRAM_BINS = 20


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `k` successes in `n` trials (95 % by default).

    With no trials nothing is known: (0, 1).
    """
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At k = 0 and k = n the bounds are exactly 0 and 1 (rounding would leave 1e-17).
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Rate:
    """`k` of `n`, with its Wilson 95 % interval."""

    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.k, "games": self.n, "rate": self.value, "low": low, "high": high}


@dataclass(frozen=True)
class Distribution:
    """Count, mean, spread and shape of a list of numbers."""

    count: int
    mean: float
    stdev: float
    minimum: float
    median: float
    maximum: float
    values: dict[float, int] | None      # every value and its count, when there are few

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count, "mean": self.mean, "stdev": self.stdev,
                               "min": self.minimum, "median": self.median,
                               "max": self.maximum}
        if self.values is not None:
            out["values"] = {_number(v): c for v, c in self.values.items()}
        return out


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def distribution(values: Sequence[float]) -> Distribution:
    if not values:
        return Distribution(0, 0.0, 0.0, 0.0, 0.0, 0.0, {})
    counts = Counter(float(v) for v in values)
    return Distribution(
        count=len(values), mean=statistics.fmean(values),
        stdev=statistics.stdev(values) if len(values) > 1 else 0.0,
        minimum=float(min(values)), median=float(statistics.median(values)),
        maximum=float(max(values)),
        values=dict(sorted(counts.items())) if len(counts) <= DISCRETE_VALUES else None,
    )


def histogram(values: Sequence[int], bins: int = HISTOGRAM_BINS) -> list[tuple[int, int, int]]:
    """Integer values in at most `bins` bins of equal integer width: (low, high, count), both
    ends included, from the smallest value to the largest."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((v - low) // width for v in values)
    last = (high - low) // width
    return [(low + b * width, low + (b + 1) * width - 1, counts.get(b, 0))
            for b in range(last + 1)]


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of one agent (over its seats) or one seat (over its agents)."""

    label: str
    games: int
    wins: int
    draws: int
    losses: int
    returns: Distribution

    @property
    def win(self) -> Rate:
        return Rate(self.wins, self.games)

    @property
    def draw(self) -> Rate:
        return Rate(self.draws, self.games)

    @property
    def loss(self) -> Rate:
        return Rate(self.losses, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "games": self.games, "wins": self.win.to_json(),
                "draws": self.draw.to_json(), "losses": self.loss.to_json(),
                "returns": self.returns.to_json()}


def tally(label: str, outcomes: Sequence[tuple[str, float]]) -> Tally:
    """A tally from (outcome, return) pairs."""
    counts = Counter(outcome for outcome, _ in outcomes)
    return Tally(label, len(outcomes), counts["win"], counts["draw"], counts["loss"],
                 distribution([value for _, value in outcomes]))


def by_agent(results: Sequence[GameResult], labels: Sequence[str]) -> list[Tally]:
    """One tally per agent (position in the configuration), wherever it sat."""
    out = []
    for agent, label in enumerate(labels):
        pairs = []
        for result in results:
            seat = result.seat_of(agent)
            pairs.append((result.outcome(seat), result.returns[seat]))
        out.append(tally(label, pairs))
    return out


def by_seat(results: Sequence[GameResult], labels: Sequence[str]) -> list[Tally]:
    """One tally per seat, whoever sat there."""
    return [tally(label, [(r.outcome(seat), r.returns[seat]) for r in results])
            for seat, label in enumerate(labels)]


def sign_test(wins_a: int, wins_b: int) -> float:
    """Two-sided exact binomial test of "A and B win equally often" over the decisive games."""
    n = wins_a + wins_b
    if n == 0:
        return 1.0
    k = min(wins_a, wins_b)
    log_half = n * math.log(0.5)
    tail = sum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                        + log_half) for i in range(k + 1))
    return min(1.0, 2 * tail)


@dataclass(frozen=True)
class Summary:
    """Everything the report shows."""

    game: str
    options: dict[str, Any]
    seed: int
    requested: int
    finished: int
    interrupted: bool
    agents: list[Tally]
    seats: list[Tally]
    length: Distribution
    length_histogram: list[tuple[int, int, int]]
    elapsed: float
    games_per_second: float
    cpu_seconds_per_game: float
    p_value: float | None      # two agents: the sign test of their wins

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "seed": self.seed,
            "requested": self.requested, "finished": self.finished,
            "interrupted": self.interrupted,
            "agents": [t.to_json() for t in self.agents],
            "seats": [t.to_json() for t in self.seats],
            "length": {**self.length.to_json(),
                       "histogram": [{"low": lo, "high": hi, "count": c}
                                     for lo, hi, c in self.length_histogram]},
            "elapsed_seconds": self.elapsed, "games_per_second": self.games_per_second,
            "cpu_seconds_per_game": self.cpu_seconds_per_game,
            "p_value": self.p_value,
        }


def agent_labels(specs: Sequence[str]) -> list[str]:
    """The specs, numbered where the same spec plays more than one seat."""
    counts = Counter(specs)
    return [spec if counts[spec] == 1 else f"{spec} #{i + 1}" for i, spec in enumerate(specs)]


def summarize(results: Sequence[GameResult], *, game: str, specs: Sequence[str],
              seat_names: Sequence[str], seed: int = 0, requested: int | None = None,
              options: dict[str, Any] | None = None, elapsed: float = 0.0,
              interrupted: bool = False) -> Summary:
    ordered = sorted(results, key=lambda r: r.index)
    agents = by_agent(ordered, agent_labels(specs))
    lengths = [r.length for r in ordered]
    p_value = sign_test(agents[0].wins, agents[1].wins) if len(agents) == 2 else None
    return Summary(
        game=game, options=dict(options or {}), seed=seed,
        requested=len(ordered) if requested is None else requested, finished=len(ordered),
        interrupted=interrupted, agents=agents, seats=by_seat(ordered, seat_names),
        length=distribution(lengths), length_histogram=histogram(lengths), elapsed=elapsed,
        games_per_second=len(ordered) / elapsed if elapsed > 0 else 0.0,
        cpu_seconds_per_game=(statistics.fmean(r.seconds for r in ordered) if ordered
                              else 0.0),
        p_value=p_value,
    )
