"""What a successfully cast spell does (WH6 §9): range is measured now (WH6-3.1, WH6-9.2), then
its effects, in grimorio's closed vocabulary (data/spells.yaml), are applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.data import DiceCount, EffectDef, SpellDef
from grimorio.games.wh6_magic.model import Attempt, Character, InPlay, Unit
from grimorio.games.wh6_magic.rules import wounds
from grimorio.games.wh6_magic.rules.geometry import gap

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State

QUIET = Text("", "")  # the purpose of a roll on a quiet copy: never shown


def resolve(st: Wh6State, att: Attempt) -> None:
    """The spell is successfully cast (WH6-9.1): measure, then apply its effects."""
    spell = st.spell(att.spell)
    if not st.quiet:
        text = st.battle.index.text(("success", att.spell, att.irresistible), _success_text,
                                    spell, att.irresistible)
        st.say_text("success", "WH6-9.1", text, spell=att.spell, target=att.target)
    if spell.target != "point" and not st.alive(att.target):
        att.outcome = "no_effect"
        if not st.quiet:
            st.say("no_target", "WH6-9.2", "The target is gone: no effect",
                   "El objetivo ya no está: sin efecto", target=att.target)
        finish(st, att)
        return
    if not in_range(st, att, spell):
        att.outcome = "no_effect"
        finish(st, att)
        return
    for effect in spell.effects:
        apply_effect(st, att, spell, effect)
    _lasting(st, att, spell)
    att.outcome = "resolved"
    finish(st, att)


def _success_text(spell: SpellDef, irresistible: bool) -> Text:
    how = (Text(" with Irresistible Force", " con Fuerza Irresistible") if irresistible
           else Text("", ""))
    return Text(f"{spell.name.en} is successfully cast{how.en}",
                f"{spell.name.es} se lanza con éxito{how.es}")


def in_range(st: Wh6State, att: Attempt, spell: SpellDef) -> bool:
    """Measured only now, between the closest points of the bases (WH6-3.1, WH6-X15)."""
    if spell.range_cm is None or spell.target == "self":
        return True
    exact = gap(st.shape(att.caster), st.shape(att.target))
    reach = spell.range_cm
    if st.quiet:
        return exact <= reach
    distance = round(exact, 2)  # shown to 0.01 cm; the comparison uses the exact value
    text = st.battle.index.text(("range", distance, reach), _range_text, distance, reach)
    st.say_text("range", "WH6-3.1", text, distance=distance, range=reach, target=att.target)
    if exact > reach:
        st.tell("out_of_range", "WH6-A3", ("out_of_range", spell.id), _out_text, (spell,),
                distance=distance, range=reach)
        return False
    return True


def _range_text(distance: float, reach: float) -> Text:
    return Text(f"Range is measured now: {distance:g} cm (range {reach:g} cm)",
                f"Se mide ahora el alcance: {distance:g} cm (alcance {reach:g} cm)")


def _out_text(spell: SpellDef) -> Text:
    return Text(f"Out of range: {spell.name.en} has no effect; the dice stay spent and the "
                f"attempt counts", f"Fuera de alcance: {spell.name.es} no tiene efecto; los "
                f"dados se gastan y el intento cuenta")


def amount(st: Wh6State, count: DiceCount, what: Text) -> int:
    """A fixed number, or D3 / D6 / nD6 rolled now (a D3 is a D6 halved, rounding up)."""
    if count.dice == 0:
        return count.plus
    if st.quiet:
        dice = st.throw(count.dice, 6)
    else:
        dice = st.roll_dice(count.dice, what + Text(f" ({count})", f" ({count})"), "WH6-9.2")
    if count.sides == 3:
        return sum((d + 1) // 2 for d in dice)
    return sum(dice)


def apply_effect(st: Wh6State, att: Attempt, spell: SpellDef, effect: EffectDef) -> None:
    if effect.kind == "hits":
        assert effect.count is not None
        for ref in affected(st, att, spell, effect):
            if st.quiet:
                n = amount(st, effect.count, QUIET)
            else:
                name = st.name(ref)
                n = amount(st, effect.count, Text(f"Hits on {name.en}",
                                                  f"Impactos sobre {name.es}"))
            wounds.hits(st, ref, n, effect.strength)
    elif effect.kind == "wounds":
        assert effect.count is not None
        n = amount(st, effect.count, Text("Wounds", "Heridas"))
        wounds.direct_wounds(st, att.target, n, effect.armour_save, effect.ward_save)
    elif effect.kind == "heal":
        assert effect.count is not None
        heal(st, att.target, amount(st, effect.count, Text("Wounds restored",
                                                           "Heridas recuperadas")))
    elif not st.quiet:
        summary = effect.summary()
        name = st.name(att.target)
        st.say("lasting_effect", "WH6-9.2", f"{name.en} gains {summary.en}",
               f"{name.es} obtiene {summary.es}", target=att.target, effect=effect.kind)


def affected(st: Wh6State, att: Attempt, spell: SpellDef, effect: EffectDef) -> list[str]:
    """The declared target, plus every unit or lone character within the effect's area
    (WH6-2.3). A point spell hits only what is within the area of the point."""
    refs = [] if spell.target == "point" else [att.target]
    if effect.area <= 0:
        return refs
    centre = st.shape(att.target)
    troops: list[Unit | Character] = [*st.unit_map.values(), *st.char_map.values()]
    for troop in troops:
        if troop.id in refs or not st.alive(troop.id):
            continue
        if isinstance(troop, Character) and troop.in_unit is not None:
            continue  # characters in units are not hit separately
        if gap(centre, st.shape(troop.id)) <= effect.area:
            refs.append(troop.id)
    if len(refs) > 1 and not st.quiet:
        st.say("area", "WH6-2.3", f"The spell also reaches {', '.join(refs[1:])}",
               f"El hechizo alcanza también a {', '.join(refs[1:])}", refs=refs)
    return refs


def heal(st: Wh6State, ref: str, count: int) -> None:
    """Restore up to `count` lost wounds; a unit gets slain models back (never above its start)."""
    troop = st.troop_w(ref)
    if isinstance(troop, Character):
        restored = min(count, troop.wounds_lost)
        troop.wounds_lost -= restored
    else:
        assert isinstance(troop, Unit)
        per_model = troop.profile.wounds
        lost = (troop.start_models - troop.models) * per_model + troop.damage
        restored = min(count, lost)
        lost -= restored
        troop.models = troop.start_models - lost // per_model
        troop.damage = lost % per_model
    if st.quiet:
        return
    st.say("healed", "WH6-9.2", f"{troop.name.en} recovers {restored} wound(s)",
           f"{troop.name.es} recupera {restored} herida(s)", target=ref, wounds=restored)


def _lasting(st: Wh6State, att: Attempt, spell: SpellDef) -> None:
    """Remains-in-play spells stay until dispelled (WH6-X7); buffs until the caster's next
    magic phase begins."""
    if not spell.remains_in_play and not any(e.lasting for e in spell.effects):
        return
    if spell.target == "point":
        return
    nxt = st.phase + 1 if (st.battle.first + st.phase + 1) % 2 == att.side else st.phase + 2
    effect = InPlay(st.new_effect_id(), att.spell, att.caster, att.side, att.target, st.phase,
                    spell.remains_in_play, None if spell.remains_in_play else nxt)
    st.in_play.append(effect)
    if spell.remains_in_play and not st.quiet:
        st.say("remains_in_play", "WH6-X7", f"{spell.name.en} remains in play as {effect.id}",
               f"{spell.name.es} permanece en juego como {effect.id}", effect=effect.id)


def finish(st: Wh6State, att: Attempt) -> None:
    """The attempt is over whatever happened; it stays used up for this phase (WH6-1.4)."""
    st.attempt = None
    st.last_outcome = "irresistible" if att.irresistible else att.outcome
    if st.quiet:
        return
    outcome = att.outcome
    st.tell("attempt_end", "WH6-1.4", ("attempt_end", att.spell, outcome), _end_text,
            (st, att.spell, outcome), attempt=att.kind, caster=att.caster,
            spell=att.spell, outcome=outcome, irresistible=att.irresistible,
            miscast=att.miscast_roll)


def _end_text(st: Wh6State, spell_id: str, outcome: str) -> Text:
    spell = st.spell(spell_id)
    return Text(f"{spell.name.en}: {outcome.replace('_', ' ')}",
                f"{spell.name.es}: {_OUTCOME_ES.get(outcome, outcome)}")


_OUTCOME_ES = {"failed": "fallido", "miscast": "disfunción", "dispelled": "dispersado",
               "resolved": "resuelto", "no_effect": "sin efecto", "irresistible": "irresistible"}
