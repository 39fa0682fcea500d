"""What may be done now: the legal list, the exact reason any action is refused, and the
dispatch of an action to its rule. Every refusal carries a rule id."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.actions import (
    END,
    PASS,
    Boost,
    Choose,
    Counter,
    Discard,
    Draw,
    Drop,
    End,
    EndSpell,
    Move,
    Pass,
    Pickup,
    Play,
    Punch,
    Use,
)
from grimorio.games.wiz_war.decisions import Choice, CounterWindow, ForcedDiscard
from grimorio.games.wiz_war.effects.vocab import refuse
from grimorio.games.wiz_war.rules import casting, combat, hand, movement, shared
from grimorio.games.wiz_war.rules.turn import settle

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState

_boost, _choose, _drop, _pickup = shared(Boost), shared(Choose), shared(Drop), shared(Pickup)
_end_spell = shared(EndSpell)


def _pass_reason(st: WizWarState, action: Pass) -> IllegalAction | None:
    if not isinstance(st.stack.top, CounterWindow):
        return refuse("There is no counter window to pass.", "No hay ventana de respuesta.",
                      "WW-X18")
    return None


def _end_spell_reason(st: WizWarState, action: EndSpell) -> IllegalAction | None:
    return casting.end_spell_reason(st, action)


_REASONS: dict[type, Callable[[Any, Any], IllegalAction | None]] = {
    Move: movement.move_reason, Boost: movement.boost_reason, Pickup: movement.pickup_reason,
    Drop: movement.drop_reason, Play: casting.play_reason, Counter: casting.counter_reason,
    Use: casting.use_reason, EndSpell: _end_spell_reason, Choose: casting.choose_reason,
    Punch: combat.punch_reason, End: lambda st, a: hand.end_reason(st),
    Discard: hand.discard_reason, Draw: hand.draw_reason, Pass: _pass_reason,
}
_DO: dict[type, Callable[[Any, Any], None]] = {
    Move: movement.do_move, Boost: movement.do_boost, Pickup: movement.do_pickup,
    Drop: movement.do_drop, Play: casting.do_play, Counter: casting.do_counter,
    Use: casting.do_use, EndSpell: casting.do_end_spell, Choose: casting.do_choose,
    Punch: combat.do_punch, End: lambda st, a: hand.do_end(st),
    Discard: hand.do_discard, Draw: hand.do_draw, Pass: lambda st, a: casting.do_pass(st),
}


def reason(st: WizWarState, action: Action) -> IllegalAction | None:
    """Why `action` is illegal now (None: it is legal)."""
    check = _REASONS.get(type(action))
    if check is None:
        return refuse(f"'{action.notation()}' is not a wiz-war action.",
                      f"'{action.notation()}' no es una acción de wiz-war.", "WW-3.3")
    return check(st, action)


def apply(st: WizWarState, action: Action) -> None:
    """Carry out a legal action, then let the engine run until the next decision."""
    _DO[type(action)](st, action)
    st.changed()
    settle(st)


def legal_actions(st: WizWarState) -> list[Action]:
    """Every legal step and a useful list of card plays; never empty before the end (an `end`,
    `pass` or `draw 0` is always there, except in a forced discard)."""
    top = st.stack.top
    if isinstance(top, CounterWindow):
        return [PASS, *casting.counter_menu(st, top)]
    if isinstance(top, ForcedDiscard):
        return hand.forced_menu(st, top.seat)
    if isinstance(top, Choice):
        return [_choose(option) for option in top.options]
    if st.phase == "discard":
        return hand.discard_menu(st)
    if st.phase == "draw":
        return hand.draw_menu(st)
    return _move_and_cast(st)


def _move_and_cast(st: WizWarState) -> list[Action]:
    out: list[Action] = [END]
    out += movement.move_menu(st)
    seat = st.active
    wiz = st.wizards[seat]
    if not st.turn.boosted:
        keys = sorted({st.keys[c] for c in wiz.hand if st.card_of(c).energy > 0})
        out += [_boost(k) for k in keys]
    out += casting.play_menu(st)
    out += casting.use_menu(st)
    out += combat.punch_menu(st)
    out += [a for a in _pickups(st) if movement.pickup_reason(st, a) is None]
    out += [_drop(f"treasure:{st.treasures[i].name}") for i in wiz.treasures]
    out += [_drop(f"item:{k}") for k in sorted({st.keys[c] for c in wiz.items})]
    out += [_end_spell(k) for k in sorted({s.key for s in st.spells if s.caster == seat})]
    return out


def _pickups(st: WizWarState) -> list[Pickup]:
    sq = st.wizards[st.active].square
    out = [_pickup(f"treasure:{t.name}") for t in st.treasures
           if t.square == sq and t.carrier is None and not t.scored]
    names = sorted({st.keys[o.card] for o in st.objects
                    if o.square == sq and o.kind == "item" and o.card is not None})
    return out + [_pickup(f"item:{n}") for n in names]
