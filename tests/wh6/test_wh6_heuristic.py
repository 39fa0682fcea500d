"""The bots' evaluation of a wh6-magic position (`grimorio.games.wh6_magic.heuristic`).

It is zero-sum by design: evaluate(s, 0) == -evaluate(s, 1) exactly, at every position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from wh6kit import end_phase, make, setup, troop

import grimorio
from grimorio.agents.heuristics import evaluator_for
from grimorio.games.wh6_magic import heuristic
from grimorio.games.wh6_magic.heuristic import evaluate

GAMES: list[dict[str, Any]] = [{}, {"scenario": "wizard-duel"}, {"turns": 4},
                               {"first": 1, "dispel_stacking": "all"}]


def _playthrough(options: dict[str, Any], seed: int) -> list[grimorio.State]:
    """Every position of one random game, the end included."""
    state = grimorio.load_game("wh6-magic", **options).new_initial_state(seed)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


def _ahead(models_left: int, **options: Any) -> grimorio.State:
    """The rules-test battle where Red's warriors (20 models, 5 points each) already lost some."""
    state: grimorio.State = make(_setup_ahead(models_left), **options).state
    return state


def test_the_agents_find_it() -> None:
    assert evaluator_for(grimorio.load_game("wh6-magic")) is heuristic.evaluate


@pytest.mark.parametrize("options", GAMES)
def test_in_range_zero_sum_and_the_returns_at_the_end(options: dict[str, Any]) -> None:
    for seed in range(8):
        states = _playthrough(options, seed)
        for state in states:
            mine, theirs = evaluate(state, 0), evaluate(state, 1)
            assert -1.0 <= mine <= 1.0
            assert mine == -theirs
        end = states[-1]
        assert end.is_terminal()
        assert [evaluate(end, 0), evaluate(end, 1)] == end.returns()


def test_the_returns_at_the_end_win_lose_and_draw() -> None:
    """A battle of one game turn: Blue's scored lead wins, a clean sheet is a draw."""
    for models_left, expected in ((12, [1.0, -1.0]), (20, [0.0, 0.0])):
        state = _ahead(models_left, turns=1)
        for action in ("end", "end"):
            state.apply(action)
            while not state.is_terminal() and "done" in [a.notation()
                                                          for a in state.legal_actions()]:
                state.apply("done")
        assert state.is_terminal() and state.returns() == expected
        assert [evaluate(state, 0), evaluate(state, 1)] == expected


def test_the_side_ahead_in_points_is_valued_higher() -> None:
    even = _ahead(20)  # no score yet; Blue, about to cast with 12 power dice, a little ahead
    small, large = _ahead(16), _ahead(8)  # Blue already scored 20 and 60 points
    assert 0.0 < evaluate(even, 0) < 0.3
    assert evaluate(even, 0) < evaluate(small, 0) < evaluate(large, 0) < 1.0
    assert evaluate(large, 1) < evaluate(small, 1) < evaluate(even, 1) < 0.0


def test_the_same_lead_counts_for_more_as_the_magic_runs_out() -> None:
    """With one phase left a 20 point lead is nearly a win; with eight phases left it is not."""
    early = _ahead(16, turns=4)
    sc = make(_setup_ahead(16), turns=1)
    end_phase(sc)  # Blue's phase is over: only Red's is left
    late = sc.state
    assert 0.0 < evaluate(early, 0) < evaluate(late, 0) < 1.0
    assert evaluate(late, 0) > 0.8


def test_red_ahead_mirrors_blue_ahead() -> None:
    data = setup()
    troop(data, "u1")["models_left"] = 4  # Blue's guards lost 6 models of 10 points
    state = make(data).state
    assert state.document()["state"]["score"] == [0.0, 60.0]
    assert evaluate(state, 1) > 0.5 > 0.0 > -0.5 > evaluate(state, 0)


def test_a_fresh_battle_is_close_to_even() -> None:
    for options in GAMES:
        state = grimorio.load_game("wh6-magic", **options).new_initial_state(0)
        assert abs(evaluate(state, 0)) < 0.2


def test_quiet_search_copies_are_valued_alike() -> None:
    for state in _playthrough({}, 3)[::3]:
        quiet = state.clone(quiet=True)
        assert evaluate(quiet, 0) == evaluate(state, 0)


def _setup_ahead(models_left: int) -> dict[str, Any]:
    data: dict[str, Any] = setup()
    troop(data, "u2")["models_left"] = models_left
    return data
