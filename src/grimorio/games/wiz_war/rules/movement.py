"""Movement (WW-5.2 to WW-5.4, WW-X2 to WW-X6, WW-X13 to WW-X15): steps, the speed boost,
picking up and dropping treasures and items."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.actions import MOVES, Boost, Drop, Move, Pickup
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.vocab import refuse, say
from grimorio.games.wiz_war.rules.casting import main_phase

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState


def move_reason(st: WizWarState, action: Move) -> IllegalAction | None:
    """A step costs 1 MP (WW-5.2, WW-X2); a stunned wizard who attacked may not move
    (WW-X13); picking up a treasure ends movement (WW-X14)."""
    reason = _step_reason(st)
    if reason is not None:
        return reason
    if _scattered(st):
        return None                   # the d4 picks the way out (Dust Cloud, WW-X19)
    return vocab.can_step(st, st.active, action.d)


def move_menu(st: WizWarState) -> list[Move]:
    """The steps `move_reason` allows, its checks common to every direction made once."""
    if _step_reason(st) is not None:
        return []
    if _scattered(st):
        return list(MOVES)
    return [m for m in MOVES if vocab.step_open(st, st.active, m.d)]


def _step_reason(st: WizWarState) -> IllegalAction | None:
    """Why the active wizard may not step at all now (None: he may, where no wall stops him)."""
    reason = main_phase(st)
    if reason is not None:
        return reason
    turn = st.turn
    if turn.stopped:
        return refuse("Your movement has ended this turn (a treasure picked up, or a card).",
                      "Tu movimiento ha terminado este turno (un tesoro recogido, o una carta).",
                      "WW-X14")
    if turn.mp < 1:
        return refuse("No movement points left.", "No te quedan puntos de movimiento.",
                      "WW-5.2")
    if turn.stunned and vocab.attacks_made(st) >= vocab.attack_allowance(st, st.active):
        return refuse("Stunned: you attacked, so you may not move.",
                      "Aturdido: has atacado, así que no puedes moverte.", "WW-X13")
    return None


def _scattered(st: WizWarState) -> bool:
    """Whether the active wizard stands in a dust cloud: any step is allowed (WW-X19)."""
    return vocab.object_rule_at(st, st.wizards[st.active].square, "scatters")


def do_move(st: WizWarState, action: Move) -> None:
    seat = st.active
    sq = st.wizards[seat].square
    d = action.d
    if vocab.object_rule_at(st, sq, "scatters"):
        d = vocab.random_direction(st)
        if vocab.can_step(st, seat, d) is not None:     # a bump: the MP is spent in place
            st.turn.mp -= 1
            st.turn.moved = True
            say(st, "bump", "WW-X19", f"{st.colours[seat]} stumbles into a wall.",
                f"{st.colours[seat]} tropieza con un muro.", seat=seat)
            return
    beyond = st.board.beyond(sq, d)
    assert beyond is not None
    edge = st.board.peek_edge(sq, d)
    if edge is not None and (edge.kind != "door" or edge.colour != st.colours[seat]):
        name = st.board.edge_name(sq, d)
        st.turn.unlocked = tuple(u for u in st.turn.unlocked
                                 if st.board.edge_name(*u) != name)   # it closes (WW-X4)
    st.turn.mp -= 1
    st.turn.moved = True
    rule = "WW-X6" if st.board.through_portal(sq, d) else "WW-5.2"
    vocab.move_wizard(st, seat, beyond, rule, step=True, side=d)


def boost_reason(st: WizWarState, action: Boost) -> IllegalAction | None:
    """One speed boost per turn, worth the card's energy (WW-5.3, WW-A4, WW-7.8)."""
    reason = main_phase(st)
    if reason is not None:
        return reason
    if st.turn.boosted:
        return refuse("You already used the speed boost this turn.",
                      "Ya has usado el aumento de velocidad este turno.", "WW-5.3")
    instance = st.find_in_hand(st.active, action.card)
    if instance is None:
        return refuse(f"You hold no {action.card}.", f"No tienes {action.card}.", "WW-7.8")
    if st.card_of(instance).energy <= 0:
        return refuse(f"{action.card} has no energy value.",
                      f"{action.card} no tiene valor de energía.", "WW-7.8")
    return None


def do_boost(st: WizWarState, action: Boost) -> None:
    seat = st.active
    instance = st.find_in_hand(seat, action.card)
    assert instance is not None
    energy = vocab.card_energy(st, seat, instance)      # Powerstone: +1 (WW-X17)
    st.wizards[seat].hand.remove(instance)
    st.discard.append(instance)
    st.turn.boosted = True
    st.turn.mp += energy
    say(st, "boost", "WW-5.3", f"{st.colours[seat]} spends {action.card}: +{energy} MP.",
        f"{st.colours[seat]} gasta {action.card}: +{energy} PM.", seat=seat, energy=energy)


def _thing_here(st: WizWarState, seat: int, thing: str) -> tuple[str, int] | None:
    """('treasure', index) or ('object', oid) for a thing lying in the seat's square."""
    sq = st.wizards[seat].square
    kind, _, name = thing.partition(":")
    if kind == "treasure":
        for index, t in enumerate(st.treasures):
            if t.name == name and t.square == sq and t.carrier is None and not t.scored:
                return ("treasure", index)
        return None
    for obj in st.objects:
        if obj.square == sq and obj.kind == "item" and vocab.object_name(st, obj) == name:
            return ("object", obj.oid)
    return None


def pickup_reason(st: WizWarState, action: Pickup) -> IllegalAction | None:
    """A treasure is free (WW-X14), a dropped item costs 1 MP (WW-X15)."""
    reason = main_phase(st)
    if reason is not None:
        return reason
    seat = st.active
    found = _thing_here(st, seat, action.thing)
    if found is None:
        rule = "WW-X14" if action.thing.startswith("treasure:") else "WW-X15"
        return refuse(f"There is no {action.thing} in your square.",
                      f"No hay {action.thing} en tu casilla.", rule)
    if found[0] == "object" and st.turn.mp < 1:
        return refuse("Picking up an item costs 1 MP.", "Recoger un objeto cuesta 1 PM.",
                      "WW-X15")
    for script, holder in vocab.fold(st, "can_pick_up"):
        if not script.can_pick_up(st, holder, seat, action.thing):
            return refuse("A spell stops you picking that up.",
                          "Un hechizo te impide recogerlo.", "WW-X14")
    return None


def do_pickup(st: WizWarState, action: Pickup) -> None:
    seat = st.active
    found = _thing_here(st, seat, action.thing)
    assert found is not None
    if found[0] == "treasure":
        st.turn.stopped = True
        vocab.pick_up_treasure(st, seat, found[1])
        return
    obj = vocab.find_object(st, found[1])
    assert obj is not None
    st.turn.mp -= 1
    vocab.pick_up_item(st, seat, obj)


def drop_reason(st: WizWarState, action: Drop) -> IllegalAction | None:
    reason = main_phase(st)
    if reason is not None:
        return reason
    if _carried(st, st.active, action.thing) is None:
        return refuse(f"You carry no {action.thing}.", f"No llevas {action.thing}.",
                      "WW-X15" if action.thing.startswith("item:") else "WW-X14")
    return None


def _carried(st: WizWarState, seat: int, thing: str) -> int | None:
    kind, _, name = thing.partition(":")
    wiz = st.wizards[seat]
    if kind == "treasure":
        return next((i for i in wiz.treasures if st.treasures[i].name == name), None)
    return next((c for c in sorted(wiz.items) if st.keys[c] == name), None)


def do_drop(st: WizWarState, action: Drop) -> None:
    seat = st.active
    found = _carried(st, seat, action.thing)
    assert found is not None
    if action.thing.startswith("treasure:"):
        vocab.drop_treasure(st, seat, found)
    else:
        vocab.drop_item(st, seat, found)
