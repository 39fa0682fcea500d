"""The shared pieces of every kind of move: the table as a snapshot, speed allowance, path and
end checks, captives set down, escape.

`rules.movement` (single moves and movement formations, `rules.formation`) and
`rules.special_moves` (Magic Levitation, Necromancy, Regeneration) are built from these.

- `World` is a snapshot of the bases on the table (`geometry.Body` by id, with the contact pairs
  that MK-G11 (b) needs), so a formation's plan can be checked against positions that are not
  the state's yet (MK-A48, MK-A50).
- `allowance` is the speed a move may use (MK-7.1, MK-14.4, MK-12.7, MK-17.1, MK-17.8, MK-A14).
- `plan_route` checks one warrior's path and end (MK-7.1, MK-7.2, MK-7.5, MK-G11, MK-G12) and
  returns the `Route` it takes, or the first refusal.
- `set_down_spots` and `set_down_problem` place a captive touching its controller (MK-12.8);
  `demoralized_problem` and `captive_room_problem` are the end checks of MK-18.5 and MK-12.8;
  `roll_escape` is the escape roll (MK-7.6 to MK-7.8).

What follows a move (free spins, Polearm, the asks, the Charge and Bound hand-off) is in
`rules.after_move`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from grimorio.core.errors import IllegalAction, InvalidAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight import terrain
from grimorio.games.mage_knight.geometry import Body, Point
from grimorio.games.mage_knight.notation import MoveLeg

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

# ability keys (data/abilities.yaml)
CHARGE = "charge"
BOUND = "bound"
QUICKNESS = "quickness"
FLIGHT = "flight"
AQUATIC = "aquatic"
DEMORALIZED = "demoralized"
POLEARM = "polearm"
MAGIC_LEVITATION = "magic_levitation"
MAGIC_IMMUNITY = "magic_immunity"
NECROMANCY = "necromancy"
REGENERATION = "regeneration"

SET_DOWN_STEP = 15.0
"""Degrees between the spots tried around a controller to set its captive down (MK-12.8)."""

SET_DOWN_SLACK = 0.002
"""How far beyond exact contact a generated spot is put, so that rounding it to 0.01 in keeps
the two bases touching within ε and never overlapping (MK-G4)."""


def refuse(rule: str, en: str, es: str) -> IllegalAction:
    return IllegalAction(Text(en, es), rule=rule)


def parse(action: Any) -> nt.Command | IllegalAction:
    """The command of an action text, or the refusal of text that cannot be read."""
    try:
        return nt.parse(action)
    except InvalidAction as exc:
        return IllegalAction(exc.text, rule="MK-4.5")


# ------------------------------------------------------------------------------ the table

class World:
    """The bases on the table at one moment: `Body` by id (captives included), and the pairs
    in base contact, worked out once (MK-G4, MK-G11 b). `moved` gives the world after one
    warrior has moved, which is how a formation's plan is checked (MK-A48)."""

    __slots__ = ("_pairs", "bodies", "by_id", "eps")

    def __init__(self, bodies: Iterable[Body], eps: float,
                 pairs: tuple[tuple[str, str], ...] | None = None) -> None:
        self.bodies = tuple(bodies)
        self.by_id = {b.id: b for b in self.bodies}
        self.eps = eps
        self._pairs = pairs

    def pairs(self) -> tuple[tuple[str, str], ...]:
        if self._pairs is None:
            self._pairs = geo.contact_pairs(self.bodies, self.eps)
        return self._pairs

    def moved(self, body: Body) -> World:
        """The world with `body` standing at its new place (same id)."""
        bodies = tuple(body if b.id == body.id else b for b in self.bodies)
        pairs = None
        if self._pairs is not None:
            kept = [p for p in self._pairs if body.id not in p]
            eps = self.eps
            kept += [(body.id, b.id) if body.id < b.id else (b.id, body.id)
                     for b in bodies if b.id != body.id and geo.touching(body, b, eps)]
            pairs = tuple(kept)
        return World(bodies, self.eps, pairs)

    def touching(self, body: Body, skip: Iterable[str] = ()) -> list[str]:
        """Ids of the bases touching `body` (MK-G4), leaving out its own id and `skip`."""
        left_out = {body.id, *skip}
        eps = self.eps
        return [b.id for b in self.bodies if b.id not in left_out and geo.touching(body, b, eps)]

    def overlap(self, body: Body, skip: Iterable[str] = ()) -> str | None:
        """The first base `body` would overlap (MK-G4), or None."""
        left_out = {body.id, *skip}
        eps = self.eps
        reach = body.r
        for b in self.bodies:
            if b.id in left_out:
                continue
            if abs(b.x - body.x) >= reach + b.r or abs(b.y - body.y) >= reach + b.r:
                continue
            if geo.overlapping(body, b, eps):
                return b.id
        return None


_WORLD: list[tuple[tuple[Body, ...], World]] = []


def world_of(st: MageKnightState) -> World:
    """The state's bases now; the last one is kept while the state's bodies stay the same
    object (the state rebuilds them whenever anything moves, `st.touch()`)."""
    bodies = st.bodies()
    if _WORLD and _WORLD[0][0] is bodies:
        return _WORLD[0][1]
    world = World(bodies, st.eps)
    _WORLD[:] = [(bodies, world)]
    return world


def opposing_touching(st: MageKnightState, wid: str, ids: Iterable[str]) -> list[str]:
    """Those of `ids` that are opposing figures to `wid`, its own captive left out: a captive
    never makes its own controller roll to escape (MK-7.6, MK-A47)."""
    captive = st.warriors[wid].captive
    return [o for o in ids if o != captive and st.opposing(o, wid)]


@contextmanager
def standing_at(st: MageKnightState, wid: str, x: float, y: float,
                facing: float) -> Iterator[None]:
    """Put `wid` at (x, y, facing) for the length of a check, then back exactly as it was.
    Used to ask combat whether the attack after a Charge or Bound move would be allowed from
    the planned end (MK-17.2, MK-17.8); nothing is logged and the caches are dropped."""
    w = st.warriors[wid]
    old = (w.x, w.y, w.facing)
    w.x, w.y, w.facing = x, y, facing
    st.touch()
    try:
        yield
    finally:
        w.x, w.y, w.facing = old
        st.touch()


# ------------------------------------------------------------------------------ speed

def uses_flight(st: MageKnightState, wid: str, alone: bool) -> bool:
    """Flight is used whenever it shows and the warrior moves alone; never in a movement
    formation (MK-17.6, MK-13.10, MK-A49)."""
    return alone and st.has(wid, FLIGHT)


def uses_aquatic(st: MageKnightState, wid: str, alone: bool) -> bool:
    """Aquatic likewise (MK-17.5, MK-16.3, MK-A49)."""
    return alone and st.has(wid, AQUATIC)


def doubled(leg: MoveLeg) -> bool:
    """Charge or Bound used to cover double speed (option (b), MK-17.1, MK-17.8)."""
    return leg.use in (CHARGE, BOUND)


def one_allowance(st: MageKnightState, wid: str, speed_of: str, *, twice: bool, flight: bool,
                  aquatic: bool) -> int:
    """The inches `speed_of`'s dial speed allows, doubled first for Charge or Bound, then halved
    (rounded up) when `wid`'s base touches hindering terrain or shallow water as the move
    begins (MK-7.1, MK-14.4, MK-16.1, MK-A14). Low walls never halve it (MK-16.4)."""
    speed = st.click_of(speed_of).speed * (2 if twice else 1)
    field = st.field
    if field is not None:
        w = st.warriors[wid]
        if field.starts_hindered(w.x, w.y, st.radius, flight=flight, aquatic=aquatic):
            speed = terrain.halved(speed)
    return speed


def allowance(st: MageKnightState, wid: str, *, alone: bool, twice: bool) -> int:
    """The speed allowance of one warrior's move (MK-7.1, MK-14.4, MK-A14). A controller and
    its captive move at the lower of their allowances, the controller's speed abilities
    covering both (MK-12.7)."""
    flight = uses_flight(st, wid, alone)
    aquatic = uses_aquatic(st, wid, alone)
    speed = one_allowance(st, wid, wid, twice=twice, flight=flight, aquatic=aquatic)
    captive = st.warriors[wid].captive
    if captive is not None:
        speed = min(speed, one_allowance(st, captive, captive, twice=twice, flight=flight,
                                         aquatic=aquatic))
    return speed


# ------------------------------------------------------------------------------ paths

class Route(NamedTuple):
    """A checked path: `points` from the start (cut at the first stop point under
    `stop_policy=truncate`), the end position and facing, and whether the warrior changes
    place at all (`to` given, MK-7.4)."""

    points: tuple[Point, ...]
    end: Point
    facing: float
    moves: bool

    @property
    def length(self) -> float:
        return geo.path_length(self.points)


def plan_route(st: MageKnightState, leg: MoveLeg, world: World, *, alone: bool,
               speed: int) -> Route | IllegalAction:
    """Check `leg`'s path against the bases of `world` and the terrain, and return the route
    it takes (MK-7.1 to MK-7.5, MK-G11, MK-G12); a turn on the spot is always possible
    (MK-7.4). Flight lifts MK-G11 (a), (b) and the blocking part of (c) (MK-17.6)."""
    me = world.by_id[leg.wid]
    start = (me.x, me.y)
    if leg.to is None:
        return Route((start,), start, leg.facing, False)
    points = (start, *leg.waypoints)
    length = geo.path_length(points)
    if length > speed + st.eps:
        return refuse("MK-7.1", f"The path of {leg.wid} is {length:.2f} in long; its speed "
                      f"allows {speed} in.", f"El camino de {leg.wid} mide {length:.2f} pulgadas; "
                      f"su velocidad permite {speed}.")
    captive = st.warriors[leg.wid].captive
    flight = uses_flight(st, leg.wid, alone)
    if not flight:
        refusal = _bases_problem(st, leg.wid, points, me, world, captive)
        if refusal is not None:
            return refusal
    return _terrain_route(st, leg, points, world, captive=captive, flight=flight,
                          aquatic=uses_aquatic(st, leg.wid, alone))


def _bases_problem(st: MageKnightState, wid: str, points: Sequence[Point], me: Body,
                   world: World, captive: str | None) -> IllegalAction | None:
    """MK-G11 (a) and (b): over no base, between no two touching bases (MK-7.2, MK-A4); the
    mover's own captive travels with it and is left out."""
    # Only bases near the path matter: a base it could cross lies within r of it, and a
    # touching pair it could squeeze through has both centres within 2r of it.
    eps = st.eps
    reach = 4.0 * st.radius + eps
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0 = min(xs) - reach
    x1 = max(xs) + reach
    y0 = min(ys) - reach
    y1 = max(ys) + reach
    bodies = [b for b in world.bodies
              if x0 <= b.x <= x1 and y0 <= b.y <= y1 and b.id != captive]
    hit = geo.path_vs_bases(points, me, bodies, eps, path_width=str(st.option("path_width")),
                            pairs=world.pairs())
    if hit is None:
        return None
    if hit.part == "a":
        return refuse("MK-7.2", f"The path of {wid} goes over the base of {hit.ids[0]}.",
                      f"El camino de {wid} pasa por encima de la peana de {hit.ids[0]}.")
    first, second = hit.ids
    return refuse("MK-7.2", f"The path of {wid} squeezes between {first} and {second}, whose "
                  "bases touch.", f"El camino de {wid} pasa entre {first} y {second}, cuyas "
                  "peanas se tocan.")


def _terrain_route(st: MageKnightState, leg: MoveLeg, points: tuple[Point, ...], world: World,
                   *, captive: str | None, flight: bool, aquatic: bool) -> Route | IllegalAction:
    """MK-G11 (c), the stop points of MK-G12 under option `stop_policy`, and the end (d)."""
    r = st.radius
    used = points
    field = st.field
    if field is not None:
        problem = field.path_problem(points, r, flight=flight, aquatic=aquatic)
        if problem is not None:
            return IllegalAction(Text(f"{leg.wid}: ", f"{leg.wid}: ") + problem.text,
                                 rule=problem.rule)
        stop = field.first_stop(points, r, flight=flight, aquatic=aquatic)
        cut = field.apply_stop_policy(points, stop, str(st.option("stop_policy")))
        if cut is None:
            assert stop is not None
            return refuse(stop.rule, f"{leg.wid} would have to stop at {stop.s:.2f} in along its "
                          f"path ({stop.piece}); it may not go on (MK-G12).",
                          f"{leg.wid} tendría que detenerse a {stop.s:.2f} pulgadas de su camino "
                          f"({stop.piece}); no puede seguir (MK-G12).")
        used = cut
    end = used[-1]
    if used != points:                      # cut at the stop point: store it as printed
        end = (nt.coord(end[0]), nt.coord(end[1]))
        used = (*used[:-1], end)
    if flight and field is not None and field.holding_pieces(end[0], end[1], r, ("blocking",)):
        return refuse("MK-17.6", f"{leg.wid} may fly over blocking terrain but not stop in it.",
                      f"{leg.wid} puede volar sobre terreno infranqueable pero no detenerse en "
                      "él.")
    refusal = end_problem(st, leg.wid, end, world, skip=(captive,) if captive else (),
                          aquatic=aquatic)
    if refusal is not None:
        return refusal
    return Route(tuple(used), end, leg.facing, True)


def end_problem(st: MageKnightState, wid: str, end: Point, world: World,
                skip: Iterable[str] = (), *, aquatic: bool = False) -> IllegalAction | None:
    """Where a warrior ends a move or is set down: wholly on the table, over no base, no
    blocking terrain, deep water (unless Aquatic is in use, MK-16.3) or low wall, not astride
    an elevated edge (MK-7.5, MK-G11 d, MK-A45, MK-A7)."""
    x, y = end
    r = st.radius
    field = st.field
    if field is not None:
        problem = field.end_problem(x, y, r, aquatic=aquatic)
        if problem is not None:
            return IllegalAction(Text(f"{wid}: ", f"{wid}: ") + problem.text, rule=problem.rule)
    elif not (r <= x <= st.size - r and r <= y <= st.size - r):
        return refuse("MK-A45", f"{wid} would not lie wholly on the battlefield.",
                      f"{wid} no quedaría entero sobre el campo de batalla.")
    other = world.overlap(Body(wid, x, y, r, 0.0, 0.0), skip)
    if other is not None:
        return refuse("MK-7.5", f"{wid} would end overlapping the base of {other}.",
                      f"{wid} acabaría solapando la peana de {other}.")
    return None


# ------------------------------------------------------------------------------ captives

def set_down_spots(st: MageKnightState, captive: str, controller: Body, world: World,
                   prefer: float | None = None, limit: int = 24, *,
                   aquatic: bool = False) -> list[Point]:
    """Legal places, touching the controller, to set its captive down (MK-12.8, MK-12.4),
    rounded as the notation rounds them; tried every 15° starting from `prefer` (default:
    straight behind the controller), at most `limit` of them. `aquatic`: the controller moved
    with Aquatic, which covers its captive too (MK-12.7, MK-16.3)."""
    first = controller.facing + 180.0 if prefer is None else prefer
    out: list[Point] = []
    reach = controller.r + st.radius + SET_DOWN_SLACK
    for i in range(int(360.0 / SET_DOWN_STEP)):
        step = (i + 1) // 2 * (1 if i % 2 else -1)
        angle = math.radians(first + step * SET_DOWN_STEP)
        spot = (nt.coord(controller.x + reach * math.cos(angle)),
                nt.coord(controller.y + reach * math.sin(angle)))
        if set_down_problem(st, captive, controller, spot, world, aquatic=aquatic) is None:
            out.append(spot)
            if len(out) >= limit:
                break
    return out


def set_down_problem(st: MageKnightState, captive: str, controller: Body, spot: Point,
                     world: World, *, aquatic: bool = False) -> IllegalAction | None:
    """A captive is set down touching its controller (MK-12.8, MK-12.4) where a move could end
    (MK-7.5); in deep water too when the controller moved with Aquatic (MK-12.7, MK-16.3)."""
    r = st.radius
    placed = Body(captive, spot[0], spot[1], r, 0.0, 0.0)
    if not geo.touching(placed, controller, st.eps):
        return refuse("MK-12.8", f"The captive {captive} must be set down touching "
                      f"{controller.id}.", f"El cautivo {captive} debe quedar en contacto con "
                      f"{controller.id}.")
    return end_problem(st, captive, spot, world, skip=(captive, controller.id),
                       aquatic=aquatic)


def demoralized_problem(st: MageKnightState, wid: str, route: Route,
                        world: World) -> IllegalAction | None:
    """A Demoralized warrior never chooses to move into base contact with an opposing figure
    (MK-18.5): its end may touch no opposing figure it was not already touching."""
    if not route.moves or not st.has(wid, DEMORALIZED):
        return None
    me = world.by_id[wid]
    captive = st.warriors[wid].captive
    skip = (captive,) if captive else ()
    before = set(world.touching(me, skip))
    end = me._replace(x=route.end[0], y=route.end[1])
    fresh = [o for o in opposing_touching(st, wid, world.touching(end, skip)) if o not in before]
    if fresh:
        return refuse("MK-18.5", f"{wid} is Demoralized: it may not move into contact with "
                      f"{fresh[0]}.", f"{wid} está desmoralizado: no puede moverse hasta tocar a "
                      f"{fresh[0]}.")
    return None


def captive_room_problem(st: MageKnightState, wid: str, route: Route, world: World, *,
                         aquatic: bool = False) -> IllegalAction | None:
    """A controller that changes place needs somewhere to set its captive down, touching it
    (MK-12.7, MK-12.8)."""
    captive = st.warriors[wid].captive
    start = world.by_id[wid]
    if captive is None or not route.moves or route.end == (start.x, start.y):
        return None
    end = start._replace(x=route.end[0], y=route.end[1], facing=route.facing)
    if set_down_spots(st, captive, end, world.moved(end), limit=1, aquatic=aquatic):
        return None
    return refuse("MK-12.8", f"{wid} would have no room to set its captive {captive} down.",
                  f"{wid} no tendría sitio para dejar a su cautivo {captive}.")


# ------------------------------------------------------------------------------ escape

def escape_fails_on(leg: MoveLeg, flight: bool) -> int:
    """The highest escape roll that fails: 3, or 1 with Charge, Flight or Bound in use
    (MK-7.6, MK-7.7)."""
    in_use = flight or leg.use in (CHARGE, BOUND) or leg.charge is not None or bool(leg.bound)
    return 1 if in_use else 3


def roll_escape(st: MageKnightState, wid: str, fails_on: int, enemies: Sequence[str],
                *, formation: bool) -> bool:
    """One d6 for a warrior given a move while opposing figures touch it (MK-7.6, MK-7.8,
    MK-A16); True when it gets away."""
    rule = "MK-7.7" if fails_on == 1 else "MK-7.6"
    (die,) = st.roll(1, Text(f"Escape roll for {wid}", f"Tirada de escape de {wid}"), rule,
                     warrior=wid)
    free = die > fails_on
    touching = ", ".join(enemies)
    if free:
        st.emit("escape", rule, Text(f"{wid} escapes from {touching} ({die}).",
                                     f"{wid} escapa de {touching} ({die})."),
                warrior=wid, die=die, escaped=True)
    else:
        st.emit("escape", "MK-13.9" if formation else rule,
                Text(f"{wid} fails to escape from {touching} ({die}): it stays where it is "
                     "but may turn; the move still counts (MK-7.9).",
                     f"{wid} no logra escapar de {touching} ({die}): se queda donde está pero "
                     "puede girar; el movimiento cuenta igualmente (MK-7.9)."),
                warrior=wid, die=die, escaped=False)
    return free
