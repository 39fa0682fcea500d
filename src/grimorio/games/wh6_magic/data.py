"""Static data of wh6-magic: spells, items, miscast tables, and the readers that validate them.

Everything here is immutable and shared by every state of a battle. The files live in the
package's ``data/`` folder (YAML) so a user can edit them; a malformed entry raises a
`ScenarioError` that names the file, the entry and the field.
"""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimorio.core import datafile
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text

DATA_DIR = Path(__file__).resolve().parent / "data"

TARGET_KINDS = ("enemy_unit", "friendly_unit", "any_unit", "self", "point")
EFFECT_KINDS = ("hits", "wounds", "heal", "modifier", "ward")
MODIFIER_STATS = ("toughness", "armour", "cast")
ITEM_KINDS = ("auto_dispel", "power_dice", "dispel_bonus", "cast_reroll", "dispel_reroll",
              "bound_spell")
MOUNT_KINDS = ("none", "cavalry", "monstrous", "chariot", "shared")
MISCAST_RESULTS = ("explosion", "hurled", "escaped_energies", "knocked_down", "lost_control",
                   "vortex", "wound", "drained", "daemonic")
SOURCES = ("crosscheck", "outside-seed", "stand-in")
_COUNT = re.compile(r"^(?:(\d*)D([36])|(\d+))$")
_MISSING = datafile.MISSING


# ------------------------------------------------------------------------------- field reader

class Fields(datafile.Fields):
    """The core field reader with wh6-magic's extra readers; a flag defaults to false."""

    __slots__ = ()

    def flag(self, key: str, default: Any = False) -> bool:
        return super().flag(key, default)

    def number(self, key: str, default: Any = _MISSING, low: float | None = None,
               nullable: bool = False) -> Any:
        value = self.raw(key, default)
        if value is None and nullable:
            return None
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise self.fail(key, f"must be a number, not {value!r}")
        if low is not None and value < low:
            raise self.fail(key, f"must be at least {low}, not {value}")
        return float(value)

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.raw(key, [])
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"must be a list of texts, not {value!r}")
        return tuple(value)

    def name(self) -> Text:
        """`name` (both languages) or `name_en` + `name_es`."""
        if self.has("name"):
            plain = self.text("name")
            return Text(plain, plain)
        english = self.text("name_en")
        return Text(english, self.text("name_es", english))


# ------------------------------------------------------------------------------- definitions

@dataclass(frozen=True, slots=True)
class DiceCount:
    """How many of something: a fixed number, D3, D6 or nD6 (rolled when the spell resolves)."""

    dice: int
    sides: int
    plus: int

    @classmethod
    def parse(cls, raw: Any, fields: Fields, key: str) -> DiceCount:
        match = _COUNT.match(str(raw).upper())
        if match is None:
            raise fields.fail(key, f"must be a number, D3, D6 or nD6, not {raw!r}")
        if match.group(3) is not None:
            return cls(0, 6, int(match.group(3)))
        return cls(int(match.group(1) or 1), int(match.group(2)), 0)

    def __str__(self) -> str:
        if self.dice == 0:
            return str(self.plus)
        return f"{self.dice if self.dice > 1 else ''}D{self.sides}"


@dataclass(frozen=True, slots=True)
class EffectDef:
    """One effect of a spell, in grimorio's closed vocabulary (see data/spells.yaml)."""

    kind: str
    count: DiceCount | None = None
    strength: int = 0
    area: float = 0.0
    stat: str = ""
    value: int = 0
    armour_save: bool = True
    ward_save: bool = True

    @property
    def lasting(self) -> bool:
        return self.kind in ("modifier", "ward")

    def summary(self) -> Text:
        if self.kind == "hits":
            area = Text("", "")
            if self.area:
                area = Text(f" on every unit within {self.area:g} cm",
                            f" a cada unidad a {self.area:g} cm o menos")
            return Text(f"{self.count} Strength {self.strength} hits",
                        f"{self.count} impactos de Fuerza {self.strength}") + area
        if self.kind == "wounds":
            return Text(f"{self.count} wounds" + ("" if self.armour_save else " (no armour save)"),
                        f"{self.count} heridas"
                        + ("" if self.armour_save else " (sin salvación por armadura)"))
        if self.kind == "heal":
            return Text(f"restores {self.count} wounds", f"recupera {self.count} heridas")
        if self.kind == "ward":
            return Text(f"{self.value}+ ward save", f"salvación especial de {self.value}+")
        stat_es = {"toughness": "Resistencia", "armour": "salvación por armadura",
                   "cast": "lanzamiento"}[self.stat]
        return Text(f"{self.value:+d} {self.stat}", f"{self.value:+d} a {stat_es}")


@dataclass(frozen=True, slots=True)
class SpellDef:
    """A spell: difficulty, range, target kind and effects."""

    id: str
    name: Text
    lore: str
    order: int
    difficulty: int
    range_cm: float | None
    target: str
    can_target_engaged: bool
    can_target_character_in_unit: bool
    remains_in_play: bool
    effects: tuple[EffectDef, ...]
    source: str

    def summary(self) -> Text:
        """Difficulty, range and effects: what the opponent is told at declaration (WH6-A24)."""
        reach = (Text(f"range {self.range_cm:g} cm", f"alcance {self.range_cm:g} cm")
                 if self.range_cm is not None else Text("no range", "sin alcance"))
        parts = Text("", "")
        for index, effect in enumerate(self.effects):
            parts = parts + (Text(", ", ", ") if index else Text("", "")) + effect.summary()
        rip = (Text(", remains in play", ", permanece en juego") if self.remains_in_play
               else Text("", ""))
        return (Text(f"difficulty {self.difficulty}, ", f"dificultad {self.difficulty}, ")
                + reach + Text(": ", ": ") + parts + rip)


@dataclass(frozen=True, slots=True)
class ItemDef:
    """A magic item (see data/items.yaml for the kinds)."""

    id: str
    name: Text
    kind: str
    uses: int | None
    source: str
    bonus: int = 0
    tied: bool = False
    works_vs_if: bool = False
    dice: int = 0
    exceeds_max: bool = False
    spell: str = ""
    power: int = 0
    not_for_bearer_unit: bool = False


@dataclass(frozen=True, slots=True)
class Profile:
    """What a hit needs to know about a model (WH6-X14). Saves are the roll needed (5 = 5+)."""

    wounds: int
    toughness: int
    armour: int | None
    ward: int | None
    regeneration: bool


@dataclass(frozen=True, slots=True)
class MountDef:
    """A character's mount: cavalry moves with him; monstrous mounts and chariots have a profile."""

    kind: str
    name: Text
    profile: Profile | None
    points: float
    shared_with: str | None


@dataclass(frozen=True, slots=True)
class Terrain:
    """A solid obstacle (wall, wood, rock...): an axis-aligned rectangle centred on x, y."""

    id: str
    kind: str
    x: float
    y: float
    width: float
    depth: float


@dataclass(frozen=True, slots=True)
class Library:
    """The shipped spells, items and miscast tables."""

    spells: dict[str, SpellDef]
    lores: dict[str, Text]
    items: dict[str, ItemDef]
    miscast_tables: dict[str, dict[int, str]]


# ------------------------------------------------------------------------------- readers



@functools.cache
def read_yaml(path: Path) -> Any:
    """A data file's content, read once (callers must not change it): `datafile.read_yaml`."""
    return datafile.read_yaml(path)


def read_profile(fields: Fields) -> Profile:
    return Profile(
        wounds=fields.integer("wounds", 1, low=1, high=20),
        toughness=fields.integer("toughness", 3, low=1, high=10),
        armour=fields.integer("armour", None, low=1, high=6, nullable=True),
        ward=fields.integer("ward", None, low=2, high=6, nullable=True),
        regeneration=fields.flag("regeneration", False),
    )


def read_effect(raw: Any, where: str) -> EffectDef:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ScenarioError(f"{where}: an effect is a mapping with one key of "
                            f"{', '.join(EFFECT_KINDS)}")
    kind, body = next(iter(raw.items()))
    if kind not in EFFECT_KINDS:
        raise ScenarioError(f"{where}: unknown effect {kind!r} (known: {', '.join(EFFECT_KINDS)})")
    fields = Fields(body, f"{where}.{kind}")
    effect = _effect_body(kind, fields)
    fields.done()
    return effect


def _effect_body(kind: str, fields: Fields) -> EffectDef:
    if kind == "modifier":
        return EffectDef(kind, stat=fields.text("stat", choices=MODIFIER_STATS),
                         value=fields.integer("value", low=-5, high=5))
    if kind == "ward":
        return EffectDef(kind, value=fields.integer("value", low=2, high=6))
    count = DiceCount.parse(fields.raw("count"), fields, "count")
    if kind == "hits":
        return EffectDef(kind, count=count, strength=fields.integer("strength", low=1, high=10),
                         area=fields.number("area", 0.0, low=0.0))
    if kind == "wounds":
        return EffectDef(kind, count=count, armour_save=fields.flag("armour_save", True),
                         ward_save=fields.flag("ward_save", True))
    return EffectDef(kind, count=count)


def read_spell(raw: Any, lore: str, where: str) -> SpellDef:
    fields = Fields(raw, where)
    spell_id = fields.id()
    fields.where = f"{where} ({spell_id})"
    effects_raw = fields.raw("effects")
    if not isinstance(effects_raw, list) or not effects_raw:
        raise fields.fail("effects", "must be a non-empty list")
    spell = SpellDef(
        id=spell_id, name=fields.name(), lore=fields.text("lore", lore), order=fields.integer(
            "order", 0, low=0, high=6), difficulty=fields.integer("difficulty", low=1, high=20),
        range_cm=fields.number("range_cm", None, low=0.0, nullable=True),
        target=fields.text("target", choices=TARGET_KINDS),
        can_target_engaged=fields.flag("can_target_engaged"),
        can_target_character_in_unit=fields.flag("can_target_character_in_unit"),
        remains_in_play=fields.flag("remains_in_play"),
        effects=tuple(read_effect(e, f"{fields.where}.effects[{i}]")
                      for i, e in enumerate(effects_raw)),
        source=fields.text("source", "outside-seed", choices=SOURCES),
    )
    fields.done()
    return spell


def read_item(raw: Any, where: str) -> ItemDef:
    fields = Fields(raw, where)
    item_id = fields.id()
    fields.where = f"{where} ({item_id})"
    item = ItemDef(
        id=item_id, name=fields.name(), kind=fields.text("kind", choices=ITEM_KINDS),
        uses=fields.integer("uses", None, low=1, high=99, nullable=True),
        source=fields.text("source", "outside-seed", choices=SOURCES),
        bonus=fields.integer("bonus", 0, low=0, high=6), tied=fields.flag("tied"),
        works_vs_if=fields.flag("works_vs_if"), dice=fields.integer("dice", 0, low=0, high=6),
        exceeds_max=fields.flag("exceeds_max"), spell=fields.text("spell", ""),
        power=fields.integer("power", 0, low=0, high=20),
        not_for_bearer_unit=fields.flag("not_for_bearer_unit"),
    )
    fields.done()
    if item.kind == "bound_spell" and (not item.spell or item.power < 1):
        raise fields.fail("spell", "and a power of 1 or more are needed by a bound_spell item")
    if item.kind == "power_dice" and item.dice < 1:
        raise fields.fail("dice", "must be 1 or more for a power_dice item")
    return item


def read_miscast_table(raw: Any, where: str) -> dict[int, str]:
    """A 2D6 table: every total 2-12 mapped to a known result (WH6-10.4, WH6-12.2)."""
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}: a miscast table maps each 2D6 total to a result")
    table: dict[int, str] = {}
    for key, result in raw.items():
        try:
            total = int(key)
        except (TypeError, ValueError):
            raise ScenarioError(f"{where}: {key!r} is not a 2D6 total") from None
        if not 2 <= total <= 12 or result not in MISCAST_RESULTS:
            raise ScenarioError(f"{where}: entry {key}: {result!r} must map a total 2-12 to one "
                                f"of {', '.join(MISCAST_RESULTS)}")
        table[total] = str(result)
    missing = [t for t in range(2, 13) if t not in table]
    if missing:
        raise ScenarioError(f"{where}: totals {missing} have no result")
    return table


def read_spell_list(raw: Any, where: str, lore: str) -> dict[str, SpellDef]:
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: expected a list of spells")
    spells: dict[str, SpellDef] = {}
    for index, entry in enumerate(raw):
        spell = read_spell(entry, lore, f"{where}[{index}]")
        if spell.id in spells:
            raise ScenarioError(f"{where}[{index}]: duplicate spell id {spell.id!r}")
        spells[spell.id] = spell
    return spells


@functools.cache
def library() -> Library:
    """The shipped data files, read and validated once."""
    spells: dict[str, SpellDef] = {}
    lores: dict[str, Text] = {}
    raw = Fields(read_yaml(DATA_DIR / "spells.yaml"), "spells.yaml")
    for index, lore_raw in enumerate(raw.raw("lores")):
        lore = Fields(lore_raw, f"spells.yaml: lores[{index}]")
        lore_id = lore.id()
        lores[lore_id] = lore.name()
        for spell_id, spell in read_spell_list(lore.raw("spells"), f"{lore.where}.spells",
                                               lore_id).items():
            if spell_id in spells:
                raise ScenarioError(f"spells.yaml: spell id {spell_id!r} appears twice")
            spells[spell_id] = spell
        lore.done()
    items = read_item_list(Fields(read_yaml(DATA_DIR / "items.yaml"), "items.yaml").raw("items"),
                           "items.yaml: items")
    tables_raw = read_yaml(DATA_DIR / "miscast_tables.yaml")
    if not isinstance(tables_raw, dict):
        raise ScenarioError("miscast_tables.yaml: expected a mapping of tables")
    tables = {str(name): read_miscast_table(t, f"miscast_tables.yaml: {name}")
              for name, t in tables_raw.items()}
    check_bound_spells(items, spells, "items.yaml")
    return Library(spells, lores, items, tables)


def read_item_list(raw: Any, where: str) -> dict[str, ItemDef]:
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: expected a list of items")
    items: dict[str, ItemDef] = {}
    for index, entry in enumerate(raw):
        item = read_item(entry, f"{where}[{index}]")
        if item.id in items:
            raise ScenarioError(f"{where}[{index}]: duplicate item id {item.id!r}")
        items[item.id] = item
    return items


def check_bound_spells(items: dict[str, ItemDef], spells: dict[str, SpellDef], where: str) -> None:
    for item in items.values():
        if item.kind == "bound_spell" and item.spell not in spells:
            raise ScenarioError(f"{where}: item {item.id!r} binds unknown spell {item.spell!r}")


def scenario_names() -> tuple[str, ...]:
    """The shipped scenarios (data/scenarios/<name>.yaml)."""
    return tuple(sorted(p.stem for p in (DATA_DIR / "scenarios").glob("*.yaml")))


def army_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (DATA_DIR / "armies").glob("*.yaml")))


def load_scenario(name: str) -> dict[str, Any]:
    if name not in scenario_names():
        raise ScenarioError(f"unknown scenario {name!r}; shipped: {', '.join(scenario_names())}")
    data = read_yaml(DATA_DIR / "scenarios" / f"{name}.yaml")
    if not isinstance(data, dict):
        raise ScenarioError(f"scenario {name}: expected a mapping")
    return copy.deepcopy(data)  # the cached file must stay as read


def load_army(name: str) -> dict[str, Any]:
    if name not in army_names():
        raise ScenarioError(f"unknown army {name!r}; shipped: {', '.join(army_names())}")
    data = read_yaml(DATA_DIR / "armies" / f"{name}.yaml")
    if not isinstance(data, dict):
        raise ScenarioError(f"army {name}: expected a mapping")
    return copy.deepcopy(data)
