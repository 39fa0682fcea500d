"""grimorio: tabletop magic-combat games played by their published rules."""

from __future__ import annotations

import grimorio.games as games  # callable: grimorio.games() lists the registered games
from grimorio.core import (
    Action,
    Game,
    IllegalAction,
    InvalidAction,
    Match,
    NotYourDecision,
    RecordError,
    RulesError,
    State,
    load_game,
    resample,
    view,
)

__version__ = "0.1.0"


def parse_action(state: State, text: str) -> Action:
    """Read an action in `state`'s game notation (raises InvalidAction)."""
    return state.game.parse_action(state, text)


__all__ = [
    "Action", "Game", "IllegalAction", "InvalidAction", "Match", "NotYourDecision", "RecordError",
    "RulesError", "State", "games", "load_game", "parse_action", "resample", "view",
]
