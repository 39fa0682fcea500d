"""Targets (WH6 §2): what a spell may be aimed at, checked before any die is rolled.

Range is deliberately absent here: it is measured only once the spell succeeds (WH6-3.1, WH6-3.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.actions import point_text
from grimorio.games.wh6_magic.data import SpellDef
from grimorio.games.wh6_magic.model import Character, Unit
from grimorio.games.wh6_magic.rules.geometry import Shape, circle, rect

if TYPE_CHECKING:
    from grimorio.games.wh6_magic.state import Wh6State


def refuse(rule: str, en: str, es: str) -> IllegalAction:
    return IllegalAction(Text(en, es), rule=rule)


def dice_text(n: int, en: str = "", es: str = "") -> tuple[str, str]:
    """"1 power die" / "2 power dice" and "1 dado de energía" / "2 dados de energía"."""
    en_word = "die" if n == 1 else "dice"
    es_word = "dado" if n == 1 else "dados"
    return (f"{n} {en + ' ' if en else ''}{en_word}",
            f"{n} {es_word}{' ' + es if es else ''}")


def parse_point(text: str) -> tuple[float, float] | None:
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]), float(parts[1])
    except ValueError:
        return None


def engaged(st: Wh6State, troop: Unit | Character) -> bool:
    """Engaged in close combat: a unit's flag; a character in a unit shares his unit's."""
    if isinstance(troop, Character) and troop.in_unit is not None:
        return st.unit_map[troop.in_unit].engaged
    return troop.engaged


def target_problem(st: Wh6State, side: int, spell: SpellDef, target: str) -> IllegalAction | None:
    """Why `target` is not a legal target of `spell` cast by `side`, or None (WH6 §2)."""
    if spell.target == "self":
        if target:
            return refuse("WH6-2.2", f"{spell.name.en} affects only its caster: give no target",
                          f"{spell.name.es} solo afecta a su lanzador: no indiques objetivo")
        return None
    if not target:
        return refuse("WH6-2.1", f"{spell.name.en} needs a target, declared before rolling",
                      f"{spell.name.es} necesita un objetivo, declarado antes de tirar")
    if spell.target == "point":
        return _point_problem(st, spell, target)
    return _troop_problem(st, side, spell, target)


def target_ok(st: Wh6State, side: int, spell: SpellDef, target: str) -> bool:
    """`target_problem(...) is None`, without building reasons. A unit or character is a legal
    target exactly when `legal_targets` lists it, so the state's cached list answers."""
    if spell.target == "self":
        return not target
    if not target:
        return False
    if spell.target == "point":
        return point_ok(st, target)
    return target in st.targets(side, spell.id)


def point_ok(st: Wh6State, target: str) -> bool:
    """A point ``x,y`` on the table."""
    point = parse_point(target)
    return point is not None and 0 <= point[0] <= st.battle.width \
        and 0 <= point[1] <= st.battle.height


def _point_problem(st: Wh6State, spell: SpellDef, target: str) -> IllegalAction | None:
    if not point_ok(st, target):
        return refuse("WH6-2.2", f"{spell.name.en} targets a point on the table (x,y in cm)",
                      f"{spell.name.es} se lanza sobre un punto de la mesa (x,y en cm)")
    return None


def _troop_problem(st: Wh6State, side: int, spell: SpellDef, target: str) -> IllegalAction | None:
    troop = st.troop(target)
    if troop is None and parse_point(target) is not None:
        return refuse("WH6-2.2", f"{spell.name.en} targets a unit or character, not a point",
                      f"{spell.name.es} se lanza sobre una unidad o un personaje, no sobre un "
                      f"punto")
    if troop is None or not st.alive(target):
        return refuse("WH6-2.1", f"there is no unit or character {target!r} to target",
                      f"no hay ninguna unidad ni personaje {target!r} al que apuntar")
    if spell.target == "enemy_unit" and troop.side == side:
        return refuse("WH6-2.2", f"{spell.name.en} must target an enemy unit",
                      f"{spell.name.es} debe lanzarse contra una unidad enemiga")
    if spell.target == "friendly_unit" and troop.side != side:
        return refuse("WH6-2.2", f"{spell.name.en} must target a friendly unit",
                      f"{spell.name.es} debe lanzarse sobre una unidad amiga")
    if isinstance(troop, Character) and troop.in_unit is not None \
            and not spell.can_target_character_in_unit:
        return refuse("WH6-2.6", f"{troop.name.en} is inside a unit and cannot be targeted by "
                      f"{spell.name.en}", f"{troop.name.es} está integrado en una unidad y no "
                      f"puede ser objetivo de {spell.name.es}")
    if engaged(st, troop) and not spell.can_target_engaged:
        return refuse("WH6-2.4", f"{troop.name.en} is engaged in close combat and cannot be "
                      f"targeted", f"{troop.name.es} está trabado en combate cuerpo a cuerpo y "
                      f"no puede ser objetivo")
    return None


def legal_targets(st: Wh6State, side: int, spell: SpellDef) -> list[str]:
    """Every legal target (for point spells: the centre of each enemy unit or lone character)."""
    if spell.target == "self":
        return [""]
    if spell.target == "point":
        return [point_text(t.x, t.y) for t in _troops(st)
                if t.side != side and not (isinstance(t, Character) and t.in_unit)]
    return [t.id for t in _troops(st) if _fits(st, side, spell, t)]


def _fits(st: Wh6State, side: int, spell: SpellDef, troop: Unit | Character) -> bool:
    """The same test as `_troop_problem`, without building reasons (the legal list is hot)."""
    if isinstance(troop, Unit):
        if troop.models <= 0:
            return False
    elif troop.slain:
        return False
    if (spell.target == "enemy_unit" and troop.side == side) or \
            (spell.target == "friendly_unit" and troop.side != side):
        return False
    if isinstance(troop, Character) and troop.in_unit is not None \
            and not spell.can_target_character_in_unit:
        return False
    return spell.can_target_engaged or not engaged(st, troop)


def _troops(st: Wh6State) -> list[Unit | Character]:
    return [*st.unit_map.values(), *st.char_map.values()]


def shape_of(st: Wh6State, ref: str) -> Shape:
    """A troop's footprint (unit rectangle, character base), or a point ``x,y``."""
    unit = st.unit_map.get(ref)
    if unit is not None:
        return rect(unit.x, unit.y, unit.width, unit.depth)
    char = st.char_map.get(ref)
    if char is not None:
        return circle(char.x, char.y, char.base)
    point = parse_point(ref)
    assert point is not None, ref
    return circle(point[0], point[1], 0.0)
