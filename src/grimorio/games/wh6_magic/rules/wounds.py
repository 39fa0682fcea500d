"""Hits, wounds, saves and losses (WH6-X14), used by damaging spells and by miscasts.

A troop reference is a unit id (its rank and file), a character id, or ``mount:<character id>``.
Every die goes through the state's `roll` with its purpose and the rule id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.model import Character, Unit

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State

RULE = "WH6-X14"
REGENERATION = 4  # Regeneration saves on 4+ (outside the seed, WH6-X14)


@dataclass(frozen=True, slots=True)
class Target:
    """What a hit needs to know about the model it strikes, with lasting spells applied."""

    ref: str
    name: Text
    toughness: int
    armour: int  # the roll needed before Strength; 7 = no save
    ward: int | None
    regeneration: bool


def to_wound(strength: int, toughness: int) -> int | None:
    """The D6 roll needed to wound, or None when the hit cannot wound (WH6-X14)."""
    diff = strength - toughness
    if diff >= 2:
        return 2
    if diff >= -1:
        return 4 - diff
    if diff >= -3:
        return 6
    return None


def armour_needed(target: Target, strength: int | None) -> int | None:
    """The armour roll needed against `strength` (None: no Strength modifier), or None."""
    need = target.armour + (max(0, strength - 3) if strength is not None else 0)
    return max(need, 2) if need <= 6 else None


def target_of(st: Wh6State, ref: str) -> Target:
    """The profile a hit on `ref` is resolved against."""
    if ref.startswith("mount:"):
        rider = st.char_map[ref[6:]]
        assert rider.mount is not None and rider.mount.profile is not None
        p = rider.mount.profile
        return Target(ref, rider.mount.name, p.toughness, p.armour or 7, p.ward, p.regeneration)
    troop = st.troop(ref)
    assert troop is not None
    p = troop.profile
    ward = p.ward
    granted = st.granted_ward(ref)
    if granted is not None:
        ward = granted if ward is None else min(ward, granted)
    return Target(ref, troop.name, p.toughness + st.modifier(ref, "toughness"),
                  (p.armour or 7) - st.modifier(ref, "armour"), ward, p.regeneration)


def hits(st: Wh6State, ref: str, count: int, strength: int) -> int:
    """Resolve `count` hits of `strength` on `ref`; returns the wounds it suffers."""
    if count <= 0 or not st.alive(ref):
        return 0
    target = target_of(st, ref)
    need = to_wound(strength, target.toughness)
    if need is None:
        if st.quiet:
            return 0
        st.say("no_wound", RULE, f"{count} Strength {strength} hits on {target.name.en} cannot "
               f"wound Toughness {target.toughness}", f"{count} impactos de Fuerza {strength} "
               f"no pueden herir a {target.name.es} (Resistencia {target.toughness})",
               target=ref, hits=count, strength=strength)
        return 0
    if st.quiet:
        dice = st.throw(count)
        wounds = sum(1 for d in dice if d >= need and d != 1)
    else:
        dice = st.roll_dice(count, Text(f"To wound {target.name.en} ({need}+)",
                                        f"Para herir a {target.name.es} ({need}+)"), RULE,
                            target=ref)
        wounds = sum(1 for d in dice if d >= need and d != 1)
        st.say("wound_roll", RULE, f"{count} Strength {strength} hits on {target.name.en} "
               f"need {need}+ to wound: {wounds} wound(s)", f"{count} impactos de Fuerza "
               f"{strength} contra {target.name.es} necesitan {need}+ para herir: {wounds} "
               f"herida(s)", target=ref, hits=count, strength=strength, needed=need,
               dice=list(dice), wounds=wounds)
    left = saves(st, target, wounds, armour_needed(target, strength), target.ward, True)
    return take_wounds(st, ref, left)


def direct_wounds(st: Wh6State, ref: str, count: int, armour: bool, ward: bool,
                  rule: str = RULE) -> int:
    """Wounds that need no to-wound roll; only the allowed saves (Regeneration always)."""
    if count <= 0 or not st.alive(ref):
        return 0
    target = target_of(st, ref)
    if not st.quiet:
        st.say("direct_wounds", rule, f"{target.name.en} suffers {count} wound(s) directly",
               f"{target.name.es} sufre {count} herida(s) directamente", target=ref,
               wounds=count, armour_save=armour, ward_save=ward)
    left = saves(st, target, count, armour_needed(target, None) if armour else None,
                 target.ward if ward else None, True)
    return take_wounds(st, ref, left)


def saves(st: Wh6State, target: Target, wounds: int, armour: int | None, ward: int | None,
          regeneration: bool) -> int:
    """Armour, then ward, then Regeneration, each rolled for the wounds still standing."""
    regen = REGENERATION if regeneration and target.regeneration else None
    steps = ((armour, "armour save", "salvación por armadura"),
             (ward, "ward save", "salvación especial"),
             (regen, "Regeneration", "Regeneración"))
    for need, en, es in steps:
        if wounds <= 0 or need is None:
            continue
        if st.quiet:
            dice = st.throw(wounds)
            wounds -= sum(1 for d in dice if d >= need and d != 1)
            continue
        dice = st.roll_dice(wounds, Text(f"{target.name.en}: {en} ({need}+)",
                                         f"{target.name.es}: {es} ({need}+)"), RULE,
                            target=target.ref)
        saved = sum(1 for d in dice if d >= need and d != 1)
        wounds -= saved
        st.say("save", RULE, f"{target.name.en}: {en} {need}+ stops {saved}, {wounds} left",
               f"{target.name.es}: {es} a {need}+ detiene {saved}, quedan {wounds}",
               target=target.ref, save=en, needed=need, dice=list(dice), saved=saved,
               left=wounds)
    return wounds


def take_wounds(st: Wh6State, ref: str, wounds: int) -> int:
    """Apply unsaved wounds; models are removed one at a time (WH6-X14)."""
    if wounds <= 0:
        return 0
    if ref.startswith("mount:"):
        return _wound_mount(st, st.char_w(ref[6:]), wounds)
    troop = st.troop_w(ref)
    if isinstance(troop, Unit):
        return _wound_unit(st, troop, wounds)
    taken = min(wounds, troop.profile.wounds - troop.wounds_lost)
    troop.wounds_lost += taken
    if not st.quiet:
        st.say("wounded", RULE, f"{troop.name.en} loses {taken} wound(s)",
               f"{troop.name.es} pierde {taken} herida(s)", target=ref, wounds=taken,
               wounds_left=troop.profile.wounds - troop.wounds_lost)
    if troop.wounds_lost >= troop.profile.wounds:
        st.slay(troop)
    return taken


def _wound_unit(st: Wh6State, unit: Unit, wounds: int) -> int:
    before, taken = unit.models, 0
    per_model = unit.profile.wounds
    while taken < wounds and unit.models > 0:
        taken += 1
        unit.damage += 1
        if unit.damage >= per_model:
            unit.models -= 1
            unit.damage = 0
    removed = before - unit.models
    if not st.quiet:
        st.say("casualties", RULE, f"{unit.name.en} suffers {taken} wound(s): {removed} model(s) "
               f"removed, {unit.models} left", f"{unit.name.es} sufre {taken} herida(s): "
               f"{removed} miniatura(s) retirada(s), quedan {unit.models}", target=unit.id,
               wounds=taken, removed=removed, models=unit.models)
    if unit.models == 0:
        st.destroy(unit)
    return taken


def _wound_mount(st: Wh6State, rider: Character, wounds: int) -> int:
    assert rider.mount is not None and rider.mount.profile is not None
    total = rider.mount.profile.wounds
    taken = min(wounds, total - rider.mount_wounds_lost)
    rider.mount_wounds_lost += taken
    name = rider.mount.name
    st.say("wounded", RULE, f"{name.en} ({rider.name.en}'s mount) loses {taken} wound(s)",
           f"{name.es} (montura de {rider.name.es}) pierde {taken} herida(s)",
           target=f"mount:{rider.id}", wounds=taken)
    if rider.mount_wounds_lost >= total:
        rider.mount_slain = True
        st.say("mount_slain", RULE, f"{name.en} is slain; {rider.name.en} fights on foot",
               f"{name.es} muere; {rider.name.es} sigue a pie", target=f"mount:{rider.id}")
    return taken


def losses(st: Wh6State, side: int) -> float:
    """Points value of `side`'s losses: whole models, plus wounds pro rata (the score formula)."""
    return both_losses(st)[side]


def both_losses(st: Wh6State) -> tuple[float, float]:
    """`losses` of side 0 and side 1, in one pass (each side's total adds up in the same order)."""
    total = [0.0, 0.0]
    for unit in st.unit_map.values():
        lost = unit.start_models - unit.models + unit.damage / unit.profile.wounds
        total[unit.side] += unit.points * lost
    for c in st.char_map.values():
        total[c.side] += c.points * min(c.wounds_lost, c.profile.wounds) / c.profile.wounds
        if c.mount is not None and c.mount.profile is not None:
            total[c.side] += c.mount.points * c.mount_wounds_lost / c.mount.profile.wounds
    return round(total[0], 2), round(total[1], 2)
