"""Pending decisions: reactions and multi-step choices as a stack.

A decision on top of the stack owns `current_player` until it is resolved; each of its choices is
an ordinary action. Games subclass `Decision` (frozen dataclasses of primitives).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice someone must make before play goes on."""

    seat: int

    @property
    def kind(self) -> str:
        return type(self).__name__


class DecisionStack:
    """A stack of decisions; the top one decides who acts."""

    __slots__ = ("_items",)

    def __init__(self, items: list[Decision] | None = None) -> None:
        self._items: list[Decision] = list(items or [])

    def push(self, decision: Decision) -> None:
        self._items.append(decision)

    def pop(self) -> Decision:
        return self._items.pop()

    def replace(self, decision: Decision) -> None:
        """Swap the top decision for its next step."""
        self._items[-1] = decision

    @property
    def top(self) -> Decision | None:
        return self._items[-1] if self._items else None

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self._items)

    def clear(self) -> None:
        self._items.clear()

    def copy(self) -> DecisionStack:
        return DecisionStack(self._items)
