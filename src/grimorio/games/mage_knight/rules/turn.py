"""The play phase: turns, actions, tokens and pushing, the end of the game and scoring.

Frames:
- `PlayLoop` runs turns one after another (MK-4.1): it starts the active player's turn (own-turn
  number, actions MK-4.2, Command through combat's `abilities.command_start`, MK-18.8), tests
  the end condition (MK-21.2), asks `TurnAsk`, then closes the turn (tokens MK-5.2, the round
  limit MK-X9) and passes to the next player still in (MK-4.1).
- `TurnAsk` (an OpenAsk) is the active player's open decision: `pass`, `end`, `withdraw` and
  `offer-end` are handled here; `move`, `levitate`, `raise`, `regenerate` go to
  `rules.movement` and `shoot`, `fight`, `heal` to `rules.combat` (their `check(st, seat, cmd)`
  and `start(st, seat, cmd)`).
- `AfterAction` runs once an action has fully resolved: pushing (MK-5.3), players dropping out
  (MK-4.1, MK-A31), the end condition (MK-21.2, MK-A32), and the end of a turn with nothing left
  to do (MK-4.6).
- `AgreeAsk` asks each other player still in whether to stop the game (MK-21.1 (3)).

Helpers for movement and combat: `may_act(st, wid, non_pass)` (MK-4.4, MK-4.7, MK-5.5,
MK-12.5) in every check, `record_action(st, wid, non_pass)` for each warrior receiving an action
(MK-4.4, MK-5.1, MK-5.4), and `apply_pushing(st, wids)` (MK-5.3, MK-5.7; idempotent: the turn
calls it after every action, so callers need not).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction, InvalidAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Ask, Frame, OpenAsk
from grimorio.games.mage_knight.notation import MKAction
from grimorio.games.mage_knight.rules import damage

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

MOVEMENT_VERBS = ("move", "levitate", "raise", "regenerate")
COMBAT_VERBS = ("shoot", "fight", "heal")
QUICKNESS = "quickness"


def refuse(rule: str, en: str, es: str) -> IllegalAction:
    return IllegalAction(Text(en, es), rule=rule)


def module_for(verb: str) -> ModuleType | None:
    """The rules module that checks and carries out a play verb: movement or combat."""
    from grimorio.games.mage_knight.rules import combat, movement

    if verb in MOVEMENT_VERBS:
        return movement
    if verb in COMBAT_VERBS:
        return combat
    return None


# ------------------------------------------------------------------------------ who may act

def may_act(st: MageKnightState, wid: str, non_pass: bool) -> IllegalAction | None:
    """Whether the active player may give `wid` an action now (pass when `non_pass` is false):
    his own warrior on the table (MK-4.7), not captive (MK-12.5), no action yet this turn
    (MK-4.4), and not a third turn in a row of non-pass actions (MK-5.5, MK-5.6)."""
    w = st.warriors.get(wid)
    if w is None:
        return refuse("MK-4.7", f"There is no warrior {wid}.", f"No hay ningún guerrero {wid}.")
    if w.owner != st.active or st.phase != "play":
        return refuse("MK-4.7", f"{wid} is not one of your warriors.",
                      f"{wid} no es uno de tus guerreros.")
    if not w.on_table:
        return refuse("MK-4.7", f"{wid} is not on the battlefield.",
                      f"{wid} no está en el campo de batalla.")
    if w.captor is not None:
        return refuse("MK-12.5", f"{wid} is a captive and cannot receive actions.",
                      f"{wid} es un cautivo y no puede recibir acciones.")
    turn = st.own_turn(w.owner)
    if w.acted_turn == turn:
        return refuse("MK-4.4", f"{wid} has already received an action this turn.",
                      f"{wid} ya ha recibido una acción este turno.")
    if non_pass and turn - 1 in w.busy_turns and turn - 2 in w.busy_turns:
        return refuse("MK-5.5", f"{wid} acted in both of your last two turns: it may only pass.",
                      f"{wid} actuó en tus dos últimos turnos: sólo puede pasar.")
    return None


def record_action(st: MageKnightState, wid: str, non_pass: bool) -> None:
    """`wid` receives an action this turn (MK-4.4). A non-pass action puts a token on it
    (MK-5.1), two when it also acted in its controller's previous turn, which pushes it
    (MK-5.3, MK-5.4); the pushing click comes with `apply_pushing`."""
    w = st.warriors[wid]
    turn = st.own_turn(w.owner)
    w.acted_turn = turn
    if not non_pass:
        return
    pushed = turn - 1 in w.busy_turns
    if turn not in w.busy_turns:
        w.busy_turns = (*w.busy_turns, turn)[-2:]
    w.tokens, w.token_turn = (2 if pushed else 1), turn
    if wid not in st.pending_push:
        st.pending_push = (*st.pending_push, wid)


def pushed(st: MageKnightState, wid: str) -> bool:
    """Non-pass actions in this and the previous own turn of its controller (MK-5.3, MK-5.6)."""
    w = st.warriors[wid]
    turn = st.own_turn(w.owner)
    return turn in w.busy_turns and turn - 1 in w.busy_turns


def apply_pushing(st: MageKnightState, wids: tuple[str, ...] | list[str]) -> None:
    """Deal the pushing click to each of `wids` that was pushed by the action just resolved
    (MK-5.3), exactly 1 and never reduced (MK-5.7, MK-A20). Each warrior is pushed at most once
    per action: calling this again for the same action does nothing."""
    for wid in wids:
        if wid not in st.pending_push:
            continue
        st.pending_push = tuple(x for x in st.pending_push if x != wid)
        if pushed(st, wid) and st.warriors[wid].on_table:
            st.emit("pushed", "MK-5.3", Text(f"{wid} is pushed.", f"{wid} sufre presión."),
                    warrior=wid)
            damage.deal(st, wid, 1, by=None, by_seat=None, rule="MK-5.3")


# ------------------------------------------------------------------------------ frames

@dataclass(slots=True)
class PlayLoop(Frame):
    """Turn after turn until the game is over (MK-4.1). Stage 0 starts a turn, 1 asks the
    player, 2 closes the turn."""

    stage: int = 0
    rule = "MK-4.1"

    def step(self, st: MageKnightState) -> None:
        if self.stage == 0:
            self.stage = 1
            begin_turn(st)
        elif self.stage == 1:
            self.stage = 2
            update_out(st)
            if end_condition(st):                 # after the start-of-turn effects (MK-21.2)
                return
            if turn_done(st, st.active):
                return
            st.frames.append(TurnAsk(st.active))
        else:
            self.stage = 0
            end_turn(st)


def begin_turn(st: MageKnightState) -> None:
    """The active player's turn begins: its own-turn number, its actions (MK-4.2), then
    Command (MK-18.8, MK-18.9)."""
    seat = st.active
    player = st.players[seat]
    player.own_turns += 1
    player.actions_left = st.actions_per_turn
    st.turn += 1
    st.pending_push = ()
    st.emit("turn", "MK-4.1", Text(
        f"Turn {st.turn}: P{seat + 1} plays with {player.actions_left} action(s).",
        f"Turno {st.turn}: juega J{seat + 1} con {player.actions_left} acción(es)."),
        seat=seat, turn=st.turn, own_turn=player.own_turns, actions=player.actions_left)
    from grimorio.games.mage_knight.rules import abilities

    abilities.command_start(st, seat)                    # MK-18.8, MK-18.9


def end_turn(st: MageKnightState) -> None:
    """Close the active player's turn: unused actions are lost (MK-4.6), tokens put down
    before this turn come off (MK-5.2, MK-5.4), then the round limit (MK-X9, MK-A32) and the
    next player still in (MK-4.1)."""
    if st.over:
        return
    seat = st.active
    player = st.players[seat]
    player.actions_left = 0
    turn = player.own_turns
    for w in st.own_warriors(seat):
        if w.tokens and w.token_turn < turn:
            w.tokens, w.token_turn = 0, -1
    nxt = next_seat(st, seat)
    if nxt is None:
        finish(st, "no_players", "MK-4.1")
        return
    n = len(st.players)
    if (nxt - st.first_player) % n <= (seat - st.first_player) % n:
        st.round += 1
        if st.round >= int(st.option("round_limit")):
            finish(st, "round_limit", "MK-X9")
            return
    st.active = nxt


def next_seat(st: MageKnightState, seat: int) -> int | None:
    """The next player clockwise still in the game (MK-4.1)."""
    n = len(st.players)
    for i in range(1, n + 1):
        other = (seat + i) % n
        if not st.players[other].out:
            return other
    return None


def turn_done(st: MageKnightState, seat: int) -> bool:
    """Nothing more can be done this turn: no warrior may take even a pass, or no actions are
    left and no warrior could make a Quickness move, which needs none (MK-4.6, MK-17.3)."""
    player = st.players[seat]
    if player.out:
        return True
    ready = [w.id for w in st.own_warriors(seat) if may_act(st, w.id, False) is None]
    if not ready:
        return True
    if player.actions_left > 0:
        return False
    return not any(st.has(wid, QUICKNESS) and may_act(st, wid, True) is None for wid in ready)


def free_action(cmd: nt.Command) -> bool:
    """A Quickness move uses none of the turn's actions (MK-17.3)."""
    return isinstance(cmd, nt.Move) and len(cmd.legs) == 1 and cmd.legs[0].use == QUICKNESS


@dataclass(slots=True)
class TurnAsk(OpenAsk):
    """The active player's decision: an action for a warrior, or end, withdraw, offer-end."""

    seat: int
    rule = "MK-4.3"

    def options(self, st: MageKnightState) -> list[Any]:
        from grimorio.games.mage_knight import candidates

        return candidates.turn_candidates(st, self.seat)

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        try:
            cmd = nt.parse(action)
        except InvalidAction as exc:
            return IllegalAction(exc.text, rule="MK-4.5")
        return check_turn_command(st, self.seat, cmd)

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        cmd = nt.parse(action)
        if isinstance(cmd, nt.End):
            st.emit("end_turn", "MK-4.6", Text(f"P{self.seat + 1} ends the turn.",
                                               f"J{self.seat + 1} termina el turno."),
                    seat=self.seat)
            st.frames.pop()
        elif isinstance(cmd, nt.Withdraw):
            st.frames.pop()
            withdraw(st, self.seat)
        elif isinstance(cmd, nt.OfferEnd):
            st.offered_turn = st.turn
            st.emit("offer_end", "MK-21.1", Text(
                f"P{self.seat + 1} offers to end the game.",
                f"J{self.seat + 1} propone terminar la partida."), seat=self.seat)
            others = tuple(s for s in turn_order(st, self.seat) if s != self.seat)
            st.frames.append(AgreeAsk(others[0], others[1:]))
        elif isinstance(cmd, nt.Pass):
            st.players[self.seat].actions_left -= 1
            record_action(st, cmd.wid, False)
            st.emit("pass", "MK-4.5", Text(f"{cmd.wid} passes.", f"{cmd.wid} pasa."),
                    warrior=cmd.wid)
            st.frames.append(AfterAction(self.seat))
        else:
            if not free_action(cmd):
                st.players[self.seat].actions_left -= 1
            st.frames.append(AfterAction(self.seat))
            module = module_for(cmd.verb)
            assert module is not None
            module.start(st, self.seat, cmd)


def check_turn_command(st: MageKnightState, seat: int, cmd: nt.Command) -> IllegalAction | None:
    """The exact legality of a play-phase command for the active player."""
    if isinstance(cmd, (nt.End, nt.Withdraw)):
        return None                                  # MK-4.6, MK-21.3
    if isinstance(cmd, nt.OfferEnd):
        return check_offer(st, seat)
    if isinstance(cmd, nt.Pass):
        if st.players[seat].actions_left <= 0:
            return no_actions_left()
        return may_act(st, cmd.wid, False)
    module = module_for(cmd.verb) if not isinstance(cmd, nt.HealChoice) else None
    if module is None:
        return refuse("MK-4.5", f"'{cmd.text()}' is not an action you can give now.",
                      f"'{cmd.text()}' no es una acción que puedas dar ahora.")
    if not free_action(cmd) and st.players[seat].actions_left <= 0:
        return no_actions_left()
    wid = nt.actor(cmd)
    refusal = None if wid is None else may_act(st, wid, True)
    if refusal is not None:
        return refusal
    result: IllegalAction | None = module.check(st, seat, cmd)
    return result


def no_actions_left() -> IllegalAction:
    return refuse("MK-4.2", "No actions are left this turn.", "No quedan acciones este turno.")


def check_offer(st: MageKnightState, seat: int) -> IllegalAction | None:
    """One offer to end the game per turn, and only with other players still in (MK-21.1),
    unless the game was set up to be fought to its end (MK-X17)."""
    if not st.game.options["end_by_agreement"]:
        return refuse("MK-X17", "This game is fought to its end: no offer to stop.",
                      "Esta partida se juega hasta el final: no se puede proponer parar.")
    if st.offered_turn == st.turn:
        return refuse("MK-21.1", "You already offered to end the game this turn.",
                      "Ya has propuesto terminar la partida este turno.")
    if not any(s != seat for s in st.playing()):
        return refuse("MK-21.1", "Nobody else is playing.", "Nadie más está jugando.")
    return None


def turn_order(st: MageKnightState, seat: int) -> list[int]:
    """Players still in, clockwise from `seat`."""
    n = len(st.players)
    return [s for s in ((seat + i) % n for i in range(n)) if not st.players[s].out]


@dataclass(slots=True)
class AfterAction(Frame):
    """After an action has fully resolved (MK-4.3): pushing (MK-5.3), players out (MK-A31),
    the end condition (MK-21.2), and the turn's end when nothing is left to do (MK-4.6)."""

    seat: int
    rule = "MK-4.3"

    def step(self, st: MageKnightState) -> None:
        st.frames.pop()
        apply_pushing(st, st.pending_push)
        st.pending_push = ()
        update_out(st)
        if end_condition(st):
            return
        top = st.frames[-1] if st.frames else None
        if isinstance(top, TurnAsk) and turn_done(st, top.seat):
            st.frames.pop()


@dataclass(slots=True)
class AgreeAsk(Ask):
    """`agree yes|no` to an offer to end the game; `rest` are asked after (MK-21.1 (3))."""

    seat: int
    rest: tuple[int, ...] = ()
    rule = "MK-21.1"

    def options(self, st: MageKnightState) -> list[Any]:
        return [MKAction("agree yes"), MKAction("agree no")]

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        st.frames.pop()
        yes = action.text == "agree yes"
        st.emit("agree", "MK-21.1", Text(
            f"P{self.seat + 1} {'agrees' if yes else 'refuses'} to end the game.",
            f"J{self.seat + 1} {'acepta' if yes else 'rechaza'} terminar la partida."),
            seat=self.seat, agree=yes)
        if not yes:
            return
        if self.rest:
            st.frames.append(AgreeAsk(self.rest[0], self.rest[1:]))
        else:
            finish(st, "agreement", "MK-21.1")


# ------------------------------------------------------------------------------ players out

def update_out(st: MageKnightState) -> None:
    """A player is out while he has withdrawn or has nothing on the table but captives
    (MK-4.1, MK-A31); Demoralized warriors keep him in. A player whose captive warriors are
    released comes back in (MK-12.12)."""
    for player in st.players:
        out = player.withdrawn or not any(w.on_table and w.captor is None
                                          for w in st.own_warriors(player.seat))
        if out == player.out:
            continue
        player.out = out
        seat = player.seat
        if out:
            st.emit("out", "MK-A31", Text(f"P{seat + 1} is out of the game.",
                                          f"J{seat + 1} queda fuera de la partida."), seat=seat)
        else:
            st.emit("back", "MK-12.12", Text(f"P{seat + 1} has a warrior free again.",
                                             f"J{seat + 1} vuelve a tener un guerrero libre."),
                    seat=seat)


def end_condition(st: MageKnightState) -> bool:
    """End condition (1): at most one side still has warriors that count, captives and
    Demoralized warriors left out (MK-21.1, MK-12.15, MK-18.5, MK-A30). Ends the game if so."""
    if st.over:
        return True
    sides = {st.side(w.owner) for w in st.placed_warriors() if st.counts(w.id)}
    if len(sides) > 1:
        return False
    finish(st, "one_side" if sides else "no_side", "MK-21.1")
    return True


def withdraw(st: MageKnightState, seat: int) -> None:
    """A player quits the battle (MK-21.3): his warriors held captive score their points for
    their holders (MK-21.4); captives he held are released (MK-21.5); all his figures leave the
    table. Then the end condition is tested (MK-21.2)."""
    player = st.players[seat]
    for w in st.own_warriors(seat):
        if not w.on_table:
            continue
        if w.captive is not None:
            damage.release(st, w.id, rule="MK-21.5")
        if w.captor is not None:
            holder = st.warriors[w.captor]
            holder.captive, w.captor = None, None
            points = st.figure(w.id).points
            st.players[holder.owner].vp_eliminated += points
            st.emit("score", "MK-21.4", Text(
                f"P{holder.owner + 1} scores {points} VP for the captive {w.id}.",
                f"J{holder.owner + 1} gana {points} PV por el cautivo {w.id}."),
                seat=holder.owner, points=points, warrior=w.id)
        w.placed, w.tokens, w.token_turn = False, 0, -1
    player.withdrawn = player.out = True
    st.touch()
    st.emit("withdraw", "MK-21.3", Text(f"P{seat + 1} withdraws from the battle.",
                                        f"J{seat + 1} se retira de la batalla."), seat=seat)
    update_out(st)
    end_condition(st)


# ------------------------------------------------------------------------------ scoring

def scores(st: MageKnightState) -> list[dict[str, int]]:
    """Each player's victory points (MK-22.1 to MK-22.5): eliminations so far, twice the points
    of each opposing captive he holds (MK-22.3, MK-12.15), and his own figures on the table and
    not captive, Demoralized ones included (MK-22.4); a withdrawn player keeps only his
    eliminations (MK-A33)."""
    out = []
    for player in st.players:
        captives = survivors = 0
        for w in st.own_warriors(player.seat):
            if not w.on_table:
                continue
            if w.captive is not None:
                captives += 2 * st.figure(w.captive).points
            if w.captor is None:
                survivors += st.figure(w.id).points
        total = player.vp_eliminated + captives + survivors
        out.append({"eliminated": player.vp_eliminated, "captives": captives,
                    "survivors": survivors, "total": total, "spent": player.points_spent})
    return out


def winners(st: MageKnightState, table: list[dict[str, int]]) -> tuple[int, ...]:
    """The highest total wins; among those tied, who spent fewer points on his army (MK-22.7);
    players still tied share the victory (MK-A33)."""
    best = max(row["total"] for row in table)
    tied = [s for s, row in enumerate(table) if row["total"] == best]
    cheapest = min(table[s]["spent"] for s in tied)
    return tuple(s for s in tied if table[s]["spent"] == cheapest)


def finish(st: MageKnightState, reason: str, rule: str) -> None:
    """The game is over: count the points (MK-22.5) and name the winners (MK-22.7). Teams'
    totals are reported for information only (MK-X10)."""
    if st.over:
        return
    st.over = True
    st.phase = "over"
    st.end_reason = reason
    st.frames.clear()
    table = scores(st)
    st.winners = winners(st, table)
    teams: dict[int, int] = {}
    for player, row in zip(st.players, table, strict=True):
        teams[player.team] = teams.get(player.team, 0) + row["total"]
    st.memo["scores"] = table
    st.memo["team_totals"] = {str(k): v for k, v in sorted(teams.items())}
    listed = ", ".join(f"P{s + 1} {row['total']}" for s, row in enumerate(table))
    names = ", ".join(f"P{s + 1}" for s in st.winners)
    st.emit("game_over", rule, Text(f"The game is over ({reason}). VP: {listed}. Winner(s): "
                                    f"{names}.",
                                    f"La partida ha terminado ({reason}). PV: {listed}. "
                                    f"Ganador(es): {names}."),
            reason=reason, scores=table, winners=list(st.winners))
    st.emit("ranking", "MK-22.7", Text(f"Winner(s): {names}.", f"Ganador(es): {names}."),
            winners=list(st.winners))
