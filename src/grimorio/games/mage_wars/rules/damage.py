"""Damage, direct damage, healing, destruction and the end of the game.

Damage is kept on `Obj.damage` for every object, mages included (MW-5.25, MW-6.37, MW-6.101); an
object whose damage reaches its life is destroyed (MW-X-8.2) and goes, with everything attached
to it, to its owner's discard pile (MW-5.16, MW-5.77, MW-X-10.10). A destroyed mage loses the game
(MW-3.1, MW-X-10.3); both at once is a draw (MW-A9).

The attack die (MW-S1, MW-6.31): faces 1-2 blank, 3 one normal, 4 two normal, 5 one critical,
6 two critical.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import conditions, hooks, traits
from grimorio.games.mage_wars.rules.round import name as _name

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

# d6 face -> (normal, critical) points (MW-S1)
ATTACK_FACES: dict[int, tuple[int, int]] = {1: (0, 0), 2: (0, 0), 3: (1, 0), 4: (2, 0),
                                            5: (0, 1), 6: (0, 2)}


def attack_dice(st: MageWarsState, n: int, purpose: Text, rule: str
                ) -> tuple[int, int, tuple[int, ...]]:
    """Roll `n` attack dice: (normal total, critical total, the d6 faces) (MW-6.31, MW-S1)."""
    faces = st.roll(n, purpose, rule) if n > 0 else ()
    normal = sum(ATTACK_FACES[f][0] for f in faces)
    critical = sum(ATTACK_FACES[f][1] for f in faces)
    return normal, critical, tuple(faces)


def dice_total(st: MageWarsState, n: int, purpose: Text, rule: str) -> int:
    """Healing and direct-damage dice count normal and critical results alike (MW-6.99)."""
    normal, critical, _ = attack_dice(st, n, purpose, rule)
    return normal + critical


def deal(st: MageWarsState, oid: int, amount: int, *, source: int | None, direct: bool,
         rule: str, dtype: str | None = None, check: bool = True) -> int:
    """Put `amount` damage on the object; returns the damage dealt. Direct damage is stopped
    only by immunity to its type (MW-6.97, MW-6.98, MW-X-8.4, MW-C3); attack damage comes here
    already reduced by armor. Any damage wakes a sleeper (MW-X-6.24); reaching life destroys
    (MW-5.25, MW-X-8.2). `check=False` lets a caller settle simultaneous damage before the end
    check (MW-A9)."""
    o = st.objs.get(oid)
    if o is None or amount <= 0 or not o.has_life:
        return 0
    if dtype is not None and traits.traits(st, oid).immune(dtype):
        st.emit("immune", "MW-6.98", Text(f"o{oid} is immune to {dtype}.",
                                          f"o{oid} es inmune a {dtype}."), oid=oid)
        return 0
    o.damage += amount
    st.emit("damage", rule, Text(f"o{oid} takes {amount} damage ({o.damage} in all).",
                                 f"o{oid} recibe {amount} de daño ({o.damage} en total)."),
            oid=oid, amount=amount, total=o.damage, source=source, direct=direct)
    st.changed()
    conditions.wake(st, oid)
    check_destroyed(st, oid, rule="MW-5.25", end=check)
    return amount


def remaining_life(st: MageWarsState, oid: int) -> int:
    """Life minus damage, at least 0 (MW-C5, MW-S9)."""
    o = st.objs.get(oid)
    return 0 if o is None else max(0, traits.life(st, oid) - o.damage)


def check_destroyed(st: MageWarsState, oid: int, rule: str, *, end: bool = True) -> bool:
    """Destroy the object if its damage reached its life (MW-5.25, MW-X-8.2, MW-X-8.3)."""
    o = st.objs.get(oid)
    if o is None or not o.has_life or o.damage < traits.life(st, oid):
        return False
    destroy(st, oid, rule, end=end)
    return True


def heal(st: MageWarsState, oid: int, amount: int, rule: str) -> int:
    """Remove up to `amount` damage from a Living object without Finite Life; returns what was
    removed (MW-6.99-MW-6.103, MW-X-8.5, MW-X-8.8)."""
    o = st.objs.get(oid)
    if o is None or amount <= 0 or not o.damage:
        return 0
    t = traits.traits(st, oid)
    if not t.has("living") or t.has("finite-life"):
        st.emit("no-heal", "MW-6.103", Text(f"o{oid} cannot be healed.",
                                            f"o{oid} no puede curarse."), oid=oid)
        return 0
    healed = min(amount, o.damage)                       # MW-6.102
    o.damage -= healed
    if o.memo.get("rage"):              # Rage +X, losing: one marker, all when unhurt (MW-X-8.13)
        o.memo["rage"] = 0 if o.damage == 0 else int(o.memo["rage"]) - 1
    st.emit("heal", rule, Text(f"o{oid} heals {healed} ({o.damage} damage left).",
                               f"o{oid} se cura {healed} (le quedan {o.damage} de daño)."),
            oid=oid, amount=healed, total=o.damage)
    st.changed()
    return healed


def vampiric_heal(st: MageWarsState, attacker: int, dealt: int, before_life_left: int) -> int:
    """Vampiric (MW-X-4.10, MW-X-4.11): the attacker heals half the damage counted, rounded up;
    the option `vampiric_cap` counts up to the target's remaining life (MW-C5) or its total
    life."""
    counted = dealt
    if st.game.options.get("vampiric_cap", "remaining_life") == "remaining_life":
        counted = min(dealt, before_life_left)
    return heal(st, attacker, math.ceil(counted / 2), "MW-X-4.10") if counted > 0 else 0


def destroy(st: MageWarsState, oid: int, rule: str, *, end: bool = True) -> None:
    """Destroy an object and everything attached to it, each card to its owner's discard pile
    (MW-5.16, MW-5.77, MW-X-8.2, MW-X-10.12). A mage stays on the table: the game is over
    (MW-3.1), so what it wore no longer matters."""
    from grimorio.games.mage_wars.effects import mages
    from grimorio.games.mage_wars.rules import casters

    o = st.objs.get(oid)
    if o is None:
        return
    if o.kind == "mage":
        o.memo["destroyed"] = 1
        st.emit("destroyed", rule, Text(f"The mage o{oid} is destroyed.",
                                        f"El mago o{oid} es destruido."), oid=oid)
        st.changed()
        if end:
            check_end(st)
        return
    mages.curse_binding(st, o)                      # MW-7.22
    for item in list(st.attached(oid)):
        destroy(st, item.oid, "MW-5.77", end=False)
    del st.objs[oid]
    if o.border:                 # a wall leaves its border: the map follows (MW-5.60)
        from grimorio.games.mage_wars.rules import walls

        walls.sync(st)
    st.to_discard(o.card, o.owner)
    casters.holder_gone(st, o, to_book=False)      # its held spell too (MW-5.45, MW-5.117)
    hooks.on_destroy(st, o)                         # Decoy (issue 8)
    st.emit("destroyed", rule, Text(f"o{oid} ({o.card}) is destroyed.",
                                    f"o{oid} ({o.card}) es destruido."), oid=oid, card=o.card)
    st.changed()


def check_end(st: MageWarsState) -> None:
    """A player whose mage is destroyed loses; both at once is a draw (MW-3.1, MW-A9,
    MW-X-10.3)."""
    if st.over:
        return
    if len(st.players) > 2:
        _check_end_many(st)
        return
    fallen = [p.seat for p in st.players
              if st.mage_of(p.seat).memo.get("destroyed")
              or st.mage_of(p.seat).damage >= traits.life(st, p.mage)]
    if not fallen:
        return
    st.over = True
    st.winner = None if len(fallen) > 1 else st.opponent(fallen[0])
    won = "draw" if st.winner is None else f"seat {st.winner} wins"
    gana = "empate" if st.winner is None else f"gana el asiento {st.winner}"
    st.emit("game-over", "MW-A9" if st.winner is None else "MW-3.1",
            Text(f"Game over: {won}.", f"Fin de la partida: {gana}."), winner=st.winner)


# ---------------------------------------------------------------------------- three or four

FALLEN = "fallen"       # a mage's memo: its fall was announced (MW-B29)


def fallen(st: MageWarsState) -> list[int]:
    """The seats still in a game of three or four whose mage has fallen (MW-3.1): destroyed, or
    its damage at least its life; they leave the game at `settle_fallen` (MW-B29)."""
    return [p.seat for p in st.players if not p.out
            and (st.mage_of(p.seat).memo.get("destroyed")
                 or st.mage_of(p.seat).damage >= traits.life(st, p.mage))]


def _check_end_many(st: MageWarsState) -> None:
    """Three or four players (MW-B30): a fallen mage is destroyed for good (no healing brings it
    back); the game ends when the standing mages are all of one side, which wins (teams MW-9.7,
    free-for-all MW-9.11), or when none is left: a draw between the sides whose last mages fell
    together (MW-A9)."""
    down = fallen(st)
    for seat in down:
        mage = st.mage_of(seat)
        if not mage.memo.get(FALLEN):
            mage.memo["destroyed"] = mage.memo[FALLEN] = 1
            st.changed()
            st.emit("mage-falls", "MW-B29", Text(
                f"{_name(seat)}'s mage o{mage.oid} falls.",
                f"El mago o{mage.oid} de {_name(seat)} cae."), seat=seat, oid=mage.oid)
            _stop_turns(st, seat)
    standing = [p.seat for p in st.players if not p.out and p.seat not in down]
    sides = {st.players[seat].side() for seat in standing}
    if len(sides) > 1 or not down:
        return
    st.over = True
    teams = any(p.team >= 0 for p in st.players)
    if sides:
        side = sides.pop()
        st.winners = frozenset(p.seat for p in st.players if p.side() == side)
        st.winner = min(st.winners)
        who = " and ".join(_name(seat) for seat in sorted(st.winners))
        quien = " y ".join(_name(seat) for seat in sorted(st.winners))
        rule = "MW-9.7" if teams else "MW-9.11"
        st.emit("game-over", rule, Text(f"Game over: {who} win{'' if teams else 's'}.",
                                        f"Fin de la partida: gana{'n' if teams else ''} "
                                        f"{quien}."),
                winner=st.winner, winners=sorted(st.winners))
        return
    drawn_sides = {st.players[seat].side() for seat in down}
    drawn = frozenset(p.seat for p in st.players if p.side() in drawn_sides)
    st.winner, st.winners = None, frozenset()
    st.memo["drawn"] = drawn
    who = ", ".join(_name(seat) for seat in sorted(drawn))
    st.emit("game-over", "MW-B30", Text(f"Game over: the last mages fall together, a draw "
                                        f"between {who}.",
                                        f"Fin de la partida: los últimos magos caen a la vez, "
                                        f"empate entre {who}."), winner=None,
            drawn=sorted(drawn))


def _stop_turns(st: MageWarsState, seat: int) -> None:
    """A fallen player's creature in its action turn does nothing more: once the action under
    way is over, its turn ends (MW-B29)."""
    from grimorio.games.mage_wars.rules import activation

    for frame in st.frames:
        if isinstance(frame, activation.Activation) and frame.oid in st.objs \
                and st.objs[frame.oid].controller == seat:
            frame.stage = activation.END


def settle_fallen(st: MageWarsState) -> None:
    """Called between the steps of the round and the action turns (rules/round.py): whatever
    destroyed a mage has finished, so its player leaves the game (MW-B29). The end is checked
    first (damage dealt with the check put off counts now). A Gate to Voltari that watched a
    player now out may ask its controller to name another mage (MW-B35)."""
    if st.over or len(st.players) == 2:
        return
    check_end(st)
    if st.over:
        return
    down = fallen(st)
    for seat in down:
        eliminate(st, seat)
    if down:                    # a Gate to Voltari that watched one of them names another
        from grimorio.games.mage_wars.effects import conjurations

        conjurations.rewatch_gates(st)


def eliminate(st: MageWarsState, seat: int) -> None:
    """A player whose mage fell in a game of three or four is out (MW-B29): every object it
    controls, and everything attached to its mage, leaves play, each card to its owner's discard
    pile; its planned and held spells are discarded; its mage leaves the arena. Objects it owns
    that another seat controls stay. It gets no more turns or windows (rules/round.py)."""
    player = st.players[seat]
    mage = st.mage_of(seat)
    player.out = True
    for item in list(st.attached(mage.oid)):
        leave_play(st, item.oid)
    for oid in sorted(st.objs):
        obj = st.objs.get(oid)
        if obj is not None and obj.controller == seat and oid != mage.oid:
            leave_play(st, oid)
    for card in [*player.planned, *player.assigned.values(), *player.bound.values()]:
        st.to_discard(card, seat)
    player.planned, player.assigned, player.bound = [], {}, {}
    player.shown, player.passed = frozenset(), False
    mage.zone, mage.active, mage.guard = None, False, False
    if st.acting == mage.oid:
        st.acting = None
    st.changed()
    st.emit("player-out", "MW-B29", Text(
        f"{_name(seat)} is out of the game: its objects leave play.",
        f"{_name(seat)} queda fuera de la partida: sus objetos dejan el juego."), seat=seat)


def leave_play(st: MageWarsState, oid: int) -> None:
    """An object leaves play without being destroyed (MW-B29): everything attached goes with it
    (MW-5.77), each card to its owner's discard pile (MW-5.16); no destroy effect happens."""
    from grimorio.games.mage_wars.rules import casters

    o = st.objs.get(oid)
    if o is None:
        return
    for item in list(st.attached(oid)):
        leave_play(st, item.oid)
    st.remove_obj(oid)
    if o.border:                 # a wall leaves its border: the map follows (MW-5.60)
        from grimorio.games.mage_wars.rules import walls

        walls.sync(st)
    st.to_discard(o.card, o.owner)
    casters.holder_gone(st, o, to_book=False)
    st.emit("leaves-play", "MW-B29", Text(f"o{oid} ({o.card}) leaves play.",
                                          f"o{oid} ({o.card}) deja el juego."),
            oid=oid, card=o.card)


def round_limit_many(st: MageWarsState) -> None:
    """The round limit with three or four (MW-S9, MW-B30): the side whose standing mages have
    the most life left in all wins; a tie is a draw between the tied sides."""
    totals: dict[int, int] = {}
    for p in st.players:
        if not p.out:
            totals[p.side()] = totals.get(p.side(), 0) + max(0, st.life_left(p.seat))
    best = max(totals.values())
    top = {side for side, total in totals.items() if total == best}
    st.over = True
    seats = frozenset(p.seat for p in st.players if p.side() in top)
    left = {_name(p.seat): st.life_left(p.seat) for p in st.players if not p.out}
    shown = ", ".join(f"{seat} {life}" for seat, life in left.items())
    if len(top) == 1:
        st.winners, st.winner = seats, min(seats)
        who = " and ".join(_name(seat) for seat in sorted(seats)) + " win"
        quien = "gana " + " y ".join(_name(seat) for seat in sorted(seats))
    else:
        st.winners, st.winner = frozenset(), None
        st.memo["drawn"] = seats
        who = "draw between " + ", ".join(_name(seat) for seat in sorted(seats))
        quien = "empate entre " + ", ".join(_name(seat) for seat in sorted(seats))
    st.emit("game-over", "MW-S9", Text(f"Round limit reached (life left: {shown}): {who}.",
                                       f"Límite de rondas (vida restante: {shown}): {quien}."),
            left=left, winner=st.winner, winners=sorted(st.winners))


def returns(st: MageWarsState) -> list[float]:
    """Three or four players (MW-B30): +1 for each winning seat and -1 for the others; in a
    draw 0 for the drawn seats and -1 for the rest; 0 for everyone while the game goes on."""
    n = len(st.players)
    if not st.over:
        return [0.0] * n
    if st.winners:
        return [1.0 if seat in st.winners else -1.0 for seat in range(n)]
    drawn = st.memo.get("drawn", frozenset())
    return [0.0 if seat in drawn else -1.0 for seat in range(n)]
