"""Per-game evaluation hooks: ``<game package>.heuristic.evaluate(state, seat) -> float``.

A game may ship a ``heuristic`` module next to its ``game`` module with a function
``evaluate(state, seat)`` that scores a position for `seat` in [-1, 1] (the game's returns at the
end). Agents find it with `evaluator_for`; a game without one gets ``None`` and the agents fall
back to random play-outs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from grimorio.core.game import Game
from grimorio.core.state import State

Evaluator = Callable[[State, int], float]

_cache: dict[type[Game], Evaluator | None] = {}


def heuristic_module(game: Game | type[Game]) -> str:
    """The module name where `game`'s heuristic lives (``grimorio.games.x.heuristic``)."""
    cls = game if isinstance(game, type) else type(game)
    package = cls.__module__.rpartition(".")[0]
    return f"{package}.heuristic" if package else "heuristic"


def evaluator_for(game: Game | type[Game]) -> Evaluator | None:
    """The game's ``heuristic.evaluate``, or None when its package has no heuristic module.

    Only the absence of the module itself counts as "no heuristic": an import error inside an
    existing heuristic module is a bug and is raised.
    """
    cls = game if isinstance(game, type) else type(game)
    if cls in _cache:
        return _cache[cls]
    name = heuristic_module(cls)
    found: Evaluator | None = None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise
    else:
        evaluate = getattr(module, "evaluate", None)
        if callable(evaluate):
            found = evaluate
    _cache[cls] = found
    return found


def value_vector(state: State, evaluator: Evaluator) -> list[float]:
    """Each seat's value of `state`: the returns at the end, else the heuristic clipped to
    [-1, 1]."""
    if state.is_terminal():
        return state.returns()
    out = []
    for seat in range(state.game.num_players):
        value = float(evaluator(state, seat))
        out.append(-1.0 if value < -1.0 else 1.0 if value > 1.0 else value)
    return out
