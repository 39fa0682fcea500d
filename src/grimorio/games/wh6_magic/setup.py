"""Build a battle from a scenario description (a shipped file or a `setup` mapping).

The format is documented in docs/games/wh6-magic.md. Every problem raises a `ScenarioError` that
names the side, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.data import (
    MOUNT_KINDS,
    Fields,
    ItemDef,
    MountDef,
    SpellDef,
    Terrain,
    check_bound_spells,
    library,
    load_army,
    load_scenario,
    read_item_list,
    read_miscast_table,
    read_profile,
    read_spell_list,
)
from grimorio.games.wh6_magic.index import BattleIndex, build_index
from grimorio.games.wh6_magic.model import Ban, Character, InPlay, ItemState, Unit
from grimorio.games.wh6_magic.rules.hooks import irresistible_rule

BAN_KINDS = ("hurled", "knocked_down", "lost_control", "drained", "daemonic")
WIZARD_ONLY_ITEMS = ("power_dice", "cast_reroll")


@dataclass(frozen=True, slots=True)
class SideInfo:
    """One army's fixed data."""

    army: str
    name: Text
    dwarf: bool
    irresistible_rule: str
    miscast_table: dict[int, str]
    miscast_table_name: str


@dataclass(frozen=True, slots=True)
class Battle:
    """Everything about a battle that never changes: shared by all its states and clones."""

    name: Text
    spells: dict[str, SpellDef]
    items: dict[str, ItemDef]
    sides: tuple[SideInfo, SideInfo]
    width: float
    height: float
    terrain: tuple[Terrain, ...]
    turns: int
    first: int
    stacking: str
    pools: tuple[int, int] | None
    index: BattleIndex


@dataclass
class Forces:
    """The changing parts of the battle at the start. A state shares these objects with the
    battle's other states and copies one only before changing it (see `Wh6State`)."""

    units: dict[str, Unit] = field(default_factory=dict)
    chars: dict[str, Character] = field(default_factory=dict)
    items: dict[str, ItemState] = field(default_factory=dict)
    in_play: list[InPlay] = field(default_factory=list)


def build(options: dict[str, Any], setup: dict[str, Any] | None) -> tuple[Battle, Forces]:
    """The battle described by `setup`, or by the shipped scenario named in the options."""
    raw = setup if setup is not None else load_scenario(str(options["scenario"]))
    top = Fields(raw, "scenario")
    spells, items, tables = _catalogues(top)
    table = Fields(top.raw("table", {"width": 180, "height": 120}), "scenario: table")
    width, height = table.number("width", low=10.0), table.number("height", low=10.0)
    table.done()
    terrain = _terrain(top.raw("terrain", []))
    sides_raw = top.raw("sides")
    if not isinstance(sides_raw, list) or len(sides_raw) != 2:
        raise ScenarioError("scenario: field 'sides' must list exactly two sides")
    forces = Forces()
    infos = tuple(_side(sides_raw[i], i, forces, spells, items, tables) for i in range(2))
    _link(forces, width, height)
    first = int(options.get("first", -1))
    if first < 0:
        first = top.integer("first", 0, low=0, high=1)
    else:
        top.raw("first", 0)
    battle = Battle(
        name=top.name() if (top.has("name") or top.has("name_en")) else Text("Battle", "Batalla"),
        spells=spells, items=items, sides=(infos[0], infos[1]), width=width, height=height,
        terrain=terrain, turns=int(options.get("turns", 2)), first=first,
        stacking=str(options.get("dispel_stacking", "recommended")), pools=_pools(top),
        index=build_index(forces.units, forces.chars, forces.items, items, spells))
    forces.in_play = _in_play(top.raw("in_play", []), forces, spells, first)
    top.raw("description", "")
    top.done()
    return battle, forces


# ---------------------------------------------------------------------------------- catalogues

def _catalogues(top: Fields) -> tuple[dict[str, SpellDef], dict[str, ItemDef],
                                       dict[str, dict[int, str]]]:
    """The shipped spells, items and tables, plus any the scenario adds (tests use this)."""
    lib = library()
    spells = dict(lib.spells)
    for spell_id, spell in read_spell_list(top.raw("spells", []), "scenario: spells",
                                           "custom").items():
        spells[spell_id] = spell
    items = dict(lib.items)
    items.update(read_item_list(top.raw("items", []), "scenario: items"))
    check_bound_spells(items, spells, "scenario: items")
    tables = dict(lib.miscast_tables)
    extra = top.raw("miscast_tables", {})
    if not isinstance(extra, dict):
        raise top.fail("miscast_tables", "must map table names to tables")
    for name, table in extra.items():
        tables[str(name)] = read_miscast_table(table, f"scenario: miscast_tables.{name}")
    return spells, items, tables


def _terrain(raw: Any) -> tuple[Terrain, ...]:
    if not isinstance(raw, list):
        raise ScenarioError("scenario: field 'terrain' must be a list")
    out = []
    for index, entry in enumerate(raw):
        f = Fields(entry, f"scenario: terrain[{index}]")
        out.append(Terrain(f.id(), f.text("kind", "solid", choices=("wall", "wood", "solid")),
                           f.number("x"), f.number("y"), f.number("width", low=0.1),
                           f.number("depth", low=0.1)))
        f.done()
    return tuple(out)


def _pools(top: Fields) -> tuple[int, int] | None:
    raw = top.raw("pools", None)
    if raw is None:
        return None
    f = Fields(raw, "scenario: pools")
    pools = (f.integer("power", low=0, high=60), f.integer("dispel", low=0, high=60))
    f.done()
    return pools


# ---------------------------------------------------------------------------------- armies

def _side(raw: Any, side: int, forces: Forces, spells: dict[str, SpellDef],
          items: dict[str, ItemDef], tables: dict[str, dict[int, str]]) -> SideInfo:
    where = f"sides[{side}]"
    f = Fields(raw, where)
    army_raw = f.raw("army")
    army = load_army(army_raw) if isinstance(army_raw, str) else army_raw
    place = f.raw("place", {})
    if not isinstance(place, dict):
        raise f.fail("place", "must map troop ids to positions")
    f.done()
    a = Fields(army, f"{where}.army")
    army_id = a.id()
    a.where = f"{where}.army ({army_id})"
    info = _side_info(a, army_id, tables)
    placed: set[str] = set()
    for index, unit_raw in enumerate(_list(a, "units")):
        _add_unit(forces, _merge(unit_raw, place, placed), side, f"{a.where}.units[{index}]",
                  items)
    for index, char_raw in enumerate(_list(a, "characters")):
        _add_character(forces, _merge(char_raw, place, placed), side,
                       f"{a.where}.characters[{index}]", spells, items)
    a.done()
    unknown = sorted(set(place) - placed)
    if unknown:
        raise ScenarioError(f"{where}: field 'place' names {unknown[0]!r}, which is not in the "
                            f"army")
    return info


def _side_info(a: Fields, army_id: str, tables: dict[str, dict[int, str]]) -> SideInfo:
    table_raw = a.raw("miscast_table", "general")
    if isinstance(table_raw, dict):
        table, table_name = read_miscast_table(table_raw, f"{a.where}: miscast_table"), "inline"
    elif table_raw in tables:
        table, table_name = tables[table_raw], str(table_raw)
    else:
        raise a.fail("miscast_table", f"names unknown table {table_raw!r}")
    rule = a.text("irresistible_rule", "standard")
    try:
        irresistible_rule(rule)
    except ScenarioError as exc:
        raise a.fail("irresistible_rule", str(exc)) from None
    return SideInfo(army_id, a.name(), a.flag("dwarf"), rule, table, table_name)


def _list(f: Fields, key: str) -> list[Any]:
    value = f.raw(key, [])
    if not isinstance(value, list):
        raise f.fail(key, "must be a list")
    return value


def _merge(raw: Any, place: dict[str, Any], placed: set[str]) -> Any:
    """A troop entry with the scenario's placement for its id laid over it."""
    if not isinstance(raw, dict) or raw.get("id") not in place:
        return raw
    extra = place[raw["id"]]
    if not isinstance(extra, dict):
        raise ScenarioError(f"place: entry {raw['id']!r} must be a mapping")
    placed.add(raw["id"])
    return {**raw, **extra}


def _claim(forces: Forces, troop_id: str, where: str) -> None:
    if troop_id in forces.units or troop_id in forces.chars:
        raise ScenarioError(f"{where}: duplicate id {troop_id!r}")


def _add_unit(forces: Forces, raw: Any, side: int, where: str, items: dict[str, ItemDef]) -> None:
    f = Fields(raw, where)
    u = Unit.__new__(Unit)
    u.id = f.id()
    f.where = f"{where} ({u.id})"
    _claim(forces, u.id, f.where)
    u.side, u.name, u.profile = side, f.name(), read_profile(f)
    u.points = f.number("points", 0.0, low=0.0)
    u.start_models = f.integer("models", low=1, high=1000)
    u.models = f.integer("models_left", u.start_models, low=0, high=u.start_models)
    u.damage = f.integer("damage", 0, low=0, high=u.profile.wounds - 1)
    u.x, u.y = f.number("x"), f.number("y")
    u.width, u.depth = f.number("width", 10.0, low=0.1), f.number("depth", 5.0, low=0.1)
    u.engaged, u.fleeing = f.flag("engaged"), f.flag("fleeing")
    u.magic_resistance = f.integer("magic_resistance", 0, low=0, high=3)
    u.characters = ()
    _add_items(forces, f, u.id, side, items, wizard=False)
    f.done()
    forces.units[u.id] = u


def _add_character(forces: Forces, raw: Any, side: int, where: str,
                   spells: dict[str, SpellDef], items: dict[str, ItemDef]) -> None:
    f = Fields(raw, where)
    c = Character.__new__(Character)
    c.id = f.id()
    f.where = f"{where} ({c.id})"
    _claim(forces, c.id, f.where)
    c.side, c.name, c.profile = side, f.name(), read_profile(f)
    c.points = f.number("points", 0.0, low=0.0)
    _wizardry(c, f, spells)
    c.mount = _mount(f)
    c.mount_wounds_lost, c.mount_slain = 0, False
    c.in_unit = f.text("in_unit", None)
    unit = forces.units.get(c.in_unit) if c.in_unit else None
    if c.in_unit and (unit is None or unit.side != side):
        raise f.fail("in_unit", f"names {c.in_unit!r}, which is not a unit of this side")
    if unit is None:
        c.x, c.y = f.number("x"), f.number("y")
    else:  # a character in a unit stands at the unit's centre unless placed
        c.x, c.y = f.number("x", unit.x), f.number("y", unit.y)
    c.base = f.number("base", 2.5 if c.mount_kind != "none" else 1.0, low=0.1)
    c.fleeing, c.engaged = f.flag("fleeing"), f.flag("engaged")
    c.contacts = f.strings("contacts") if f.has("contacts") else \
        ((f"{c.in_unit}:3",) if c.in_unit else ())
    c.dispel_bonus = f.integer("dispel_bonus", 0, low=0, high=6)
    c.cast_bonus = f.integer("cast_bonus", 0, low=-6, high=6)
    c.dispel_dice = f.integer("dispel_dice", 0, low=0, high=6)
    c.magic_resistance = f.integer("magic_resistance", 0, low=0, high=3)
    c.wounds_lost = f.integer("wounds_lost", 0, low=0, high=c.profile.wounds)
    c.slain = c.wounds_lost >= c.profile.wounds
    c.prone_until = None
    _add_items(forces, f, c.id, side, items, wizard=c.wizard)
    f.done()
    forces.chars[c.id] = c
    if unit is not None:
        unit.characters = (*unit.characters, c.id)


def _wizardry(c: Character, f: Fields, spells: dict[str, SpellDef]) -> None:
    """Level, lore, spells and the lasting miscast marks a scenario may start with."""
    c.wizard = f.has("level")
    c.level = f.integer("level", 0, low=0, high=4)
    c.start_level = f.integer("start_level", c.level, low=c.level, high=4)
    c.lore = f.text("lore", None)
    if c.lore is not None and c.lore not in {s.lore for s in spells.values()}:
        raise f.fail("lore", f"names unknown lore {c.lore!r}")
    c.spells = f.strings("spells")
    for spell_id in c.spells:
        if spell_id not in spells:
            raise f.fail("spells", f"names unknown spell id {spell_id!r}")
        if c.lore is not None and spells[spell_id].lore not in (c.lore, "custom"):
            raise f.fail("spells", f"names {spell_id!r}, which is not in lore {c.lore!r}")
    if c.spells and not c.wizard:
        raise f.fail("spells", "needs a wizard: give the character a 'level'")
    if len(set(c.spells)) != len(c.spells):
        raise f.fail("spells", "lists a spell twice")
    c.lost = frozenset(f.strings("spells_lost"))
    strays = sorted(c.lost - set(c.spells))
    if strays:
        raise f.fail("spells_lost", f"names {strays[0]!r}, which is not one of his spells")
    c.attempted = frozenset()
    c.generates_dice = f.flag("generates_dice", True)
    c.bans = _bans(f)
    if c.wizard and c.level == 0 and not (c.has_ban("drained") or c.has_ban("daemonic")):
        c.bans = (*c.bans, Ban("drained"))  # a level 0 wizard never casts (WH6-11.12)


def _bans(f: Fields) -> tuple[Ban, ...]:
    raw = f.raw("bans", [])
    if not isinstance(raw, list):
        raise f.fail("bans", "must be a list")
    bans = []
    for index, entry in enumerate(raw):
        b = Fields(entry, f"{f.where}.bans[{index}]")
        bans.append(Ban(b.text("kind", choices=BAN_KINDS),
                        b.integer("until_phase", None, low=0, high=200, nullable=True)))
        b.done()
    return tuple(bans)


def _mount(f: Fields) -> MountDef | None:
    raw = f.raw("mount", None)
    if raw is None:
        return None
    m = Fields(raw, f"{f.where}.mount")
    kind = m.text("kind", choices=MOUNT_KINDS)
    if kind == "none":
        m.done()
        return None
    name = m.name() if (m.has("name") or m.has("name_en")) else Text("mount", "montura")
    profile = read_profile(m) if kind != "cavalry" else None
    shared = m.text("with", None) if kind == "shared" else None
    if kind == "shared" and shared is None:
        raise m.fail("with", "is needed by a shared mount (the other character's id)")
    mount = MountDef(kind, name, profile, m.number("points", 0.0, low=0.0), shared)
    m.done()
    return mount


def _add_items(forces: Forces, f: Fields, bearer: str, side: int, items: dict[str, ItemDef],
               wizard: bool) -> None:
    seen: set[str] = set()
    for item_id in f.strings("items"):
        item = items.get(item_id)
        if item is None:
            raise f.fail("items", f"names unknown item {item_id!r}")
        if item_id in seen:
            raise f.fail("items", f"lists {item_id!r} twice")
        if item.kind in WIZARD_ONLY_ITEMS and not wizard:
            raise f.fail("items", f"gives {item_id!r} to a non-wizard")
        seen.add(item_id)
        state = ItemState()
        state.id, state.item, state.bearer = f"{bearer}.{item_id}", item_id, bearer
        state.side, state.uses_left, state.used_phase = side, item.uses, -1
        forces.items[state.id] = state
    spent = f.strings("items_spent")
    for item_id in spent:
        key = f"{bearer}.{item_id}"
        if key not in forces.items or forces.items[key].uses_left is None:
            raise f.fail("items_spent", f"names {item_id!r}, not a limited item of this bearer")
        forces.items[key].uses_left = 0


# ---------------------------------------------------------------------------------- checks

def _link(forces: Forces, width: float, height: float) -> None:
    """Cross-references: contacts, shared mounts, positions on the table."""
    for c in forces.chars.values():
        for contact in c.contacts:
            target, _, count = str(contact).partition(":")
            if target not in forces.units and target not in forces.chars:
                raise ScenarioError(f"character {c.id}: field 'contacts': {contact!r} names no "
                                    f"unit or character")
            if count and (not count.isdigit() or int(count) < 1):
                raise ScenarioError(f"character {c.id}: field 'contacts': {contact!r} needs a "
                                    f"count of 1 or more")
        if c.mount is not None and c.mount.shared_with is not None:
            other = forces.chars.get(c.mount.shared_with)
            if other is None or other.side != c.side or other.id == c.id:
                raise ScenarioError(f"character {c.id}: field 'mount.with' must name another "
                                    f"character of the same side")
    troops: list[Unit | Character] = [*forces.units.values(), *forces.chars.values()]
    for troop in troops:
        if not (0 <= troop.x <= width and 0 <= troop.y <= height):
            raise ScenarioError(f"{troop.id}: position ({troop.x:g}, {troop.y:g}) is off the "
                                f"{width:g} x {height:g} table")


def _in_play(raw: Any, forces: Forces, spells: dict[str, SpellDef], first: int) -> list[InPlay]:
    """Spells already in play when the scenario starts (cast before phase 0). A timed effect
    lapses when its caster's side next begins a magic phase: phase 0 or phase 1."""
    if not isinstance(raw, list):
        raise ScenarioError("scenario: field 'in_play' must be a list")
    out = []
    for index, entry in enumerate(raw):
        f = Fields(entry, f"scenario: in_play[{index}]")
        spell = f.text("spell")
        caster = f.text("caster")
        target = f.text("target", "")
        if spell not in spells:
            raise f.fail("spell", f"names unknown spell id {spell!r}")
        if caster not in forces.chars:
            raise f.fail("caster", f"names {caster!r}, which is not a character")
        if target and target not in forces.units and target not in forces.chars:
            raise f.fail("target", f"names {target!r}, which is not a unit or character")
        rip = f.flag("remains_in_play", spells[spell].remains_in_play)
        f.done()
        side = forces.chars[caster].side
        lapse = 0 if side == first else 1
        out.append(InPlay(f"r{index + 1}", spell, caster, side, target or caster, -1, rip,
                          None if rip else lapse))
    return out
