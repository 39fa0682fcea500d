"""Walls (MW-5.58-MW-5.69, MW-X-7.11-MW-X-7.14, MW-X-7.20, MW-X-7.23, MW-X-10.5, MW-X-11.13,
MW-A13, MW-C24).

A wall is a conjuration (subtype `wall`) standing on a border, which actions name `A1-A2` (its two
zones in arena order joined by '-'). Its object keeps the two zones in `Obj.border` and has no
zone: it stands in no zone, so zone attacks and whole-zone spells never touch it (MW-5.58,
MW-5.69). `st.arena` (the ArenaMap) holds the setup's walls plus every wall object in play, with
their Passage Blocked and LoS Obstructed traits; `sync` rebuilds it whenever a wall comes or goes,
so crossing and line of sight always follow the walls in play.

No apprentice card is a wall; everything here is driven by card data (test-only cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, data, traits
from grimorio.games.mage_wars.flow import Frame, MWAction, act
from grimorio.games.mage_wars.model import Obj
from grimorio.games.mage_wars.rules.round import Choice, name

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

Border = frozenset[str]
EXTEND = "opt=extend"          # the cast option that pays for a second wall (MW-5.66)
SETUP_WALLS = "setup_walls"    # st.memo key: the walls the setup drew (no objects)


# ---------------------------------------------------------------------------- names

def word(b: Border) -> str:
    """`A1-A2`: the notation of a border (zone names sort in arena order)."""
    return "-".join(sorted(b))


def parse(text: str) -> Border:
    first, _, second = text.partition("-")
    return arena.border(first, second)


def is_wall(card: data.Card) -> bool:
    """A wall is a conjuration of subtype wall (MW-5.58, MW-X-10.5)."""
    return card.type == "conjuration" and "wall" in card.subtypes


def kind_of(card: data.Card) -> arena.WallKind:
    """What geometry needs of a wall's traits (MW-5.61, MW-5.64)."""
    return arena.WallKind(card.has("passage-blocked"), card.has("los-obstructed"))


def wall_on(st: MageWarsState, b: Border) -> Obj | None:
    """The wall object standing on a border, if any."""
    for o in st.objs.values():
        if o.border and frozenset(o.border) == b:
            return o
    return None


def in_play(st: MageWarsState) -> list[Obj]:
    return [o for o in st.objs.values() if o.border]


# ---------------------------------------------------------------------------- the arena map

def sync(st: MageWarsState) -> None:
    """Rebuild `st.arena` from the setup's walls and the wall objects in play. The setup's
    walls are remembered the first time (before any wall object was put on the map)."""
    base = st.memo.get(SETUP_WALLS)
    if base is None:
        held = {frozenset(o.border) for o in in_play(st)}
        base = tuple(sorted(tuple(sorted(w)) for w in st.arena.walls if w not in held))
        st.memo[SETUP_WALLS] = base
    kinds = {frozenset(o.border): kind_of(st.card(o.card)) for o in in_play(st)}
    walls = {frozenset(w) for w in base} | set(kinds)
    st.arena = st.arena.with_walls(walls, kinds)
    st.changed()


def place(st: MageWarsState, card_id: str, seat: int, b: Border, owner: int | None = None
          ) -> Obj:
    """Put a wall on a border (MW-5.58); one wall per border (MW-5.60)."""
    if b in st.arena.walls:
        raise ValueError(f"{word(b)} already holds a wall (MW-5.60)")
    sync(st)                      # remember the setup's walls before this one joins them
    obj = st.new_obj(card_id, "conjuration", seat if owner is None else owner, seat)
    obj.border = tuple(sorted(b))
    sync(st)
    st.emit("wall", "MW-5.58", Text(f"{card_id} (o{obj.oid}) stands on the border {word(b)}.",
                                    f"{card_id} (o{obj.oid}) se alza en la divisoria "
                                    f"{word(b)}."), oid=obj.oid, card=card_id, border=word(b))
    return obj


# ---------------------------------------------------------------------------- casting

def border_targets(st: MageWarsState, caster: int, card: data.Card) -> list[tuple[str, ...]]:
    """Borders a wall spell may target: no wall on it (MW-5.60), one of its zones in range and
    its midpoint in line of sight (MW-5.59, MW-5.71); `opt=extend` too when a second copy waits
    in the spellbook and a joined border is free (MW-5.66, MW-A13)."""
    here = st.zone_of(caster)
    if here is None:
        return []
    fly = traits.is_flying(st, caster)
    out: list[tuple[str, ...]] = []
    for b in st.arena.borders:
        if b in st.arena.walls or not any(st.arena.distance(here, z) in card.range for z in b):
            continue
        if not st.arena.border_los(here, b, from_flying=fly):
            continue
        out.append((word(b),))
        if card.id in st.player(st.obj(caster).controller).book \
                and extension_borders(st, caster, b):
            out.append((word(b), EXTEND))
    return out


def cost(card: data.Card, targets: tuple[str, ...]) -> int:
    """The casting cost; extended, its cost plus its level more (MW-5.66, MW-5.67)."""
    base = card.cost.cast or 0
    return base + (base + card.level if EXTEND in targets else 0)


def ends(b: Border) -> frozenset[tuple[int, int]]:
    """The two grid points a border runs between (x = column line, y = row line)."""
    (r1, c1), (r2, c2) = sorted((ord(z[0]) - ord("A"), int(z[1:]) - 1) for z in b)
    if r1 == r2:                                   # side by side: a north-south border
        return frozenset({(c2, r1), (c2, r1 + 1)})
    return frozenset({(c1, r2), (c1 + 1, r2)})      # one above the other: an east-west border


def extension_borders(st: MageWarsState, caster: int, first: Border) -> list[Border]:
    """Where the second wall may go: an inner border sharing an end with the first, in line
    or round a corner, with no wall, in the caster's line of sight; range does not matter
    (MW-5.66, MW-A13, MW-C24)."""
    here = st.zone_of(caster)
    if here is None:
        return []
    fly = traits.is_flying(st, caster)
    return [b for b in st.arena.borders
            if b != first and b not in st.arena.walls and ends(b) & ends(first)
            and st.arena.border_los(here, b, from_flying=fly)]


def resolve(st: MageWarsState, caster: int, seat: int, card: data.Card,
            targets: tuple[str, ...]) -> None:
    """The wall goes on its border; extended, a second copy from the spellbook goes on a
    joined border the caster picks (`choose A2-B2`), or, with none left, the extra mana is
    lost (MW-5.66, MW-A13)."""
    first = parse(targets[0])
    place(st, card.id, seat, first)
    if EXTEND not in targets:
        return
    spots = extension_borders(st, caster, first)
    if not spots or card.id not in st.player(seat).book:
        st.emit("wall-extension-lost", "MW-A13",
                Text(f"No joined border is free: {card.id} stands alone, the extra mana is lost.",
                     f"No queda divisoria contigua libre: {card.id} queda solo y el maná extra "
                     "se pierde."), card=card.id)
        return
    if len(spots) == 1:
        extend(st, seat, card.id, spots[0])
        return
    st.frames.append(ExtendAsk(seat, card.id, tuple(word(b) for b in spots)))


def extend(st: MageWarsState, seat: int, card_id: str, b: Border) -> None:
    """The second wall leaves the spellbook for its border (MW-5.66)."""
    st.player(seat).book.remove(card_id)
    st.changed()
    st.emit("wall-extended", "MW-5.66", Text(f"{name(seat)} extends the wall onto {word(b)}.",
                                             f"{name(seat)} prolonga la barrera sobre "
                                             f"{word(b)}."), seat=seat, border=word(b))
    place(st, card_id, seat, b)


@dataclass(slots=True)
class ExtendAsk(Choice):
    """`choose A2-B2`: the border of the second wall (MW-5.66, MW-C24)."""

    seat: int
    card: str
    spots: tuple[str, ...]
    rule = "MW-5.66"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("choose", b) for b in self.spots]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        extend(st, self.seat, self.card, parse(action.text.split()[1]))


# ---------------------------------------------------------------------------- attacking walls

def in_reach(st: MageWarsState, here: str, wall: Obj, span: data.Span, flying: bool) -> bool:
    """A ranged attack or a spell reaches a wall when either of its zones is in range and its
    midpoint is in line of sight (MW-5.68, MW-5.71)."""
    b = frozenset(wall.border)
    return any(st.arena.distance(here, z) in span for z in b) \
        and st.arena.border_los(here, b, from_flying=flying)


def beside(st: MageWarsState, zone: str) -> list[int]:
    """Walls on the borders of `zone`: a creature there may melee-attack them (MW-5.68)."""
    return [o.oid for o in in_play(st) if zone in o.border]


# ---------------------------------------------------------------------------- crossing

def passage_wall(st: MageWarsState, oid: int, origin: str, dest: str) -> Obj | None:
    """The Passage Attack wall a creature meets crossing from `origin` into `dest`: none for a
    flyer, which ignores inner walls (MW-4.22, MW-5.28, MW-X-7.23)."""
    wall = wall_on(st, arena.border(origin, dest))
    if wall is None or traits.is_flying(st, oid):
        return None
    return wall if st.card(wall.card).has("passage-attack") else None


def attack_crosser(st: MageWarsState, wall: Obj, oid: int) -> None:
    """Step 4 of the move sequence: the wall attacks the creature crossing it, before it moves
    (MW-4.22, MW-5.62, MW-X-7.13); neither melee nor ranged, so no Defense, Damage Barrier or
    Counterstrike answers it (combat runs only steps 1-6 for a `passage` attack)."""
    from grimorio.games.mage_wars import hooks
    from grimorio.games.mage_wars.rules import combat

    card = st.card(wall.card)
    bar = next((i for i, a in enumerate(card.attacks) if a.kind == "passage"), None)
    times = hooks.passage_attacks(st, wall.oid, oid)         # Wall of Thorns: level - 1
    if bar is None or times <= 0:
        return
    st.emit("passage-attack", "MW-5.62", Text(f"The wall o{wall.oid} attacks o{oid} as it "
                                              "crosses.",
                                              f"La barrera o{wall.oid} ataca a o{oid} al "
                                              "cruzarla."), wall=wall.oid, oid=oid)
    if times > 1:
        st.frames.append(PassageAttacks(wall.oid, oid, bar, times))
        return
    st.frames.append(combat.AttackFrame(wall.oid, card.id, bar, 0, oid, "passage",
                                        out_of_turn=True))


@dataclass(slots=True)
class PassageAttacks(Frame):
    """Several Passage Attacks of one wall on one crosser, one after the other, while both
    are still there (Wall of Thorns, MW-5.62)."""

    rule = "MW-5.62"
    wall: int
    oid: int
    bar: int
    left: int

    def step(self, st: MageWarsState) -> None:
        from grimorio.games.mage_wars.rules import combat

        if self.left <= 0 or self.wall not in st.objs or self.oid not in st.objs:
            st.frames.pop()
            st.ret = None
            return
        self.left -= 1
        st.frames.append(combat.AttackFrame(self.wall, st.obj(self.wall).card, self.bar, 0,
                                            self.oid, "passage", out_of_turn=True))


def full_crossings(st: MageWarsState, oid: int) -> list[str]:
    """Zones beyond a wall on the creature's borders that it may cross only with its full
    action (Wall of Thorns for a creature of level 2 or more); flyers ignore inner walls
    (MW-5.28)."""
    from grimorio.games.mage_wars import hooks

    zone = st.obj(oid).zone
    if zone is None or not st.arena.walls:      # every wall object is on the map (`sync`)
        return []
    on: dict[Border, Obj] = {}
    for o in st.objs.values():
        if o.border:
            on.setdefault(frozenset(o.border), o)       # the first, as `wall_on`
    if not on or traits.is_flying(st, oid):         # no wall object in play: nothing to cross
        return []
    out = []
    for z in st.arena.adjacent(zone):
        wall = on.get(arena.border(zone, z))
        if wall is not None and st.arena.can_cross(zone, z, False) \
                and hooks.full_action_to_cross(st, wall.oid, oid):
            out.append(z)
    return out


def held(st: MageWarsState, oid: int) -> bool:
    return traits.is_restrained(st, oid) or traits.is_incapacitated(st, oid)


def stopped(st: MageWarsState, oid: int, origin: str, was_held: bool) -> bool:
    """After a Passage Attack: a creature destroyed or moved away, or made Restrained or
    Incapacitated by it, stays where it started (MW-5.62, MW-4.25)."""
    o = st.objs.get(oid)
    return o is None or o.zone != origin or (held(st, oid) and not was_held)


@dataclass(slots=True)
class PushThrough(Frame):
    """A push across a Passage Attack wall: the wall attacks first, then the creature goes on
    unless that attack stopped it (MW-X-7.20, MW-5.62)."""

    rule = "MW-X-7.20"
    oid: int
    wall: int
    origin: str
    dest: str
    direction: str
    why: str
    stage: int = 0
    was_held: bool = False        # already Restrained before the wall's attack (MW-X-7.24)

    def step(self, st: MageWarsState) -> None:
        from grimorio.games.mage_wars.rules import displace

        if self.stage == 0 and self.wall in st.objs and self.oid in st.objs:
            self.stage, self.was_held = 1, held(st, self.oid)
            attack_crosser(st, st.obj(self.wall), self.oid)
            return
        st.frames.pop()
        st.ret = None
        if self.oid not in st.objs:
            return
        if self.stage == 1 and stopped(st, self.oid, self.origin, self.was_held):
            st.emit("push-stopped", "MW-5.62", Text(f"o{self.oid} stays in {self.origin}.",
                                                    f"o{self.oid} se queda en {self.origin}."),
                    oid=self.oid)
            return
        displace.arrive(st, self.oid, self.dest, self.direction, self.why)
