"""The punch (WW-X8): the card-less attack on a wizard, an edge or an object nearby."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.actions import Punch
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.vocab import Target, refuse, say
from grimorio.games.wiz_war.model import Cast
from grimorio.games.wiz_war.rules import shared
from grimorio.games.wiz_war.rules.casting import (
    attack_allowed,
    attack_reason,
    attacked_seats,
    main_phase,
)

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState

_punch = shared(Punch)


def punch_reason(st: WizWarState, action: Punch) -> IllegalAction | None:
    """Same square or an adjacent one in LOS (WW-X8, WW-9.3); it is the turn's attack."""
    reason = main_phase(st) or attack_reason(st, st.active)
    if reason is not None:
        return reason
    target = vocab.read_target(st, action.target)
    if target is None or target.kind not in ("wizard", "edge", "object"):
        return refuse("Punch a wizard, a wall or door, or an object.",
                      "Golpea a un mago, un muro o puerta, o un objeto.", "WW-X8")
    if target.kind == "wizard" and target.seat == st.active:
        return refuse("You may not punch yourself.", "No puedes golpearte.", "WW-X8")
    if target.kind == "edge":
        if st.board.peek_edge(target.square, target.side) is None:
            return refuse("There is nothing on that edge.", "No hay nada en ese borde.",
                          "WW-X8")
        own = st.wizards[st.active].square
        if own not in (vocab.target_squares(target, st) or []):
            return refuse("You can punch only an edge of your own square.",
                          "Solo puedes golpear un borde de tu casilla.", "WW-X8")
        return None
    if not vocab.in_range(st, st.active, "adjacent", target):
        return refuse("The target is not in your square or an adjacent one in LOS.",
                      "El objetivo no está en tu casilla ni en una adyacente a la vista.",
                      "WW-X8")
    return None


def do_punch(st: WizWarState, action: Punch) -> None:
    seat = st.active
    st.turn.attacked = True
    st.turn.attacks += 1
    target = vocab.read_target(st, action.target)
    assert target is not None
    say(st, "punch", "WW-X8", f"{st.colours[seat]} punches {action.target}.",
        f"{st.colours[seat]} golpea a {action.target}.", seat=seat)
    cast = Cast(st.new_id(), seat, -1, "punch", "punch", (action.target,), 0)
    asked = attacked_seats(st, cast)
    if asked:              # the punched wizard may answer first (WW-X18); it lands later
        vocab.open_window(st, cast, asked)
        return
    land_punch(st, seat, target)


def land_punch(st: WizWarState, seat: int, target: Target) -> None:
    """The punch hits: 1 physical damage, changed by forms and items (WW-X8)."""
    amount = vocab.punch_damage(st, seat)
    amount += sum(s.punch_roll(st, h, seat) for s, h in vocab.fold(st, "punch_roll"))
    vocab.strike(st, seat, target, amount, "physical", frozenset(), None, attack=True)


def punch_menu(st: WizWarState) -> list[Punch]:
    """Punches at enemy wizards within reach (edges and objects only when it can crack)."""
    seat = st.active
    if not attack_allowed(st, seat):
        return []
    own = st.wizards[seat].square
    # Reach is the own square or one across a side, and seen (`adjacent_squares`, whose LOS
    # is traced only when an enemy stands that close).
    around = {own, *(st.board.beyond(own, d) for d in range(4))}
    enemies = [w for w in st.wizards
               if w.alive and w.seat != seat and w.square in around]
    near = vocab.adjacent_squares(st, own) if enemies else []
    out = [_punch(w.colour) for w in enemies if w.square in near]
    if vocab.punch_damage(st, seat) >= 3:
        for d in range(4):
            edge = st.board.peek_edge(own, d)
            if edge is not None and edge.kind in vocab.EDGE_CRACKS:
                out.append(_punch(st.board.edge_name(own, d)))
    return out
