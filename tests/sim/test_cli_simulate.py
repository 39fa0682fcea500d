"""`grimorio simulate` driven as a user would."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimorio.cli.main import app
from grimorio.core.record import Match
from grimorio.sim import backends
from grimorio.sim.runner import GameResult, SimConfig

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_a_small_run_prints_the_tables(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    code, text = _run("tictactoe", "-n", "20", "--agents", "random,random", "--jobs", "1",
                      "--out", str(out), "--lang", "en")
    assert code == 0, text
    assert "tictactoe: 20 games, random vs random, seeds 0..19" in text
    assert "20/20" in text                                    # the progress bar
    for heading in ("By agent (20 games)", "By seat (20 games)", "win % (95 % CI)",
                    "Returns by agent", "Game length", "games/s"):
        assert heading in text, heading
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == list(range(20))
    assert all(line["seed"] == line["index"] and len(line["returns"]) == 2 for line in lines)


def test_spanish_headings() -> None:
    code, text = _run("tictactoe", "-n", "5", "--agents", "random,random", "--jobs", "1",
                      "--lang", "es")
    assert code == 0, text
    assert "Por agente (5 partidas)" in text and "Por asiento" in text


@pytest.mark.parametrize(("args", "message"), [
    (["nope", "--agents", "random,random"], "unknown game 'nope'"),
    (["tictactoe", "--agents", "random,bogus"], "unknown agent 'bogus'"),
    (["tictactoe", "--agents", "random"], "give exactly 2 agents"),
    (["tictactoe", "--agents", "random,random,random"], "give exactly 2 agents"),
    (["wh6-magic", "--agents", "random,random", "-o", "turns=0"], "turns"),
    (["wh6-magic", "--agents", "random,random", "-o", "colour=red"], "unknown option 'colour'"),
    (["wh6-magic", "--agents", "random,random", "-o", "turns"], "key=value"),
    (["tictactoe", "--agents", "random,random", "-n", "0"], "at least 1"),
    (["tictactoe", "--agents", "random,random", "--jobs", "0"], "--jobs must be at least 1"),
    (["tictactoe", "--agents", "random,random", "--backend", "spark"], "unknown backend"),
    (["tictactoe", "--agents", "random,random", "--address", "auto"], "--backend ray"),
    (["tictactoe", "--agents", "random,random", "--lang", "fr"], "unknown language"),
])
def test_bad_configurations_exit_2_and_start_nothing(
        args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("a backend was started")

    monkeypatch.setattr(backends, "open_backend", refuse)
    out, records = tmp_path / "out.jsonl", tmp_path / "records"
    code, text = _run(*args, "--out", str(out), "--records", str(records))
    assert code == 2, text
    assert message in " ".join(text.split()), text
    assert not out.exists() and not records.exists()


def test_json_summary_records_and_plot(tmp_path: Path) -> None:
    records, plot = tmp_path / "records", tmp_path / "report.png"
    result = runner.invoke(app, ["simulate", "wh6-magic", "-n", "6", "--agents",
                                 "random,random", "--jobs", "1", "--seed", "40", "-o", "turns=1",
                                 "--rotate-seats", "--records", str(records), "--plot", str(plot),
                                 "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["finished"] == 6 and document["requested"] == 6
    assert document["options"]["turns"] == 1 and document["seed"] == 40
    assert not document["interrupted"]
    assert [a["games"] for a in document["agents"]] == [6, 6]
    assert sum(b["count"] for b in document["length"]["histogram"]) == 6
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    files = sorted(records.glob("game-*.json"))
    assert len(files) == 6
    match = Match.load(records / "game-3.json")
    assert match.seed == 43 and match.state.is_terminal()
    replay = runner.invoke(app, ["replay", str(records / "game-3.json")])
    assert replay.exit_code == 0 and "✓" in replay.output


def test_ctrl_c_keeps_the_finished_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = backends.iter_results

    def interrupted_after_seven(config: SimConfig, backend: backends.Backend,
                                keep_records: bool = False) -> Iterator[GameResult]:
        for count, result in enumerate(real(config, backend, keep_records), start=1):
            yield result
            if count == 7:
                raise KeyboardInterrupt

    monkeypatch.setattr(backends, "iter_results", interrupted_after_seven)
    out = tmp_path / "out.jsonl"
    code, text = _run("tictactoe", "-n", "100", "--agents", "random,random", "--jobs", "1",
                      "--out", str(out), "--lang", "en")
    assert code == 130, text
    assert "Interrupted" in text and "By agent (7 games)" in text
    assert len(out.read_text().splitlines()) == 7
    result = runner.invoke(app, ["simulate", "tictactoe", "-n", "100", "--agents",
                                 "random,random", "--jobs", "2", "--json"])
    assert result.exit_code == 130
    document = json.loads(result.stdout)
    assert document["interrupted"] and document["finished"] == 7
    assert document["requested"] == 100
