"""The Deployment phase (section 9): last turn's purchases come into play, item by item in any order
(WC-9.9, WC-A6), or are held back (WC-9.8).

Notation: `deploy <kind> <zone>` (a trainee to the Town Hall zone or a finished outpost's zone,
WC-9.2), `finish <kind>` (a building; its worker walks home, WC-9.3, WC-9.7), `finish outpost
<zone>` (WC-9.4), `done` (WC-9.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.model import BUILDING_KINDS, TRAINABLE
from grimorio.games.warcraft.rules.movement import room

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

DONE = act("done")


def name(seat: int) -> str:
    return f"P{seat + 1}"


def arrival_zones(st: WarcraftState, seat: int) -> list[str]:
    """The Town Hall zone and the zones of finished outposts (WC-9.2); in Nordrassil the
    allies' outposts stand in for Town Halls anyway (WC-19.9)."""
    player = st.players[seat]
    out = [] if player.town_hall is None else [player.town_hall]
    out += sorted(z for z, sides in st.zones.items()
                  if seat in sides and sides[seat].outposts and z not in out)
    return out


def options(st: WarcraftState, seat: int) -> list[WCAction]:
    player = st.players[seat]
    out: list[WCAction] = []
    for kind in TRAINABLE:
        if player.training.get(kind):
            out += [act("deploy", kind, z) for z in arrival_zones(st, seat)
                    if room(st, seat, z, kind) > 0]                          # WC-9.6
    for kind in BUILDING_KINDS:
        if _pick_building(st, seat, kind) is not None:
            out.append(act("finish", kind))
    out += [act("finish", "outpost", z) for z, sides in sorted(st.zones.items())
            if seat in sides and sides[seat].building]
    return [*out, DONE]


def _pick_building(st: WarcraftState, seat: int, kind: str) -> int | None:
    """The building of that kind to finish: one whose worker can come home first (WC-9.3),
    else one without a worker (Summon Building, WC-13.19); a worker with no room keeps his
    building unfinished (WC-9.7)."""
    player = st.players[seat]
    home = player.town_hall
    fits = home is not None and room(st, seat, home, "workers") > 0
    found = None
    for index, (k, worker) in enumerate(player.constructing):
        if k != kind:
            continue
        if worker and fits:
            return index
        if not worker and found is None:
            found = index
    return found


def deploy(st: WarcraftState, seat: int, kind: str, zone: str) -> None:
    """A trainee leaves its building for the board (WC-9.2). Arriving among enemy units in the
    Town Hall seals the zone until the fight there is over (WC-9.5)."""
    player = st.players[seat]
    player.training[kind] -= 1
    st.force(zone, seat).add(kind, 1)
    st.emit("deploy", "WC-9.2", Text(f"{name(seat)} deploys a {kind} piece to {zone}.",
                                     f"{name(seat)} despliega una pieza ({kind}) en {zone}."),
            seat=seat, piece=kind, zone=zone)
    if st.enemy_units(zone, seat) and zone not in st.sealed:
        st.sealed = st.sealed | {zone}
        st.emit("sealed", "WC-9.5", Text(f"{zone} is sealed until its fight is over.",
                                         f"{zone} queda sellada hasta que acabe su combate."),
                zone=zone)


def finish_building(st: WarcraftState, seat: int, kind: str) -> None:
    """The building is turned face up; its worker returns to the Town Hall zone (WC-9.3)."""
    player = st.players[seat]
    index = _pick_building(st, seat, kind)
    assert index is not None
    _, worker = player.constructing[index]
    player.constructing = player.constructing[:index] + player.constructing[index + 1:]
    player.buildings[kind] = player.buildings.get(kind, 0) + 1
    if worker and player.town_hall is not None:
        st.force(player.town_hall, seat).workers += 1
    st.emit("building", "WC-9.3", Text(f"{name(seat)} finishes a {kind} building.",
                                       f"{name(seat)} termina un edificio ({kind})."),
            seat=seat, piece=kind)


def finish_outpost(st: WarcraftState, seat: int, zone: str) -> None:
    """The outpost is turned face up; its builder is free again (WC-9.4)."""
    force = st.force(zone, seat)
    force.building -= 1
    force.outposts += 1
    st.emit("outpost", "WC-9.4", Text(f"{name(seat)} finishes an outpost in {zone}.",
                                      f"{name(seat)} termina un puesto en {zone}."),
            seat=seat, zone=zone)


@dataclass(slots=True)
class DeploymentPhase(Frame):
    """One player's Deployment phase; with nothing waiting there is nothing to decide."""

    seat: int
    rule = "WC-9.1"

    def step(self, st: WarcraftState) -> None:
        st.frames.pop()
        if len(options(st, self.seat)) > 1:
            st.frames.append(DeployAsk(self.seat))


@dataclass(slots=True)
class DeployAsk(Ask):
    """One item at a time, then `done` (WC-9.9, WC-9.10)."""

    seat: int
    rule = "WC-9.1"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return options(st, self.seat)

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        words = action.text.split()
        if action == DONE:
            st.frames.pop()
        elif words[0] == "deploy":
            deploy(st, self.seat, words[1], words[2])
        elif words[1] == "outpost":
            finish_outpost(st, self.seat, words[2])
        else:
            finish_building(st, self.seat, words[1])
