"""Declaring and rolling a casting attempt (WH6 §1, WH6 §4, WH6 §5, WH6 §6), bound items (WH6-X8).

Flow: `declare` spends the dice and rolls; a re-roll may be offered (WH6-6.3); `evaluate` applies
the checks in the order of WH6-4.8; a cast spell opens the opponent's dispel window (WH6-7.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.actions import Bound, Cast
from grimorio.games.wh6_magic.data import ItemDef, SpellDef
from grimorio.games.wh6_magic.decisions import reroll_decision
from grimorio.games.wh6_magic.model import Attempt, Character
from grimorio.games.wh6_magic.rules import dispel, effects, miscast
from grimorio.games.wh6_magic.rules.hooks import RULES, irresistible_rule
from grimorio.games.wh6_magic.rules.targets import dice_text, refuse, target_ok, target_problem

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State

BAN_RULES = {
    "hurled": ("WH6-11.2", "is still dazed from being hurled and needs a 6 at the start of a "
               "magic phase", "sigue aturdido tras salir despedido y necesita un 6 al inicio de "
               "una fase de magia"),
    "knocked_down": ("WH6-11.7", "was knocked down and cannot cast this turn or in his next "
                     "turn", "fue derribado y no puede lanzar hechizos ni este turno ni en su "
                     "siguiente turno"),
    "lost_control": ("WH6-11.8", "lost control and cannot cast again this magic phase",
                     "perdió el control y no puede lanzar más hechizos en esta fase de magia"),
    "drained": ("WH6-11.12", "is at level 0 and can never cast again",
                "está a nivel 0 y no puede volver a lanzar hechizos"),
    "daemonic": ("WH6-11.13", "was assailed by a daemon and can never cast again",
                 "fue asaltado por un demonio y no puede volver a lanzar hechizos"),
}
BAN_ORDER = ("daemonic", "drained", "hurled", "knocked_down", "lost_control")
_BANNING = frozenset(BAN_ORDER)


# ------------------------------------------------------------------------------ who may cast

def cast_ban(c: Character) -> IllegalAction | None:
    """Why wizard `c` cannot cast spells at all right now, or None."""
    if not c.wizard:
        return refuse("WH6-1.2", f"{c.name.en} is not a wizard", f"{c.name.es} no es hechicero")
    if c.slain:
        return refuse("WH6-1.2", f"{c.name.en} is slain", f"{c.name.es} ha muerto")
    if c.fleeing:
        return refuse("WH6-X11", f"{c.name.en} is fleeing and cannot cast",
                      f"{c.name.es} está huyendo y no puede lanzar hechizos")
    for kind in BAN_ORDER:
        if c.has_ban(kind):
            rule, en, es = BAN_RULES[kind]
            return refuse(rule, f"{c.name.en} {en}", f"{c.name.es} {es}")
    return None


def can_cast(c: Character) -> bool:
    """`cast_ban(c) is None`, without building the reason (the legal list is hot)."""
    if not c.wizard or c.slain or c.fleeing:
        return False
    return not c.bans or not any(ban.kind in _BANNING for ban in c.bans)


def max_dice(c: Character) -> int:
    """Level + 1, from the current level (WH6-1.6, WH6-A17)."""
    return c.level + 1


def spell_problem(st: Wh6State, c: Character, spell_id: str) -> IllegalAction | None:
    """Why `c` may not attempt `spell_id` now (unknown, lost, already attempted), or None."""
    if spell_id not in c.spells or spell_id not in st.battle.spells:
        return refuse("WH6-1.2", f"{c.name.en} does not know a spell {spell_id!r}",
                      f"{c.name.es} no conoce ningún hechizo {spell_id!r}")
    name = st.spell(spell_id).name
    if spell_id in c.lost:
        return refuse("WH6-11.11", f"{c.name.en} lost {name.en} to a miscast for the battle",
                      f"{c.name.es} perdió {name.es} por una disfunción para toda la batalla")
    if spell_id in c.attempted:
        return refuse("WH6-1.4", f"{c.name.en} already attempted {name.en} this magic phase",
                      f"{c.name.es} ya intentó lanzar {name.es} en esta fase de magia")
    return None


def check_cast(st: Wh6State, a: Cast) -> IllegalAction | None:
    """Every check of a declaration (WH6-1.1 to WH6-1.7, WH6 §2)."""
    c = st.char_map.get(a.wizard)
    if c is None:
        return refuse("WH6-1.2", f"there is no wizard {a.wizard!r}",
                      f"no hay ningún hechicero {a.wizard!r}")
    if c.side != st.active:
        return refuse("WH6-1.1", f"only the active player casts; {c.name.en} is the opponent's",
                      f"solo lanza hechizos el jugador activo; {c.name.es} es del oponente")
    return (cast_ban(c) or spell_problem(st, c, a.spell) or _stones_problem(st, c, a.items)
            or dice_problem(st, c, a.dice, capped_dice(st, a.items))
            or target_problem(st, c.side, st.spell(a.spell), a.target))


def spell_ok(st: Wh6State, c: Character, spell_id: str) -> bool:
    """`spell_problem(st, c, spell_id) is None`, without building the reason."""
    return spell_id in c.spells and spell_id in st.battle.spells and spell_id not in c.lost \
        and spell_id not in c.attempted


def cast_ok(st: Wh6State, a: Cast) -> bool:
    """`check_cast(st, a) is None`, without building reasons."""
    c = st.char_map.get(a.wizard)
    if c is None or c.side != st.active or not can_cast(c):
        return False
    if not spell_ok(st, c, a.spell):
        return False
    capped = 0
    if a.items:
        if len(set(a.items)) != len(a.items):
            return False
        kinds = st.battle.index.kind
        for item_id in a.items:
            item = st.item_map.get(item_id)
            if item is None or item.bearer != c.id or kinds[item_id] != "power_dice" \
                    or item.spent:
                return False
        capped = capped_dice(st, a.items)
    if a.dice < 1 or a.dice + capped > max_dice(c) or a.dice > st.power:
        return False
    return target_ok(st, c.side, st.spell(a.spell), a.target)


def capped_dice(st: Wh6State, items: tuple[str, ...]) -> int:
    """Extra casting dice from power items that count towards level + 1 (those without
    `exceeds_max`, WH6-1.6, WH6-X9)."""
    return sum(st.item_def(i).dice for i in items if not st.item_def(i).exceeds_max)


def dice_problem(st: Wh6State, c: Character, dice: int, capped: int = 0) -> IllegalAction | None:
    """Pool dice between 1 and level + 1, counting the item dice that may not exceed it."""
    if dice < 1 or dice + capped > max_dice(c):
        most = max_dice(c)
        extra = (f" (plus {capped} from an item)", f" (más {capped} de un objeto)") if capped \
            else ("", "")
        return refuse("WH6-1.6", f"{c.name.en} (level {c.level}) may use 1 to {most} power "
                      f"dice in all, not {dice}{extra[0]}", f"{c.name.es} (nivel {c.level}) "
                      f"puede usar de 1 a {most} dados de energía en total, no {dice}{extra[1]}")
    if dice > st.power:
        return refuse("WH6-1.7", f"only {st.power} power dice are left in the pool",
                      f"solo quedan {st.power} dados de energía en la reserva")
    return None


def _stones_problem(st: Wh6State, c: Character, items: tuple[str, ...]) -> IllegalAction | None:
    if len(set(items)) != len(items):
        return refuse("WH6-X9", "an item is listed twice", "un objeto aparece dos veces")
    for item_id in items:
        item = st.item_map.get(item_id)
        if item is None or item.bearer != c.id or st.item_def(item_id).kind != "power_dice":
            return refuse("WH6-X9", f"{item_id!r} is not a power item carried by {c.name.en}",
                          f"{item_id!r} no es un objeto de energía que lleve {c.name.es}")
        if item.spent:
            return refuse("WH6-X9", f"{item_id} is used up", f"{item_id} ya se ha gastado")
    return None


# ------------------------------------------------------------------------------ casting

def declare(st: Wh6State, a: Cast) -> None:
    """Announce the attempt (WH6-1.2, WH6-1.3, WH6-A24), spend the dice (WH6-4.7) and roll."""
    c = st.char_w(a.wizard)
    att = Attempt("spell", c.side, c.id, a.spell, a.target or c.id)
    att.pool_dice, att.items = a.dice, a.items
    att.modifier = c.cast_bonus + st.modifier(c.id, "cast") if st.in_play else c.cast_bonus
    st.attempt = att
    c.attempted = c.attempted | {a.spell}
    if st.quiet:
        st.power -= a.dice
    else:
        st.tell("declare", "WH6-1.2", ("declare", c.id, a.spell, a.target, a.dice),
                _declare_text, (st, c, a), wizard=c.id, spell=a.spell, target=att.target,
                dice=a.dice)
        announce(st, a.spell)
        st.power -= a.dice
        st.tell("dice_spent", "WH6-4.7", ("dice_spent", a.dice, st.power), _spent_text,
                (a.dice, st.power), dice=a.dice, pool=st.power)
    for item_id in a.items:
        _use_stone(st, att, item_id)
    roll_casting(st, att)


def _declare_text(st: Wh6State, c: Character, a: Cast) -> Text:
    spell = st.spell(a.spell)
    target = st.name(a.target) if a.target else Text("himself", "sí mismo")
    en, es = dice_text(a.dice, "power", "de energía")
    return Text(f"{c.name.en} attempts {spell.name.en} on {target.en} with {en}",
                f"{c.name.es} intenta lanzar {spell.name.es} sobre {target.es} con {es}")


def _spent_text(dice: int, left: int) -> Text:
    en, es = dice_text(dice, "power", "de energía")
    spent = "gastado" if dice == 1 else "gastados"
    return Text(f"{en} spent from the pool ({left} left)",
                f"{es} {spent} de la reserva (quedan {left})")


def announce(st: Wh6State, spell_id: str) -> None:
    """Tell the other side the spell's difficulty, range and effects (WH6-1.3, WH6-A24)."""
    if st.quiet:
        return
    spell = st.spell(spell_id)
    st.tell("spell_info", "WH6-1.3", ("spell_info", spell_id), _info_text, (st, spell),
            spell=spell_id, difficulty=spell.difficulty)


def _info_text(st: Wh6State, spell: SpellDef) -> Text:
    summary = st.battle.index.summary(spell.id)
    return Text(f"{spell.name.en}: {summary.en}", f"{spell.name.es}: {summary.es}")


def _use_stone(st: Wh6State, att: Attempt, item_id: str) -> None:
    st.use_item(item_id)
    spec = st.item_def(item_id)
    att.extra_dice += spec.dice
    if st.quiet:
        return
    st.say("power_stone", "WH6-X9", f"{spec.name.en} adds {spec.dice} casting dice",
           f"{spec.name.es} añade {spec.dice} dados de lanzamiento", item=item_id, dice=spec.dice)


def roll_casting(st: Wh6State, att: Attempt) -> None:
    """Roll the casting dice; offer a re-roll only when allowed (WH6-6.2, WH6-6.3)."""
    c = st.char_map[att.caster]
    n = att.pool_dice + att.extra_dice
    if st.quiet:
        att.dice = st.throw(n)
    else:
        purpose = st.battle.index.text(("casting_dice", c.id), _purpose_text, c)
        att.dice = st.roll_dice(n, purpose, "WH6-4.2", wizard=c.id)
    verdict = doubles(st, att)
    if verdict is None and st.battle.index.carried.get((att.caster, "cast_reroll")) \
            and reroll_source(st, att) is not None:
        if not st.quiet:
            st.tell("reroll_offer", "WH6-6.3", ("cast_reroll_offer", c.id), _offer_text, (c,),
                    dice=list(att.dice))
        st.stack.push(reroll_decision(st.active, "cast"))
        return
    _evaluate(st, att, verdict)


def _offer_text(c: Character) -> Text:
    return Text(f"{c.name.en} may re-roll the casting dice",
                f"{c.name.es} puede repetir los dados de lanzamiento")


def _purpose_text(c: Character) -> Text:
    return Text(f"Casting dice of {c.name.en}", f"Dados de lanzamiento de {c.name.es}")


def doubles(st: Wh6State, att: Attempt) -> str | None:
    """The army's rule for miscasts and irresistible force (WH6-5.1 to 5.3, WH6-12.1)."""
    name = st.battle.sides[att.side].irresistible_rule
    return (RULES.get(name) or irresistible_rule(name))(att.dice)


def reroll_source(st: Wh6State, att: Attempt) -> str | None:
    """An unspent casting re-roll item carried by the caster (WH6 §6), if any."""
    for item_id in st.battle.index.items_of(att.caster, "cast_reroll"):
        if not st.item_map[item_id].spent:
            return item_id
    return None


def reroll(st: Wh6State) -> None:
    """Re-roll every casting die: the re-roll can make a miscast but never IF (WH6-6.1, A4)."""
    st.stack.pop()
    att = st.attempt
    assert att is not None
    source = reroll_source(st, att)
    assert source is not None
    st.use_item(source)
    att.rerolled = True
    if st.quiet:
        att.dice = st.throw(len(att.dice))
    else:
        name = st.item_def(source).name
        st.say("reroll", "WH6-6.3", f"{name.en}: the casting dice are rolled again",
               f"{name.es}: se repiten los dados de lanzamiento", item=source,
               old=list(att.dice))
        att.dice = st.roll_dice(len(att.dice), Text("Re-rolled casting dice",
                                                    "Dados de lanzamiento repetidos"), "WH6-6.1")
    evaluate(st, att)


def keep(st: Wh6State) -> None:
    st.stack.pop()
    assert st.attempt is not None
    evaluate(st, st.attempt)


def evaluate(st: Wh6State, att: Attempt) -> None:
    """Miscast, then IF, then minimum 3, then the difficulty (WH6-4.8)."""
    _evaluate(st, att, doubles(st, att))


def _evaluate(st: Wh6State, att: Attempt, verdict: str | None) -> None:
    if verdict is None:  # the usual case: compare with the difficulty
        _compare(st, att)
        return
    shown = "" if st.quiet else "+".join(map(str, att.dice))
    if verdict == "miscast":
        _miscast(st, att, shown)
        return
    if verdict == "irresistible" and att.rerolled and not st.quiet:
        st.say("no_if_after_reroll", "WH6-6.1", f"{shown}: two 6s after a re-roll are not "
               f"irresistible force, they just add up", f"{shown}: dos 6 tras una repetición no "
               f"son Fuerza Irresistible, solo suman", dice=list(att.dice))
    elif verdict == "irresistible" and not att.rerolled:
        att.outcome, att.irresistible = "irresistible", True
        att.natural = sum(att.dice)
        att.result = att.natural + att.modifier
        if not st.quiet:
            name = st.spell(att.spell).name
            st.say("irresistible", "WH6-5.2", f"{shown}: two or more 6s — {name.en} is cast "
                   f"with Irresistible Force", f"{shown}: dos o más 6 — {name.es} se lanza con "
                   f"Fuerza Irresistible", dice=list(att.dice))
            st.say("no_dispel", "WH6-5.4", "A spell cast with Irresistible Force cannot be "
                   "dispelled", "Un hechizo lanzado con Fuerza Irresistible no se puede "
                   "dispersar")
        dispel.offer_vs_irresistible(st, att)
        return
    _compare(st, att)


def _miscast(st: Wh6State, att: Attempt, shown: str) -> None:
    sixes = sum(1 for d in att.dice if d == 6) >= 2
    rule = "WH6-A4" if att.rerolled else ("WH6-5.3" if sixes else "WH6-5.1")
    extra = (Text(" (a miscast beats Irresistible Force)", " (la disfunción tiene prioridad "
                  "sobre la Fuerza Irresistible)") if sixes else Text("", ""))
    st.say("miscast", rule, f"{shown}: two or more 1s — miscast{extra.en}",
           f"{shown}: dos o más 1 — disfunción{extra.es}", dice=list(att.dice),
           rerolled=att.rerolled)
    miscast.miscast(st, att)


def _compare(st: Wh6State, att: Attempt) -> None:
    spell = st.spell(att.spell)
    att.natural = sum(att.dice)
    att.result = att.natural + att.modifier
    if att.natural <= 2:
        rule = "WH6-4.3"
    elif att.result <= 2:
        rule = "WH6-A1"
    elif att.result < spell.difficulty:
        rule = "WH6-4.5"
    else:
        rule = "WH6-4.6"
    att.outcome = "cast" if rule == "WH6-4.6" else "failed"
    if not st.quiet:
        key = ("compare", rule, att.spell, att.dice, att.modifier) if len(att.dice) <= 3 \
            else None  # many more dice: too many messages to keep
        st.tell("cast" if rule == "WH6-4.6" else "cast_fails", rule, key, _compare_text,
                (att, spell, rule), dice=list(att.dice), natural=att.natural,
                modifier=att.modifier, result=att.result, difficulty=spell.difficulty)
    if rule == "WH6-4.6":
        att.needed = att.result
        dispel.open_window(st, att, st.opponent, "dispel")
    else:
        effects.finish(st, att)


def _compare_text(att: Attempt, spell: SpellDef, rule: str) -> Text:
    shown = "+".join(map(str, att.dice))
    mod = f" {att.modifier:+d} = {att.result}" if att.modifier else ""
    if rule == "WH6-4.3":
        return Text(f"Natural total {shown} = {att.natural}{mod}: a natural total under 3 always "
                    f"fails", f"Total natural {shown} = {att.natural}{mod}: un total natural "
                    f"menor que 3 siempre falla")
    if rule == "WH6-A1":
        return Text(f"Casting roll {shown} = {att.natural}{mod}: a casting result under 3 fails "
                    f"too", f"Tirada de lanzamiento {shown} = {att.natural}{mod}: un resultado "
                    f"menor que 3 también falla")
    if rule == "WH6-4.5":
        return Text(f"Casting roll {shown} = {att.natural}{mod} < difficulty {spell.difficulty}: "
                    f"{spell.name.en} is not cast", f"Tirada de lanzamiento {shown} = "
                    f"{att.natural}{mod} < dificultad {spell.difficulty}: {spell.name.es} no se "
                    f"lanza")
    return Text(f"Casting roll {shown} = {att.natural}{mod} ≥ difficulty {spell.difficulty}: "
                f"the spell is cast", f"Tirada de lanzamiento {shown} = {att.natural}{mod} ≥ "
                f"dificultad {spell.difficulty}: el hechizo se lanza")


# ------------------------------------------------------------------------------ bound items

def check_bound(st: Wh6State, a: Bound) -> IllegalAction | None:
    """A bound-spell item (WH6-X8): usable despite miscasts 5 and 6-7, not after 8-9."""
    bearer = st.troop(a.bearer)
    instance = f"{a.bearer}.{a.item}"
    item = st.item_map.get(instance)
    if bearer is None or item is None or st.item_def(instance).kind != "bound_spell":
        return refuse("WH6-X8", f"{a.bearer!r} carries no bound-spell item {a.item!r}",
                      f"{a.bearer!r} no lleva ningún objeto portahechizos {a.item!r}")
    if bearer.side != st.active:
        return refuse("WH6-1.1", "only the active player uses bound items in his phase",
                      "solo el jugador activo usa objetos portahechizos en su fase")
    if not st.alive(a.bearer) or bearer.fleeing:
        return refuse("WH6-X8", f"{bearer.name.en} cannot use items (slain or fleeing)",
                      f"{bearer.name.es} no puede usar objetos (muerto o huyendo)")
    if item.spent or item.used_phase == st.phase:
        return refuse("WH6-X8", f"{instance} was already used (once per magic phase)",
                      f"{instance} ya se ha usado (una vez por fase de magia)")
    spell = st.spell(st.item_def(instance).spell)
    return target_problem(st, bearer.side, spell, a.target)


def bound_usable(st: Wh6State, bearer_id: str, instance: str) -> bool:
    """The bearer can act and the item is unspent and not yet used this phase (WH6-X8)."""
    bearer = st.troop(bearer_id)
    item = st.item_map.get(instance)
    if bearer is None or item is None or bearer.side != st.active:
        return False
    if not st.alive(bearer_id) or bearer.fleeing:
        return False
    return not item.spent and item.used_phase != st.phase


def bound_ok(st: Wh6State, a: Bound) -> bool:
    """`check_bound(st, a) is None`, without building reasons."""
    instance = f"{a.bearer}.{a.item}"
    if st.battle.index.kind.get(instance) != "bound_spell":
        return False
    bearer = st.troop(a.bearer)
    if bearer is None or not bound_usable(st, a.bearer, instance):
        return False
    spell = st.spell(st.item_def(instance).spell)
    return target_ok(st, bearer.side, spell, a.target)


def _bound_text(st: Wh6State, bearer: Text, spec: ItemDef, spell: SpellDef,
                target: str) -> Text:
    on = st.name(target)
    return Text(f"{bearer.en} uses {spec.name.en}: {spell.name.en} at power level {spec.power} "
                f"on {on.en}", f"{bearer.es} usa {spec.name.es}: {spell.name.es} con nivel de "
                f"energía {spec.power} sobre {on.es}")


def use_bound(st: Wh6State, a: Bound) -> None:
    """Cast automatically at its power level; no dice, no miscast, no IF (WH6-X8)."""
    instance = f"{a.bearer}.{a.item}"
    spec = st.item_def(instance)
    st.use_item(instance).used_phase = st.phase
    bearer = st.troop(a.bearer)
    assert bearer is not None
    att = Attempt("bound", bearer.side, a.bearer, spec.spell, a.target or a.bearer)
    att.item, att.result, att.needed, att.outcome = instance, spec.power, spec.power, "cast"
    st.attempt = att
    if not st.quiet:
        spell = st.spell(spec.spell)
        st.tell("bound", "WH6-X8", ("bound", instance, att.target), _bound_text,
                (st, bearer.name, spec, spell, att.target), item=instance, spell=spec.spell,
                power=spec.power, target=att.target)
        announce(st, spec.spell)
    dispel.open_window(st, att, st.opponent, "dispel")
