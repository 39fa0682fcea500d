"""The magic phase sequence (WH6-X1): recovery rolls, dice generation, casting, remains in play.

A game turn is one magic phase per side; phase index p belongs to side (first + p) % 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.decisions import (
    Casting,
    Recovery,
    casting_decision,
    remains_decision,
)

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.model import Character
    from grimorio.games.wh6_magic.state import Wh6State


def begin_phase(st: Wh6State) -> None:
    """Start the active side's magic phase: lapse old effects, then recovery or dice."""
    st.stage = "recovery"
    st.casting_closed_by = ""
    if not st.quiet:
        text = st.battle.index.text(("phase", st.turn, st.active), _phase_text, st.turn,
                                    st.side_name(st.active))
        st.say_text("phase", "WH6-X1", text, turn=st.turn, phase=st.phase, side=st.active)
    _lapse(st)
    if hurled_wizards(st):
        st.stack.push(Recovery(st.active))
    else:
        open_casting(st)


def _phase_text(turn: int, side: Text) -> Text:
    return Text(f"Turn {turn}: magic phase of {side.en}",
                f"Turno {turn}: fase de magia de {side.es}")


def _lapse(st: Wh6State) -> None:
    """Bans and timed spells whose last phase has passed end; attempts reset (WH6-1.4)."""
    for char_id, c in list(st.char_map.items()):
        if c.attempted:
            st.char_w(char_id).attempted = frozenset()
        if not c.bans:
            continue
        kept = tuple(b for b in c.bans if b.until is None or b.until >= st.phase)
        if len(kept) == len(c.bans):
            continue
        for ban in c.bans:
            if ban not in kept and not st.quiet:
                st.say("ban_ends", "WH6-A14" if ban.kind == "knocked_down" else "WH6-11.8",
                       f"{c.name.en} may cast again ({_ban_en(ban.kind)} is over)",
                       f"{c.name.es} puede volver a lanzar hechizos ({_ban_es(ban.kind)} ha "
                       f"terminado)", wizard=c.id, ban=ban.kind)
        st.char_w(char_id).bans = kept
    ended = [e for e in st.in_play if e.expires is not None and e.expires <= st.phase]
    for effect in ended:
        st.in_play.remove(effect)
        if not st.quiet:
            name = st.spell(effect.spell).name
            st.say("spell_ends", "WH6-X7", f"{name.en} ({effect.id}) lapses",
                   f"{name.es} ({effect.id}) se desvanece", effect=effect.id)


def _ban_en(kind: str) -> str:
    return {"knocked_down": "knocked down", "lost_control": "loss of control"}.get(kind, kind)


def _ban_es(kind: str) -> str:
    return {"knocked_down": "derribado", "lost_control": "pérdida de control"}.get(kind, kind)


def hurled_wizards(st: Wh6State) -> list[Character]:
    active = st.active
    return [c for c in st.char_map.values()
            if c.bans and c.side == active and not c.slain and c.has_ban("hurled")]


def recover(st: Wh6State) -> None:
    """Each hurled wizard rolls a D6; a 6 lets him cast in this very phase (WH6-A15)."""
    st.stack.pop()
    for hurled in hurled_wizards(st):
        c = st.char_w(hurled.id)
        (die,) = st.roll_dice(1, Text(f"Recovery roll for {c.name.en} (needs 6)",
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
    if preset is not None:
        power, dispel = preset
        power_parts = dispel_parts = "scenario"
    elif st.quiet:
        power, dispel = _pool_sizes(st)
    else:
        power, power_parts, dispel, dispel_parts = _pools_explained(st)
    st.power, st.dispel = power, dispel
    if not st.quiet:
        index = st.battle.index
        text = index.text(("power_pool", st.active, power, power_parts), _power_text,
                          st.side_name(st.active), power, power_parts)
        st.say_text("power_pool", "WH6-X2", text, side=st.active, dice=power)
        text = index.text(("dispel_pool", st.opponent, dispel, dispel_parts), _dispel_text,
                          st.side_name(st.opponent), dispel, dispel_parts)
        st.say_text("dispel_pool", "WH6-X3", text, side=st.opponent, dice=dispel)
    st.stage = "casting"
    st.casting_open = True
    st.stack.push(casting_decision(st.active))


def _power_text(side: Text, power: int, parts: str) -> Text:
    return Text(f"{side.en} has {power} power dice ({parts})",
                f"{side.es} tiene {power} dados de energía ({parts})")


def _dispel_text(side: Text, dispel: int, parts: str) -> Text:
    return Text(f"{side.en} has {dispel} dispel dice ({parts})",
                f"{side.es} tiene {dispel} dados de dispersión ({parts})")


def _pool_sizes(st: Wh6State) -> tuple[int, int]:
    """`power_dice(st, active)` and `dispel_dice(st, opponent)` without the explanations (quiet
    copies), over the only characters that can give dice: wizards, and for dispel dice those
    with dice of their own."""
    index, chars = st.battle.index, st.char_map
    power = 2
    for char_id in index.wizards[st.active]:
        c = chars[char_id]
        if c.generates_dice and c.level > 0 and not c.slain and not c.fleeing:
            power += c.level
    dispel = 4 if st.battle.sides[st.opponent].dwarf else 2
    for char_id in index.givers[st.opponent]:
        c = chars[char_id]
        if c.generates_dice and not c.slain and not c.fleeing:
            if c.wizard:
                dispel += 1 if max(c.level, 1) <= 2 else 2
            dispel += c.dispel_dice
    return power, dispel


def _pools_explained(st: Wh6State) -> tuple[int, str, int, str]:
    """`power_dice(st, active)` and `dispel_dice(st, opponent)`, in one pass."""
    active = st.active
    power: list[tuple[str, int]] = []
    dispel: list[tuple[str, int]] = []
    for c in st.char_map.values():
        if c.slain or c.fleeing:
            continue
        contributes = c.wizard and c.generates_dice
        if c.side == active:
            if contributes and c.level > 0:
                power.append((c.id, c.level))
            continue
        extra = (1 if max(c.level, 1) <= 2 else 2) if contributes else 0
        if c.generates_dice:
            extra += c.dispel_dice
        if extra:
            dispel.append((c.id, extra))
    base = 4 if st.battle.sides[st.opponent].dwarf else 2
    return (2 + sum(n for _, n in power), _explain(2, power),
            base + sum(n for _, n in dispel), _explain(base, dispel))


def _contributes(c: Character) -> bool:
    return c.wizard and not c.slain and not c.fleeing and c.generates_dice


def power_dice(st: Wh6State, side: int) -> tuple[int, str]:
    """2 dice plus one per magic level of each wizard able to generate them (WH6-X2), and how
    they add up."""
    parts = [(c.id, c.level) for c in st.char_map.values()
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
    for c in st.char_map.values():
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
    if why == "end" and not st.quiet:
        text = st.battle.index.text(("casting_ends", st.active), _ends_text,
                                    st.side_name(st.active))
        st.say_text("casting_ends", "WH6-X1", text, side=st.active)
    begin_remains(st)


def _ends_text(side: Text) -> Text:
    return Text(f"{side.en} stops casting", f"{side.es} termina de lanzar hechizos")


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
        st.stack.push(remains_decision(st.active, "power"))
    else:
        remains_for_opponent(st)


def _can_dispel_any(st: Wh6State, seat: int, pool: str) -> bool:
    """Whether `seat` has any means (dice, Magic Resistance, scroll) against a spell in play."""
    rips = rip_targets(st, seat)
    if not rips:
        return False
    from grimorio.games.wh6_magic.rules.dispel import can_dispel_rip  # dispel imports this module

    return any(can_dispel_rip(st, seat, pool, rip) for rip in rips)


def remains_for_opponent(st: Wh6State) -> None:
    if _can_dispel_any(st, st.opponent, "dispel"):
        st.stack.push(remains_decision(st.opponent, "dispel"))
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
    for c in list(st.char_map.values()):
        if c.prone_until is not None and c.prone_until <= st.phase:
            st.char_w(c.id).prone_until = None
    st.power = st.dispel = 0
    if st.phase + 1 >= 2 * st.battle.turns:
        game_over(st)  # the document keeps the last phase's number
    else:
        st.set_phase(st.phase + 1)
        begin_phase(st)


def game_over(st: Wh6State) -> None:
    st.stage = "over"
    if st.quiet:
        return
    a, b = st.score()
    names = st.battle.sides
    st.say("game_over", None, f"The battle ends: {names[0].name.en} {a:g} – {names[1].name.en} "
           f"{b:g} victory points", f"La batalla termina: {names[0].name.es} {a:g} – "
           f"{names[1].name.es} {b:g} puntos de victoria", score=[a, b])
