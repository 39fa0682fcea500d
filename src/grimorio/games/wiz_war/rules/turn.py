"""The turn (WW-3.1 to WW-6.7): Time Passes, the hand-over to the next player, victory, the turn
limit, and `settle`, which runs whatever the engine does on its own between decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.games.wiz_war.decisions import CounterWindow, ForcedDiscard
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.vocab import say
from grimorio.games.wiz_war.model import Turn

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState


def check_victory(st: WizWarState) -> None:
    """2 VP wins at once (WW-1.4, WW-A20); the last wizard alive wins (WW-1.5)."""
    if st.over:
        return
    for wiz in st.wizards:
        if wiz.vp >= 2:
            finish(st, wiz.seat, "WW-1.4", f"{wiz.colour} has 2 VP and wins.",
                   f"{wiz.colour} tiene 2 PV y gana.")
            return
    alive = [w for w in st.wizards if w.alive]
    if len(alive) == 1:
        finish(st, alive[0].seat, "WW-1.5", f"{alive[0].colour} is the last wizard alive.",
               f"{alive[0].colour} es el último mago vivo.")
    elif not alive:
        finish(st, None, "WW-1.5", "No wizard is left alive: a draw.",
               "No queda ningún mago vivo: empate.")


def finish(st: WizWarState, winner: int | None, rule: str, en: str, es: str) -> None:
    st.over, st.winner = True, winner
    st.stack.clear()
    st.changed()
    say(st, "game-over", rule, en, es, winner=winner)


def time_limit(st: WizWarState) -> None:
    """The turn limit ran out: among the living wizards (a dead one is out of the game, WW-X12)
    most VP, then most life; a tie is a draw (WW-X20)."""
    alive = [w for w in st.wizards if w.alive]
    best = max(((w.vp, w.life) for w in alive), default=None)
    leaders = [w for w in alive if (w.vp, w.life) == best]
    if len(leaders) == 1:
        finish(st, leaders[0].seat, "WW-X20",
               f"The turn limit is reached: {leaders[0].colour} leads and wins.",
               f"Se alcanza el límite de turnos: {leaders[0].colour} va primero y gana.")
    else:
        finish(st, None, "WW-X20", "The turn limit is reached: a draw.",
               "Se alcanza el límite de turnos: empate.")


def begin_turn(st: WizWarState, seat: int) -> None:
    """The seat's turn starts with Time Passes (WW-3.3, WW-4.1)."""
    st.active, st.phase, st.turn = seat, "move", Turn()
    wiz = st.wizards[seat]
    wiz.turns += 1
    st.changed()
    say(st, "turn", "WW-3.2", f"Round {st.round}: {wiz.colour}'s turn.",
        f"Ronda {st.round}: turno de {wiz.colour}.", seat=seat, round=st.round)
    time_passes(st, seat)
    st.turn.mp = vocab.base_move(st, seat)


def time_passes(st: WizWarState, seat: int) -> None:
    """Steps 1 to 3 in order (WW-4.1 to WW-4.6)."""
    for script, holder in list(st.providers("on_time_passes")):
        if holder.seat == seat and not st.over:          # his spells and items (WW-A7)
            script.on_time_passes(st, holder)
    for spell in [s for s in st.spells if s.caster == seat and s.tokens is not None]:
        assert spell.tokens is not None
        spell.tokens -= 1                                # WW-4.3, WW-A8
        if spell.tokens <= 0:
            vocab.end_spell(st, spell, "WW-4.4")
    wiz = st.wizards[seat]
    if wiz.stun > 0 and wiz.alive:                       # WW-4.5, WW-A9
        wiz.stun -= 1
        st.turn.stunned = True
        say(st, "stunned", "WW-4.5", f"{wiz.colour} is stunned this turn.",
            f"{wiz.colour} está aturdido este turno.", seat=seat)
    st.changed()


def end_turn(st: WizWarState) -> None:
    """The turn ends (WW-3.4): the next living player to the left begins his."""
    if st.over:
        return                     # e.g. a death while drawing (Slow Death) ended the game
    n = len(st.wizards)
    seat = st.active
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == st.first:
            st.round += 1
        if st.wizards[seat].alive:
            break
    if st.round > st.turn_limit:
        time_limit(st)
        return
    begin_turn(st, seat)


def windows_order(st: WizWarState, caster: int) -> tuple[int, ...]:
    """Who is asked in a counter window: every living player but the caster, from the active
    player's left, the active player last (WW-X18)."""
    n = len(st.wizards)
    order = [(st.active + i) % n for i in range(1, n + 1)]
    return tuple(s for s in order if s != caster and st.wizards[s].alive)


def is_over(st: WizWarState, seat: int) -> bool:
    """Whether the living seat holds more than his hand limit (WW-6.5)."""
    wiz = st.wizards[seat]
    return wiz.alive and vocab.hand_count(st, seat) > vocab.hand_limit(st, seat)


def over_limit(st: WizWarState) -> int | None:
    """The first living seat (active player first) over his hand limit (WW-6.5)."""
    n = len(st.wizards)
    for i in range(n):
        seat = (st.active + i) % n
        if is_over(st, seat):
            return seat
    return None


def settle(st: WizWarState) -> None:
    """Run the engine's own steps until someone must decide: resolve casts whose windows are
    closed, skip windows of dead or countered, ask for forced discards, end a dead active
    player's turn."""
    from grimorio.games.wiz_war.rules.casting import resolve_top
    while not st.over:
        top = st.stack.top
        if isinstance(top, CounterWindow) and not _window_live(st, top):
            st.stack.pop()
            rest = tuple(s for s in top.rest if st.wizards[s].alive)
            if rest and _cast_waiting(st, top.cid):
                st.stack.push(CounterWindow(rest[0], top.cid, rest[1:]))
            continue
        if isinstance(top, ForcedDiscard) and not is_over(st, top.seat):
            st.stack.pop()
            continue
        if st.casts and (top is None or (isinstance(top, CounterWindow)
                                         and top.cid != st.casts[-1].cid)):
            resolve_top(st)
            continue
        if top is not None:
            return
        seat = over_limit(st)
        if seat is not None:
            st.stack.push(ForcedDiscard(seat))
            return
        if not st.wizards[st.active].alive:
            end_turn(st)
            continue
        return


def _cast_waiting(st: WizWarState, cid: int) -> bool:
    """Whether cast `cid` still waits to resolve, uncountered."""
    return any(c.cid == cid and not c.countered for c in st.casts)


def _window_live(st: WizWarState, window: CounterWindow) -> bool:
    """A window stays open while its cast waits uncountered and its seat lives."""
    return _cast_waiting(st, window.cid) and st.wizards[window.seat].alive
