"""The registry of games: `load_game("wh6-magic", **options)` and `games()`."""

from __future__ import annotations

import importlib
from typing import Any

from grimorio.core.game import Game

# Built-in games, imported on first use so that loading one game never pays for the others.
_BUILTIN: dict[str, str] = {
    "mage-knight": "grimorio.games.mage_knight.game:MageKnight",
    "mage-wars": "grimorio.games.mage_wars.game:MageWars",
    "tictactoe": "grimorio.games.tictactoe.game:TicTacToe",
    "warcraft": "grimorio.games.warcraft.game:Warcraft",
    "wh6-magic": "grimorio.games.wh6_magic.game:Wh6Magic",
    "wiz-war": "grimorio.games.wiz_war.game:WizWar",
}
_registered: dict[str, type[Game]] = {}


def register(game_cls: type[Game]) -> type[Game]:
    """Add a game class (usable as a decorator by third-party games)."""
    _registered[game_cls.id] = game_cls
    return game_cls


def game_class(game_id: str) -> type[Game]:
    """The class of a registered game; ValueError with the known ids if there is none."""
    if game_id in _registered:
        return _registered[game_id]
    target = _BUILTIN.get(game_id)
    if target is None:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    module_name, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), attr)
    _registered[game_id] = cls
    return cls


def game_ids() -> list[str]:
    return sorted(set(_BUILTIN) | set(_registered))


def load_game(game_id: str, **options: Any) -> Game:
    """A game with its options checked (unknown or bad options raise ValueError)."""
    return game_class(game_id)(**options)


def games() -> list[type[Game]]:
    """Every registered game class, by id."""
    return [game_class(game_id) for game_id in game_ids()]
