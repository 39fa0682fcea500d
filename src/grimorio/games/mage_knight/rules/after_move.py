"""What follows a move, and the decisions it asks for: the facing after a failed escape
(`FaceAsk`, MK-7.6, MK-A57), a captive set down touching its controller (`CaptiveAsk`, MK-12.8),
the free spins of the opposing figures a move has newly touched (`SpinAsk`, MK-7.10, MK-7.11,
MK-A18), Polearm (MK-20.2, MK-A35), all run by `AfterMove` for single moves, formations and
levitated figures alike; and the hand-off of the attack that ends a Charge or Bound move to
combat (MK-17.2, MK-17.8, MK-A16).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Frame, OpenAsk
from grimorio.games.mage_knight.notation import MKAction
from grimorio.games.mage_knight.rules import damage
from grimorio.games.mage_knight.rules.move_rules import (
    POLEARM,
    World,
    opposing_touching,
    parse,
    refuse,
    set_down_problem,
    set_down_spots,
    world_of,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState


# ------------------------------------------------------------------------------ asks

def facing_to(st: MageKnightState, wid: str, other: str) -> float:
    """The facing, rounded as the notation rounds it, that points `wid` at `other`."""
    a, b = st.warriors[wid], st.warriors[other]
    return nt.angle(geo.direction(a.x, a.y, b.x, b.y))


@dataclass(slots=True)
class FaceAsk(OpenAsk):
    """`face a3 D`: the facing of a warrior that did not change place after all: it failed to
    escape (MK-7.6), or its formation path was no longer open (MK-A50). Any facing is allowed;
    the candidates keep the present facing, take the declared one, or face a touching enemy."""

    seat: int
    wid: str
    declared: float
    rule = "MK-7.6"

    def options(self, st: MageKnightState) -> list[Any]:
        w = st.warriors[self.wid]
        facings = [w.facing, self.declared]
        facings += [facing_to(st, self.wid, o)
                    for o in opposing_touching(st, self.wid, st.touching(self.wid))]
        return list(dict.fromkeys(MKAction(nt.Face(self.wid, nt.angle(f)).text())
                                  for f in facings))

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = parse(action)
        if isinstance(cmd, IllegalAction):
            return cmd
        if not isinstance(cmd, nt.Face) or cmd.wid != self.wid:
            return refuse("MK-7.6", f"Choose the facing of {self.wid}: 'face {self.wid} D'.",
                          f"Elige el encaramiento de {self.wid}: 'face {self.wid} D'.")
        return None

    def answer(self, st: MageKnightState, action: Any) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Face)
        st.frames.pop()
        turn_to(st, self.wid, cmd.facing, "MK-7.6")


def turn_to(st: MageKnightState, wid: str, facing: float, rule: str) -> None:
    w = st.warriors[wid]
    w.facing = facing
    st.touch()
    shown = nt.fmt_angle(facing)
    st.emit("face", rule, Text(f"{wid} now faces {shown}°.", f"{wid} mira ahora a {shown}°."),
            warrior=wid, facing=facing)


@dataclass(slots=True)
class CaptiveAsk(OpenAsk):
    """`captive b2 at X,Y facing D`: the controller's player sets its captive down touching it,
    facing any way (MK-12.8)."""

    seat: int
    captive: str
    controller: str
    aquatic: bool = False          # the controller moved with Aquatic (MK-12.7, MK-16.3)
    rule = "MK-12.8"

    def options(self, st: MageKnightState) -> list[Any]:
        world = self._world(st)
        controller = world.by_id[self.controller]
        old = st.warriors[self.captive]
        prefer = geo.direction(controller.x, controller.y, old.x, old.y) if (
            old.x, old.y) != (controller.x, controller.y) else None
        spots = set_down_spots(st, self.captive, controller, world, prefer,
                               aquatic=self.aquatic)
        return [MKAction(nt.Captive(self.captive, x, y, old.facing).text())
                for x, y in spots[:8]]

    def _world(self, st: MageKnightState) -> World:
        return world_of(st)

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = parse(action)
        if isinstance(cmd, IllegalAction):
            return cmd
        if not isinstance(cmd, nt.Captive) or cmd.wid != self.captive:
            return refuse("MK-12.8", f"Set the captive down: 'captive {self.captive} at X,Y "
                          "facing D'.", f"Deja al cautivo: 'captive {self.captive} at X,Y "
                          "facing D'.")
        world = self._world(st)
        return set_down_problem(st, self.captive, world.by_id[self.controller], (cmd.x, cmd.y),
                                world, aquatic=self.aquatic)

    def answer(self, st: MageKnightState, action: Any) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Captive)
        st.frames.pop()
        w = st.warriors[self.captive]
        w.x, w.y, w.facing = cmd.x, cmd.y, cmd.facing
        st.touch()
        st.emit("captive_set_down", "MK-12.8", Text(
            f"{self.captive} is set down touching {self.controller} at "
            f"{nt.fmt(cmd.x)},{nt.fmt(cmd.y)}.",
            f"{self.captive} queda en contacto con {self.controller} en "
            f"{nt.fmt(cmd.x)},{nt.fmt(cmd.y)}."),
            warrior=self.captive, controller=self.controller, x=cmd.x, y=cmd.y,
            facing=cmd.facing)


def carry_captive(st: MageKnightState, controller: str, *, aquatic: bool = False) -> None:
    """Ask the controller's player to set the captive down (MK-12.8); `aquatic`: the
    controller moved with Aquatic, which covers its captive too (MK-12.7, MK-16.3)."""
    w = st.warriors[controller]
    assert w.captive is not None
    st.frames.append(CaptiveAsk(w.owner, w.captive, controller, aquatic))


# ------------------------------------------------------------------------------ free spins

def new_contacts(st: MageKnightState, mover: str, before: Iterable[str]) -> list[str]:
    """Opposing figures touching `mover` now that did not touch it when its move began; a
    captive is never one (MK-7.10, MK-A18, MK-12.6)."""
    if not st.warriors[mover].on_table:
        return []
    known = set(before)
    return [o for o in st.touching(mover) if o not in known and st.opposing(o, mover)
            and st.warriors[o].captor is None and st.warriors[mover].captive != o]


def spin_order(st: MageKnightState, seat: int, figures: Iterable[str]) -> list[str]:
    """Owners clockwise from the player acting, each owner's figures in id order."""
    n = len(st.players)
    return sorted(figures, key=lambda f: ((st.warriors[f].owner - seat) % n, nt.wid_key(f)))


@dataclass(slots=True)
class SpinAsk(OpenAsk):
    """`spin b2 D` | `spin b2 no`: an opposing figure a move has just touched may turn on the
    spot so that its front arc touches the mover (MK-7.10, MK-G5); it is free and may be
    declined (MK-7.11). `movers`: the movers it newly touches (in a formation, several)."""

    seat: int
    wid: str
    movers: tuple[str, ...]
    rule = "MK-7.10"

    def options(self, st: MageKnightState) -> list[Any]:
        out = [MKAction(nt.Spin(self.wid, facing_to(st, self.wid, m)).text())
               for m in self.movers if st.warriors[m].on_table]
        out.append(MKAction(nt.Spin(self.wid, None).text()))
        return list(dict.fromkeys(out))

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = parse(action)
        if isinstance(cmd, IllegalAction):
            return cmd
        if not isinstance(cmd, nt.Spin) or cmd.wid != self.wid:
            return refuse("MK-7.10", f"Free spin for {self.wid}: 'spin {self.wid} D' or "
                          f"'spin {self.wid} no'.", f"Giro libre de {self.wid}: "
                          f"'spin {self.wid} D' o 'spin {self.wid} no'.")
        if cmd.facing is None:
            return None
        me = st.body(self.wid)
        for m in self.movers:
            other = st.warriors[m]
            if other.on_table and geo.spin_faces(me, cmd.facing, other.x, other.y):
                return None
        return refuse("MK-G5", f"Facing {nt.fmt_angle(cmd.facing)}°, the front arc of "
                      f"{self.wid} would not touch {' or '.join(self.movers)}.",
                      f"Mirando a {nt.fmt_angle(cmd.facing)}°, el arco frontal de {self.wid} no "
                      f"tocaría a {' ni a '.join(self.movers)}.")

    def answer(self, st: MageKnightState, action: Any) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Spin)
        st.frames.pop()
        if cmd.facing is None:
            st.emit("spin", "MK-7.11", Text(f"{self.wid} declines its free spin.",
                                            f"{self.wid} renuncia a su giro libre."),
                    warrior=self.wid, facing=None)
            return
        w = st.warriors[self.wid]
        w.facing = cmd.facing
        st.touch()
        shown = nt.fmt_angle(cmd.facing)
        st.emit("spin", "MK-7.10", Text(f"{self.wid} spins freely to face {shown}°.",
                                        f"{self.wid} gira libremente hacia {shown}°."),
                warrior=self.wid, facing=cmd.facing)


# ------------------------------------------------------------------------------ after a move

SPINS, POLEARM_STAGE = range(2)


@dataclass(slots=True)
class AfterMove(Frame):
    """What follows any move (single, formation, Charge, levitated): the free spins of the
    opposing figures newly touched (MK-7.10, MK-7.11, MK-A18), then Polearm (MK-20.2, MK-A35).
    `movers` and `before` (who touched each mover when its move began) run in parallel."""

    seat: int
    movers: tuple[str, ...]
    before: tuple[tuple[str, ...], ...]
    stage: int = SPINS
    rule = "MK-7.10"

    def step(self, st: MageKnightState) -> None:
        if self.stage == SPINS:
            self.stage = POLEARM_STAGE
            push_spins(st, self.seat, self.movers, self.before)
        else:
            st.frames.pop()
            polearm(st, self.movers, self.before)


def push_spins(st: MageKnightState, seat: int, movers: Sequence[str],
               before: Sequence[Sequence[str]]) -> None:
    """One `SpinAsk` per qualifying figure, asked to its owner in turn (MK-7.10, MK-A18)."""
    found: dict[str, list[str]] = {}
    for mover, known in zip(movers, before, strict=True):
        for other in new_contacts(st, mover, known):
            found.setdefault(other, []).append(mover)
    ordered = spin_order(st, seat, found)
    for wid in reversed(ordered):
        st.frames.append(SpinAsk(st.warriors[wid].owner, wid, tuple(found[wid])))


def polearm(st: MageKnightState, movers: Sequence[str], before: Sequence[Sequence[str]]) -> None:
    """Each Polearm warrior whose front arc, after the free spins, touches an opposing figure
    that has just moved into contact with it deals that figure 1 click, less Toughness and
    Invulnerability (MK-20.2, MK-A35, MK-20.4, MK-20.7). A captive's Polearm does nothing
    (MK-A36)."""
    for mover, known in zip(movers, before, strict=True):
        for pike in new_contacts(st, mover, known):
            if not st.warriors[mover].on_table:
                break
            if not st.has(pike, POLEARM):
                continue
            if not geo.front_touches(st.body(pike), st.body(mover), st.eps):
                continue
            _polearm_click(st, pike, mover)


def _polearm_click(st: MageKnightState, pike: str, mover: str) -> None:
    amount = reduce_damage(st, mover, 1)
    st.emit("polearm", "MK-20.2", Text(
        f"{pike}'s Polearm strikes {mover}, which moved into its front arc: {amount} click(s).",
        f"El Arma de asta de {pike} golpea a {mover}, que entró en su arco frontal: "
        f"{amount} clic(s)."), warrior=mover, by=pike, clicks=amount)
    if amount > 0:
        damage.deal(st, mover, amount, by=pike, by_seat=st.warriors[pike].owner, rule="MK-20.2")


def reduce_damage(st: MageKnightState, wid: str, amount: int) -> int:
    """Toughness and Invulnerability applied through combat's helper (MK-20.4, MK-20.7, MK-A35)."""
    from grimorio.games.mage_knight.rules import abilities

    return abilities.reduce(st, wid, amount)


# ------------------------------------------------------------------------------ combat hand-off

def start_charge_attack(st: MageKnightState, seat: int, attacker: str, target: str,
                        capture: bool) -> None:
    """Hand the close combat that ends a Charge move to combat (MK-17.1 (a), MK-17.2, MK-A16):
    it is an ordinary close combat action, checked from where the attacker now stands."""
    from grimorio.games.mage_knight.rules import combat

    combat.start_charge_attack(st, seat, attacker, target, capture)


def start_bound_shot(st: MageKnightState, seat: int, shooter: str,
                     targets: tuple[str, ...]) -> None:
    """Hand the ranged attack that ends a Bound move to combat (MK-17.8 (a)): an ordinary
    ranged action from where the shooter now stands."""
    from grimorio.games.mage_knight.rules import combat

    combat.start_bound_shot(st, seat, shooter, targets)
