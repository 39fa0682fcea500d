"""Rules as resumable procedures: a stack of frames and the loop that runs them.

Some games nest sequences inside sequences (an attack inside a casting inside a creature's turn),
with choices at every step. Each sequence is a `Frame`: a small object with a stage number and
the data it needs. `run(st)` steps the top frame until an `Ask` (a decision for one seat) is on
top or the game is over. A frame may push children (they run first), change its own stage, or pop
itself. The game's state keeps the stack in `st.frames` and its end in `st.over`.

Rules for frames, so that a shallow copy clones them (a state clone copies the stack with
`Frame.copy`):
- fields hold primitives, tuples and frozensets only, and are reassigned, never mutated in place;
- frames never point at other frames or at game objects: they name objects by id;
- a child hands a result to its parent through a register on the state (`st.ret`), which the
  parent reads when it resumes.

An `Ask` lists its options as `TextAction`s (canonical text); a decision's legal list is exact,
so an action is legal when it is in the list. An `OpenAsk` (positions and angles on a table)
lists useful candidates instead and decides any other action with `validate`. Games subclass
`TextAction` for their notation.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text

MAX_STEPS = 100_000          # a frame loop that never asks is a bug; stop it loudly


@dataclass(frozen=True, slots=True)
class TextAction(Action):
    """An action that is its canonical text (the game defines the canonical form)."""

    text: str

    def notation(self) -> str:
        return self.text


class Frame:
    """One step-by-step procedure of the rules (see the module docstring). `st` is the game's
    own state type; the core leaves it untyped so games can narrow it."""

    __slots__ = ()
    rule: str = ""           # the rule the procedure carries out (for explanations)

    def step(self, st: Any) -> None:
        """Advance the procedure by one step."""
        raise NotImplementedError

    def copy(self) -> Self:
        return copy.copy(self)

    def to_json(self) -> dict[str, Any]:
        """The frame in the state document (full truth)."""
        out: dict[str, Any] = {"frame": type(self).__name__}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, (tuple, frozenset)) else value
        return out

    def public(self) -> dict[str, Any]:
        """What every seat may see of this frame (override to hide private fields)."""
        return {"frame": type(self).__name__}


def clipped(text: str, limit: int = 80) -> str:
    """`text` cut to `limit` characters: a refusal quotes what was typed, and a hostile
    megabyte of it must not come back whole."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Ask(Frame):
    """A decision: `seat` must pick one of `options(st)`; `answer` carries it out (it usually
    pops the ask, or replaces it with the next step of the same decision)."""

    __slots__ = ()
    seat: int

    def options(self, st: Any) -> list[Any]:
        raise NotImplementedError

    def answer(self, st: Any, action: Any) -> None:
        raise NotImplementedError

    def step(self, st: Any) -> None:      # an Ask never steps: run() stops at it
        raise AssertionError("an Ask is answered, not stepped")

    def refuse(self, st: Any, action: TextAction) -> IllegalAction:
        """Why `action` is not one of the options (override for sharper explanations)."""
        shown = ", ".join(a.text for a in self.options(st)[:12])
        said = clipped(action.text)
        return IllegalAction(
            Text(f"'{said}' is not possible now. Possible: {shown}",
                 f"'{said}' no es posible ahora. Posibles: {shown}"),
            rule=self.rule or None)

    def public(self) -> dict[str, Any]:
        return {"frame": type(self).__name__, "seat": self.seat}


class OpenAsk(Ask):
    """A decision with open-ended options (a position on a table, an angle): `options` lists a
    finite set of useful candidates, every one of them legal, and `validate` decides exactly
    whether any other action is legal. Games with continuous positions use it."""

    __slots__ = ()

    def validate(self, st: Any, action: Any) -> IllegalAction | None:
        """None when `action` is legal now, else the refusal with its rule and reason."""
        raise NotImplementedError


def run(st: Any) -> None:
    """Step frames until a decision is pending or the game is over."""
    frames = st.frames
    for _ in range(MAX_STEPS):
        if st.over or not frames:
            return
        top = frames[-1]
        if isinstance(top, Ask):
            return
        top.step(st)
    raise RuntimeError(f"{st.game.id}: no decision after {MAX_STEPS} steps; top frame "
                       f"{type(frames[-1]).__name__}")


def pending_ask(st: Any) -> Ask | None:
    """The decision on top of the stack, if any."""
    if st.over or not st.frames:
        return None
    top = st.frames[-1]
    return top if isinstance(top, Ask) else None


class AskDriven:
    """The State hooks of a game run by frames (mixed in before `State`): the pending `Ask`
    says who decides and what is legal, and an action is legal when the Ask lists it.

    The state keeps its legal list in `_legal` (the actions as the keys of a dict: in order,
    no repeats, quick membership), dropped whenever an action is carried out. (No `__slots__`
    here: the state's own slots hold `_legal`, and mypy must see it assignable.)"""

    action_type: ClassVar[type[TextAction]] = TextAction
    idle_rule: ClassVar[str | None] = None     # cited when nothing at all can be done
    _legal: dict[Action, None] | None

    def _current_player(self) -> int | None:
        ask = pending_ask(self)
        return None if ask is None else ask.seat

    def _legal_dict(self) -> dict[Action, None]:
        if self._legal is None:
            ask = pending_ask(self)
            self._legal = {} if ask is None else dict.fromkeys(ask.options(self))
        return self._legal

    def _legal_actions(self) -> list[Action]:
        return list(self._legal_dict())

    def _is_legal(self, action: Action) -> bool:
        if not isinstance(action, self.action_type):
            return False
        if self._legal is not None and action in self._legal:
            return True
        ask = pending_ask(self)
        if isinstance(ask, OpenAsk):        # decided exactly, without listing candidates
            return ask.validate(self, action) is None
        return action in self._legal_dict()

    def _illegal_reason(self, action: Action) -> IllegalAction:
        ask = pending_ask(self)
        if ask is None or not isinstance(action, self.action_type):
            return IllegalAction(Text("Nothing can be done now.", "Ahora no se puede hacer nada."),
                                 rule=self.idle_rule)
        if isinstance(ask, OpenAsk):
            refusal = ask.validate(self, action)
            if refusal is not None:
                return refusal
        return ask.refuse(self, action)

    def _answer(self, action: Action) -> None:
        """Hand `action` to the pending Ask, then run the frames to the next decision."""
        ask = pending_ask(self)
        assert ask is not None and isinstance(action, self.action_type)
        self._legal = None
        ask.answer(self, action)
        self._legal = None
        run(self)
        self._legal = None
