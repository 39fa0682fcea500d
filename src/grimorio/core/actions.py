"""Actions are small frozen values with one canonical text form.

Each game's action classes subclass `Action`, implement `notation()`, and the game parses text
back with the help of `tokens()`: a verb, positional words and `key=value` options, e.g.
``cast w1 fireball dice=3 target=u2``.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from grimorio.core.errors import InvalidAction


class Action:
    """Base of every action. Subclasses are `@dataclass(frozen=True, slots=True)` of primitives."""

    __slots__ = ()

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Tokens:
    """An action text split into its verb, positional words and options."""

    verb: str
    words: tuple[str, ...]
    options: dict[str, str]

    def word(self, index: int, what: str) -> str:
        if index >= len(self.words):
            raise InvalidAction(f"'{self.verb}' needs {what}")
        return self.words[index]

    def integer(self, key: str, default: int | None = None) -> int:
        raw = self.options.get(key)
        if raw is None:
            if default is None:
                raise InvalidAction(f"'{self.verb}' needs {key}=N")
            return default
        try:
            return int(raw)
        except ValueError:
            raise InvalidAction(f"{key}={raw!r} is not a whole number") from None

    def expect_no_more(self, positional: int, keys: frozenset[str] = frozenset()) -> None:
        """Reject stray words and unknown options so a typo is never silently ignored."""
        if len(self.words) > positional:
            raise InvalidAction(f"unexpected '{self.words[positional]}' after '{self.verb}'")
        unknown = sorted(set(self.options) - keys)
        if unknown:
            raise InvalidAction(f"unknown option {unknown[0]!r} for '{self.verb}'")


def tokens(text: str) -> Tokens:
    """Split an action text; raises InvalidAction on empty or unbalanced input."""
    if not isinstance(text, str):
        raise InvalidAction(f"an action is text, not {type(text).__name__}")
    try:
        parts = shlex.split(text.strip())
    except ValueError as exc:
        raise InvalidAction(f"cannot read {text!r}: {exc}") from None
    if not parts:
        raise InvalidAction("empty action")
    words: list[str] = []
    options: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if sep:
            if not key or not value:
                raise InvalidAction(f"malformed option {part!r}")
            if key in options:
                raise InvalidAction(f"option {key!r} given twice")
            options[key.lower()] = value
        else:
            words.append(part)
    return Tokens(parts[0].lower(), tuple(words), options)
