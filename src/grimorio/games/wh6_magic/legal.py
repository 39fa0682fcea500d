"""Legal actions, legality with and without reasons, and dispatch: the glue between actions and
the rules.

Two paths answer "is this legal?". `is_legal` is the fast yes/no used by `_is_legal` (every
checked action) and mirrors the listing; `why_not` explains a refusal with its rule id in both
languages and only runs when an action is refused (or a test asks). Both read the same rules;
tests/wh6/test_wh6_fastpath.py checks that they agree on every listed action and on many near
misses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.games.wh6_magic.actions import (
    END,
    KEEP,
    RECOVER,
    REROLL,
    Bound,
    Cast,
    Dispel,
    Done,
    End,
    Free,
    Keep,
    NoDispel,
    NoFree,
    Recover,
    Reroll,
    Scroll,
)
from grimorio.games.wh6_magic.decisions import (
    Casting,
    DispelWindow,
    FreeCast,
    Recovery,
    RemainsDispel,
)
from grimorio.games.wh6_magic.decisions import Reroll as RerollOffer
from grimorio.games.wh6_magic.rules import casting, dispel, miscast, phase
from grimorio.games.wh6_magic.rules.targets import point_ok, refuse

if TYPE_CHECKING:
    from grimorio.core.pending import Decision
    from grimorio.games.wh6_magic.index import BoundItem
    from grimorio.games.wh6_magic.model import Character
    from grimorio.games.wh6_magic.state import Wh6State


# ------------------------------------------------------------------------------ legal lists

def legal_actions(st: Wh6State) -> list[Action]:
    top = st.stack.last
    if isinstance(top, Casting):
        return casting_options(st)
    if isinstance(top, RerollOffer):
        return [REROLL, KEEP]
    if isinstance(top, DispelWindow | RemainsDispel):
        return dispel.options(st, top)
    if isinstance(top, FreeCast):
        return miscast.options(st, top)
    if isinstance(top, Recovery):
        return [RECOVER]
    return []


def casting_options(st: Wh6State) -> list[Action]:
    """Every declaration (wizard × spell × power items × dice × target), bound items, end.

    The tests of `casting.check_cast` and `casting.check_bound`, without building reasons."""
    out: list[Action] = []
    active, power, phase = st.active, st.power, st.phase
    index, chars, items, menus = st.battle.index, st.char_map, st.item_map, st.menu_cache
    for char_id, stones in index.casters[active]:  # the side's wizards, in the battle's order
        c = chars[char_id]
        if c.slain or c.fleeing or (c.bans and not casting.can_cast(c)):  # `can_cast`
            continue
        if stones:  # his power items not yet used up
            stones = tuple(i for i in stones if not items[i].spent)
        level = c.level
        most = level + 1 if power > level else power  # min(level + 1, power)
        key = (char_id, most, level, c.attempted, c.lost, stones)
        menu = menus.get(key)
        if menu is None:
            menu = menus[key] = _wizard_casts(st, c, most, stones)
        out += menu
    for b in index.bound[active]:
        item = items[b.instance]
        if item.used_phase == phase or (item.uses_left is not None and item.uses_left <= 0):
            continue  # used this phase, or spent
        menu = menus.get(b.instance)  # the rest depends only on the troops (`menu_cache`)
        if menu is None:
            menu = menus[b.instance] = _bound_menu(st, b) \
                if casting.bound_usable(st, b.bearer, b.instance) else ()
        out += menu
    out.append(END)
    return out


def _bound_menu(st: Wh6State, b: BoundItem) -> tuple[Bound, ...]:
    """A usable bound item on each legal target of its spell (`casting.check_bound`)."""
    listed = st.targets(b.side, b.spell)
    if st.spell(b.spell).target == "point":
        listed = tuple(t for t in listed if point_ok(st, t))
    return _bounds(b.bearer, b.item, listed)


def _wizard_casts(st: Wh6State, c: Character, most: int,
                  stones: tuple[str, ...]) -> tuple[Cast, ...]:
    """A castable wizard's declarations: each spell he may still try (`casting.spell_ok`),
    without and then with each unspent power item, with 1 to `most` dice (his level + 1, less
    the item dice that count towards it, at most the pool: WH6-1.6, WH6-1.7), on each target.

    `casting_options` keeps them in the state's `menu_cache` under what they depend on besides
    the wizard's unchanging data (the pool up to what he could use, his level, the spells
    attempted or lost, the power items); that cache is replaced whenever targets change."""
    out: list[Cast] = []
    spells, capped = st.battle.spells, st.battle.index.capped
    for spell_id in c.spells:
        if spell_id in c.attempted or spell_id in c.lost or spell_id not in spells:
            continue
        targets = st.targets(c.side, spell_id)
        if not targets:
            continue
        out += _casts(c.id, spell_id, most, targets, ())
        for stone in stones:
            fewer = min(most, casting.max_dice(c) - capped[stone])
            if fewer > 0:
                out += _casts(c.id, spell_id, fewer, targets, (stone,))
    return tuple(out)


@functools.lru_cache(maxsize=16384)
def _casts(wizard: str, spell: str, most: int, targets: tuple[str, ...],
           stones: tuple[str, ...]) -> tuple[Cast, ...]:
    """The declarations of 1..`most` dice on each target (actions are values: shared)."""
    return tuple(Cast(wizard, spell, n, t, stones) for n in range(1, most + 1) for t in targets)


@functools.lru_cache(maxsize=4096)
def _bounds(bearer: str, item: str, targets: tuple[str, ...]) -> tuple[Bound, ...]:
    return tuple(Bound(bearer, item, t) for t in targets)


# ------------------------------------------------------------------------------ yes or no

def is_legal(st: Wh6State, action: Action) -> bool:
    """Exactly `why_not(st, action) is None`, without building any refusal."""
    top = st.stack.last
    check = FAST.get(type(action))
    if top is None or check is None:
        return False
    return check(st, top, action)


def _fast_casting(st: Wh6State, top: Decision, a: Action) -> bool:
    if not isinstance(top, Casting):
        return False
    if isinstance(a, Cast):
        return casting.cast_ok(st, a)
    assert isinstance(a, Bound)
    return casting.bound_ok(st, a)


def _fast_dispel(st: Wh6State, top: Decision, a: Action) -> bool:
    if isinstance(a, Dispel):
        return isinstance(top, DispelWindow | RemainsDispel) and \
            dispel.check_dispel(st, top, a) is None
    if isinstance(a, Scroll):
        return isinstance(top, DispelWindow | RemainsDispel) and \
            dispel.check_scroll(st, top, a) is None
    if isinstance(a, NoDispel):
        return isinstance(top, DispelWindow)
    return isinstance(top, RemainsDispel)  # Done


def _fast_free(st: Wh6State, top: Decision, a: Action) -> bool:
    if not isinstance(top, FreeCast):
        return False
    return not isinstance(a, Free) or miscast.check_free(st, top, a) is None


Fast = Callable[["Wh6State", "Decision", Any], bool]
FAST: dict[type[Action], Fast] = {
    Cast: _fast_casting, Bound: _fast_casting,
    End: lambda st, top, a: isinstance(top, Casting),
    Reroll: lambda st, top, a: isinstance(top, RerollOffer),
    Keep: lambda st, top, a: isinstance(top, RerollOffer),
    Dispel: _fast_dispel, Scroll: _fast_dispel, NoDispel: _fast_dispel, Done: _fast_dispel,
    Free: _fast_free, NoFree: _fast_free,
    Recover: lambda st, top, a: isinstance(top, Recovery),
}


# ------------------------------------------------------------------------------ reasons

def why_not(st: Wh6State, action: Action) -> IllegalAction | None:
    """Why `action` is illegal now (with its rule id), or None if it is legal."""
    top = st.stack.top
    check = CHECKS.get(type(action))
    if top is None or check is None:
        return refuse("WH6-X1", "no action is possible now", "ahora no es posible ninguna acción")
    return check(st, top, action)


def _casting(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    if not isinstance(top, Casting):
        return pending(st, top, a)
    if isinstance(a, Cast):
        return casting.check_cast(st, a)
    if isinstance(a, Bound):
        return casting.check_bound(st, a)
    return None


def _reroll(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    if isinstance(top, RerollOffer):
        return None
    if st.last_outcome == "miscast" and isinstance(a, Reroll):
        return refuse("WH6-6.2", "a re-roll can never be used to escape a miscast",
                      "una repetición nunca sirve para evitar una disfunción")
    return refuse("WH6-6.3", "no re-roll is on offer now", "ahora no hay ninguna repetición "
                  "disponible")


def _dispel(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    if isinstance(top, DispelWindow | RemainsDispel):
        if isinstance(a, Dispel):
            return dispel.check_dispel(st, top, a)
        if isinstance(a, Scroll):
            return dispel.check_scroll(st, top, a)
        if isinstance(a, NoDispel) and isinstance(top, DispelWindow):
            return None
        if isinstance(a, Done) and isinstance(top, RemainsDispel):
            return None
    if st.last_outcome == "irresistible" and isinstance(top, Casting):
        if isinstance(a, Scroll):
            return refuse("WH6-5.5", "a Dispel Scroll cannot be used against Irresistible Force",
                          "un Pergamino de Dispersión no se puede usar contra la Fuerza "
                          "Irresistible")
        return refuse("WH6-5.4", "a spell cast with Irresistible Force cannot be dispelled",
                      "un hechizo lanzado con Fuerza Irresistible no se puede dispersar")
    if isinstance(top, Casting):
        return _nothing_to_dispel(st)
    return pending(st, top, a)


def _nothing_to_dispel(st: Wh6State) -> IllegalAction:
    if st.last_outcome == "miscast":
        return refuse("WH6-10.5", "a miscast spell takes no effect: there is nothing to dispel",
                      "un hechizo con disfunción no tiene efecto: no hay nada que dispersar")
    if st.last_outcome in ("resolved", "dispelled", "no_effect"):
        return refuse("WH6-7.2", "the last spell already had its one dispel attempt",
                      "el último hechizo ya tuvo su único intento de dispersión")
    return refuse("WH6-7.1", "no spell has been cast that could be dispelled now",
                  "no se ha lanzado ningún hechizo que se pueda dispersar ahora")


def _free(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    if not isinstance(top, FreeCast):
        if isinstance(a, Free):
            return refuse("WH6-1.1", "only the active player casts; a free spell needs miscast "
                          "result 4", "solo lanza el jugador activo; un hechizo gratuito requiere "
                          "el resultado 4 de disfunción")
        if isinstance(top, Casting):
            return refuse("WH6-11.5", "no free spell is on offer: only miscast result 4 gives one",
                          "no hay ningún hechizo gratuito que rechazar: solo lo da el resultado "
                          "4 de disfunción")
        return pending(st, top, a)
    if isinstance(a, Free):
        return miscast.check_free(st, top, a)
    return None


def _end(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    return None if isinstance(top, Casting) else pending(st, top, a)


def _recover(st: Wh6State, top: Decision, a: Action) -> IllegalAction | None:
    if isinstance(top, Recovery):
        return None
    if isinstance(top, Casting):
        return refuse("WH6-A15", "recovery dice are rolled only as a magic phase begins, for "
                      "hurled wizards", "los dados de recuperación solo se tiran al empezar una "
                      "fase de magia, por los hechiceros que salieron despedidos")
    return pending(st, top, a)


def pending(st: Wh6State, top: Decision, a: Action) -> IllegalAction:
    """The action does not answer the decision on top of the stack: say which one does."""
    if isinstance(top, RerollOffer):
        return refuse("WH6-6.3", "first decide on the re-roll (reroll or keep)",
                      "primero decide sobre la repetición (reroll o keep)")
    if isinstance(top, DispelWindow):
        return refuse("WH6-7.1", "the cast spell must first be dispelled or let through",
                      "primero hay que dispersar o dejar pasar el hechizo lanzado")
    if isinstance(top, FreeCast):
        return refuse("WH6-11.5", "the free spell of miscast 4 must be cast or declined first",
                      "primero hay que lanzar o rechazar el hechizo gratuito de la disfunción 4")
    if isinstance(top, Recovery):
        return refuse("WH6-A15", "roll the recovery dice first (recover)",
                      "primero tira los dados de recuperación (recover)")
    if isinstance(top, RemainsDispel):
        return _after_casting(st, a)
    return refuse("WH6-1.1", f"'{a.notation()}' does not fit the casting sub-phase",
                  f"'{a.notation()}' no corresponde a la subfase de lanzamiento")


def _after_casting(st: Wh6State, a: Action) -> IllegalAction:
    if st.casting_closed_by == "vortex" and isinstance(a, Bound):
        return refuse("WH6-A16", "after the vortex no bound item may be used this phase",
                      "tras el vórtice no se puede usar ningún objeto portahechizos en esta fase")
    if isinstance(a, NoDispel):
        return refuse("WH6-X7", "no spell is waiting for a dispel: finish this step with done",
                      "ningún hechizo espera una dispersión: termina este paso con done")
    if st.casting_closed_by == "vortex":
        return refuse("WH6-11.9", "the vortex ended the spell-casting sub-phase",
                      "el vórtice terminó la subfase de lanzamiento de hechizos")
    return refuse("WH6-X7", "casting is over: only remains-in-play spells may be dispelled now",
                  "el lanzamiento terminó: ahora solo se pueden dispersar hechizos que "
                  "permanecen en juego")


Check = Callable[["Wh6State", "Decision", Any], IllegalAction | None]
CHECKS: dict[type[Action], Check] = {
    Cast: _casting, Bound: _casting, End: _end, Reroll: _reroll, Keep: _reroll,
    Dispel: _dispel, Scroll: _dispel, NoDispel: _dispel, Done: _dispel, Free: _free,
    NoFree: _free, Recover: _recover,
}


# ------------------------------------------------------------------------------ dispatch

def apply(st: Wh6State, action: Action) -> None:
    """Carry out a legal action (checked by the core through `is_legal` first)."""
    APPLY[type(action)](st, action)


def _do_reroll(st: Wh6State, action: Action) -> None:
    top = st.stack.top
    assert isinstance(top, RerollOffer)
    (casting if top.what == "cast" else dispel).reroll(st)


def _do_keep(st: Wh6State, action: Action) -> None:
    top = st.stack.top
    assert isinstance(top, RerollOffer)
    (casting if top.what == "cast" else dispel).keep(st)


APPLY: dict[type[Action], Callable[[Wh6State, Any], None]] = {
    Cast: casting.declare, Bound: casting.use_bound, Reroll: _do_reroll, Keep: _do_keep,
    End: lambda st, a: phase.end_casting(st, "end"),
    Dispel: dispel.dispel_with_dice, Scroll: dispel.use_scroll,
    NoDispel: lambda st, a: dispel.decline(st), Done: lambda st, a: phase.finish_remains(st),
    Free: miscast.cast_free, NoFree: lambda st, a: miscast.decline_free(st),
    Recover: lambda st, a: phase.recover(st),
}
