"""mage-knight's frame classes on the core kernel (grimorio.core.flow).

Every rules sequence of the game is a `Frame`, every decision an `Ask` (an exact list of options)
or an `OpenAsk` (candidates plus `validate`, for positions and angles). Frames are slotted
dataclasses whose fields are primitives and tuples (see grimorio.core.flow), so a state clone
copies the stack frame by frame with `Frame.copy`.

    @dataclass(slots=True)
    class SpinAsk(Ask):
        seat: int
        wid: str
        rule = "MK-7.10"
"""

from __future__ import annotations

from typing import Any

from grimorio.core import flow as core
from grimorio.core.errors import IllegalAction
from grimorio.core.flow import run

__all__ = ["Ask", "Frame", "OpenAsk", "pending_ask", "run"]


class Frame(core.Frame):
    """A mage-knight procedure (subclasses are `@dataclass(slots=True)`)."""

    __slots__ = ()
    rule: str = "MK-4.1"


class Ask(core.Ask, Frame):
    """A mage-knight decision with an exact list of options."""

    __slots__ = ()


class OpenAsk(core.OpenAsk, Frame):
    """A mage-knight decision with open-ended options: `options` lists candidates, every one
    legal, and `validate` decides any action exactly."""

    __slots__ = ()

    def validate(self, st: Any, action: Any) -> IllegalAction | None:
        raise NotImplementedError


def pending_ask(st: Any) -> core.Ask | None:
    """The decision on top of the stack, if any."""
    return core.pending_ask(st)
