"""The event log: every ruling is an event with its rule id, its inputs and a bilingual message."""

from __future__ import annotations

from typing import Any, NamedTuple

from grimorio.core.i18n import Text


class Event(NamedTuple):
    """One thing that happened, explained.

    `visible_to` is None for public events, or the seats allowed to see it. A named tuple:
    immutable and three times cheaper to build than a frozen dataclass (one per ruling).
    """

    kind: str
    rule: str | None
    text: Text
    data: dict[str, Any] = {}  # noqa: RUF012 - never mutated; emit always passes its own dict
    visible_to: frozenset[int] | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def message(self, lang: str | None = None) -> str:
        body = self.text.get(lang)
        return f"{body} ({self.rule})" if self.rule else body

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "text": self.text.to_json()}
        if self.data:
            out["data"] = self.data
        return out
