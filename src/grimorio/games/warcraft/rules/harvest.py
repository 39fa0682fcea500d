"""The Harvest phase (section 8): the resource die for every worker in a Gold Mine or Forest, gold
first (WC-8.2, WC-8.3, WC-A11), with depletion (WC-8.4 to WC-8.6).

Frames: `HarvestPhase` opens the Renew window (WC-8.10), rolls zone by zone (`BuilderAsk` asks
whether an outpost's builder rolls too, which costs the outpost: WC-8.8, WC-A7), then runs the
scenario's harvest-time rules (Necromancers, WC-17.4, WC-17.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.rules import turn

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState


def name(seat: int) -> str:
    return f"P{seat + 1}"


def paying_zones(st: WarcraftState, seat: int) -> list[str]:
    """Gold Mines, then Forests, holding workers of `seat` and not fully depleted (WC-8.1,
    WC-8.2, WC-8.3, WC-8.6)."""
    out: list[str] = []
    for kind in ("gold_mine", "forest"):
        for zone in sorted(st.zones):
            force = st.zones[zone].get(seat)
            if (force is not None and force.workers and st.board.zones[zone].type == kind
                    and st.depletion.get(zone) != "complete"):
                out.append(zone)
    return out


def resource_face(st: WarcraftState, value: int) -> int:
    """The resource die's face for a rolled index 1..6 (WC-X2's stand-in faces)."""
    faces: tuple[int, ...] = st.lib.constants.dice["resource_faces"].value
    return faces[value - 1]


def harvest_zone(st: WarcraftState, seat: int, zone: str, builders: int) -> None:
    """Roll once per worker, one after another (WC-8.5); the roll that fully depletes the zone
    is its last (WC-8.5); free workers roll, and `builders` builders who give up their outposts
    (WC-8.8, WC-A7)."""
    from grimorio.games.warcraft.rules import scenarios

    force = st.force(zone, seat)
    if builders:
        force.building -= builders
        st.emit("outpost-lost", "WC-10.14",
                Text(f"{name(seat)}'s builder in {zone} gathers: the outpost is lost.",
                     f"El constructor de {name(seat)} en {zone} recolecta: se pierde el "
                     f"puesto."), seat=seat, zone=zone, n=builders)
    resource = "gold" if st.board.zones[zone].type == "gold_mine" else "wood"
    rule = "WC-8.2" if resource == "gold" else "WC-8.3"
    player = st.players[seat]
    for _ in range(force.workers - force.building):
        if st.depletion.get(zone) == "complete":
            break
        value = st.roll(1, Text(f"{name(seat)} gathers {resource} in {zone}",
                                f"{name(seat)} recolecta en {zone}"), rule,
                        sides=len(st.lib.constants.dice["resource_faces"].value))[0]
        face = resource_face(st, value)
        setattr(player, resource, getattr(player, resource) + face)
        st.emit("harvest", rule, Text(f"{name(seat)} gains {face} {resource}.",
                                      f"{name(seat)} gana {face} de {_ES[resource]}."),
                seat=seat, zone=zone, resource=resource, amount=face)
        if face == st.lib.constants.dice["depletion_result"].value \
                and not scenarios.never_depletes(st, zone):
            deplete(st, zone)


_ES = {"gold": "oro", "wood": "madera"}


def deplete(st: WarcraftState, zone: str) -> None:
    """A 3 wears the zone: a stroke, then a cross (WC-8.4, WC-2.10)."""
    state = "complete" if st.depletion.get(zone) == "partial" else "partial"
    st.depletion[zone] = state
    st.emit("depletion", "WC-8.4", Text(f"{zone} is {state}ly depleted.",
                                        f"{zone} queda agotada ({_STATE_ES[state]})."),
            zone=zone, state=state)


_STATE_ES = {"partial": "parcial", "complete": "completa"}


@dataclass(slots=True)
class BuilderAsk(Ask):
    """Whether builders in this zone gather too, each ruining its outpost (WC-8.8, WC-A7):
    `harvest <zone> builders=<n>`."""

    seat: int
    zone: str
    rule = "WC-8.8"

    def options(self, st: WarcraftState) -> list[WCAction]:
        force = st.force(self.zone, self.seat)
        return [act("harvest", self.zone, builders=n) for n in range(force.building + 1)]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        words = action.text.split()
        builders = int(words[2].split("=")[1]) if len(words) > 2 else 0
        harvest_zone(st, self.seat, self.zone, builders)


@dataclass(slots=True)
class HarvestPhase(Frame):
    """One player's Harvest phase (WC-8.1 to WC-8.11)."""

    seat: int
    stage: int = 0
    queue: tuple[str, ...] = ()
    rule = "WC-8.1"

    def step(self, st: WarcraftState) -> None:
        if self.stage == 0:
            self.stage = 1
            turn.push_windows(st, ((self.seat, "own_harvest_start"),))     # Renew (WC-8.10)
        elif self.stage == 1:
            self.stage = 2
            self.queue = tuple(paying_zones(st, self.seat))
        elif self.stage == 2 and self.queue:
            zone, self.queue = self.queue[0], self.queue[1:]
            self._zone(st, zone)
        else:
            from grimorio.games.warcraft.rules import scenarios

            st.frames.pop()
            scenarios.harvest(st, self.seat)

    def _zone(self, st: WarcraftState, zone: str) -> None:
        force = st.zones[zone].get(self.seat)
        if force is None or st.depletion.get(zone) == "complete":
            return
        if force.building:
            st.frames.append(BuilderAsk(self.seat, zone))
        else:
            harvest_zone(st, self.seat, zone, 0)
