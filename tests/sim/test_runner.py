"""Games as pure functions of (configuration, index): seeds, seats, records, backends."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from grimorio.core.record import Match
from grimorio.sim.backends import Chunker, collect
from grimorio.sim.runner import (
    GameResult,
    SimConfig,
    SimulationError,
    agent_seed,
    play_one,
    split_agents,
    validate,
)


def test_split_agents_keeps_parameters_with_their_agent() -> None:
    assert split_agents("mcts:iters=200,random") == ["mcts:iters=200", "random"]
    assert split_agents("mcts:iters=200,c=1.4,random") == ["mcts:iters=200,c=1.4", "random"]
    assert split_agents(" random , mcts:time=0.5 ") == ["random", "mcts:time=0.5"]
    assert split_agents("random,random,random,random") == ["random"] * 4
    with pytest.raises(SimulationError, match="no agent"):
        split_agents("iters=3,random")
    with pytest.raises(SimulationError, match="empty"):
        split_agents("random,,random")


def test_validation_names_what_is_wrong() -> None:
    with pytest.raises(SimulationError, match="unknown game 'nope'"):
        validate("nope", ["random", "random"], 10)
    with pytest.raises(SimulationError, match="unknown agent 'bogus'"):
        validate("tictactoe", ["random", "bogus"], 10)
    with pytest.raises(SimulationError, match="takes no parameters"):
        validate("tictactoe", ["random:x=1", "random"], 10)
    with pytest.raises(SimulationError, match="exactly 2 agents"):
        validate("tictactoe", ["random"], 10)
    with pytest.raises(SimulationError, match="exactly 2 agents"):
        validate("tictactoe", ["random"] * 3, 10)
    with pytest.raises(SimulationError, match="unknown option 'nope'"):
        validate("wh6-magic", ["random", "random"], 10, options={"nope": "1"})
    with pytest.raises(SimulationError, match="turns"):
        validate("wh6-magic", ["random", "random"], 10, options={"turns": "0"})
    with pytest.raises(SimulationError, match="at least 1"):
        validate("tictactoe", ["random", "random"], 0)


def test_game_i_is_played_with_seed_s_plus_i_and_can_be_rebuilt_alone(tmp_path: Path) -> None:
    config = validate("wh6-magic", ["random", "random"], 6, seed=1000, options={"turns": "1"})
    run = collect(config, jobs=1, keep_records=True)
    assert [r.index for r in run.results] == list(range(6))
    for result in run.results:
        assert result.seed == 1000 + result.index
        assert result.record is not None and result.record["seed"] == result.seed
        assert result.record["options"]["turns"] == 1
        # Game i alone, in a fresh call, is the same game.
        alone = play_one(config, result.index)
        assert alone.deterministic() == result.deterministic()
        # Its record replays (every digest checked) to the same final position.
        path = tmp_path / f"game-{result.index}.json"
        path.write_text(json.dumps(result.record))
        replayed = Match.load(path)
        assert replayed.state.digest() == result.digest
        assert replayed.state.returns() == list(result.returns)
        assert len([s for s in replayed.steps if s.action is not None]) == result.length
    # Base seed 1001 starts game 0 from the position (and dice stream) of game 1 above; the
    # agents are seeded from (base seed, index, seat), so they play it differently.
    other = collect(validate("wh6-magic", ["random", "random"], 6, seed=1001,
                             options={"turns": "1"}), jobs=1, keep_records=True)
    first, second = other.results[0].record, run.results[1].record
    assert first is not None and second is not None
    assert first["initial_digest"] == second["initial_digest"]
    assert [r.digest for r in other.results] != [r.digest for r in run.results]


def test_agent_seeds_depend_on_the_base_seed_the_game_and_the_seat() -> None:
    config = SimConfig("tictactoe", ("random", "random"), seed=3)
    seeds = {agent_seed(config, i, s) for i in range(50) for s in range(2)}
    assert len(seeds) == 100
    assert agent_seed(config, 4, 1) == agent_seed(SimConfig("tictactoe", ("x", "y"), seed=3),
                                                  4, 1)


def test_rotated_seats_move_the_agents_and_keep_their_specs() -> None:
    config = validate("tictactoe", ["random", "random"], 6, rotate_seats=True)
    results = collect(config, jobs=1).results
    assert [r.agents for r in results] == [(0, 1), (1, 0)] * 3
    fixed = collect(validate("tictactoe", ["random", "random"], 6), jobs=1).results
    assert all(r.agents == (0, 1) for r in fixed)
    # Seats change who plays, not the dice seed.
    assert [r.seed for r in results] == [r.seed for r in fixed]


def test_results_round_trip_through_json_lines() -> None:
    config = validate("tictactoe", ["random", "random"], 5)
    for result in collect(config, jobs=1).results:
        line = json.dumps(result.to_json())
        back = GameResult.from_json(json.loads(line))
        assert back.deterministic() == result.deterministic()
        assert "record" not in json.loads(line)


def test_in_process_and_local_processes_agree_game_by_game() -> None:
    for game, n in (("tictactoe", 40), ("wh6-magic", 40)):
        config = validate(game, ["random", "random"], n, seed=7, rotate_seats=True)
        alone = collect(config, jobs=1)
        pool = collect(config, jobs=2)
        assert alone.jobs == 1 and pool.jobs == 2 and not pool.interrupted
        assert [r.deterministic() for r in alone.results] == \
            [r.deterministic() for r in pool.results]
        assert len({r.digest for r in pool.results}) > 1
    assert multiprocessing.active_children() == []


def test_a_failing_game_is_reported_with_its_index_and_seed() -> None:
    config = SimConfig("tictactoe", ("random", "random"), n=3, seed=5, max_actions=2)
    with pytest.raises(SimulationError, match=r"game 0 \(seed 5\) did not end"):
        collect(config, jobs=1)
    with pytest.raises(SimulationError, match=r"did not end after 2 actions"):
        collect(config, jobs=2)
    assert multiprocessing.active_children() == []


def test_chunks_cover_every_game_once_and_grow_for_fast_games() -> None:
    chunker = Chunker(n=1000, jobs=2)
    first = chunker.take()
    assert first == [0]
    chunker.done([GameResult(0, 0, (0, 1), ("a", "b"), (0.0, 0.0), 1, (0, 1), "",
                             seconds=0.001)])
    second = chunker.take()
    assert second[0] == 1 and len(second) > 100
    taken = first + second
    while chunk := chunker.take():
        taken += chunk
    assert taken == list(range(1000))


def test_interrupting_keeps_the_games_finished_so_far() -> None:
    config = validate("tictactoe", ["random", "random"], 500)
    seen: list[int] = []

    def stop_after_five(result: GameResult) -> None:
        seen.append(result.index)
        if len(seen) == 5:
            raise KeyboardInterrupt

    for jobs in (1, 2):
        seen.clear()
        run = collect(config, jobs=jobs, on_result=stop_after_five)
        assert run.interrupted and len(run.results) == 5
        assert sorted(seen) == [r.index for r in run.results]
        reference = {r.index: r.deterministic() for r in collect(
            validate("tictactoe", ["random", "random"], 500), jobs=1).results}
        assert all(r.deterministic() == reference[r.index] for r in run.results)
    assert multiprocessing.active_children() == []
