"""Tic-tac-toe on the grimorio core. Rule ids (TTT-n) are in docs/rules/tictactoe.md.

Notation: a cell name, columns a-c and rows 1-3 (``b2``), the same as ``place b2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from grimorio.core.actions import Action, tokens
from grimorio.core.errors import IllegalAction, InvalidAction
from grimorio.core.game import Game
from grimorio.core.i18n import Text
from grimorio.core.state import State

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))
MARKS = "XO"
EMPTY = "."


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the mover's mark on cell 0-8 (a1 = 0, c3 = 8)."""

    cell: int

    def notation(self) -> str:
        return "abc"[self.cell % 3] + str(self.cell // 3 + 1)


PLACES = tuple(Place(cell) for cell in range(9))


class TicTacToeState(State):
    __slots__ = ("board", "to_move", "winner")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.board = [EMPTY] * 9
        self.to_move = 0
        self.winner: int | None = None

    def _current_player(self) -> int | None:
        if self.winner is not None or EMPTY not in self.board:
            return None
        return self.to_move

    def _legal_actions(self) -> list[Action]:
        return [PLACES[i] for i, mark in enumerate(self.board) if mark == EMPTY]

    def _is_legal(self, action: Action) -> bool:
        return isinstance(action, Place) and self.board[action.cell] == EMPTY

    def _illegal_reason(self, action: Action) -> IllegalAction:
        name = action.notation()
        return IllegalAction(Text(f"Cell {name} is already taken.",
                                  f"La casilla {name} ya está ocupada."), rule="TTT-2")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Place)
        mark = MARKS[self.to_move]
        self.board[action.cell] = mark
        cell = action.notation()
        self.emit("place", "TTT-2", Text(f"{mark} takes {cell}.", f"{mark} ocupa {cell}."))
        if self._line_made(action.cell):
            self.winner = self.to_move
            self.emit("win", "TTT-3", Text(f"{mark} completes a line and wins.",
                                           f"{mark} completa una línea y gana."))
        elif EMPTY not in self.board:
            self.emit("draw", "TTT-4", Text("The board is full: a draw.",
                                            "El tablero está lleno: tablas."))
        self.to_move = 1 - self.to_move

    def _line_made(self, cell: int) -> bool:
        board = self.board
        for a, b, c in LINES_THROUGH[cell]:  # noqa: SIM110 - a plain loop is faster here
            if board[a] == board[b] == board[c]:
                return True
        return False

    def _returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _document(self) -> dict[str, Any]:
        rows = ["".join(self.board[r * 3:r * 3 + 3]) for r in range(3)]
        return {"board": rows, "to_move": MARKS[self.to_move],
                "winner": None if self.winner is None else MARKS[self.winner]}

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, TicTacToeState)
        twin.board = self.board[:]
        twin.to_move = self.to_move
        twin.winner = self.winner


class TicTacToe(Game):
    """Two players, X moves first (TTT-1)."""

    id: ClassVar[str] = "tictactoe"
    name: ClassVar[Text] = Text("Tic-tac-toe", "Tres en raya")
    rule_prefix: ClassVar[str] = "TTT"

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        state = TicTacToeState(self, seed)
        if setup is not None:
            _place_setup(state, setup)
        return state

    def parse_action(self, state: State, text: str) -> Action:
        parsed = tokens(text)
        cell = parsed.word(0, "a cell such as b2") if parsed.verb == "place" else parsed.verb
        if parsed.verb != "place":
            parsed.expect_no_more(0)
        else:
            parsed.expect_no_more(1)
        return PLACES[_cell_index(cell)]

    def seat_name(self, seat: int) -> str:
        return MARKS[seat]


def _cell_index(name: str) -> int:
    name = name.lower()
    if len(name) != 2 or name[0] not in "abc" or name[1] not in "123":
        raise InvalidAction(Text(f"{name!r} is not a cell (a1..c3).",
                                 f"{name!r} no es una casilla (a1..c3)."))
    return "abc".index(name[0]) + 3 * (int(name[1]) - 1)


def _place_setup(state: TicTacToeState, setup: dict[str, Any]) -> None:
    """Setup: {"board": ["X.O", "...", "..."], "to_move": "X"}."""
    from grimorio.core.errors import ScenarioError

    rows = setup.get("board", ["...", "...", "..."])
    if not (isinstance(rows, list) and len(rows) == 3
            and all(isinstance(r, str) and len(r) == 3 and set(r) <= set("XO.") for r in rows)):
        raise ScenarioError("board must be three rows of three of X, O or '.'")
    state.board = list("".join(rows))
    to_move = setup.get("to_move", "X")
    if to_move not in MARKS:
        raise ScenarioError("to_move must be X or O")
    state.to_move = MARKS.index(to_move)
    for cell, mark in enumerate(state.board):
        if mark != EMPTY and state._line_made(cell):
            state.winner = MARKS.index(mark)
