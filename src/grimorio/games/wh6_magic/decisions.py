"""The pending decisions of wh6-magic. The top of the stack says who acts and what is legal."""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from typing import Any

from grimorio.core.pending import Decision, DecisionStack


@dataclass(frozen=True, slots=True)
class Recovery(Decision):
    """The phase begins with hurled wizards to roll for (WH6-11.2, WH6-A15): ``recover``."""


@dataclass(frozen=True, slots=True)
class Casting(Decision):
    """The spell-casting sub-phase: ``cast``, ``bound`` or ``end``."""


@dataclass(frozen=True, slots=True)
class Reroll(Decision):
    """A re-roll is on offer: of the casting dice (`what` = "cast") or of the dispel dice."""

    what: str


@dataclass(frozen=True, slots=True)
class DispelWindow(Decision):
    """The attempt in play may be dispelled by `seat`, with dice from `pool` ("dispel" dice, or
    "power" dice used as dispel dice after miscast 4). `if_only`: only items that work against
    irresistible force may be used (WH6-5.5)."""

    pool: str
    if_only: bool = False


@dataclass(frozen=True, slots=True)
class FreeCast(Decision):
    """Miscast 4: `seat` may cast one spell of difficulty at most `max_difficulty` (WH6-11.5)."""

    max_difficulty: int


@dataclass(frozen=True, slots=True)
class RemainsDispel(Decision):
    """After casting, `seat` may dispel enemy remains-in-play spells with dice from `pool`
    (WH6-X7); `tried` lists those already attempted in this step."""

    pool: str
    tried: tuple[str, ...] = ()


# Decisions are values: the common ones are made once and shared (the stack only reads them).
casting_decision = functools.cache(Casting)
dispel_window = functools.cache(DispelWindow)
reroll_decision = functools.cache(Reroll)
remains_decision = functools.cache(RemainsDispel)


class Wh6Stack(DecisionStack):
    """The core's stack of decisions, keeping its top decision in `last`: who acts is asked
    several times at every step."""

    __slots__ = ("last",)

    def __init__(self, items: list[Decision] | None = None) -> None:
        super().__init__(items)
        self.last: Decision | None = super().top

    def push(self, decision: Decision) -> None:
        super().push(decision)
        self.last = decision

    def pop(self) -> Decision:
        decision = super().pop()
        self.last = super().top
        return decision

    def replace(self, decision: Decision) -> None:
        super().replace(decision)
        self.last = decision

    def clear(self) -> None:
        super().clear()
        self.last = None

    @property
    def top(self) -> Decision | None:
        return self.last

    def copy(self) -> Wh6Stack:
        return Wh6Stack(list(self))


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as it appears in the state document."""
    body = asdict(decision)
    out: dict[str, Any] = {"kind": decision.kind}
    out.update({k: list(v) if isinstance(v, tuple) else v for k, v in body.items()})
    return out
