"""The mutable records of a wiz-war position: wizards, treasures, objects, spells in play, casts.

Each record has `__slots__` and a hand-written `copy()` (cloning a state copies them one by one,
never with deepcopy). Cards are int instance ids; `WizWarState.keys[id]` is the card key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

START_LIFE = 15
MAX_LIFE = 20
BASE_HAND = 7
BASE_MOVE = 3


class Wizard:
    """One player's wizard and his cards (seat = turn order, colour = his sector, WW-2.1)."""

    __slots__ = ("alive", "colour", "data", "hand", "items", "life", "seat", "square", "stun",
                 "treasures", "turns", "vp")

    def __init__(self, seat: int, colour: str, square: int) -> None:
        self.seat = seat
        self.colour = colour
        self.square = square
        self.life = START_LIFE
        self.alive = True
        self.vp = 0
        self.stun = 0                    # stun tokens (WW-4.5)
        self.hand: list[int] = []        # secret
        self.items: list[int] = []       # carried items, public (WW-X15)
        self.treasures: list[int] = []   # indices into state.treasures
        self.turns = 0                   # turns begun (the first one forbids attacks, WW-5.6)
        self.data: dict[str, Any] = {}   # cards' memory about him (primitives only, JSON-able)

    def copy(self) -> Wizard:
        twin = Wizard.__new__(Wizard)
        twin.seat, twin.colour, twin.square = self.seat, self.colour, self.square
        twin.life, twin.alive, twin.vp, twin.stun = self.life, self.alive, self.vp, self.stun
        twin.hand, twin.items = self.hand[:], self.items[:]
        twin.treasures, twin.turns = self.treasures[:], self.turns
        twin.data = dict(self.data)
        return twin


class Treasure:
    """A treasure marker: `colour` + `n` (1 or 2) names it (`red1`). On a square, carried, or
    scored (out of the game, WW-X14)."""

    __slots__ = ("carrier", "colour", "n", "scored", "square")

    def __init__(self, colour: str, n: int, square: int | None) -> None:
        self.colour = colour
        self.n = n
        self.square = square
        self.carrier: int | None = None
        self.scored = False

    @property
    def name(self) -> str:
        return f"{self.colour}{self.n}"

    def copy(self) -> Treasure:
        twin = Treasure.__new__(Treasure)
        twin.colour, twin.n, twin.square = self.colour, self.n, self.square
        twin.carrier, twin.scored = self.carrier, self.scored
        return twin


class BoardObject:
    """A thing on a square (WW-X21): `kind` is `item` for a dropped item card (`card` set) or an
    object kind from `effects.vocab.OBJECT_KINDS`. `owner` is the seat that created it."""

    __slots__ = ("card", "cracks", "data", "kind", "oid", "owner", "square")

    def __init__(self, oid: int, kind: str, square: int, card: int | None = None,
                 owner: int | None = None) -> None:
        self.oid = oid
        self.kind = kind
        self.square = square
        self.card = card
        self.owner = owner
        self.cracks = 0
        self.data: dict[str, Any] = {}

    def copy(self) -> BoardObject:
        twin = BoardObject.__new__(BoardObject)
        twin.oid, twin.kind, twin.square, twin.card = self.oid, self.kind, self.square, self.card
        twin.owner, twin.cracks, twin.data = self.owner, self.cracks, dict(self.data)
        return twin


class SpellInPlay:
    """A maintained or temporary spell (WW-X16): controlled by `caster`, aimed at `targets`
    (notation strings), with `energy` from its boost and `tokens` energy tokens if temporary.
    `data` is the script's own memory (primitives only, JSON-able)."""

    __slots__ = ("card", "caster", "data", "energy", "key", "sid", "targets", "tokens")

    def __init__(self, sid: int, card: int, key: str, caster: int, targets: tuple[str, ...],
                 energy: int, tokens: int | None) -> None:
        self.sid = sid
        self.card = card
        self.key = key
        self.caster = caster
        self.targets = targets
        self.energy = energy
        self.tokens = tokens
        self.data: dict[str, Any] = {}

    def copy(self) -> SpellInPlay:
        twin = SpellInPlay.__new__(SpellInPlay)
        twin.sid, twin.card, twin.key, twin.caster = self.sid, self.card, self.key, self.caster
        twin.targets, twin.energy, twin.tokens = self.targets, self.energy, self.tokens
        twin.data = dict(self.data)
        return twin


@dataclass(frozen=True, slots=True)
class Cast:
    """A card being played, waiting for its counter window (WW-X18). Immutable: the stack of
    casts is copied by reference. `verb` is `play`, `counter` or `use`; `answers` is the cast id
    a counter answers; `countered` is set by replacing the record."""

    cid: int
    seat: int
    card: int
    key: str
    verb: str
    targets: tuple[str, ...]
    energy: int
    options: tuple[tuple[str, str], ...] = ()
    answers: int | None = None
    countered: bool = False


class Turn:
    """What the active player has done this turn (reset when a turn begins)."""

    __slots__ = ("added", "attacked", "attacks", "boosted", "corner", "effects", "moved", "mp",
                 "origin", "stopped", "stunned", "unlocked")

    def __init__(self) -> None:
        self.mp = BASE_MOVE
        self.boosted = False
        self.attacked = False
        self.moved = False
        self.stunned = False
        self.stopped = False          # picked up a treasure: no more movement (WW-X14)
        self.corner = False           # Around the Corner is waiting for the next spell
        self.unlocked: tuple[tuple[int, int], ...] = ()   # doors open for one passage
        self.attacks = 0              # attacks made (more than 1 with an `attack_allowance` hook)
        self.effects: tuple[int, ...] = ()   # cards whose hooks last until this turn ends
        self.origin: int | None = None  # Astral Projection: the next spell's square of origin
        self.added = 0                # Add: energy waiting for the next spell (WW-X17)

    def copy(self) -> Turn:
        twin = Turn.__new__(Turn)
        twin.mp, twin.boosted, twin.attacked = self.mp, self.boosted, self.attacked
        twin.moved, twin.stunned, twin.stopped = self.moved, self.stunned, self.stopped
        twin.corner, twin.unlocked = self.corner, self.unlocked
        twin.attacks, twin.effects = self.attacks, self.effects
        twin.origin = self.origin
        twin.added = self.added
        return twin

    def document(self) -> dict[str, Any]:
        return {"mp": self.mp, "boosted": self.boosted, "attacked": self.attacked,
                "moved": self.moved, "stunned": self.stunned, "stopped": self.stopped,
                "corner": self.corner, "unlocked": [list(e) for e in self.unlocked],
                "attacks": self.attacks, "effects": list(self.effects), "origin": self.origin,
                "added": self.added}
