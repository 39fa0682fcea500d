"""The card records of wiz-war: `data/cards.yaml` loaded, validated and frozen.

The schema (one record per distinct card key) is described in docs/games/wiz-war.md and in the
shared brief; `parse_cards` checks exactly that schema and names the record and field of any
error. Behaviour is not here: a card's `effect` names its script in `effects/`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from grimorio.core.i18n import Text

DATA = Path(__file__).resolve().parent / "data" / "cards.yaml"

SCHOOLS = ("cantrip", "alchemy", "conjuring", "elemental", "mentalism", "mutation", "thaumaturgy")
SELECTABLE = SCHOOLS[1:]
TYPES = ("attack", "counter", "energy", "item", "neutral")
RANGES = ("caster", "adjacent", "los", "anywhere")
TARGETS = ("edge", "creature", "door", "board", "object", "sector", "self", "spell", "square",
           "empty-square", "wall", "treasure", "item", "wizard")
DURATIONS = ("instant", "maintained", "temporary")
TAGS = ("fire", "water", "lightning", "global", "mundane", "creation", "transformation",
        "magic-stone", "trinket", "weapon", "thrown", "curse")
_REQUIRED = ("key", "name", "school", "copies", "types", "range", "targets", "energy",
             "duration", "tags", "effect", "summary")
_OPTIONAL = ("notes",)


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card (every copy in the deck shares it)."""

    key: str
    name: Text
    school: str
    copies: tuple[tuple[str, int], ...]   # (school deck, copies in it), in SCHOOLS order
    types: tuple[str, ...]
    range: str
    targets: tuple[str, ...]
    energy: int
    duration: str
    tags: frozenset[str]
    effect: str
    summary: Text
    notes: str = ""

    def is_a(self, kind: str) -> bool:
        """Whether the card has this type (`attack`, `counter`, `energy`, `item`, `neutral`)."""
        return kind in self.types

    @property
    def is_spell(self) -> bool:
        """Attack, counter and neutral cards are spells; items and energy are not."""
        return not set(self.types).isdisjoint(("attack", "counter", "neutral"))

    @property
    def lasting(self) -> bool:
        """A non-instant spell stays in play when cast (WW-X16)."""
        return self.duration != "instant" and self.is_spell and not self.is_a("item")

    @property
    def mundane(self) -> bool:
        """Mundane cards cannot be countered (their card says so)."""
        return "mundane" in self.tags


class CardDataError(ValueError):
    """cards.yaml does not follow the schema."""


def _text(value: Any, where: str) -> Text:
    if not (isinstance(value, Mapping) and isinstance(value.get("en"), str)
            and isinstance(value.get("es"), str)):
        raise CardDataError(f"{where}: needs {{en: ..., es: ...}} strings")
    return Text(value["en"], value["es"])


def _strings(value: Any, allowed: Sequence[str], where: str, empty_ok: bool) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardDataError(f"{where}: needs a list of strings")
    bad = [v for v in value if v not in allowed]
    if bad:
        raise CardDataError(f"{where}: unknown value {bad[0]!r} (allowed: {', '.join(allowed)})")
    if not value and not empty_ok:
        raise CardDataError(f"{where}: may not be empty")
    if len(set(value)) != len(value):
        raise CardDataError(f"{where}: repeated value")
    return tuple(value)


def _choice(value: Any, allowed: Sequence[str], where: str) -> str:
    if value not in allowed:
        raise CardDataError(f"{where}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CardDataError(f"{where}: needs a whole number {low}..{high}")
    return value


def _copies(value: Any, school: Any, where: str) -> tuple[tuple[str, int], ...]:
    """`copies`: {school deck: n} (a card printed in several decks is one record), or a bare
    number of copies in the card's own school. `school` must be the first deck of the map."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = {school: value}
    if not isinstance(value, Mapping) or not value:
        raise CardDataError(f"{where}: needs a mapping {{school: copies}} or a number")
    for deck, n in value.items():
        _choice(deck, SCHOOLS, f"{where}.{deck}")
        _integer(n, f"{where}.{deck}", 1, 24)
    ordered = tuple((deck, int(value[deck])) for deck in SCHOOLS if deck in value)
    if ordered[0][0] != school:
        raise CardDataError(f"{where}: the card's school must be its first deck "
                            f"({ordered[0][0]!r}, not {school!r})")
    return ordered


def parse_card(record: Any, index: int) -> Card:
    """One record checked against the schema; CardDataError names the record and field."""
    if not isinstance(record, Mapping):
        raise CardDataError(f"card #{index}: a record is a mapping")
    key = record.get("key")
    where = f"card {key!r}" if isinstance(key, str) else f"card #{index}"
    missing = [f for f in _REQUIRED if f not in record]
    if missing:
        raise CardDataError(f"{where}: missing field {missing[0]!r}")
    unknown = sorted(set(record) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise CardDataError(f"{where}: unknown field {unknown[0]!r}")
    if not (isinstance(key, str) and key and key == key.lower() and " " not in key):
        raise CardDataError(f"{where}: key must be kebab-case")
    notes = record.get("notes", "")
    if not isinstance(notes, str):
        raise CardDataError(f"{where}.notes: needs a string")
    effect = record["effect"]
    if not isinstance(effect, str) or not effect:
        raise CardDataError(f"{where}.effect: needs a script key")
    return Card(
        key=key, name=_text(record["name"], f"{where}.name"),
        school=_choice(record["school"], SCHOOLS, f"{where}.school"),
        copies=_copies(record["copies"], record["school"], f"{where}.copies"),
        types=_strings(record["types"], TYPES, f"{where}.types", empty_ok=False),
        range=_choice(record["range"], RANGES, f"{where}.range"),
        targets=_strings(record["targets"], TARGETS, f"{where}.targets", empty_ok=True),
        energy=_integer(record["energy"], f"{where}.energy", 0, 20),
        duration=_choice(record["duration"], DURATIONS, f"{where}.duration"),
        tags=frozenset(_strings(record["tags"], TAGS, f"{where}.tags", empty_ok=True)),
        effect=effect, summary=_text(record["summary"], f"{where}.summary"), notes=notes)


def parse_cards(records: Any) -> dict[str, Card]:
    """Every record checked; keys must be unique."""
    if not isinstance(records, list) or not records:
        raise CardDataError("cards.yaml holds a non-empty list of card records")
    cards: dict[str, Card] = {}
    for index, record in enumerate(records):
        card = parse_card(record, index)
        if card.key in cards:
            raise CardDataError(f"card {card.key!r}: key given twice")
        cards[card.key] = card
    return cards


def load_cards(path: Path | None = None) -> dict[str, Card]:
    """The shipped cards (`DATA`, read once per path). Treat the mapping as read-only."""
    return _load(path or DATA)


@cache
def _load(path: Path) -> dict[str, Card]:
    with path.open(encoding="utf-8") as handle:
        return parse_cards(yaml.safe_load(handle))


def copies_in(card: Card, school: str) -> int:
    """How many copies of `card` the deck of `school` holds."""
    return next((n for deck, n in card.copies if deck == school), 0)


def deck_keys(cards: Mapping[str, Card], schools: Iterable[str]) -> list[str]:
    """The deck of the cantrip school plus `schools`: one key per physical card (WW-2.7, A25)."""
    keys: list[str] = []
    for school in ("cantrip", *schools):
        for card in cards.values():
            keys.extend([card.key] * copies_in(card, school))
    return keys
