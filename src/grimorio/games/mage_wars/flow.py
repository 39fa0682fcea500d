"""mage-wars on the core's frame kernel (grimorio.core.flow): its action type and notation.

The rules run as a stack of frames (`Frame`, `Ask`, `run`: see grimorio.core.flow for how
frames work and the rules they follow). This module adds the mage-wars notation: canonical action
texts with zones in upper case and everything else in lower case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from grimorio.core import flow as core
from grimorio.core.actions import tokens
from grimorio.core.flow import MAX_STEPS, TextAction, run

__all__ = ["MAX_STEPS", "Ask", "Frame", "MWAction", "act", "canonical", "pending_ask", "run"]

_ZONE = re.compile(r"[a-fA-F][1-4]")
_BORDER = re.compile(r"[a-fA-F][1-4]-[a-fA-F][1-4]")     # a border, as wall spells name it


class Frame(core.Frame):
    """A mage-wars procedure; by default it explains itself with the round's rule."""

    __slots__ = ()
    rule: str = "MW-3.2"


class Ask(core.Ask, Frame):
    """A mage-wars decision (see grimorio.core.flow.Ask)."""

    __slots__ = ()


def pending_ask(st: Any) -> Ask | None:
    """The mage-wars decision on top of the stack, if any."""
    top = core.pending_ask(st)
    return top if isinstance(top, Ask) else None


@dataclass(frozen=True, slots=True)
class MWAction(TextAction):
    """Every mage-wars action: its canonical text (lower case, zones upper case, single
    spaces, options last as key=value). Notation: docs/games/mage-wars.md."""


def act(*words: object) -> MWAction:
    """Build a canonical action from words: `act("move", "B1")`, `act("cast", "fireball",
    "o7")`. Words that are None are skipped. The engine's own words need no parsing (legal
    lists build many actions), only the case rule of `canonical` (remembered per text word:
    the engine's vocabulary is small, and per whole call: legal lists repeat theirs)."""
    key = (words, tuple(map(type, words)))      # typed: True and 1 are different words
    try:
        found = _ACTS.get(key)
    except TypeError:                           # an unhashable word: built every time
        return _build(words)
    if found is None:
        found = _build(words)
        if len(_ACTS) < 65536:
            _ACTS[key] = found
    return found


def _build(words: tuple[object, ...]) -> MWAction:
    parts: list[str] = []
    for w in words:
        if w is None:
            continue
        if type(w) is str:
            text = _ACT_WORDS.get(w)
            if text is None:
                text = _canonical_word(w)
                if len(_ACT_WORDS) < 4096:
                    _ACT_WORDS[w] = text
        else:
            text = _canonical_word(str(w))
        parts.append(text)
    return MWAction(" ".join(parts))


_ACT_WORDS: dict[str, str] = {}
_ACTS: dict[tuple[tuple[object, ...], tuple[type, ...]], MWAction] = {}   # act's words ->
#                                                                     the (immutable) action


def _canonical_word(word: str) -> str:
    return word.upper() if _ZONE.fullmatch(word) or _BORDER.fullmatch(word) else word.lower()


def canonical(text: str) -> str:
    """The canonical form of an action text; InvalidAction on unreadable text."""
    parsed = tokens(text)
    words = [parsed.verb.lower()]
    words += [_canonical_word(word) for word in parsed.words]
    words += [f"{key}={value.lower()}" for key, value in parsed.options.items()]
    return " ".join(words)
