"""Push, collision and teleport (MW-X-7.17-MW-X-7.29).

A push moves a creature one zone away from where it comes from; when several directions fit the
player causing it chooses (`push <direction>`, MW-X-7.18, MW-C13). Pushed into the arena's edge
or a Passage Blocked wall, it stays and takes a collision attack (MW-X-7.22, MW-C14). A teleport
puts a creature straight into a zone, destroying the conjurations attached to it (MW-X-7.26).
Neither is a move action, so neither is hindered (MW-4.16, MW-X-7.24).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, traits
from grimorio.games.mage_wars.flow import Ask, MWAction, act
from grimorio.games.mage_wars.rules import combat, damage

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

RANDOM = "random"
_ES = {"north": "norte", "east": "este", "south": "sur", "west": "oeste"}


def pushable(st: MageWarsState, oid: int) -> bool:
    """Pushes never move conjurations or Unmovable creatures (MW-X-7.21)."""
    o = st.objs.get(oid)
    return (o is not None and o.is_creature and o.zone is not None
            and not traits.traits(st, oid).has("unmovable"))


def push(st: MageWarsState, oid: int, direction_or_origin: str, rule: str, *,
         seat: int | None = None) -> None:
    """Push `oid` one zone: in a direction, away from an origin zone (MW-X-7.17, MW-C13) or at
    random (`"random"`, MW-X-7.19). `seat` chooses when several directions fit (by default the
    opponent of the creature's controller)."""
    if not pushable(st, oid):
        st.emit("no-push", "MW-X-7.21", Text(f"o{oid} cannot be pushed.",
                                             f"o{oid} no puede ser empujado."), oid=oid)
        return
    zone = str(st.objs[oid].zone)
    if direction_or_origin in arena.DIRECTIONS:
        ways: tuple[str, ...] = (direction_or_origin,)
    elif direction_or_origin == RANDOM:
        roll = st.roll(1, Text("Random push direction", "Dirección de empuje al azar"),
                       "MW-X-7.19", sides=12)[0]
        ways = (arena.random_push_direction(roll),)
    else:
        ways = arena.push_directions(zone, direction_or_origin)
    if len(ways) == 1:
        push_to(st, oid, ways[0], rule)
        return
    chooser = seat if seat is not None else _foe(st, st.objs[oid].controller)
    st.frames.append(PushAsk(chooser, oid, ways, rule))


def _foe(st: MageWarsState, seat: int) -> int:
    """Who picks a push's direction when no seat is named: the opponent in a duel; with more
    seats, the first enemy of the creature's side in turn order from the initiative holder
    (MW-B33), or the seat itself when no enemy is left."""
    return next((s for s in st.clockwise(st.initiative) if not st.allied(s, seat)), seat)


def push_to(st: MageWarsState, oid: int, direction: str, rule: str, *,
            passage: bool = True) -> None:
    """Carry out a push in `direction`: into the next zone if nothing blocks the way (flyers
    pass inner walls, MW-X-7.20, MW-X-7.23), else a collision (MW-X-7.22). A wall with Passage
    Attack attacks the creature first (MW-X-7.20); `passage` False: the push may not cross such
    a wall at all (Force Push without its extra mana)."""
    from grimorio.games.mage_wars.rules import walls

    o = st.objs[oid]
    zone = str(o.zone)
    dest = st.arena.push_target(zone, direction)
    if dest is None or not st.arena.can_cross(zone, dest, traits.is_flying(st, oid)):
        st.emit("collide", "MW-X-7.22", Text(f"o{oid} is pushed {direction} into a wall.",
                                             f"o{oid} es empujado al {_ES[direction]} contra un "
                                             "muro."), oid=oid, direction=direction)
        combat.collide(st, oid)
        return
    wall = walls.passage_wall(st, oid, zone, dest)
    if wall is not None and not passage:
        st.emit("no-push", "MW-X-7.20", Text(f"o{oid} is not pushed through the wall "
                                             f"o{wall.oid}.",
                                             f"o{oid} no es empujado a través de la barrera "
                                             f"o{wall.oid}."), oid=oid, wall=wall.oid)
        return
    if wall is not None:
        st.frames.append(walls.PushThrough(oid, wall.oid, zone, dest, direction, rule))
        return
    arrive(st, oid, dest, direction, rule)


def arrive(st: MageWarsState, oid: int, dest: str, direction: str, rule: str) -> None:
    """The pushed creature is placed in its new zone, and traps there go off (MW-X-7.17,
    MW-5.99)."""
    from grimorio.games.mage_wars.rules import traps

    st.relocate(oid, dest)
    st.emit("push", rule, Text(f"o{oid} is pushed {direction} to {dest}.",
                               f"o{oid} es empujado al {_ES[direction]} hasta {dest}."),
            oid=oid, direction=direction, zone=dest)
    traps.entered(st, oid, dest)


@dataclass(slots=True)
class PushAsk(Ask):
    """`push <direction>`: which way, when more than one fits (MW-X-7.18, MW-C13)."""

    seat: int
    oid: int
    ways: tuple[str, ...]
    why: str
    passage: bool = True         # may cross a Passage Attack wall (MW-X-7.20; Force Push)
    rule = "MW-C13"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("push", way) for way in self.ways]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        if self.oid in st.objs:
            push_to(st, self.oid, action.text.split()[1], self.why, passage=self.passage)


def teleport(st: MageWarsState, oid: int, zone: str, rule: str) -> None:
    """Teleport a creature to `zone`, its own included, Unmovable or not; the conjurations
    attached to it are destroyed, everything else goes along (MW-X-7.25-MW-X-7.28)."""
    o = st.objs.get(oid)
    if o is None or o.zone is None:
        return
    for item in st.attached(oid):
        if item.kind == "conjuration":
            damage.destroy(st, item.oid, "MW-X-7.26")
    before = o.zone
    st.relocate(oid, zone)
    st.emit("teleport", rule, Text(f"o{oid} is teleported to {zone}.",
                                   f"o{oid} es teleportado a {zone}."), oid=oid, zone=zone)
    from grimorio.games.mage_wars.rules import traps

    if zone != before:               # MW-5.99: teleported into a trap's zone, it sets it off
        traps.entered(st, oid, zone)
