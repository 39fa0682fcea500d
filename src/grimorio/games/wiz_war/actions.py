"""The actions of wiz-war and their notation (docs/games/wiz-war.md, "Notation").

Actions hold primitives only. Targets are kept in canonical notation (`red`, `c4`, `b4e`,
`sector:red`, `c4:rosebush`, `spell:dispel@red`, `item:large-rock`, `treasure:red1`): the parser
normalises what it reads (an edge named from either side, upper case) with the board's help.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.actions import Action, Tokens, tokens
from grimorio.core.errors import InvalidAction
from grimorio.core.i18n import Text

if TYPE_CHECKING:
    from grimorio.games.wiz_war.board import Board

DIRS = "nesw"
COLOURS = ("blue", "red", "yellow", "green")


def _tail(targets: tuple[str, ...], boosts: tuple[str, ...],
          options: tuple[tuple[str, str], ...]) -> str:
    out = "".join(f" {t}" for t in targets)
    if boosts:
        out += " with " + "+".join(boosts)
    return out + "".join(f" {k}={v}" for k, v in options)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One step north, east, south or west (WW-5.2, WW-X2)."""

    d: int

    def notation(self) -> str:
        return f"move {DIRS[self.d]}"


@dataclass(frozen=True, slots=True)
class Boost(Action):
    """The turn's speed boost with a card's energy (WW-5.3, WW-A4)."""

    card: str

    def notation(self) -> str:
        return f"boost {self.card}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand for its effect (WW-7.2); `boosts` are spent for its energy."""

    card: str
    targets: tuple[str, ...] = ()
    boosts: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def notation(self) -> str:
        return f"play {self.card}" + _tail(self.targets, self.boosts, self.options)


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """Answer the cast on top of the counter window with a counter card (WW-7.6, WW-X18)."""

    card: str
    targets: tuple[str, ...] = ()
    boosts: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def notation(self) -> str:
        return f"counter {self.card}" + _tail(self.targets, self.boosts, self.options)


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use a carried item (throw it, attack with it…) as its card says (WW-7.9, WW-X9)."""

    item: str
    targets: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def notation(self) -> str:
        return f"use {self.item}" + _tail(self.targets, (), self.options)


@dataclass(frozen=True, slots=True)
class Punch(Action):
    """The card-less attack (WW-X8)."""

    target: str

    def notation(self) -> str:
        return f"punch {self.target}"


@dataclass(frozen=True, slots=True)
class Pickup(Action):
    """Pick up `treasure:<name>` or `item:<card>` in your square (WW-X14, WW-X15)."""

    thing: str

    def notation(self) -> str:
        return f"pickup {self.thing}"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Drop a carried treasure or item in your square (free)."""

    thing: str

    def notation(self) -> str:
        return f"drop {self.thing}"


@dataclass(frozen=True, slots=True)
class EndSpell(Action):
    """End one of your own maintained spells (WW-X16)."""

    card: str

    def notation(self) -> str:
        return f"end-spell {self.card}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """Finish Move and Cast (WW-3.3)."""

    def notation(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard step 1 (WW-6.1) or a forced discard (WW-6.5); empty = `discard none`."""

    cards: tuple[str, ...]

    def notation(self) -> str:
        return "discard " + (",".join(self.cards) if self.cards else "none")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Discard and Draw step 2: draw 0, 1 or 2 cards; the turn ends (WW-6.2, WW-6.3)."""

    n: int

    def notation(self) -> str:
        return f"draw {self.n}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline a counter window."""

    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer a card's pending question."""

    option: str

    def notation(self) -> str:
        return f"choose {self.option}"


END = End()
PASS = Pass()
MOVES = tuple(Move(d) for d in range(4))
DISCARD_NONE = Discard(())
DRAWS = tuple(Draw(n) for n in range(3))


def _bad(en: str, es: str) -> InvalidAction:
    return InvalidAction(Text(en, es))


def _key(word: str) -> str:
    if not word or not all(c.isalnum() or c in "-!'" for c in word):
        raise _bad(f"{word!r} is not a card key", f"{word!r} no es una clave de carta")
    return word.lower()


def normalise_target(board: Board, colours: tuple[str, ...], text: str) -> str:
    """A target in canonical notation; InvalidAction if it names nothing this game can have."""
    word = text.lower()
    if word in colours:
        return word
    kind, sep, rest = word.partition(":")
    if sep:
        return _prefixed(board, colours, kind, rest)
    try:
        return board.square_name(board.parse_square(word))
    except ValueError:
        pass
    try:
        sq, d = board.parse_edge(word)
    except ValueError:
        raise _bad(f"{text!r} is not a target (wizard, square, edge, sector:…, spell:…)",
                   f"{text!r} no es un objetivo (mago, casilla, borde, sector:…, "
                   f"spell:…)") from None
    return board.edge_name(sq, d)


def _prefixed(board: Board, colours: tuple[str, ...], kind: str, rest: str) -> str:
    if kind == "sector" and rest in colours:
        return f"sector:{rest}"
    if kind == "item" and rest:
        return f"item:{_key(rest)}"
    if kind == "treasure" and rest[:-1] in colours and rest[-1:] in ("1", "2"):
        return f"treasure:{rest}"
    if kind == "spell":
        card, _, colour = rest.partition("@")
        if colour in colours:
            return f"spell:{_key(card)}@{colour}"
    else:
        try:
            square = board.square_name(board.parse_square(kind))
        except ValueError:
            square = ""
        if square and rest:
            return f"{square}:{_key(rest)}"
    raise _bad(f"'{kind}:{rest}' is not a target", f"'{kind}:{rest}' no es un objetivo")


def _split_with(t: Tokens, start: int) -> tuple[list[str], tuple[str, ...]]:
    words = list(t.words[start:])
    if "with" not in words:
        return words, ()
    at = words.index("with")
    if at != len(words) - 2:
        raise _bad("'with' is followed by one card or card+card, at the end",
                   "'with' va seguido de una carta o carta+carta, al final")
    boosts = tuple(_key(w) for w in words[at + 1].split("+"))
    if not boosts or len(boosts) > 2:
        raise _bad("'with' takes one or two cards", "'with' admite una o dos cartas")
    return words[:at], boosts


def _options(t: Tokens) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v.lower()) for k, v in t.options.items()))


def _card_play(t: Tokens, norm: Callable[[str], str]) -> tuple[str, tuple[str, ...],
                                                               tuple[str, ...],
                                                               tuple[tuple[str, str], ...]]:
    card = _key(t.word(0, "a card"))
    words, boosts = _split_with(t, 1)
    return card, tuple(norm(w) for w in words), boosts, _options(t)


def parse(board: Board, colours: tuple[str, ...], text: str) -> Action:
    """Read one action; InvalidAction (in both languages) when it cannot be read."""
    t = tokens(text)
    verb = t.verb

    def norm(word: str) -> str:
        return normalise_target(board, colours, word)

    if verb in ("end", "pass"):
        t.expect_no_more(0)
        return END if verb == "end" else PASS
    if verb in ("play", "counter"):
        card, targets, boosts, options = _card_play(t, norm)
        cls = Play if verb == "play" else Counter
        return cls(card, targets, boosts, options)
    if verb == "use":
        card, targets, boosts, options = _card_play(t, norm)
        if boosts:
            raise _bad("'use' takes no 'with'", "'use' no admite 'with'")
        return Use(card, targets, options)
    return _parse_simple(t, norm)


def _parse_simple(t: Tokens, norm: Callable[[str], str]) -> Action:
    verb = t.verb
    t.expect_no_more(1)
    word = t.word(0, "an argument").lower()
    if verb == "move":
        if word not in DIRS or len(word) != 1:
            raise _bad("move takes n, e, s or w", "move admite n, e, s o w")
        return MOVES[DIRS.index(word)]
    if verb in ("boost", "end-spell"):
        return Boost(_key(word)) if verb == "boost" else EndSpell(_key(word))
    if verb == "punch":
        return Punch(norm(word))
    if verb in ("pickup", "drop"):
        thing = norm(word)
        if not thing.startswith(("item:", "treasure:")):
            raise _bad("name a treasure:<name> or an item:<card>",
                       "indica treasure:<nombre> o item:<carta>")
        return Pickup(thing) if verb == "pickup" else Drop(thing)
    if verb == "discard":
        return DISCARD_NONE if word == "none" else Discard(tuple(_key(w)
                                                                 for w in word.split(",")))
    if verb == "draw":
        if word not in ("0", "1", "2"):
            raise _bad("draw 0, 1 or 2", "draw 0, 1 o 2")
        return DRAWS[int(word)]
    if verb == "choose":
        return Choose(word)
    raise _bad(f"unknown action '{verb}'", f"acción desconocida '{verb}'")
