"""The pending decisions of wiz-war. The top of the stack says who acts; with an empty stack the
active player acts in his current phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grimorio.core.pending import Decision


@dataclass(frozen=True, slots=True)
class CounterWindow(Decision):
    """`seat` may answer cast `cid` with a counter, or `pass`; `rest` are the seats asked next
    (WW-X18: every living player but the caster, from the active player's left, active last)."""

    cid: int
    rest: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ForcedDiscard(Decision):
    """`seat` is over his hand limit and discards one card at a time (WW-6.5, WW-A6)."""


@dataclass(frozen=True, slots=True)
class Choice(Decision):
    """A card's own question: `seat` answers `choose <option>`; the script `key` of spell or
    cast `ref` receives it under `tag` (see `Script.on_choice`)."""

    key: str
    ref: int
    tag: str
    options: tuple[str, ...]


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision in the state document (all of it is public)."""
    out: dict[str, Any] = {"kind": decision.kind, "seat": decision.seat}
    if isinstance(decision, CounterWindow):
        out.update(cast=decision.cid, rest=list(decision.rest))
    elif isinstance(decision, Choice):
        out.update(card=decision.key, ref=decision.ref, tag=decision.tag,
                   options=list(decision.options))
    return out


def decision_from_json(data: Any) -> Decision:
    """Inverse of `decision_json` (setups); ValueError on a malformed record."""
    kind, seat = data["kind"], int(data["seat"])
    if kind == "CounterWindow":
        return CounterWindow(seat, int(data["cast"]), tuple(int(s) for s in data["rest"]))
    if kind == "ForcedDiscard":
        return ForcedDiscard(seat)
    if kind == "Choice":
        return Choice(seat, str(data["card"]), int(data["ref"]), str(data["tag"]),
                      tuple(str(o) for o in data["options"]))
    raise ValueError(f"unknown decision kind {kind!r}")
