"""Movement formations (MK-13.1 to MK-13.10, MK-13.20, MK-13.21, MK-A12 to MK-A15, MK-A48,
MK-A50).

`move a3 to X,Y facing D & a4 to X,Y facing D & a5 ...` declares the whole plan in one action,
legs in movement order (MK-A50). The plan is checked as a whole before any die: three to five of
the active player's own warriors of one faction with a symbol, each free to act (MK-13.2,
MK-13.3, MK-13.5, MK-A12), connected by base contact (MK-A13), none using Charge, Quickness,
Flight, Bound or Aquatic (MK-13.10, MK-A15, MK-A49), not split by steep terrain (MK-13.20); each
leg is checked against the positions at its turn, the earlier members standing at their planned
ends (MK-13.8, MK-A48), at the speed of the slowest (MK-13.7, MK-A14); and at the end each member
touches another (option `formation_end`, MK-13.8, MK-A13). A controller's captive is not a
member: it travels with its controller and is set down again after its move (MK-13.21).

`rules.movement.MoveAction` carries the plan out: a member that fails its escape, or whose path
is no longer open when its turn comes, stays where it is and may turn (MK-13.9, MK-A50).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.geometry import Body
from grimorio.games.mage_knight.rules import turn
from grimorio.games.mage_knight.rules.move_rules import (
    Route,
    World,
    allowance,
    captive_room_problem,
    demoralized_problem,
    plan_route,
    refuse,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

SMALLEST, LARGEST = 3, 5          # MK-13.5


def formation_speed(st: MageKnightState, wids: tuple[str, ...]) -> int:
    """Every member moves at the lowest of the members' own allowances (MK-13.7, MK-A14); a
    controller's includes its captive's (MK-12.7, MK-13.21). No speed ability is used in a
    formation (MK-13.10, MK-A15)."""
    return min(allowance(st, wid, alone=False, twice=False) for wid in wids)


def plan_formation(st: MageKnightState, seat: int, cmd: nt.Move, world: World
                   ) -> list[Route] | IllegalAction:
    """Check a movement formation's whole plan (see the module docstring) and return the route
    of each leg, in movement order."""
    refusal = _members_problem(st, seat, cmd) or _shape_problem(st, cmd.wids, world)
    if refusal is not None:
        return refusal
    speed = formation_speed(st, cmd.wids)
    routes: list[Route] = []
    current = world
    for leg in cmd.legs:
        route = _plan_leg(st, leg, current, speed)
        if isinstance(route, IllegalAction):
            return route
        routes.append(route)
        current = _after_leg(st, leg.wid, route, current)
    refusal = _end_problem(st, cmd, routes, world)
    return routes if refusal is None else refusal


def _members_problem(st: MageKnightState, seat: int, cmd: nt.Move) -> IllegalAction | None:
    """Who may be in the formation (MK-13.2, MK-13.3, MK-13.5, MK-13.10, MK-A12, MK-A15)."""
    wids = cmd.wids
    if len(set(wids)) != len(wids):
        return refuse("MK-13.3", "A warrior is named twice in the formation.",
                      "Un guerrero aparece dos veces en la formación.")
    if not SMALLEST <= len(wids) <= LARGEST:
        return refuse("MK-13.5", f"A movement formation has 3 to 5 warriors, not {len(wids)}.",
                      f"Una formación de movimiento tiene de 3 a 5 guerreros, no {len(wids)}.")
    for leg in cmd.legs:
        other = st.warriors.get(leg.wid)
        if other is not None and other.owner != seat:
            return refuse("MK-A12", f"{leg.wid} is not yours: formations use your own warriors.",
                          f"{leg.wid} no es tuyo: las formaciones usan tus propios guerreros.")
        refusal = turn.may_act(st, leg.wid, True)
        if refusal is not None:
            return refusal
        if leg.use is not None or leg.charge is not None or leg.bound:
            return refuse("MK-13.10", f"{leg.wid}: Charge, Quickness, Flight and Bound are not "
                          "used in a movement formation.", f"{leg.wid}: en una formación de "
                          "movimiento no se usan Carga, Rapidez, Vuelo ni Decidido.")
    faction = st.figure(wids[0]).faction
    if not st.lib.factions[faction].symbol:
        return refuse("MK-13.2", f"{wids[0]} shows no faction symbol: no formations.",
                      f"{wids[0]} no tiene símbolo de facción: no forma formaciones.")
    stray = next((w for w in wids if st.figure(w).faction != faction), None)
    if stray is not None:
        return refuse("MK-13.2", f"{stray} is not of {wids[0]}'s faction.",
                      f"{stray} no es de la facción de {wids[0]}.")
    return None


def _shape_problem(st: MageKnightState, wids: tuple[str, ...],
                   world: World) -> IllegalAction | None:
    """The members are connected by base contact as the action begins (MK-13.5, MK-A13) and
    not split by the edge of steep terrain (MK-13.20, MK-16.9)."""
    bodies = [world.by_id[w] for w in wids]
    if not geo.is_connected(geo.contact_graph(bodies, st.eps)):
        return refuse("MK-A13", "The members do not hang together by base contact.",
                      "Los miembros no están unidos por contacto de peanas.")
    if _mixed_steep(st, bodies):
        return refuse("MK-13.20", "A formation may not mix warriors on and off steep terrain.",
                      "Una formación no puede mezclar guerreros dentro y fuera de terreno "
                      "escarpado.")
    return None


def _mixed_steep(st: MageKnightState, bodies: list[Body]) -> bool:
    field = st.field
    if field is None:
        return False
    found = set()
    for b in bodies:
        piece = field.elevated_piece(b.x, b.y, b.r)
        found.add(piece.id if piece is not None and piece.kind == "steep" else None)
    return len(found) > 1


def _plan_leg(st: MageKnightState, leg: nt.MoveLeg, current: World,
              speed: int) -> Route | IllegalAction:
    """One member's leg against the positions at its turn (MK-13.8, MK-A48), with the
    Demoralized limit judged against its contacts as the action began (MK-18.5)."""
    route = plan_route(st, leg, current, alone=False, speed=speed)
    if isinstance(route, IllegalAction):
        return route
    refusal = (demoralized_problem(st, leg.wid, route, current)
               or captive_room_problem(st, leg.wid, route, current))
    return route if refusal is None else refusal


def _after_leg(st: MageKnightState, wid: str, route: Route, current: World) -> World:
    """The positions once this member has moved: at its end, its captive lifted until it is
    set down (its place is the player's choice, MK-12.8)."""
    if not route.moves:
        me = current.by_id[wid]
        return current.moved(me._replace(facing=route.facing))
    me = current.by_id[wid]
    moved = current.moved(me._replace(x=route.end[0], y=route.end[1], facing=route.facing))
    captive = st.warriors[wid].captive
    if captive is None:
        return moved
    return World([b for b in moved.bodies if b.id != captive], st.eps)


def _end_problem(st: MageKnightState, cmd: nt.Move, routes: list[Route],
                 world: World) -> IllegalAction | None:
    """At the end of the plan each member touches another (MK-13.8; option `formation_end`:
    `connected` asks for one group, MK-A13), and no steep edge splits them (MK-13.20)."""
    bodies = [world.by_id[leg.wid]._replace(x=r.end[0], y=r.end[1])
              for leg, r in zip(cmd.legs, routes, strict=True)]
    graph = geo.contact_graph(bodies, st.eps)
    if str(st.option("formation_end")) == "connected":
        if not geo.is_connected(graph):
            return refuse("MK-A13", "At the end of the move the members must hang together by "
                          "base contact.", "Al acabar el movimiento los miembros deben seguir "
                          "unidos por contacto de peanas.")
    elif not geo.each_touches_another(graph):
        alone = next(wid for wid, others in graph.items() if not others)
        return refuse("MK-13.8", f"At the end of the move {alone} would touch no other member.",
                      f"Al acabar el movimiento {alone} no tocaría a ningún otro miembro.")
    if _mixed_steep(st, bodies):
        return refuse("MK-13.20", "At the end of the move the formation would be split by the "
                      "edge of steep terrain.", "Al acabar el movimiento la formación quedaría "
                      "dividida por el borde de un terreno escarpado.")
    return None

