"""Turning dials: damage, healing and elimination (MK-1.3, MK-1.5, MK-1.6, MK-11.4, MK-11.5).

Every click anywhere in the game goes through here; movement and combat never turn a dial
themselves. Callers pass the final amount: reductions (Toughness, Invulnerability, MK-11.3) are
combat's business (`abilities.reduce`, `abilities.clicks`), and pushing, the critical-miss click
and the critical-hit click are simply never reduced.

- `deal` turns the dial clockwise one click at a time and stops at the skulls (MK-1.3, MK-1.5);
  a captor that comes to show Berserk or Battle Fury on any click it turns to, even one it
  only passes over, loses its captive (MK-12.14).
- `heal` turns it back, never past the starting click; Invulnerable warriors heal nothing
  (MK-1.6, MK-11.4, MK-20.7).
- `eliminate` sends a warrior to its owner's eliminated pool, frees the captive it held, and
  scores its points (MK-11.5, MK-12.12, MK-22.2, MK-A28, MK-A29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

BERSERK = "berserk"
BATTLE_FURY = "battle_fury"
INVULNERABILITY = "invulnerability"


def deal(st: MageKnightState, wid: str, clicks: int, *, by: str | None, by_seat: int | None,
         rule: str) -> int:
    """Turn `wid`'s dial `clicks` clicks of damage, one at a time (MK-1.3); stop at the skulls
    and eliminate (MK-1.5). `by` is the warrior that caused it (None for pushing), `by_seat` the
    player whose warrior it was (for victory points, MK-22.2, MK-A28). Returns the clicks
    actually turned. Captives take no damage at all (MK-12.6)."""
    w = st.warriors[wid]
    if clicks <= 0 or not w.on_table or w.captor is not None:
        return 0
    if by_seat is not None and st.opposing(by_seat, w.owner):
        w.last_damager = by_seat
    figure = st.figure(wid)
    turned = 0
    while turned < clicks and not figure.is_ko(w.click + turned):
        turned += 1
    st.emit("damage", rule, Text(f"{wid} takes {turned} click(s) of damage.",
                                 f"{wid} recibe {turned} clic(s) de daño."),
            warrior=wid, clicks=turned, by=by)
    for _ in range(turned):
        w.click += 1
        if figure.is_ko(w.click):
            eliminate(st, wid, by_seat=by_seat, rule=rule)
            break
        # each click is a dial position of its own (MK-1.3): Berserk or Battle Fury showing on
        # a click the dial only passes over still acts on the captive (MK-12.14)
        _captor_changes(st, wid)
    return turned


def heal(st: MageKnightState, wid: str, clicks: int, *, rule: str) -> int:
    """Turn `wid`'s dial back up to `clicks` clicks, never past its starting click (MK-1.6,
    MK-11.4); an Invulnerable warrior heals nothing (MK-20.7) and a captive is out of reach
    (MK-12.6). Returns the clicks healed."""
    w = st.warriors[wid]
    if clicks <= 0 or not w.on_table or w.captor is not None or st.has(wid, INVULNERABILITY):
        return 0
    healed = min(clicks, max(0, w.click - st.figure(wid).start))
    if healed:
        st.emit("heal", rule, Text(f"{wid} heals {healed} click(s).",
                                   f"{wid} se cura {healed} clic(s)."),
                warrior=wid, clicks=healed)
        for _ in range(healed):            # one click at a time (MK-1.3, MK-12.14)
            w.click -= 1
            _captor_changes(st, wid)
    return healed


def eliminate(st: MageKnightState, wid: str, *, by_seat: int | None, rule: str) -> None:
    """Take `wid` off the table into its owner's eliminated pool (MK-1.5, MK-11.5), release
    the captive it held (MK-12.12), and score it (MK-22.2, MK-A28, MK-A29)."""
    w = st.warriors[wid]
    if w.eliminated:
        return
    release(st, wid, rule="MK-12.12")
    if w.captor is not None:               # a captive its Berserk captor eliminates (MK-12.14)
        st.warriors[w.captor].captive = None
        w.captor = None
    w.eliminated, w.placed = True, False
    w.tokens, w.token_turn = 0, -1
    st.touch()
    st.emit("eliminated", rule, Text(f"{wid} is eliminated.", f"{wid} queda eliminado."),
            warrior=wid, owner=w.owner)
    score_elimination(st, wid, by_seat)


def release(st: MageKnightState, captor: str, *, rule: str) -> str | None:
    """Free the captive `captor` holds, if any; its owner gives it actions again (MK-12.12,
    MK-18.4, MK-21.5). Returns the freed warrior's id."""
    w = st.warriors[captor]
    freed = w.captive
    if freed is None:
        return None
    st.warriors[freed].captor = None
    w.captive = None
    st.emit("released", rule, Text(f"{freed} is released.", f"{freed} queda libre."),
            warrior=freed, captor=captor)
    return freed


def score_elimination(st: MageKnightState, wid: str, by_seat: int | None) -> None:
    """Victory points for an eliminated figure (MK-22.2): the opposing player whose warrior
    eliminated it; if its own side did (pushing, a critical miss, friendly Shockwave), the last
    opposing player that damaged it, or its points split evenly (rounded down) among the
    opposing players when none did (MK-22.6, MK-A28; option `self_elimination_vp`)."""
    w = st.warriors[wid]
    points = st.figure(wid).points
    if by_seat is not None and st.opposing(by_seat, w.owner):
        _award(st, {by_seat: points}, wid, "MK-22.2")
        return
    if st.option("self_elimination_vp") == "nobody":
        st.emit("no_score", "MK-A28", Text(f"Nobody scores {wid}.", f"Nadie puntúa {wid}."),
                warrior=wid)
        return
    if w.last_damager is not None:
        _award(st, {w.last_damager: points}, wid, "MK-A28")
        return
    rivals = [s for s in st.seats if st.opposing(s, w.owner)]
    if rivals:
        _award(st, dict.fromkeys(rivals, points // len(rivals)), wid, "MK-A28")


def _award(st: MageKnightState, shares: dict[int, int], wid: str, rule: str) -> None:
    for seat, points in shares.items():
        st.players[seat].vp_eliminated += points
        st.emit("score", rule, Text(f"P{seat + 1} scores {points} VP for {wid}.",
                                    f"J{seat + 1} gana {points} PV por {wid}."),
                seat=seat, points=points, warrior=wid)


def _captor_changes(st: MageKnightState, wid: str) -> None:
    """A captor that now shows Berserk eliminates its captive, scored by the captor's player
    (MK-12.14, MK-18.2, MK-A29); one that shows Battle Fury frees it (MK-12.14, MK-18.4)."""
    w = st.warriors[wid]
    if w.captive is None:
        return
    if st.has(wid, BERSERK):
        eliminate(st, w.captive, by_seat=w.owner, rule="MK-12.14")
    elif st.has(wid, BATTLE_FURY):
        release(st, wid, rule="MK-12.14")
