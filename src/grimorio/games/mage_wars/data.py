"""Static data of mage-wars: keywords, cards, the Apprentice mage and spellbooks, the full-game
mages, arenas.

The files live in the package's ``data/`` folder (YAML) and are described in
``docs/games/mage-wars-data.md``. Every reader checks types, refuses unknown fields and checks the
data against grimorio's closed vocabularies, so a malformed entry raises a `DataError` that names
the file, the entry and the field. Rule ids cited here are in ``docs/rules/mage-wars.md``.

Everything returned is immutable (frozen dataclasses and tuples) and shared by every game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimorio.core import datafile
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text

DATA_DIR = Path(__file__).resolve().parent / "data"

CARD_TYPES = ("attack", "incantation", "creature", "conjuration", "enchantment", "equipment")
SPEEDS = ("quick", "full")
SCHOOLS = ("dark", "holy", "mind", "arcane", "war", "nature", "earth", "air", "water", "fire")
SCHOOL_MODES = ("all", "any")
DAMAGE_TYPES = ("flame", "hydro", "light", "lightning", "poison", "psychic", "wind", "frost")
MAGE_CLASSES = ("beastmaster", "priestess", "warlock", "wizard")
TARGET_KINDS = ("zone", "creature", "creature-or-conjuration", "mage", "revealed-enchantment",
                "arena", "creature-and-zone", "revealed-enchantment-and-new-target", "border",
                # Core Set cards beyond the apprentice books
                "object", "zone-or-object", "hidden-enchantment", "enchantment-and-new-target",
                "destroyed-creature")
TARGET_FILTERS = ("living", "non-mage", "corporeal", "animal")
# passage: a wall's (MW-5.62); special: an attack the card's own text starts at the targets it
# names, with no action and no range (Gate to Hell's opening)
ATTACK_KINDS = ("melee", "ranged", "damage-barrier", "passage", "special")
NO_ACTION_KINDS = ("damage-barrier", "passage", "special")   # bars with no action and no range
DICE_X = ("temples-controlled",)     # how a variable number of attack dice is chosen
DEFENSE_VS = ("melee", "ranged")                     # MW-6.89
EQUIPMENT_SLOTS = ("helmet", "amulet", "cloak", "chest", "belt", "gloves", "boots", "ring",
                   "weapon", "shield")
FORMULA_KINDS = ("enchantment-total-cost", "chosen-equipment-cost", "target-level",
                 "by-target-level", "steal-enchantment", "per-zone-moved",
                 "removal-costs", "target-cost-plus-level", "enchantment-level-or-1")
GRANT_TO = ("bearer", "target", "friendly-animals-in-arena", "friendly-living-in-zone",
            "other-friendly-canines-in-zone", "self-in-controller-zone", "animals-in-arena",
            "controller", "chosen-mage", "creatures-and-conjurations-in-arena",
            "demons-in-arena")
GRANT_UNTIL = ("end-of-round", "next-melee-attack")
BONUS_AGAINST = ("flying", "nonliving-creatures", "incorporeal", "nonliving-or-dark-creatures")
ABILITY_KINDS = ("heal", "spell")
KEYWORD_KINDS = ("trait", "attack-trait", "condition", "effect", "restriction", "spell-property")
VALUE_KINDS = ("none", "signed", "unsigned")
PARAM_KINDS = ("none", "damage_type", "class", "school", "spell_type")
DIRECTIONS = ("north", "east", "south", "west")
CARD_STATUSES = ("implemented", "pending")   # pending: data only, no behaviour in the engine yet
# The full-game mages (mages.yaml, Chapter VII)
MAGE_ABILITY_KINDS = ("passive", "quick-cast", "bond", "trigger", "innate-spell", "shield")
MAGE_TOKENS = ("pet", "bloodreaper", "voltaric-shield")          # MW-7.7: one of each
MAGE_TRIGGERS = ("animal-enters-play", "demon-enters-play", "holy-incantation-resolved",
                 "holy-enchantment-revealed", "cursed-creature-destroyed", "upkeep",
                 "first-damaging-attack")
COST_RESOURCES = ("mana", "life")
ELEMENTAL_SCHOOLS = ("earth", "air", "water", "fire")              # MW-8.19
ENCHANTMENT_CAST_COST = 2  # MW-5.75: every enchantment is cast face down for 2 mana
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_RULE = re.compile(r"MW-(?:X-)?[A-Z]?[0-9]+(?:\.[0-9]+)*")


class DataError(ScenarioError):
    """A mage-wars data file is malformed; the message names the file, entry and field."""


# ------------------------------------------------------------------------------- field reader

class Fields(datafile.Fields):
    """The core field reader raising `DataError`, with mage-wars' readers; a flag defaults to
    false and a text of only spaces counts as empty."""

    __slots__ = ()

    strip_text = True

    def __init__(self, data: Any, where: str, error: type[ScenarioError] = DataError) -> None:
        super().__init__(data, where, error)

    def flag(self, key: str, default: Any = False) -> bool:
        return super().flag(key, default)

    def optional_integer(self, key: str, low: int | None = None) -> int | None:
        if not self.has(key):
            self.used.add(key)
            return None
        value: int = self.integer(key, low=low)
        return value

    def ident(self, key: str = "id") -> str:
        value: str = self.text(key)
        if not _ID.fullmatch(value):
            raise self.fail(key, f"must be lowercase letters, digits and '-', not {value!r}")
        return value

    def texts(self, key: str, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.raw(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(key, f"must be a list of texts, not {value!r}")
        if choices is not None:
            for item in value:
                if item not in choices:
                    raise self.fail(key, f"has {item!r}, which is not one of {', '.join(choices)}")
        return tuple(value)

    def items(self, key: str, required: bool = False) -> list[Any]:
        value = self.raw(key) if required else self.raw(key, [])
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {type(value).__name__}")
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.raw(key)
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a mapping, not {value!r}")
        return value

    def bilingual(self, key: str, spanish_required: bool = True) -> Text:
        sub = Fields(self.raw(key), f"{self.where}.{key}")
        english = sub.text("en")
        spanish = sub.text("es") if spanish_required or sub.has("es") else english
        sub.done()
        return Text(english, spanish)

    def span(self, key: str) -> Span:
        value = self.raw(key)
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                or not 0 <= value[0] <= value[1]):
            raise self.fail(key, f"must be [min, max] with 0 <= min <= max, not {value!r}")
        return Span(value[0], value[1])

    def rules(self, key: str = "rules") -> tuple[str, ...]:
        ids = self.texts(key)
        for rule in ids:
            if not _RULE.fullmatch(rule):
                raise self.fail(key, f"has {rule!r}, which is not a mage-wars rule id")
        return ids


def _read(path: Path) -> Any:
    return datafile.read_yaml(path, DataError)


def _entries(path: Path, key: str) -> Iterator[tuple[Any, str]]:
    top = Fields(_read(path), path.name)
    for index, entry in enumerate(top.items(key, required=True)):
        where = f"{path.name}: {key}[{index}]"
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            where += f" ({entry['id']})"
        yield entry, where


# ------------------------------------------------------------------------------- definitions

@dataclass(frozen=True, slots=True)
class Span:
    """An inclusive range of zones, [low, high] (MW-5.4)."""

    low: int
    high: int

    def __contains__(self, distance: object) -> bool:
        return isinstance(distance, int) and self.low <= distance <= self.high


@dataclass(frozen=True, slots=True)
class Keyword:
    """One word of the closed vocabulary (keywords.yaml), with the rule that defines it."""

    id: str
    name: Text
    kind: str
    value: str
    param: str
    rule: str


@dataclass(frozen=True, slots=True)
class TraitUse:
    """A keyword as a card uses it: Regenerate 2, Flame −2, Warlock Only… (MW-3.16)."""

    keyword: str
    value: int | None = None
    damage_type: str | None = None
    mage_class: str | None = None
    school: str | None = None
    spell_type: str | None = None   # the only spell type a caster or Spellbind takes (MW-5.113)


@dataclass(frozen=True, slots=True)
class EffectBand:
    """One row of an attack's effect box: a d12 result from `low` to `high` (None: and up)."""

    low: int
    high: int | None
    apply: tuple[str, ...]

    def contains(self, roll: int) -> bool:
        return roll >= self.low and (self.high is None or roll <= self.high)


@dataclass(frozen=True, slots=True)
class BonusVs:
    """"+value vs <against>": extra dice and effect-roll bonus against such targets (MW-6.29)."""

    against: str
    value: int


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack bar (MW-6.7). `speed` is None for attack spells and Damage Barriers."""

    name: Text
    speed: str | None
    kind: str
    range: Span | None
    dice: int
    damage_type: str | None
    effects: tuple[EffectBand, ...]
    traits: tuple[TraitUse, ...]
    bonus_vs: tuple[BonusVs, ...]
    excludes_caster: bool
    dice_x: str | None = None    # variable dice (then `dice` is 0): how X is chosen (DICE_X)

    def has(self, keyword: str) -> bool:
        return any(t.keyword == keyword for t in self.traits)

    def effect_for(self, roll: int) -> tuple[str, ...]:
        """The conditions and effects an effect-die result gives (MW-6.38)."""
        for band in self.effects:
            if band.contains(roll):
                return band.apply
        return ()


@dataclass(frozen=True, slots=True)
class Target:
    """What a spell or ability may target (MW-5.5)."""

    kind: str
    filters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CostFormula:
    """How a variable cost X is worked out; see cards.yaml for the kinds."""

    kind: str
    plus: int = 0
    levels: tuple[int, ...] = ()
    per_level_above: int = 0
    per_zone: int = 0
    minimum: int = 0

    def by_level(self, level: int) -> int:
        """The cost of a `by-target-level` spell against a target of `level` (Sleep)."""
        if level <= len(self.levels):
            return self.levels[max(level, 1) - 1]
        return self.levels[-1] + (level - len(self.levels)) * self.per_level_above

    def per_distance(self, zones: int) -> int:
        """The cost of a `per-zone-moved` spell moving its target `zones` zones (Teleport)."""
        return max(self.minimum, self.per_zone * zones)


@dataclass(frozen=True, slots=True)
class Cost:
    """A casting cost: mana (None when it is X), reveal cost for enchantments, X's formula."""

    cast: int | None
    reveal: int | None
    formula: CostFormula | None

    @property
    def variable(self) -> bool:
        return self.cast is None


@dataclass(frozen=True, slots=True)
class Ability:
    """A special action printed on a card (a heal, a spell-like power)."""

    id: str
    name: Text
    kind: str
    speed: str
    range: Span
    target: Target
    dice: int | None
    cost: int | None
    per_round: int | None
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Grant:
    """Traits a card gives to something, for a while (`until` None: while it stays in play)."""

    to: str
    until: str | None
    attacks: str | None
    traits: tuple[TraitUse, ...]
    damage_type: str | None = None    # only on the attacks of this damage type (Fireshaper Ring)


@dataclass(frozen=True, slots=True)
class DefenseSpec:
    """A Defense (MW-6.82): `threshold` is the lowest d12 result that avoids the attack (0: it
    avoids with no roll); `per_round` 1 is "1x" (MW-6.85), None unlimited (MW-6.86); `vs`
    None, or the only attack kind it works against (MW-6.89)."""

    threshold: int
    per_round: int | None
    vs: str | None

    @property
    def once(self) -> bool:
        return self.per_round is not None


@dataclass(frozen=True, slots=True)
class Source:
    """Where the card's numbers come from (OCTGN module record); `text`: where its behaviour
    comes from when the module record has no card text (MW-S11), else empty."""

    set: str
    code: str
    octgn_id: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """One spell card: the facts an engine needs, and grimorio's summary of what it does."""

    id: str
    name: Text
    type: str
    subtypes: tuple[str, ...]
    school: tuple[tuple[str, int], ...]
    school_mode: str | None
    level: int
    cost: Cost
    speed: str
    range: Span
    target: Target
    traits: tuple[TraitUse, ...]
    life: int | None
    armor: int | None
    equipment_slot: str | None
    attacks: tuple[Attack, ...]
    abilities: tuple[Ability, ...]
    grants: tuple[Grant, ...]
    params: tuple[tuple[str, int], ...]
    provisional: bool
    summary: Text
    notes: tuple[str, ...]
    source: Source
    defense: DefenseSpec | None = None      # a Defense it gives its creature (MW-6.82, MW-6.92)
    status: str = "implemented"             # or "pending": data only, not playable yet
    status_reason: str | None = None        # why a pending card is not implemented yet
    aliases: tuple[str, ...] = ()           # other names the seed prints for it (MW-B17)
    slot_alternative: str | None = None     # a second location it may be worn in instead
    both_hands: bool = False                # it fills the weapon and the shield locations

    @property
    def pending(self) -> bool:
        """True for a card whose behaviour the engine does not carry out yet."""
        return self.status == "pending"

    def has(self, keyword: str) -> bool:
        return any(t.keyword == keyword for t in self.traits)

    def param(self, name: str) -> int:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(f"{self.id} has no parameter {name!r}")

    def keywords(self) -> Iterator[str]:
        """Every keyword the card uses: its traits, attacks, effects and grants."""
        yield from (t.keyword for t in self.traits)
        for attack in self.attacks:
            yield from (t.keyword for t in attack.traits)
            for band in attack.effects:
                yield from band.apply
        for grant in self.grants:
            yield from (t.keyword for t in grant.traits)


@dataclass(frozen=True, slots=True)
class MageStats:
    """The values every Apprentice mage shares (MW-1.6)."""

    level: int
    life: int
    channeling: int
    armor: int
    starting_mana: int
    attacks: tuple[Attack, ...]
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MageClass:
    id: str
    name: Text
    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BookEntry:
    card: str
    count: int
    listed_as: str


@dataclass(frozen=True, slots=True)
class Spellbook:
    """A fixed apprentice spellbook (MW-1.9, MW-1.10)."""

    mage_class: str
    size: int
    by_type: tuple[tuple[str, int], ...]
    entries: tuple[BookEntry, ...]
    notes: tuple[str, ...]

    @property
    def total(self) -> int:
        return sum(entry.count for entry in self.entries)

    def copies(self, card_id: str) -> int:
        return sum(entry.count for entry in self.entries if entry.card == card_id)


@dataclass(frozen=True, slots=True)
class Apprentice:
    mage: MageStats
    classes: tuple[MageClass, ...]
    spellbooks: tuple[Spellbook, ...]

    def spellbook(self, mage_class: str) -> Spellbook:
        for book in self.spellbooks:
            if book.mage_class == mage_class:
                return book
        raise KeyError(f"no apprentice spellbook for {mage_class!r}")


@dataclass(frozen=True, slots=True)
class Training:
    """A full-game mage's training (MW-8.2): the schools it is trained in and opposed to, and the
    schools it picks one from when its spellbook is built (the Wizard's element, MW-7.31, MW-S10).
    Any other school is untrained (MW-8.7)."""

    trained: tuple[str, ...]
    opposed: tuple[str, ...]
    choose_one_of: tuple[str, ...]

    def schools(self, choice: str | None = None) -> tuple[str, ...]:
        """The trained schools once `choice` (the elemental school picked) is made."""
        return self.trained + ((choice,) if choice else ())

    def multiplier(self, school: str, choice: str | None = None) -> int:
        """Spell points per level of a spell of `school`: 1 trained, 3 opposed, 2 otherwise
        (MW-8.6, MW-8.7, MW-8.8)."""
        if school in self.schools(choice):
            return 1
        return 3 if school in self.opposed else 2


@dataclass(frozen=True, slots=True)
class AbilityCost:
    """What an ability costs: `amount` plus `per_level` times the level of the object it goes
    on, paid in mana or in life (the Pet: level + 1 mana, MW-7.11; the Bloodreaper: level + 1
    life, MW-7.24)."""

    resource: str
    amount: int
    per_level: int

    def for_level(self, level: int) -> int:
        return self.amount + self.per_level * level


@dataclass(frozen=True, slots=True)
class SpellFilter:
    """Which spells or creatures an ability works on: a card type, subtypes it must all have, a
    highest level and keywords it must not have (Legendary, MW-7.12)."""

    type: str | None
    subtypes: tuple[str, ...]
    max_level: int | None
    excluding: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MageAbility:
    """One ability of a full-game mage's card (Chapter VII), as numbers and keywords; what it
    does beyond them is in the rules it cites."""

    id: str
    name: Text
    kind: str
    rules: tuple[str, ...]
    speed: str | None = None
    range: Span | None = None
    target: Target | None = None
    per_round: int | None = None
    per_turn: int | None = None
    triggers: tuple[str, ...] = ()
    token: str | None = None
    cost: AbilityCost | None = None
    applies_to: SpellFilter | None = None
    traits: tuple[TraitUse, ...] = ()
    traits_with_mage: tuple[TraitUse, ...] = ()     # more while in the mage's zone (MW-7.13)
    attack: Attack | None = None
    params: tuple[tuple[str, int], ...] = ()

    def param(self, name: str) -> int:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(f"ability {self.id} has no parameter {name!r}")


@dataclass(frozen=True, slots=True)
class Mage:
    """A full-game mage (Chapter VII): its ability card's numbers, training and abilities."""

    id: str
    name: Text
    subtypes: tuple[str, ...]
    level: int
    life: int
    armor: int
    channeling: int
    starting_mana: int
    spell_points: int
    training: Training
    attacks: tuple[Attack, ...]
    abilities: tuple[MageAbility, ...]
    rules: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def traits(self) -> tuple[TraitUse, ...]:
        """The traits its passive abilities give it (Combat Skill: Melee +1, MW-7.10)."""
        return tuple(t for a in self.abilities if a.kind == "passive" for t in a.traits)

    def ability(self, ability_id: str) -> MageAbility:
        for ability in self.abilities:
            if ability.id == ability_id:
                return ability
        raise KeyError(f"{self.id} has no ability {ability_id!r}")


@dataclass(frozen=True, slots=True)
class Arena:
    """A grid of zones named row letter + column number (MW-2.3)."""

    id: str
    name: Text
    rows: int
    columns: int
    zones: tuple[str, ...]
    start_zones: tuple[str, ...]
    rules: tuple[str, ...]
    notes: tuple[str, ...]

    def position(self, zone: str) -> tuple[int, int]:
        if zone not in self.zones:
            raise KeyError(f"{zone!r} is not a zone of the {self.id} arena")
        return ord(zone[0]) - ord("A"), int(zone[1:]) - 1

    def distance(self, first: str, second: str) -> int:
        """Zones apart along rows and columns (MW-4.27)."""
        (r1, c1), (r2, c2) = self.position(first), self.position(second)
        return abs(r1 - r2) + abs(c1 - c2)

    def adjacent(self, zone: str) -> tuple[str, ...]:
        """The zones sharing a side with `zone` (MW-2.2)."""
        return tuple(other for other in self.zones if self.distance(zone, other) == 1)


@dataclass(frozen=True, slots=True)
class PushBand:
    low: int
    high: int
    direction: str


@dataclass(frozen=True, slots=True)
class Perimeter:
    passage_blocked: bool
    los_obstructed: bool
    stops_flying: bool
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Arenas:
    arenas: tuple[Arena, ...]
    perimeter: Perimeter
    push_directions: tuple[PushBand, ...]

    def get(self, arena_id: str) -> Arena:
        for arena in self.arenas:
            if arena.id == arena_id:
                return arena
        raise KeyError(f"no arena {arena_id!r}")

    def push_direction(self, roll: int) -> str:
        """The random push direction for an effect-die result (MW-X-7.19)."""
        for band in self.push_directions:
            if band.low <= roll <= band.high:
                return band.direction
        raise ValueError(f"{roll} is not an effect-die result")


@dataclass(frozen=True, slots=True)
class MageWarsData:
    """All static data of the game, validated together."""

    keywords: tuple[Keyword, ...]
    cards: tuple[Card, ...]          # the cards the engine plays (status implemented)
    apprentice: Apprentice
    arenas: Arenas
    pending: tuple[Card, ...] = ()   # cards with data only, not playable yet (status pending)
    mages: tuple[Mage, ...] = ()     # the four full-game mages (mages.yaml)

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card with data: the playable ones, then the pending ones."""
        return self.cards + self.pending

    def card(self, card_id: str) -> Card:
        for card in self.all_cards:
            if card.id == card_id:
                return card
        raise KeyError(f"no card {card_id!r}")

    def mage(self, mage_id: str) -> Mage:
        for mage in self.mages:
            if mage.id == mage_id:
                return mage
        raise KeyError(f"no full-game mage {mage_id!r}")

    def keyword(self, keyword_id: str) -> Keyword:
        for keyword in self.keywords:
            if keyword.id == keyword_id:
                return keyword
        raise KeyError(f"no keyword {keyword_id!r}")


# ------------------------------------------------------------------------------- readers

def read_keywords(path: Path) -> dict[str, Keyword]:
    """keywords.yaml: the closed vocabulary, each keyword with its defining rule."""
    found: dict[str, Keyword] = {}
    for entry, where in _entries(path, "keywords"):
        f = Fields(entry, where)
        keyword = Keyword(f.ident(), f.bilingual("name"), f.text("kind", choices=KEYWORD_KINDS),
                          f.text("value", choices=VALUE_KINDS),
                          f.text("param", choices=PARAM_KINDS), f.text("rule"))
        if not _RULE.fullmatch(keyword.rule):
            raise f.fail("rule", f"must be a mage-wars rule id, not {keyword.rule!r}")
        f.done()
        if keyword.id in found:
            raise f.fail("id", f"repeats {keyword.id!r}")
        found[keyword.id] = keyword
    return found


def _trait(raw: Any, where: str, keywords: dict[str, Keyword],
           kinds: tuple[str, ...]) -> TraitUse:
    f = Fields(raw, where)
    name = f.text("keyword")
    keyword = keywords.get(name)
    if keyword is None:
        raise f.fail("keyword", f"{name!r} is not in keywords.yaml")
    if keyword.kind not in kinds:
        raise f.fail("keyword", f"{name!r} is a {keyword.kind}; expected {' or '.join(kinds)}")
    value = None
    if keyword.value != "none":
        value = f.integer("value", low=0 if keyword.value == "unsigned" else None)
    use = TraitUse(name, value,
                   f.text("damage_type", choices=DAMAGE_TYPES)
                   if keyword.param == "damage_type" else None,
                   f.text("class", choices=MAGE_CLASSES) if keyword.param == "class" else None,
                   f.text("school", choices=SCHOOLS) if keyword.param == "school" else None,
                   _spell_type(f, keyword))
    f.done()
    return use


def _spell_type(f: Fields, keyword: Keyword) -> str | None:
    """The optional spell-type limit of a familiar, spawnpoint or Spellbind (MW-5.41, MW-5.52,
    MW-5.113): absent means any spell."""
    if keyword.param != "spell_type" or not f.has("spell_type"):
        return None
    value: str = f.text("spell_type", choices=CARD_TYPES)
    return value


def _traits(f: Fields, key: str, keywords: dict[str, Keyword],
            kinds: tuple[str, ...]) -> tuple[TraitUse, ...]:
    return tuple(_trait(raw, f"{f.where}.{key}[{i}]", keywords, kinds)
                 for i, raw in enumerate(f.items(key)))


_CARD_TRAIT_KINDS = ("trait", "spell-property", "restriction")
_GRANT_KINDS = ("trait", "attack-trait", "condition")


def _bands(f: Fields, keywords: dict[str, Keyword]) -> tuple[EffectBand, ...]:
    bands: list[EffectBand] = []
    for index, raw in enumerate(f.items("effects")):
        b = Fields(raw, f"{f.where}.effects[{index}]")
        band = EffectBand(b.integer("from", low=1), b.optional_integer("to", 1), b.texts("apply"))
        for item in band.apply:
            if keywords.get(item) is None or keywords[item].kind not in ("condition", "effect"):
                raise b.fail("apply", f"has {item!r}, which is not a condition or effect keyword")
        if not band.apply:
            raise b.fail("apply", "is empty")
        if band.high is not None and band.high < band.low:
            raise b.fail("to", f"is below from ({band.high} < {band.low})")
        if bands and (bands[-1].high is None or band.low != bands[-1].high + 1):
            raise b.fail("from", "must follow the previous band with no gap or overlap")
        b.done()
        bands.append(band)
    if bands and bands[-1].high is not None:
        raise f.fail("effects", "must end with an open band (no 'to'): results above 12 count")
    return tuple(bands)


def _bonus_vs(f: Fields) -> tuple[BonusVs, ...]:
    out = []
    for index, raw in enumerate(f.items("bonus_vs")):
        b = Fields(raw, f"{f.where}.bonus_vs[{index}]")
        out.append(BonusVs(b.text("against", choices=BONUS_AGAINST), b.integer("value", low=1)))
        b.done()
    return tuple(out)


def _dice(f: Fields) -> tuple[int, str | None]:
    """`dice: N`, or `dice: X` with `dice_x` saying how X is chosen (then dice is 0)."""
    if f.raw("dice") == "X":
        choice: str = f.text("dice_x", choices=DICE_X)
        return 0, choice
    if f.has("dice_x"):
        raise f.fail("dice_x", "is only for dice: X")
    dice: int = f.integer("dice", low=1)
    return dice, None


def _attack(raw: Any, where: str, keywords: dict[str, Keyword]) -> Attack:
    f = Fields(raw, where)
    kind = f.text("kind", choices=ATTACK_KINDS)
    name = f.bilingual("name", spanish_required=False)
    speed = f.optional_text("speed", SPEEDS)
    span = None if kind in NO_ACTION_KINDS else f.span("range")
    dice, dice_x = _dice(f)
    attack = Attack(name, speed, kind, span, dice, f.optional_text("damage_type", DAMAGE_TYPES),
                    _bands(f, keywords), _traits(f, "traits", keywords, ("attack-trait",)),
                    _bonus_vs(f), f.flag("excludes_caster"), dice_x)
    if kind in NO_ACTION_KINDS and attack.speed is not None:
        raise f.fail("speed", "must be absent: a Damage Barrier, a wall's Passage Attack or a "
                     "card's special attack needs no action (MW-6.53, MW-5.62)")
    if kind == "melee" and attack.range != Span(0, 0):
        raise f.fail("range", "must be [0, 0] for a melee attack (MW-6.12)")
    if attack.excludes_caster and not attack.has("zone-attack"):
        raise f.fail("excludes_caster", "only makes sense on a zone attack")
    f.done()
    return attack


def _target(raw: Any, where: str) -> Target:
    f = Fields(raw, where)
    target = Target(f.text("kind", choices=TARGET_KINDS), f.texts("filters", TARGET_FILTERS))
    f.done()
    return target


def _cost(f: Fields, card_type: str) -> Cost:
    c = Fields(f.raw("cost"), f"{f.where}.cost")
    raw_cast = c.raw("cast")
    if raw_cast == "X":
        cast = None
        formula: CostFormula | None = _formula(c)
    else:
        cast = c.integer("cast", low=0)
        formula = None
    reveal = c.optional_integer("reveal", 0)
    c.done()
    if card_type == "enchantment":
        if reveal is None or cast != ENCHANTMENT_CAST_COST:
            raise c.fail("cast", "of an enchantment is 2, with a reveal cost (MW-5.75)")
    elif reveal is not None:
        raise c.fail("reveal", "is only for enchantments (MW-5.75)")
    return Cost(cast, reveal, formula)


def _formula(c: Fields) -> CostFormula:
    f = Fields(c.raw("formula"), f"{c.where}.formula")
    kind = f.text("kind", choices=FORMULA_KINDS)
    levels = f.raw("levels", [])
    if not isinstance(levels, list) or not all(isinstance(v, int) for v in levels):
        raise f.fail("levels", f"must be a list of whole numbers, not {levels!r}")
    formula = CostFormula(kind, f.integer("plus", low=0) if f.has("plus") else 0, tuple(levels),
                          f.integer("per_level_above", low=0) if f.has("per_level_above") else 0,
                          f.integer("per_zone", low=1) if f.has("per_zone") else 0,
                          f.integer("minimum", low=0) if f.has("minimum") else 0)
    if kind == "by-target-level" and not (formula.levels and formula.per_level_above):
        raise f.fail("levels", "and per_level_above are needed by a by-target-level cost")
    if kind == "per-zone-moved" and not formula.per_zone:
        raise f.fail("per_zone", "is needed by a per-zone-moved cost")
    f.done()
    return formula


def _school(f: Fields) -> tuple[tuple[tuple[str, int], ...], str | None, int]:
    raw = f.mapping("school")
    school = []
    for name, level in raw.items():
        if name not in SCHOOLS:
            raise f.fail("school", f"has {name!r}, which is not one of {', '.join(SCHOOLS)}")
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            raise f.fail("school", f"level of {name} must be a whole number >= 1")
        school.append((name, level))
    mode = f.optional_text("school_mode", SCHOOL_MODES)
    if (mode is None) != (len(school) == 1):
        raise f.fail("school_mode", "is needed exactly when a spell has several schools")
    level = f.integer("level", low=1)
    expected = {None: school[0][1], "all": sum(lv for _, lv in school)}.get(mode)
    if mode != "any" and level != expected:
        raise f.fail("level", f"must be {expected} for these schools (MW-8.11), not {level}")
    return tuple(school), mode, level


def _ability(raw: Any, where: str) -> Ability:
    f = Fields(raw, where)
    ability = Ability(f.ident(), f.bilingual("name"), f.text("kind", choices=ABILITY_KINDS),
                      f.text("speed", choices=SPEEDS), f.span("range"),
                      _target(f.raw("target"), f"{where}.target"),
                      f.optional_integer("dice", 1), f.optional_integer("cost", 0),
                      f.optional_integer("per_round", 1), f.texts("options"))
    if ability.kind == "heal" and ability.dice is None:
        raise f.fail("dice", "is needed by a heal ability (MW-6.104)")
    f.done()
    return ability


def _grant(raw: Any, where: str, keywords: dict[str, Keyword]) -> Grant:
    f = Fields(raw, where)
    grant = Grant(f.text("to", choices=GRANT_TO), f.optional_text("until", GRANT_UNTIL),
                  f.optional_text("attacks", ("melee",)),
                  _traits(f, "traits", keywords, _GRANT_KINDS),
                  f.optional_text("damage_type", DAMAGE_TYPES))
    if not grant.traits:
        raise f.fail("traits", "is empty")
    f.done()
    return grant


def _params(f: Fields) -> tuple[tuple[str, int], ...]:
    raw = f.raw("params", {})
    if not isinstance(raw, dict):
        raise f.fail("params", f"must be a mapping, not {raw!r}")
    for key, value in raw.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", str(key)) or not isinstance(value, int):
            raise f.fail("params", f"entry {key!r}: {value!r} must be name: whole number")
    return tuple(sorted(raw.items()))


def _source(f: Fields) -> Source:
    s = Fields(f.raw("source"), f"{f.where}.source")
    source = Source(s.text("set"), s.text("code"), s.text("octgn_id"),
                    s.optional_text("text") or "")
    s.done()
    return source


def _stats(f: Fields, card_type: str, incorporeal: bool) -> tuple[int | None, int | None]:
    """Life and armor: creatures, and conjurations (walls too), which can be attacked
    (MW-5.46, MW-6.1). An Incorporeal object may print no armor ("-", MW-X-9.6): armor None."""
    if card_type not in ("creature", "conjuration"):
        if f.has("stats"):
            raise f.fail("stats", "is only for creatures and conjurations (MW-5.46)")
        return None, None
    s = Fields(f.raw("stats"), f"{f.where}.stats")
    life = s.integer("life", low=1)
    if not s.has("armor") and not incorporeal:
        raise s.fail("armor", "is missing (only an Incorporeal object prints none, MW-X-9.6)")
    armor: int | None = s.integer("armor", low=0) if s.has("armor") else None
    s.done()
    return life, armor


def _defense(f: Fields) -> DefenseSpec | None:
    """`defense: {value, per_round?, vs?}` (MW-6.82, MW-6.85, MW-6.89); value 0: no roll."""
    if not f.has("defense"):
        f.used.add("defense")
        return None
    d = Fields(f.raw("defense"), f"{f.where}.defense")
    spec = DefenseSpec(d.integer("value", low=0), d.optional_integer("per_round", 1),
                       d.optional_text("vs", DEFENSE_VS))
    d.done()
    if spec.threshold > 12 or spec.per_round not in (None, 1):
        raise d.fail("value", "is 0-12 and per_round 1 or absent (MW-6.82, MW-6.85, MW-6.86)")
    return spec


def _card(raw: Any, where: str, keywords: dict[str, Keyword]) -> Card:
    f = Fields(raw, where)
    card_id, name, card_type = f.ident(), f.bilingual("name"), f.text("type", choices=CARD_TYPES)
    subtypes = f.texts("subtypes")
    school, mode, level = _school(f)
    cost = _cost(f, card_type)
    speed, span = f.text("speed", choices=SPEEDS), f.span("range")
    target = _target(f.raw("target"), f"{where}.target")
    traits = _traits(f, "traits", keywords, _CARD_TRAIT_KINDS)
    life, armor = _stats(f, card_type, any(t.keyword == "incorporeal" for t in traits))
    slot = f.optional_text("equipment_slot", EQUIPMENT_SLOTS)
    attacks = tuple(_attack(a, f"{where}.attacks[{i}]", keywords)
                    for i, a in enumerate(f.items("attacks")))
    abilities = tuple(_ability(a, f"{where}.abilities[{i}]")
                      for i, a in enumerate(f.items("abilities")))
    grants = tuple(_grant(g, f"{where}.grants[{i}]", keywords)
                   for i, g in enumerate(f.items("grants")))
    card = Card(card_id, name, card_type, subtypes, school, mode, level, cost, speed, span, target,
                traits, life, armor, slot, attacks, abilities, grants, _params(f),
                f.flag("provisional"), f.bilingual("summary"), f.texts("notes"), _source(f),
                _defense(f), f.text("status", "implemented", choices=CARD_STATUSES),
                f.optional_text("status_reason"), f.texts("aliases"),
                f.optional_text("slot_alternative", EQUIPMENT_SLOTS), f.flag("both_hands"))
    f.done()
    _check_card(card, f)
    _check_extras(card, f)
    return card


def _check_extras(card: Card, f: Fields) -> None:
    """A pending card says why (and only a pending one); the second location of equipment
    (MW-5.105: "weapon or shield", "weapon and shield"); variable dice only where X is chosen."""
    if card.pending != (card.status_reason is not None):
        raise f.fail("status_reason", "is needed exactly when status is pending")
    if card.type != "equipment" and (card.slot_alternative or card.both_hands):
        raise f.fail("slot_alternative", "and both_hands are only for equipment (MW-5.105)")
    if card.slot_alternative and (card.both_hands or card.slot_alternative
                                  == card.equipment_slot):
        raise f.fail("slot_alternative", "must differ from equipment_slot, without both_hands")
    if card.both_hands and card.equipment_slot != "weapon":
        raise f.fail("both_hands", "needs equipment_slot weapon (it fills weapon and shield)")
    for alias in card.aliases:
        if alias in (card.name.en, card.name.es):
            raise f.fail("aliases", f"repeats the card's own name {alias!r}")


def _check_card(card: Card, f: Fields) -> None:
    """Type-specific rules every card of a type follows (cited in the messages)."""
    if card.type == "creature" and (card.range != Span(0, 0) or card.target.kind != "zone"):
        raise f.fail("range", "of a creature spell is 0 and its target a zone (MW-5.21)")
    if card.type == "creature" and any(a.speed is None and a.kind != "damage-barrier"
                                       for a in card.attacks):
        raise f.fail("attacks", "of a creature need a quick or full action (MW-6.7)")
    if (card.type == "equipment") != (card.equipment_slot is not None):
        raise f.fail("equipment_slot", "is needed by equipment and only by it (MW-5.105)")
    if card.type == "equipment" and (card.target.kind != "mage" or card.range != Span(0, 2)):
        raise f.fail("target", "of equipment is a mage at range 0-2 (MW-5.104, MW-5.106)")
    if card.type == "attack":
        if len(card.attacks) != 1 or card.attacks[0].speed is not None:
            raise f.fail("attacks", "of an attack spell is one bar with no action (MW-6.8)")
        if card.attacks[0].range != card.range:
            raise f.fail("attacks", "of an attack spell uses the spell's range (MW-6.72)")
    if card.cost.formula is None and card.cost.cast is None:
        raise f.fail("cost", "X needs a formula")
    _check_special(card, f)


def _check_special(card: Card, f: Fields) -> None:
    """Walls target a border and only walls do (MW-5.58, MW-5.59); a wall's attack is its
    Passage Attack (MW-5.62); traps are zone enchantments (MW-5.98)."""
    wall = card.type == "conjuration" and "wall" in card.subtypes
    if wall != (card.target.kind == "border"):
        raise f.fail("target", "is a border exactly for walls (MW-5.58, MW-5.59)")
    if any(a.kind == "passage" for a in card.attacks) and not card.has("passage-attack"):
        raise f.fail("attacks", "a passage bar needs the passage-attack trait (MW-5.62)")
    trap = card.has("trap") or "trap" in card.subtypes
    if trap and (card.type != "enchantment" or card.target.kind != "zone"):
        raise f.fail("target", "of a trap is a zone, face down (MW-5.98)")


def read_cards(path: Path, keywords: dict[str, Keyword]) -> dict[str, Card]:
    """cards.yaml (every card the apprentice spellbooks use) or core-set.yaml (the rest of the
    Core Set), in the same format."""
    found: dict[str, Card] = {}
    for entry, where in _entries(path, "cards"):
        card = _card(entry, where, keywords)
        if card.id in found:
            raise DataError(f"{where}: card id {card.id!r} repeats")
        found[card.id] = card
    return found


def _mage(raw: Any, where: str, keywords: dict[str, Keyword]) -> MageStats:
    f = Fields(raw, where)
    mage = MageStats(f.integer("level", low=1), f.integer("life", low=1),
                     f.integer("channeling", low=0), f.integer("armor", low=0),
                     f.integer("starting_mana", low=0),
                     tuple(_attack(a, f"{where}.attacks[{i}]", keywords)
                           for i, a in enumerate(f.items("attacks", required=True))),
                     f.rules())
    if f.texts("traits") or f.texts("abilities"):
        raise f.fail("traits", "must be empty: Apprentice mages have no abilities (MW-1.7)")
    f.done()
    return mage


def _spellbook(raw: Any, where: str, cards: dict[str, Card], classes: set[str]) -> Spellbook:
    f = Fields(raw, where)
    mage_class = f.text("class")
    if mage_class not in classes:
        raise f.fail("class", f"{mage_class!r} is not a class of the file")
    by_type_raw = f.mapping("by_type")
    entries: list[BookEntry] = []
    for index, item in enumerate(f.items("cards", required=True)):
        e = Fields(item, f"{where}.cards[{index}]")
        entry = BookEntry(e.ident("card"), e.integer("count", low=1), e.text("listed_as"))
        e.done()
        if entry.card not in cards:
            raise e.fail("card", f"{entry.card!r} is not in cards.yaml")
        if any(other.card == entry.card for other in entries):
            raise e.fail("card", f"{entry.card!r} is listed twice")
        entries.append(entry)
    book = Spellbook(mage_class, f.integer("size", low=1), _by_type(f, by_type_raw), tuple(entries),
                     f.texts("notes"))
    f.done()
    _check_book(book, cards, f)
    return book


def _by_type(f: Fields, raw: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    for key, value in raw.items():
        if key not in CARD_TYPES or not isinstance(value, int) or value < 0:
            raise f.fail("by_type", f"entry {key!r}: {value!r} must be card type: count")
    return tuple((key, int(value)) for key, value in raw.items())


def _check_book(book: Spellbook, cards: dict[str, Card], f: Fields) -> None:
    if book.total != book.size:
        raise f.fail("cards", f"add up to {book.total}, but size says {book.size} (MW-A1)")
    counts: dict[str, int] = {}
    for entry in book.entries:
        kind = cards[entry.card].type
        counts[kind] = counts.get(kind, 0) + entry.count
    if counts != {k: v for k, v in book.by_type if v}:
        raise f.fail("by_type", f"says {dict(book.by_type)}, the cards give {counts}")
    for entry in book.entries:
        for trait in cards[entry.card].traits:
            if trait.mage_class is not None and trait.mage_class != book.mage_class:
                raise f.fail("cards", f"{entry.card} is {trait.mage_class}-only (MW-8.16)")
            if trait.school == "dark" and book.mage_class != "warlock":
                raise f.fail("cards", f"{entry.card} is for Dark mages only (MW-S4)")


def read_apprentice(path: Path, cards: dict[str, Card], keywords: dict[str, Keyword]
                    ) -> Apprentice:
    """apprentice.yaml: the Apprentice mage and the four fixed spellbooks (Chapter I)."""
    top = Fields(_read(path), path.name)
    mage = _mage(top.raw("mage"), f"{path.name}: mage", keywords)
    classes = []
    for index, raw in enumerate(top.items("classes", required=True)):
        c = Fields(raw, f"{path.name}: classes[{index}]")
        classes.append(MageClass(c.text("id", choices=MAGE_CLASSES), c.bilingual("name"),
                                 c.texts("subtypes")))
        c.done()
    ids = {c.id for c in classes}
    if len(ids) != len(classes):
        raise top.fail("classes", "repeats a class")
    books = tuple(_spellbook(raw, f"{path.name}: spellbooks[{index}]", cards, ids)
                  for index, raw in enumerate(top.items("spellbooks", required=True)))
    if sorted(b.mage_class for b in books) != sorted(ids):
        raise top.fail("spellbooks", "must hold exactly one book per class (MW-1.9)")
    top.done()
    return Apprentice(mage, tuple(classes), books)


# Fields an ability of each kind needs, and those it may have besides id, name, kind and rules.
_ABILITY_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "passive": (frozenset({"traits"}), frozenset()),
    "quick-cast": (frozenset({"applies_to", "per_turn"}), frozenset()),
    "bond": (frozenset({"token", "triggers", "cost", "applies_to", "traits"}),
             frozenset({"traits_with_mage", "params"})),
    "trigger": (frozenset({"triggers", "per_round"}), frozenset({"applies_to", "params"})),
    "innate-spell": (frozenset({"speed"}),
                     frozenset({"range", "target", "attack", "cost", "per_round", "params"})),
    "shield": (frozenset({"token", "triggers", "cost", "params"}), frozenset({"per_round"})),
}
MAGE_LEVEL = 6              # MW-7.5
FULL_GAME_STARTING_MANA = 10  # MW-7.3


def _ability_cost(raw: Any, where: str) -> AbilityCost:
    f = Fields(raw, where)
    cost = AbilityCost(f.text("resource", choices=COST_RESOURCES), f.integer("amount", low=0),
                       f.integer("per_level", 0, low=0))
    f.done()
    return cost


def _spell_filter(raw: Any, where: str, keywords: dict[str, Keyword]) -> SpellFilter:
    f = Fields(raw, where)
    spec = SpellFilter(f.optional_text("type", CARD_TYPES), f.texts("subtypes"),
                       f.optional_integer("max_level", 1), f.texts("excluding", tuple(keywords)))
    f.done()
    return spec


def _mage_ability(raw: Any, where: str, keywords: dict[str, Keyword]) -> MageAbility:
    f = Fields(raw, where)
    ability_id, name = f.ident(), f.bilingual("name")
    kind = f.text("kind", choices=MAGE_ABILITY_KINDS)
    needed, allowed = _ABILITY_FIELDS[kind]
    present = set(f.data) - {"id", "name", "kind", "rules"}
    if needed - present:
        raise f.fail(sorted(needed - present)[0], f"is needed by a {kind} ability")
    if present - needed - allowed:
        raise f.fail(sorted(present - needed - allowed)[0], f"does not go on a {kind} ability")
    ability = MageAbility(
        ability_id, name, kind, f.rules(), f.optional_text("speed", SPEEDS),
        f.span("range") if f.has("range") else None,
        _target(f.raw("target"), f"{where}.target") if f.has("target") else None,
        f.optional_integer("per_round", 1), f.optional_integer("per_turn", 1),
        f.texts("triggers", MAGE_TRIGGERS), f.optional_text("token", MAGE_TOKENS),
        _ability_cost(f.raw("cost"), f"{where}.cost") if f.has("cost") else None,
        _spell_filter(f.raw("applies_to"), f"{where}.applies_to", keywords)
        if f.has("applies_to") else None,
        _traits(f, "traits", keywords, _GRANT_KINDS),
        _traits(f, "traits_with_mage", keywords, _GRANT_KINDS),
        _attack(f.raw("attack"), f"{where}.attack", keywords) if f.has("attack") else None,
        _params(f))
    f.done()
    if not ability.rules:
        raise f.fail("rules", "must cite the rules of the ability (Chapter VII)")
    if kind == "innate-spell" and ability.attack is None and (ability.range is None
                                                               or ability.target is None):
        raise f.fail("target", "and range (or an attack) are needed by an innate spell (MW-7.19)")
    if ability.attack is not None and ability.range is not None:
        raise f.fail("range", "is the attack's own range for an attack spell (MW-6.72)")
    return ability


def _training(raw: Any, where: str) -> Training:
    f = Fields(raw, where)
    training = Training(f.texts("trained", SCHOOLS), f.texts("opposed", SCHOOLS),
                        f.texts("choose_one_of", ELEMENTAL_SCHOOLS))
    f.done()
    if not training.trained:
        raise f.fail("trained", "is empty: every mage is trained in a school (MW-8.2)")
    clash = (set(training.trained) & set(training.opposed)) | (
        set(training.choose_one_of) & (set(training.trained) | set(training.opposed)))
    if clash:
        raise f.fail("trained", f"names {sorted(clash)[0]!r} twice")
    if len(training.choose_one_of) == 1:
        raise f.fail("choose_one_of", "needs at least two schools to choose from")
    return training


def _full_mage(raw: Any, where: str, keywords: dict[str, Keyword]) -> Mage:
    f = Fields(raw, where)
    mage = Mage(f.text("id", choices=MAGE_CLASSES), f.bilingual("name"), f.texts("subtypes"),
                f.integer("level", low=1), f.integer("life", low=1), f.integer("armor", low=0),
                f.integer("channeling", low=0), f.integer("starting_mana", low=0),
                f.integer("spell_points", low=1), _training(f.raw("training"), f"{where}.training"),
                tuple(_attack(a, f"{where}.attacks[{i}]", keywords)
                      for i, a in enumerate(f.items("attacks", required=True))),
                tuple(_mage_ability(a, f"{where}.abilities[{i}]", keywords)
                      for i, a in enumerate(f.items("abilities", required=True))),
                f.rules(), f.texts("notes"))
    f.done()
    if mage.level != MAGE_LEVEL:
        raise f.fail("level", f"is {MAGE_LEVEL} for every mage (MW-7.5)")
    if mage.starting_mana != FULL_GAME_STARTING_MANA:
        raise f.fail("starting_mana", f"is {FULL_GAME_STARTING_MANA} for every mage (MW-7.3)")
    if "mage" not in mage.subtypes or len(mage.subtypes) < 2:
        raise f.fail("subtypes", "are 'mage' and the mage's race (MW-7.5)")
    ids = [a.id for a in mage.abilities]
    if len(set(ids)) != len(ids):
        raise f.fail("abilities", "repeat an id")
    return mage


def read_mages(path: Path, keywords: dict[str, Keyword],
               classes: tuple[MageClass, ...]) -> tuple[Mage, ...]:
    """mages.yaml: the four full-game mages (Chapter VII), one per class of apprentice.yaml,
    with the same race; each special token belongs to one ability only (MW-7.7)."""
    mages = tuple(_full_mage(entry, where, keywords) for entry, where in _entries(path, "mages"))
    races = {c.id: c.subtypes for c in classes}
    if sorted(m.id for m in mages) != sorted(races):
        raise DataError(f"{path.name}: must hold exactly one mage per class "
                        f"({', '.join(sorted(races))})")
    tokens: list[str] = []
    for mage in mages:
        if mage.subtypes != races[mage.id]:
            raise DataError(f"{path.name}: {mage.id} has subtypes {list(mage.subtypes)}, but "
                            f"apprentice.yaml says {list(races[mage.id])}")
        tokens += [a.token for a in mage.abilities if a.token]
    if len(set(tokens)) != len(tokens):
        raise DataError(f"{path.name}: a special token is used twice; there is one of each "
                        "(MW-7.7)")
    return mages


def _arena(raw: Any, where: str) -> Arena:
    f = Fields(raw, where)
    arena = Arena(f.ident(), f.bilingual("name"), f.integer("rows", low=1),
                  f.integer("columns", low=1),
                  f.texts("zones"), f.texts("start_zones"), f.rules(), f.texts("notes"))
    f.done()
    expected = tuple(f"{chr(ord('A') + r)}{c + 1}"
                     for r in range(arena.rows) for c in range(arena.columns))
    if arena.zones != expected:
        raise f.fail("zones", f"must be {', '.join(expected)} for {arena.rows} x {arena.columns}")
    for zone in arena.start_zones:
        if zone not in arena.zones:
            raise f.fail("start_zones", f"has {zone!r}, which is not a zone of this arena")
    return arena


def read_arenas(path: Path) -> Arenas:
    """arenas.yaml: the Apprentice, full and free-for-all arenas (Chapter II)."""
    top = Fields(_read(path), path.name)
    p = Fields(top.raw("perimeter"), f"{path.name}: perimeter")
    perimeter = Perimeter(p.flag("passage_blocked"), p.flag("los_obstructed"),
                          p.flag("stops_flying"), p.rules())
    p.done()
    bands = []
    for index, raw in enumerate(top.items("push_directions", required=True)):
        b = Fields(raw, f"{path.name}: push_directions[{index}]")
        bands.append(PushBand(b.integer("from", low=1), b.integer("to", low=1),
                              b.text("direction", choices=DIRECTIONS)))
        b.done()
    covered = sorted(n for band in bands for n in range(band.low, band.high + 1))
    if covered != list(range(1, 13)):
        raise top.fail("push_directions", "must cover 1-12 once each (MW-X-7.19)")
    arenas = tuple(_arena(raw, f"{path.name}: arenas[{index}]")
                   for index, raw in enumerate(top.items("arenas", required=True)))
    if len({a.id for a in arenas}) != len(arenas):
        raise top.fail("arenas", "repeats an id")
    top.done()
    return Arenas(arenas, perimeter, tuple(bands))


def _check_core_set(cards: dict[str, Card], core: dict[str, Card]) -> None:
    """core-set.yaml holds Core Set cards that cards.yaml does not: no id or name twice."""
    names = {card.name.en.casefold(): card.id for card in cards.values()}
    for card in core.values():
        where = f"core-set.yaml: card {card.id!r}"
        if card.id in cards:
            raise DataError(f"{where} is in cards.yaml already")
        if card.source.set != "Core":
            raise DataError(f"{where} comes from set {card.source.set!r}, not the Core Set")
        if card.name.en.casefold() in names:
            raise DataError(f"{where} has the name of {names[card.name.en.casefold()]!r}")
        names[card.name.en.casefold()] = card.id


def load(directory: Path = DATA_DIR) -> MageWarsData:
    """Read and cross-check every data file of `directory`."""
    keywords = read_keywords(directory / "keywords.yaml")
    cards = read_cards(directory / "cards.yaml", keywords)
    core = read_cards(directory / "core-set.yaml", keywords)
    _check_core_set(cards, core)
    apprentice = read_apprentice(directory / "apprentice.yaml", cards, keywords)
    used = {entry.card for book in apprentice.spellbooks for entry in book.entries}
    unused = sorted(set(cards) - used)
    if unused:
        raise DataError(f"cards.yaml: {unused[0]!r} is in no spellbook of apprentice.yaml")
    pending = sorted(cid for cid in used if cards[cid].pending)
    if pending:
        raise DataError(f"apprentice.yaml: {pending[0]!r} is pending; apprentice books use "
                        "only implemented cards")
    every = [*cards.values(), *core.values()]
    return MageWarsData(tuple(keywords.values()), tuple(c for c in every if not c.pending),
                        apprentice, read_arenas(directory / "arenas.yaml"),
                        tuple(c for c in every if c.pending),
                        read_mages(directory / "mages.yaml", keywords, apprentice.classes))


@functools.cache
def shipped() -> MageWarsData:
    """The data shipped with the package, loaded once."""
    return load()


# ------------------------------------------------------------------------------- Core Set counts

@dataclass(frozen=True, slots=True)
class CoreCounts:
    """How many copies of each card one Core Set box holds (core-counts.yaml, MW-8.21). A card
    with no count is unknown; `unknown` gives the reason when the file has one."""

    counts: tuple[tuple[str, int], ...]
    unknown: tuple[tuple[str, str], ...] = ()

    def count(self, card_id: str) -> int | None:
        """The copies of `card_id` in one Core Set; None when unknown."""
        return next((copies for cid, copies in self.counts if cid == card_id), None)

    def reason(self, card_id: str) -> str | None:
        """Why the count of `card_id` is unknown, when the file says."""
        return next((why for cid, why in self.unknown if cid == card_id), None)


def read_core_counts(path: Path, card_ids: frozenset[str]) -> CoreCounts:
    """core-counts.yaml: card id -> copies in one Core Set (a whole number of at least 1), and the
    cards whose count is unknown with the reason; every id must be a card of `card_ids`."""
    top = Fields(_read(path), path.name)
    counts: list[tuple[str, int]] = []
    for card_id, copies in top.mapping("counts").items():
        where = f"{path.name}: counts: {card_id!r}"
        if card_id not in card_ids:
            raise DataError(f"{where} is not a card of cards.yaml or core-set.yaml")
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise DataError(f"{where} must be a whole number of at least 1, not {copies!r}")
        counts.append((card_id, copies))
    counted = {card_id for card_id, _ in counts}
    unknown: list[tuple[str, str]] = []
    for index, raw in enumerate(top.items("unknown")):
        u = Fields(raw, f"{path.name}: unknown[{index}]")
        card_id, reason = u.text("card"), u.text("reason")
        u.done()
        if card_id not in card_ids:
            raise u.fail("card", f"{card_id!r} is not a card of cards.yaml or core-set.yaml")
        if card_id in counted or any(card_id == cid for cid, _ in unknown):
            raise u.fail("card", f"{card_id!r} is counted or listed already")
        unknown.append((card_id, reason))
    top.done()
    return CoreCounts(tuple(counts), tuple(unknown))


@functools.cache
def core_counts() -> CoreCounts:
    """The Core Set counts shipped with the package (core-counts.yaml), loaded once."""
    return read_core_counts(DATA_DIR / "core-counts.yaml",
                            frozenset(card.id for card in shipped().all_cards))
