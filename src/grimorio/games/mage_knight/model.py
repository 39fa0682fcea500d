"""The mutable pieces of a mage-knight position: warriors on the table and players.

A warrior is one physical figure of an army (MK-X13): its figure number points into
`data.library().figures`; its position, facing and dial index change in play. A player holds his
army list, his edge, his team and the counters of the turn sequence. Both are plain slotted
dataclasses copied field by field when a state is cloned (`copy.copy` is enough: every field is
a primitive or a tuple).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

SEAT_LETTERS = "abcd"
"""Warrior ids are a seat letter and the 1-based index in army order: a1, b3."""

EDGES = ("south", "west", "north", "east")
"""The four edges, clockwise; seats take them clockwise in seat order (MK-X8)."""

EDGES_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "north"),
    4: ("south", "west", "north", "east"),
}
"""Edges by number of players: two players face each other across the table (MK-X8)."""

PHASES = ("army", "pile", "terrain", "deploy", "play", "over")
"""The phases of a game, in order (MK-2.2, MK-3.2, MK-3.4, MK-3.8, MK-4.1, MK-21.1)."""


def warrior_id(seat: int, index: int) -> str:
    """The id of the `index`-th (0-based) figure of seat `seat`'s army: a1, b3 (MK-X13)."""
    return f"{SEAT_LETTERS[seat]}{index + 1}"


def seat_of(wid: str) -> int:
    """The owner's seat named by a warrior id (its letter)."""
    return SEAT_LETTERS.index(wid[0])


@dataclass(slots=True)
class Warrior:
    """One figure on (or off) the battlefield."""

    id: str                 # "a1"
    number: int             # figure number (data.library().figures)
    owner: int              # seat; never changes (MK-1.10)
    x: float = 0.0          # base centre, inches (MK-G1)
    y: float = 0.0
    facing: float = 90.0    # degrees, 0 = +x, counter-clockwise (MK-G1)
    click: int = 0          # dial index; figure.is_ko(click) = eliminated (MK-1.5)
    placed: bool = False    # on the battlefield
    eliminated: bool = False
    captor: str | None = None      # id of the warrior holding it captive (MK-12.4)
    captive: str | None = None     # id of the captive it holds
    acted_turn: int = -1           # owner's own-turn number of its last action, pass included
    busy_turns: tuple[int, ...] = ()   # own-turn numbers of its last two non-pass actions
    tokens: int = 0                # tokens shown: 0, 1, or 2 when pushed (MK-5.1 to MK-5.4)
    token_turn: int = -1           # own-turn number the tokens were put down in
    last_damager: int | None = None  # last opposing seat that damaged it (MK-A28)

    def copy(self) -> Warrior:
        return copy.copy(self)

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def on_table(self) -> bool:
        """Placed and not eliminated (captives included)."""
        return self.placed and not self.eliminated


@dataclass(slots=True)
class Player:
    """One seat: army, edge, team and the counters of the turn sequence."""

    seat: int
    edge: str
    team: int                      # allies share a team number (option `teams`)
    army_id: str | None = None     # ready-made id, or None for a custom list
    army: tuple[int, ...] = ()     # figure numbers chosen (hidden until deployed, MK-X12)
    chosen: bool = False
    points_spent: int = 0          # MK-22.7
    own_turns: int = 0             # how many turns this player has started
    actions_left: int = 0          # this turn (MK-4.2 + Command MK-18.8)
    vp_eliminated: int = 0         # points scored by eliminations so far (MK-22.2)
    withdrawn: bool = False
    out: bool = False              # no warriors left but captives, or withdrawn (MK-4.1, A31)
    deployed: bool = False         # whole army on the table (its list is public from then on)
    first_roll: tuple[int, ...] = ()   # 2d6 rolls for first player (MK-3.3)

    def copy(self) -> Player:
        return copy.copy(self)
