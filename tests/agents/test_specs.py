"""Agent specs, parameter checks, budgets, determinism and bots as command-line seats."""

from __future__ import annotations

import random
import time

import pytest
from typer.testing import CliRunner

import grimorio
from grimorio.agents import AGENTS, make_agent, observe, parse_spec
from grimorio.agents.arena import play
from grimorio.agents.base import Agent, Observation
from grimorio.agents.greedy import GreedyAgent
from grimorio.agents.ismcts import ISMCTSAgent
from grimorio.agents.mcts import MCTSAgent
from grimorio.cli.main import app

TTT = grimorio.load_game("tictactoe")


def test_the_search_agents_are_registered() -> None:
    assert {"random", "greedy", "mcts", "ismcts"} <= set(AGENTS)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("mcts"), MCTSAgent)
    assert isinstance(make_agent("ismcts:iters=2000"), ISMCTSAgent)


def test_specs_parse_into_typed_parameters() -> None:
    assert parse_spec("mcts:iters=800,c=1.4") == ("mcts", {"iters": "800", "c": "1.4"})
    agent = make_agent("mcts:iters=800,c=1.4,rollout=heuristic,depth=4")
    assert isinstance(agent, MCTSAgent)
    p = agent.params
    assert (p.iters, p.seconds, p.c, p.rollout, p.depth) == (800, None, 1.4, "heuristic", 4)
    timed = make_agent("ismcts:time=0.5")
    assert isinstance(timed, ISMCTSAgent)
    assert (timed.params.iters, timed.params.seconds) == (None, 0.5)  # time alone: no iter cap
    both = make_agent("mcts:iters=10,time=2")
    assert isinstance(both, MCTSAgent) and (both.params.iters, both.params.seconds) == (10, 2.0)
    default = make_agent("mcts")
    assert isinstance(default, MCTSAgent) and default.params.iters == 400
    greedy = make_agent("greedy:samples=3")
    assert isinstance(greedy, GreedyAgent) and greedy.samples == 3


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:itres=5", "unknown parameter 'itres' for mcts (iters, time, c, rollout, depth)"),
    ("ismcts:budget=5", "unknown parameter 'budget' for ismcts (iters, time, c, rollout, depth)"),
    ("greedy:iters=5", "unknown parameter 'iters' for greedy (samples)"),
    ("mcts:iters=0", "iters must be a positive integer"),
    ("mcts:iters=-3", "iters must be a positive integer"),
    ("mcts:iters=1.5", "iters must be a positive integer"),
    ("ismcts:iters=many", "iters must be a positive integer"),
    ("mcts:time=0", "time must be a positive number"),
    ("mcts:time=soon", "time must be a positive number"),
    ("mcts:time=inf", "time must be a positive number"),
    ("mcts:c=-1", "c must be a non-negative number"),
    ("mcts:rollout=smart", "rollout must be one of random, heuristic"),
    ("mcts:depth=-1", "depth must be an integer >= 0"),
    ("greedy:samples=0", "samples must be a positive integer"),
    ("random:iters=5", "takes no parameters"),
    ("alphazero", "unknown agent 'alphazero'"),
    ("mcts:iters", "is not key=value"),
])
def test_bad_specs_are_refused_with_a_clear_message(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_agent(spec)


class _Untouchable(Observation):
    """An observation that fails if anyone samples it: a search would."""

    def sample(self, rng: random.Random) -> grimorio.State:
        raise AssertionError("searched although only one action was legal")


@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=5000", "ismcts:iters=5000"])
def test_one_legal_action_is_played_at_once_without_searching(spec: str) -> None:
    state = TTT.new_initial_state(0, {"board": ["XOX", "XOO", "OX."], "to_move": "X"})
    legal = state.legal_actions()
    assert [a.notation() for a in legal] == ["c3"]
    seen = observe(state, 0)
    agent = make_agent(spec, seed=1)
    start = time.perf_counter()
    assert agent.act(_Untouchable(seen.seat, seen._truth), legal) == legal[0]
    assert time.perf_counter() - start < 0.05
    assert getattr(agent, "last_iterations", 0) == 0


@pytest.mark.parametrize("spec", ["mcts:time=0.2", "ismcts:time=0.2"])
def test_a_time_budget_is_respected(spec: str) -> None:
    state = TTT.new_initial_state(0)
    agent = make_agent(spec, seed=1)
    start = time.perf_counter()
    agent.act(observe(state, 0), state.legal_actions())
    elapsed = time.perf_counter() - start
    assert 0.15 < elapsed < 0.6, elapsed
    assert isinstance(agent, MCTSAgent | ISMCTSAgent)
    assert agent.last_iterations > 50 and agent.last_seconds < 0.6


@pytest.mark.parametrize("spec", ["mcts:iters=30,time=10", "ismcts:iters=30,time=10"])
def test_iterations_stop_the_search_before_the_time_does(spec: str) -> None:
    state = TTT.new_initial_state(0)
    agent = make_agent(spec, seed=1)
    agent.act(observe(state, 0), state.legal_actions())
    assert isinstance(agent, MCTSAgent | ISMCTSAgent)
    assert agent.last_iterations == 30 and agent.last_seconds < 1
    assert sum(agent.last_visits.values()) == 30


def _history(specs: tuple[str, str], seed: int) -> list[str]:
    agents: list[Agent] = [make_agent(specs[0], seed=5), make_agent(specs[1], seed=6)]
    state = TTT.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(observe(state, seat), state.legal_actions()), seat)
    return [a.notation() for a in state.history]


@pytest.mark.parametrize("specs", [("mcts:iters=60", "ismcts:iters=60"),
                                   ("greedy", "mcts:iters=30,rollout=heuristic,depth=2")])
def test_the_same_seed_gives_the_same_choices(specs: tuple[str, str]) -> None:
    for seed in (3, 4):
        first = _history(specs, seed)
        assert len(first) >= 5 and first == _history(specs, seed)


def test_different_agent_seeds_give_different_searches() -> None:
    state = TTT.new_initial_state(0)
    visits = []
    for seed in (1, 2):
        agent = make_agent("mcts:iters=200", seed=seed)
        assert isinstance(agent, MCTSAgent)
        agent.act(observe(state, 0), state.legal_actions())
        visits.append(agent.last_visits)
    assert visits[0] != visits[1]


def test_an_explicit_rng_overrides_the_agents_own() -> None:
    state = TTT.new_initial_state(0)
    first = make_agent("mcts:iters=100", seed=1)
    second = make_agent("mcts:iters=100", seed=2)
    a = first.act(observe(state, 0), state.legal_actions(), random.Random(9))
    b = second.act(observe(state, 0), state.legal_actions(), random.Random(9))
    assert isinstance(first, MCTSAgent) and isinstance(second, MCTSAgent)
    assert a == b and first.last_visits == second.last_visits


def test_heuristic_rollouts_and_depth_cut_offs_play_full_games() -> None:
    for spec in ("mcts:iters=40,rollout=heuristic", "ismcts:iters=40,depth=0",
                 "ismcts:iters=40,rollout=heuristic,depth=3"):
        agents = [make_agent(spec, seed=1), make_agent("random", seed=2)]
        assert play(TTT, agents, 4)[0] in (-1.0, 0.0, 1.0)


runner = CliRunner()


@pytest.mark.parametrize("spec", ["mcts:iters=50", "ismcts:iters=50", "greedy"])
def test_search_agents_take_a_seat_on_the_command_line(spec: str) -> None:
    result = runner.invoke(app, ["play", "tictactoe", "--seat", spec, "--seat", "random",
                                 "--seed", "1", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_a_bad_agent_parameter_on_the_command_line_is_explained() -> None:
    result = runner.invoke(app, ["play", "tictactoe", "--seat", "mcts:itres=50", "--seat",
                                 "random", "--seed", "1"])
    assert result.exit_code == 2
    assert "unknown parameter 'itres' for mcts" in result.output
