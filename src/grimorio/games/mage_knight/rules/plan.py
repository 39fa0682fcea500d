"""What a combat action will do, worked out before any die is rolled (MK-8.9, MK-12.1).

Checking an action and carrying it out share one computation: `ranged.plan_*` and
`close.plan_*` return either an `IllegalAction` (the first rule broken) or a `Plan`, the
complete description of the attempt: who acts, the figures it strikes with their modified
defenses, the roll bonus, and how damage is built. `combat.resolve` then rolls and applies it.
This module holds the plan types and the checks shared by ranged and close combat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.rules import abilities as ab

if TYPE_CHECKING:
    from grimorio.games.mage_knight.geometry import Body
    from grimorio.games.mage_knight.state import MageKnightState

# Plan kinds
RANGED = "ranged"
CLOSE = "close"
HEAL = "heal"
MAGIC_HEAL = "magic_heal"

# How the base damage of a hit is found (MK-11.3 step 1)
BY_VALUE = "value"      # the primary attacker's damage value
BY_ONE = "one"          # 1: several figures struck, Flame/Lightning (MK-8.11, MK-19.4)
BY_D6 = "d6"            # Weapon Master, Magic Blast (MK-19.2, MK-19.3)


@dataclass(frozen=True, slots=True)
class Strike:
    """One figure the action is compared against: its total defense and the rules that built
    it (`parts`: (amount or value, rule) pairs for the events), and whether its LOF is
    borderline so that the dispute rule may refuse it (MK-24.3, MK-A44)."""

    wid: str
    defense: int
    parts: tuple[tuple[int, str], ...] = ()
    dispute: bool = False


@dataclass(frozen=True, slots=True)
class Plan:
    """A combat action ready to roll (MK-8.9): kind, primary actor, formation members, the
    figures struck, the roll bonus, the damage recipe and the options declared."""

    kind: str
    actor: str
    members: tuple[str, ...] = ()
    strikes: tuple[Strike, ...] = ()
    bonus: int = 0
    bonus_parts: tuple[tuple[int, str], ...] = ()
    base: str = BY_VALUE
    enhancer: str | None = None
    shockwave: bool = False
    capture: bool = False
    rule: str = "MK-8.6"
    member_disputes: tuple[str, ...] = ()   # members whose own LOF is borderline (MK-24.3)

    @property
    def everyone(self) -> tuple[str, ...]:
        """The warriors given the action: the primary first, then the members (MK-13.4)."""
        return (self.actor, *self.members)


def refuse(rule: str, en: str, es: str) -> IllegalAction:
    return IllegalAction(Text(en, es), rule=rule)


# ------------------------------------------------------------------------------ actors

def present(st: MageKnightState, wid: str) -> IllegalAction | None:
    """The warrior exists and stands on the battlefield."""
    w = st.warriors.get(wid)
    if w is None:
        return refuse("MK-4.7", f"There is no warrior {wid}.", f"No hay ningún guerrero {wid}.")
    if not w.on_table:
        return refuse("MK-4.7", f"{wid} is not on the battlefield.",
                      f"{wid} no está en el campo de batalla.")
    return None


def combat_barrier(st: MageKnightState, wid: str) -> IllegalAction | None:
    """Barriers to any combat action: a warrior off the battlefield (MK-4.7; the attack after
    a Charge or Bound move whose mover was eliminated, MK-A56), a captive (MK-12.5), a
    controller (MK-12.9), a Demoralized warrior (MK-18.5)."""
    refusal = present(st, wid)
    if refusal is not None:
        return refusal
    w = st.warriors[wid]
    if w.captor is not None:
        return refuse("MK-12.5", f"{wid} is a captive and cannot act.",
                      f"{wid} es un cautivo y no puede actuar.")
    if w.captive is not None:
        return refuse("MK-12.9", f"{wid} holds a captive: it may only move or pass.",
                      f"{wid} tiene un cautivo: sólo puede mover o pasar.")
    if st.has(wid, ab.DEMORALIZED):
        return refuse("MK-18.5", f"{wid} is Demoralized: it may only move or pass.",
                      f"{wid} está desmoralizado: sólo puede mover o pasar.")
    return None


def ranged_barrier(st: MageKnightState, wid: str) -> IllegalAction | None:
    """MK-8.1: a range above 0, no opposing figure touching the base, and none of the
    barriers of MK-12.9, MK-18.2, MK-18.5."""
    refusal = combat_barrier(st, wid)
    if refusal is not None:
        return refusal
    if st.figure(wid).range <= 0:
        return refuse("MK-8.1", f"{wid} has range 0: it cannot make ranged attacks.",
                      f"{wid} tiene alcance 0: no puede atacar a distancia.")
    if st.has(wid, ab.BERSERK):
        return refuse("MK-18.2", f"{wid} is Berserk: no ranged actions.",
                      f"{wid} está en Berserk: no puede actuar a distancia.")
    enemy = st.touching_enemy(wid)
    if enemy is not None:
        return refuse("MK-8.1", f"{wid} touches the opposing {enemy}: no ranged action.",
                      f"{wid} toca al oponente {enemy}: no puede actuar a distancia.")
    return None


# ------------------------------------------------------------------------------ targets

def target_barrier(st: MageKnightState, actor: str, target: str, *,
                   friend: bool = False) -> IllegalAction | None:
    """A target must exist on the battlefield, not be the actor (MK-6.7), be opposing for an
    attack and friendly for a healing (MK-11.1), and never be a captive (MK-11.2, MK-12.6,
    MK-A34)."""
    refusal = present(st, target)
    if refusal is not None:
        return refusal
    if target == actor:
        return refuse("MK-6.7", f"{actor} cannot target itself.",
                      f"{actor} no puede tomarse a sí mismo como objetivo.")
    if st.warriors[target].captor is not None:
        return refuse("MK-11.2", f"{target} is a captive: nobody may target it.",
                      f"{target} es un cautivo: nadie puede tomarlo como objetivo.")
    if friend and st.opposing(actor, target):
        return refuse("MK-11.1", f"{target} is not a friendly figure: it cannot be healed.",
                      f"{target} no es una figura amiga: no se le puede curar.")
    if not friend and st.friendly(actor, target):
        return refuse("MK-11.1", f"{target} is friendly: attacks never target friends.",
                      f"{target} es amigo: los ataques nunca apuntan a amigos.")
    return None


# ------------------------------------------------------------------------------ members

def member_barrier(st: MageKnightState, seat: int, primary: str, members: tuple[str, ...],
                   least: int, most: int) -> IllegalAction | None:
    """A formation's size and make-up (MK-13.2, MK-13.3, MK-A12): `least` to `most`
    warriors in all, each able to take the action this turn, all of the active player's own,
    sharing one faction that has a symbol."""
    from grimorio.games.mage_knight.rules import turn

    everyone = (primary, *members)
    if len(set(everyone)) != len(everyone):
        return refuse("MK-13.3", "A warrior is named twice in the formation.",
                      "Un guerrero aparece dos veces en la formación.")
    if not least <= len(everyone) <= most:
        return refuse("MK-13.11" if most == 5 else "MK-13.16",
                      f"This formation needs {least} to {most} warriors, not {len(everyone)}.",
                      f"Esta formación necesita de {least} a {most} guerreros, no "
                      f"{len(everyone)}.")
    for wid in members:
        refusal = present(st, wid)
        if refusal is not None:
            return refusal
        if st.warriors[wid].owner != seat:
            return refuse("MK-A12", f"{wid} is not yours: formations use your own warriors.",
                          f"{wid} no es tuyo: las formaciones usan tus propios guerreros.")
        refusal = turn.may_act(st, wid, True)
        if refusal is not None:
            return refusal
    faction = st.figure(primary).faction
    if not st.lib.factions[faction].symbol:
        return refuse("MK-13.2", f"{primary} shows no faction symbol: no formations.",
                      f"{primary} no tiene símbolo de facción: no forma formaciones.")
    for wid in members:
        if st.figure(wid).faction != faction:
            return refuse("MK-13.2", f"{wid} is not of {primary}'s faction.",
                          f"{wid} no es de la facción de {primary}.")
    return None


def steep_piece(st: MageKnightState, wid: str) -> str | None:
    """The id of the steep elevated piece the warrior stands on, or None (MK-16.7)."""
    if st.field is None:
        return None
    w = st.warriors[wid]
    piece = st.field.elevated_piece(w.x, w.y, st.radius)
    return piece.id if piece is not None and piece.kind == "steep" else None


def mixed_steep(st: MageKnightState, wids: tuple[str, ...]) -> bool:
    """Some of the warriors stand on steep elevated terrain and others do not (MK-16.8,
    MK-16.9)."""
    return len({steep_piece(st, wid) for wid in wids}) > 1


# ------------------------------------------------------------------------------ defense

def height_advantage(st: MageKnightState, actor: Body, target: Body) -> bool:
    """An elevated target and an actor that is not (MK-15.8, MK-15.12, MK-A38)."""
    return target.elevated and not actor.elevated


def defense_parts(st: MageKnightState, wid: str, *, ranged: bool, shockwave: bool = False,
                  capture: bool = False, hindered: bool = False, hinder_rule: str = "MK-14.7",
                  height: bool = False) -> Strike:
    """The defense a figure opposes to an attack, as a `Strike` (Table 4): the dial defense or
    a Defend warrior's (MK-20.5, MK-A40; never against Shockwave, MK-A26), +2 for a capture
    attempt (MK-12.2), +1 for hindering terrain (MK-14.7, MK-16.5), +1 for height advantage
    (MK-15.8, MK-15.12), +2 for each of Battle Armor and Invulnerability against ranged attacks
    (MK-20.1, MK-20.7; not against Shockwave, which ignores defense abilities, MK-19.5)."""
    value, lender = ab.base_defense(st, wid, shockwave=shockwave)
    parts: list[tuple[int, str]] = [(value, "MK-20.5" if lender else "MK-1.2")]
    if capture:
        parts.append((2, "MK-12.2"))
    if hindered:
        parts.append((1, hinder_rule))
    if height:
        parts.append((1, "MK-15.8" if ranged else "MK-15.12"))
    if ranged and not shockwave:
        parts.extend(ab.ranged_armour(st, wid))
    return Strike(wid, sum(p[0] for p in parts), tuple(parts))


def healing_defense(st: MageKnightState, wid: str) -> Strike:
    """A healing's target opposes its dial defense, or a lower Defend value its side picks;
    no other modifier applies (MK-19.1, MK-19.8, MK-A25, MK-A42)."""
    value, lender = ab.base_defense(st, wid, healing=True)
    return Strike(wid, value, ((value, "MK-20.5" if lender else "MK-19.1"),))


def body(st: MageKnightState, wid: str) -> Body:
    return st.body(wid)


def distance(a: Body, b: Body) -> float:
    return geo.distance(a.x, a.y, b.x, b.y)
