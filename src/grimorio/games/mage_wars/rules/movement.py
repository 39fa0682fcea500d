"""Movement (MW-4.11-MW-4.28, MW-X-7.1-MW-X-7.10): the move sequence, hindering, Fast and Slow,
Restrained and Incapacitated creatures that cannot move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, hooks, traits
from grimorio.games.mage_wars.flow import Frame
from grimorio.games.mage_wars.rules import walls

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState


def speed_of(st: MageWarsState, oid: int) -> str:
    """'fast', 'slow' or 'normal'; a creature with both moves normally (MW-X-7.10)."""
    t = traits.traits(st, oid)
    fast, slow = t.has("fast"), t.has("slow")
    if fast == slow:
        return "normal"
    return "fast" if fast else "slow"


def may_move(st: MageWarsState, oid: int) -> bool:
    """A move action is impossible while Restrained or Incapacitated (MW-4.19, MW-X-6.29,
    MW-X-6.36)."""
    return not traits.is_restrained(st, oid) and not traits.is_incapacitated(st, oid)


def destinations(st: MageWarsState, oid: int) -> list[str]:
    """Adjacent zones the creature may cross into (MW-4.11, MW-4.19, MW-5.28, MW-5.61)."""
    zone = st.obj(oid).zone
    if zone is None:
        return []
    if teleport_moves(st, oid):                     # no wall stops a teleport (MW-X-7.25)
        return list(st.arena.adjacent(zone))
    flying = traits.is_flying(st, oid)
    full = walls.full_crossings(st, oid)            # a full action, not a move (Wall of Thorns)
    return [z for z in st.arena.adjacent(zone)
            if st.arena.can_cross(zone, z, flying) and z not in full]


TELEPORT_MOVES = "teleport_moves"     # memo key: the round its moves are teleports (Blue Gremlin)


def teleport_moves(st: MageWarsState, oid: int) -> bool:
    """Whether the creature's move actions are teleports to an adjacent zone this round (a
    card's effect, the Blue Gremlin's): no wall, hindering or Passage Attack touches it; it
    still sets off the traps of the zone it lands in (MW-X-7.25, MW-5.99)."""
    return st.obj(oid).memo.get(TELEPORT_MOVES) == st.round


def climb_destinations(st: MageWarsState, oid: int) -> list[str]:
    """Climber (MW-X-7.11): the zones beyond a corporeal Passage Blocked wall on a border of
    the creature's zone, which its special full action climbs into. A flyer just flies over
    inner walls (MW-5.28); the arena's perimeter has no zone beyond (MW-5.65)."""
    zone = st.obj(oid).zone
    if zone is None or not traits.traits(st, oid).has("climber") or not may_move(st, oid) \
            or traits.is_flying(st, oid):
        return []
    out = []
    for z in st.arena.adjacent(zone):
        b = arena.border(zone, z)
        kind = st.arena.wall(b)
        wall = walls.wall_on(st, b)
        if kind is not None and kind.passage_blocked and (
                wall is None or not traits.traits(st, wall.oid).has("incorporeal")):
            out.append(z)
    return out


def hinders(st: MageWarsState, mover: int, other: int) -> bool:
    """Whether `other` hinders `mover` (MW-4.14, MW-4.16, MW-X-7.4): an enemy creature that is
    neither Incapacitated nor Restrained, flying exactly when the mover flies. A Pest hinders
    no one (MW-X-7.7); an Elusive mover ignores enemy creatures (MW-X-7.6)."""
    a, b = st.obj(mover), st.obj(other)
    if not b.is_creature or st.allied(b.controller, a.controller):   # MW-9.8
        return False
    if traits.traits(st, other).has("pest") or traits.traits(st, mover).has("elusive"):
        return False
    if traits.is_incapacitated(st, other) or traits.is_restrained(st, other):
        return False
    return traits.is_flying(st, mover) == traits.is_flying(st, other)


def push_window(st: MageWarsState) -> None:
    """A reveal window at the end of a step of the move sequence (MW-4.26, MW-5.84 d)."""
    from grimorio.games.mage_wars.rules import casting

    casting.push_reveal_window(st, "MW-4.26")


def traps_may_wait(st: MageWarsState, mover: int, zone: str) -> bool:
    """The other side has a face-down enchantment on `zone`: a trap may go off in step 6."""
    seat = st.obj(mover).controller
    return any(o.host is None and o.zone == zone and not st.allied(o.controller, seat)
               for o in st.face_down())


def hindered_in(st: MageWarsState, mover: int, zone: str) -> bool:
    return any(hinders(st, mover, o.oid) for o in st.in_zone(zone) if o.oid != mover)


DECLARE, PAY, LEAVE, WALLS, PLACE, ENTER, DONE = range(7)
WALLED = 31                 # step 4 after a Passage Attack wall attacked (MW-5.62)


@dataclass(slots=True)
class Move(Frame):
    """The move sequence (MW-4.18-MW-4.24, MW-X-13.6) of one move action: declare, pay,
    leave, walls, movement, enter. Leaves `st.ret = ("move", done, hindered)`.

    Each step ends with a reveal window (MW-4.26). Steps 2 and 3 change nothing in Apprentice
    play (no move costs, no leave-zone effects) and step 4 nothing without a Passage Attack
    wall, so their windows would repeat the one before and are merged into it; so is step 5's
    when step 6 can set nothing off (no face-down enchantment of the other side on the zone
    entered, a public fact); the window after step 6 is the one after the move action
    (rules/activation.py)."""

    rule = "MW-4.18"
    oid: int
    dest: str
    stage: int = DECLARE
    hindered: bool = False
    origin: str = ""
    climb: bool = False         # Climber's full action over a wall (MW-X-7.11)

    def step(self, st: MageWarsState) -> None:
        if self.stage == DONE:
            self._done(st)         # it moved, whatever a trap then did to it
            return
        if self.oid not in st.objs or st.obj(self.oid).zone is None:
            self._cancel(st, Text("it is gone", "ya no está"))
            return
        stage = self.stage
        if stage == DECLARE:
            self._declare(st)
        elif stage == PAY:
            self.stage = LEAVE     # Step 2: no apprentice card puts a cost on moving (MW-4.20)
            hooks.moving(st, self.oid)      # Chains of Agony (issue 8)
        elif stage == LEAVE and teleport_moves(st, self.oid):
            self.stage = PLACE                          # a teleport: no hindering, no walls
        elif stage == LEAVE:
            self.stage, self.hindered = WALLS, hindered_in(st, self.oid, self.origin)  # MW-4.21
        elif stage == WALLS:
            self._walls(st)
        elif stage == WALLED:
            self._walled(st)
        elif stage == PLACE:
            self._place(st)
        else:
            self._enter(st)

    def _walls(self, st: MageWarsState) -> None:
        """Step 4: a Passage Attack wall on the border attacks the creature (MW-4.22,
        MW-5.62, MW-X-7.13)."""
        wall = walls.passage_wall(st, self.oid, self.origin, self.dest)
        self.stage = PLACE if wall is None else WALLED
        if wall is not None:
            walls.attack_crosser(st, wall, self.oid)

    def _walled(self, st: MageWarsState) -> None:
        """Made Restrained or Incapacitated by the wall, the creature stays where it started
        (MW-5.62, MW-4.25); otherwise a reveal window ends step 4 (MW-4.26)."""
        st.ret = None
        if walls.stopped(st, self.oid, self.origin, False):
            self._cancel(st, Text("the wall stopped it", "la barrera la detuvo"))
            return
        self.stage = PLACE
        push_window(st)

    def _declare(self, st: MageWarsState) -> None:
        """Step 1: still adjacent, no blocking wall, not Restrained or Incapacitated
        (MW-4.19); a move that fails later is lost anyway (MW-4.25, MW-A18)."""
        where = climb_destinations(st, self.oid) + walls.full_crossings(st, self.oid) \
            if self.climb else destinations(st, self.oid)
        if not may_move(st, self.oid) or self.dest not in where:
            self._cancel(st, Text("it cannot go there now", "no puede ir allí ahora"))
            return
        zone = st.obj(self.oid).zone
        assert zone is not None
        self.origin, self.stage = zone, PAY
        push_window(st)            # MW-4.26: the creature is committed now (MW-4.19)

    def _place(self, st: MageWarsState) -> None:
        """Step 5: the creature is placed in the new zone (MW-4.23); if it cannot move any
        more (Restrained in step 3, say), the rest is cancelled (MW-4.25)."""
        if not may_move(st, self.oid) or st.obj(self.oid).zone != self.origin:
            self._cancel(st, Text("it can no longer move", "ya no puede moverse"))
            return
        if teleport_moves(st, self.oid):                # its traps go off inside teleport
            from grimorio.games.mage_wars.rules import displace

            self.stage = DONE
            displace.teleport(st, self.oid, self.dest, "MW-X-7.25")
            return
        st.relocate(self.oid, self.dest)
        st.emit("move", "MW-4.11", Text(f"o{self.oid} moves {self.origin} → {self.dest}.",
                                        f"o{self.oid} se mueve {self.origin} → {self.dest}."),
                oid=self.oid, origin=self.origin, dest=self.dest)
        self.stage = ENTER
        if traps_may_wait(st, self.oid, self.dest):
            push_window(st)        # MW-4.26: after step 5, before the traps of step 6

    def _enter(self, st: MageWarsState) -> None:
        """Step 6: entering a zone with an enemy that can hinder hinders too (MW-4.14,
        MW-4.24); the traps of the zone go off (MW-5.99, MW-5.100)."""
        from grimorio.games.mage_wars.rules import traps

        self.hindered = self.hindered or hindered_in(st, self.oid, self.dest)
        self.stage = DONE
        traps.entered(st, self.oid, self.dest)

    def _done(self, st: MageWarsState) -> None:
        """A hindered creature makes no further move this turn (MW-4.15, MW-A17)."""
        st.frames.pop()
        hindered = self.hindered
        if hindered:
            st.emit("hindered", "MW-4.15", Text(f"o{self.oid} is hindered: no further move "
                                                "this turn.",
                                                f"o{self.oid} queda obstaculizada: no se "
                                                "mueve más este turno."), oid=self.oid)
        st.ret = ("move", True, hindered)

    def _cancel(self, st: MageWarsState, why: Text) -> None:
        st.frames.pop()
        st.emit("move-cancelled", "MW-4.25",
                Text(f"o{self.oid}'s move is cancelled: {why.en}; the action is spent.",
                     f"El movimiento de o{self.oid} se cancela: {why.es}; la acción se "
                     "pierde."), oid=self.oid)
        st.ret = ("move", False, False)
