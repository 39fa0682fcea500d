"""Tic-tac-toe's evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

The returns at the end. Otherwise a cheap reading of the eight lines: the side to move with two
in an open line wins next move (±0.9); the other side with two such lines (a fork) cannot be
stopped (±0.8); else the open lines each side still holds, weighted by how full they are, scaled
into (-0.7, 0.7).
"""

from __future__ import annotations

from grimorio.core.state import State
from grimorio.games.tictactoe.game import EMPTY, LINES, MARKS, TicTacToeState

WIN_NEXT = 0.9
FORK = 0.8
CAP = 0.7
SCALE = 12.0


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat` (0 = X, 1 = O), from -1 (lost) to 1 (won)."""
    if state.is_terminal():
        return state.returns()[seat]
    assert isinstance(state, TicTacToeState)
    board = state.board
    mover = state.to_move
    score = [0, 0]
    threats = [0, 0]
    for a, b, c in LINES:
        line = (board[a], board[b], board[c])
        empty = line.count(EMPTY)
        if empty == 3:
            continue
        for side in (0, 1):
            held = line.count(MARKS[side])
            if held + empty == 3:  # an open line: only this side's marks in it
                score[side] += held * held
                if held == 2:
                    threats[side] += 1
    sign = 1.0 if seat == 0 else -1.0  # values below are for X, then turned to seat's view
    if threats[mover]:
        value = WIN_NEXT if mover == 0 else -WIN_NEXT
    elif threats[1 - mover] >= 2:
        value = FORK if mover == 1 else -FORK
    else:
        value = max(-CAP, min(CAP, (score[0] - score[1]) / SCALE))
    return sign * value
