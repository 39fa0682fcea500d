"""warcraft's actions on the core frame kernel (grimorio.core.flow): notation and base frames.

Every action is its canonical text (docs/games/warcraft.md, "Notation"): lower case, single
spaces, a verb, positional words (zone ids, kinds, card ids), then `key=value` options in a fixed
order (`KEY_ORDER`, then alphabetical), so each legal action has exactly one text.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Self

from grimorio.core import flow as core
from grimorio.core.actions import tokens
from grimorio.core.flow import TextAction, run

__all__ = ["Ask", "Frame", "WCAction", "act", "canonical", "pending_ask", "run"]

KEY_ORDER = ("melee", "ranged", "flying", "workers", "necromancers", "prisoner", "builders")


class Frame(core.Frame):
    """A warcraft procedure; by default it explains itself with the turn's rule."""

    __slots__ = ()
    rule: str = "WC-4.1"

    def copy(self) -> Self:
        """A shallow copy (core.Frame.copy), field by field: the frames are slotted dataclasses
        and every state clone copies the whole stack."""
        cls = type(self)
        names = _SLOTS.get(cls)
        if names is None:
            names = _SLOTS[cls] = _slot_names(cls)
        if not names:
            return copy.copy(self)
        twin = object.__new__(cls)
        for name in names:
            object.__setattr__(twin, name, getattr(self, name))
        return twin


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of a frame class, or () when its instances also have a `__dict__` (then the
    generic copy is used)."""
    names: list[str] = []
    for klass in cls.__mro__:
        if klass is object:
            continue
        if "__slots__" not in vars(klass):
            return ()
        slots = vars(klass)["__slots__"]
        names += [slots] if isinstance(slots, str) else list(slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


class Ask(core.Ask, Frame):
    """A warcraft decision (see grimorio.core.flow.Ask)."""

    __slots__ = ()


def pending_ask(st: Any) -> Ask | None:
    top = core.pending_ask(st)
    return top if isinstance(top, Ask) else None


@dataclass(frozen=True, slots=True)
class WCAction(TextAction):
    """Every warcraft action: its canonical text."""


def _order(key: str) -> tuple[int, str]:
    return (KEY_ORDER.index(key), key) if key in KEY_ORDER else (len(KEY_ORDER), key)


def act(*words: object, **options: object) -> WCAction:
    """A canonical action from words and options: `act("move", "a", "b", melee=2)`. None words
    and zero or None options are left out."""
    parts = [str(w).lower() for w in words if w is not None]
    parts += [f"{k}={str(v).lower()}" for k, v in sorted(options.items(), key=lambda kv:
                                                         _order(kv[0]))
              if v is not None and v != 0]
    return WCAction(" ".join(parts))


def canonical(text: str) -> str:
    """The canonical form of an action text; InvalidAction on unreadable text."""
    parsed = tokens(text)
    words = [parsed.verb.lower(), *(w.lower() for w in parsed.words)]
    opts = sorted(parsed.options.items(), key=lambda kv: _order(kv[0]))
    words += [f"{k}={v.lower()}" for k, v in opts]
    return " ".join(words)
