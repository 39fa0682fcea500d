"""warcraft's evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

At the end, the returns; an eliminated player, -1 (WC-1.5). Before it, each side (a player, or
a team as one side, section 15) gets a worth in rough points of "one unit":

* its VP (WC-14.1: laid Victory Point cards, fully upgraded types, Objectives and Town Halls
  held, a team's zones once, WC-A15), `VP` each, scaled to a 15-point goal (the team goal of 30
  weighs each point half) — only where VP count (WC-1.2);
* each unit on the board, `UNIT + STRENGTH * its Strength` (the top card of its stack,
  WC-10.17), and where VP count a pull towards the Objectives (the best VP / (1 + ground
  steps), so that a unit on its way is worth a little more, WC-2.8); workers (more in a Gold
  Mine or Forest that still yields, WC-8.1, WC-2.10), Necromancers, outposts (finished or
  begun) and militia at fixed values; pieces in training and Undead waiting to come back
  (WC-19.6) a little less than on the board;
* gold and wood, finished and begun buildings, upgrades, and the hand's size (only the size: the
  others' cards are unknown, WC-3.7);
* danger to its Town Hall: enemy units in it (far worse once it is marked: the next check
  eliminates, WC-7.6, WC-7.7) and next to it; its own units there lessen it;
* the scenario's goals: units near the zone to hold or enter (WC-16.6, WC-19.10), the prisoner's
  way home (WC-18.5), the special tokens destroyed (WC-17.7), the Necromancers (WC-17.10), the
  Night Elf outposts (WC-19.10) and Furion's deck (WC-A31 d).

The value of `seat` is ``tanh((worth(own side) - worth(best other side)) / SCALE)``: with two
sides exactly zero-sum (every two-player game, and the team games generic-4p and Nordrassil);
with three (The Elf Gate) a player is measured against its strongest rival. Distances on each
board are computed once and cached; one evaluation walks the zones once.
"""

from __future__ import annotations

import math
from functools import cache

from grimorio.core.state import State
from grimorio.games.warcraft import data
from grimorio.games.warcraft.model import NEUTRAL
from grimorio.games.warcraft.state import WarcraftState

VP = 1.2                 # per VP at a 15-VP goal
UNIT = 0.6               # per unit, plus STRENGTH per point of its Strength
STRENGTH = 0.25
WORKER = 0.6
GATHERER = 0.3           # per worker in a Gold Mine or Forest (half if partly depleted)
MILITIA = 0.6
NECROMANCER = 2.5
OUTPOST = 1.2
OUTPOST_BEGUN = 0.6
TRAINING = 0.8           # share of a piece's value while it trains or waits to come back
GOLD = 0.15
WOOD = 0.15
BUILDING = 0.8
BUILDING_BEGUN = 0.5
UPGRADE = 0.5            # per level above the first (besides the Strength it gives)
HAND = 0.3
OBJECTIVE_NEAR = 0.3     # per unit, times the best VP / (1 + ground steps) of an Objective
HALL_ENEMY = 2.5         # per enemy unit in the own Town Hall zone
HALL_TAKEN = 3.0         # once for any enemy unit there
HALL_MARKED = 10.0       # ... when the Town Hall is already marked (WC-7.7)
HALL_NEAR = 0.8          # per enemy unit next to the own Town Hall zone
HALL_GUARD = 0.6         # per own unit in the own Town Hall zone, up to the enemy units in
#                          and next to it (never more than the danger)
GOAL_NEAR = 1.0          # per unit, divided by 1 + its distance to a zone to hold or enter
GOAL_HOLD = 4.0          # holding that zone
RESCUE_STEP = 1.0        # per step the prisoner is closer to home than at the start
RESCUE_NEAR = 0.8        # per unit, divided by 1 + its distance to its own prisoner
TOKEN_DESTROYED = 3.0    # per special token destroyed, for the side that wants it
OUTPOST_GOAL = 3.0       # per Night Elf outpost, for and against (WC-19.10)
DECK_STEP = 0.8          # per card drawn from Furion's deck (WC-19.10)
SCALE = 10.0


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`, from -1 (lost) to 1 (won)."""
    assert isinstance(state, WarcraftState)
    st = state
    if st.is_terminal():
        return st.returns()[seat]
    if st.players[seat].eliminated:
        return -1.0
    worth = side_worths(st)
    mine = worth.pop(st.teams[seat])
    if not worth:
        return 0.0
    return math.tanh((mine - max(worth.values())) / SCALE)


def side_worths(st: WarcraftState) -> dict[int, float]:
    """The worth of every side still in the game (team index -> worth)."""
    info = _board_info(st.scenario.id)
    goals = _goals(st.scenario.id)
    players = st.players
    n = len(players)
    teams = st.teams
    values = [_unit_values(st, s) for s in range(n)]
    worth = [0.0] * n
    outposts = [0] * n
    held: dict[int, set[str]] = {}                # side -> VP zones held
    zone_vp = info.vp
    near = goals.near
    pull = info.pull_vp if goals.vp_weight else None
    if goals.rescue:
        near = _rescue(st, worth, info, near)
    resources = info.resources
    depletion = st.depletion
    for zone, sides in st.zones.items():
        gather = resources.get(zone, 0.0)
        if gather and zone in depletion:
            gather = 0.0 if depletion[zone] == "complete" else gather / 2
        for s, f in sides.items():
            if s == NEUTRAL:
                continue
            mv, rv, fv = values[s]
            units = f.melee + f.ranged + f.flying + f.militia
            worth[s] += (f.melee * mv + f.ranged * rv + f.flying * fv + f.militia * MILITIA
                         + f.workers * (WORKER + gather) + f.necromancers * NECROMANCER
                         + f.outposts * OUTPOST + f.building * OUTPOST_BEGUN)
            outposts[s] += f.outposts + f.building
            if units:
                if zone in zone_vp:
                    held.setdefault(teams[s], set()).add(zone)
                if pull is not None:
                    worth[s] += units * pull[zone]
                mine = near[s]
                if mine is not None:
                    worth[s] += units * mine[zone]
    for zone in goals.zones:
        for s, f in st.zones[zone].items():
            if s != NEUTRAL and f.units and goals.allowed[zone][s]:
                worth[s] += GOAL_HOLD
    for s, player in enumerate(players):
        if not player.eliminated:
            worth[s] += _player_worth(st, s, values[s]) - _hall_danger(st, s, info)
    if st.scenario.victory:
        _scenario_goals(st, worth, outposts, info)
    out: dict[int, float] = {}
    for s, player in enumerate(players):
        if not player.eliminated:
            out[teams[s]] = out.get(teams[s], 0.0) + worth[s]
    if goals.vp_weight:
        for side in out:
            out[side] += goals.vp_weight * (_side_card_vp(st, side)
                                            + sum(zone_vp[z] for z in held.get(side, ())))
    return out


# ---- per player ------------------------------------------------------------------------------
def _unit_values(st: WarcraftState, seat: int) -> tuple[float, float, float]:
    player = st.players[seat]
    table = _strengths(player.race)
    lv = player.levels
    return (UNIT + STRENGTH * table[0][lv.get("melee", 1) - 1],
            UNIT + STRENGTH * table[1][lv.get("ranged", 1) - 1],
            UNIT + STRENGTH * table[2][lv.get("flying", 1) - 1])


def _player_worth(st: WarcraftState, seat: int, values: tuple[float, float, float]) -> float:
    player = st.players[seat]
    value = GOLD * player.gold + WOOD * player.wood + HAND * len(player.hand)
    value += BUILDING * sum(player.buildings.values())
    value += BUILDING_BEGUN * len(player.constructing)
    value += UPGRADE * (sum(player.levels.values()) - len(player.levels))
    if player.training:
        training = player.training
        value += TRAINING * (training.get("melee", 0) * values[0]
                             + training.get("ranged", 0) * values[1]
                             + training.get("flying", 0) * values[2]
                             + training.get("workers", 0) * WORKER)
    if player.dead:
        value += TRAINING * values[0] * sum(player.dead.values())
    return value


def _side_card_vp(st: WarcraftState, side: int) -> float:
    """Laid Victory Point cards and fully upgraded types of a side's players (WC-14.1 a, b)."""
    total = 0
    cards = st.lib.experience.cards
    for s, player in enumerate(st.players):
        if st.teams[s] != side or player.eliminated:
            continue
        total += sum(cards[c].effect.amount for c in player.laid)
        tops = _tops(player.race)
        total += sum(1 for k, top in tops if player.levels.get(k, 1) >= top)
    return float(total)


def _hall_danger(st: WarcraftState, seat: int, info: BoardInfo) -> float:
    """Enemy units in and next to the player's Town Hall zone (WC-7.6, WC-7.7)."""
    hall = st.players[seat].town_hall
    if hall is None:
        return 0.0
    inside = st.enemy_units(hall, seat)
    danger = 0.0
    if inside:
        danger += HALL_ENEMY * inside + (HALL_MARKED if hall in st.marks else HALL_TAKEN)
    near = sum(st.enemy_units(z, seat) for z in info.adjacent[hall])
    if near or inside:
        danger += HALL_NEAR * near
        danger -= min(danger, HALL_GUARD * min(near + inside, st.side_units(hall, seat)))
    return danger


# ---- scenario goals --------------------------------------------------------------------------
def _scenario_goals(st: WarcraftState, worth: list[float], outposts: list[int],
                    info: BoardInfo) -> None:
    """The special victory kinds of the scenario files (sections 16 to 19)."""
    for clause in st.scenario.victory:
        kind = clause.kind
        if kind == "destroy_tokens":
            destroyed = sum(1 for t in st.tokens if not t.alive and t.zone in clause.zones)
            for s in _winners(st, clause):
                worth[s] += TOKEN_DESTROYED * destroyed
        elif kind == "destroy_outpost":
            target = st.seat_of_race(clause.race or "")
            if target is not None:
                worth[target] += OUTPOST_GOAL * outposts[target]
                for s in _winners(st, clause):
                    worth[s] -= OUTPOST_GOAL * outposts[target]
        elif kind == "deck_exhausted":
            owner = st.seat_of_race(clause.race or "")
            if owner is not None:
                drawn = st.lib.experience.deck_size.value - len(st.players[owner].deck)
                winners = _winners(st, clause)
                for s in winners:
                    worth[s] += DECK_STEP * drawn / len(winners)


def _winners(st: WarcraftState, clause: data.Clause) -> list[int]:
    return [s for s, p in enumerate(st.players)
            if not p.eliminated and (not clause.winners or p.race in clause.winners)]


def _rescue(st: WarcraftState, worth: list[float], info: BoardInfo,
            near: list[dict[str, float] | None]) -> list[dict[str, float] | None]:
    """Each leader's way home (WC-18.4, WC-18.5); returns the nearness maps with the
    rescuers' pull towards their leader's zone."""
    out = list(near)
    for token in st.tokens:
        if token.kind != "prisoner" or not token.alive or token.race is None:
            continue
        seat = st.seat_of_race(token.race)
        if seat is None or st.players[seat].eliminated:
            continue
        hall = st.players[seat].town_hall
        if hall is None:
            continue
        start = next((t.zone for t in st.scenario.tokens if t.kind == "prisoner"
                      and t.race == token.race), token.zone)
        steps = info.dist[hall]
        worth[seat] += RESCUE_STEP * (steps.get(start, 0) - steps.get(token.zone, 0))
        pull = info.pull[token.zone]
        mine = out[seat]
        out[seat] = pull if mine is None else {z: v + pull[z] for z, v in mine.items()}
    return out


# ---- cached tables ---------------------------------------------------------------------------
class BoardInfo:
    """A scenario board's VP per zone, adjacency and all distances (ignoring terrain)."""

    __slots__ = ("adjacent", "dist", "near", "pull", "pull_vp", "resources", "vp")

    def __init__(self, board: data.Board) -> None:
        self.vp = {z.id: (data.TOWN_HALL_VP if z.type == "town_hall" else z.vp)
                   for z in board.zones.values()
                   if z.type == "town_hall" or z.vp}
        self.resources = {z.id: GATHERER for z in board.zones.values() if z.is_resource}
        self.adjacent = {z.id: tuple(sorted(z.adjacent)) for z in board.zones.values()}
        self.dist = {z: board.distances(z) for z in board.zones}
        self.near = {z: {o: 1.0 / (1 + d.get(o, 20)) for o in board.zones}
                     for z, d in self.dist.items()}
        self.pull = {z: {o: RESCUE_NEAR * v for o, v in near.items()}
                     for z, near in self.near.items()}
        objectives = [z for z in board.zones.values() if z.type == "objective" and z.vp]
        ground = {o.id: board.distances(o.id, lambda z: z.type != "mountain")
                  for o in objectives}
        self.pull_vp = {z: OBJECTIVE_NEAR * max((o.vp / (1 + ground[o.id].get(z, 20))
                                                 for o in objectives), default=0.0)
                        for z in board.zones}


class Goals:
    """Where a scenario's zone goals are, who may reach for them, each seat's nearness to them
    per zone (None without such goals), and the VP weight."""

    __slots__ = ("allowed", "near", "rescue", "vp_weight", "zones")

    def __init__(self, sc: data.Scenario, info: BoardInfo) -> None:
        clauses = [c for c in sc.victory if c.kind in ("hold_zone", "unit_in_zone") and c.zone]
        races = [s.race for s in sc.seats]
        self.zones = tuple(c.zone for c in clauses if c.zone)
        self.allowed = {c.zone: [not c.winners or r in c.winners for r in races]
                        for c in clauses if c.zone}
        self.near: list[dict[str, float] | None] = []
        for seat in range(len(races)):
            mine = [g for g in self.zones if self.allowed[g][seat]]
            self.near.append({z: GOAL_NEAR * sum(info.near[g][z] for g in mine)
                              for z in info.adjacent} if mine else None)
        self.rescue = any(c.kind == "rescue" for c in sc.victory)
        goal = next((c for c in sc.victory if c.kind == "vp"), None)
        self.vp_weight = VP * 15 / goal.points if sc.uses_vp and goal else 0.0


@cache
def _board_info(scenario_id: str) -> BoardInfo:
    return BoardInfo(data.scenario(scenario_id).board)


@cache
def _goals(scenario_id: str) -> Goals:
    return Goals(data.scenario(scenario_id), _board_info(scenario_id))


@cache
def _strengths(race: str) -> tuple[tuple[int, ...], ...]:
    units = data.library().races[race].units
    return tuple(tuple(c.strength.value for c in units[k].cards) for k in data.UNIT_TYPES)


@cache
def _tops(race: str) -> tuple[tuple[str, int], ...]:
    units = data.library().races[race].units
    return tuple((k, units[k].top_level.value) for k in data.UNIT_TYPES)
