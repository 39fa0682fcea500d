"""wiz-war's evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

At the end, the returns. Before it, each wizard gets a worth in victory points (`worth`):

* his victory points (2 win the game, WW-1.4), weight 1 each;
* his life, `LIFE` per point (15 points of life are worth less than a kill: a kill is a VP);
* each enemy treasure he carries (WW-X14), `CARRY` plus up to `HOMEWARD` more the closer he is
  to his home square (`Board.distance`, walls ignored: cheap and good enough); carrying none, up
  to `SEEK` the closer he stands to the nearest enemy treasure on the floor (less than `CARRY`,
  so picking it up is always a gain);
* his cards (hand, carried items, spells in play), `CARD` each;
* a dead wizard (WW-X12) keeps only his victory points, less `DEAD`.

The value for `seat` is ``tanh(SHARPNESS * (worth(seat) - mean worth of the others))``: zero-sum
for two players (``evaluate(s, 0) == -evaluate(s, 1)`` exactly) and rising with the seat's lead.
It reads the state's own fields only (no legal list, no LOS), so it is cheap inside MCTS.
"""

from __future__ import annotations

import math

from grimorio.core.state import State
from grimorio.games.wiz_war.state import WizWarState

LIFE = 0.04  # VP per point of life
CARRY = 0.25  # VP for carrying an enemy treasure at all
HOMEWARD = 0.35  # VP more for carrying it onto the doorstep of home (linear in distance)
SEEK = 0.1  # VP for standing on an enemy treasure (linear in distance), when carrying none
CARD = 0.02  # VP per card held, carried or in play
DEAD = 1.0  # VP a dead wizard loses on top of his life
SHARPNESS = 1.2


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`, from -1 (lost) to 1 (won)."""
    assert isinstance(state, WizWarState)
    if state.is_terminal():
        return state.returns()[seat]
    worths = [worth(state, s) for s in range(len(state.wizards))]
    others = [w for s, w in enumerate(worths) if s != seat]
    return math.tanh(SHARPNESS * (worths[seat] - sum(others) / len(others)))


def worth(st: WizWarState, seat: int) -> float:
    """What the seat's position is worth, in victory points (see the module docstring)."""
    wiz = st.wizards[seat]
    if not wiz.alive:
        return wiz.vp - DEAD
    value = wiz.vp + LIFE * wiz.life
    carried = _carrying(st, seat) if wiz.treasures else 0.0
    value += carried if carried else _seeking(st, seat)
    cards = len(wiz.hand) + len(wiz.items) + sum(1 for s in st.spells if s.caster == seat)
    return value + CARD * cards


def _seeking(st: WizWarState, seat: int) -> float:
    """How close the wizard is to the nearest enemy treasure lying on the board (WW-X14)."""
    wiz = st.wizards[seat]
    board = st.board
    steps = [board.distance(wiz.square, t.square) for t in st.treasures
             if t.square is not None and t.carrier is None and not t.scored
             and t.colour != wiz.colour]
    if not steps:
        return 0.0
    return SEEK * max(0.0, 1.0 - min(steps) / (board.width + board.height))


def _carrying(st: WizWarState, seat: int) -> float:
    """Progress of the enemy treasures the wizard carries toward his home (WW-X14)."""
    wiz = st.wizards[seat]
    board = st.board
    home = board.home(wiz.colour)
    far = board.width + board.height  # no two squares are farther apart than this
    value = 0.0
    for index in wiz.treasures:
        if st.treasures[index].colour != wiz.colour:
            steps = board.distance(wiz.square, home)
            value += CARRY + HOMEWARD * max(0.0, 1.0 - steps / far)
    return value
