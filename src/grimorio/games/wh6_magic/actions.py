"""The actions of wh6-magic and their notation (documented in docs/games/wh6-magic.md).

Ids are the scenario's (``w1``, ``u2``); items are named ``<bearer>.<item>`` (``w2.dispel_scroll``);
a point on the table is ``x,y`` in cm. Options are ``key=value`` and lists are comma-separated.
"""

from __future__ import annotations

from dataclasses import dataclass

from grimorio.core.actions import Action, Tokens, tokens
from grimorio.core.errors import InvalidAction
from grimorio.core.i18n import Text


def _opt(key: str, value: str) -> str:
    return f" {key}={value}" if value else ""


def _opts(key: str, values: tuple[str, ...]) -> str:
    return f" {key}={','.join(values)}" if values else ""


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Declare a casting attempt: wizard, spell, power dice, target, items (WH6-1.2)."""

    wizard: str
    spell: str
    dice: int
    target: str = ""
    items: tuple[str, ...] = ()

    def notation(self) -> str:
        return (f"cast {self.wizard} {self.spell} dice={self.dice}"
                + _opt("target", self.target) + _opts("items", self.items))


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Use the re-roll on offer (casting dice, WH6 §6; or dispel dice, WH6-A5)."""

    def notation(self) -> str:
        return "reroll"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Decline the re-roll on offer and keep the dice."""

    def notation(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Dispel(Action):
    """A dispel attempt: dice from the pool, nominated dispeller, declared items (WH6 §7, WH6 §8).

    `spell` names a remains-in-play spell (``r1``) in the remains-in-play step (WH6-X7).
    """

    dice: int
    by: str = ""
    items: tuple[str, ...] = ()
    spell: str = ""

    def notation(self) -> str:
        return (f"dispel dice={self.dice}" + _opt("by", self.by) + _opts("items", self.items)
                + _opt("spell", self.spell))


@dataclass(frozen=True, slots=True)
class Scroll(Action):
    """Use the Dispel Scroll (or other automatic dispel item) carried by `bearer` (WH6-X9)."""

    bearer: str
    spell: str = ""

    def notation(self) -> str:
        return f"scroll {self.bearer}" + _opt("spell", self.spell)


@dataclass(frozen=True, slots=True)
class NoDispel(Action):
    """Let the spell stand (WH6-9.1)."""

    def notation(self) -> str:
        return "nodispel"


@dataclass(frozen=True, slots=True)
class Bound(Action):
    """Use a bound-spell item (WH6-X8): ``bound c1 ember_ring target=u4``."""

    bearer: str
    item: str
    target: str = ""

    def notation(self) -> str:
        return f"bound {self.bearer} {self.item}" + _opt("target", self.target)


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the spell-casting sub-phase."""

    def notation(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Free(Action):
    """Miscast 4: the opponent casts one of his spells for free (WH6-11.5)."""

    wizard: str
    spell: str
    target: str = ""

    def notation(self) -> str:
        return f"free {self.wizard} {self.spell}" + _opt("target", self.target)


@dataclass(frozen=True, slots=True)
class NoFree(Action):
    """Miscast 4: decline the free spell."""

    def notation(self) -> str:
        return "nofree"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish dispelling remains-in-play spells (WH6-X7)."""

    def notation(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Recover(Action):
    """Roll the recovery dice of hurled wizards as the phase begins (WH6-11.2, WH6-A15)."""

    def notation(self) -> str:
        return "recover"


REROLL, KEEP, NODISPEL, END, NOFREE, DONE, RECOVER = (
    Reroll(), Keep(), NoDispel(), End(), NoFree(), Done(), Recover())
_BARE: dict[str, Action] = {a.notation(): a for a in (REROLL, KEEP, NODISPEL, END, NOFREE, DONE,
                                                     RECOVER)}
VERBS = ("cast", "reroll", "keep", "dispel", "scroll", "nodispel", "bound", "end", "free",
         "nofree", "done", "recover")


def parse(text: str) -> Action:
    """Read one action; InvalidAction (in both languages) when it cannot be read."""
    t = tokens(text)
    if t.verb in _BARE:
        t.expect_no_more(0)
        return _BARE[t.verb]
    if t.verb == "cast":
        t.expect_no_more(2, frozenset({"dice", "target", "items"}))
        return Cast(t.word(0, "a wizard id"), t.word(1, "a spell id"), t.integer("dice"),
                    _target(t), _list(t, "items"))
    if t.verb == "dispel":
        t.expect_no_more(0, frozenset({"dice", "by", "items", "spell"}))
        return Dispel(t.integer("dice"), t.options.get("by", ""), _list(t, "items"),
                      t.options.get("spell", ""))
    if t.verb == "scroll":
        t.expect_no_more(1, frozenset({"spell"}))
        return Scroll(t.word(0, "the id of the scroll's bearer"), t.options.get("spell", ""))
    if t.verb == "bound":
        t.expect_no_more(2, frozenset({"target"}))
        return Bound(t.word(0, "the bearer's id"), t.word(1, "an item id"), _target(t))
    if t.verb == "free":
        t.expect_no_more(2, frozenset({"target"}))
        return Free(t.word(0, "a wizard id"), t.word(1, "a spell id"), _target(t))
    raise InvalidAction(Text(f"unknown action '{t.verb}'; actions: {', '.join(VERBS)}",
                             f"acción desconocida '{t.verb}'; acciones: {', '.join(VERBS)}"))


def _list(t: Tokens, key: str) -> tuple[str, ...]:
    raw = t.options.get(key, "")
    values = tuple(sorted(v for v in raw.split(",") if v))
    if raw and len(values) != len(raw.split(",")):
        raise InvalidAction(f"{key}={raw!r} has an empty entry")
    return values


def _target(t: Tokens) -> str:
    """A unit or character id, or a point ``x,y`` written canonically."""
    raw = t.options.get("target", "")
    if "," not in raw:
        return raw
    parts = raw.split(",")
    try:
        x, y = (float(p) for p in parts) if len(parts) == 2 else (float("nan"),) * 2
    except ValueError:
        x = y = float("nan")
    if x != x or y != y:
        raise InvalidAction(Text(f"target={raw!r} is not a point x,y in cm",
                                 f"target={raw!r} no es un punto x,y en cm"))
    return point_text(x, y)


def point_text(x: float, y: float) -> str:
    """The canonical notation of a point."""
    return f"{x:g},{y:g}"
