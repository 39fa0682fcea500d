"""Move actions: single moves, movement formations, and the moves that leave the warrior where
it is (Magic Levitation, Necromancy, Regeneration).

The turn (`rules.turn.TurnAsk`) hands the verbs `move`, `levitate`, `raise` and `regenerate` to
this module: `check(st, seat, cmd)` decides exactly whether the command is legal now, `start(st,
seat, cmd)` pushes the frames that carry it out, and `candidates(st, seat)` lists useful legal
commands (`rules.move_candidates`).

A single move (`move a3 [via X,Y]... [to X,Y] facing D [use=...] [charge=b2 [capture]]
[bound=b2,b4]`) is checked whole before any die: speed (MK-7.1, MK-14.4, MK-12.7, MK-17.1,
MK-17.8), path and end (MK-7.2 to MK-7.5, MK-G11, MK-G12), the Demoralized limit (MK-18.5), the
captive's place (MK-12.8), and the attack that ends a Charge or Bound move, as combat would judge
it from the planned end (MK-17.2, MK-17.8). `MoveAction` then carries out single moves and
formations alike: tokens (MK-5.1), one escape roll per warrior that needs it (MK-7.6 to MK-7.9),
the move itself, the captive set down (MK-12.8), the free spins and Polearm (`AfterMove`), the
Charge or Bound attack (combat), and pushing once at the very end (MK-5.3, MK-A16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Frame
from grimorio.games.mage_knight.geometry import Point
from grimorio.games.mage_knight.notation import MKAction, MoveLeg
from grimorio.games.mage_knight.rules import formation, special_moves, turn
from grimorio.games.mage_knight.rules.after_move import (
    AfterMove,
    FaceAsk,
    carry_captive,
    start_bound_shot,
    start_charge_attack,
)
from grimorio.games.mage_knight.rules.move_rules import (
    BOUND,
    CHARGE,
    DEMORALIZED,
    QUICKNESS,
    Route,
    World,
    allowance,
    captive_room_problem,
    demoralized_problem,
    doubled,
    escape_fails_on,
    opposing_touching,
    plan_route,
    refuse,
    roll_escape,
    standing_at,
    uses_aquatic,
    uses_flight,
    world_of,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

__all__ = ["MoveAction", "candidates", "check", "plan_single", "start"]


# ------------------------------------------------------------------------------ public API

def check(st: MageKnightState, seat: int, cmd: nt.Command) -> IllegalAction | None:
    """None when the move-type command is legal for `seat` now, else the refusal (its rule and
    reason in both languages)."""
    if isinstance(cmd, nt.Move):
        plan: Route | list[Route] | IllegalAction
        if cmd.formation:
            plan = formation.plan_formation(st, seat, cmd, world_of(st))
        else:
            plan = plan_single(st, seat, cmd.legs[0], world_of(st))
        return plan if isinstance(plan, IllegalAction) else None
    if isinstance(cmd, nt.Levitate):
        return special_moves.check_levitate(st, seat, cmd)
    if isinstance(cmd, nt.Raise):
        return special_moves.check_raise(st, seat, cmd)
    if isinstance(cmd, nt.Regenerate):
        return special_moves.check_regenerate(st, seat, cmd)
    return refuse("MK-4.5", f"'{cmd.text()}' is not a move action.",
                  f"'{cmd.text()}' no es una acción de movimiento.")


def start(st: MageKnightState, seat: int, cmd: nt.Command) -> None:
    """Push the frames that carry out a checked command (the turn runs them)."""
    special_moves.note_turn_contacts(st)
    if isinstance(cmd, nt.Move):
        st.frames.append(MoveAction(seat, cmd.text()))
    else:
        special_moves.start(st, seat, cmd)


def candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """Useful legal move-type actions for `seat` now (`rules.move_candidates`)."""
    from grimorio.games.mage_knight.rules import move_candidates

    return move_candidates.candidates(st, seat)


# ------------------------------------------------------------------------------ single moves

def plan_single(st: MageKnightState, seat: int, leg: MoveLeg, world: World,
                memo: dict[Any, Any] | None = None) -> Route | IllegalAction:
    """Check a single move completely and return its route (see the module docstring).
    `memo`: a dict the caller keeps while the state stays as it is (the candidates of one
    decision), in which who may act and the speed allowances are kept once worked out."""
    if memo is None:
        refusal = turn.may_act(st, leg.wid, True) or _use_problem(st, leg)
        if refusal is not None:
            return refusal
        speed = allowance(st, leg.wid, alone=True, twice=doubled(leg))
    else:
        acting = ("may_act", leg.wid)
        if acting not in memo:
            memo[acting] = turn.may_act(st, leg.wid, True)
        refusal = memo[acting] or _use_problem(st, leg)
        if refusal is not None:
            return refusal
        allowed = ("allowance", leg.wid, doubled(leg))
        if allowed not in memo:
            memo[allowed] = allowance(st, leg.wid, alone=True, twice=doubled(leg))
        speed = memo[allowed]
    route = plan_route(st, leg, world, alone=True, speed=speed)
    if isinstance(route, IllegalAction):
        return route
    refusal = (demoralized_problem(st, leg.wid, route, world)
               or captive_room_problem(st, leg.wid, route, world,
                                       aquatic=uses_aquatic(st, leg.wid, True))
               or _attack_problem(st, seat, leg, route))
    return route if refusal is None else refusal


def _use_problem(st: MageKnightState, leg: MoveLeg) -> IllegalAction | None:
    """The speed ability declared must show now (MK-1.7), and Charge and Bound offer either an
    attack or double speed, never both (MK-17.1, MK-17.8). A controller and a Demoralized
    warrior may only move (MK-12.9, MK-18.5)."""
    wid = leg.wid
    needs = {QUICKNESS: "MK-17.3", CHARGE: "MK-17.1", BOUND: "MK-17.8"}
    wanted = [leg.use] if leg.use is not None else []
    wanted += [CHARGE] if leg.charge is not None else []
    wanted += [BOUND] if leg.bound else []
    for key in wanted:
        if not st.has(wid, key):
            return refuse(needs[key], f"{wid} does not show {key.capitalize()} now.",
                          f"{wid} no muestra ahora {_ES_NAMES[key]}.")
    if leg.charge is not None and (leg.use == CHARGE or leg.bound):
        return refuse("MK-17.1", "Charge gives either an attack after the move or double speed, "
                      "not both.", "La Carga da o un ataque tras mover o el doble de velocidad, "
                      "no ambas cosas.")
    if leg.bound and leg.use == BOUND:
        return refuse("MK-17.8", "Bound gives either a shot after the move or double speed, not "
                      "both.", "Decidido da o un disparo tras mover o el doble de velocidad, no "
                      "ambas cosas.")
    attacks = leg.charge is not None or bool(leg.bound)
    if attacks and st.warriors[wid].captive is not None:
        return refuse("MK-12.9", f"{wid} holds a captive: it may only move or pass.",
                      f"{wid} tiene un cautivo: sólo puede mover o pasar.")
    if attacks and st.has(wid, DEMORALIZED):
        return refuse("MK-18.5", f"{wid} is Demoralized: it may only move or pass.",
                      f"{wid} está desmoralizado: sólo puede mover o pasar.")
    return None


_ES_NAMES = {QUICKNESS: "Rapidez", CHARGE: "Carga", BOUND: "Decidido"}


def _attack_problem(st: MageKnightState, seat: int, leg: MoveLeg,
                    route: Route) -> IllegalAction | None:
    """The attack that ends a Charge or Bound move must be one combat would allow from the
    planned end and facing (MK-17.2, MK-17.8, MK-A16)."""
    if leg.charge is None and not leg.bound:
        return None
    from grimorio.games.mage_knight.rules import combat

    x, y = route.end
    with standing_at(st, leg.wid, x, y, route.facing):
        if leg.charge is not None:
            plan = combat.check_charge_attack(st, seat, leg.wid, leg.charge, leg.capture)
        else:
            plan = combat.check_bound_shot(st, seat, leg.wid, leg.bound)
    if isinstance(plan, IllegalAction):
        prefix = Text("From the end of its move: ", "Desde el final de su movimiento: ")
        return IllegalAction(prefix + plan.text, rule=plan.rule)
    return None


# ------------------------------------------------------------------------------ the frame

BEGIN, LEGS, AFTER, ATTACK, DONE = range(5)


@dataclass(slots=True)
class MoveAction(Frame):
    """A checked `move` command, single or formation, carried out leg by leg (MK-7.1 to
    MK-7.11, MK-13.6 to MK-13.9, MK-A48, MK-A50). `before[i]` holds who touched leg i's warrior
    when the action began; `speed` is the allowance fixed then (MK-13.7, MK-A14)."""

    seat: int
    text: str
    stage: int = BEGIN
    index: int = 0
    speed: int = 0
    before: tuple[tuple[str, ...], ...] = ()
    rule = "MK-7.1"

    def command(self) -> nt.Move:
        cmd = nt.parse(self.text)
        assert isinstance(cmd, nt.Move)
        return cmd

    def step(self, st: MageKnightState) -> None:
        cmd = self.command()
        if self.stage == BEGIN:
            self.stage = LEGS
            self._begin(st, cmd)
        elif self.stage == LEGS:
            if self.index >= len(cmd.legs):
                self.stage = AFTER
                return
            leg = cmd.legs[self.index]
            self.index += 1
            self._run_leg(st, cmd, leg, self.before[self.index - 1])
        elif self.stage == AFTER:
            self.stage = ATTACK
            st.frames.append(AfterMove(self.seat, cmd.wids, self.before))
        elif self.stage == ATTACK:
            self.stage = DONE
            _attack(st, self.seat, cmd)
        else:
            st.frames.pop()
            turn.apply_pushing(st, cmd.wids)

    def _begin(self, st: MageKnightState, cmd: nt.Move) -> None:
        """Every warrior of the action receives it and its token (MK-4.4, MK-5.1, MK-13.4);
        contacts and the speed allowance are fixed as the action begins."""
        for wid in cmd.wids:
            turn.record_action(st, wid, True)
        self.before = tuple(tuple(st.touching(wid)) for wid in cmd.wids)
        if cmd.formation:
            self.speed = formation.formation_speed(st, cmd.wids)
            st.emit("formation", "MK-13.6", Text(
                f"Movement formation of {', '.join(cmd.wids)} at speed {self.speed}.",
                f"Formación de movimiento de {', '.join(cmd.wids)} a velocidad {self.speed}."),
                members=list(cmd.wids), speed=self.speed)
        else:
            leg = cmd.legs[0]
            self.speed = allowance(st, leg.wid, alone=True, twice=doubled(leg))
            if leg.use == QUICKNESS:
                st.emit("quickness", "MK-17.3", Text(
                    f"{leg.wid} moves with Quickness: no action of the turn is used.",
                    f"{leg.wid} mueve con Rapidez: no gasta ninguna acción del turno."),
                    warrior=leg.wid)

    def _run_leg(self, st: MageKnightState, cmd: nt.Move, leg: MoveLeg,
                 before: tuple[str, ...]) -> None:
        w = st.warriors[leg.wid]
        if not w.on_table:
            return
        if leg.to is None:
            w.facing = leg.facing
            st.touch()
            st.emit("turn_on_spot", "MK-7.4", Text(
                f"{leg.wid} turns on the spot to face {nt.fmt_angle(leg.facing)}°.",
                f"{leg.wid} gira sin moverse hacia {nt.fmt_angle(leg.facing)}°."),
                warrior=leg.wid, facing=leg.facing)
            return
        alone = not cmd.formation
        enemies = opposing_touching(st, leg.wid, before)
        if enemies:
            fails_on = escape_fails_on(leg, uses_flight(st, leg.wid, alone))
            if not roll_escape(st, leg.wid, fails_on, enemies, formation=cmd.formation):
                st.frames.append(FaceAsk(self.seat, leg.wid, leg.facing))
                return
        world = world_of(st)
        route = plan_route(st, leg, world, alone=alone, speed=self.speed)
        if not isinstance(route, IllegalAction) and cmd.formation:
            route = captive_room_problem(st, leg.wid, route, world) or route
        if isinstance(route, IllegalAction):
            st.emit("stays", "MK-A50", Text(
                f"{leg.wid} stays where it is: its planned path is no longer open.",
                f"{leg.wid} se queda donde está: su camino previsto ya no está libre."),
                warrior=leg.wid, reason=route.text.en)
            st.frames.append(FaceAsk(self.seat, leg.wid, leg.facing))
            return
        if route.end != leg.to:
            st.emit("stopped", "MK-G12", Text(
                f"{leg.wid} must stop short of {nt.fmt(leg.to[0])},{nt.fmt(leg.to[1])}.",
                f"{leg.wid} debe detenerse antes de {nt.fmt(leg.to[0])},{nt.fmt(leg.to[1])}."),
                warrior=leg.wid, x=route.end[0], y=route.end[1])
        _go(st, leg.wid, route, aquatic=uses_aquatic(st, leg.wid, alone))


def _go(st: MageKnightState, wid: str, route: Route, *, aquatic: bool) -> None:
    """Put the warrior at the end of its route (MK-7.1, MK-7.3) and have its captive set down
    (MK-12.8), covered by the controller's Aquatic when it used it (MK-12.7)."""
    w = st.warriors[wid]
    start: Point = (w.x, w.y)
    w.x, w.y = route.end
    w.facing = route.facing
    st.touch()
    x, y = route.end
    st.emit("move", "MK-7.1", Text(
        f"{wid} moves {route.length:.2f} in to {nt.fmt(x)},{nt.fmt(y)}, facing "
        f"{nt.fmt_angle(route.facing)}°.",
        f"{wid} mueve {route.length:.2f} pulgadas hasta {nt.fmt(x)},{nt.fmt(y)}, mirando a "
        f"{nt.fmt_angle(route.facing)}°."),
        warrior=wid, path=[list(p) for p in route.points], length=round(route.length, 4),
        facing=route.facing)
    if w.captive is not None and route.end != start:
        carry_captive(st, wid, aquatic=aquatic)


def _attack(st: MageKnightState, seat: int, cmd: nt.Move) -> None:
    """The attack that ends a Charge or Bound move, handed to combat (MK-17.2, MK-17.8); it
    follows the free spins and Polearm (MK-7.11, MK-A35)."""
    if cmd.formation:
        return
    leg = cmd.legs[0]
    if not st.warriors[leg.wid].on_table:
        return
    if leg.charge is not None:
        start_charge_attack(st, seat, leg.wid, leg.charge, leg.capture)
    elif leg.bound:
        start_bound_shot(st, seat, leg.wid, leg.bound)

