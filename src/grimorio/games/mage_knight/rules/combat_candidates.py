"""Candidate combat actions for the turn's decision (an OpenAsk lists useful legal actions).

For the active player's warriors that may act: each single shot at each target in reach, the
multiple-target shot with the most targets (the nearest ones, and the weakest ones when they
differ), Magic Blast and Flame/Lightning where they show, Shockwave (with and without a declared
enhancement), Magic Healing and Healing on damaged friends, each close attack with its capture
and Weapon Master variants, and ranged and close formations with the largest member sets.
Every candidate is built through the same plans as `combat.check`, so each one is legal.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.notation import MKAction, wid_key
from grimorio.games.mage_knight.rules import abilities as ab
from grimorio.games.mage_knight.rules import close, ranged, turn
from grimorio.games.mage_knight.rules.plan import combat_barrier, mixed_steep, ranged_barrier

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

MAX_RANGED_FORMATION = 5
MAX_CLOSE_FORMATION = 3


class _Table:
    """What the candidates of one position share: who may act, who may be targeted."""

    def __init__(self, st: MageKnightState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.actors = [w.id for w in st.own_warriors(seat)
                       if turn.may_act(st, w.id, True) is None]
        placed = [w for w in st.placed_warriors() if w.captor is None]
        self.enemies = [w.id for w in placed if st.opposing(w.owner, seat)]
        self.friends = [w.id for w in placed if st.friendly(w.owner, seat)]
        walls = st.field.of_kind("low_wall") if st.field is not None else ()
        self.reach = 2 * st.radius + 2 * st.eps + max((w.thickness for w in walls),
                                                     default=0.0)
        self.shots: dict[str, list[str]] = {}     # shooter -> targets it may shoot now
        self.fights: dict[str, list[str]] = {}    # attacker -> enemies its front arc reaches

    def shootable(self, shooter: str) -> list[str]:
        found = self.shots.get(shooter)
        if found is None:
            found = self.shots[shooter] = self._shootable(shooter)
        return found

    def _shootable(self, shooter: str) -> list[str]:
        st = self.st
        if ranged_barrier(st, shooter) is not None:
            return []
        return [target for target in self.enemies if self.in_reach(shooter, target)
                and not isinstance(ranged.aim(st, shooter, target), IllegalAction)]

    def in_reach(self, shooter: str, target: str) -> bool:
        """Within range and in the front arc (MK-8.3, MK-G9, MK-G10): a cheap first test."""
        s, t = self.st.body(shooter), self.st.body(target)
        return (geo.in_range(s, t.x, t.y, self.st.figure(shooter).range)
                and geo.lof_in_front_arc(s, t.x, t.y))

    def fightable(self, attacker: str) -> list[str]:
        found = self.fights.get(attacker)
        if found is None:
            found = self.fights[attacker] = self._fightable(attacker)
        return found

    def _fightable(self, attacker: str) -> list[str]:
        st = self.st
        if combat_barrier(st, attacker) is not None:
            return []
        a = st.body(attacker)
        out = []
        for target in self.enemies:
            t = st.body(target)
            if math.hypot(t.x - a.x, t.y - a.y) > self.reach:
                continue
            if close.reach(st, attacker, target) is None:
                out.append(target)
        return out


def candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """Every candidate combat action of `seat` now (module docstring)."""
    if st.phase != "play" or st.active != seat or st.players[seat].actions_left <= 0:
        return []
    table = _Table(st, seat)
    cmds: list[nt.Command] = []
    for wid in table.actors:
        cmds += _ranged(table, wid)
        cmds += _close(table, wid)
    cmds += _ranged_formations(table)
    out: list[MKAction] = []
    for cmd in dict.fromkeys(cmds):
        out.append(nt.action(cmd))
    return out


def _legal(st: MageKnightState, seat: int, cmd: nt.Command) -> bool:
    from grimorio.games.mage_knight.rules import combat

    return combat.check(st, seat, cmd) is None


# ------------------------------------------------------------------------------ ranged

def _ranged(table: _Table, wid: str) -> list[nt.Command]:
    st = table.st
    if ranged_barrier(st, wid) is not None:
        return []
    targets = table.shootable(wid)
    out: list[nt.Command] = [nt.Shoot(wid, (t,)) for t in targets]
    out += _multiple(table, wid, targets)
    if st.has(wid, ab.FLAME):
        out += [nt.Shoot(wid, (t,), use=ranged.FLAME_USE) for t in targets
                if any(st.warriors[o].captor is None and o != wid for o in st.touching(t))]
    if st.has(wid, ab.MAGIC_BLAST):
        out += _magic_blasts(table, wid, targets)
    if st.has(wid, ab.SHOCKWAVE):
        out += _shockwaves(table, wid)
    if st.has(wid, ab.MAGIC_HEALING):
        out += [cmd for cmd in (nt.Heal(wid, f, magic=True) for f in _hurt(table, wid))
                if _legal(st, table.seat, cmd)]
    return out


def _magic_blasts(table: _Table, wid: str, targets: list[str]) -> list[nt.Command]:
    """Magic Blast at each target in reach, blocked lines included, Magic Immune ones not
    (MK-19.3, MK-A41)."""
    st = table.st
    out: list[nt.Command] = []
    for target in table.enemies:
        cmd = nt.Shoot(wid, (target,), use=ranged.MAGIC_BLAST_USE)
        if target in targets:
            if not st.has(target, ab.MAGIC_IMMUNITY):
                out.append(cmd)
        elif table.in_reach(wid, target) and _legal(st, table.seat, cmd):
            out.append(cmd)
    return out


def _multiple(table: _Table, wid: str, targets: list[str]) -> list[nt.Command]:
    """The shot with the most targets: the nearest ones, and the weakest ones if different
    (MK-8.8)."""
    st = table.st
    arrows = min(st.figure(wid).targets, len(targets))
    if arrows < 2:
        return []
    s = st.body(wid)
    nearest = sorted(targets, key=lambda t: (geo.distance(s.x, s.y, st.body(t).x,
                                                          st.body(t).y), wid_key(t)))
    weakest = sorted(targets, key=lambda t: (st.click_of(t).defense, wid_key(t)))
    picks = {tuple(sorted(group[:arrows], key=wid_key)) for group in (nearest, weakest)}
    return [nt.Shoot(wid, pick) for pick in sorted(picks)]


def _shockwaves(table: _Table, wid: str) -> list[nt.Command]:
    """Shockwave when it strikes at least one opposing figure, also enhanced when an enhancer
    touches the shooter (MK-19.5, MK-A49)."""
    st = table.st
    plan = ranged.plan_shockwave(st, wid, use=None, members=())
    if isinstance(plan, IllegalAction) or not any(st.opposing(s.wid, wid)
                                                  for s in plan.strikes):
        return []
    out: list[nt.Command] = [nt.Shoot(wid, shockwave=True)]
    if ab.enhancer(st, wid) is not None:
        out.append(nt.Shoot(wid, shockwave=True, use=ranged.ENHANCE_USE))
    return out


def _hurt(table: _Table, wid: str) -> list[str]:
    """Friendly figures other than `wid` below their starting click (worth healing)."""
    st = table.st
    return [f for f in table.friends
            if f != wid and st.warriors[f].click > st.figure(f).start]


def _ranged_formations(table: _Table) -> list[nt.Command]:
    """For each target, each group of faction mates that can all shoot it and hang together
    (MK-13.11 to MK-13.13): led by its strongest shooter, with up to four others taken
    breadth first through base contact. Built from checked parts; only the steep-terrain rule
    (MK-16.9) is left to test."""
    st = table.st
    shooters = [wid for wid in table.actors if table.shootable(wid)
                and st.lib.factions[st.figure(wid).faction].symbol]
    out: list[nt.Command] = []
    for target in table.enemies:
        able = [wid for wid in shooters if target in table.shootable(wid)]
        if len(able) < 3:
            continue
        done: set[str] = set()
        for lead in sorted(able, key=lambda x: (-st.click_of(x).attack, wid_key(x))):
            if lead in done:
                continue
            mates = [m for m in able if m != lead and _same_faction(st, lead, m)]
            group = _connected_group(st, lead, mates, MAX_RANGED_FORMATION)
            done.update(_component(st, lead, mates))
            if len(group) >= 3 and not mixed_steep(st, tuple(group)):
                out.append(nt.Shoot(lead, (target,),
                                    members=tuple(sorted(group[1:], key=wid_key))))
    return out


def _component(st: MageKnightState, wid: str, others: list[str]) -> list[str]:
    """`wid` and every one of `others` connected to it through base contact."""
    return _connected_group(st, wid, others, len(others) + 1)


def _connected_group(st: MageKnightState, wid: str, others: list[str], most: int) -> list[str]:
    """`wid` then up to `most - 1` of `others`, taken breadth first through base contact, so
    that the group is connected (MK-G21)."""
    group = [wid]
    pool = set(others)
    queue = [wid]
    while queue and len(group) < most:
        here = queue.pop(0)
        for other in st.touching(here):
            if other in pool and len(group) < most:
                pool.discard(other)
                group.append(other)
                queue.append(other)
    return group


def _same_faction(st: MageKnightState, a: str, b: str) -> bool:
    return st.figure(a).faction == st.figure(b).faction


# ------------------------------------------------------------------------------ close

def _close(table: _Table, wid: str) -> list[nt.Command]:
    st = table.st
    if combat_barrier(st, wid) is not None:
        return []
    out: list[nt.Command] = []
    weapon_master = st.has(wid, ab.WEAPON_MASTER)
    for target in table.fightable(wid):
        out.append(nt.Fight(wid, target))
        if weapon_master:
            out.append(nt.Fight(wid, target, use="weapon_master"))
        capture = nt.Fight(wid, target, capture=True)
        if _legal(st, table.seat, capture):
            out.append(capture)
        out += _close_formation(table, wid, target, weapon_master)
    if st.has(wid, ab.HEALING):
        out += [cmd for cmd in (nt.Heal(wid, f) for f in _hurt(table, wid)
                                if _near(table, wid, f)) if _legal(st, table.seat, cmd)]
    return out


def _near(table: _Table, a: str, b: str) -> bool:
    st = table.st
    x, y = st.body(a), st.body(b)
    return math.hypot(x.x - y.x, x.y - y.y) <= table.reach


def _close_formation(table: _Table, wid: str, target: str,
                     weapon_master: bool) -> list[nt.Command]:
    """The largest close formation (2 or 3) of faction mates whose front arcs touch the
    target (MK-13.16), with its capture and Weapon Master variants."""
    st = table.st
    if not st.lib.factions[st.figure(wid).faction].symbol:
        return []
    mates = [m for m in table.actors if m != wid and _same_faction(st, wid, m)
             and target in table.fightable(m)]
    if not mates:
        return []
    out: list[nt.Command] = []
    for group in itertools.islice(itertools.combinations(sorted(mates, key=wid_key),
                                                         min(2, len(mates))), 1):
        members = tuple(group)
        attack = nt.Fight(wid, target, members=members)
        if not _legal(st, table.seat, attack):      # steep terrain may still split it
            continue
        out.append(attack)
        if weapon_master:
            out.append(nt.Fight(wid, target, members=members, use="weapon_master"))
        capture = nt.Fight(wid, target, members=members, capture=True)
        if _legal(st, table.seat, capture):
            out.append(capture)
    return out
