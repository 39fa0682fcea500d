"""The event log: every ruling is an event with its rule id, its inputs and a bilingual message."""

from __future__ import annotations

from typing import Any, NamedTuple

from grimorio.core.i18n import Text


class _Fields(NamedTuple):
    kind: str
    rule: str | None
    text: Text
    data: dict[str, Any] = {}  # noqa: RUF012 - never mutated; emit always passes its own dict
    visible_to: frozenset[int] | None = None


class Event(_Fields):
    """One thing that happened, explained: `Event(kind, rule, text, data, visible_to)`.

    `visible_to` is None for public events, or the seats allowed to see it. A named tuple:
    immutable and three times cheaper to build than a frozen dataclass (one per ruling). This
    subclass of the fields has no `__slots__`, so an event may carry an instance dict, made
    only when `to_json` first keeps its entry there (it never takes part in equality).
    """

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def message(self, lang: str | None = None) -> str:
        body = self.text.get(lang)
        return f"{body} ({self.rule})" if self.rule else body

    def to_json(self) -> dict[str, Any]:
        """The event's entry in a view's log. Events never change, so it is built once and the
        same entry is shared by every view (each seat's, at every later step): read it, never
        change it (its `data` has always been the event's own)."""
        memo = self.__dict__
        entry: dict[str, Any] | None = memo.get("json")
        if entry is None:
            entry = {"kind": self.kind, "rule": self.rule, "text": self.text.to_json()}
            if self.data:
                entry["data"] = self.data
            memo["json"] = entry
        return entry
