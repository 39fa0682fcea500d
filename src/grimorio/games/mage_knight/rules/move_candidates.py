"""Candidate move actions for the active player's open decision (`TurnAsk`).

Positions are continuous, so the turn lists a finite set of useful moves, each built, rounded as
the notation rounds it, and then checked exactly like any typed action (`movement.plan_single`,
`formation.plan_formation`, `special_moves.check_*`): every candidate is legal. For each warrior
that may take a move action now:

- a move into base contact with each enemy it can reach, facing it (the nearest point of the
  enemy's base, and its rear when that is different), with the Charge attack variant when
  Charge shows (MK-17.1) — never for a Demoralized warrior (MK-18.5);
- a move to the nearest cover from the nearest enemy shooter: into hindering terrain, or
  behind blocking terrain (MK-14.7, MK-15.2);
- the longest moves straight toward and straight away from the nearest enemy, with a Bound shot
  at the end when one is possible (MK-17.8), and at double speed with Charge or Bound;
- turning on the spot to face the nearest enemy (MK-7.4);
- Quickness instead of an ordinary move whenever it shows (MK-17.3: it spends no action);
- a movement formation of the largest connected group of one faction, moving straight toward
  the nearest enemy (MK-13.5 to MK-13.8);
- Magic Levitation, Necromancy and Regeneration when they show (MK-17.4, MK-18.6, MK-20.6).

Paths bend when needed: when the straight path is blocked by a base (or a touching pair) or by
terrain, two detours are tried, one waypoint on each side of the obstacle. Paths are cut at the
speed allowance and at the first stop point (MK-G12).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight import terrain
from grimorio.games.mage_knight.geometry import Body, Point
from grimorio.games.mage_knight.notation import MKAction, MoveLeg
from grimorio.games.mage_knight.rules import formation, special_moves, turn
from grimorio.games.mage_knight.rules.move_rules import (
    BOUND,
    CHARGE,
    DEMORALIZED,
    MAGIC_LEVITATION,
    NECROMANCY,
    QUICKNESS,
    REGENERATION,
    World,
    allowance,
    set_down_spots,
    uses_aquatic,
    uses_flight,
    world_of,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

MARGIN = 0.02
"""Inches kept below the speed allowance so that rounding never takes a path past it."""

CONTACT_SLACK = 0.002
"""Beyond exact contact, so that rounding keeps two bases touching, never overlapping (MK-G4)."""

CLEARANCE = 0.1
"""How far a detour's waypoint passes from the obstacle's edge."""

SHORTEST = 0.5
"""Moves shorter than this are not worth listing."""

RAISED_MOST = 3
"""Eliminated figures offered to Necromancy (the most valuable first)."""

CONTACTS_MOST = 3
"""Enemies, the nearest first, that a warrior is offered moves into contact with."""

COVER_SPOTS = 2
"""Cover spots tried, the nearest first."""

_plan_single: Any = None
"""`movement.plan_single`, looked up once (movement imports this module lazily)."""

STOP_RULES = frozenset({"MK-14.3", "MK-14.6", "MK-15.4", "MK-16.4"})
"""Refusals that cutting the path at its first stop point cures (MK-G12)."""


def candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """Useful legal move-type actions for `seat` now (see the module docstring)."""
    if st.phase != "play" or st.field is None:
        return []
    gen = _Generator(st, seat)
    for w in st.own_warriors(seat):
        if w.on_table and turn.may_act(st, w.id, True) is None:
            gen.warrior(w.id)
    if st.players[seat].actions_left > 0:
        gen.formation()
    return list(dict.fromkeys(gen.out))


class _Generator:
    """The candidates of one decision: the table is read once and shared."""

    def __init__(self, st: MageKnightState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.world = world_of(st)
        self.r = st.radius
        self.out: list[MKAction] = []
        self.memo: dict[Any, Any] = {}
        self.free = st.players[seat].actions_left > 0
        self.enemies = [b for b in self.world.bodies if st.opposing(b.id, seat)
                        and st.warriors[b.id].captor is None]
        self.shooters = [b for b in self.enemies if st.figure(b.id).range > 0]

    # -------------------------------------------------------------------- one warrior

    def warrior(self, wid: str) -> None:
        st = self.st
        quick = st.has(wid, QUICKNESS)
        if not self.free and not quick:
            return
        use = QUICKNESS if quick else None
        me = self.world.by_id[wid]
        nearest = self._nearest(me, self.enemies)
        self._moves(wid, me, nearest, use)
        if self.free:
            self._specials(wid, me, nearest)

    def _moves(self, wid: str, me: Body, nearest: Body | None, use: str | None) -> None:
        st = self.st
        speed = allowance(st, wid, alone=True, twice=False)
        demoralized = st.has(wid, DEMORALIZED)
        if nearest is not None:
            self._face(wid, me, nearest, use)
            if not demoralized:
                self._contacts(wid, me, speed, use)
            self._toward(wid, me, nearest, speed, use, demoralized)
            self._away(wid, me, nearest, speed, use)
        shooter = self._nearest(me, self.shooters)
        if shooter is not None and self._threatens(shooter, me, speed):
            self._cover(wid, me, shooter, speed, use)
        self._double(wid, me, nearest, demoralized)

    def _threatens(self, shooter: Body, me: Body, speed: int) -> bool:
        """Cover is worth seeking only from a shooter that could reach the warrior wherever its
        move ends (its range plus the warrior's speed)."""
        reach = self.st.figure(shooter.id).range + speed
        return math.hypot(shooter.x - me.x, shooter.y - me.y) <= reach

    def _nearest(self, me: Body, among: list[Body]) -> Body | None:
        return min(among, key=lambda b: (math.hypot(b.x - me.x, b.y - me.y), b.id),
                   default=None)

    def _face(self, wid: str, me: Body, enemy: Body, use: str | None) -> None:
        """Turn on the spot to face the nearest enemy (MK-7.4)."""
        facing = nt.angle(geo.direction(me.x, me.y, enemy.x, enemy.y))
        if abs(geo.angle_diff(facing, me.facing)) > 1.0:
            self._try(MoveLeg(wid, facing=facing, use=use))

    def _contacts(self, wid: str, me: Body, speed: int, use: str | None) -> None:
        """Into base contact with the nearest enemies it can reach, facing them (MK-9.1)."""
        reachable = sorted(
            (math.hypot(e.x - me.x, e.y - me.y), e.id, e) for e in self.enemies
            if math.hypot(e.x - me.x, e.y - me.y) - 2 * self.r <= speed)
        for rank, (_, _, enemy) in enumerate(reachable[:CONTACTS_MOST]):
            self._contact(wid, me, enemy, speed, use, rear=rank == 0)

    def _contact(self, wid: str, me: Body, enemy: Body, speed: int, use: str | None, *,
                 rear: bool) -> None:
        """At the nearest point of `enemy`'s base and, for the nearest enemy, at its rear
        (MK-9.3); with the Charge attack when Charge shows (MK-17.1)."""
        angles = [geo.direction(enemy.x, enemy.y, me.x, me.y)]
        back = geo.normalize(enemy.facing + 180.0)
        if rear and abs(geo.angle_diff(back, angles[0])) > 30.0:
            angles.append(back)
        for angle in angles:
            spot = geo.touching_spot(enemy, angle, self.r + CONTACT_SLACK)
            if math.hypot(spot[0] - me.x, spot[1] - me.y) < SHORTEST:
                continue                                  # already there
            leg = self._route_to(wid, me, spot, speed, use, face=enemy, exact=True)
            if leg is not None and self.st.has(wid, CHARGE) and use is None:
                self._try(MoveLeg(leg.wid, leg.via, leg.to, leg.facing, charge=enemy.id))

    def _toward(self, wid: str, me: Body, enemy: Body, speed: int, use: str | None,
                demoralized: bool) -> None:
        """As far as possible straight toward the nearest enemy, short of contact (contact moves
        are listed apart); with a Bound shot at the end when Bound shows (MK-17.8)."""
        gap = math.hypot(enemy.x - me.x, enemy.y - me.y) - 2 * self.r
        room = gap - (0.5 if demoralized else 0.2)
        if room < SHORTEST:
            return
        target = _along(me, enemy.x, enemy.y, min(room, speed - MARGIN))
        leg = self._route_to(wid, me, target, speed, use, face=enemy)
        if leg is not None and self.st.has(wid, BOUND) and use is None:
            self._try(MoveLeg(leg.wid, leg.via, leg.to, leg.facing, bound=(enemy.id,)))

    def _away(self, wid: str, me: Body, enemy: Body, speed: int, use: str | None) -> None:
        """As far as possible straight away from the nearest enemy, turning to face it."""
        dx, dy = me.x - enemy.x, me.y - enemy.y
        norm = math.hypot(dx, dy) or 1.0
        target = self._clamped(me.x + dx / norm * (speed - MARGIN),
                               me.y + dy / norm * (speed - MARGIN))
        if math.hypot(target[0] - me.x, target[1] - me.y) >= SHORTEST:
            self._route_to(wid, me, target, speed, use, face=enemy)

    def _cover(self, wid: str, me: Body, shooter: Body, speed: int, use: str | None) -> None:
        """The nearest cover from the nearest enemy shooter: into hindering terrain, or behind
        blocking terrain from the shooter's side (MK-14.7, MK-15.2)."""
        field = self.st.field
        assert field is not None
        spots: list[tuple[float, Point]] = []
        for piece in field.of_kind("hindering"):
            spot = _centre(piece.outline)
            spots.append((math.hypot(spot[0] - me.x, spot[1] - me.y), spot))
        for piece in field.of_kind("blocking"):
            x0, y0, x1, y1 = piece.bbox
            cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
            dx, dy = cx - shooter.x, cy - shooter.y
            norm = math.hypot(dx, dy) or 1.0
            depth = math.hypot(x1 - x0, y1 - y0) / 2.0 + self.r + 0.2
            spot = self._clamped(cx + dx / norm * depth, cy + dy / norm * depth)
            spots.append((math.hypot(spot[0] - me.x, spot[1] - me.y), spot))
        for far, spot in sorted(spots)[:COVER_SPOTS]:
            if far > speed + 6.0:
                break
            if far < SHORTEST:
                continue
            if self._route_to(wid, me, spot, speed, use, face=shooter) is not None:
                return

    def _double(self, wid: str, me: Body, nearest: Body | None, demoralized: bool) -> None:
        """Charge or Bound used for double speed (MK-17.1 (b), MK-17.8 (b)), toward the nearest
        enemy (short of contact when Demoralized, MK-18.5) and away from it."""
        st = self.st
        key = CHARGE if st.has(wid, CHARGE) else BOUND if st.has(wid, BOUND) else None
        if key is None or nearest is None or not self.free:
            return
        speed = allowance(st, wid, alone=True, twice=True)
        gap = math.hypot(nearest.x - me.x, nearest.y - me.y) - 2 * self.r
        if not demoralized and gap <= speed:
            spot = geo.touching_spot(nearest, geo.direction(nearest.x, nearest.y, me.x, me.y),
                                     self.r + CONTACT_SLACK)
            self._route_to(wid, me, spot, speed, key, face=nearest, exact=True)
        else:
            room = min(gap - 0.5, speed - MARGIN)
            if room >= SHORTEST:
                target = _along(me, nearest.x, nearest.y, room)
                self._route_to(wid, me, target, speed, key, face=nearest)

    # -------------------------------------------------------------------- paths

    def _clamped(self, x: float, y: float) -> Point:
        low = self.r + 0.05
        high = self.st.size - self.r - 0.05
        return (min(max(x, low), high), min(max(y, low), high))

    def _route_to(self, wid: str, me: Body, target: Point, speed: int, use: str | None, *,
                  face: Body, exact: bool = False) -> MoveLeg | None:
        """The first legal move toward `target` among the straight path and, when that is
        blocked, two detours; cut at the allowance and, when the move must stop earlier, at the
        first stop point (unless `exact`: the end must be `target`). Listed when found, and
        returned."""
        straight = [(me.x, me.y), target]
        leg = self._fitted(wid, straight, speed, use, face, exact)
        if leg is not None:
            return leg
        for points in self._detours(wid, me, straight):
            leg = self._fitted(wid, points, speed, use, face, exact)
            if leg is not None:
                return leg
        return None

    def _fitted(self, wid: str, points: list[Point], speed: int, use: str | None, face: Body,
                exact: bool) -> MoveLeg | None:
        """The leg along `points` if legal, else, when only a stop point is in the way, the
        leg cut there (MK-G12)."""
        length = geo.path_length(points)
        limit = speed - MARGIN
        if length > limit:
            if exact:
                return None
            points = list(terrain.cut_path(points, limit))
        leg = self._leg(wid, points, use, face, exact)
        if leg is None:
            return None
        refusal = self._refusal(leg)
        if refusal is None:
            return leg
        if exact or refusal.rule not in STOP_RULES:
            return None
        field = self.st.field
        assert field is not None
        stop = field.first_stop(points, self.r, flight=uses_flight(self.st, wid, True),
                                aquatic=uses_aquatic(self.st, wid, True))
        if stop is None:
            return None
        leg = self._leg(wid, list(terrain.cut_path(points, stop.s)), use, face, exact)
        return leg if leg is not None and self._refusal(leg) is None else None

    def _leg(self, wid: str, points: list[Point], use: str | None, face: Body,
             exact: bool) -> MoveLeg | None:
        """The leg along `points`, rounded (None when too short to be worth it)."""
        sx, sy = points[0]
        rounded = [(nt.coord(x), nt.coord(y)) for x, y in points[1:]]
        if not rounded:
            return None
        end = rounded[-1]
        if not exact and math.hypot(end[0] - sx, end[1] - sy) < SHORTEST:
            return None
        facing = nt.angle(geo.direction(end[0], end[1], face.x, face.y))
        return MoveLeg(wid, tuple(rounded[:-1]), end, facing, use)

    def _detours(self, wid: str, me: Body, points: list[Point]) -> list[list[Point]]:
        """Two paths around what blocks the straight one: a waypoint on each side of the first
        base (or touching pair) in the way, or of the terrain piece in the way."""
        st = self.st
        if uses_flight(st, wid, True):
            return []
        captive = st.warriors[wid].captive
        bodies = [b for b in self.world.bodies if b.id != captive]
        hit = geo.path_vs_bases(points, me, bodies, st.eps,
                                path_width=str(st.option("path_width")),
                                pairs=self.world.pairs())
        if hit is not None:
            blockers = [self.world.by_id[i] for i in hit.ids]
            return _around(points, [(b.x, b.y) for b in blockers],
                           max(b.r for b in blockers) + self.r * _sweep(st) + CLEARANCE)
        field = st.field
        assert field is not None
        problem = field.path_problem(points, self.r, aquatic=uses_aquatic(st, wid, True))
        if problem is None or problem.piece is None:
            return []
        x0, y0, x1, y1 = field.piece(problem.piece).bbox
        pad = self.r + CLEARANCE
        corners = [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad),
                   (x0 - pad, y1 + pad)]
        return _around(points, corners, 0.0)

    def _refusal(self, leg: MoveLeg) -> IllegalAction | None:
        """Check a single move exactly; list it when legal."""
        global _plan_single
        if _plan_single is None:
            from grimorio.games.mage_knight.rules.movement import plan_single
            _plan_single = plan_single
        route = _plan_single(self.st, self.seat, leg, self.world, self.memo)
        if isinstance(route, IllegalAction):
            return route
        self.out.append(nt.action(nt.Move((leg,))))
        return None

    def _try(self, leg: MoveLeg) -> bool:
        """List a single move if it is legal."""
        return self._refusal(leg) is None

    # -------------------------------------------------------------------- special moves

    def _specials(self, wid: str, me: Body, nearest: Body | None) -> None:
        st = self.st
        if st.has(wid, MAGIC_LEVITATION):
            self._levitations(wid, me, nearest)
        if st.has(wid, NECROMANCY):
            self._raises(wid, me, nearest)
        if st.has(wid, REGENERATION) and st.warriors[wid].click > st.figure(wid).start:
            cmd = nt.Regenerate(wid)
            if special_moves.check_regenerate(st, self.seat, cmd) is None:
                self.out.append(nt.action(cmd))

    def _levitations(self, wid: str, me: Body, nearest: Body | None) -> None:
        """Throw a touching enemy 10 in away, its rear turned to us; carry a touching friend
        toward the nearest enemy, short of contact (MK-17.4, MK-G16)."""
        st = self.st
        for other in special_moves.touched_at_turn_start(st, wid):
            body = self.world.by_id.get(other)
            if body is None:
                continue
            if st.opposing(other, wid):
                ax, ay = body.x - me.x, body.y - me.y
                reach = geo.LEVITATION_DISTANCE - MARGIN
            elif nearest is not None and nearest.id != other:
                ax, ay = nearest.x - body.x, nearest.y - body.y
                gap = math.hypot(ax, ay) - 2 * self.r - 0.5
                reach = min(geo.LEVITATION_DISTANCE - MARGIN, gap)
            else:
                continue
            self._levitate_along(wid, body, ax, ay, reach)

    def _levitate_along(self, wid: str, body: Body, ax: float, ay: float,
                        reach: float) -> None:
        norm = math.hypot(ax, ay) or 1.0
        for share in (1.0, 0.7, 0.4):
            far = reach * share
            if far < SHORTEST:
                return
            x, y = self._clamped(body.x + ax / norm * far, body.y + ay / norm * far)
            x, y = nt.coord(x), nt.coord(y)
            facing = nt.angle(geo.angle_of(ax, ay))
            cmd = nt.Levitate(wid, body.id, x, y, facing)
            if special_moves.check_levitate(self.st, self.seat, cmd) is None:
                self.out.append(nt.action(cmd))
                return

    def _raises(self, wid: str, me: Body, nearest: Body | None) -> None:
        """Bring back the most valuable eliminated figures, touching the necromancer on the
        side of the nearest enemy, facing it (MK-18.6, MK-18.7)."""
        st = self.st
        pool = sorted((w for w in st.own_warriors(self.seat) if w.eliminated),
                      key=lambda w: (-st.figure(w.id).points, nt.wid_key(w.id)))[:RAISED_MOST]
        if not pool:
            return
        prefer = (geo.direction(me.x, me.y, nearest.x, nearest.y) if nearest is not None
                  else me.facing)
        for dead in pool:
            spots = set_down_spots(st, dead.id, me, self.world, prefer, limit=1)
            if not spots:
                return
            x, y = spots[0]
            facing = nt.angle(prefer)
            cmd = nt.Raise(wid, dead.id, x, y, facing)
            if special_moves.check_raise(st, self.seat, cmd) is None:
                self.out.append(nt.action(cmd))

    # -------------------------------------------------------------------- formations

    def formation(self) -> None:
        """The largest connected group of one faction, straight toward the nearest enemy at the
        formation's speed, front members first (MK-13.5 to MK-13.8, MK-A48)."""
        group = self._largest_group()
        if group is None:
            return
        st = self.st
        bodies = [self.world.by_id[w] for w in group]
        cx = sum(b.x for b in bodies) / len(bodies)
        cy = sum(b.y for b in bodies) / len(bodies)
        nearest = self._nearest(Body("", cx, cy, self.r, 0.0, 0.0), self.enemies)
        if nearest is None:
            return
        ux, uy = nearest.x - cx, nearest.y - cy
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        gap = norm - 2 * self.r - 1.0
        speed = formation.formation_speed(st, tuple(group))
        order = sorted(bodies, key=lambda b: -(b.x * ux + b.y * uy))
        facing = nt.angle(geo.angle_of(ux, uy))
        for share in (1.0, 0.5):
            far = min(speed - MARGIN, gap) * share
            if far < SHORTEST:
                return
            legs = tuple(MoveLeg(b.id, (), (nt.coord(b.x + ux * far), nt.coord(b.y + uy * far)),
                                 facing) for b in order)
            cmd = nt.Move(legs)
            plan = formation.plan_formation(st, self.seat, cmd, self.world)
            if not isinstance(plan, IllegalAction):
                self.out.append(nt.action(cmd))
                return

    def _largest_group(self) -> list[str] | None:
        st = self.st
        ready = [w.id for w in st.own_warriors(self.seat)
                 if w.on_table and turn.may_act(st, w.id, True) is None
                 and st.lib.factions[st.figure(w.id).faction].symbol]
        best: list[str] = []
        seen: set[str] = set()
        for start in ready:
            if start in seen:
                continue
            faction = st.figure(start).faction
            group = _component(self.world, start, [w for w in ready
                                                   if st.figure(w).faction == faction])
            seen.update(group)
            if len(group) > len(best):
                best = group
        if len(best) < formation.SMALLEST:
            return None
        return best[:formation.LARGEST]


# ------------------------------------------------------------------------------ helpers

def _sweep(st: MageKnightState) -> float:
    """1 when option `path_width=base` sweeps the whole base past figures (MK-A4), else 0."""
    return 1.0 if str(st.option("path_width")) == "base" else 0.0


def _along(me: Body, x: float, y: float, far: float) -> Point:
    dx, dy = x - me.x, y - me.y
    norm = math.hypot(dx, dy) or 1.0
    return (me.x + dx / norm * far, me.y + dy / norm * far)


def _centre(outline: Iterable[Point]) -> Point:
    points = list(outline)
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _around(points: list[Point], obstacle: list[Point], pad: float) -> list[list[Point]]:
    """Two paths from the start to the end passing the obstacle (its points widened by `pad`)
    on the left and on the right of the straight line."""
    (sx, sy), (tx, ty) = points[0], points[-1]
    dx, dy = tx - sx, ty - sy
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    nx, ny = -uy, ux
    out = []
    for side in (1.0, -1.0):
        best = max(obstacle, key=lambda p: side * ((p[0] - sx) * nx + (p[1] - sy) * ny))
        along = (best[0] - sx) * ux + (best[1] - sy) * uy
        offset = side * ((best[0] - sx) * nx + (best[1] - sy) * ny) + pad
        wx = sx + ux * along + side * nx * offset
        wy = sy + uy * along + side * ny * offset
        out.append([(sx, sy), (wx, wy), (tx, ty)])
    return out


def _component(world: World, start: str, allowed: list[str]) -> list[str]:
    """The warriors of `allowed` connected to `start` by base contact (MK-G21)."""
    eps = world.eps
    pool = {w: world.by_id[w] for w in allowed}
    group = [start]
    todo = [start]
    while todo:
        here = pool[todo.pop()]
        for wid, body in pool.items():
            if wid not in group and geo.touching(here, body, eps):
                group.append(wid)
                todo.append(wid)
    return group
