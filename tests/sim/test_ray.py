"""The Ray backend (a local Ray of 2 CPUs) gives the same games as the other backends.

One test, so that the suite starts Ray once (it takes seconds): the library backend started on
demand, then `grimorio simulate --backend ray` on the running Ray, then the shutdown.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from grimorio.cli.main import app
from grimorio.sim.backends import collect, iter_results, open_backend
from grimorio.sim.runner import validate

TIMING = ("elapsed_seconds", "games_per_second", "cpu_seconds_per_game", "backend", "jobs",
          "startup_seconds")


@pytest.mark.ray
def test_ray_gives_the_same_games_and_numbers_as_local_processes() -> None:
    ray = pytest.importorskip("ray")
    configs = [validate(game, ["random", "random"], 40, seed=11, rotate_seats=True)
               for game in ("tictactoe", "wh6-magic")]
    expected = [[r.deterministic() for r in collect(config, jobs=1).results]
                for config in configs]
    cli = ["simulate", "tictactoe", "-n", "60", "--agents", "random,random", "--seed", "3",
           "--rotate-seats", "--json"]
    local = CliRunner().invoke(app, [*cli, "--jobs", "1"])
    assert local.exit_code == 0, local.output

    assert not ray.is_initialized()
    backend = open_backend("ray", jobs=2)          # starts a local Ray of 2 CPUs
    try:
        assert backend.jobs == 2 and int(ray.cluster_resources()["CPU"]) == 2
        for config, reference in zip(configs, expected, strict=True):
            results = sorted(iter_results(config, backend), key=lambda r: r.index)
            assert [r.deterministic() for r in results] == reference
        remote = CliRunner().invoke(app, [*cli, "--backend", "ray", "--jobs", "2"])
        assert remote.exit_code == 0, remote.output
        assert ray.is_initialized()                # a Ray it did not start is left running
    finally:
        backend.close(interrupted=False)
    assert not ray.is_initialized()                # the Ray the backend started is stopped

    a, b = json.loads(local.stdout), json.loads(remote.stdout)
    assert (a["backend"], b["backend"], b["jobs"]) == ("local", "ray", 2)
    for key in TIMING:
        a.pop(key), b.pop(key)
    assert a == b and a["finished"] == 60
