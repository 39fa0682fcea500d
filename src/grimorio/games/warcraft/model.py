"""The mutable pieces of a warcraft position: players and what each side has in each zone.

Rule ids are in docs/rules/warcraft.md; the state document is described in
docs/games/warcraft.md. Everything here is plain data with a hand-written `copy()`, so a state
clone is cheap (search clones often).

The model, for every rules module:

- `st.players[seat]` is a `Player`: race, Town Hall zone (None when the scenario gives none),
  gold and wood, the top card of each unit stack (`levels`), finished building cards
  (`buildings`, the panel's printed melee and worker buildings not included: see
  `Player.buildings_of`), buildings under construction (`constructing`: kinds, each with or
  without its worker), pieces in training (`training`), the experience cards (`hand`, `deck`
  top first, `discard`, Victory Point cards laid face up in `laid`, Furion's cards set aside in
  `aside`) and whether the player is out (`eliminated`).
- `st.neutral` is the scenario's neutral army as a `Player` with seat `NEUTRAL` (-1), or None.
- `st.zones[zone_id]` maps an owner seat (NEUTRAL for the neutrals) to a `Force`: that side's
  melee, ranged and flying units, workers, Necromancers, outposts (finished and under
  construction), workers called to arms, and how many of each kind already moved this phase.
  An owner with nothing left in a zone is removed from the mapping (`st.prune(zone)`), so
  `st.zones[z]` lists exactly who is there.
- A piece's reserve is never stored: it is the component limit minus what is on the board, in
  training and set aside (WC-2.1; `st.reserve(seat, kind)`).
- The builder of an unfinished outpost is one of the owner's workers in that zone (WC-A7): it
  counts towards the 3 workers, and `Force.building` says how many of the workers are builders.
- Units lent to Call to Arms (WC-13.5) sit in `Force.militia`: they are the player's workers,
  fighting as melee units until the Movement phase and its combats are over (WC-A34).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

NEUTRAL = -1                       # owner id of a scenario's neutral units (WC-16.3)
UNIT_KINDS = ("melee", "ranged", "flying")
PIECE_KINDS = ("melee", "ranged", "flying", "workers")
TRAINABLE = ("melee", "ranged", "flying", "workers")
BUILDING_KINDS = ("melee", "ranged", "flying")


@dataclass(slots=True)
class Force:
    """One side's pieces in one zone. `moved_*` count the pieces of each kind that already
    moved (or arrived) this Movement phase (WC-A4: each piece moves once per phase)."""

    melee: int = 0
    ranged: int = 0
    flying: int = 0
    workers: int = 0
    necromancers: int = 0           # March of the Necromancers (WC-17.3)
    outposts: int = 0               # finished outposts (WC-9.4)
    building: int = 0               # outposts under construction, each with its builder among
    #                                 `workers` (WC-10.12, WC-A7)
    militia: int = 0                # workers fighting as melee units (Call to Arms, WC-13.5)
    moved_melee: int = 0
    moved_ranged: int = 0
    moved_flying: int = 0
    moved_workers: int = 0
    moved_necromancers: int = 0

    def copy(self) -> Force:
        return Force(self.melee, self.ranged, self.flying, self.workers, self.necromancers,
                     self.outposts, self.building, self.militia, self.moved_melee,
                     self.moved_ranged, self.moved_flying, self.moved_workers,
                     self.moved_necromancers)

    @property
    def units(self) -> int:
        """Units for stacking, combat presence and control (militia fight as melee)."""
        return self.melee + self.ranged + self.flying + self.militia

    @property
    def empty(self) -> bool:
        return not (self.units or self.workers or self.necromancers or self.outposts
                    or self.building)

    def count(self, kind: str) -> int:
        value: int = getattr(self, kind)
        return value

    def add(self, kind: str, n: int) -> None:
        setattr(self, kind, getattr(self, kind) + n)

    def moved(self, kind: str) -> int:
        value: int = getattr(self, f"moved_{kind}")
        return value

    def free(self, kind: str) -> int:
        """Pieces of `kind` that may still move this phase."""
        return self.count(kind) - self.moved(kind)

    def clear_moves(self) -> None:
        self.moved_melee = self.moved_ranged = self.moved_flying = 0
        self.moved_workers = self.moved_necromancers = 0

    def to_json(self) -> dict[str, int]:
        return {k: v for k, v in zip(_FORCE_FIELDS, _force_values(self), strict=True) if v}


_FORCE_FIELDS = ("melee", "ranged", "flying", "workers", "necromancers", "outposts",
                 "building", "militia", "moved_melee", "moved_ranged", "moved_flying",
                 "moved_workers", "moved_necromancers")
_force_values = attrgetter(*_FORCE_FIELDS)
FORCE_KEYS = frozenset(_FORCE_FIELDS)


@dataclass(slots=True)
class Player:
    """A seat (or the neutral army): its race, panel, piles, stacks, buildings and cards."""

    seat: int
    race: str
    town_hall: str | None = None
    panel: bool = True               # has a Town Hall control panel (WC-2.11, WC-17.2)
    piles: bool = True               # has resource piles (WC-19.2: not in Nordrassil)
    gold: int = 0
    wood: int = 0
    levels: dict[str, int] = field(default_factory=dict)     # type -> level of the top card
    buildings: dict[str, int] = field(default_factory=dict)  # finished building cards by kind
    constructing: tuple[tuple[str, bool], ...] = ()          # (kind, has its worker) (WC-10.9)
    training: dict[str, int] = field(default_factory=dict)   # kind -> pieces on buildings
    hand: list[str] = field(default_factory=list)            # card ids (private, WC-3.7)
    deck: list[str] = field(default_factory=list)            # top first (order private)
    discard: list[str] = field(default_factory=list)
    laid: list[str] = field(default_factory=list)            # Victory Point cards face up
    aside: list[str] = field(default_factory=list)           # Furion's draws (WC-19.8)
    dead: dict[str, int] = field(default_factory=dict)       # "<zone> <kind>" -> killed units
    #                                                          held aside (WC-19.6, WC-A31 b)
    eliminated: bool = False

    def copy(self) -> Player:
        return Player(self.seat, self.race, self.town_hall, self.panel, self.piles, self.gold,
                      self.wood, dict(self.levels), dict(self.buildings), self.constructing,
                      dict(self.training), list(self.hand), list(self.deck),
                      list(self.discard), list(self.laid), list(self.aside), dict(self.dead),
                      self.eliminated)

    def buildings_of(self, kind: str) -> int:
        """Finished buildings of a kind, the panel's printed one included (WC-2.11, WC-A9)."""
        printed = 1 if self.panel and kind in ("melee", "workers") else 0
        return printed + self.buildings.get(kind, 0)

    def constructing_of(self, kind: str) -> int:
        return sum(1 for k, _ in self.constructing if k == kind)

    def public_json(self) -> dict[str, object]:
        return {
            "seat": self.seat, "race": self.race, "town_hall": self.town_hall,
            "panel": self.panel, "piles": self.piles, "gold": self.gold, "wood": self.wood,
            "levels": dict(sorted(self.levels.items())),
            "buildings": dict(sorted(self.buildings.items())),
            "constructing": [[k, w] for k, w in self.constructing],
            "training": {k: v for k, v in sorted(self.training.items()) if v},
            "hand_size": len(self.hand), "deck_size": len(self.deck),
            "discard": list(self.discard), "laid": list(self.laid),
            "aside_size": len(self.aside),
            "dead": {k: v for k, v in sorted(self.dead.items()) if v},
            "eliminated": self.eliminated,
        }

    def private_json(self) -> dict[str, object]:
        """What only the player sees (his hand and Furion's set-aside cards); the deck order
        is known to nobody, so only the full document carries it."""
        return {"hand": sorted(self.hand), "aside": sorted(self.aside)}


@dataclass(frozen=True, slots=True)
class TokenState:
    """A quest token on the board (WC-2.16) and whether it still works (WC-17.7)."""

    kind: str                 # special | prisoner | nordrassil
    zone: str
    rule: str
    race: str | None = None
    ability: str | None = None
    unit: str | None = None
    amount: int = 0
    alive: bool = True

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "zone": self.zone, "alive": self.alive}
        for key in ("race", "ability", "unit"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.amount:
            out["amount"] = self.amount
        return out
