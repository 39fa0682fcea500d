"""wiz-war from the command line, driven as a user would (like tests/test_cli.py)."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

import grimorio
from grimorio.cli.main import app

runner = CliRunner()


def _run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_a_game_between_random_bots_runs_to_the_end() -> None:
    """`grimorio play wiz-war` with two random seats plays to the turn limit (WW-X20) and shows
    the final panel with the maze."""
    code, out = _run("play", "wiz-war", "--seat", "random", "--seat", "random", "--seed", "3",
                     "--option", "turn_limit=3", "--lang", "en")
    assert code == 0, out
    assert "Game over" in out
    assert "(WW-3.2)" in out                   # turns were announced
    assert any(f"({rule})" in out for rule in ("WW-X20", "WW-1.4", "WW-1.5"))
    panel = out[out.rindex("╭"):]
    assert "The game is over" in panel
    assert re.search(r"a\s+b\s+c\s+d\s+e\s+f\s+g\s+h\s+i\s+j", panel)
    assert "+---+" in panel and "Hg" in panel and "Hy" in panel
    assert "Deck:" in panel and "wizard" in panel


def test_the_panel_in_spanish() -> None:
    code, out = _run("play", "wiz-war", "--seat", "random", "--seat", "random", "--seed", "5",
                     "--option", "turn_limit=2", "--lang", "es")
    assert code == 0, out
    panel = out[out.rindex("╭"):]
    assert "La partida ha terminado" in panel and "Mazo:" in panel and "+---+" in panel


def test_state_shows_only_the_seats_own_hand() -> None:
    """WW-2.9: the seat's view names its own five cards, gives the other hand as a count and the
    deck as a size."""
    code, out = _run("state", "wiz-war", "--seat", "0", "--seed", "3")
    assert code == 0, out
    shown = json.loads(out)
    assert shown["seat"] == 0
    mine, other = shown["state"]["wizards"]
    assert len(mine["hand"]) == 5 == mine["hand_size"]
    assert "hand" not in other and other["hand_size"] == 5
    assert isinstance(shown["state"]["deck"], int)
    full = grimorio.load_game("wiz-war").new_initial_state(3).document()["state"]
    assert mine["hand"] == full["wizards"][0]["hand"]
    assert shown["state"]["deck"] == len(full["deck"])


def test_games_lists_wiz_war_with_its_card_coverage() -> None:
    code, out = _run("games", "--lang", "en")
    assert code == 0, out
    flat = " ".join(out.split())
    assert "wiz-war" in flat and "Wiz-War" in flat
    # other games list their cards too (mage-wars): wiz-war's row is the one with 91
    found = [m for m in re.finditer(r"cards (\d+)/(\d+)", flat) if int(m.group(2)) == 91]
    assert found and int(found[0].group(1)) <= 91
    code, out = _run("games", "--lang", "es")
    assert re.search(r"cartas \d+/91", " ".join(out.split()))
