"""mage-knight notation: action text <-> frozen command dataclasses.

Every action is one line of text (docs/games/mage-knight.md, "Notation"). `parse(text)` reads it
into a command; `canonical(cmd)` writes the one canonical text of a command. Numbers are rounded
when read: coordinates to 0.01 in, angles to 0.1 degree normalised to [0, 360), and printed
without trailing zeros, so `parse(canonical(cmd)) == cmd` exactly and the state stores exactly
the printed values.

Verbs (setup): `army`, `pile`, `place`, `deploy`. Play: `move` (single moves joined by ` & `
form a movement formation), `shoot`, `fight`, `heal`, `levitate`, `raise`, `regenerate`, `pass`,
`end`, `withdraw`, `offer-end`. Sub-decisions: `spin`, `face`, `captive`, `heal value|roll`,
`agree yes|no`. Malformed text is an `InvalidAction` that says what was expected.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from grimorio.core.errors import InvalidAction
from grimorio.core.flow import TextAction
from grimorio.core.i18n import Text

__all__ = [
    "Agree", "Army", "Captive", "Command", "Deploy", "End", "Face", "Fight", "Heal",
    "HealChoice", "Levitate", "MKAction", "Move", "MoveLeg", "OfferEnd", "Pass", "Pile", "Place",
    "Raise", "Regenerate", "Shoot", "Spin", "Withdraw", "action", "actor", "angle", "canonical",
    "coord", "fmt", "fmt_angle", "parse", "wid_key",
]

WID: Final = re.compile(r"[a-d][1-9][0-9]*")
ARMY_ID: Final = re.compile(r"[a-z0-9][a-z0-9-]*")
TEMPLATE: Final = re.compile(r"[a-z][a-z0-9_]*")
PIECE: Final = re.compile(r"t([1-9][0-9]*)")
NUMBER: Final = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
FIGURES: Final = re.compile(r"[0-9]+(?:,[0-9]+)*")
LIMIT: Final = Decimal(1_000_000)       # no coordinate or angle is larger (inches, degrees)
CENT: Final = Decimal("0.01")
TENTH: Final = Decimal("0.1")
FULL_TURN: Final = Decimal(360)
MAX_TEXT: Final = 20_000
"""The longest action text read: an army of the largest build total (10,000 points of 5-point
figures) fits, a hostile text of any length is refused before it is read."""
SHOWN: Final = 40                        # characters of a word quoted in a message

MOVE_USES: Final = ("charge", "bound", "quickness")
SHOOT_USES: Final = ("magic_blast", "flame", "enhance")
FIGHT_USES: Final = ("weapon_master",)


@dataclass(frozen=True, slots=True)
class MKAction(TextAction):
    """Every mage-knight action: its canonical text."""


def _bad(en: str, es: str) -> InvalidAction:
    return InvalidAction(Text(en, es))


# ------------------------------------------------------------------------------ numbers

def coord(value: float) -> float:
    """A coordinate rounded to 0.01 in (never -0.0)."""
    out = round(float(value), 2)
    return 0.0 if out == 0 else out


def angle(value: float) -> float:
    """An angle rounded to 0.1 degree, normalised to [0, 360) (never -0.0)."""
    out = round(float(value) % 360.0, 1)
    if out >= 360.0:
        out = 0.0
    return 0.0 if out == 0 else out


@functools.lru_cache(maxsize=16384)
def fmt(value: float) -> str:
    """A coordinate as printed: at most 2 decimals, no trailing zeros (`12.25`, `8.5`, `3`).
    Kept: candidate lists print the same few thousand values again and again."""
    text = f"{coord(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@functools.lru_cache(maxsize=16384)
def fmt_angle(value: float) -> str:
    """An angle as printed: at most 1 decimal, no trailing zeros (`90`, `22.5`)."""
    text = f"{angle(value):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _shown(word: str) -> str:
    """A word quoted for a message, clipped so that a hostile text never fills the screen."""
    return repr(word if len(word) <= SHOWN else word[:SHOWN] + "…")


def _decimal(word: str, what_en: str, what_es: str) -> Decimal:
    """A number as written: ASCII digits, an optional sign and point, no exponent, no nan or
    inf, at most 1e6 in size."""
    if not NUMBER.fullmatch(word):
        raise _bad(f"{what_en} must be a number like 12.25, not {_shown(word)}",
                   f"{what_es} debe ser un número como 12.25, no {_shown(word)}")
    value = Decimal(word)
    if abs(value) > LIMIT:
        raise _bad(f"{what_en} {_shown(word)} is out of bounds",
                   f"{what_es} {_shown(word)} está fuera de rango")
    return value


def _coord_word(word: str, what_en: str, what_es: str) -> float:
    """A coordinate as written, rounded to 0.01 in, halves away from zero (`12.255` is
    12.26): decimal rounding of the text, so what a player types rounds as on paper."""
    out = float(_decimal(word, what_en, what_es).quantize(CENT, rounding=ROUND_HALF_UP))
    return 0.0 if out == 0 else out


def _point(word: str) -> tuple[float, float]:
    parts = word.split(",")
    if len(parts) != 2:
        raise _bad(f"a point is written X,Y (inches), not {_shown(word)}",
                   f"un punto se escribe X,Y (pulgadas), no {_shown(word)}")
    return (_coord_word(parts[0], "x", "x"), _coord_word(parts[1], "y", "y"))


def _angle_word(word: str) -> float:
    """An angle as written, normalised to [0, 360) and rounded to 0.1 degree, halves away
    from zero (`22.45` is 22.5; `359.96` is 0)."""
    value = _decimal(word, "an angle", "un ángulo") % FULL_TURN
    if value < 0:
        value += FULL_TURN
    out = float(value.quantize(TENTH, rounding=ROUND_HALF_UP))
    return 0.0 if out in (0.0, 360.0) else out


def _fmt_point(p: tuple[float, float]) -> str:
    return f"{fmt(p[0])},{fmt(p[1])}"


def wid_key(wid: str) -> tuple[str, int]:
    """Natural order of warrior ids: a2 before a10."""
    return (wid[0], int(wid[1:]))


def _wid(word: str) -> str:
    if not WID.fullmatch(word):
        raise _bad(f"{_shown(word)} is not a warrior id (a seat letter a-d and a number, like a3)",
                   f"{_shown(word)} no es un id de guerrero (una letra a-d y un número, como a3)")
    return word


def _wids(word: str) -> tuple[str, ...]:
    return tuple(sorted((_wid(w) for w in word.split(",")), key=wid_key))


# ------------------------------------------------------------------------------ commands

class Command:
    """Base of the parsed commands; `text()` is the canonical notation."""

    __slots__ = ()
    verb: str = ""

    def text(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Army(Command):
    """`army <army-id>` or `army 60,10,3` (figure numbers in id order a1, a2...)."""

    army_id: str | None = None
    figures: tuple[int, ...] = ()
    verb = "army"

    def text(self) -> str:
        if self.army_id is not None:
            return f"army {self.army_id}"
        return "army " + ",".join(map(str, self.figures))


@dataclass(frozen=True, slots=True)
class Pile(Command):
    """`pile <template>`: add a terrain piece to the common pile (MK-3.2)."""

    template: str
    verb = "pile"

    def text(self) -> str:
        return f"pile {self.template}"


@dataclass(frozen=True, slots=True)
class Place(Command):
    """`place t3 at X,Y rotate D`: put the pile's piece number 3 on the table (MK-3.4)."""

    piece: int
    x: float
    y: float
    rotate: float
    verb = "place"

    def text(self) -> str:
        return f"place t{self.piece} at {fmt(self.x)},{fmt(self.y)} rotate {fmt_angle(self.rotate)}"


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    """`deploy a3 at X,Y facing D` (MK-3.8, MK-3.9)."""

    wid: str
    x: float
    y: float
    facing: float
    verb = "deploy"

    def text(self) -> str:
        return f"deploy {self.wid} at {fmt(self.x)},{fmt(self.y)} facing {fmt_angle(self.facing)}"


@dataclass(frozen=True, slots=True)
class MoveLeg:
    """One warrior's single move: its path (`via` points then `to`; `to` None = turn on the
    spot, MK-7.4), final facing, the speed ability declared (`use`), and the attack after a
    Charge (`charge`, `capture`) or a Bound move (`bound`)."""

    wid: str
    via: tuple[tuple[float, float], ...] = ()
    to: tuple[float, float] | None = None
    facing: float = 0.0
    use: str | None = None
    charge: str | None = None
    capture: bool = False
    bound: tuple[str, ...] = ()

    @property
    def waypoints(self) -> tuple[tuple[float, float], ...]:
        """The path's points after the start: via points then the end (empty: no move)."""
        return self.via + ((self.to,) if self.to is not None else ())

    def text(self) -> str:
        parts = [self.wid]
        parts += [f"via {_fmt_point(p)}" for p in self.via]
        if self.to is not None:
            parts.append(f"to {_fmt_point(self.to)}")
        parts.append(f"facing {fmt_angle(self.facing)}")
        if self.use is not None:
            parts.append(f"use={self.use}")
        if self.charge is not None:
            parts.append(f"charge={self.charge}")
            if self.capture:
                parts.append("capture")
        if self.bound:
            parts.append("bound=" + ",".join(self.bound))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Move(Command):
    """`move <leg> [& <leg>]...`: one single move, or a movement formation whose legs are in
    movement order (MK-13.5 to MK-13.9, MK-A48, MK-A50)."""

    legs: tuple[MoveLeg, ...]
    verb = "move"

    @property
    def wid(self) -> str:
        """The warrior given the action (the first leg)."""
        return self.legs[0].wid

    @property
    def wids(self) -> tuple[str, ...]:
        return tuple(leg.wid for leg in self.legs)

    @property
    def formation(self) -> bool:
        return len(self.legs) > 1

    def text(self) -> str:
        return "move " + " & ".join(leg.text() for leg in self.legs)


@dataclass(frozen=True, slots=True)
class Shoot(Command):
    """`shoot a3 at b2[,b4] [with a4,a5] [use=...]` or `shoot a3 shockwave [use=enhance]`."""

    wid: str
    targets: tuple[str, ...] = ()
    members: tuple[str, ...] = ()
    use: str | None = None
    shockwave: bool = False
    verb = "shoot"

    def text(self) -> str:
        parts = ["shoot", self.wid]
        if self.shockwave:
            parts.append("shockwave")
        else:
            parts.append("at " + ",".join(self.targets))
        if self.members:
            parts.append("with " + ",".join(self.members))
        if self.use is not None:
            parts.append(f"use={self.use}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Fight(Command):
    """`fight a3 at b2 [with a4,a5] [capture] [use=weapon_master]`."""

    wid: str
    target: str
    members: tuple[str, ...] = ()
    capture: bool = False
    use: str | None = None
    verb = "fight"

    def text(self) -> str:
        parts = ["fight", self.wid, "at", self.target]
        if self.members:
            parts.append("with " + ",".join(self.members))
        if self.capture:
            parts.append("capture")
        if self.use is not None:
            parts.append(f"use={self.use}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Heal(Command):
    """`heal a3 at a4` (Healing, MK-19.1) or `heal a3 at a4 magic` (Magic Healing, MK-19.8)."""

    wid: str
    target: str
    magic: bool = False
    verb = "heal"

    def text(self) -> str:
        return f"heal {self.wid} at {self.target}" + (" magic" if self.magic else "")


@dataclass(frozen=True, slots=True)
class Levitate(Command):
    """`levitate a3 b2 to X,Y facing D` (MK-17.4)."""

    wid: str
    target: str
    x: float
    y: float
    facing: float
    verb = "levitate"

    def text(self) -> str:
        return (f"levitate {self.wid} {self.target} to {fmt(self.x)},{fmt(self.y)} "
                f"facing {fmt_angle(self.facing)}")


@dataclass(frozen=True, slots=True)
class Raise(Command):
    """`raise a3 a7 at X,Y facing D` (Necromancy, MK-18.6, MK-18.7)."""

    wid: str
    target: str
    x: float
    y: float
    facing: float
    verb = "raise"

    def text(self) -> str:
        return (f"raise {self.wid} {self.target} at {fmt(self.x)},{fmt(self.y)} "
                f"facing {fmt_angle(self.facing)}")


@dataclass(frozen=True, slots=True)
class Regenerate(Command):
    """`regenerate a3` (MK-20.6)."""

    wid: str
    verb = "regenerate"

    def text(self) -> str:
        return f"regenerate {self.wid}"


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """`pass a3`: the warrior's action is a pass (MK-4.5 (d))."""

    wid: str
    verb = "pass"

    def text(self) -> str:
        return f"pass {self.wid}"


@dataclass(frozen=True, slots=True)
class End(Command):
    """`end`: end the turn now (MK-4.6)."""

    verb = "end"

    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Withdraw(Command):
    """`withdraw`: leave the battle (MK-21.3)."""

    verb = "withdraw"

    def text(self) -> str:
        return "withdraw"


@dataclass(frozen=True, slots=True)
class OfferEnd(Command):
    """`offer-end`: propose to stop the game (MK-21.1 (3))."""

    verb = "offer-end"

    def text(self) -> str:
        return "offer-end"


@dataclass(frozen=True, slots=True)
class Agree(Command):
    """`agree yes|no`: answer an offer to end the game."""

    yes: bool
    verb = "agree"

    def text(self) -> str:
        return "agree " + ("yes" if self.yes else "no")


@dataclass(frozen=True, slots=True)
class Spin(Command):
    """`spin b2 D` or `spin b2 no` (free spin, MK-7.10, MK-7.11)."""

    wid: str
    facing: float | None
    verb = "spin"

    def text(self) -> str:
        return f"spin {self.wid} " + ("no" if self.facing is None else fmt_angle(self.facing))


@dataclass(frozen=True, slots=True)
class Face(Command):
    """`face a3 D`: the facing after a failed escape (MK-7.6)."""

    wid: str
    facing: float
    verb = "face"

    def text(self) -> str:
        return f"face {self.wid} {fmt_angle(self.facing)}"


@dataclass(frozen=True, slots=True)
class Captive(Command):
    """`captive b2 at X,Y facing D`: set a captive down by its controller (MK-12.8)."""

    wid: str
    x: float
    y: float
    facing: float
    verb = "captive"

    def text(self) -> str:
        return f"captive {self.wid} at {fmt(self.x)},{fmt(self.y)} facing {fmt_angle(self.facing)}"


@dataclass(frozen=True, slots=True)
class HealChoice(Command):
    """`heal value` or `heal roll` (MK-19.1 (a)/(b))."""

    choice: str
    verb = "heal"

    def text(self) -> str:
        return f"heal {self.choice}"


# ------------------------------------------------------------------------------ parser

class _Words:
    """A cursor over the words of one action (or one formation leg)."""

    __slots__ = ("pos", "verb", "words")

    def __init__(self, verb: str, words: list[str]) -> None:
        self.verb = verb
        self.words = words
        self.pos = 0

    def more(self) -> bool:
        return self.pos < len(self.words)

    def peek(self) -> str | None:
        return self.words[self.pos] if self.more() else None

    def take(self, what_en: str, what_es: str) -> str:
        if not self.more():
            raise _bad(f"'{self.verb}' needs {what_en}", f"'{self.verb}' necesita {what_es}")
        word = self.words[self.pos]
        self.pos += 1
        return word

    def keyword(self, word: str) -> None:
        got = self.take(f"'{word}'", f"'{word}'")
        if got != word:
            raise _bad(f"'{self.verb}': expected '{word}', found {_shown(got)}",
                       f"'{self.verb}': se esperaba '{word}', hay {_shown(got)}")

    def optional(self, word: str) -> bool:
        if self.peek() == word:
            self.pos += 1
            return True
        return False

    def done(self) -> None:
        if self.more():
            raise _bad(f"unexpected {_shown(self.words[self.pos])} in '{self.verb}'",
                       f"{_shown(self.words[self.pos])} inesperado en '{self.verb}'")


def _normalise(text: object) -> str:
    if not isinstance(text, str):
        raise _bad(f"an action is text, not {type(text).__name__}",
                   f"una acción es texto, no {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise _bad(f"an action is at most {MAX_TEXT} characters long, not {len(text)}",
                   f"una acción tiene como mucho {MAX_TEXT} caracteres, no {len(text)}")
    text = text.strip().lower()
    text = re.sub(r"\s*,\s*", ",", text)
    text = re.sub(r"\s*=\s*", "=", text)
    return re.sub(r"\s+", " ", text)


def _option(word: str, key: str, allowed: tuple[str, ...]) -> str | None:
    name, sep, value = word.partition("=")
    if not sep or name != key:
        return None
    if value not in allowed:
        raise _bad(f"{key}={_shown(value)}: expected one of {', '.join(allowed)}",
                   f"{key}={_shown(value)}: se esperaba uno de {', '.join(allowed)}")
    return value


def _once(what: str, seen: object) -> None:
    """Refuse an option given twice in one leg."""
    if seen is not None and seen != ():
        raise _bad(f"{what} is given twice", f"{what} aparece dos veces")


def _leg(w: _Words) -> MoveLeg:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    via: list[tuple[float, float]] = []
    while w.optional("via"):
        via.append(_point(w.take("a point after 'via'", "un punto tras 'via'")))
    to = _point(w.take("a point after 'to'", "un punto tras 'to'")) if w.optional("to") else None
    if via and to is None:
        raise _bad("'via' points need a final 'to X,Y'",
                   "los puntos 'via' necesitan un 'to X,Y' final")
    w.keyword("facing")
    facing = _angle_word(w.take("a facing angle", "un ángulo de encaramiento"))
    use: str | None = None
    charge: str | None = None
    capture = False
    bound: tuple[str, ...] = ()
    while w.more():
        word = w.take("", "")
        if word.startswith("use="):
            _once("use=", use)
            use = _option(word, "use", MOVE_USES)
        elif word.startswith("charge="):
            _once("charge=", charge)
            charge = _wid(word.partition("=")[2])
        elif word == "capture" and charge is not None and not capture:
            capture = True
        elif word.startswith("bound="):
            _once("bound=", bound)
            bound = _wids(word.partition("=")[2])
        else:
            raise _bad(f"unexpected {_shown(word)} in a move (options: use=, charge=[ capture], "
                       f"bound=)", f"{_shown(word)} inesperado en un movimiento (opciones: use=, "
                       f"charge=[ capture], bound=)")
    return MoveLeg(wid, tuple(via), to, facing, use, charge, capture, bound)


def _parse_move(text: str) -> Move:
    legs = []
    for index, part in enumerate(text.split("&")):
        words = part.split()
        if index == 0:
            words = words[1:]
        if not words:
            raise _bad("an empty move: write 'move a3 to X,Y facing D'",
                       "un movimiento vacío: escribe 'move a3 to X,Y facing D'")
        w = _Words("move", words)
        legs.append(_leg(w))
    return Move(tuple(legs))


def _parse_army(w: _Words) -> Army:
    word = w.take("an army id or figure numbers", "un id de ejército o números de figura")
    w.done()
    if FIGURES.fullmatch(word):
        numbers = tuple(int(part) for part in word.split(","))
        if any(n <= 0 or n > 99999 for n in numbers):
            raise _bad("figure numbers are positive collector's numbers",
                       "los números de figura son números de colección positivos")
        return Army(None, numbers)
    if not ARMY_ID.fullmatch(word):
        raise _bad(f"{_shown(word)} is not an army id", f"{_shown(word)} no es un id de ejército")
    return Army(word, ())


def _parse_pile(w: _Words) -> Pile:
    word = w.take("a terrain template", "una plantilla de terreno")
    w.done()
    if not TEMPLATE.fullmatch(word):
        raise _bad(f"{_shown(word)} is not a terrain template",
                   f"{_shown(word)} no es una plantilla de terreno")
    return Pile(word)


def _parse_place(w: _Words) -> Place:
    word = w.take("a pile piece (t1, t2...)", "una pieza del montón (t1, t2...)")
    match = PIECE.fullmatch(word)
    if not match:
        raise _bad(f"{_shown(word)} is not a pile piece (t1, t2...)",
                   f"{_shown(word)} no es una pieza del montón (t1, t2...)")
    w.keyword("at")
    x, y = _point(w.take("a point", "un punto"))
    rotate = 0.0
    if w.optional("rotate"):
        rotate = _angle_word(w.take("an angle", "un ángulo"))
    w.done()
    return Place(int(match.group(1)), x, y, rotate)


def _at_facing(w: _Words, at: str = "at") -> tuple[float, float, float]:
    w.keyword(at)
    x, y = _point(w.take("a point", "un punto"))
    w.keyword("facing")
    facing = _angle_word(w.take("a facing angle", "un ángulo de encaramiento"))
    w.done()
    return x, y, facing


def _parse_deploy(w: _Words) -> Deploy:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    return Deploy(wid, *_at_facing(w))


def _parse_shoot(w: _Words) -> Shoot:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    shockwave = w.optional("shockwave")
    targets: tuple[str, ...] = ()
    if not shockwave:
        w.keyword("at")
        targets = _wids(w.take("targets", "objetivos"))
    members: tuple[str, ...] = ()
    if w.optional("with"):
        members = _wids(w.take("formation members", "miembros de la formación"))
    use = None
    if w.more():
        use = _option(w.take("", ""), "use", SHOOT_USES)
        if use is None:
            raise _bad(f"unexpected {_shown(w.words[w.pos - 1])} in 'shoot'",
                       f"{_shown(w.words[w.pos - 1])} inesperado en 'shoot'")
    w.done()
    return Shoot(wid, targets, members, use, shockwave)


def _parse_fight(w: _Words) -> Fight:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    w.keyword("at")
    target = _wid(w.take("a target", "un objetivo"))
    members: tuple[str, ...] = ()
    if w.optional("with"):
        members = _wids(w.take("formation members", "miembros de la formación"))
    capture = w.optional("capture")
    use = None
    if w.more():
        use = _option(w.take("", ""), "use", FIGHT_USES)
        if use is None:
            raise _bad(f"unexpected {_shown(w.words[w.pos - 1])} in 'fight'",
                       f"{_shown(w.words[w.pos - 1])} inesperado en 'fight'")
    w.done()
    return Fight(wid, target, members, capture, use)


def _parse_heal(w: _Words) -> Heal | HealChoice:
    first = w.take("a warrior id, 'value' or 'roll'", "un id de guerrero, 'value' o 'roll'")
    if first in ("value", "roll"):
        w.done()
        return HealChoice(first)
    wid = _wid(first)
    w.keyword("at")
    target = _wid(w.take("a target", "un objetivo"))
    magic = w.optional("magic")
    w.done()
    return Heal(wid, target, magic)


def _parse_levitate(w: _Words) -> Levitate:
    wid = _wid(w.take("the levitating warrior", "el guerrero que levita"))
    target = _wid(w.take("the figure to move", "la figura a mover"))
    return Levitate(wid, target, *_at_facing(w, "to"))


def _parse_raise(w: _Words) -> Raise:
    wid = _wid(w.take("the necromancer", "el nigromante"))
    target = _wid(w.take("the eliminated figure", "la figura eliminada"))
    return Raise(wid, target, *_at_facing(w))


def _parse_one_wid(w: _Words) -> str:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    w.done()
    return wid


def _parse_spin(w: _Words) -> Spin:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    word = w.take("an angle or 'no'", "un ángulo o 'no'")
    w.done()
    return Spin(wid, None if word == "no" else _angle_word(word))


def _parse_face(w: _Words) -> Face:
    wid = _wid(w.take("a warrior id", "un id de guerrero"))
    facing = _angle_word(w.take("an angle", "un ángulo"))
    w.done()
    return Face(wid, facing)


def _parse_captive(w: _Words) -> Captive:
    wid = _wid(w.take("the captive", "el cautivo"))
    return Captive(wid, *_at_facing(w))


def _parse_agree(w: _Words) -> Agree:
    word = w.take("'yes' or 'no'", "'yes' o 'no'")
    w.done()
    if word not in ("yes", "no"):
        raise _bad(f"agree takes 'yes' or 'no', not {_shown(word)}",
                   f"agree admite 'yes' o 'no', no {_shown(word)}")
    return Agree(word == "yes")


def _no_words(cmd: Command) -> Callable[[_Words], Command]:
    def parse(w: _Words) -> Command:
        w.done()
        return cmd
    return parse


_PARSERS: dict[str, Callable[[_Words], Command]] = {
    "army": _parse_army, "pile": _parse_pile, "place": _parse_place, "deploy": _parse_deploy,
    "shoot": _parse_shoot, "fight": _parse_fight, "heal": _parse_heal,
    "levitate": _parse_levitate, "raise": _parse_raise,
    "regenerate": lambda w: Regenerate(_parse_one_wid(w)),
    "pass": lambda w: Pass(_parse_one_wid(w)),
    "end": _no_words(End()), "withdraw": _no_words(Withdraw()),
    "offer-end": _no_words(OfferEnd()), "agree": _parse_agree, "spin": _parse_spin,
    "face": _parse_face, "captive": _parse_captive,
}

VERBS: Final = ("move", *_PARSERS)


@functools.lru_cache(maxsize=8192)
def _parse_normal(text: str) -> Command:
    if not text:
        raise _bad("empty action", "acción vacía")
    verb = text.split(" ", 1)[0]
    if verb == "move":
        return _parse_move(text)
    if "&" in text:
        raise _bad("'&' joins the legs of a movement formation only",
                   "'&' sólo une los tramos de una formación de movimiento")
    parser = _PARSERS.get(verb)
    if parser is None:
        raise _bad(f"unknown verb {_shown(verb)}; verbs: {', '.join(VERBS)}",
                   f"verbo desconocido {_shown(verb)}; verbos: {', '.join(VERBS)}")
    result: Command = parser(_Words(verb, text.split()[1:]))
    return result


def parse(text: str | TextAction) -> Command:
    """The command an action text means; InvalidAction if it cannot be read."""
    raw = text.text if isinstance(text, TextAction) else text
    return _parse_normal(_normalise(raw))


def actor(cmd: Command) -> str | None:
    """The warrior a command gives the action to (the first leg of a move), if any."""
    wid = getattr(cmd, "wid", None)
    return wid if isinstance(wid, str) else None


def canonical(cmd: Command) -> str:
    """The canonical text of a command."""
    return cmd.text()


def action(cmd: Command) -> MKAction:
    """The action of a command (its canonical text)."""
    return MKAction(cmd.text())
