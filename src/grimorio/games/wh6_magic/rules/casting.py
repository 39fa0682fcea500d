"""Declaring and rolling a casting attempt (WH6 §1, WH6 §4, WH6 §5, WH6 §6), bound items (WH6-X8).

Flow: `declare` spends the dice and rolls; a re-roll may be offered (WH6-6.3); `evaluate` applies
the checks in the order of WH6-4.8; a cast spell opens the opponent's dispel window (WH6-7.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.actions import Bound, Cast
from grimorio.games.wh6_magic.decisions import Reroll
from grimorio.games.wh6_magic.model import Attempt, Character
from grimorio.games.wh6_magic.rules import dispel, effects, miscast
from grimorio.games.wh6_magic.rules.hooks import irresistible_rule
from grimorio.games.wh6_magic.rules.targets import dice_text, refuse, target_problem

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
    c = st.chars.get(a.wizard)
    if c is None:
        return refuse("WH6-1.2", f"there is no wizard {a.wizard!r}",
                      f"no hay ningún hechicero {a.wizard!r}")
    if c.side != st.active:
        return refuse("WH6-1.1", f"only the active player casts; {c.name.en} is the opponent's",
                      f"solo lanza hechizos el jugador activo; {c.name.es} es del oponente")
    return (cast_ban(c) or spell_problem(st, c, a.spell) or _stones_problem(st, c, a.items)
            or dice_problem(st, c, a.dice, capped_dice(st, a.items))
            or target_problem(st, c.side, st.spell(a.spell), a.target))


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
        item = st.items.get(item_id)
        if item is None or item.bearer != c.id or st.item_def(item_id).kind != "power_dice":
            return refuse("WH6-X9", f"{item_id!r} is not a power item carried by {c.name.en}",
                          f"{item_id!r} no es un objeto de energía que lleve {c.name.es}")
        if item.spent:
            return refuse("WH6-X9", f"{item_id} is used up", f"{item_id} ya se ha gastado")
    return None


# ------------------------------------------------------------------------------ casting

def declare(st: Wh6State, a: Cast) -> None:
    """Announce the attempt (WH6-1.2, WH6-1.3, WH6-A24), spend the dice (WH6-4.7) and roll."""
    c = st.chars[a.wizard]
    spell = st.spell(a.spell)
    att = Attempt("spell", c.side, c.id, a.spell, a.target or c.id)
    att.pool_dice, att.items = a.dice, a.items
    att.modifier = c.cast_bonus + st.modifier(c.id, "cast")
    st.attempt = att
    c.attempted = c.attempted | {a.spell}
    target = st.name(att.target) if a.target else Text("himself", "sí mismo")
    en, es = dice_text(a.dice, "power", "de energía")
    st.say("declare", "WH6-1.2", f"{c.name.en} attempts {spell.name.en} on {target.en} with "
           f"{en}", f"{c.name.es} intenta lanzar {spell.name.es} sobre {target.es} con {es}",
           wizard=c.id, spell=a.spell, target=att.target, dice=a.dice)
    announce(st, a.spell)
    st.power -= a.dice
    spent = "gastado" if a.dice == 1 else "gastados"
    st.say("dice_spent", "WH6-4.7", f"{en} spent from the pool ({st.power} left)",
           f"{es} {spent} de la reserva (quedan {st.power})",
           dice=a.dice, pool=st.power)
    for item_id in a.items:
        _use_stone(st, att, item_id)
    roll_casting(st, att)


def announce(st: Wh6State, spell_id: str) -> None:
    """Tell the other side the spell's difficulty, range and effects (WH6-1.3, WH6-A24)."""
    spell = st.spell(spell_id)
    summary = spell.summary()
    st.say("spell_info", "WH6-1.3", f"{spell.name.en}: {summary.en}",
           f"{spell.name.es}: {summary.es}", spell=spell_id, difficulty=spell.difficulty)


def _use_stone(st: Wh6State, att: Attempt, item_id: str) -> None:
    item, spec = st.items[item_id], st.item_def(item_id)
    if item.uses_left is not None:
        item.uses_left -= 1
    att.extra_dice += spec.dice
    st.say("power_stone", "WH6-X9", f"{spec.name.en} adds {spec.dice} casting dice",
           f"{spec.name.es} añade {spec.dice} dados de lanzamiento", item=item_id, dice=spec.dice)


def roll_casting(st: Wh6State, att: Attempt) -> None:
    """Roll the casting dice; offer a re-roll only when allowed (WH6-6.2, WH6-6.3)."""
    c = st.chars[att.caster]
    n = att.pool_dice + att.extra_dice
    att.dice = st.roll(n, Text(f"Casting dice of {c.name.en}", f"Dados de lanzamiento de "
                               f"{c.name.es}"), "WH6-4.2", wizard=c.id)
    verdict = doubles(st, att)
    if verdict is None and reroll_source(st, att) is not None:
        st.say("reroll_offer", "WH6-6.3", f"{c.name.en} may re-roll the casting dice",
               f"{c.name.es} puede repetir los dados de lanzamiento", dice=list(att.dice))
        st.stack.push(Reroll(st.active, "cast"))
        return
    evaluate(st, att)


def doubles(st: Wh6State, att: Attempt) -> str | None:
    """The army's rule for miscasts and irresistible force (WH6-5.1 to 5.3, WH6-12.1)."""
    return irresistible_rule(st.battle.sides[att.side].irresistible_rule)(att.dice)


def reroll_source(st: Wh6State, att: Attempt) -> str | None:
    """An unspent casting re-roll item carried by the caster (WH6 §6), if any."""
    for item in st.items.values():
        if item.bearer == att.caster and not item.spent and \
                st.item_def(item.id).kind == "cast_reroll":
            return item.id
    return None


def reroll(st: Wh6State) -> None:
    """Re-roll every casting die: the re-roll can make a miscast but never IF (WH6-6.1, A4)."""
    st.stack.pop()
    att = st.attempt
    assert att is not None
    source = reroll_source(st, att)
    assert source is not None
    item = st.items[source]
    if item.uses_left is not None:
        item.uses_left -= 1
    att.rerolled = True
    name = st.item_def(source).name
    st.say("reroll", "WH6-6.3", f"{name.en}: the casting dice are rolled again",
           f"{name.es}: se repiten los dados de lanzamiento", item=source, old=list(att.dice))
    att.dice = st.roll(len(att.dice), Text("Re-rolled casting dice",
                                           "Dados de lanzamiento repetidos"), "WH6-6.1")
    evaluate(st, att)


def keep(st: Wh6State) -> None:
    st.stack.pop()
    assert st.attempt is not None
    evaluate(st, st.attempt)


def evaluate(st: Wh6State, att: Attempt) -> None:
    """Miscast, then IF, then minimum 3, then the difficulty (WH6-4.8)."""
    spell = st.spell(att.spell)
    verdict = doubles(st, att)
    shown = "+".join(map(str, att.dice))
    if verdict == "miscast":
        _miscast(st, att, shown)
        return
    if verdict == "irresistible" and att.rerolled:
        st.say("no_if_after_reroll", "WH6-6.1", f"{shown}: two 6s after a re-roll are not "
               f"irresistible force, they just add up", f"{shown}: dos 6 tras una repetición no "
               f"son Fuerza Irresistible, solo suman", dice=list(att.dice))
    elif verdict == "irresistible":
        att.outcome, att.irresistible = "irresistible", True
        att.natural = sum(att.dice)
        att.result = att.natural + att.modifier
        st.say("irresistible", "WH6-5.2", f"{shown}: two or more 6s — {spell.name.en} is cast "
               f"with Irresistible Force", f"{shown}: dos o más 6 — {spell.name.es} se lanza con "
               f"Fuerza Irresistible", dice=list(att.dice))
        st.say("no_dispel", "WH6-5.4", "A spell cast with Irresistible Force cannot be dispelled",
               "Un hechizo lanzado con Fuerza Irresistible no se puede dispersar")
        dispel.offer_vs_irresistible(st, att)
        return
    _compare(st, att, shown)


def _miscast(st: Wh6State, att: Attempt, shown: str) -> None:
    sixes = sum(1 for d in att.dice if d == 6) >= 2
    rule = "WH6-A4" if att.rerolled else ("WH6-5.3" if sixes else "WH6-5.1")
    extra = (Text(" (a miscast beats Irresistible Force)", " (la disfunción tiene prioridad "
                  "sobre la Fuerza Irresistible)") if sixes else Text("", ""))
    st.say("miscast", rule, f"{shown}: two or more 1s — miscast{extra.en}",
           f"{shown}: dos o más 1 — disfunción{extra.es}", dice=list(att.dice),
           rerolled=att.rerolled)
    miscast.miscast(st, att)


def _compare(st: Wh6State, att: Attempt, shown: str) -> None:
    spell = st.spell(att.spell)
    att.natural = sum(att.dice)
    att.result = att.natural + att.modifier
    mod = f" {att.modifier:+d} = {att.result}" if att.modifier else ""
    data = {"dice": list(att.dice), "natural": att.natural, "modifier": att.modifier,
            "result": att.result, "difficulty": spell.difficulty}
    if att.natural <= 2:
        att.outcome = "failed"
        st.say("cast_fails", "WH6-4.3", f"Natural total {shown} = {att.natural}{mod}: a natural "
               f"total under 3 always fails", f"Total natural {shown} = {att.natural}{mod}: un "
               f"total natural menor que 3 siempre falla", **data)
        effects.finish(st, att)
    elif att.result <= 2:
        att.outcome = "failed"
        st.say("cast_fails", "WH6-A1", f"Casting roll {shown} = {att.natural}{mod}: a casting "
               f"result under 3 fails too", f"Tirada de lanzamiento {shown} = {att.natural}{mod}: "
               f"un resultado menor que 3 también falla", **data)
        effects.finish(st, att)
    elif att.result < spell.difficulty:
        att.outcome = "failed"
        st.say("cast_fails", "WH6-4.5", f"Casting roll {shown} = {att.natural}{mod} < difficulty "
               f"{spell.difficulty}: {spell.name.en} is not cast", f"Tirada de lanzamiento {shown}"
               f" = {att.natural}{mod} < dificultad {spell.difficulty}: {spell.name.es} no se "
               f"lanza", **data)
        effects.finish(st, att)
    else:
        att.outcome = "cast"
        st.say("cast", "WH6-4.6", f"Casting roll {shown} = {att.natural}{mod} ≥ difficulty "
               f"{spell.difficulty}: the spell is cast", f"Tirada de lanzamiento {shown} = "
               f"{att.natural}{mod} ≥ dificultad {spell.difficulty}: el hechizo se lanza", **data)
        att.needed = att.result
        dispel.open_window(st, att, st.opponent, "dispel")


# ------------------------------------------------------------------------------ bound items

def check_bound(st: Wh6State, a: Bound) -> IllegalAction | None:
    """A bound-spell item (WH6-X8): usable despite miscasts 5 and 6-7, not after 8-9."""
    bearer = st.troop(a.bearer)
    instance = f"{a.bearer}.{a.item}"
    item = st.items.get(instance)
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


def use_bound(st: Wh6State, a: Bound) -> None:
    """Cast automatically at its power level; no dice, no miscast, no IF (WH6-X8)."""
    instance = f"{a.bearer}.{a.item}"
    item, spec = st.items[instance], st.item_def(instance)
    item.used_phase = st.phase
    if item.uses_left is not None:
        item.uses_left -= 1
    bearer = st.troop(a.bearer)
    assert bearer is not None
    att = Attempt("bound", bearer.side, a.bearer, spec.spell, a.target or a.bearer)
    att.item, att.result, att.needed, att.outcome = instance, spec.power, spec.power, "cast"
    st.attempt = att
    spell = st.spell(spec.spell)
    st.say("bound", "WH6-X8", f"{bearer.name.en} uses {spec.name.en}: {spell.name.en} at power "
           f"level {spec.power} on {st.name(att.target).en}", f"{bearer.name.es} usa "
           f"{spec.name.es}: {spell.name.es} con nivel de energía {spec.power} sobre "
           f"{st.name(att.target).es}", item=instance, spell=spec.spell, power=spec.power,
           target=att.target)
    announce(st, spec.spell)
    dispel.open_window(st, att, st.opponent, "dispel")
