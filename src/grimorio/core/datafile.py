"""The field reader shared by the games' data loaders.

A game's static data lives in YAML files that a user may edit. Each loader reads one mapping of
such a file at a time through `Fields`: it checks the type (and range or choices) of every field
it reads, remembers which keys were read, and `done()` refuses any key left over, so a typo does
not pass silently. Every error names the place being read (``where``: file, entry, nested field)
and the field, for example ``races.yaml.races[1]: field 'value' must be between 1 and 6, not 7``.

The exception raised is `ScenarioError` unless a game passes its own subclass (``error``), and a
game subclasses `Fields` for readers only it needs (rule ids, bilingual names, nested entries).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import yaml

from grimorio.core.errors import ScenarioError

MISSING: Any = object()
"""Default of the readers meaning "the field is required": absent, it is an error."""

_ID = re.compile(r"[a-z0-9_][a-z0-9_-]*")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # the C parser when PyYAML has it


def read_yaml(path: Path, error: type[ScenarioError] = ScenarioError) -> Any:
    """A data file's content; `error` (naming the file) if it is missing or not valid YAML."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except OSError as exc:
        raise error(f"cannot read {path.name}: {exc}") from None
    except yaml.YAMLError as exc:
        raise error(f"{path.name} is not valid YAML: {exc}") from None


class Fields:
    """Reads one mapping of a data file, checking types and refusing unknown keys."""

    __slots__ = ("data", "error", "used", "where")

    strip_text: ClassVar[bool] = False
    """If true, `text` also refuses a text made only of spaces."""

    def __init__(self, data: Any, where: str,
                 error: type[ScenarioError] = ScenarioError) -> None:
        if not isinstance(data, dict):
            raise error(f"{where}: expected a mapping, got {type(data).__name__}")
        self.data: dict[str, Any] = data
        self.where = where
        self.error = error
        self.used: set[str] = set()

    def fail(self, key: str, problem: str) -> ScenarioError:
        """The error to raise for `key`, naming where it is."""
        return self.error(f"{self.where}: field '{key}' {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = MISSING) -> Any:
        """The unchecked value of `key`; `default` if absent, an error if there is none."""
        self.used.add(key)
        if key not in self.data:
            if default is MISSING:
                raise self.fail(key, "is missing")
            return default
        return self.data[key]

    def integer(self, key: str, default: Any = MISSING, low: int | None = None,
                high: int | None = None, nullable: bool = False) -> Any:
        """A whole number (not a bool) within the bounds given; None if `nullable`."""
        value = self.raw(key, default)
        if value is None and nullable:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"must be a whole number, not {value!r}")
        if low is not None and high is not None:
            if not low <= value <= high:
                raise self.fail(key, f"must be between {low} and {high}, not {value}")
        elif low is not None and value < low:
            raise self.fail(key, f"must be at least {low}, not {value}")
        elif high is not None and value > high:
            raise self.fail(key, f"must be at most {high}, not {value}")
        return value

    def flag(self, key: str, default: Any = MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {value!r}")
        return value

    def text(self, key: str, default: Any = MISSING, choices: Iterable[str] | None = None
             ) -> Any:
        """A non-empty text, one of `choices` if given.

        An absent field with a default gives the default unchecked (so it may be "" or None).
        """
        if key not in self.data and default is not MISSING:
            self.used.add(key)
            return default
        value = self.raw(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str) or not (value.strip() if self.strip_text else value):
            raise self.fail(key, f"must be a non-empty text, not {value!r}")
        if choices is not None:
            options = tuple(choices)
            if value not in options:
                raise self.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
        return value

    def optional_text(self, key: str, choices: Iterable[str] | None = None) -> str | None:
        """`text` if the field is there, else None."""
        if not self.has(key):
            self.used.add(key)
            return None
        value: str = self.text(key, choices=choices)
        return value

    def id(self, key: str = "id") -> str:
        """An identifier: lowercase letters, digits, '_' or '-'."""
        value: str = self.text(key)
        if not _ID.fullmatch(value):
            raise self.fail(key, f"must be lowercase letters, digits, '_' or '-', not {value!r}")
        return value

    def done(self) -> None:
        """Refuse any key that no reader asked for."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.fail(unknown[0], "is not a known field (a typo?)")


def as_list(value: Any, where: str, error: type[ScenarioError] = ScenarioError) -> list[Any]:
    """`value` if it is a list, else the game's error naming `where`."""
    if not isinstance(value, list):
        raise error(f"{where}: a list, not {value!r}")
    return value


def whole_number(value: Any, where: str, least: int = 0,
                 error: type[ScenarioError] = ScenarioError) -> int:
    """`value` if it is a whole number (not a bool, not text) of at least `least`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{where}: a whole number, not {value!r}")
    if value < least:
        raise error(f"{where}: at least {least}, not {value}")
    return value
