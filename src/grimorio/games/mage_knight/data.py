"""Static data of mage-knight: factions, ranks, abilities, figures with their dials, armies.

Everything here is immutable and shared by every game. The files are the YAML documents of the
package's ``data/`` folder (``figures.yaml``, ``abilities.yaml``, ``armies.yaml``); their format
is described in ``docs/games/mage-knight-data.md``. `library()` reads and checks them once. Any
mistake raises `DataError` naming the file, the entry and the field, and nothing is loaded.

The rules behind the checks: a dial is its live clicks followed by the skulls (MK-1.5, MK-X3);
each ability square is identified by the value it sits on and its colour (MK-1.7, MK-X2); the
starting click carries the green square (MK-1.4); armies follow the build rules (MK-2.1 to
MK-2.4) and a declared faction (MK-13.2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from grimorio.core import datafile
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text

DATA_DIR = Path(__file__).resolve().parent / "data"

STATS: tuple[str, ...] = ("speed", "attack", "defense", "damage")
"""The four dial values, in the order a click lists them."""

COLOURS: tuple[str, ...] = ("green", "yellow", "orange", "red", "blue", "grey", "black")
"""The seven colours of ability squares (MK-X2)."""

VALUE_LIMITS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "speed": (0, 20), "attack": (0, 20), "defense": (0, 25), "damage": (0, 10)})
"""Sanity bounds for dial values; anything outside is a data error, not a figure."""

KO = "KO"
"""The marker that ends every dial: the click showing three skulls (MK-1.5)."""

CHECKS = ("full", "partial", "none")
BASE_TYPES = ("infantry",)
SOURCES = ("seed", "grimorio")
MIXED = "mixed"
RISES_WHOLE_WORDS = ("Zombie", "Skeleton")
_KEY = re.compile(r"[a-z][a-z0-9_]*")
_ARMY_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_RULE = re.compile(r"MK-\d+\.\d+")


class DataError(ScenarioError):
    """A data file of mage-knight is malformed; the message names file, entry and field."""


# ------------------------------------------------------------------------------ field reader

class _Fields(datafile.Fields):
    """The core field reader raising `DataError`, with mage-knight's readers; a text of only
    spaces counts as empty."""

    __slots__ = ()

    strip_text = True

    def __init__(self, data: Any, where: str, error: type[ScenarioError] = DataError) -> None:
        super().__init__(data, where, error)

    def key(self, key: str = "key", pattern: re.Pattern[str] = _KEY) -> str:
        value: str = self.text(key)
        if not pattern.fullmatch(value):
            raise self.fail(key, f"must match {pattern.pattern}, not {value!r}")
        return value

    def bilingual(self, key: str) -> Text:
        """A mapping {en, es}, both non-empty."""
        inner = _Fields(self.raw(key), f"{self.where}: {key}")
        text = Text(inner.text("en"), inner.text("es"))
        inner.done()
        return text

    def items(self, key: str) -> list[Any]:
        value = self.raw(key)
        if not isinstance(value, list) or not value:
            raise self.fail(key, "must be a non-empty list")
        return value


# ------------------------------------------------------------------------------ definitions

@dataclass(frozen=True, slots=True)
class Faction:
    """One of the eight factions (MK-1.1, Table 7). `symbol` False: no formations (MK-13.2)."""

    key: str
    name: Text
    symbol: bool


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank and its stars on the base; 0 stars is unique (MK-2.4)."""

    key: str
    stars: int
    name: Text


@dataclass(frozen=True, slots=True)
class Ability:
    """A special ability and its square: the dial value it sits on and its colour (MK-X2)."""

    key: str
    stat: str
    colour: str
    name: Text
    optional: bool
    rule: str
    rebellion: bool
    summary: Text
    marker: bool = False


@dataclass(frozen=True, slots=True)
class UnsupportedSymbol:
    """A dial symbol of a later set that this game does not implement (MK-X7)."""

    name: str
    stat: str
    colour: str
    symbol: str


@dataclass(frozen=True, slots=True)
class Click:
    """One live position of a dial: the four values and the colours of their squares."""

    speed: int
    attack: int
    defense: int
    damage: int
    colours: tuple[tuple[str, str], ...] = ()

    def value(self, stat: str) -> int:
        """The value of `stat` (speed, attack, defense or damage)."""
        return {"speed": self.speed, "attack": self.attack, "defense": self.defense,
                "damage": self.damage}[stat]

    def colour(self, stat: str) -> str | None:
        """The colour of the square on `stat`, or None when that value shows no ability."""
        return dict(self.colours).get(stat)

    @property
    def values(self) -> tuple[int, int, int, int]:
        return (self.speed, self.attack, self.defense, self.damage)


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure of the army pool, identified by its collector's number (MK-X1)."""

    number: int
    name: str
    name_es: str | None
    rank: str
    stars: int
    faction: str
    points: int
    range: int
    targets: int
    front_arc: int
    base: str
    rarity: int
    source_id: int
    check: str
    rises_whole: bool
    doubt: str | None
    start: int
    dial: tuple[Click, ...]

    @property
    def unique(self) -> bool:
        """No rank stars: at most one per army (MK-2.4)."""
        return self.stars == 0

    @property
    def live_clicks(self) -> int:
        """Clicks before the skulls; the dial index equal to this is KO (MK-1.5)."""
        return len(self.dial)

    def is_ko(self, index: int) -> bool:
        """Whether dial position `index` shows three skulls."""
        return index >= len(self.dial)

    def click(self, index: int) -> Click:
        """The live click at `index`; IndexError past the skulls or before click 0."""
        if not 0 <= index < len(self.dial):
            raise IndexError(f"figure {self.number} has live clicks 0-{len(self.dial) - 1}, "
                             f"not {index}")
        return self.dial[index]

    def display_name(self) -> Text:
        """Name with its rank, e.g. 'Altem Guardsman (tough)' / 'Guardia Altemo (duro)'."""
        rank_es = {"weak": "débil", "standard": "normal", "tough": "duro", "unique": "único"}
        return Text(f"{self.name} ({self.rank})",
                    f"{self.name_es or self.name} ({rank_es.get(self.rank, self.rank)})")


@dataclass(frozen=True, slots=True)
class Army:
    """A ready-made army: a build total and the collector's numbers of its figures."""

    id: str
    name: Text
    build_total: int
    faction: str
    source: str
    points: int
    figures: tuple[int, ...]

    @property
    def actions_per_turn(self) -> int:
        """One action per 100 points of build total (MK-4.2)."""
        return self.build_total // 100


@dataclass(frozen=True, slots=True)
class ArmyProblem:
    """One broken build rule, with the rule id and the reason in both languages."""

    rule: str
    text: Text

    def __str__(self) -> str:
        return f"{self.text.en} ({self.rule})"


@dataclass(frozen=True)
class Library:
    """All the static data of the game, read once by `library()`."""

    factions: Mapping[str, Faction]
    ranks: Mapping[str, Rank]
    abilities: Mapping[str, Ability]
    by_square: Mapping[tuple[str, str], Ability]
    unsupported: tuple[UnsupportedSymbol, ...]
    figures: Mapping[int, Figure]
    armies: Mapping[str, Army]

    def ability_at(self, stat: str, colour: str) -> Ability:
        """The ability of a square; KeyError if the pair means nothing (MK-X2)."""
        return self.by_square[(stat, colour)]

    def abilities_on(self, figure: Figure, index: int) -> tuple[Ability, ...]:
        """The abilities a figure has on live click `index`, in value order (MK-1.7).

        The Starting Position marker is not an ability and is never returned.
        """
        click = figure.click(index)
        return tuple(self.by_square[(stat, colour)] for stat, colour in click.colours)

    def figure(self, number: int) -> Figure:
        """The figure with this collector's number; KeyError if there is none."""
        return self.figures[number]

    def army_points(self, numbers: Iterable[int]) -> int:
        """The total point value of a list of figures (MK-2.2)."""
        return sum(self.figures[n].points for n in numbers)


# ------------------------------------------------------------------------------ army rules

def army_problems(lib: Library, numbers: Sequence[int], build_total: int,
                  faction: str = MIXED) -> list[ArmyProblem]:
    """Every build rule a list of figures breaks; empty when the army is legal.

    Checks the build total (MK-2.1), the point total (MK-2.2), unique figures (MK-2.3, MK-2.4),
    at least one figure (MK-X13) and, when `faction` is not `mixed`, that every figure belongs
    to it so that any of them may share formations (MK-13.2).
    """
    problems: list[ArmyProblem] = []
    if build_total <= 0 or build_total % 100:
        problems.append(ArmyProblem("MK-2.1", Text(
            f"build total {build_total} is not a positive multiple of 100",
            f"el total de construcción {build_total} no es un múltiplo positivo de 100")))
    if not numbers:
        problems.append(ArmyProblem("MK-X13", Text("the army has no figures",
                                                   "el ejército no tiene figuras")))
    unknown = sorted({n for n in numbers if n not in lib.figures})
    if unknown:
        listed = ", ".join(map(str, unknown))
        problems.append(ArmyProblem("MK-X1", Text(f"no figure has number {listed}",
                                                  f"ninguna figura tiene el número {listed}")))
        return problems
    total = lib.army_points(numbers)
    if total > build_total:
        problems.append(ArmyProblem("MK-2.2", Text(
            f"{total} points exceed the build total of {build_total}",
            f"{total} puntos superan el total de construcción de {build_total}")))
    problems.extend(_unique_problems(lib, numbers))
    if faction != MIXED:
        problems.extend(_faction_problems(lib, numbers, faction))
    return problems


def _unique_problems(lib: Library, numbers: Sequence[int]) -> list[ArmyProblem]:
    out = []
    for number in sorted(set(numbers)):
        figure = lib.figures[number]
        copies = numbers.count(number)
        if figure.unique and copies > 1:
            out.append(ArmyProblem("MK-2.4", Text(
                f"unique figure {number} ({figure.name}) appears {copies} times",
                f"la figura única {number} ({figure.name_es or figure.name}) aparece "
                f"{copies} veces")))
    return out


def _faction_problems(lib: Library, numbers: Sequence[int], faction: str) -> list[ArmyProblem]:
    if faction not in lib.factions:
        return [ArmyProblem("MK-1.1", Text(f"unknown faction {faction!r}",
                                           f"facción desconocida {faction!r}"))]
    if not lib.factions[faction].symbol:
        return [ArmyProblem("MK-13.2", Text(
            f"{faction} has no faction symbol: declare the army as mixed",
            f"{faction} no tiene símbolo de facción: declara el ejército como mixto"))]
    strays = sorted({n for n in numbers if lib.figures[n].faction != faction})
    return [ArmyProblem("MK-13.2", Text(
        f"figure {n} ({lib.figures[n].name}) is not of faction {faction}",
        f"la figura {n} ({lib.figures[n].name_es or lib.figures[n].name}) no es de la "
        f"facción {faction}")) for n in strays]


# ------------------------------------------------------------------------------ readers

def _read_yaml(path: Path) -> dict[str, Any]:
    document = datafile.read_yaml(path, DataError)
    if not isinstance(document, dict):
        raise DataError(f"{path.name}: expected a mapping at the top level")
    return document


def _unique_keys(entries: Iterable[tuple[str, Any]], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in entries:
        if key in out:
            raise DataError(f"{where}: key {key!r} appears twice")
        out[key] = value
    return out


def _read_abilities(document: dict[str, Any]) -> tuple[dict[str, Ability],
                                                       tuple[UnsupportedSymbol, ...]]:
    top = _Fields(document, "abilities.yaml")
    colours = top.raw("colours")
    if colours != list(COLOURS):
        raise top.fail("colours", f"must list exactly {', '.join(COLOURS)}")
    abilities = _unique_keys(
        ((a.key, a) for a in (_read_ability(raw, i) for i, raw in
                              enumerate(top.items("abilities")))), "abilities.yaml")
    unsupported = tuple(_read_unsupported(raw, i)
                        for i, raw in enumerate(top.raw("not_in_spec", [])))
    top.done()
    return abilities, unsupported


def _read_ability(raw: Any, index: int) -> Ability:
    where = f"abilities.yaml: ability {index + 1}"
    if isinstance(raw, dict) and isinstance(raw.get("key"), str):
        where += f" ({raw['key']})"
    f = _Fields(raw, where)
    ability = Ability(
        key=f.key(), stat=f.text("stat", choices=STATS), colour=f.text("colour", choices=COLOURS),
        name=f.bilingual("name"), optional=f.flag("optional"), rule=f.text("rule"),
        rebellion=f.flag("rebellion"), summary=f.bilingual("summary"),
        marker=f.flag("marker", False))
    if not _RULE.fullmatch(ability.rule):
        raise f.fail("rule", f"must be a rule id like MK-17.1, not {ability.rule!r}")
    f.done()
    return ability


def _read_unsupported(raw: Any, index: int) -> UnsupportedSymbol:
    f = _Fields(raw, f"abilities.yaml: not_in_spec {index + 1}")
    item = UnsupportedSymbol(f.text("name"), f.text("stat", choices=STATS),
                             f.text("colour", choices=COLOURS),
                             f.text("symbol", choices=("circle",)))
    f.done()
    return item


def _squares(abilities: Mapping[str, Ability]) -> dict[tuple[str, str], Ability]:
    """(value, colour) -> ability; every pair of the 4 x 7 table exactly once (MK-X2)."""
    squares: dict[tuple[str, str], Ability] = {}
    for ability in abilities.values():
        pair = (ability.stat, ability.colour)
        if pair in squares:
            raise DataError(f"abilities.yaml: {ability.key} and {squares[pair].key} share the "
                            f"{ability.colour} square on {ability.stat}")
        squares[pair] = ability
    missing = [f"{s} {c}" for s in STATS for c in COLOURS if (s, c) not in squares]
    if missing:
        raise DataError(f"abilities.yaml: no ability for the squares {', '.join(missing)}")
    return squares


def _read_named(top: _Fields, key: str) -> list[_Fields]:
    return [_Fields(raw, f"figures.yaml: {key} {i + 1}") for i, raw in
            enumerate(top.items(key))]


def _read_factions(top: _Fields) -> dict[str, Faction]:
    out = []
    for f in _read_named(top, "factions"):
        out.append(Faction(f.key(), Text(f.text("en"), f.text("es")), f.flag("symbol")))
        f.done()
    return _unique_keys(((x.key, x) for x in out), "figures.yaml: factions")


def _read_ranks(top: _Fields) -> dict[str, Rank]:
    out = []
    for f in _read_named(top, "ranks"):
        out.append(Rank(f.key(), f.integer("stars", low=0, high=3),
                        Text(f.text("en"), f.text("es"))))
        f.done()
    ranks = _unique_keys(((x.key, x) for x in out), "figures.yaml: ranks")
    if sum(1 for r in ranks.values() if r.stars == 0) != 1:
        raise DataError("figures.yaml: ranks: exactly one rank must have 0 stars (unique)")
    return ranks


def _read_spanish(top: _Fields) -> dict[str, str]:
    out = []
    for f in _read_named(top, "spanish_names"):
        out.append((f.text("name"), f.text("es")))
        f.text("evidence", choices=("seed", "numbers"))
        f.done()
    return _unique_keys(out, "figures.yaml: spanish_names")


class _FigureReader:
    """Reads the figures of figures.yaml against the factions, ranks and squares."""

    def __init__(self, factions: Mapping[str, Faction], ranks: Mapping[str, Rank],
                 squares: Mapping[tuple[str, str], Ability], spanish: Mapping[str, str]
                 ) -> None:
        self.factions = factions
        self.ranks = ranks
        self.squares = squares
        self.spanish = spanish

    def figure(self, raw: Any, index: int) -> Figure:
        where = f"figures.yaml: figure entry {index + 1}"
        if isinstance(raw, dict) and "number" in raw:
            where = f"figures.yaml: figure {raw.get('number')} ({raw.get('name', '?')})"
        f = _Fields(raw, where)
        name = f.text("name")
        rank = f.text("rank", choices=tuple(self.ranks))
        figure = Figure(
            number=f.integer("number", low=1, high=9999), name=name, name_es=self.spanish.get(name),
            rank=rank, stars=self.ranks[rank].stars,
            faction=f.text("faction", choices=tuple(self.factions)),
            points=f.integer("points", low=1, high=1000), range=f.integer("range", low=0, high=30),
            targets=f.integer("targets", low=1, high=3),
            front_arc=f.integer("front_arc", low=1, high=360),
            base=f.text("base", choices=BASE_TYPES), rarity=f.integer("rarity", low=1, high=10),
            source_id=f.integer("source_id", low=0, high=10**9),
            check=f.text("check", choices=CHECKS),
            rises_whole=f.flag("rises_whole", False), doubt=f.optional_text("doubt"),
            start=f.integer("start", low=0, high=30), dial=self.dial(f))
        self.check(figure, f)
        f.done()
        return figure

    def dial(self, f: _Fields) -> tuple[Click, ...]:
        entries = f.items("dial")
        if entries[-1] != KO:
            raise f.fail("dial", f"must end with {KO} (the skulls, MK-1.5)")
        clicks = tuple(self.click(entry, f, i) for i, entry in enumerate(entries[:-1]))
        if not clicks:
            raise f.fail("dial", "needs at least one live click before KO")
        return clicks

    def click(self, entry: Any, f: _Fields, index: int) -> Click:
        where = f"click {index}"
        if entry == KO:
            raise f.fail("dial", f"{where}: {KO} may only be the last entry")
        if not isinstance(entry, list) or len(entry) not in (4, 5):
            raise f.fail("dial", f"{where}: must be [speed, attack, defense, damage] with an "
                         f"optional mapping of colours, not {entry!r}")
        for stat, value in zip(STATS, entry[:4], strict=True):
            low, high = VALUE_LIMITS[stat]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise f.fail("dial", f"{where}: {stat} must be a whole number from {low} to "
                             f"{high}, not {value!r}")
        colours = self.colours(entry[4] if len(entry) == 5 else {}, f, where)
        return Click(entry[0], entry[1], entry[2], entry[3], colours)

    def colours(self, raw: Any, f: _Fields, where: str) -> tuple[tuple[str, str], ...]:
        if not isinstance(raw, dict):
            raise f.fail("dial", f"{where}: colours must be a mapping value -> colour")
        for stat, colour in raw.items():
            if stat not in STATS or colour not in COLOURS:
                raise f.fail("dial", f"{where}: {stat!r}: {colour!r} is not a value and one of "
                             f"the colours {', '.join(COLOURS)}")
            ability = self.squares[(stat, colour)]
            if ability.marker:
                raise f.fail("dial", f"{where}: the {colour} {stat} square is the "
                             f"{ability.name.en} marker, given by 'start' (MK-1.4)")
        return tuple((stat, raw[stat]) for stat in STATS if stat in raw)

    def check(self, figure: Figure, f: _Fields) -> None:
        if figure.start >= figure.live_clicks:
            raise f.fail("start", f"is click {figure.start} but the dial has only "
                         f"{figure.live_clicks} live clicks (MK-1.4)")
        if figure.targets > 1 and figure.range == 0:
            raise f.fail("targets", "above 1 needs a range above 0 (MK-8.8)")
        named = any(word in figure.name for word in RISES_WHOLE_WORDS)
        if figure.rises_whole != named:
            raise f.fail("rises_whole", f"must be {str(named).lower()}: it is set exactly for "
                         "names with Zombie or Skeleton (MK-18.7)")


def _read_figures(document: dict[str, Any], squares: Mapping[tuple[str, str], Ability]
                  ) -> tuple[dict[str, Faction], dict[str, Rank], dict[int, Figure]]:
    top = _Fields(document, "figures.yaml")
    top.text("set", choices=("rebellion",))
    count = top.integer("figure_count", low=1, high=10000)
    top.raw("sources")
    factions, ranks = _read_factions(top), _read_ranks(top)
    spanish = _read_spanish(top)
    reader = _FigureReader(factions, ranks, squares, spanish)
    figures: dict[int, Figure] = {}
    for index, raw in enumerate(top.items("figures")):
        figure = reader.figure(raw, index)
        if figure.number in figures:
            raise DataError(f"figures.yaml: figure number {figure.number} appears twice")
        figures[figure.number] = figure
    top.done()
    if sorted(figures) != list(range(1, count + 1)):
        raise DataError(f"figures.yaml: the figures must be numbered 1 to {count} "
                        f"(figure_count), each once; found {len(figures)}")
    stray = sorted(set(spanish) - {fig.name for fig in figures.values()})
    if stray:
        raise DataError(f"figures.yaml: spanish_names: no figure is called {stray[0]!r}")
    return factions, ranks, figures


def _read_armies(document: dict[str, Any], lib: Library) -> dict[str, Army]:
    top = _Fields(document, "armies.yaml")
    armies = [_read_army(raw, i, lib) for i, raw in enumerate(top.items("armies"))]
    top.done()
    return _unique_keys(((a.id, a) for a in armies), "armies.yaml")


def _read_army(raw: Any, index: int, lib: Library) -> Army:
    where = f"armies.yaml: army {index + 1}"
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        where = f"armies.yaml: army {raw['id']}"
    f = _Fields(raw, where)
    numbers = f.items("figures")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise f.fail("figures", "must be a list of collector's numbers")
    army = Army(id=f.key("id", _ARMY_ID), name=f.bilingual("name"),
                build_total=f.integer("build_total", low=1, high=100000),
                faction=f.text("faction", choices=(MIXED, *lib.factions)),
                source=f.text("source", choices=SOURCES),
                points=f.integer("points", low=0, high=100000),
                figures=tuple(numbers))
    f.done()
    problems = army_problems(lib, army.figures, army.build_total, army.faction)
    if problems:
        raise DataError(f"{where}: {problems[0]}")
    total = lib.army_points(army.figures)
    if total != army.points:
        raise f.fail("points", f"says {army.points} but the figures add up to {total}")
    return army


# ------------------------------------------------------------------------------ entry points

def load(directory: Path = DATA_DIR) -> Library:
    """Read and check the three data files of `directory`; DataError on the first mistake."""
    abilities, unsupported = _read_abilities(_read_yaml(directory / "abilities.yaml"))
    squares = _squares(abilities)
    factions, ranks, figures = _read_figures(_read_yaml(directory / "figures.yaml"), squares)
    lib = Library(factions=MappingProxyType(factions), ranks=MappingProxyType(ranks),
                  abilities=MappingProxyType(abilities), by_square=MappingProxyType(squares),
                  unsupported=unsupported, figures=MappingProxyType(figures),
                  armies=MappingProxyType({}))
    armies = _read_armies(_read_yaml(directory / "armies.yaml"), lib)
    return Library(factions=lib.factions, ranks=lib.ranks, abilities=lib.abilities,
                   by_square=lib.by_square, unsupported=unsupported, figures=lib.figures,
                   armies=MappingProxyType(armies))


@functools.cache
def library() -> Library:
    """The shipped data, read once per process."""
    return load()
