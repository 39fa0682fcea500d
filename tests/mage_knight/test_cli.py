"""mage-knight from the command line (tests/test_cli.py patterns): listed with its coverage, its
rules, a seat's view, bots playing a small game that is saved and replayed from one seat's view,
a tampered record refused, and simulations with the random bot and the heuristic's MCTS.

Small games keep it quick: a build total of 100 (one action a turn, MK-4.2), no terrain
(MK-14.1) and a round limit of 2 (MK-X9)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimorio.cli.main import app

runner = CliRunner()
SMALL = ["-o", "build_total=100", "-o", "terrain=none", "-o", "round_limit=2"]


def _run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def _flat(out: str) -> str:
    """The output without rich's line breaks and table borders."""
    return " ".join(re.sub(r"[│┃┆╎|]", " ", out).split())


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two random bots play a small game and save it."""
    path = tmp_path_factory.mktemp("mk") / "mk.json"
    code, out = _run("play", "mage-knight", "--seat", "random", "--seat", "random", "--seed",
                     "4", "--save", str(path), "--lang", "en", *SMALL)
    assert code == 0, out
    assert "P1 plays: army ?" in out and "P2 plays: army ?" in out       # MK-X12
    assert "Game over. Returns" in out and "(MK-3.8)" in out
    return path


def test_games_lists_mage_knight_with_its_coverage() -> None:
    code, out = _run("games", "--lang", "en")
    assert code == 0, out
    flat = _flat(out)
    assert "mage-knight" in flat and "Mage Knight" in flat
    assert re.search(r"\d+/\d+ rules", flat)
    assert "figures" in flat and "160/160" in flat and "28/28" in flat


def test_rules_one_rule_and_the_untested_list() -> None:
    code, out = _run("rules", "mage-knight", "MK-7.6")
    assert code == 0, out
    assert "MK-7.6" in out and "Escape" in out
    code, out = _run("rules", "mage-knight", "--untested", "--lang", "es")
    assert code == 0 and out.strip() == "ninguna"
    code, out = _run("rules", "mage-knight", "--untested", "--lang", "en")
    assert code == 0 and out.strip() == "none"
    unknown = "MK-" + "99.9"      # built, so the reference checker does not see a citation
    code, out = _run("rules", "mage-knight", unknown)
    assert code == 2 and "not a rule" in out


def test_state_prints_a_seats_view_without_dials() -> None:
    # MK-24.1, MK-X12: a view never holds a dial index.
    code, out = _run("state", "mage-knight", "--seat", "0")
    assert code == 0, out
    shown = json.loads(out)
    assert shown["seat"] == 0 and shown["state"]["phase"] == "army"
    assert "army black-powder-company" in shown["legal_actions"]
    code, out = _run("state", "mage-knight", "--seat", "1", "-o",
                     "armies=black-powder-company,elemental-circle")
    shown = json.loads(out)
    assert code == 0 and shown["state"]["players"][0]["army_id"] == "black-powder-company"
    assert '"click"' not in out and '"dial"' not in out
    assert len(shown["state"]["warriors"]) == 15


def test_state_refuses_a_seat_that_is_not_at_the_table() -> None:
    code, out = _run("state", "mage-knight", "--seat", "2")
    assert code == 2 and "--seat" in out
    code, out = _run("state", "mage-knight", "--seat", "-1")
    assert code == 2


def test_bad_options_fail_before_anything_starts() -> None:
    code, out = _run("play", "mage-knight", "-o", "build_total=150")
    assert code == 2 and "build_total" in out
    code, out = _run("play", "mage-knight", "-o", "players=3", "--seat", "random", "--seat",
                     "random")
    assert code == 2 and "needs 3 seats" in out


def test_replay_from_a_seat_hides_the_other_army_until_deployed(record: Path) -> None:
    # MK-X12: P2 sees P1's choice as `army ?` and never its list before the deployment.
    data = json.loads(record.read_text())
    first = data["steps"][0]
    assert first["seat"] == 0 and first["action"].startswith("army ")
    hidden_army = first["action"].split()[1]
    code, out = _run("replay", str(record), "--seat", "1", "--lang", "es")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "1. J1: army ?"                        # J(ugador) in Spanish
    before_deploy = "\n".join(lines[:next(i for i, line in enumerate(lines)
                                          if ": deploy " in line)])
    assert hidden_army not in before_deploy and "J1 toma el ejército" not in before_deploy
    assert "J2 toma el ejército" in before_deploy                # his own choice
    assert "✓" in out and "Jugadores" in out
    code, out = _run("replay", str(record), "--lang", "en")   # a spectator
    assert code == 0 and out.splitlines()[0] == "1. P1: army ?" and "Players" in out


def test_replay_refuses_a_tampered_record(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text())
    tampered = tmp_path / "tampered.json"
    for step, action in ((0, "army 5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5"),
                         (0, "move a1 to nan,1 facing 0"), (2, "x" * 50_000)):
        bad = json.loads(json.dumps(data))
        bad["steps"][step]["action"] = action
        tampered.write_text(json.dumps(bad))
        code, out = _run("replay", str(tampered))
        assert code == 2 and f"step {step + 1}:" in _flat(out), out
    bad = json.loads(json.dumps(data))
    bad["steps"][3]["digest"] = "0" * 32
    tampered.write_text(json.dumps(bad))
    code, out = _run("replay", str(tampered))
    assert code == 2 and "step 4:" in _flat(out)
    bad = json.loads(json.dumps(data))
    bad["setup"] = {"players": "both"}
    tampered.write_text(json.dumps(bad))
    code, out = _run("replay", str(tampered))
    assert code == 2 and "players" in _flat(out)


def test_a_human_typing_hostile_text_is_told_why_and_asked_again() -> None:
    code, out = _run("play", "mage-knight", "--seat", "human", "--seat", "random", "--seed", "2",
                     "--lang", "es", *SMALL,
                     input="army nope\nmove a1 to nan,1 facing 0\n" + "x" * 5000 + "\nquit\n")
    assert code == 0, out
    flat = _flat(out)
    assert "No hay ningún ejército 'nope'. (MK-2.2)" in flat
    assert "x debe ser un número como 12.25, no 'nan'" in flat
    assert "verbo desconocido" in flat and "Partida abandonada." in flat
    assert "x" * 200 not in out


def test_simulate_random_bots_and_the_heuristic_mcts() -> None:
    code, out = _run("simulate", "mage-knight", "-n", "2", "--agents", "random,random",
                     "--jobs", "1", *SMALL)
    assert code == 0, out
    assert "2/2" in out or "2 games" in out
    code, out = _run("simulate", "mage-knight", "-n", "2", "--agents",
                     "mcts:iters=8,depth=0,random", "--jobs", "1", "--lang", "es", *SMALL)
    assert code == 0, out
    assert "partidas" in out and "mcts:iters=8,depth=0" in _flat(out)
