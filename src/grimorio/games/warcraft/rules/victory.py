"""Victory points, Town Hall capture, elimination and the end of the game (section 1, WC-7.6 to
WC-7.8, section 14, WC-15.8, WC-X13).

VP are recounted from the board whenever needed, never stored (WC-14.1). The scenario's victory
clauses (data: `victory`) say which goals apply; rules/scenarios.py checks the special ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft.model import NEUTRAL, UNIT_KINDS

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState


def name(seat: int) -> str:
    return f"P{seat + 1}"


# ---------------------------------------------------------------------------- victory points

def card_vp(st: WarcraftState, seat: int) -> int:
    """Victory Point cards laid face up (WC-14.1 a, WC-13.24)."""
    return sum(st.card(c).effect.amount for c in st.players[seat].laid)


def upgrade_vp(st: WarcraftState, seat: int) -> int:
    """One per unit type whose top card shows the VP symbol (WC-14.1 b, WC-10.19)."""
    value = int(st.lib.constants.victory["fully_upgraded_type_vp"].value)
    return sum(value for k in UNIT_KINDS if st.unit_card(seat, k).upgrade.value is None)


def zone_vp(st: WarcraftState, seats: list[int]) -> int:
    """Objectives and Town Halls where one of `seats` keeps a unit, each counted once
    (WC-14.1 c, WC-14.3, WC-A15)."""
    total = 0
    for zone_id, sides in st.zones.items():
        zone = st.board.zones[zone_id]
        if zone.vp and any(sides[s].units for s in seats if s in sides):
            total += zone.vp
    return total


def vp(st: WarcraftState, seat: int) -> int:
    """A player's VP (WC-14.1, WC-14.2)."""
    return card_vp(st, seat) + upgrade_vp(st, seat) + zone_vp(st, [seat])


def side_vp(st: WarcraftState, seat: int) -> int:
    """A team's VP: the members' cards and upgrades, and zones held by either once (WC-14.5,
    WC-A15 b)."""
    members = st.team_of(seat)
    return (sum(card_vp(st, s) + upgrade_vp(st, s) for s in members)
            + zone_vp(st, members))


# ---------------------------------------------------------------------------- the end

def finish(st: WarcraftState, winners: list[int], rule: str, why: Text) -> None:
    """The game is over; `winners` empty is a draw."""
    if st.over:
        return
    st.over = True
    st.winners = tuple(sorted(set(winners)))
    shown = ", ".join(name(s) for s in st.winners) or "-"
    st.emit("game-over", rule, why + Text(f" Winners: {shown}.", f" Ganan: {shown}."),
            winners=list(st.winners))


def win_for(st: WarcraftState, seat: int, rule: str, why: Text) -> None:
    """`seat` and its partners win (WC-1.4, WC-15.8)."""
    finish(st, st.team_of(seat), rule, why)


def end_of_own_turn(st: WarcraftState, seat: int) -> None:
    """The checks at the end of a player's own turn (WC-4.4, WC-A2): VP (WC-1.3, WC-1.4,
    WC-14.4, WC-14.5) and the scenario goals tested then (WC-14.6)."""
    from grimorio.games.warcraft.rules import scenarios

    for clause in st.scenario.victory:
        if st.over:
            return
        if clause.kind == "vp" and scenarios.may_win(st, clause, seat):
            _vp_goal(st, seat, clause.points, clause.team)
        elif clause.at == "end_of_own_turn":
            scenarios.zone_goal(st, clause, seat)


def _vp_goal(st: WarcraftState, seat: int, points: int, team: bool) -> None:
    score = side_vp(st, seat) if team else vp(st, seat)
    if score >= points:
        rule = "WC-14.5" if team else "WC-14.4"
        win_for(st, seat, rule, Text(f"{name(seat)} ends the turn with {score} VP.",
                                     f"{name(seat)} acaba el turno con {score} PV."))


# ---------------------------------------------------------------------------- Town Halls

def town_hall_check(st: WarcraftState) -> None:
    """Once every player has moved: an occupied Town Hall is marked the first time and costs
    its owner (and partners) the game the second (WC-7.6 to WC-7.8, WC-A1)."""
    fallen: list[int] = []
    for seat in st.order():
        hall = st.players[seat].town_hall
        if hall is None or not st.enemy_units(hall, seat):
            continue
        if hall in st.marks:
            fallen.append(seat)
            continue
        st.marks = st.marks | {hall}
        st.emit("town-hall-mark", "WC-7.6",
                Text(f"Enemies hold {name(seat)}'s Town Hall zone: it is marked.",
                     f"Hay enemigos en el Ayuntamiento de {name(seat)}: queda marcado."),
                seat=seat, zone=hall)
    for seat in fallen:
        if not st.players[seat].eliminated:
            eliminate(st, seat, "WC-7.7")
    if fallen:
        last_standing(st)


def eliminate(st: WarcraftState, seat: int, rule: str) -> None:
    """The player and his partners leave the game; their units, workers and outposts leave the
    board at once (WC-1.5, WC-15.8)."""
    from grimorio.games.warcraft.rules import scenarios

    for member in st.team_of(seat):
        player = st.players[member]
        if player.eliminated:
            continue
        player.eliminated = True
        for zone, sides in st.zones.items():
            if member in sides:
                del sides[member]
                st.sealed = st.sealed - {zone} if not st.contested(zone) else st.sealed
        st.emit("eliminated", rule, Text(f"{name(member)} is eliminated.",
                                         f"{name(member)} queda eliminado."), seat=member)
        scenarios.eliminated(st, member)


def last_standing(st: WarcraftState) -> None:
    """A lone player or team left wins (WC-1.6); nobody left is a draw (WC-1.7, WC-A27)."""
    if st.over:
        return
    sides = {st.teams[s] for s in st.seats if not st.players[s].eliminated}
    if len(sides) > 1:
        return
    if not sides:
        finish(st, [], "WC-A27", Text("Nobody is left.", "No queda nadie."))
        return
    survivor = next(s for s in st.seats if not st.players[s].eliminated)
    win_for(st, survivor, "WC-1.6", Text(f"Only {name(survivor)}'s side is left.",
                                         f"Solo queda el bando de {name(survivor)}."))


def turn_limit_reached(st: WarcraftState) -> None:
    """The turn limit (WC-X13): where VP count, the side with most VP wins and a tie is a
    draw; elsewhere the game is a draw."""
    why = Text(f"The turn limit ({st.turn_limit}) is reached.",
               f"Se alcanza el límite de turnos ({st.turn_limit}).")
    if not st.scenario.uses_vp:
        finish(st, [], "WC-X13", why)
        return
    alive = [s for s in st.seats if not st.players[s].eliminated]
    team = any(c.kind == "vp" and c.team for c in st.scenario.victory)
    scores = {s: side_vp(st, s) if team else vp(st, s) for s in alive}
    best = max(scores.values())
    leaders = [s for s, v in scores.items() if v == best]
    if len({st.teams[s] for s in leaders}) > 1:
        finish(st, [], "WC-X13", why)
        return
    finish(st, st.team_of(leaders[0]), "WC-X13", why)


def holder(st: WarcraftState, zone: str, seat: int) -> bool:
    """Whether `seat` keeps a unit in `zone`."""
    force = st.zones[zone].get(seat)
    return force is not None and force.units > 0 and seat != NEUTRAL
