"""The engine rules of wiz-war, one module per chapter (turn, movement, combat, hand, casting)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

A = TypeVar("A")


def shared(make: Callable[..., A]) -> Callable[..., A]:
    """`make` (an action class) giving one instance per distinct action: the menus build the
    same actions at every position, and actions are immutable values."""
    return lru_cache(maxsize=4096)(make)
