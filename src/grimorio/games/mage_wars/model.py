"""The mutable pieces of a mage-wars position: objects in play and players.

Everything here is plain data with a hand-written `copy()` (a state clone copies every object), so
search can clone positions cheaply. Rule ids are in docs/rules/mage-wars.md.

Object kinds (MW-5.18, MW-X-10.1): `mage` (a creature that is its player's mage), `creature`,
`conjuration`, `enchantment`, `equipment`. Creatures, conjurations and mages stand in a `zone`;
equipment hangs on its mage (`host`); an enchantment hangs on an object (`host`) or on a zone
(`zone`, with `host` None).
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAGE_CARD = "apprentice-mage"       # the card id used for an Apprentice mage's own object
CONDITIONS = ("burn", "stun", "daze", "weak", "cripple", "rot", "sleep", "taunt")
LIVING_KINDS = ("mage", "creature")


@dataclass(slots=True)
class Obj:
    """One object in play (MW-X-10.1): a card on the table, or a mage."""

    oid: int
    card: str                       # card id in cards.yaml, or MAGE_CARD
    kind: str                       # mage | creature | conjuration | enchantment | equipment
    owner: int                      # whose spellbook it came from (MW-X-10.10)
    controller: int                 # who uses it (MW-X-10.9; equipment: the wearer, MW-5.107)
    zone: str | None = None         # zone it stands in (or a zone enchantment's zone)
    host: int | None = None         # the object it is attached to (enchantments, equipment)
    damage: int = 0                 # MW-5.25
    active: bool = False            # action marker face up (MW-3.7); creatures enter inactive
    guard: bool = False             # Guard marker (MW-4.7)
    markers: dict[str, int] = field(default_factory=dict)   # condition markers by name
    late: dict[str, int] = field(default_factory=dict)      # markers whose end-of-turn effect
    #                                                         waits one turn (MW-3.36, MW-6.70)
    face_up: bool = True            # enchantments are cast face down (MW-5.75)
    order: int = 0                  # when it was attached/revealed: layering (MW-5.81, MW-5.91)
    mana: int = 0                   # mana counters on a non-mage object (MW-3.10)
    used: frozenset[str] = frozenset()      # ready markers turned to "used" (MW-3.8)
    entered_round: int = 0          # the round it came into play (Rouse the Beast)
    slots: tuple[str, ...] = ()     # equipment locations it fills (MW-5.105)
    temp: tuple[tuple[str, int | None, str], ...] = ()   # (keyword, value, until) granted for a
    #                                                      while (Charge, Call of the Wild…)
    memo: dict[str, int] = field(default_factory=dict)   # a card script's own counters
    border: tuple[str, ...] = ()    # a wall's border, its two zones in order; a wall stands
    #                                 on it and in no zone (MW-5.58)

    def copy(self) -> Obj:
        return Obj(self.oid, self.card, self.kind, self.owner, self.controller, self.zone,
                   self.host, self.damage, self.active, self.guard, dict(self.markers),
                   dict(self.late), self.face_up, self.order, self.mana, self.used,
                   self.entered_round, self.slots, self.temp, dict(self.memo), self.border)

    @property
    def is_creature(self) -> bool:
        """Mages are creatures for every purpose (MW-3.7, MW-5.6)."""
        return self.kind in LIVING_KINDS

    @property
    def has_life(self) -> bool:
        """Only creatures and conjurations have life and can be attacked (MW-6.1)."""
        return self.kind in ("mage", "creature", "conjuration")

    def count(self, condition: str) -> int:
        return self.markers.get(condition, 0)


@dataclass(slots=True)
class Player:
    """A seat: its mage, its mana and its spellbook (MW-2.8)."""

    seat: int
    mage_class: str                 # beastmaster | priestess | warlock | wizard (MW-1.7)
    mage: int                       # oid of the mage object
    mana: int = 10                  # the pool (MW-2.9)
    channeling: int = 10            # MW-1.6
    life: int = 24                  # the mage's life (MW-1.6)
    quickcast: bool = True          # quickcast marker active (MW-3.9)
    book: list[str] = field(default_factory=list)       # card ids left in the spellbook, sorted
    planned: list[str] = field(default_factory=list)    # prepared this round, uncast (hidden)
    discard: list[str] = field(default_factory=list)    # the discard pile, public (MW-5.17)
    passed: bool = False            # scratch for the action phase's pass rule
    assigned: dict[int, str] = field(default_factory=dict)  # familiar/spawnpoint oid -> its
    #                                   spell for this round, hidden (MW-3.19, MW-5.41, MW-5.52)
    bound: dict[int, str] = field(default_factory=dict)     # Spellbind object oid -> its bound
    #                                   spell, hidden until first cast (MW-5.113, MW-5.114)
    shown: frozenset[int] = frozenset()     # holders whose bound spell is face up (MW-5.114)
    custom: bool = False            # plays a book file of its own, not a shipped book: its
    #                                 contents are secret, so resamples never read them (MW-5.7)
    team: int = -1                  # its side: team-mates share it (MW-9.8); -1: its own seat
    out: bool = False               # its mage has fallen in a game of three or more (MW-9.11)

    def side(self) -> int:
        """The side this seat plays for: its team, or itself alone (duel, free-for-all)."""
        return self.team if self.team >= 0 else self.seat

    def copy(self) -> Player:
        return Player(self.seat, self.mage_class, self.mage, self.mana, self.channeling,
                      self.life, self.quickcast, list(self.book), list(self.planned),
                      list(self.discard), self.passed, dict(self.assigned), dict(self.bound),
                      self.shown, self.custom, self.team, self.out)
