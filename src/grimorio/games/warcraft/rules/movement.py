"""The Movement phase (section 6) and its end (WC-7.1 to WC-7.5).

A move takes pieces of one kind from one zone to a zone they can reach: `move <from> <to>
<kind>=<n>` (kinds melee, ranged, flying, workers, necromancers; `prisoner=1` brings the
scenario's prisoner along, WC-18.4). Each piece moves once per phase along one path (WC-A4);
moving the kinds one after another reaches every combination a joint move would. A destination
is listed when some path fits the piece's range and every restriction: Mountains (WC-6.4),
encounters (WC-6.5), the worker restriction (WC-6.6, WC-A5), walls (WC-18.3), impassable zones
(WC-19.9), sealed Town Halls (WC-9.5) and stacking where the piece comes to rest (WC-5.5, WC-A3).

Frames: `MovementPhase` runs the opening card windows (Haste, Cripple), the moves (`MoveAsk`),
the Town Portal window, the combats (COMBAT's `combat.push_combats`) and the end of movement:
defenseless pieces (WC-7.4), Call to Arms ending (WC-A34) and scenario checks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.model import NEUTRAL, UNIT_KINDS
from grimorio.games.warcraft.rules import scenarios, turn

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

MOVERS = ("melee", "ranged", "flying", "workers", "necromancers")
DONE = act("done")
STACK = 3       # WC-5.1, WC-5.2 (constants.yaml stacking; checked against it in the tests)


def name(seat: int) -> str:
    return f"P{seat + 1}"


# ---------------------------------------------------------------------------- reach

def base_range(st: WarcraftState, kind: str) -> int:
    """1 zone for melee and ranged units, 2 for flyers and workers (WC-6.2); Necromancers as
    their scenario rule says (WC-17.3)."""
    if kind == "necromancers":
        return next((c.moves for c in st.scenario.rules_of("necromancers")), 2)
    key = "worker" if kind == "workers" else kind
    return int(st.lib.constants.movement[key].value)


def move_range(st: WarcraftState, seat: int, zone: str, kind: str) -> int:
    """The range after Haste (+2, at most 3) and Cripple (-1, at least 0): WC-13.17, WC-13.21,
    WC-A19."""
    reach = base_range(st, kind)
    mods = st.move_mods.get((seat, zone), frozenset())
    if "haste" in mods:
        reach = min(3, reach + 2)
    if "cripple" in mods:
        reach = max(0, reach - 1)
    return reach


def can_enter(st: WarcraftState, seat: int, kind: str, here: str, there: str) -> bool:
    """Whether a piece may step from `here` into `there` at all."""
    if st.board.zones[there].type == "mountain" and kind != "flying":
        return False                                          # WC-6.4
    if not scenarios.may_step(st, seat, kind, here, there):   # walls, impassable zones
        return False
    if kind in ("workers", "necromancers") and st.enemy_presence(there, seat):
        return st.units(there, seat) > 0                      # WC-6.6
    return True


def halts(st: WarcraftState, seat: int, zone: str) -> bool:
    """A piece stops in the first zone it enters holding an enemy unit, worker, Necromancer or
    outpost (WC-6.5 for units; WC-6.7, WC-A5 for workers)."""
    return st.enemy_presence(zone, seat)


def reachable(st: WarcraftState, seat: int, start: str, kind: str) -> set[str]:
    """Every zone a piece of `kind` in `start` can end its move in (stacking aside)."""
    return _Reach(st, seat).reachable(start, kind)


class _Reach:
    """`reachable` and `room` for one side on one position, answering many questions at once:
    the zones are surveyed once (enemy presence, the side's units and workers), and pieces that
    step alike (same range, same restrictions) share their answer. It applies `can_enter`,
    `halts`, `move_range` and `room` exactly."""

    __slots__ = ("closed", "enemy", "found", "necros", "own", "ranges", "seat", "st", "units",
                 "walled_kinds", "workers")

    def __init__(self, st: WarcraftState, seat: int) -> None:
        self.st, self.seat = st, seat
        enemy: set[str] = set()                 # st.enemy_presence(z, seat)
        units: dict[str, int] = {}              # st.side_units(z, seat)
        workers: dict[str, int] = {}            # st.side_workers(z, seat)
        necros: set[str] = set()                # the side's own Necromancers
        own: list[str] = []                     # zones with the side's own pieces
        teams = st.teams
        team = None if seat == NEUTRAL else teams[seat]
        for z, sides in st.zones.items():
            if not sides:
                continue
            if seat in sides:
                own.append(z)
            for s, f in sides.items():
                if s == seat or (team is not None and s != NEUTRAL and teams[s] == team):
                    units[z] = units.get(z, 0) + f.units            # st.allied(s, seat)
                    workers[z] = workers.get(z, 0) + f.workers + f.necromancers
                    if s == seat and f.necromancers:
                        necros.add(z)
                elif not f.empty:
                    enemy.add(z)
        self.enemy, self.units, self.workers, self.necros = enemy, units, workers, necros
        self.own = own
        self.walled_kinds = frozenset(k for c in scenarios.clauses(st, "walls_block")
                                      for k in c.unit_types)
        self.closed = bool(scenarios.clauses(st, "empty_zones_impassable"))   # WC-19.9
        self.ranges: dict[tuple[str, str], int] = {}
        self.found: dict[tuple[str, int, bool, bool, bool], tuple[str, ...]] = {}

    def reachable(self, start: str, kind: str) -> set[str]:
        return set(self.reach(start, kind))

    def reach(self, start: str, kind: str) -> tuple[str, ...]:
        """The zones, sorted."""
        st = self.st
        steps = self.ranges.get((start, kind))
        if steps is None:
            steps = self.ranges[start, kind] = move_range(st, self.seat, start, kind)
        flying = kind == "flying"                                      # WC-6.4
        walls = kind in self.walled_kinds                              # WC-18.3
        workers = kind in ("workers", "necromancers")                  # WC-6.6
        key = (start, steps, flying, walls, workers)
        known = self.found.get(key)
        if known is not None:
            return known
        board = st.board
        zones = board.zones
        closed = self.closed
        enemy = self.enemy
        found: set[str] = set()
        frontier = [start]
        for _ in range(steps):
            nxt = []
            for here in frontier:
                for there in zones[here].adjacent:
                    if there == start or there in found:
                        continue
                    kind_of = zones[there].type
                    if (kind_of == "mountain" and not flying) \
                            or (walls and board.walled(here, there)) \
                            or (closed and kind_of == "empty") \
                            or (workers and there in enemy and not st.units(there, self.seat)):
                        continue
                    found.add(there)
                    if there not in enemy:
                        nxt.append(there)
            frontier = nxt
        self.found[key] = result = tuple(sorted(found))
        return result

    def room(self, zone: str, kind: str) -> int:
        if kind == "necromancers":
            return 0 if zone in self.necros else min(1, STACK - self.workers.get(zone, 0))
        if kind == "workers":
            return max(0, STACK - self.workers.get(zone, 0))
        return max(0, STACK - self.units.get(zone, 0))


def room(st: WarcraftState, seat: int, zone: str, kind: str) -> int:
    """How many pieces of `kind` the side may still bring to rest in `zone` (section 5, WC-15.4,
    WC-A3): 3 units and 3 workers, Necromancers counted as workers (WC-A29), and Necromancers
    never together (WC-17.3)."""
    if kind == "necromancers":
        if any(f.necromancers for s, f in st.zones[zone].items() if s == seat):
            return 0
        return min(1, STACK - st.side_workers(zone, seat))
    if kind == "workers":
        return max(0, STACK - st.side_workers(zone, seat))
    return max(0, STACK - st.side_units(zone, seat))


# ---------------------------------------------------------------------------- options

_MOVED = tuple((kind, f"moved_{kind}") for kind in MOVERS)


def move_options(st: WarcraftState, seat: int) -> list[WCAction]:
    out: list[WCAction] = []
    reach = _Reach(st, seat)
    race = st.players[seat].race
    zones, sealed, moves = st.zones, st.sealed, _MOVES
    for zone in sorted(reach.own):
        if zone in sealed:
            continue
        force = zones[zone][seat]
        carry = prisoner_at(st, zone, race) is not None if st.tokens else False
        for kind, moved in _MOVED:
            free = getattr(force, kind) - getattr(force, moved)     # Force.free, inlined
            if not free:
                continue
            with_prisoner = carry and kind in UNIT_KINDS
            # reach.room, inlined but for the Necromancers
            used = reach.units if kind in UNIT_KINDS else reach.workers
            for dest in reach.reach(zone, kind):
                if kind == "necromancers":
                    most = min(free, reach.room(dest, kind))
                else:
                    most = min(free, STACK - used.get(dest, 0))
                if most > 0:
                    key = (zone, dest, kind, most, with_prisoner)
                    made = moves.get(key)
                    out += made if made is not None else _move_actions(*key)
    return out


_MOVES: dict[tuple[str, str, str, int, bool], tuple[WCAction, ...]] = {}


def _move_actions(frm: str, to: str, kind: str, most: int, carry: bool
                  ) -> tuple[WCAction, ...]:
    """`move <frm> <to> <kind>=<n>` for n = 1..most, each followed by its `prisoner=1` twin
    when the group may carry the prisoner; kept once made (the lists repeat)."""
    key = (frm, to, kind, most, carry)
    found = _MOVES.get(key)
    if found is None:
        made = []
        for n in range(1, most + 1):
            made.append(act("move", frm, to, **{kind: n}))
            if carry:
                made.append(act("move", frm, to, **{kind: n}, prisoner=1))
        found = _MOVES[key] = tuple(made)
    return found


def prisoner_at(st: WarcraftState, zone: str, race: str) -> int | None:
    """The index of a prisoner token of `race` in `zone` (WC-18.4)."""
    return next((i for i, t in enumerate(st.tokens)
                 if t.kind == "prisoner" and t.zone == zone and t.race == race), None)


# ---------------------------------------------------------------------------- carrying out

def parse_move(text: str) -> tuple[str, str, str, int, bool]:
    words = text.split()
    kind, n = next((w.split("=")[0], int(w.split("=")[1])) for w in words[3:]
                   if w.split("=")[0] in MOVERS)
    return words[1], words[2], kind, n, "prisoner=1" in words


def do_move(st: WarcraftState, seat: int, action: WCAction) -> None:
    """Carry out a listed move (WC-6.1 to WC-6.3)."""
    frm, to, kind, n, prisoner = parse_move(action.text)
    source = st.force(frm, seat)
    lost = max(0, n - (source.free(kind) - source.building)) if kind == "workers" else 0
    source.add(kind, -n)
    target = st.force(to, seat)
    target.add(kind, n)
    target.add(f"moved_{kind}", n)
    if lost:
        source.building -= lost
        _outposts_lost(st, seat, frm, lost)
    st.prune(frm)
    st.emit("move", "WC-6.2", Text(f"{name(seat)} moves {n} {kind} from {frm} to {to}.",
                                   f"{name(seat)} mueve {n} {_ES[kind]} de {frm} a {to}."),
            seat=seat, frm=frm, to=to, piece=kind, n=n)
    if prisoner:
        _carry(st, seat, frm, to)
    if kind in UNIT_KINDS:
        _entered(st, seat, to)


_ES = {"melee": "cuerpo a cuerpo", "ranged": "a distancia", "flying": "voladoras",
       "workers": "trabajadores", "necromancers": "nigromantes"}


def _outposts_lost(st: WarcraftState, seat: int, zone: str, n: int) -> None:
    """A builder that walks away ruins its outpost; the marker goes back (WC-10.14, WC-A8)."""
    st.emit("outpost-lost", "WC-10.14",
            Text(f"{name(seat)}'s builder leaves: {n} unfinished outpost(s) in {zone} lost.",
                 f"El constructor de {name(seat)} se va: se pierde(n) {n} puesto(s) sin "
                 f"terminar en {zone}."), seat=seat, zone=zone, n=n)


def _carry(st: WarcraftState, seat: int, frm: str, to: str) -> None:
    """The prisoner travels with the unit (WC-18.4); reaching home frees it (WC-18.5)."""
    from grimorio.games.warcraft.rules import scenarios

    index = prisoner_at(st, frm, st.players[seat].race)
    assert index is not None
    tokens = list(st.tokens)
    tokens[index] = replace(tokens[index], zone=to)
    st.tokens = tuple(tokens)
    st.emit("prisoner", "WC-18.4", Text(f"The prisoner goes along to {to}.",
                                        f"El prisionero va con ellos a {to}."), zone=to)
    scenarios.prisoner_moved(st, seat, to)


def _entered(st: WarcraftState, mover: int, zone: str) -> None:
    """An enemy unit walked in on workers: their owners may answer with Call to Arms
    (WC-6.11, WC-13.5). COMBAT's card reads the zone from `st.memo["entered"]`."""
    owners = [s for s, f in st.zones[zone].items()
              if s != NEUTRAL and f.workers and st.enemies(s, mover)]
    if owners:
        st.memo["entered"] = [zone, mover]
        turn.push_windows(st, tuple((s, "enemy_enters_workers_zone") for s in owners))


# ---------------------------------------------------------------------------- frames

@dataclass(slots=True)
class MoveAsk(Ask):
    """The mover moves a group or declares his movement over (WC-6.1)."""

    seat: int
    rule = "WC-6.1"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [*move_options(st, self.seat), DONE]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        if action == DONE:
            st.frames.pop()
            return
        do_move(st, self.seat, action)


OPENING, MOVES, PORTAL, COMBATS, RESPAWN, CLOSE = range(6)


@dataclass(slots=True)
class MovementPhase(Frame):
    """One player's Movement phase and its end (section 6, WC-7.1 to WC-7.5)."""

    seat: int
    stage: int = OPENING
    rule = "WC-6.1"

    def step(self, st: WarcraftState) -> None:
        stage, self.stage = self.stage, self.stage + 1
        if stage == OPENING:
            clear_moves(st)
            turn.push_windows(st, turn.others_first(st, self.seat, "opponent_movement_start",
                                                    "own_movement_start"))
        elif stage == MOVES:
            st.frames.append(MoveAsk(self.seat))
        elif stage == PORTAL:
            st.memo.pop("entered", None)
            turn.push_windows(st, turn.others_first(st, self.seat, "movement_end_before_combat",
                                                    "movement_end_before_combat"))
        elif stage == COMBATS:
            push_combats(st, self.seat)
        elif stage == RESPAWN:
            from grimorio.games.warcraft.rules import scenarios

            scenarios.after_combat(st)
        else:
            st.frames.pop()
            end_of_movement(st, self.seat)


def clear_moves(st: WarcraftState) -> None:
    for sides in st.zones.values():
        for force in sides.values():
            force.clear_moves()


def push_combats(st: WarcraftState, mover: int) -> None:
    """Every contested zone is fought, in the mover's order (WC-7.1 to WC-7.3):
    rules/combat.py."""
    from grimorio.games.warcraft.rules import combat

    combat.push_combats(st, mover)


def end_of_movement(st: WarcraftState, mover: int) -> None:
    """After the combats: defenseless pieces (WC-7.4), called workers go back to work (WC-A34),
    seals lift where the fight is over (WC-9.5), then the scenario's checks."""
    from grimorio.games.warcraft.rules import scenarios

    defenseless(st)
    for zone, sides in st.zones.items():
        for force in sides.values():
            force.workers, force.militia = force.workers + force.militia, 0
        if zone in st.sealed and not st.contested(zone):
            st.sealed = st.sealed - {zone}
    clear_moves(st)
    scenarios.end_of_movement(st, mover)


def defenseless(st: WarcraftState) -> None:
    """Workers, Necromancers and outposts (finished or not, builders included) standing with
    enemy units and no unit of their own side are wiped out and go back to the reserve
    (WC-7.4, WC-17.3, WC-A8)."""
    for zone in sorted(st.zones):
        sides = st.zones[zone]
        for seat, force in list(sides.items()) if len(sides) > 1 else ():
            if force.units or not st.enemy_units(zone, seat) or st.side_units(zone, seat):
                continue
            lost = (force.workers, force.necromancers, force.outposts + force.building)
            if any(lost):
                _wipe(st, zone, seat, lost)
        st.prune(zone)


def _wipe(st: WarcraftState, zone: str, seat: int, lost: tuple[int, int, int]) -> None:
    from grimorio.games.warcraft.rules import scenarios

    force = st.force(zone, seat)
    force.workers = force.necromancers = force.outposts = force.building = 0
    workers, necros, outposts = lost
    rule = "WC-17.3" if necros and not workers else "WC-7.4"
    st.emit("defenseless", rule,
            Text(f"Defenseless in {zone}: {name(seat)} loses {workers} worker(s), "
                 f"{outposts} outpost(s) and {necros} Necromancer(s).",
                 f"Indefensos en {zone}: {name(seat)} pierde {workers} trabajador(es), "
                 f"{outposts} puesto(s) y {necros} nigromante(s)."),
            zone=zone, seat=seat, workers=workers, outposts=outposts, necromancers=necros)
    if outposts:
        scenarios.outpost_destroyed(st, seat, zone)
    if necros:
        scenarios.necromancer_died(st, seat)
