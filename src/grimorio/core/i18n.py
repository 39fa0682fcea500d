"""Bilingual text: every message grimorio shows exists in English and Spanish."""

from __future__ import annotations

import locale
import os

LANGUAGES = ("en", "es")


class Text:
    """A message in both languages; English is the fallback. Treat it as immutable.

    A plain slotted class rather than a frozen dataclass: one is built for every ruling, and a
    frozen dataclass costs twice as much to construct on that hot path.
    """

    __slots__ = ("en", "es")

    def __init__(self, en: str, es: str) -> None:
        self.en = en
        self.es = es

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.en == other.en and self.es == other.es

    def __hash__(self) -> int:
        return hash((self.en, self.es))

    def __repr__(self) -> str:
        return f"Text(en={self.en!r}, es={self.es!r})"

    def get(self, lang: str | None = None) -> str:
        """The message in `lang` (default: the process language)."""
        return self.es if (lang or default_lang()) == "es" else self.en

    def __str__(self) -> str:
        return self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "es": self.es}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Text:
        return cls(en=data["en"], es=data.get("es", data["en"]))

    def __add__(self, other: Text) -> Text:
        return Text(self.en + other.en, self.es + other.es)


def same(text: str) -> Text:
    """A text that reads the same in both languages (numbers, names, notation)."""
    return Text(text, text)


_override: str | None = None


def set_lang(lang: str | None) -> None:
    """Fix the process language (`--lang`); None goes back to the locale."""
    global _override
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _override = lang


def default_lang() -> str:
    """`--lang` if given, else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    if _override:
        return _override
    for var in ("GRIMORIO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    code = locale.getlocale()[0] or ""
    return "es" if code.lower().startswith("es") else "en"
