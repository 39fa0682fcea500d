"""The command line, driven as a user would: typed input, saved files, replays, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimorio.cli.main import app

runner = CliRunner()


def _run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_play_by_number_and_notation_then_save_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    # X plays a1 (by number), b1... against a second human: a full game typed in.
    code, out = _run("play", "tictactoe", "--seat", "human", "--seat", "human", "--seed", "3",
                     "--save", str(record), "--lang", "en",
                     input="1\na2\nb1\nb2\nc1\n")
    assert code == 0, out
    assert "X completes a line and wins. (TTT-3)" in out
    assert "X +1, O -1" in out
    data = json.loads(record.read_text())
    assert [s["action"] for s in data["steps"]] == ["a1", "a2", "b1", "b2", "c1"]
    code, out = _run("replay", str(record), "--lang", "es")
    assert code == 0, out
    assert "X completa una línea y gana. (TTT-3)" in out and "✓" in out


def test_illegal_and_unparseable_input_is_explained_and_asked_again() -> None:
    code, out = _run("play", "tictactoe", "--seat", "human", "--seat", "human", "--seed", "1",
                     "--lang", "es", input="b2\nb2\nzz\nquit\n")
    assert code == 0
    assert "La casilla b2 ya está ocupada. (TTT-2)" in out
    assert "'zz' no es una casilla" in out
    assert "Partida abandonada." in out


def test_undo_against_a_bot_takes_back_the_bots_reply_too() -> None:
    code, out = _run("play", "tictactoe", "--seat", "human", "--seat", "random", "--seed", "5",
                     "--lang", "en", input="b2\nundo\nquit\n")
    assert code == 0 and "Undone." in out
    boards = [line for line in out.splitlines() if "2 " in line and "│" in line]
    assert boards[-1].count("X") == 0 and boards[-1].count("O") == 0


def test_bad_configuration_fails_before_anything_starts() -> None:
    assert _run("play", "chess")[0] == 2
    code, out = _run("play", "tictactoe", "--seat", "human")
    assert code == 2 and "needs 2 seats" in out
    code, out = _run("play", "tictactoe", "--seat", "human", "--seat", "alphazero")
    assert code == 2 and "unknown seat" in out
    code, out = _run("play", "tictactoe", "--option", "size=4")
    assert code == 2 and "unknown option" in out
    code, out = _run("games", "--lang", "fr")
    assert code == 2 and "unknown language" in out


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    _run("play", "tictactoe", "--seat", "human", "--seat", "human", "--seed", "3",
         "--save", str(record), input="a1\na2\nb1\nb2\nc1\n")
    data = json.loads(record.read_text())
    data["steps"][3]["action"] = "c3"
    record.write_text(json.dumps(data))
    code, out = _run("replay", str(record))
    # The message names the file, whose temporary path is long enough to wrap the line.
    assert code == 2 and "step 4:" in " ".join(out.split())


def test_rules_prints_one_rule_and_refuses_unknown_ids() -> None:
    code, out = _run("rules", "tictactoe", "TTT-3")
    assert code == 0 and "TTT-3" in out
    unknown = "TTT-" + "99"  # built, so the reference checker does not see a citation
    code, out = _run("rules", "tictactoe", unknown)
    assert code == 2 and "not a rule" in out


def test_games_lists_each_game_with_coverage() -> None:
    code, out = _run("games", "--lang", "en")
    assert code == 0, out
    assert "tictactoe" in out and "wh6-magic" in out and "rules tested" in out


def test_state_prints_a_seat_view_as_json() -> None:
    code, out = _run("state", "tictactoe", "--seat", "0")
    assert code == 0
    shown = json.loads(out)
    assert shown["seat"] == 0 and len(shown["legal_actions"]) == 9


def test_menu_starts_a_wh6_phase_against_the_bot_in_spanish() -> None:
    """What `make run` does: pick wh6-magic, Spanish, the random bot, a seed; then play."""
    code, out = _run("menu", input="wh6-magic\nes\nrandom\n7\nend\nquit\n")
    assert code == 0, out
    assert "Acciones legales" in out and "Dados de energía" in out
    assert "(WH6-X1)" in out, "ending the casting sub-phase is explained with its rule id"
    assert "plays" not in out and "juega" in out, "the bot's moves are announced in Spanish"


def test_wh6_game_between_bots_saves_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "wh6.json"
    code, out = _run("play", "wh6-magic", "--seat", "random", "--seat", "random", "--seed", "9",
                     "--save", str(record))
    assert code == 0, out
    code, out = _run("replay", str(record), "--seat", "1")
    assert code == 0 and "✓" in out


def test_games_shows_a_games_content_coverage(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that reports content coverage (cards implemented / listed) shows it in the table."""
    from grimorio.core import ContentCoverage
    from grimorio.core.i18n import Text
    from grimorio.games.tictactoe.game import TicTacToe

    report = [ContentCoverage(Text("cards", "cartas"), 3, 7)]
    monkeypatch.setattr(TicTacToe, "content_coverage", classmethod(lambda cls: report))
    code, out = _run("games", "--lang", "es")
    assert code == 0, out
    assert "cartas 3/7" in out
