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
MARKS = "XO"
EMPTY = "."
# Bitmasks: bit i is cell i. Precomputed so that a step does no searching: the winning lines
# through each cell, and the legal actions for every set of empty cells.
LINE_MASKS_THROUGH = tuple(
    tuple(sum(1 << c for c in line) for line in LINES if cell in line) for cell in range(9))
FULL = (1 << 9) - 1


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the mover's mark on cell 0-8 (a1 = 0, c3 = 8)."""

    cell: int

    def notation(self) -> str:
        return CELL_NAMES[self.cell]


CELL_NAMES = tuple("abc"[cell % 3] + str(cell // 3 + 1) for cell in range(9))
PLACES = tuple(Place(cell) for cell in range(9))
# Every message a move can produce, built once: rulings stay explained at no cost per step.
PLACE_TEXT = tuple(tuple(Text(f"{mark} takes {name}.", f"{mark} ocupa {name}.")
                         for name in CELL_NAMES) for mark in MARKS)
WIN_TEXT = tuple(Text(f"{mark} completes a line and wins.", f"{mark} completa una línea y gana.")
                 for mark in MARKS)
DRAW_TEXT = Text("The board is full: a draw.", "El tablero está lleno: tablas.")
LEGAL_FOR_EMPTY = tuple(tuple(PLACES[c] for c in range(9) if mask >> c & 1)
                        for mask in range(FULL + 1))


class TicTacToeState(State):
    __slots__ = ("board", "empty", "marks", "over", "to_move", "winner")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.board = [EMPTY] * 9
        self.empty = FULL
        self.marks = [0, 0]  # each seat's cells as a bitmask
        self.to_move = 0
        self.winner: int | None = None
        self.over = False

    def _current_player(self) -> int | None:
        return None if self.over else self.to_move

    def _legal_actions(self) -> list[Action]:
        return list(LEGAL_FOR_EMPTY[self.empty])

    def _is_legal(self, action: Action) -> bool:
        return type(action) is Place and bool(self.empty >> action.cell & 1)

    def _illegal_reason(self, action: Action) -> IllegalAction:
        name = action.notation()
        return IllegalAction(Text(f"Cell {name} is already taken.",
                                  f"La casilla {name} ya está ocupada."), rule="TTT-2")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Place)
        cell, mover = action.cell, self.to_move
        self.board[cell] = MARKS[mover]
        self.empty &= ~(1 << cell)
        mine = self.marks[mover] = self.marks[mover] | 1 << cell
        self.emit("place", "TTT-2", PLACE_TEXT[mover][cell])
        if self._line_made(mine, cell):
            self.winner, self.over = mover, True
            self.emit("win", "TTT-3", WIN_TEXT[mover])
        elif not self.empty:
            self.over = True
            self.emit("draw", "TTT-4", DRAW_TEXT)
        self.to_move = 1 - mover

    @staticmethod
    def _line_made(mine: int, cell: int) -> bool:
        for line in LINE_MASKS_THROUGH[cell]:  # noqa: SIM110 - a plain loop is faster here
            if mine & line == line:
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
        twin.empty = self.empty
        twin.marks = self.marks[:]
        twin.to_move = self.to_move
        twin.winner = self.winner
        twin.over = self.over


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

    def seat_name(self, seat: int, lang: str = "en") -> str:
        return MARKS[seat]              # X and O read the same in every language


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
    to_move = setup.get("to_move", "X")
    if to_move not in MARKS:
        raise ScenarioError("to_move must be X or O")
    state.board = list("".join(rows))
    state.to_move = MARKS.index(to_move)
    state.empty = sum(1 << c for c, m in enumerate(state.board) if m == EMPTY)
    state.marks = [sum(1 << c for c, m in enumerate(state.board) if m == mark) for mark in MARKS]
    for cell, mark in enumerate(state.board):
        if mark != EMPTY and state._line_made(state.marks[MARKS.index(mark)], cell):
            state.winner = MARKS.index(mark)
    state.over = state.winner is not None or not state.empty
