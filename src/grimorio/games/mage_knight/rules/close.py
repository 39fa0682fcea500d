"""Close combat plans: single attacks, captures, close formations and Healing (MK-9.1 to
MK-9.5, MK-12.1 to MK-12.13, MK-13.16 to MK-13.18, MK-15.11, MK-15.12, MK-16.6, MK-16.8,
MK-19.1, MK-19.2).

Base contact for close combat includes two figures on opposite sides of a low wall (MK-16.6,
MK-G17, MK-A10); arc tests then use the directions between the centres (MK-G5). Each `plan_*`
returns the first `IllegalAction` or the `Plan` that `combat.resolve` rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.rules import abilities as ab
from grimorio.games.mage_knight.rules.plan import (
    BY_D6,
    BY_VALUE,
    CLOSE,
    HEAL,
    Plan,
    body,
    combat_barrier,
    defense_parts,
    healing_defense,
    height_advantage,
    member_barrier,
    mixed_steep,
    refuse,
    steep_piece,
    target_barrier,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.geometry import Body
    from grimorio.games.mage_knight.state import MageKnightState


# ------------------------------------------------------------------------------ contact

def adjacent(st: MageKnightState, a: Body, b: Body) -> bool:
    """In base contact for close combat: touching (MK-G4), or adjacent across a low wall
    (MK-16.6, MK-G17, MK-A10)."""
    if geo.touching(a, b, st.eps):
        return True
    field = st.field
    if field is None or geo.gap(a, b) > 2.0 * st.eps + _thickest_wall(st):
        return False
    return field.across_wall(a, b) is not None


def _thickest_wall(st: MageKnightState) -> float:
    walls = st.field.of_kind("low_wall") if st.field is not None else ()
    return max((w.thickness for w in walls), default=-1.0)


def front_contact(st: MageKnightState, a: Body, b: Body) -> bool:
    """A's front arc touches B (MK-9.1, MK-G5), across a low wall too (MK-A10)."""
    return geo.in_front_arc(a, geo.direction(a.x, a.y, b.x, b.y)) and adjacent(st, a, b)


def rear_contact(st: MageKnightState, a: Body, b: Body) -> bool:
    """A touches B's rear arc (MK-9.3, MK-G5, MK-A2), across a low wall too (MK-A10)."""
    return geo.in_rear_arc(b, geo.direction(b.x, b.y, a.x, a.y)) and adjacent(st, a, b)


def reach(st: MageKnightState, actor: str, target: str) -> IllegalAction | None:
    """`actor`'s front arc touches `target` (MK-9.1), and the two are not split by the edge
    of steep elevated terrain (MK-16.8)."""
    a, t = body(st, actor), body(st, target)
    if not front_contact(st, a, t):
        return refuse("MK-9.1", f"{actor}'s front arc does not touch {target}.",
                      f"El arco frontal de {actor} no toca a {target}.")
    if steep_piece(st, actor) != steep_piece(st, target):
        return refuse("MK-16.8", f"{actor} and {target} are split by the edge of steep "
                      "terrain: no close combat.", f"{actor} y {target} están separados por el "
                      "borde de un terreno escarpado: no hay combate cuerpo a cuerpo.")
    return None


# ------------------------------------------------------------------------------ attacks

def plan_fight(st: MageKnightState, seat: int, attacker: str, target: str, *,
               members: tuple[str, ...] = (), capture: bool = False,
               weapon_master: bool = False) -> Plan | IllegalAction:
    """A close combat action (MK-9.1 to MK-9.3), a capture attempt (MK-12.1 to MK-12.3,
    MK-12.10, MK-12.11) or a close formation (MK-13.16 to MK-13.18)."""
    refusal = combat_barrier(st, attacker) or target_barrier(st, attacker, target)
    if refusal is not None:
        return refusal
    if weapon_master and not st.has(attacker, ab.WEAPON_MASTER):
        return refuse("MK-19.2", f"{attacker} does not show Weapon Master.",
                      f"{attacker} no muestra Maestro de armas.")
    if capture and weapon_master:
        return refuse("MK-12.3", "A capture deals no damage: Weapon Master has nothing to roll.",
                      "Una captura no hace daño: Maestro de armas no tiene nada que tirar.")
    if capture:
        refusal = _capture_barrier(st, attacker, target)
        if refusal is not None:
            return refusal
    if members:
        refusal = _formation_barrier(st, seat, attacker, target, members)
        if refusal is not None:
            return refusal
    for wid in (attacker, *members):
        refusal = reach(st, wid, target)
        if refusal is not None:
            return refusal
    t = body(st, target)
    a = body(st, attacker)
    bonus_parts = _close_bonus(st, t, attacker, members)
    strike = defense_parts(st, target, ranged=False, capture=capture,
                           height=height_advantage(st, a, t))
    return Plan(CLOSE, attacker, members, (strike,),
                bonus=sum(p[0] for p in bonus_parts), bonus_parts=bonus_parts,
                base=BY_D6 if weapon_master else BY_VALUE, capture=capture,
                rule="MK-13.17" if members else "MK-9.2")


def _close_bonus(st: MageKnightState, t: Body, attacker: str,
                 members: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """+1 for touching the rear arc (MK-9.3); a formation adds 1 per extra member and 1 once
    if any member touches the rear arc (MK-13.17)."""
    rear = any(rear_contact(st, body(st, wid), t) for wid in (attacker, *members))
    parts: list[tuple[int, str]] = []
    if members:
        parts.append((len(members), "MK-13.17"))
        if rear:
            parts.append((1, "MK-13.17"))
    elif rear:
        parts.append((1, "MK-9.3"))
    return tuple(parts)


def _capture_barrier(st: MageKnightState, attacker: str, target: str) -> IllegalAction | None:
    """A capture needs a target that holds no captive (MK-12.10), neither side showing
    Berserk, Battle Fury or Invulnerability (MK-12.11), and bases really touching, since captor
    and captive stay in contact (MK-12.4): not across a low wall (a reading)."""
    if st.warriors[target].captive is not None:
        return refuse("MK-12.10", f"{target} holds a captive: it cannot be captured.",
                      f"{target} tiene un cautivo: no puede ser capturado.")
    for wid in (attacker, target):
        rule = ab.capture_barrier(st, wid)
        if rule is not None:
            return refuse("MK-12.11", f"{wid} shows an ability that forbids captures ({rule}).",
                          f"{wid} muestra una habilidad que impide capturas ({rule}).")
    if not geo.touching(body(st, attacker), body(st, target), st.eps):
        return refuse("MK-12.4", f"{attacker} must touch {target} to hold it captive.",
                      f"{attacker} debe tocar a {target} para tenerlo cautivo.")
    return None


def _formation_barrier(st: MageKnightState, seat: int, primary: str, target: str,
                       members: tuple[str, ...]) -> IllegalAction | None:
    """Two or three warriors of one faction, each able to fight (MK-13.3, MK-13.16), none
    split from the others by steep terrain (MK-16.9)."""
    refusal = member_barrier(st, seat, primary, members, 2, 3)
    if refusal is not None:
        return refusal
    for wid in members:
        refusal = combat_barrier(st, wid)
        if refusal is not None:
            return refusal
    if mixed_steep(st, (primary, *members)):
        return refuse("MK-16.9", "A formation may not mix warriors on and off steep terrain.",
                      "Una formación no puede mezclar guerreros dentro y fuera de terreno "
                      "escarpado.")
    return None


# ------------------------------------------------------------------------------ Healing

def plan_heal(st: MageKnightState, healer: str, target: str) -> Plan | IllegalAction:
    """Healing (MK-19.1, MK-A25): a close combat action on a friendly figure the healer's front
    arc touches, while the healer touches no opposing figure; the target must be able to heal
    (not Invulnerable, MK-11.4); no modifier applies."""
    if not st.has(healer, ab.HEALING):
        return refuse("MK-19.1", f"{healer} does not show Healing.",
                      f"{healer} no muestra Curación.")
    refusal = combat_barrier(st, healer) or target_barrier(st, healer, target, friend=True)
    if refusal is not None:
        return refusal
    if st.has(target, ab.INVULNERABILITY):
        return refuse("MK-11.4", f"{target} is Invulnerable: it cannot be healed.",
                      f"{target} es invulnerable: no se le puede curar.")
    enemy = st.touching_enemy(healer)
    if enemy is not None:
        return refuse("MK-A25", f"{healer} touches the opposing {enemy}: it cannot heal.",
                      f"{healer} toca al oponente {enemy}: no puede curar.")
    refusal = reach(st, healer, target)
    if refusal is not None:
        return refusal
    return Plan(HEAL, healer, strikes=(healing_defense(st, target),), base=BY_VALUE,
                rule="MK-19.1")
