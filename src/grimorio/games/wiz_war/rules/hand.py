"""Discard and Draw (WW-6.1 to WW-6.7): the discard step, the draw step, forced discards
(WW-6.5, WW-A6)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.actions import DISCARD_NONE, DRAWS, Discard, Draw, EndSpell
from grimorio.games.wiz_war.decisions import ForcedDiscard
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.vocab import refuse, say
from grimorio.games.wiz_war.rules import shared
from grimorio.games.wiz_war.rules import turn as turn_rules

if TYPE_CHECKING:
    from grimorio.core.actions import Action
    from grimorio.games.wiz_war.state import WizWarState

_discard, _end_spell = shared(Discard), shared(EndSpell)


def end_reason(st: WizWarState) -> IllegalAction | None:
    if st.stack.top is not None or st.phase != "move":
        return refuse("You can end Move and Cast only in that phase.",
                      "Solo puedes terminar la fase de mover y lanzar en ella.", "WW-3.3")
    return None


def do_end(st: WizWarState) -> None:
    st.phase = "discard"
    say(st, "phase", "WW-3.3", "Discard and Draw.", "Descartar y robar.")


def _instances(st: WizWarState, seat: int, keys: tuple[str, ...]) -> list[int] | None:
    """Hand instances for these keys (a key twice = two copies); None if not held."""
    wanted = Counter(keys)
    out: list[int] = []
    for key, count in wanted.items():
        held = sorted(c for c in st.wizards[seat].hand if st.keys[c] == key)
        if len(held) < count:
            return None
        out += held[:count]
    return out


def discard_reason(st: WizWarState, action: Discard) -> IllegalAction | None:
    top = st.stack.top
    if isinstance(top, ForcedDiscard):
        return _forced_reason(st, top.seat, action)
    if top is not None or st.phase != "discard":
        return refuse("Discard in the Discard and Draw phase.",
                      "Se descarta en la fase de descartar y robar.", "WW-6.1")
    if _instances(st, st.active, action.cards) is None:
        return refuse("You do not hold those cards.", "No tienes esas cartas.", "WW-6.1")
    return None


def _forced_reason(st: WizWarState, seat: int, action: Discard) -> IllegalAction | None:
    """One card at a time; from the hand first, then carried items (WW-6.5, WW-A6)."""
    if len(action.cards) != 1:
        return refuse("Discard one card at a time.", "Descarta de una en una.", "WW-6.5")
    key = action.cards[0]
    wiz = st.wizards[seat]
    if wiz.hand:
        if _instances(st, seat, action.cards) is None:
            return refuse(f"You hold no {key}.", f"No tienes {key}.", "WW-6.5")
        return None
    if not any(st.keys[c] == key for c in wiz.items):
        return refuse(f"You carry no {key}.", f"No llevas {key}.", "WW-A6")
    return None


def do_discard(st: WizWarState, action: Discard) -> None:
    top = st.stack.top
    if isinstance(top, ForcedDiscard):
        _forced(st, top.seat, action.cards[0])
        return
    instances = _instances(st, st.active, action.cards)
    assert instances is not None
    for c in instances:
        vocab.discard_card(st, st.active, c, "WW-6.1")
    st.phase = "draw"


def _forced(st: WizWarState, seat: int, key: str) -> None:
    wiz = st.wizards[seat]
    st.stack.pop()
    if wiz.hand:
        found = _instances(st, seat, (key,))
        assert found is not None
        vocab.discard_card(st, seat, found[0], "WW-6.5")
        return
    card = min(c for c in wiz.items if st.keys[c] == key)
    wiz.items.remove(card)
    st.discard.append(card)
    st.changed()
    say(st, "discard", "WW-A6", f"{wiz.colour} discards the carried {key}.",
        f"{wiz.colour} descarta {key}, que llevaba.", seat=seat, card=key)


def room(st: WizWarState) -> int:
    """How many cards the active player may draw (WW-6.2)."""
    seat = st.active
    return max(0, min(2, vocab.hand_limit(st, seat) - vocab.hand_count(st, seat)))


def draw_reason(st: WizWarState, action: Draw) -> IllegalAction | None:
    if st.stack.top is not None or st.phase != "draw":
        return refuse("Draw after the discard step.", "Se roba tras el paso de descarte.",
                      "WW-6.2")
    if action.n > room(st):
        return refuse(f"You may draw at most {room(st)}.", f"Puedes robar como mucho {room(st)}.",
                      "WW-6.2")
    return None


def do_draw(st: WizWarState, action: Draw) -> None:
    if action.n:
        vocab.draw(st, st.active, action.n, "WW-6.2")
    say(st, "turn-end", "WW-3.4", f"{st.colours[st.active]}'s turn ends.",
        f"Termina el turno de {st.colours[st.active]}.")
    turn_rules.end_turn(st)


def discard_menu(st: WizWarState) -> list[Action]:
    """`discard none`, each single card, and the whole hand (the parser takes any list)."""
    keys = sorted({st.keys[c] for c in st.wizards[st.active].hand})
    out: list[Action] = [DISCARD_NONE, *(_discard((k,)) for k in keys)]
    hand = tuple(sorted(st.keys[c] for c in st.wizards[st.active].hand))
    if len(hand) > 1:
        out.append(_discard(hand))
    return out


def draw_menu(st: WizWarState) -> list[Action]:
    return list(DRAWS[:room(st) + 1])


def forced_menu(st: WizWarState, seat: int) -> list[Action]:
    wiz = st.wizards[seat]
    if wiz.hand:
        return [_discard((k,)) for k in sorted({st.keys[c] for c in wiz.hand})]
    out: list[Action] = [_discard((k,)) for k in sorted({st.keys[c] for c in wiz.items})]
    out += [_end_spell(k) for k in sorted({s.key for s in st.spells if s.caster == seat})]
    return out
