"""Statistics against values computed by hand."""

from __future__ import annotations

import pytest

from grimorio.sim.runner import GameResult, SimConfig, winners_of
from grimorio.sim.stats import (
    agent_labels,
    by_agent,
    by_seat,
    distribution,
    histogram,
    sign_test,
    summarize,
    wilson,
)


def test_wilson_intervals_match_hand_computed_values() -> None:
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_sign_test_is_the_exact_two_sided_binomial() -> None:
    assert sign_test(10, 0) == pytest.approx(2 * 0.5 ** 10)
    assert sign_test(0, 10) == pytest.approx(2 * 0.5 ** 10)
    # P(X <= 2) for Binomial(10, 1/2) = (1 + 10 + 45) / 1024, doubled.
    assert sign_test(8, 2) == pytest.approx(2 * 56 / 1024)
    assert sign_test(5, 5) == 1.0
    assert sign_test(0, 0) == 1.0


def test_winners_are_the_seats_with_the_top_return() -> None:
    assert winners_of([1.0, -1.0]) == (0,)
    assert winners_of([0.0, 0.0]) == (0, 1)
    assert winners_of([1.0, 1.0, 0.0]) == (0, 1)
    assert winners_of([0.0, 2.0, 1.0]) == (1,)


def _result(index: int, agents: tuple[int, ...], returns: tuple[float, ...],
            length: int = 10) -> GameResult:
    return GameResult(index=index, seed=index, agents=agents, specs=("a",) * len(agents),
                      returns=returns, length=length, winners=winners_of(returns), digest="",
                      seconds=0.5)


def test_outcomes_with_three_seats_and_a_shared_top() -> None:
    result = _result(0, (0, 1, 2), (0.0, 0.0, -1.0))          # the last two fell together
    assert result.draw
    assert [result.outcome(s) for s in range(3)] == ["draw", "draw", "loss"]
    team = _result(0, (0, 1, 2, 3), (1.0, -1.0, 1.0, -1.0))   # seats 0 and 2 won as a team
    assert not team.draw
    assert [team.outcome(s) for s in range(4)] == ["win", "loss", "win", "loss"]
    level = _result(0, (0, 1), (1.0, 1.0))                   # every seat at the top
    assert level.draw and level.outcome(0) == "draw"
    alone = _result(1, (0, 1, 2), (0.0, 3.0, 1.0))
    assert [alone.outcome(s) for s in range(3)] == ["loss", "win", "loss"]


def test_aggregation_by_agent_and_by_seat_follows_the_rotation() -> None:
    # Agent 0 wins games 0 and 1 (from seat 0, then from seat 1); game 2 is drawn; agent 1
    # wins game 3 from seat 0.
    results = [
        _result(0, (0, 1), (1.0, -1.0), length=5),
        _result(1, (1, 0), (-1.0, 1.0), length=7),
        _result(2, (0, 1), (0.0, 0.0), length=9),
        _result(3, (1, 0), (1.0, -1.0), length=9),
    ]
    agents = by_agent(results, ["A", "B"])
    assert (agents[0].wins, agents[0].draws, agents[0].losses) == (2, 1, 1)
    assert (agents[1].wins, agents[1].draws, agents[1].losses) == (1, 1, 2)
    assert agents[0].win.value == 0.5 and agents[0].returns.mean == pytest.approx(0.25)
    seats = by_seat(results, ["P1", "P2"])
    assert (seats[0].wins, seats[0].draws, seats[0].losses) == (2, 1, 1)
    assert (seats[1].wins, seats[1].draws, seats[1].losses) == (1, 1, 2)
    # The order of arrival does not matter.
    summary = summarize(list(reversed(results)), game="g", specs=["x", "y"],
                        seat_names=["P1", "P2"], requested=10, elapsed=2.0, interrupted=True)
    assert summary.finished == 4 and summary.requested == 10 and summary.interrupted
    assert summary.games_per_second == 2.0 and summary.cpu_seconds_per_game == 0.5
    assert summary.length.mean == 7.5 and summary.length.median == 8.0
    assert summary.length.values == {5.0: 1, 7.0: 1, 9.0: 2}
    assert summary.agents[0].win.interval == pytest.approx(wilson(2, 4))
    assert summary.p_value == pytest.approx(sign_test(2, 1))
    document = summary.to_json()
    assert document["agents"][0]["wins"]["count"] == 2
    assert document["length"]["histogram"] == [
        {"low": 5, "high": 5, "count": 1}, {"low": 6, "high": 6, "count": 0},
        {"low": 7, "high": 7, "count": 1}, {"low": 8, "high": 8, "count": 0},
        {"low": 9, "high": 9, "count": 2}]


def test_an_empty_run_summarizes_without_dividing_by_zero() -> None:
    summary = summarize([], game="g", specs=["x", "y"], seat_names=["P1", "P2"], requested=5)
    assert summary.finished == 0 and summary.agents[0].win.interval == (0.0, 1.0)
    assert summary.games_per_second == 0.0 and summary.length_histogram == []


def test_distribution_and_histogram() -> None:
    dist = distribution([1, 2, 2, 3])
    assert (dist.mean, dist.minimum, dist.median, dist.maximum) == (2.0, 1.0, 2.0, 3.0)
    assert dist.stdev == pytest.approx((2 / 3) ** 0.5)
    assert distribution([float(i) for i in range(50)]).values is None  # too many to list
    assert histogram([1, 2, 2, 3]) == [(1, 1, 1), (2, 2, 2), (3, 3, 1)]
    bins = histogram(list(range(100)), bins=20)
    assert len(bins) == 20 and bins[0] == (0, 4, 5) and bins[-1] == (95, 99, 5)
    assert sum(count for _, _, count in histogram([3, 50, 51, 200])) == 4


def test_agent_labels_number_repeated_specs() -> None:
    assert agent_labels(["mcts:iters=200", "random"]) == ["mcts:iters=200", "random"]
    assert agent_labels(["random", "random"]) == ["random #1", "random #2"]


def test_seat_rotation_and_seeds_of_the_configuration() -> None:
    config = SimConfig("any", ("a", "b", "c"), n=10, seed=100, rotate_seats=True)
    assert config.seat_agents(0) == (0, 1, 2)
    assert config.seat_agents(1) == (2, 0, 1)     # agent 0 moved to seat 1
    assert config.seat_agents(4) == (2, 0, 1)
    assert config.game_seed(7) == 107
    fixed = SimConfig("any", ("a", "b", "c"), rotate_seats=False)
    assert fixed.seat_agents(5) == (0, 1, 2)
