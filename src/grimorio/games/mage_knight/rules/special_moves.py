"""Move actions in which the warrior given the action stays where it is: Magic Levitation
(MK-17.4, MK-G16, MK-A19, MK-A34), Necromancy (MK-18.6, MK-18.7, MK-A43) and Regeneration
(MK-20.6).

Each is a move action of the warrior with the ability: it takes its token and may be pushed
(MK-5.1, MK-5.3), and nobody rolls to escape (MK-A19).

- `levitate a3 b2 to X,Y facing D`: a figure, friend or foe, that touched the levitator when the
  turn began travels up to 10 in in a straight line over terrain and bases. Being levitated is a
  move, so the figures it newly touches may spin and Polearm may strike it (MK-A18, MK-A35); a
  controller brings its captive along (MK-A19).
- `raise a3 a7 at X,Y facing D`: an own eliminated figure returns touching the necromancer,
  its dial at the start and d6 clicks of damage unless it rises whole (Zombies, Skeletons). Being
  set down is a placement, not a move (MK-A18).
- `regenerate a3`: d6 − 2 clicks healed, at least 0.

"Touched it at the start of the turn" needs the contacts of that moment: positions change only
through move actions, so the first move action of a turn notes them (`note_turn_contacts`) before
anything moves; until then the present contacts are the turn's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Frame
from grimorio.games.mage_knight.geometry import Body
from grimorio.games.mage_knight.rules import damage, turn
from grimorio.games.mage_knight.rules.after_move import AfterMove, carry_captive
from grimorio.games.mage_knight.rules.move_rules import (
    MAGIC_IMMUNITY,
    MAGIC_LEVITATION,
    NECROMANCY,
    REGENERATION,
    World,
    end_problem,
    refuse,
    set_down_spots,
    world_of,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

TURN_CONTACTS = "turn_contacts"
"""`st.memo` key: (global turn, contact pairs as the turn began) for Magic Levitation."""

REGENERATION_LOSS = 2          # d6 − 2 (MK-20.6)


# ------------------------------------------------------------------------------ contacts

def note_turn_contacts(st: MageKnightState) -> None:
    """Remember who touched whom as this turn began, before the first move changes it."""
    noted = st.memo.get(TURN_CONTACTS)
    if noted is not None and noted[0] == st.turn:
        return
    st.memo[TURN_CONTACTS] = (st.turn, world_of(st).pairs())


def touched_at_turn_start(st: MageKnightState, wid: str) -> list[str]:
    """The figures that touched `wid` when the turn began (MK-17.4)."""
    noted = st.memo.get(TURN_CONTACTS)
    pairs = noted[1] if noted is not None and noted[0] == st.turn else world_of(st).pairs()
    out = []
    for a, b in pairs:
        if a == wid:
            out.append(b)
        elif b == wid:
            out.append(a)
    return out


# ------------------------------------------------------------------------------ Magic Levitation

def check_levitate(st: MageKnightState, seat: int, cmd: nt.Levitate) -> IllegalAction | None:
    """MK-17.4, MK-G16, MK-A19, MK-A34, MK-20.3."""
    refusal = turn.may_act(st, cmd.wid, True) or _ability(st, cmd.wid, MAGIC_LEVITATION,
                                                           "MK-17.4", "Magic Levitation",
                                                           "Levitación mágica")
    if refusal is not None:
        return refusal
    refusal = _levitation_target_problem(st, cmd.wid, cmd.target)
    if refusal is not None:
        return refusal
    return levitation_landing_problem(st, cmd.target, cmd.x, cmd.y, world_of(st))


def _levitation_target_problem(st: MageKnightState, wid: str, target: str
                               ) -> IllegalAction | None:
    other = st.warriors.get(target)
    if target == wid:
        return refuse("MK-6.7", f"{wid} cannot levitate itself.",
                      f"{wid} no puede levitarse a sí mismo.")
    if other is None or not other.on_table:
        return refuse("MK-17.4", f"{target} is not on the battlefield.",
                      f"{target} no está en el campo de batalla.")
    if other.captor is not None:
        return refuse("MK-A34", f"{target} is a captive: nobody may levitate it.",
                      f"{target} es un cautivo: nadie puede levitarlo.")
    if st.has(target, MAGIC_IMMUNITY):
        return refuse("MK-20.3", f"{target} has Magic Immunity: Magic Levitation cannot move it.",
                      f"{target} tiene Inmunidad mágica: la Levitación mágica no puede moverlo.")
    if target not in touched_at_turn_start(st, wid):
        return refuse("MK-17.4", f"{target} did not touch {wid} when the turn began.",
                      f"{target} no tocaba a {wid} al empezar el turno.")
    return None


def levitation_landing_problem(st: MageKnightState, target: str, x: float, y: float,
                               world: World) -> IllegalAction | None:
    """At most 10 in in a straight line (MK-G16), onto the table, clear of bases and blocking
    terrain (MK-A19), not astride an elevated edge (MK-A7: never a place to stop); a levitated
    controller needs room for its captive (MK-A19, MK-12.8)."""
    w = st.warriors[target]
    if not geo.levitation_ok(w.x, w.y, x, y):
        far = geo.distance(w.x, w.y, x, y)
        return refuse("MK-G16", f"{target} would travel {far:.2f} in; Magic Levitation moves a "
                      "figure at most 10 in.", f"{target} recorrería {far:.2f} pulgadas; la "
                      "Levitación mágica mueve una figura 10 pulgadas como mucho.")
    r = st.radius
    if st.field is not None:
        problem = st.field.standing_problem(x, y, r)
        if problem is not None:
            return IllegalAction(Text(f"{target}: ", f"{target}: ") + problem.text,
                                 rule="MK-A19")
        edge = st.field.straddled(x, y, r)
        if edge is not None:
            return refuse("MK-A7", f"{target} would be left partly on and partly off the "
                          f"elevated terrain {edge.id}.", f"{target} quedaría en parte dentro "
                          f"y en parte fuera del terreno elevado {edge.id}.")
    skip = (w.captive,) if w.captive else ()
    other = world.overlap(Body(target, x, y, r, 0.0, 0.0), skip)
    if other is not None:
        return refuse("MK-A19", f"{target} would land on the base of {other}.",
                      f"{target} caería sobre la peana de {other}.")
    if w.captive is not None:
        landed = world.by_id[target]._replace(x=x, y=y)
        if not set_down_spots(st, w.captive, landed, world.moved(landed), limit=1):
            return refuse("MK-12.8", f"{target} would have no room for its captive {w.captive}.",
                          f"{target} no tendría sitio para su cautivo {w.captive}.")
    return None


@dataclass(slots=True)
class Levitation(Frame):
    """A checked `levitate` command (MK-17.4): the levitator's token, the flight of the
    figure, its captive set down, then free spins and Polearm as for any move (MK-A18,
    MK-A35), and pushing (MK-5.3)."""

    seat: int
    text: str
    stage: int = 0
    rule = "MK-17.4"

    def step(self, st: MageKnightState) -> None:
        cmd = nt.parse(self.text)
        assert isinstance(cmd, nt.Levitate)
        if self.stage == 0:
            self.stage = 1
            turn.record_action(st, cmd.wid, True)
            before = tuple(st.touching(cmd.target))
            st.frames.append(AfterMove(self.seat, (cmd.target,), (before,)))
            _levitate(st, cmd)
        else:
            st.frames.pop()
            turn.apply_pushing(st, (cmd.wid,))


def _levitate(st: MageKnightState, cmd: nt.Levitate) -> None:
    w = st.warriors[cmd.target]
    start = (w.x, w.y)
    w.x, w.y, w.facing = cmd.x, cmd.y, cmd.facing
    st.touch()
    st.emit("levitate", "MK-17.4", Text(
        f"{cmd.wid} levitates {cmd.target} to {nt.fmt(cmd.x)},{nt.fmt(cmd.y)}, facing "
        f"{nt.fmt_angle(cmd.facing)}°.",
        f"{cmd.wid} levita a {cmd.target} hasta {nt.fmt(cmd.x)},{nt.fmt(cmd.y)}, mirando a "
        f"{nt.fmt_angle(cmd.facing)}°."),
        warrior=cmd.target, by=cmd.wid, x=cmd.x, y=cmd.y, facing=cmd.facing)
    if w.captive is not None and (w.x, w.y) != start:
        carry_captive(st, cmd.target)


# ------------------------------------------------------------------------------ Necromancy

def check_raise(st: MageKnightState, seat: int, cmd: nt.Raise) -> IllegalAction | None:
    """MK-18.6, MK-18.7, MK-A43, MK-A34."""
    refusal = turn.may_act(st, cmd.wid, True) or _ability(st, cmd.wid, NECROMANCY, "MK-18.6",
                                                           "Necromancy", "Necromancia")
    if refusal is not None:
        return refusal
    enemy = st.touching_enemy(cmd.wid)
    if enemy is not None:
        return refuse("MK-18.6", f"{cmd.wid} touches the opposing {enemy}: no Necromancy.",
                      f"{cmd.wid} toca al oponente {enemy}: no puede usar Necromancia.")
    refusal = _raised_problem(st, seat, cmd.wid, cmd.target)
    if refusal is not None:
        return refusal
    return raise_spot_problem(st, cmd.wid, cmd.target, cmd.x, cmd.y, world_of(st))


def _raised_problem(st: MageKnightState, seat: int, wid: str, target: str
                    ) -> IllegalAction | None:
    other = st.warriors.get(target)
    if target == wid:
        return refuse("MK-6.7", f"{wid} cannot raise itself.",
                      f"{wid} no puede alzarse a sí mismo.")
    if other is None or other.owner != seat or not other.eliminated:
        return refuse("MK-18.6", f"{target} is not in your pool of eliminated figures.",
                      f"{target} no está entre tus figuras eliminadas.")
    return None


def raise_spot_problem(st: MageKnightState, wid: str, target: str, x: float, y: float,
                       world: World) -> IllegalAction | None:
    """The returning figure is set down touching the necromancer, where a base may stand
    (MK-18.7, MK-A43, MK-A45)."""
    placed = Body(target, x, y, st.radius, 0.0, 0.0)
    if not geo.touching(placed, world.by_id[wid], st.eps):
        return refuse("MK-18.7", f"{target} must be set down touching {wid}.",
                      f"{target} debe quedar en contacto con {wid}.")
    return end_problem(st, target, (x, y), world)


@dataclass(slots=True)
class Necromancy(Frame):
    """A checked `raise` command (MK-18.6, MK-18.7): the necromancer's token, the roll, the
    figure's return (a placement: no spins, no Polearm, MK-A18), pushing."""

    seat: int
    text: str
    rule = "MK-18.7"

    def step(self, st: MageKnightState) -> None:
        cmd = nt.parse(self.text)
        assert isinstance(cmd, nt.Raise)
        st.frames.pop()
        turn.record_action(st, cmd.wid, True)
        _raise(st, cmd)
        turn.apply_pushing(st, (cmd.wid,))


def _raise(st: MageKnightState, cmd: nt.Raise) -> None:
    """The dial goes back to the start; unless the figure rises whole, d6 clicks of damage are
    turned on it in the pool, and on the skulls it stays there (MK-18.7, MK-A43)."""
    w = st.warriors[cmd.target]
    figure = st.figure(cmd.target)
    clicks = 0
    if not figure.rises_whole:
        (clicks,) = st.roll(1, Text(f"Necromancy on {cmd.target}",
                                    f"Necromancia sobre {cmd.target}"), "MK-18.7",
                            warrior=cmd.target)
    click = figure.start + clicks
    if figure.is_ko(click):
        st.emit("raise_failed", "MK-18.7", Text(
            f"{cmd.target} does not return: {clicks} click(s) show the skulls.",
            f"{cmd.target} no vuelve: {clicks} clic(s) muestran las calaveras."),
            warrior=cmd.target, clicks=clicks, by=cmd.wid)
        return
    w.click = click
    w.x, w.y, w.facing = cmd.x, cmd.y, cmd.facing
    w.placed, w.eliminated = True, False
    w.captor = w.captive = None
    w.tokens, w.token_turn = 0, -1
    w.last_damager = None                   # a fresh life: nobody has damaged it yet (MK-A28)
    st.touch()
    st.emit("raised", "MK-A43" if figure.rises_whole else "MK-18.7", Text(
        f"{cmd.wid} raises {cmd.target} at {nt.fmt(cmd.x)},{nt.fmt(cmd.y)} with {clicks} "
        "click(s) of damage.",
        f"{cmd.wid} alza a {cmd.target} en {nt.fmt(cmd.x)},{nt.fmt(cmd.y)} con {clicks} "
        "clic(s) de daño."),
        warrior=cmd.target, by=cmd.wid, clicks=clicks, x=cmd.x, y=cmd.y, facing=cmd.facing)


# ------------------------------------------------------------------------------ Regeneration

def check_regenerate(st: MageKnightState, seat: int,
                     cmd: nt.Regenerate) -> IllegalAction | None:
    """MK-20.6: the warrior shows Regeneration and may take a move action."""
    return turn.may_act(st, cmd.wid, True) or _ability(st, cmd.wid, REGENERATION, "MK-20.6",
                                                       "Regeneration", "Regeneración")


@dataclass(slots=True)
class Regeneration(Frame):
    """A checked `regenerate` command: token, d6 − 2 clicks healed (at least 0, never past the
    start, MK-20.6, MK-1.6), pushing."""

    seat: int
    wid: str
    rule = "MK-20.6"

    def step(self, st: MageKnightState) -> None:
        st.frames.pop()
        turn.record_action(st, self.wid, True)
        (die,) = st.roll(1, Text(f"Regeneration of {self.wid}", f"Regeneración de {self.wid}"),
                         "MK-20.6", warrior=self.wid)
        owed = max(0, die - REGENERATION_LOSS)
        healed = damage.heal(st, self.wid, owed, rule="MK-20.6")
        st.emit("regenerate", "MK-20.6", Text(
            f"{self.wid} regenerates {healed} click(s) ({die} − 2).",
            f"{self.wid} regenera {healed} clic(s) ({die} − 2)."),
            warrior=self.wid, die=die, clicks=healed)
        turn.apply_pushing(st, (self.wid,))


# ------------------------------------------------------------------------------ shared

def _ability(st: MageKnightState, wid: str, key: str, rule: str, en: str,
             es: str) -> IllegalAction | None:
    if st.has(wid, key):
        return None
    return refuse(rule, f"{wid} does not show {en} now.", f"{wid} no muestra ahora {es}.")


def start(st: MageKnightState, seat: int, cmd: nt.Command) -> None:
    """Push the frame of a checked `levitate`, `raise` or `regenerate` command."""
    if isinstance(cmd, nt.Levitate):
        st.frames.append(Levitation(seat, cmd.text()))
    elif isinstance(cmd, nt.Raise):
        st.frames.append(Necromancy(seat, cmd.text()))
    elif isinstance(cmd, nt.Regenerate):
        st.frames.append(Regeneration(seat, cmd.wid))
    else:
        raise AssertionError(f"not a special move: {cmd.text()}")
