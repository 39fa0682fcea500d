"""Legal actions, legality with reasons, and dispatch: the glue between actions and the rules.

`why_not` is the single source of truth: `_is_legal` is "no reason", the legal list is built from
the same checks, and every refusal names its rule id in both languages.
"""

from __future__ import annotations

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
from grimorio.games.wh6_magic.rules.targets import legal_targets, refuse

if TYPE_CHECKING:
    from grimorio.core.pending import Decision
    from grimorio.games.wh6_magic.state import Wh6State


# ------------------------------------------------------------------------------ legal lists

def legal_actions(st: Wh6State) -> list[Action]:
    top = st.stack.top
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
    """Every declaration (wizard × spell × dice × target × power items), bound items, end."""
    out: list[Action] = []
    for c in st.chars.values():
        if c.side != st.active or casting.cast_ban(c) is not None:
            continue
        stones = [()] + [(i.id,) for i in st.items.values() if i.bearer == c.id
                         and not i.spent and st.item_def(i.id).kind == "power_dice"]
        for spell_id in c.spells:
            if casting.spell_problem(st, c, spell_id) is not None:
                continue
            targets = legal_targets(st, c.side, st.spell(spell_id))
            for s in stones:
                most = min(casting.max_dice(c) - casting.capped_dice(st, s), st.power)
                out += [Cast(c.id, spell_id, n, t, s) for n in range(1, most + 1)
                        for t in targets]
    out += bound_options(st)
    out.append(END)
    return out


def bound_options(st: Wh6State) -> list[Action]:
    out: list[Action] = []
    for item in st.items.values():
        spec = st.item_def(item.id)
        if item.side != st.active or spec.kind != "bound_spell":
            continue
        for target in legal_targets(st, item.side, st.spell(spec.spell)):
            action = Bound(item.bearer, item.item, target)
            if casting.check_bound(st, action) is None:
                out.append(action)
    return out


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
    """Carry out a legal action (checked by the core through `why_not` first)."""
    top = st.stack.top
    if isinstance(action, Reroll | Keep):
        assert isinstance(top, RerollOffer)
        module = casting if top.what == "cast" else dispel
        if isinstance(action, Reroll):
            module.reroll(st)
        else:
            module.keep(st)
        return
    APPLY[type(action)](st, action)


APPLY: dict[type[Action], Callable[[Wh6State, Any], None]] = {
    Cast: casting.declare, Bound: casting.use_bound,
    End: lambda st, a: phase.end_casting(st, "end"),
    Dispel: dispel.dispel_with_dice, Scroll: dispel.use_scroll,
    NoDispel: lambda st, a: dispel.decline(st), Done: lambda st, a: phase.finish_remains(st),
    Free: miscast.cast_free, NoFree: lambda st, a: miscast.decline_free(st),
    Recover: lambda st, a: phase.recover(st),
}
