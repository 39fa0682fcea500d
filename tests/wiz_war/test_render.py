"""The terminal panel of a wiz-war view (`grimorio.games.wiz_war.render`), in both languages.

The panel reads the view only: a seat sees its own hand by name and the other hands as counts
(WW-2.9); carried items, treasures and spells in play are public (WW-X15, WW-X16).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import grimorio
from grimorio.cli.render import render_view
from grimorio.core.state import view
from grimorio.games.wiz_war.render import marks, render
from grimorio.testing import Scenario
from tests.wiz_war.wwkit import make


def _busy() -> Scenario:
    """Blue carries a rock and red's treasure and keeps a wall up; a rosebush of red's grows on
    d3 and a dropped rock lies on a1 under blue."""
    return make(hands={"blue": ["fireball", "zot"], "red": ["full-shield"]},
                blue={"items": ["large-rock"], "treasures": ["red1"]},
                red={"stun": 1, "life": 9},
                objects=[{"kind": "rosebush", "square": "d3", "owner": "red"},
                         {"item": "large-rock", "square": "a1"}],
                spells=[{"card": "create-wall", "caster": "blue", "targets": ["a2s"]}],
                discard=["dispel", "zot"])


def _row(text: str, colour: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(colour + " "))


def test_the_maze_marks_wizards_treasures_and_objects() -> None:
    """Upper case initials for wizards, colour initial + number for treasures on the floor, a
    glyph for objects; more than fits ends in + and the squares list says it all."""
    text = render(view(_busy().state, 0), "en")
    lines = text.splitlines()
    assert lines[2].split() == list("abcdefghij")
    row1 = next(line for line in lines if line.startswith("1 "))
    assert "Bi" in row1                      # blue on a1 over the dropped rock
    row3 = next(line for line in lines if line.startswith("3 "))
    assert "Hb" in row3 and "*" in row3 and "Hr" in row3   # homes and the rosebush
    row5 = next(line for line in lines if line.startswith("5 "))
    assert " R " in row5 and "r2" in row5 and "b2" not in row5
    assert "a1 blue, Large Rock" in text and "d3 Rosebush" in text
    assert "b2 treasure blue1" in text and "f1" not in text.split("Squares:")[1]  # red1 carried


def test_a_crowded_square_is_cut_with_a_plus() -> None:
    sc = make(red={"square": "a1"}, objects=[{"kind": "rosebush", "square": "a1"},
                                             {"kind": "tacks", "square": "a1"}])
    st = sc.state
    shown = marks(st.board, view(st, 0)["state"])  # type: ignore[attr-defined]
    assert shown[st.board.parse_square("a1")] == "BR+"  # type: ignore[attr-defined]


def test_the_wizard_table_and_public_belongings() -> None:
    """Life, VP, stun and hand size per wizard; items, treasures and spells in play by name."""
    text = render(view(_busy().state, 1), "en")
    assert _row(text, "blue").split() == ["blue", "P1", "15", "0", "0", "2"]
    assert _row(text, "red").split() == ["red", "P2", "9", "0", "1", "1"]
    assert "items: Large Rock" in text and "treasures: red1" in text
    assert "spells: Create Wall → a2s" in text


def test_only_the_viewers_own_hand_is_named() -> None:
    """WW-2.9: blue sees his cards by name, not red's; a spectator sees no hand."""
    sc = _busy()
    blue = render(view(sc.state, 0), "en")
    assert "Your hand (blue): Fireball, Zot!" in blue and "Full Shield" not in blue
    red = render(view(sc.state, 1), "en")
    assert "Your hand (red): Full Shield" in red and "Fireball" not in red
    assert "Your hand" not in render(view(sc.state, None), "en")


def test_piles_and_the_turn() -> None:
    """The deck as a count, the discard pile's size and top card, the phase, MP and attack."""
    sc = _busy()
    text = render(view(sc.state, 0), "en")
    assert "Deck: 10 cards · discard pile: 2, top: Zot!" in text
    assert "turn blue (P1) · Move and Cast" in text and "MP 3 · attack available" in text
    sc.act("play fireball red")
    text = render(view(sc.state, 1), "en")
    assert "attack used" in text and "Being cast: Fireball by blue → red" in text
    assert "Decision: red (P2) may counter the cast" in text


def test_the_panel_is_in_spanish_when_asked() -> None:
    sc = _busy()
    text = render(view(sc.state, 0), "es")
    assert "Tu mano (blue): Bola de fuego, Zot!" in text
    assert "Mazo: 10 cartas · descartes: 2, arriba: Zot!" in text
    assert "Mover y lanzar" in text and "ataque disponible" in text
    assert "artículos: Roca grande" in text and "hechizos: Crear muro → a2s" in text
    assert "Casillas:" in text and "tesoro blue1" in text and "Wizard" not in text


def test_the_end_and_a_dead_wizard() -> None:
    """A killing blow ends a 2-player game (WW-1.5): the header names the winner and the
    dead wizard is marked and gone from the maze."""
    sc = make(hands={"blue": ["fireball"], "red": []}, red={"life": 3})
    sc.act("play fireball red", "pass")
    assert sc.state.is_terminal()
    text = render(view(sc.state, None), "en")
    assert "The game is over · winner: blue (P1)" in text
    assert "red †" in text and "(dead)" in text
    assert "R" not in next(line for line in text.splitlines() if line.startswith("5 "))
    assert "gana: blue" in render(view(sc.state, None), "es")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_render_without_markup_brackets(players: int) -> None:
    """Every position of a random game renders in both languages; no square brackets (the
    command line prints through rich) and the command line finds this module."""
    game = grimorio.load_game("wiz-war", players=players, turn_limit=4)
    state = game.new_initial_state(players)
    chooser = random.Random(players)
    while True:
        shown: dict[str, Any] = view(state, state.current_player)
        for lang in ("en", "es"):
            text = render(shown, lang)
            assert "[" not in text and "]" not in text
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert render_view(shown, "en") == render(shown, "en")
