"""Ranged combat plans: single and multiple targets, Magic Blast, Flame/Lightning, Shockwave,
ranged formations and Magic Healing (MK-8.1 to MK-8.12, MK-13.11 to MK-13.15, MK-14.7 to
MK-16.5, MK-19.3 to MK-19.6, MK-19.8).

Each `plan_*` function checks an action completely against the current positions and returns
either the first `IllegalAction` or the `Plan` that `combat.resolve` rolls. The line of fire
against terrain, elevation and bases is the battlefield's (`terrain.Battlefield.line_of_fire`);
range, front arc, the figures allowed as targets and every modifier are decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.rules import abilities as ab
from grimorio.games.mage_knight.rules.plan import (
    BY_D6,
    BY_ONE,
    BY_VALUE,
    MAGIC_HEAL,
    RANGED,
    Plan,
    Strike,
    body,
    defense_parts,
    healing_defense,
    height_advantage,
    member_barrier,
    mixed_steep,
    ranged_barrier,
    refuse,
    target_barrier,
)
from grimorio.games.mage_knight.terrain import Lof

if TYPE_CHECKING:
    from grimorio.games.mage_knight.geometry import Body
    from grimorio.games.mage_knight.state import MageKnightState

MAGIC_BLAST_USE = "magic_blast"
FLAME_USE = "flame"
ENHANCE_USE = "enhance"


# ------------------------------------------------------------------------------ line of fire

def line_of_fire(st: MageKnightState, shooter: Body, target: Body, *, magic_blast: bool = False,
                 stealth: bool = False, bases: bool = True) -> Lof:
    """The LOF judged against terrain, elevation and bases (MK-8.4, MK-14.7 to MK-16.5, G8);
    `bases=False` for Shockwave, whose LOFs no base blocks (MK-19.5)."""
    bodies = st.bodies() if bases else ()
    field = st.field
    if field is None:
        if magic_blast:
            return Lof(False, False, "MK-19.3")
        crossing = geo.lof_bases(shooter.x, shooter.y, target.x, target.y, bodies, st.eps,
                                 (shooter.id, target.id))
        if crossing.blocker is not None:
            return Lof(True, False, "MK-8.4", crossing.blocker, crossing.borderline)
        return Lof(False, False, "MK-8.2", None, crossing.borderline)
    lof: Lof = field.line_of_fire(
        shooter, target, bodies, stealth=stealth, magic_blast=magic_blast,
        both_elevated_literal=bool(st.option("both_elevated_literal")))
    return lof


def disputed(st: MageKnightState, lof: Lof) -> bool:
    """A usable LOF that grazes a base within the tolerance band, when the dispute rule is on
    (MK-24.3, MK-A44, MK-G8)."""
    return bool(st.option("dispute_rule")) and not lof.blocked and bool(lof.borderline)


def aim(st: MageKnightState, shooter: str, target: str, *, magic_blast: bool = False,
        heal: bool = False) -> Lof | IllegalAction:
    """Whether `shooter` may shoot `target` now (heal: to heal it): the target rules (MK-6.7,
    MK-11.1, MK-11.2, MK-12.10, MK-8.5), range (MK-8.3, MK-G9), front arc (MK-6.5, MK-G10) and a
    LOF that nothing blocks (MK-8.4, terrain rules); returns that LOF."""
    refusal = target_barrier(st, shooter, target, friend=heal)
    if refusal is not None:
        return refusal
    if not heal:
        refusal = _attack_target_barrier(st, shooter, target)
        if refusal is not None:
            return refusal
    s, t = body(st, shooter), body(st, target)
    if not geo.in_range(s, t.x, t.y, st.figure(shooter).range):
        return refuse("MK-8.3", f"{target} is beyond {shooter}'s range.",
                      f"{target} está fuera del alcance de {shooter}.")
    if not geo.lof_in_front_arc(s, t.x, t.y):
        return refuse("MK-6.5", f"{target} is not in {shooter}'s front arc.",
                      f"{target} no está en el arco frontal de {shooter}.")
    stealth = not heal and st.has(target, ab.STEALTH)           # always used (MK-A49)
    lof = line_of_fire(st, s, t, magic_blast=magic_blast, stealth=stealth)
    if lof.blocked:
        return refuse(lof.rule, f"The line of fire from {shooter} to {target} is blocked"
                      f"{_by(lof)}.", f"La línea de fuego de {shooter} a {target} está "
                      f"bloqueada{_por(lof)}.")
    return lof


def _attack_target_barrier(st: MageKnightState, shooter: str,
                           target: str) -> IllegalAction | None:
    if st.warriors[target].captive is not None:
        return refuse("MK-12.10", f"{target} holds a captive: it cannot be a ranged target.",
                      f"{target} tiene un cautivo: no puede ser objetivo a distancia.")
    friend = next((o for o in st.touching(target) if st.friendly(o, shooter)), None)
    if friend is not None:
        return refuse("MK-8.5", f"{target} touches {friend}, a figure friendly to {shooter}.",
                      f"{target} toca a {friend}, una figura amiga de {shooter}.")
    return None


def _by(lof: Lof) -> str:
    return f" by {lof.by}" if lof.by else ""


def _por(lof: Lof) -> str:
    return f" por {lof.by}" if lof.by else ""


def strike_for(st: MageKnightState, shooter: Body, target: str, lof: Lof) -> Strike:
    """The target's ranged defense with the modifiers of this LOF (Table 4)."""
    t = body(st, target)
    strike = defense_parts(st, target, ranged=True, hindered=lof.hindered,
                           hinder_rule=lof.rule, height=height_advantage(st, shooter, t))
    return Strike(strike.wid, strike.defense, strike.parts, disputed(st, lof))


# ------------------------------------------------------------------------------ shots

def plan_shot(st: MageKnightState, seat: int, shooter: str, targets: tuple[str, ...], *,
              members: tuple[str, ...] = (), use: str | None = None,
              shockwave: bool = False) -> Plan | IllegalAction:
    """A ranged combat action (MK-8.1 to MK-8.12) in any of its forms."""
    refusal = ranged_barrier(st, shooter)
    if refusal is not None:
        return refusal
    if shockwave:
        return plan_shockwave(st, shooter, use=use, members=members)
    if use == ENHANCE_USE:
        return refuse("MK-A49", "Magic Enhancement is used by itself; 'use=enhance' is only for "
                      "Shockwave.", "El Perfeccionamiento mágico se aplica solo; 'use=enhance' "
                      "es sólo para la Ola de choque.")
    if members:
        return plan_ranged_formation(st, seat, shooter, targets, members, use=use)
    refusal = _use_barrier(st, shooter, targets, use)
    if refusal is not None:
        return refusal
    return _plan_targets(st, shooter, targets, use)


def _use_barrier(st: MageKnightState, shooter: str, targets: tuple[str, ...],
                 use: str | None) -> IllegalAction | None:
    if not targets:
        return refuse("MK-8.8", "A shot needs a target.", "Un disparo necesita un objetivo.")
    if len(set(targets)) != len(targets):
        return refuse("MK-8.8", "No figure may be targeted twice in one action.",
                      "Ninguna figura puede ser objetivo dos veces en una acción.")
    arrows = st.figure(shooter).targets
    if len(targets) > arrows:
        return refuse("MK-8.8", f"{shooter} may target at most {arrows} figure(s).",
                      f"{shooter} puede apuntar como mucho a {arrows} figura(s).")
    if use == MAGIC_BLAST_USE:
        if not st.has(shooter, ab.MAGIC_BLAST):
            return refuse("MK-19.3", f"{shooter} does not show Magic Blast.",
                          f"{shooter} no muestra Rayo mágico.")
        if len(targets) != 1:
            return refuse("MK-19.3", "Magic Blast shoots at a single target.",
                          "El Rayo mágico dispara a un solo objetivo.")
        if st.warriors.get(targets[0]) is not None and st.has(targets[0], ab.MAGIC_IMMUNITY):
            return refuse("MK-20.3", f"{targets[0]} is Magic Immune: no Magic Blast at it.",
                          f"{targets[0]} tiene Inmunidad mágica: no se le puede lanzar un "
                          f"Rayo mágico.")
    if use == FLAME_USE:
        if not st.has(shooter, ab.FLAME):
            return refuse("MK-19.4", f"{shooter} does not show Flame/Lightning.",
                          f"{shooter} no muestra Llama/Rayo.")
        if len(targets) != 1:
            return refuse("MK-19.4", "Flame/Lightning has one main target.",
                          "Llama/Rayo tiene un solo objetivo principal.")
    return None


def _plan_targets(st: MageKnightState, shooter: str, targets: tuple[str, ...],
                  use: str | None) -> Plan | IllegalAction:
    blast = use == MAGIC_BLAST_USE
    s = body(st, shooter)
    strikes: list[Strike] = []
    lofs: list[Lof] = []
    for target in targets:
        lof = aim(st, shooter, target, magic_blast=blast)
        if isinstance(lof, IllegalAction):
            return lof
        lofs.append(lof)
        strikes.append(strike_for(st, s, target, lof))
    base = BY_D6 if blast else BY_ONE if len(targets) > 1 else BY_VALUE
    rule = "MK-8.10" if len(targets) > 1 else "MK-8.6"
    if use == FLAME_USE:
        strikes += _flame_strikes(st, s, targets[0], lofs[0])
        base, rule = BY_ONE, "MK-19.4"
    return Plan(RANGED, shooter, strikes=tuple(strikes), base=base,
                enhancer=ab.enhancer(st, shooter), rule=rule)


def _flame_strikes(st: MageKnightState, shooter: Body, main: str, lof: Lof) -> list[Strike]:
    """Every figure touching the main target but captives (and the shooter, which never
    touches it, MK-8.1) is struck too, with its own defense and modifiers and the main LOF's
    hindrance (MK-19.4, MK-8.12, MK-A23, MK-A46)."""
    out = []
    for other in st.touching(main):
        w = st.warriors[other]
        if other == shooter.id or w.captor is not None:
            continue
        out.append(defense_parts(st, other, ranged=True, hindered=lof.hindered,
                                 hinder_rule=lof.rule,
                                 height=height_advantage(st, shooter, body(st, other))))
    return out


# ------------------------------------------------------------------------------ Shockwave

def plan_shockwave(st: MageKnightState, shooter: str, *, use: str | None,
                   members: tuple[str, ...]) -> Plan | IllegalAction:
    """Shockwave (MK-19.5, MK-19.6, MK-G15, MK-A26): every figure but captives within half the
    range, all round, friend or foe; bases never block, terrain does (Stealth included); the
    struck figures' defense abilities do not count; 1 click per figure hit when two or more are
    struck. Magic Enhancement only when declared (`use=enhance`, MK-A49)."""
    if members:
        return refuse("MK-13.12", "A ranged formation cannot use Shockwave.",
                      "Una formación a distancia no puede usar Ola de choque.")
    if not st.has(shooter, ab.SHOCKWAVE):
        return refuse("MK-19.5", f"{shooter} does not show Shockwave.",
                      f"{shooter} no muestra Ola de choque.")
    if use not in (None, ENHANCE_USE):
        return refuse("MK-19.5", "Shockwave takes no other ability.",
                      "La Ola de choque no admite otra habilidad.")
    enhancer = ab.enhancer(st, shooter) if use == ENHANCE_USE else None
    if use == ENHANCE_USE and enhancer is None:
        return refuse("MK-18.3", f"No friendly Magic Enhancement touches {shooter}.",
                      f"Ningún Perfeccionamiento mágico amigo toca a {shooter}.")
    s = body(st, shooter)
    strikes = []
    for wid in geo.shockwave_struck(s, st.bodies(), st.figure(shooter).range):
        if st.warriors[wid].captor is not None:
            continue
        t = body(st, wid)
        lof = line_of_fire(st, s, t, stealth=st.has(wid, ab.STEALTH), bases=False)
        if lof.blocked:
            continue
        strikes.append(defense_parts(st, wid, ranged=True, shockwave=True,
                                     hindered=lof.hindered, hinder_rule=lof.rule,
                                     height=height_advantage(st, s, t)))
    return Plan(RANGED, shooter, strikes=tuple(strikes),
                base=BY_ONE if len(strikes) > 1 else BY_VALUE, enhancer=enhancer,
                shockwave=True, rule="MK-19.5")


# ------------------------------------------------------------------------------ formations

def plan_ranged_formation(st: MageKnightState, seat: int, primary: str, targets: tuple[str, ...],
                          members: tuple[str, ...], *, use: str | None) -> Plan | IllegalAction:
    """A ranged combat formation (MK-13.11 to MK-13.15): 3 to 5 connected warriors of one
    faction, one target, damage only, each member with its own good LOF; the primary's LOF
    alone gives the terrain and height modifiers; +1 per extra member. Only the primary's
    abilities count, so Magic Blast is the primary's LOF alone (a reading)."""
    if len(targets) != 1 or use == FLAME_USE:
        return refuse("MK-13.12", "A ranged formation shoots one target, with no "
                      "Flame/Lightning.", "Una formación a distancia dispara a un solo "
                      "objetivo, sin Llama/Rayo.")
    refusal = _use_barrier(st, primary, targets, use) or member_barrier(
        st, seat, primary, members, 3, 5)
    if refusal is not None:
        return refusal
    everyone = (primary, *members)
    for wid in members:
        refusal = ranged_barrier(st, wid)
        if refusal is not None:
            return refusal
    graph = geo.contact_graph([body(st, w) for w in everyone], st.eps)
    if not geo.is_connected(graph):
        return refuse("MK-13.11", "The formation's members must hang together by base contact.",
                      "Los miembros de la formación deben estar unidos por contacto de base.")
    if mixed_steep(st, everyone):
        return refuse("MK-16.9", "A formation may not mix warriors on and off steep terrain.",
                      "Una formación no puede mezclar guerreros dentro y fuera de terreno "
                      "escarpado.")
    target = targets[0]
    lof = aim(st, primary, target, magic_blast=use == MAGIC_BLAST_USE)
    if isinstance(lof, IllegalAction):
        return lof
    disputes = []
    for wid in members:
        own = aim(st, wid, target)
        if isinstance(own, IllegalAction):
            return refuse("MK-13.13", f"{wid} has no good line of fire: {own.text.en}",
                          f"{wid} no tiene una buena línea de fuego: {own.text.es}")
        if disputed(st, own):
            disputes.append(wid)
    strike = strike_for(st, body(st, primary), target, lof)
    return Plan(RANGED, primary, members, (strike,), bonus=len(members),
                bonus_parts=((len(members), "MK-13.14"),),
                base=BY_D6 if use == MAGIC_BLAST_USE else BY_VALUE,
                enhancer=ab.enhancer(st, primary), rule="MK-13.14",
                member_disputes=tuple(disputes))


# ------------------------------------------------------------------------------ Magic Healing

def plan_magic_heal(st: MageKnightState, healer: str, target: str) -> Plan | IllegalAction:
    """Magic Healing (MK-19.8, MK-A42): a ranged action on one friendly figure that touches no
    opposing figure and is neither Invulnerable nor Magic Immune; range, front arc and blocking
    count, no modifier does."""
    if not st.has(healer, ab.MAGIC_HEALING):
        return refuse("MK-19.8", f"{healer} does not show Magic Healing.",
                      f"{healer} no muestra Curación mágica.")
    refusal = ranged_barrier(st, healer)
    if refusal is not None:
        return refusal
    refusal = target_barrier(st, healer, target, friend=True)
    if refusal is not None:
        return refusal
    if st.has(target, ab.INVULNERABILITY):
        return refuse("MK-A42", f"{target} is Invulnerable: it cannot be healed.",
                      f"{target} es invulnerable: no se le puede curar.")
    if st.has(target, ab.MAGIC_IMMUNITY):
        return refuse("MK-20.3", f"{target} is Magic Immune: Magic Healing does nothing to it.",
                      f"{target} tiene Inmunidad mágica: la Curación mágica no le afecta.")
    enemy = st.touching_enemy(target)
    if enemy is not None:
        return refuse("MK-19.8", f"{target} touches the opposing {enemy}.",
                      f"{target} toca al oponente {enemy}.")
    lof = aim(st, healer, target, heal=True)
    if isinstance(lof, IllegalAction):
        return lof
    strike = healing_defense(st, target)
    return Plan(MAGIC_HEAL, healer, strikes=(Strike(target, strike.defense, strike.parts,
                                                    disputed(st, lof)),),
                base=BY_D6, rule="MK-19.8")
