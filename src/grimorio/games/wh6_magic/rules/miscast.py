"""Miscasts (WH6 §10) and the eleven results of the Miscast Table (WH6 §11).

The table comes from the casting army (WH6-10.4, WH6-12.2): `general` unless its data name or
give another. Each result is a short function; lasting effects are `Ban`s on the wizard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.actions import NOFREE, Free
from grimorio.games.wh6_magic.decisions import FreeCast
from grimorio.games.wh6_magic.model import Attempt, Ban, Character
from grimorio.games.wh6_magic.rules import casting, dispel, effects, phase, wounds
from grimorio.games.wh6_magic.rules.geometry import (
    Shape,
    clock_direction,
    edge_distance,
    entry_distance,
    rect,
)
from grimorio.games.wh6_magic.rules.targets import refuse, shape_of, target_problem

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State

STRENGTH = 10  # miscast hits are Strength 10 (WH6-11.1, WH6-11.3)
INDEPENDENT = ("monstrous", "chariot", "shared")


def miscast(st: Wh6State, att: Attempt) -> None:
    """Roll 2D6 on the army's table and apply the result to the casting wizard (WH6-10.1)."""
    c = st.char_w(att.caster)  # every result may change him: his own copy, held throughout
    side = st.battle.sides[att.side]
    dice = st.roll_dice(2, Text("Miscast Table (2D6)", "Tabla de Disfunciones Mágicas (2D6)"),
                        "WH6-10.1", wizard=c.id)
    total = sum(dice)
    result = side.miscast_table[total]
    att.miscast_roll, att.outcome = total, "miscast"
    rule = "WH6-10.4" if side.miscast_table_name == "general" else "WH6-12.2"
    st.say("miscast_table", rule, f"Miscast Table ({side.miscast_table_name}) {dice[0]}+"
           f"{dice[1]} = {total}: {result.replace('_', ' ')}", f"Tabla de Disfunciones "
           f"({side.miscast_table_name}) {dice[0]}+{dice[1]} = {total}: {_ES[result]}",
           total=total, result=result, table=side.miscast_table_name, wizard=c.id)
    if result == "daemonic":
        daemonic(st, att, c)
        return
    st.say("miscast_no_effect", "WH6-10.2", "The miscast spell has no effect and there is "
           "nothing to dispel", "El hechizo que sufre la disfunción no tiene efecto y no hay "
           "nada que dispersar", spell=att.spell)
    effects.finish(st, att)
    RESULTS[result](st, att, c)


_ES = {"explosion": "explosión", "hurled": "sale despedido", "escaped_energies":
       "energías que escapan", "knocked_down": "derribado", "lost_control": "pierde el control",
       "vortex": "vórtice", "wound": "herida", "drained": "pierde poder",
       "daemonic": "ataque demoníaco"}


def explosion(st: Wh6State, att: Attempt, c: Character) -> None:
    """2: Strength 10 hits on the wizard, every model touching him, his mount (WH6-11.1)."""
    st.say("explosion", "WH6-11.1", f"The energy explodes around {c.name.en}",
           f"La energía explota alrededor de {c.name.es}", wizard=c.id)
    wounds.hits(st, c.id, 1, STRENGTH)
    for contact in c.contacts:
        ref, _, count = contact.partition(":")
        n = int(count or 1) if ref in st.unit_map else 1
        wounds.hits(st, ref, n, STRENGTH)
    _mount_hits(st, c, "WH6-A20")


def rides_independent(c: Character) -> bool:
    """On a living monster, chariot or shared mount (WH6-11.1, WH6-11.4); once it is slain the
    wizard is on foot."""
    return c.mount is not None and c.mount.kind in INDEPENDENT and c.has_live_mount


def _mount_hits(st: Wh6State, c: Character, rule: str, partner_too: bool = True) -> None:
    """A living monstrous mount or chariot takes a hit too; on an explosion, so does a character
    sharing it (WH6-11.1). The collision of miscast 3 names only wizard and mount (WH6-11.4)."""
    if not rides_independent(c):
        return
    assert c.mount is not None
    st.say("mount_hit", rule, f"{c.mount.name.en} is hit as well",
           f"{c.mount.name.es} también recibe el impacto", wizard=c.id)
    wounds.hits(st, f"mount:{c.id}", 1, STRENGTH)
    partner = c.mount.shared_with
    if partner_too and partner is not None and st.alive(partner):
        other = st.name(partner)
        st.say("partner_hit", "WH6-11.1", f"{other.en}, riding the same mount, is hit as well",
               f"{other.es}, que va en la misma montura, también recibe el impacto",
               wizard=c.id, target=partner)
        wounds.hits(st, partner, 1, STRENGTH)


def hurled(st: Wh6State, att: Attempt, c: Character) -> None:
    """3: thrown 3D6 cm in a random direction; no casting until a 6 (WH6-11.2 to 11.4)."""
    c.bans = (*c.bans, Ban("hurled"))
    st.say("hurled", "WH6-11.2", f"{c.name.en} loses control and cannot cast until he rolls a 6 "
           f"at the start of a magic phase", f"{c.name.es} pierde el control y no podrá lanzar "
           f"hechizos hasta sacar un 6 al inicio de una fase de magia", wizard=c.id)
    if rides_independent(c):
        st.say("collision", "WH6-11.4", f"{c.name.en} rides an independent mount: he does not "
               f"move and collides with it", f"{c.name.es} va en una montura independiente: no "
               f"se mueve y choca con ella", wizard=c.id)
        wounds.hits(st, c.id, 1, STRENGTH)
        _mount_hits(st, c, "WH6-11.4", partner_too=False)
        return
    throw(st, c)


def throw(st: Wh6State, c: Character) -> None:
    """Move in a straight line and stop at the first model or solid object (WH6-A21, A8)."""
    length = sum(st.roll_dice(3, Text(f"Distance {c.name.en} is thrown (3D6 cm)",
                                      f"Distancia que sale despedido {c.name.es} (3D6 cm)"),
                              "WH6-11.2", wizard=c.id))
    (face,) = st.roll_dice(1, Text("Direction (d12 as a clock face)", "Dirección (d12 como una "
                                   "esfera de reloj)"), "WH6-A7", sides=12, wizard=c.id)
    ux, uy = clock_direction(face)
    travel = min(float(length), edge_distance(c.x, c.y, ux, uy, st.battle.width,
                                              st.battle.height))
    hit: tuple[str, str] | None = None
    for ref, kind, shape in _obstacles(st, c):
        t = entry_distance(c.x, c.y, ux, uy, c.base, shape)
        if t is not None and t < travel:
            travel, hit = t, (ref, kind)
    c.x, c.y = round(c.x + ux * travel, 2), round(c.y + uy * travel, 2)
    st.troops_changed()  # a lone wizard's position is a point spell's target
    rule = "WH6-A8" if c.mount_kind == "cavalry" else "WH6-A21"  # rider and horse fly as one
    st.say("thrown", rule, f"{c.name.en} flies {travel:.1f} of {length} cm towards "
           f"{face} o'clock and lands at ({c.x:g}, {c.y:g})", f"{c.name.es} vuela {travel:.1f} "
           f"de {length} cm hacia las {face} y cae en ({c.x:g}, {c.y:g})", wizard=c.id,
           distance=length, travelled=round(travel, 2), face=face, x=c.x, y=c.y)
    _leave_unit(st, c)
    if hit is not None:
        _collide(st, c, hit)


def _obstacles(st: Wh6State, c: Character) -> list[tuple[str, str, Shape]]:
    """What the thrown wizard can run into: other units, lone characters, terrain."""
    out = [(u.id, "unit", shape_of(st, u.id)) for u in st.unit_map.values()
           if not u.destroyed and u.id != c.in_unit]
    out += [(o.id, "character", shape_of(st, o.id)) for o in st.char_map.values()
            if o.id != c.id and not o.slain and o.in_unit is None]
    out += [(t.id, t.kind, rect(t.x, t.y, t.width, t.depth)) for t in st.battle.terrain]
    return out


def _leave_unit(st: Wh6State, c: Character) -> None:
    if c.in_unit is None:
        return
    unit = st.unit_map[c.in_unit]
    if rect(unit.x, unit.y, unit.width, unit.depth).contains(c.x, c.y):
        return
    unit = st.unit_w(unit.id)
    unit.characters = tuple(x for x in unit.characters if x != c.id)
    c.in_unit = None
    st.say("leaves_unit", "WH6-11.2", f"{c.name.en} lands outside {unit.name.en} and now "
           f"stands alone", f"{c.name.es} cae fuera de {unit.name.es} y queda como personaje "
           f"solitario", wizard=c.id, unit=unit.id)


def _collide(st: Wh6State, c: Character, hit: tuple[str, str]) -> None:
    ref, kind = hit
    if kind in ("unit", "character"):
        name = st.name(ref)
        st.say("collision", "WH6-11.3", f"{c.name.en} crashes into {name.en}: both take a "
               f"Strength 10 hit", f"{c.name.es} choca con {name.es}: ambos sufren un impacto de "
               f"F10", wizard=c.id, obstacle=ref)
        wounds.hits(st, c.id, 1, STRENGTH)
        wounds.hits(st, ref, 1, STRENGTH)
        return
    st.say("collision", "WH6-11.3", f"{c.name.en} crashes into {ref} ({kind}) and takes a "
           f"Strength 10 hit", f"{c.name.es} choca contra {ref} ({kind}) y sufre un impacto de "
           f"F10", wizard=c.id, obstacle=ref)
    wounds.hits(st, c.id, 1, STRENGTH)


def escaped_energies(st: Wh6State, att: Attempt, c: Character) -> None:
    """4: the opponent may cast one of his spells of no higher difficulty (WH6-11.5, A9)."""
    limit = st.spell(att.spell).difficulty
    seat = 1 - att.side
    if free_options(st, seat, limit):
        st.say("escaped_energies", "WH6-11.5", f"{st.side_name(seat).en} may cast one of his "
               f"spells of difficulty {limit} or less for free", f"{st.side_name(seat).es} puede "
               f"lanzar gratis uno de sus hechizos de dificultad {limit} o menos",
               seat=seat, max_difficulty=limit)
        st.stack.push(FreeCast(seat, limit))
    else:
        st.say("escaped_energies", "WH6-A9", f"{st.side_name(seat).en} has no wizard able to "
               f"cast a spell of difficulty {limit} or less", f"{st.side_name(seat).es} no tiene "
               f"hechiceros que puedan lanzar un hechizo de dificultad {limit} o menos",
               seat=seat, max_difficulty=limit)


def knocked_down(st: Wh6State, att: Attempt, c: Character) -> None:
    """5: no casting this phase and his side's next one; prone this turn (WH6-11.7, A14)."""
    c.bans = (*c.bans, Ban("knocked_down", st.phase + 2))
    c.prone_until = st.phase
    st.say("knocked_down", "WH6-11.7", f"{c.name.en} is knocked down: no shooting or fighting "
           f"this turn, hit automatically, and no casting until after his next magic phase",
           f"{c.name.es} queda derribado: no puede disparar ni combatir este turno, es impactado "
           f"automáticamente y no lanza hechizos hasta después de su siguiente fase de magia",
           wizard=c.id, until_phase=st.phase + 2)


def lost_control(st: Wh6State, att: Attempt, c: Character) -> None:
    """6-7: no more casting this magic phase; bound items still usable (WH6-11.8)."""
    c.bans = (*c.bans, Ban("lost_control", st.phase))
    st.say("lost_control", "WH6-11.8", f"{c.name.en} cannot cast more spells this magic phase",
           f"{c.name.es} no puede lanzar más hechizos en esta fase de magia", wizard=c.id,
           until_phase=st.phase)


def vortex(st: Wh6State, att: Attempt, c: Character) -> None:
    """8-9: the power pool empties and the casting sub-phase ends (WH6-11.9, A16)."""
    lost, st.power = st.power, 0
    st.say("vortex", "WH6-11.9", f"A vortex swallows the {lost} remaining power dice: the "
           f"spell-casting sub-phase ends", f"Un vórtice absorbe los {lost} dados de energía "
           f"restantes: termina la subfase de lanzamiento de hechizos", lost=lost)
    phase.end_casting(st, "vortex")


def wound(st: Wh6State, att: Attempt, c: Character) -> None:
    """10: one wound, no armour or ward save, Regeneration allowed (WH6-11.10)."""
    wounds.direct_wounds(st, c.id, 1, armour=False, ward=False, rule="WH6-11.10")


def drained(st: Wh6State, att: Attempt, c: Character) -> None:
    """11: one level lost for all purposes and the spell lost for the battle (WH6-11.11, 11.12)."""
    c.level = max(0, c.level - 1)
    c.lost = c.lost | {att.spell}
    name = st.spell(att.spell).name
    st.say("drained", "WH6-11.11", f"{c.name.en} drops to level {c.level} and loses "
           f"{name.en} for the battle", f"{c.name.es} baja a nivel {c.level} y pierde "
           f"{name.es} para el resto de la batalla", wizard=c.id, level=c.level, spell=att.spell)
    if c.level == 0:
        c.bans = (*c.bans, Ban("drained"))
        st.say("level_zero", "WH6-11.12", f"At level 0, {c.name.en} can never cast again but "
               f"still gives dispel dice as a level 1 wizard", f"A nivel 0, {c.name.es} ya no "
               f"puede lanzar hechizos, pero genera dados de dispersión como hechicero de nivel 1",
               wizard=c.id)


def daemonic(st: Wh6State, att: Attempt, c: Character) -> None:
    """12: the spell counts as cast with Irresistible Force, so only an item that works against
    IF may stop it (WH6-5.4, WH6-5.5) and range still applies (WH6-A19); the wizard never casts
    again and generates no dice (WH6-11.13)."""
    att.irresistible = True
    st.say("daemonic", "WH6-11.13", f"A daemon assails {c.name.en}: the spell counts as cast "
           f"with Irresistible Force", f"Un demonio asalta a {c.name.es}: el hechizo cuenta como "
           f"lanzado con Fuerza Irresistible", wizard=c.id)
    c.bans = (*c.bans, Ban("daemonic"))
    c.generates_dice = False
    st.say("daemonic_after", "WH6-11.13", f"{c.name.en} can never cast again and generates no "
           f"power or dispel dice", f"{c.name.es} ya no puede lanzar hechizos ni genera dados de "
           f"energía o de dispersión", wizard=c.id)
    st.say("no_dispel", "WH6-5.4", "A spell cast with Irresistible Force cannot be dispelled",
           "Un hechizo lanzado con Fuerza Irresistible no se puede dispersar")
    dispel.offer_vs_irresistible(st, att)


RESULTS: dict[str, Callable[[Wh6State, Attempt, Character], None]] = {
    "explosion": explosion, "hurled": hurled, "escaped_energies": escaped_energies,
    "knocked_down": knocked_down, "lost_control": lost_control, "vortex": vortex,
    "wound": wound, "drained": drained, "daemonic": daemonic,
}


# ------------------------------------------------------------------------------ free spell

def eligible(c: Character, seat: int) -> bool:
    """A wizard of `seat` who could cast now: alive, not fleeing, not barred (WH6-A9)."""
    return c.side == seat and casting.can_cast(c) and c.level >= 1


def free_options(st: Wh6State, seat: int, limit: int) -> list[Free]:
    out = []
    for c in st.char_map.values():
        if not eligible(c, seat):
            continue
        for spell_id in c.spells:
            spell = st.spell(spell_id)
            if spell.difficulty > limit or not casting.spell_ok(st, c, spell_id):
                continue
            out += [Free(c.id, spell_id, t) for t in st.targets(seat, spell_id)]
    return out


def options(st: Wh6State, top: FreeCast) -> list[Action]:
    return [*free_options(st, top.seat, top.max_difficulty), NOFREE]


def check_free(st: Wh6State, top: FreeCast, a: Free) -> IllegalAction | None:
    c = st.char_map.get(a.wizard)
    if c is None or c.side != top.seat:
        return refuse("WH6-A9", f"{a.wizard!r} is not one of your wizards",
                      f"{a.wizard!r} no es uno de tus hechiceros")
    ban = casting.cast_ban(c)
    if ban is not None:
        return refuse("WH6-A9", ban.text.en + " (so he cannot cast the free spell)",
                      ban.text.es + " (así que no puede lanzar el hechizo gratuito)")
    problem = casting.spell_problem(st, c, a.spell)
    if problem is not None:
        return problem
    spell = st.spell(a.spell)
    if spell.difficulty > top.max_difficulty:
        return refuse("WH6-11.5", f"{spell.name.en} has difficulty {spell.difficulty}, above "
                      f"{top.max_difficulty}", f"{spell.name.es} tiene dificultad "
                      f"{spell.difficulty}, más que {top.max_difficulty}")
    return target_problem(st, c.side, spell, a.target)


def cast_free(st: Wh6State, a: Free) -> None:
    """Cast automatically, no dice (WH6-11.5); the miscasting side may dispel it with power
    dice, needing the basic difficulty (WH6-11.6, WH6-A10)."""
    st.stack.pop()
    c = st.char_w(a.wizard)
    spell = st.spell(a.spell)
    c.attempted = c.attempted | {a.spell}
    att = Attempt("free", c.side, c.id, a.spell, a.target or c.id)
    att.result = att.needed = spell.difficulty
    att.outcome = "cast"
    st.attempt = att
    st.say("free_cast", "WH6-11.5", f"{c.name.en} casts {spell.name.en} on "
           f"{st.name(att.target).en} for free, without dice", f"{c.name.es} lanza "
           f"{spell.name.es} sobre {st.name(att.target).es} gratis, sin dados", wizard=c.id,
           spell=a.spell, target=att.target)
    casting.announce(st, a.spell)
    dispel.open_window(st, att, 1 - c.side, "power")


def decline_free(st: Wh6State) -> None:
    top = st.stack.pop()
    st.say("no_free_cast", "WH6-11.5", f"{st.side_name(top.seat).en} casts nothing",
           f"{st.side_name(top.seat).es} no lanza nada", seat=top.seat)
