"""The magic phase sequence (WH6-X1): recovery rolls, dice generation, casting, remains in play.

A game turn is one magic phase per side; phase index p belongs to side (first + p) % 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.decisions import Casting, Recovery, RemainsDispel

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.model import Character
    from grimorio.games.wh6_magic.state import Wh6State


def begin_phase(st: Wh6State) -> None:
    """Start the active side's magic phase: lapse old effects, then recovery or dice."""
    side = st.side_name(st.active)
    st.stage = "recovery"
    st.casting_closed_by = ""
    st.say("phase", "WH6-X1", f"Turn {st.turn}: magic phase of {side.en}",
           f"Turno {st.turn}: fase de magia de {side.es}", turn=st.turn, phase=st.phase,
           side=st.active)
    _lapse(st)
    if hurled_wizards(st):
        st.stack.push(Recovery(st.active))
    else:
        open_casting(st)


def _lapse(st: Wh6State) -> None:
    """Bans and timed spells whose last phase has passed end; attempts reset (WH6-1.4)."""
    for c in st.chars.values():
        c.attempted = frozenset()
        kept = tuple(b for b in c.bans if b.until is None or b.until >= st.phase)
        for ban in c.bans:
            if ban not in kept:
                st.say("ban_ends", "WH6-A14" if ban.kind == "knocked_down" else "WH6-11.8",
                       f"{c.name.en} may cast again ({_ban_en(ban.kind)} is over)",
                       f"{c.name.es} puede volver a lanzar hechizos ({_ban_es(ban.kind)} ha "
                       f"terminado)", wizard=c.id, ban=ban.kind)
        c.bans = kept
    for effect in [e for e in st.in_play if e.expires is not None and e.expires <= st.phase]:
        st.in_play.remove(effect)
        name = st.spell(effect.spell).name
        st.say("spell_ends", "WH6-X7", f"{name.en} ({effect.id}) lapses",
               f"{name.es} ({effect.id}) se desvanece", effect=effect.id)


def _ban_en(kind: str) -> str:
    return {"knocked_down": "knocked down", "lost_control": "loss of control"}.get(kind, kind)


def _ban_es(kind: str) -> str:
    return {"knocked_down": "derribado", "lost_control": "pérdida de control"}.get(kind, kind)


def hurled_wizards(st: Wh6State) -> list[Character]:
    return [c for c in st.chars.values()
            if c.side == st.active and not c.slain and c.has_ban("hurled")]


def recover(st: Wh6State) -> None:
    """Each hurled wizard rolls a D6; a 6 lets him cast in this very phase (WH6-A15)."""
    st.stack.pop()
    for c in hurled_wizards(st):
        (die,) = st.roll(1, Text(f"Recovery roll for {c.name.en} (needs 6)",
                                 f"Tirada de recuperación de {c.name.es} (necesita 6)"),
                         "WH6-11.2", wizard=c.id)
        if die == 6:
            c.bans = tuple(b for b in c.bans if b.kind != "hurled")
            st.say("recovered", "WH6-A15", f"{c.name.en} rolls a 6 and may cast this phase",
                   f"{c.name.es} saca un 6 y puede lanzar hechizos en esta fase",
                   wizard=c.id, die=die)
        else:
            st.say("not_recovered", "WH6-A15", f"{c.name.en} rolls {die}: still dazed, no "
                   f"casting this phase", f"{c.name.es} saca {die}: sigue aturdido, no lanza "
                   f"hechizos en esta fase", wizard=c.id, die=die)
    open_casting(st)


def open_casting(st: Wh6State) -> None:
    """Generate fresh pools (WH6-X2, WH6-X3, WH6-X4) and open the casting sub-phase."""
    preset = st.battle.pools if st.phase == 0 else None
    power, power_parts = power_dice(st, st.active)
    dispel, dispel_parts = dispel_dice(st, st.opponent)
    if preset is not None:
        power, dispel = preset
        power_parts = dispel_parts = "scenario"
    st.power, st.dispel = power, dispel
    st.say("power_pool", "WH6-X2", f"{st.side_name(st.active).en} has {power} power dice "
           f"({power_parts})", f"{st.side_name(st.active).es} tiene {power} dados de energía "
           f"({power_parts})", side=st.active, dice=power)
    st.say("dispel_pool", "WH6-X3", f"{st.side_name(st.opponent).en} has {dispel} dispel "
           f"dice ({dispel_parts})", f"{st.side_name(st.opponent).es} tiene {dispel} dados de "
           f"dispersión ({dispel_parts})", side=st.opponent, dice=dispel)
    st.stage = "casting"
    st.casting_open = True
    st.stack.push(Casting(st.active))


def _contributes(c: Character) -> bool:
    return c.wizard and not c.slain and not c.fleeing and c.generates_dice


def power_dice(st: Wh6State, side: int) -> tuple[int, str]:
    """2 dice plus one per magic level of each wizard able to generate them (WH6-X2)."""
    parts = [(c.id, c.level) for c in st.chars.values()
             if c.side == side and _contributes(c) and c.level > 0]
    return 2 + sum(n for _, n in parts), _explain(2, parts)


def _explain(base: int, parts: list[tuple[str, int]]) -> str:
    """How a pool adds up, e.g. "2 + w1:2 + w2:1"."""
    return f"{base} + " + (" + ".join(f"{i}:{n}" for i, n in parts) if parts else "0")


def dispel_dice(st: Wh6State, side: int) -> tuple[int, str]:
    """2 dice (4 for a Dwarf army), +1 per level 1-2 wizard, +2 per level 3-4 (WH6-X3).

    A wizard drained to level 0 counts as level 1 (WH6-11.12); one struck by miscast 12 gives
    nothing, not even his own `dispel_dice` (WH6-11.13). Characters with `dispel_dice`
    (Runesmiths) add theirs.
    """
    base = 4 if st.battle.sides[side].dwarf else 2
    parts = []
    for c in st.chars.values():
        if c.side != side or c.slain or c.fleeing:
            continue
        extra = (1 if max(c.level, 1) <= 2 else 2) if _contributes(c) else 0
        if c.generates_dice:  # miscast 12 stops every die he would give (WH6-11.13)
            extra += c.dispel_dice
        if extra:
            parts.append((c.id, extra))
    return base + sum(n for _, n in parts), _explain(base, parts)


def end_casting(st: Wh6State, why: str) -> None:
    """Close the casting sub-phase (`why`: "end" or "vortex") and go on to remains in play."""
    top = st.stack.top
    if isinstance(top, Casting):
        st.stack.pop()
    st.casting_open = False
    st.casting_closed_by = why
    if why == "end":
        st.say("casting_ends", "WH6-X1", f"{st.side_name(st.active).en} stops casting",
               f"{st.side_name(st.active).es} termina de lanzar hechizos", side=st.active)
    begin_remains(st)


def rip_targets(st: Wh6State, seat: int) -> list[str]:
    """The enemy remains-in-play spells `seat` may try to dispel now (WH6-X7)."""
    out = []
    for effect in st.in_play:
        if not effect.remains_in_play or effect.side == seat:
            continue
        if seat == st.opponent and effect.phase >= st.phase:
            continue  # the opponent only dispels spells cast in an earlier phase
        out.append(effect.id)
    return out


def begin_remains(st: Wh6State) -> None:
    """The active player may first use leftover power dice on enemy remains-in-play spells."""
    st.stage = "remains"
    if _can_dispel_any(st, st.active, "power"):
        st.stack.push(RemainsDispel(st.active, "power"))
    else:
        remains_for_opponent(st)


def _can_dispel_any(st: Wh6State, seat: int, pool: str) -> bool:
    """Whether `seat` has any means (dice, Magic Resistance, scroll) against a spell in play."""
    from grimorio.games.wh6_magic.rules.dispel import can_dispel_rip  # dispel imports this module

    return any(can_dispel_rip(st, seat, pool, rip) for rip in rip_targets(st, seat))


def remains_for_opponent(st: Wh6State) -> None:
    if _can_dispel_any(st, st.opponent, "dispel"):
        st.stack.push(RemainsDispel(st.opponent, "dispel"))
    else:
        end_phase(st)


def finish_remains(st: Wh6State) -> None:
    """`done`: the remains-in-play step of this seat is over."""
    decision = st.stack.pop()
    if decision.seat == st.active:
        remains_for_opponent(st)
    else:
        end_phase(st)


def end_phase(st: Wh6State) -> None:
    """The phase (and so the player turn) ends: knock-down effects of this turn lapse."""
    for c in st.chars.values():
        if c.prone_until is not None and c.prone_until <= st.phase:
            c.prone_until = None
    st.power = st.dispel = 0
    if st.phase + 1 >= 2 * st.battle.turns:
        game_over(st)  # the document keeps the last phase's number
    else:
        st.phase += 1
        begin_phase(st)


def game_over(st: Wh6State) -> None:
    st.stage = "over"
    a, b = st.score()
    names = st.battle.sides
    st.say("game_over", None, f"The battle ends: {names[0].name.en} {a:g} – {names[1].name.en} "
           f"{b:g} victory points", f"La batalla termina: {names[0].name.es} {a:g} – "
           f"{names[1].name.es} {b:g} puntos de victoria", score=[a, b])
