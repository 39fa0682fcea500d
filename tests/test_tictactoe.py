"""Tic-tac-toe rules, one test per rule of docs/rules/tictactoe.md."""

from __future__ import annotations

import pytest

from grimorio.core.errors import InvalidAction
from grimorio.testing import scenario


def test_TTT_1_x_moves_first_and_players_alternate() -> None:
    """TTT-1: X moves first, then O."""
    sc = scenario("tictactoe")
    assert sc.state.current_player == 0
    sc.act("b2")
    assert sc.state.current_player == 1
    assert sc.doc["board"] == ["...", ".X.", "..."]


def test_TTT_2_a_taken_cell_cannot_be_marked() -> None:
    """TTT-2: only empty cells; the refusal cites the rule and changes nothing."""
    sc = scenario("tictactoe")
    sc.act("b2")
    error = sc.illegal("b2", rule="TTT-2")
    assert "b2" in error.message("en") and "ocupada" in error.message("es")
    assert len(sc.legal()) == 8


def test_TTT_3_three_in_a_row_wins_at_once() -> None:
    """TTT-3: a line ends the game with the mover's win."""
    sc = scenario("tictactoe", setup={"board": ["XX.", "OO.", "..."], "to_move": "X"})
    events = sc.act("c1")
    assert sc.state.is_terminal() and sc.state.returns() == [1.0, -1.0]
    assert [e.rule for e in events] == ["TTT-2", "TTT-3"]
    assert sc.doc["winner"] == "X"


def test_TTT_4_full_board_without_line_is_a_draw() -> None:
    """TTT-4: nine marks and no line: a draw."""
    sc = scenario("tictactoe", setup={"board": ["XOX", "XOO", "OX."], "to_move": "X"})
    sc.act("c3")
    assert sc.state.is_terminal() and sc.state.returns() == [0.0, 0.0]
    assert sc.events(rule="TTT-4")


def test_TTT_5_notation_cells_and_place_verb() -> None:
    """TTT-5: `b2` and `place b2` are the same action; a1 is the top-left cell."""
    sc = scenario("tictactoe")
    state = sc.state
    assert state.game.parse_action(state, "place b2") == state.game.parse_action(state, "B2")
    sc.act("a1")
    assert sc.doc["board"][0] == "X.."
    for bad in ("d1", "a4", "place", "b2 b3", "place b2 now"):
        with pytest.raises(InvalidAction):
            state.game.parse_action(state, bad)
