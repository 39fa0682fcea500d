"""The rules as resumable procedures: a stack of frames and the loop that runs them.

Mage Wars nests sequences inside sequences (an attack inside a casting inside a creature's action
turn inside the Action Phase), with windows for choices at every step. Each sequence is a `Frame`:
a small object with a `stage` number and the data it needs. `run(st)` steps the top frame until
an `Ask` (a decision for one seat) is on top or the game is over. A frame may push children
(they run first), change its own stage, or pop itself.

Rules for frames, so that a shallow copy clones them (`State.clone` copies the stack with
`copy.copy`):
- fields hold primitives, tuples and frozensets only, and are reassigned, never mutated in place;
- frames never point at other frames or at objects: they name objects by oid;
- a child hands a result to its parent through `st.ret` (a primitive or a tuple), which the
  parent reads when it resumes.

An `Ask` lists its options as `MWAction`s (canonical text). The legal list of a decision is
exact: an action is legal when it is in the list, which makes `check` exact too.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action, tokens
from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

_ZONE = re.compile(r"[a-fA-F][1-4]")
MAX_STEPS = 100_000          # a frame loop that never asks is a bug; stop it loudly


@dataclass(frozen=True, slots=True)
class MWAction(Action):
    """Every mage-wars action: its canonical text (lower case, zones upper case, single
    spaces, options last as key=value). Notation: docs/games/mage-wars.md."""

    text: str

    def notation(self) -> str:
        return self.text


def act(*words: object) -> MWAction:
    """Build a canonical action from words: `act("move", "B1")`, `act("cast", "fireball",
    "o7")`. Words that are None are skipped. The engine's own words need no parsing (legal
    lists build many actions), only the case rule of `canonical` (remembered per text word:
    the engine's vocabulary is small)."""
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


def _canonical_word(word: str) -> str:
    return word.upper() if _ZONE.fullmatch(word) else word.lower()


def canonical(text: str) -> str:
    """The canonical form of an action text; InvalidAction on unreadable text."""
    parsed = tokens(text)
    words = [parsed.verb.lower()]
    words += [_canonical_word(word) for word in parsed.words]
    words += [f"{key}={value.lower()}" for key, value in parsed.options.items()]
    return " ".join(words)


class Frame:
    """One step-by-step procedure of the rules (see the module docstring)."""

    __slots__ = ()
    rule: str = "MW-3.2"     # the rule the procedure carries out (for explanations)

    def step(self, st: MageWarsState) -> None:
        """Advance the procedure by one step."""
        raise NotImplementedError

    def copy(self) -> Frame:
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


class Ask(Frame):
    """A decision: `seat` must pick one of `options(st)`; `answer` carries it out (it usually
    pops the ask, or replaces it with the next step of the same decision)."""

    __slots__ = ()
    seat: int

    def options(self, st: MageWarsState) -> list[MWAction]:
        raise NotImplementedError

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        raise NotImplementedError

    def step(self, st: MageWarsState) -> None:      # an Ask never steps: run() stops at it
        raise AssertionError("an Ask is answered, not stepped")

    def refuse(self, st: MageWarsState, action: MWAction) -> IllegalAction:
        """Why `action` is not one of the options (override for sharper explanations)."""
        shown = ", ".join(a.text for a in self.options(st)[:12])
        return IllegalAction(
            Text(f"'{action.text}' is not possible now. Possible: {shown}",
                 f"'{action.text}' no es posible ahora. Posibles: {shown}"),
            rule=self.rule)

    def public(self) -> dict[str, Any]:
        return {"frame": type(self).__name__, "seat": self.seat}


def run(st: MageWarsState) -> None:
    """Step frames until a decision is pending or the game is over."""
    frames = st.frames
    for _ in range(MAX_STEPS):
        if st.over or not frames:
            return
        top = frames[-1]
        if isinstance(top, Ask):
            return
        top.step(st)
    raise RuntimeError(f"mage-wars: no decision after {MAX_STEPS} steps; top frame "
                       f"{type(frames[-1]).__name__}")


def pending_ask(st: MageWarsState) -> Ask | None:
    """The decision on top of the stack, if any."""
    if st.over or not st.frames:
        return None
    top = st.frames[-1]
    return top if isinstance(top, Ask) else None
