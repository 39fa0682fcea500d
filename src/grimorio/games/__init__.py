"""The game packages.

`grimorio.games()` lists the registered games. Python sets `grimorio.games` to this package as
soon as any game is imported, which would hide a plain function of that name; so this module is
itself callable and returns the same list.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grimorio.core.game import Game


class _CallableGamesModule(types.ModuleType):
    def __call__(self) -> list[type[Game]]:
        from grimorio.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesModule
