"""The turn (section 4): four phases in order, each played seat by seat from the First Player, then
the First Player passes clockwise; and the experience-card windows outside combat.

Frames: `Turn` walks the phases and seats and closes the turn; `Windows` offers a card window
(a `CardWindow` ask) to each seat of a queue in turn (WC-A27 b: the players whose phase it is
not declare first); `EndOfTurn` is a player's own end of turn (WC-4.4, WC-A2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

PHASES = ("movement", "harvest", "deployment", "spending")
END = len(PHASES)
PASS = act("pass")


def name(seat: int) -> str:
    return f"P{seat + 1}"


def card_windows(st: WarcraftState, timing: str, seat: int) -> list[WCAction]:
    """The cards `seat` may play in a window (rules/experience.py)."""
    from grimorio.games.warcraft.rules import experience

    if st.players[seat].eliminated:
        return []
    return experience.windows(st, timing, seat)


# ---------------------------------------------------------------------------- the turn

@dataclass(slots=True)
class Turn(Frame):
    """One turn: every phase for every seat still in, then the end of the turn (WC-4.1 to
    WC-4.3). `done` are the seats that already began the current phase."""

    phase: int = 0
    done: tuple[int, ...] = ()
    rule = "WC-4.1"

    def step(self, st: WarcraftState) -> None:
        if self.phase == END:
            self.phase, self.done = 0, ()
            end_of_turn(st)
            return
        st.phase = PHASES[self.phase]
        seat = next((s for s in st.order() if s not in self.done), None)
        if seat is None:
            self.phase, self.done = self.phase + 1, ()
            end_of_phase(st, PHASES[self.phase - 1])
            return
        self.done = (*self.done, seat)
        begin_phase(st, seat, PHASES[self.phase])


def begin_phase(st: WarcraftState, seat: int, phase: str) -> None:
    """Push `seat`'s part of a phase; scenarios may take a phase away (WC-19.5, WC-19.7).
    A player's turn ends where his Spending phase is or would be (WC-4.4, WC-A2)."""
    from grimorio.games.warcraft.rules import deployment, harvest, movement, scenarios, spending

    if phase == "spending":
        st.frames.append(EndOfTurn(seat))
    if scenarios.skips(st, seat, phase):
        return
    st.emit("phase", "WC-4.2", Text(f"{name(seat)}'s {phase} phase.",
                                    f"Fase de {_ES[phase]} de {name(seat)}."),
            seat=seat, phase=phase)
    frame: Frame = {"movement": movement.MovementPhase, "harvest": harvest.HarvestPhase,
                    "deployment": deployment.DeploymentPhase,
                    "spending": spending.SpendingPhase}[phase](seat)
    st.frames.append(frame)


_ES = {"movement": "movimiento", "harvest": "recolección", "deployment": "despliegue",
       "spending": "gastos"}


def end_of_phase(st: WarcraftState, phase: str) -> None:
    """After every Movement phase comes the Town Hall check (WC-7.5, WC-7.6)."""
    from grimorio.games.warcraft.rules import victory

    if phase == "movement":
        victory.town_hall_check(st)


def end_of_turn(st: WarcraftState) -> None:
    """Close the turn: scenario steps (WC-19.8), effects of the turn lapse (WC-A33), the turn
    limit (WC-X13), and the First Player passes clockwise to the next seat still in (WC-4.3,
    WC-A32)."""
    from grimorio.games.warcraft.rules import scenarios, victory

    scenarios.end_of_turn(st)
    if st.over:
        return
    st.move_mods = {}
    if st.turn >= st.turn_limit:
        victory.turn_limit_reached(st)
        return
    st.turn += 1
    st.first = next_first(st)
    st.emit("turn", "WC-4.3", Text(f"Turn {st.turn}: {name(st.first)} is First Player.",
                                   f"Turno {st.turn}: {name(st.first)} es jugador inicial."),
            turn=st.turn, first=st.first)


def next_first(st: WarcraftState) -> int:
    n = len(st.players)
    for i in range(1, n + 1):
        seat = (st.first + i) % n
        if not st.players[seat].eliminated:
            return seat
    return st.first


@dataclass(slots=True)
class EndOfTurn(Frame):
    """A player's own end of turn: a last chance to lay Victory Point cards (WC-A26), then the
    win checks of that moment (WC-1.3, WC-1.4, WC-14.4, WC-14.5, scenario goals)."""

    seat: int
    stage: int = 0
    rule = "WC-4.4"

    def step(self, st: WarcraftState) -> None:
        from grimorio.games.warcraft.rules import victory

        if self.stage == 0:
            self.stage = 1
            push_windows(st, ((self.seat, "any_time"),))
            return
        st.frames.pop()
        if not st.players[self.seat].eliminated:
            victory.end_of_own_turn(st, self.seat)


# ---------------------------------------------------------------------------- card windows

@dataclass(slots=True)
class Windows(Frame):
    """Offer a card window to each (seat, timing) of the queue, in order."""

    queue: tuple[tuple[int, str], ...] = ()
    rule = "WC-13.3"

    def step(self, st: WarcraftState) -> None:
        if not self.queue:
            st.frames.pop()
            return
        (seat, timing), self.queue = self.queue[0], self.queue[1:]
        if could_hold(st, seat, timing):
            st.frames.append(CardWindow(seat, timing))


def could_hold(st: WarcraftState, seat: int, timing: str) -> bool:
    """Whether, as far as the other players can tell, `seat` might hold a card for this window:
    it holds cards and its race's deck has copies of such a card not yet seen in its discards
    or laid. Deciding on public facts only keeps the hands secret (WC-3.7): the window opens
    whether or not the card is really there."""
    player = st.players[seat]
    if player.eliminated or not player.hand:
        return False
    seen = player.discard + player.laid
    return any(card.timing == timing and copies > seen.count(card.id)
               for card, copies in st.lib.experience.deck(player.race))


def push_windows(st: WarcraftState, queue: tuple[tuple[int, str], ...]) -> None:
    st.frames.append(Windows(queue))


def others_first(st: WarcraftState, mover: int, theirs: str, mine: str
                 ) -> tuple[tuple[int, str], ...]:
    """The other seats clockwise from the mover with `theirs`, then the mover with `mine`
    (WC-A27 b)."""
    n = len(st.players)
    others = [(mover + i) % n for i in range(1, n)]
    return (*((s, theirs) for s in others if not st.players[s].eliminated), (mover, mine))


@dataclass(slots=True)
class CardWindow(Ask):
    """A seat may play experience cards now (experience.play, COMBAT's) or `pass`."""

    seat: int
    timing: str
    rule = "WC-13.3"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [*card_windows(st, self.timing, self.seat), PASS]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        if action == PASS:
            st.frames.pop()
            return
        from grimorio.games.warcraft.rules import experience

        # The window opens again once the card is done, for a further card.
        st.frames.pop()
        st.frames.append(Windows(((self.seat, self.timing),)))
        experience.play(st, self.seat, action)

    def public(self) -> dict[str, Any]:
        return {"frame": "CardWindow", "seat": self.seat, "timing": self.timing}
