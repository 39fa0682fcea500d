"""Dispelling (WH6 §7), who dispels and which bonuses stack (WH6 §8), Dispel Scrolls (WH6-X9),
Magic Resistance (WH6-X10), dispel re-rolls (WH6-A5) and remains-in-play spells (WH6-X7).

A dispel works on a "subject": the attempt in play (its target and the result to beat) or, in the
remains-in-play step, a spell in play (its target and its casting value).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.actions import DONE, NODISPEL, Dispel, Scroll
from grimorio.games.wh6_magic.data import ItemDef
from grimorio.games.wh6_magic.decisions import (
    DispelWindow,
    RemainsDispel,
    dispel_window,
    reroll_decision,
)
from grimorio.games.wh6_magic.model import Attempt, Character, DispelRoll, InPlay, ItemState, Unit
from grimorio.games.wh6_magic.rules import effects
from grimorio.games.wh6_magic.rules.phase import rip_targets
from grimorio.games.wh6_magic.rules.targets import dice_text, refuse

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State

Window = DispelWindow | RemainsDispel
DISPEL_DICE = Text("Dispel dice", "Dados de dispersión")
DISPEL_REROLL_OFFER = Text("The dispel dice may be re-rolled",
                           "Se pueden repetir los dados de dispersión")


# ------------------------------------------------------------------------------ opening

def open_window(st: Wh6State, att: Attempt, seat: int, pool: str) -> None:
    """The spell is cast: `seat` may now dispel it (WH6-7.1), if he has any means to."""
    if can_dispel(st, seat, pool, att.target):
        if not st.quiet:
            own = st.troop(att.target)
            rule = ("WH6-11.6" if att.kind == "free"
                    else "WH6-A6" if own is not None and own.side == att.side else "WH6-7.1")
            st.tell("dispel_window", rule, ("dispel_window", seat, att.needed), _window_text,
                    (st, seat, att.needed), seat=seat, needed=att.needed)
        st.stack.push(dispel_window(seat, pool))
        return
    if not st.quiet:
        st.say("cannot_dispel", "WH6-7.12", f"{st.side_name(seat).en} has no dice or items to "
               f"dispel with", f"{st.side_name(seat).es} no tiene dados ni objetos para "
               f"dispersar", seat=seat)
    effects.resolve(st, att)


def _window_text(st: Wh6State, seat: int, needed: int) -> Text:
    side = st.side_name(seat)
    return Text(f"{side.en} may try to dispel (needs {needed} or more)",
                f"{side.es} puede intentar dispersar (necesita {needed} o más)")


def offer_vs_irresistible(st: Wh6State, att: Attempt) -> None:
    """Only an item whose own rules allow it may be used against IF (WH6-5.5)."""
    seat = 1 - att.side
    if scroll_bearers(st, seat, True):
        st.stack.push(dispel_window(seat, "dispel", True))
    else:
        effects.resolve(st, att)


def pool_size(st: Wh6State, pool: str) -> int:
    return st.power if pool == "power" else st.dispel


def spend(st: Wh6State, pool: str, dice: int) -> int:
    if pool == "power":
        st.power -= dice
        return st.power
    st.dispel -= dice
    return st.dispel


def can_dispel(st: Wh6State, seat: int, pool: str, target: str) -> bool:
    return ((st.power if pool == "power" else st.dispel) > 0
            or magic_resistance(st, seat, target) > 0 or has_scroll(st, seat))


def can_dispel_rip(st: Wh6State, seat: int, pool: str, rip_id: str) -> bool:
    effect = _rip(st, rip_id)
    return effect is not None and can_dispel(st, seat, pool, effect.target)


# ------------------------------------------------------------------------------ resources

def magic_resistance(st: Wh6State, seat: int, target: str) -> int:
    """Extra dice against a spell aimed at one of `seat`'s units: the best source (WH6-X10)."""
    troop = st.troop(target)
    if troop is None or troop.side != seat:
        return 0
    unit = troop if isinstance(troop, Unit) else st.unit_map.get(troop.in_unit or "")
    best = troop.magic_resistance
    if unit is not None:
        best = max(best, unit.magic_resistance)
        for char_id in unit.characters:
            best = max(best, st.char_map[char_id].magic_resistance)
    return best


def scroll_bearers(st: Wh6State, seat: int, vs_if: bool) -> list[str]:
    """Bearers of an unspent automatic dispel item able to use it now."""
    out = []
    for item_id in st.battle.index.side_items(seat, "auto_dispel"):
        item = st.item_map[item_id]
        if item.spent or (vs_if and not st.item_def(item_id).works_vs_if):
            continue
        if item.bearer not in out and _can_use(st, item.bearer):
            out.append(item.bearer)
    return out


def has_scroll(st: Wh6State, seat: int) -> bool:
    """`bool(scroll_bearers(st, seat, False))`, stopping at the first."""
    for item_id in st.battle.index.side_items(seat, "auto_dispel"):
        item = st.item_map[item_id]
        if not item.spent and _can_use(st, item.bearer):
            return True
    return False


def _can_use(st: Wh6State, ref: str) -> bool:
    troop = st.troop(ref)
    return troop is not None and st.alive(ref) and not troop.fleeing


def tied_bonus_holders(st: Wh6State, seat: int) -> list[str]:
    """Characters whose own dispel bonus forces a nomination (WH6-8.1); never fleeing (8.5)."""
    out = []
    index, chars, items = st.battle.index, st.char_map, st.item_map
    for char_id in index.bonus_holders[seat]:  # those with a bonus or a tied item at all
        c = chars[char_id]
        if c.slain or c.fleeing:  # _can_use, for a character
            continue
        if c.dispel_bonus or any(not items[i].spent for i in index.tied.get(char_id, ())):
            out.append(char_id)
    return out


def _bearer_unit(st: Wh6State, bearer: str) -> str:
    troop = st.troop(bearer)
    if isinstance(troop, Character) and troop.in_unit is not None:
        return troop.in_unit
    return bearer


def _affects(st: Wh6State, target: str, unit: str) -> bool:
    troop = st.troop(target)
    return target == unit or (isinstance(troop, Character) and troop.in_unit == unit)


def bonus_items(st: Wh6State, seat: int, target: str) -> list[ItemState]:
    """Dispel bonus items of `seat` usable against a spell on `target` (WH6-7.5, WH6-8.4)."""
    out = []
    for item_id in st.battle.index.side_items(seat, "dispel_bonus"):
        item = st.item_map[item_id]
        spec = st.item_def(item_id)
        if item.spent or not _can_use(st, item.bearer):
            continue
        if spec.not_for_bearer_unit and _affects(st, target, _bearer_unit(st, item.bearer)):
            continue
        out.append(item)
    return out


# ------------------------------------------------------------------------------ checks

def subject(st: Wh6State, top: Window, spell: str) -> tuple[str, int]:
    """(target, value to reach) of what is being dispelled."""
    if isinstance(top, RemainsDispel):
        effect = _rip(st, spell)
        assert effect is not None
        return effect.target, st.spell(effect.spell).difficulty
    assert st.attempt is not None
    return st.attempt.target, st.attempt.needed


def _rip(st: Wh6State, rip_id: str) -> InPlay | None:
    return next((e for e in st.in_play if e.id == rip_id), None)


def check_window(st: Wh6State, top: Window, spell: str) -> IllegalAction | None:
    """The `spell=` option belongs to the remains-in-play step only (WH6-X7)."""
    if isinstance(top, DispelWindow):
        if spell:
            return refuse("WH6-X7", "spell= names a remains-in-play spell; leave it out here",
                          "spell= nombra un hechizo que permanece en juego; aquí no se usa")
        return None
    if spell not in rip_targets(st, top.seat):
        return refuse("WH6-X7", f"{spell or '(none)'} is not an enemy remains-in-play spell you "
                      f"may dispel now", f"{spell or '(ninguno)'} no es un hechizo enemigo que "
                      f"permanece en juego y que puedas dispersar ahora")
    if spell in top.tried:
        return refuse("WH6-7.2", f"{spell} was already the subject of a dispel attempt",
                      f"ya se intentó dispersar {spell}")
    return None


def check_dispel(st: Wh6State, top: Window, a: Dispel) -> IllegalAction | None:
    """Dice (WH6-7.12, WH6-A25), nominated dispeller (WH6-8.1, 8.5) and items (7.5, 8.2-8.4)."""
    problem = check_window(st, top, a.spell)
    if problem is not None:
        return problem
    if isinstance(top, DispelWindow) and top.if_only:
        return refuse("WH6-5.4", "a spell cast with Irresistible Force cannot be dispelled with "
                      "dice", "un hechizo lanzado con Fuerza Irresistible no se puede dispersar "
                      "con dados")
    target, _ = subject(st, top, a.spell)
    return (_dice_problem(st, top, a.dice, target) or _by_problem(st, top.seat, a.by)
            or _items_problem(st, top.seat, a, target))


def _dice_problem(st: Wh6State, top: Window, dice: int, target: str) -> IllegalAction | None:
    pool = pool_size(st, top.pool)
    extra = magic_resistance(st, top.seat, target)
    rule = "WH6-A10" if top.pool == "power" and isinstance(top, DispelWindow) else "WH6-7.12"
    if dice < 0 or (dice == 0 and extra == 0):
        return refuse("WH6-A25" if dice == 0 else rule, "a dispel needs at least one die from "
                      "the pool (unless Magic Resistance gives dice)", "una dispersión necesita "
                      "al menos un dado de la reserva (salvo dados de Resistencia a la Magia)")
    if dice > pool:
        return refuse(rule, f"only {pool} dice are left in the pool",
                      f"solo quedan {pool} dados en la reserva")
    return None


def _by_problem(st: Wh6State, seat: int, by: str) -> IllegalAction | None:
    if not by:
        holders = tied_bonus_holders(st, seat)
        if holders:
            return refuse("WH6-8.1", f"name the dispeller with by= (one of {', '.join(holders)})",
                          f"indica quién dispersa con by= (uno de {', '.join(holders)})")
        return None
    c = st.char_map.get(by)
    if c is None or c.side != seat or c.slain:
        return refuse("WH6-8.1", f"{by!r} is not a living character of yours",
                      f"{by!r} no es un personaje tuyo con vida")
    if c.fleeing:
        return refuse("WH6-8.5", f"{c.name.en} is fleeing and cannot dispel",
                      f"{c.name.es} está huyendo y no puede dispersar")
    return None


def _items_problem(st: Wh6State, seat: int, a: Dispel, target: str) -> IllegalAction | None:
    if len(set(a.items)) != len(a.items):
        return refuse("WH6-7.5", "an item is declared twice", "un objeto se declara dos veces")
    for item_id in a.items:
        problem = _item_problem(st, seat, item_id, a.by, target)
        if problem is not None:
            return problem
    return None


def _item_problem(st: Wh6State, seat: int, item_id: str, by: str,
                  target: str) -> IllegalAction | None:
    item = st.item_map.get(item_id)
    if item is None or item.side != seat or st.item_def(item_id).kind != "dispel_bonus":
        return refuse("WH6-7.5", f"{item_id!r} is not a dispel item of yours",
                      f"{item_id!r} no es un objeto de dispersión tuyo")
    spec = st.item_def(item_id)
    if item.spent or not st.alive(item.bearer):
        return refuse("WH6-7.5", f"{item_id} cannot be used any more",
                      f"{item_id} ya no se puede usar")
    troop = st.troop(item.bearer)
    if troop is not None and troop.fleeing:
        return refuse("WH6-8.5", f"{item_id}: its bearer is fleeing", f"{item_id}: su portador "
                      f"está huyendo")
    if spec.tied and st.battle.stacking == "recommended" and item.bearer != by:
        return refuse("WH6-8.2", f"{spec.name.en} only helps its bearer {item.bearer}'s own "
                      f"attempts: nominate {item.bearer} with by=", f"{spec.name.es} solo sirve "
                      f"en los intentos de su portador {item.bearer}: nómbralo con by=")
    if spec.not_for_bearer_unit and _affects(st, target, _bearer_unit(st, item.bearer)):
        return refuse("WH6-8.4", f"{spec.name.en} cannot be used against a spell on its bearer's "
                      f"unit", f"{spec.name.es} no se puede usar contra un hechizo sobre la unidad "
                      f"que lo porta")
    return None


def check_scroll(st: Wh6State, top: Window, a: Scroll) -> IllegalAction | None:
    problem = check_window(st, top, a.spell)
    if problem is not None:
        return problem
    if_only = isinstance(top, DispelWindow) and top.if_only
    if a.bearer not in scroll_bearers(st, top.seat, if_only):
        if if_only and a.bearer in scroll_bearers(st, top.seat, False):
            return refuse("WH6-5.5", "a Dispel Scroll cannot stop Irresistible Force",
                          "un Pergamino de Dispersión no puede detener la Fuerza Irresistible")
        troop = st.troop(a.bearer)
        if troop is not None and troop.fleeing:
            return refuse("WH6-8.5", f"{troop.name.en} is fleeing and cannot dispel",
                          f"{troop.name.es} está huyendo y no puede dispersar")
        return refuse("WH6-X9", f"{a.bearer!r} has no Dispel Scroll to use",
                      f"{a.bearer!r} no tiene ningún Pergamino de Dispersión que usar")
    return None


# ------------------------------------------------------------------------------ options

def options(st: Wh6State, top: Window) -> list[Action]:
    """The legal list: dice counts × sensible item choices, scrolls, and passing."""
    pool = pool_size(st, top.pool)
    if isinstance(top, DispelWindow):
        assert st.attempt is not None
        return [*_subject_options(st, top.seat, st.attempt.target, pool, top.if_only, ""),
                NODISPEL]
    out: list[Action] = []
    for spell in rip_targets(st, top.seat):
        if spell not in top.tried:
            target, _ = subject(st, top, spell)
            out += _subject_options(st, top.seat, target, pool, False, spell)
    out.append(DONE)
    return out


def _subject_options(st: Wh6State, seat: int, target: str, pool: int, if_only: bool,
                     spell: str) -> tuple[Action, ...]:
    """The dice attempts and scrolls against one subject. Kept in the state's `gear_cache`,
    which starts afresh whenever an item is used or a troop dies, moves or leaves its unit:
    nothing else changes them."""
    key = (seat, target, pool, if_only, spell)
    found: tuple[Action, ...] | None = st.gear_cache.get(key)
    if found is None:
        gear = st.gear_cache.get((seat, target, if_only))  # what does not depend on the pool
        if gear is None:
            low = 0 if magic_resistance(st, seat, target) else 1
            gear = st.gear_cache[seat, target, if_only] = (
                low, _choice_inputs(st, seat, target), tuple(scroll_bearers(st, seat, if_only)))
        low, inputs, bearers = gear
        dice = () if if_only else _dice_block(low, pool, *inputs, spell)
        found = st.gear_cache[key] = dice + _scrolls(bearers, spell) if bearers else dice
    return found


@functools.lru_cache(maxsize=1024)
def _scrolls(bearers: tuple[str, ...], spell: str) -> tuple[Scroll, ...]:
    return tuple(Scroll(b, spell) for b in bearers)


def item_choices(st: Wh6State, seat: int, target: str) -> list[tuple[str, tuple[str, ...]]]:
    """(dispeller, items) pairs worth offering: unlimited bonuses always declared, limited
    ones with or without."""
    return list(_choices(*_choice_inputs(st, seat, target)))


Usable = tuple[tuple[str, bool, str, bool], ...]  # (item, tied, bearer, unlimited) per item


def _choice_inputs(st: Wh6State, seat: int, target: str) -> tuple[tuple[str, ...], Usable, bool]:
    """What `item_choices` depends on: the nominees, the usable bonus items, the stacking."""
    usable = tuple((i.id, st.item_def(i.id).tied, i.bearer, i.uses_left is None)
                   for i in bonus_items(st, seat, target))
    return tuple(tied_bonus_holders(st, seat)), usable, st.battle.stacking == "all"


@functools.lru_cache(maxsize=4096)
def _choices(holders: tuple[str, ...], usable: Usable,
             stack_all: bool) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for by in holders or ("",):
        mine = [u for u in usable if not u[1] or stack_all or u[2] == by]
        base = [u[0] for u in mine if u[3]]
        optional = [u[0] for u in mine if not u[3]][:3]
        for size in range(len(optional) + 1):
            for extra in combinations(optional, size):
                out.append((by, tuple(sorted(base + list(extra)))))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _dice_block(low: int, high: int, holders: tuple[str, ...], usable: Usable, stack_all: bool,
                spell: str) -> tuple[Dispel, ...]:
    """Every dice count (`low`..`high`) with every item choice (actions are values: shared)."""
    return tuple(Dispel(n, by, items, spell) for by, items in _choices(holders, usable, stack_all)
                 for n in range(low, high + 1))


# ------------------------------------------------------------------------------ rolling

def dispel_with_dice(st: Wh6State, a: Dispel) -> None:
    """Declare (WH6-7.5, 8.1), spend (WH6-7.7), roll with Magic Resistance dice (WH6-X10)."""
    top = st.stack.top
    assert isinstance(top, DispelWindow | RemainsDispel)
    target, needed = subject(st, top, a.spell)
    _close(st, top, a.spell, needed)
    bonus = _declare(st, top.seat, a)
    left = spend(st, top.pool, a.dice)
    extra = magic_resistance(st, top.seat, target)
    if st.quiet:
        dice = st.throw(a.dice + extra)
    else:
        st.say_text("dispel_spent", "WH6-7.7", st.battle.index.text(
            ("dispel_spent", a.dice, left), _spent_text, a.dice, left), dice=a.dice, pool=left)
        if extra:
            st.say("magic_resistance", "WH6-X10", f"Magic Resistance adds {extra} dispel dice",
                   f"La Resistencia a la Magia añade {extra} dados de dispersión", dice=extra)
        dice = st.roll_dice(a.dice + extra, DISPEL_DICE, "WH6-7.12", seat=top.seat)
    judge(st, DispelRoll(dice, bonus, needed, top.seat), False)


def _item_text(spec: ItemDef) -> Text:
    return Text(f"{spec.name.en} declared: +{spec.bonus}", f"{spec.name.es} declarado: "
                f"+{spec.bonus}")


def _spent_text(dice: int, left: int) -> Text:
    en, es = dice_text(dice)
    return Text(f"{en} spent from the pool ({left} left)",
                f"{es} de la reserva gastado{'' if dice == 1 else 's'} (quedan {left})")


def _close(st: Wh6State, top: Window, spell: str, needed: int) -> None:
    """One attempt per spell (WH6-7.2): the window closes as the dice are declared."""
    if isinstance(top, DispelWindow):
        st.stack.pop()
        return
    st.stack.replace(RemainsDispel(top.seat, top.pool, (*top.tried, spell)))
    effect = _rip(st, spell)
    assert effect is not None
    att = Attempt("rip", effect.side, effect.caster, effect.spell, effect.target)
    att.rip, att.needed, att.outcome = spell, needed, "in_play"
    st.attempt = att


def _declare(st: Wh6State, seat: int, a: Dispel) -> int:
    bonus = 0
    if a.by:
        c = st.char_map[a.by]
        bonus += c.dispel_bonus
        if not st.quiet:
            ruined = c.has_ban("daemonic") or c.has_ban("drained")  # may still dispel (A18)
            st.say("dispeller", "WH6-A18" if ruined else "WH6-8.1",
                   f"{c.name.en} makes the dispel attempt"
                   + (f" (+{c.dispel_bonus} of his own)" if c.dispel_bonus else ""),
                   f"{c.name.es} realiza el intento de dispersión"
                   + (f" (+{c.dispel_bonus} propio)" if c.dispel_bonus else ""),
                   by=a.by, bonus=c.dispel_bonus)
    for item_id in a.items:
        spec = st.item_def(item_id)
        if st.item_map[item_id].uses_left is not None:
            st.use_item(item_id)
        bonus += spec.bonus
        if not st.quiet:
            text = st.battle.index.text(("dispel_item", spec.id), _item_text, spec)
            st.say_text("dispel_item", "WH6-8.2" if spec.tied else "WH6-8.3", text,
                        item=item_id, bonus=spec.bonus)
    return bonus


def judge(st: Wh6State, roll: DispelRoll, rerolled: bool) -> None:
    """Double 1 fails (WH6-7.8), then double 6 works (7.9, not after a re-roll: A5), both:
    failure (7.10); otherwise the result must reach the casting result (7.6, 7.11)."""
    ones = roll.dice.count(1) >= 2
    sixes = roll.dice.count(6) >= 2
    total = sum(roll.dice) + roll.bonus
    if ones or (sixes and not rerolled):
        if not st.quiet:
            _say_double(st, roll, rerolled, total, ones, sixes)
        finish(st, not ones)
        return
    works = total >= roll.needed
    if not st.quiet:
        _say_roll(st, roll, rerolled, total, works, sixes)
    if not works and not rerolled and reroll_item(st, roll.seat) is not None:
        st.dispel_roll = roll
        if not st.quiet:
            st.say_text("reroll_offer", "WH6-A5", DISPEL_REROLL_OFFER, dice=list(roll.dice))
        st.stack.push(reroll_decision(roll.seat, "dispel"))
        return
    finish(st, works)


def _data(roll: DispelRoll, rerolled: bool, total: int) -> dict[str, Any]:
    return {"dice": list(roll.dice), "bonus": roll.bonus, "result": total,
            "needed": roll.needed, "rerolled": rerolled}


def _say_double(st: Wh6State, roll: DispelRoll, rerolled: bool, total: int, ones: bool,
                sixes: bool) -> None:
    shown = "+".join(map(str, roll.dice)) or "0"
    data = _data(roll, rerolled, total)
    if ones:
        rule = "WH6-7.10" if sixes else "WH6-7.8"
        st.say("dispel_fails", rule, f"Dispel dice {shown}: two or more 1s — the dispel fails",
               f"Dados de dispersión {shown}: dos o más 1 — la dispersión falla", **data)
    else:
        st.say("dispelled", "WH6-7.9", f"Dispel dice {shown}: two or more 6s — dispelled",
               f"Dados de dispersión {shown}: dos o más 6 — dispersado", **data)


def _say_roll(st: Wh6State, roll: DispelRoll, rerolled: bool, total: int, works: bool,
              sixes: bool) -> None:
    rule = "WH6-A5" if sixes else ("WH6-7.11" if sum(roll.dice) <= 2 else "WH6-7.6")
    key = ("dispel_roll", roll.dice, roll.bonus, roll.needed) if len(roll.dice) <= 3 else None
    st.tell("dispelled" if works else "dispel_fails", rule, key, _roll_text,
            (roll, total, works), **_data(roll, rerolled, total))


def _roll_text(roll: DispelRoll, total: int, works: bool) -> Text:
    shown = "+".join(map(str, roll.dice)) or "0"
    bonus = f" +{roll.bonus}" if roll.bonus else ""
    sign, verdict_en, verdict_es = ((">=", "dispelled", "dispersado") if works
                                    else ("<", "not dispelled", "no se dispersa"))
    return Text(f"Dispel roll {shown}{bonus} = {total} {sign} {roll.needed}: {verdict_en}",
                f"Tirada de dispersión {shown}{bonus} = {total} {sign.replace('>=', '≥')} "
                f"{roll.needed}: {verdict_es}")


def reroll_item(st: Wh6State, seat: int) -> str | None:
    """An unspent dispel re-roll item of `seat` whose bearer can act (WH6-7.2, WH6-X13)."""
    for item_id in st.battle.index.side_items(seat, "dispel_reroll"):
        item = st.item_map[item_id]
        if not item.spent and _can_use(st, item.bearer):
            return item_id
    return None


def reroll(st: Wh6State) -> None:
    st.stack.pop()
    roll = st.dispel_roll
    assert roll is not None
    st.dispel_roll = None
    source = reroll_item(st, roll.seat)
    assert source is not None
    st.use_item(source)
    if st.quiet:
        dice = st.throw(len(roll.dice))
    else:
        name = st.item_def(source).name
        st.say("reroll", "WH6-7.2", f"{name.en}: the dispel dice are rolled again",
               f"{name.es}: se repiten los dados de dispersión", item=source,
               old=list(roll.dice))
        dice = st.roll_dice(len(roll.dice), Text("Re-rolled dispel dice", "Dados de dispersión "
                                                 "repetidos"), "WH6-A5")
    judge(st, DispelRoll(dice, roll.bonus, roll.needed, roll.seat), True)


def keep(st: Wh6State) -> None:
    st.stack.pop()
    st.dispel_roll = None
    finish(st, False)


def use_scroll(st: Wh6State, a: Scroll) -> None:
    """Dispel automatically, no roll (WH6-X9); the scroll is used up."""
    top = st.stack.top
    assert isinstance(top, DispelWindow | RemainsDispel)
    _, needed = subject(st, top, a.spell)
    item = scroll_item(st, a.bearer, top.seat, isinstance(top, DispelWindow) and top.if_only)
    _close(st, top, a.spell, needed)
    st.use_item(item.id)
    if not st.quiet:
        name = st.item_def(item.id).name
        st.say("dispelled", "WH6-X9", f"{name.en} of {st.name(a.bearer).en}: the spell is "
               f"dispelled automatically", f"{name.es} de {st.name(a.bearer).es}: el hechizo se "
               f"dispersa automáticamente", item=item.id)
    finish(st, True)


def scroll_item(st: Wh6State, bearer: str, seat: int, vs_if: bool) -> ItemState:
    """The automatic dispel item `bearer` uses: against IF only one that works against it
    (WH6-5.5); otherwise a plain one first, keeping any IF-proof item for later."""
    usable = [st.item_map[i] for i in st.battle.index.items_of(bearer, "auto_dispel")
              if st.item_map[i].side == seat and not st.item_map[i].spent
              and (st.item_def(i).works_vs_if or not vs_if)]
    return min(usable, key=lambda i: st.item_def(i.id).works_vs_if)


def decline(st: Wh6State) -> None:
    """No dispel: the spell is successfully cast (WH6-9.1)."""
    top = st.stack.pop()
    att = st.attempt
    assert att is not None
    if not st.quiet:
        text = st.battle.index.text(("no_dispel_attempt", top.seat), _decline_text,
                                    st.side_name(top.seat))
        st.say_text("no_dispel_attempt", "WH6-9.1", text, seat=top.seat)
    effects.resolve(st, att)


def _decline_text(side: Text) -> Text:
    return Text(f"{side.en} does not try to dispel", f"{side.es} no intenta dispersar")


def finish(st: Wh6State, dispelled: bool) -> None:
    """The spell is dispelled (it ends) or stands (it takes effect, WH6-9.1)."""
    att = st.attempt
    assert att is not None
    if att.kind == "rip":
        st.attempt = None
        if dispelled:
            effect = _rip(st, att.rip)
            assert effect is not None
            st.in_play.remove(effect)
            if not st.quiet:
                name = st.spell(effect.spell).name
                st.say("spell_ends", "WH6-X7", f"{name.en} ({effect.id}) is dispelled and ends",
                       f"{name.es} ({effect.id}) queda dispersado y termina", effect=effect.id)
        return
    if dispelled:
        att.outcome = "dispelled"
        effects.finish(st, att)
    else:
        effects.resolve(st, att)
