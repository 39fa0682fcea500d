"""warcraft's data files: read, checked and turned into frozen values.

`library()` reads everything under `data/` once: the generic board (`board.yaml`), the races and
their unit cards (`races.yaml`), the experience decks (`experience.yaml`), the component limits
(`components.yaml`), the rule numbers (`constants.yaml`) and the scenarios (`scenarios/*.yaml`).
Every file is checked when it loads. A mistake raises `ScenarioError` naming the file, the entry
and the field, for example ``races.yaml.races[1] (orc).units.melee.levels[3].strength: field
'value' must be between 1 and 6, not 7``. Unknown fields are refused, so typos do not pass.

Numbers carry their origin (`Sourced`): the rule id of docs/rules/warcraft.md that gives them, or
a stand-in flag for values grimorio chose because the seed does not print them.

The loader checks structure and references (types, ranges, ids, symmetric adjacency, the grid,
deck sizes, stacking and component limits of each setup). The design constraints of the boards
(connected, fair, resources near each Town Hall) are checked by tests/warcraft/test_data.py.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from grimorio.core import datafile
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text

DATA_DIR = Path(__file__).resolve().parent / "data"

RACES = ("human", "orc", "undead", "night_elf")
UNIT_TYPES = ("melee", "ranged", "flying")
ZONE_TYPES = ("town_hall", "forest", "gold_mine", "mountain", "objective", "empty")
RESOURCE_ZONE_TYPES = ("gold_mine", "forest")
ABILITIES = ("none", "area_attack", "heal", "poison", "bloodlust", "raise_dead")
BUILDING_KINDS = ("melee", "ranged", "flying")
PHASES = ("movement", "harvest", "deployment", "spending")
GRID_KINDS = ("square", "hex")
TURNED_TYPES = ("empty", "forest", "gold_mine", "mountain")
TYPE_LETTERS = {"town_hall": "T", "forest": "F", "gold_mine": "G", "mountain": "M",
                "objective": "O", "empty": "E"}
TOWN_HALL_VP = 3
MAX_PIECES = 13
NO_ZONE = ".."

TIMINGS = (
    "own_movement_start", "opponent_movement_start", "enemy_enters_workers_zone",
    "movement_end_before_combat", "own_harvest_start", "own_spending_start",
    "own_building_purchase", "combat_round_start", "combat_melee_step_start",
    "combat_before_own_roll", "combat_after_own_roll", "combat_after_opponent_roll",
    "combat_before_casualties", "combat_before_inflicted_casualty_removed",
    "combat_after_enemy_casualty", "combat_after_card_played", "any_time",
)
DURATIONS = ("instant", "step", "round", "combat", "movement_phase", "turn", "permanent")
CARD_TARGETS = ("any_player", "enemy_unit", "forest_zone", "opponent", "own_zone", "enemy_zone")
RESOURCES = ("gold", "wood")

# Each verb of the card vocabulary and the parameters it takes (all required).
VERBS: dict[str, tuple[str, ...]] = {
    "workers_fight_as_melee": ("duration",),
    "cancel_card": (),
    "reduce_casualties": ("amount", "target", "duration"),
    "prevent_attack": ("target", "duration"),
    "modify_attack_rolls": ("amount", "duration"),
    "choose_inflicted_casualty": ("amount",),
    "extra_dice_per_hit": ("amount", "duration"),
    "remove_depletion": ("target",),
    "devour": ("target", "unit_types", "duration"),
    "flyers_melee_casualties": ("target", "duration"),
    "reroll_misses": ("amount", "duration"),
    "steal_training_cost": ("target",),
    "modify_movement": ("amount", "target", "duration"),
    "prevent_casualties_roll": ("threshold", "duration"),
    "build_without_worker": (),
    "gain_resources": ("amount", "choice"),
    "town_portal": (),
    "victory_point": ("amount",),
}
OPTIONAL_VERB_PARAMS: dict[str, tuple[str, ...]] = {"modify_movement": ("minimum", "maximum")}

# Scenario special rules and victory conditions: kind -> required fields (besides `rule`).
RULE_KINDS: dict[str, tuple[str, ...]] = {
    "never_deplete": ("zones",),
    "necromancers": ("race", "moves", "worker_restriction", "may_share_zone"),
    "tokens_destroyed_by": ("race", "at"),
    "no_train_or_build": ("races",),
    "walls_block": ("unit_types",),
    "carry_prisoner": (),
    "skip_phases": ("races", "phases"),
    "respawn": ("races",),
    "end_of_turn_draw": ("race", "amount"),
    "outposts_are_town_halls": ("races",),
    "empty_zones_impassable": (),
    "free_passage": ("zone", "races"),
}
VICTORY_KINDS: dict[str, tuple[str, ...]] = {
    "vp": ("points",),
    "last_standing": (),
    "hold_zone": ("zone", "max_adjacent_enemy_units", "counts_neutrals", "at"),
    "eliminate": ("target",),
    "kill_necromancers": (),
    "destroy_tokens": ("zones",),
    "rescue": (),
    "destroy_outpost": ("race",),
    "unit_in_zone": ("zone", "at"),
    "deck_exhausted": ("race",),
}
OPTIONAL_VICTORY_FIELDS = ("team",)
MOMENTS = ("end_of_own_turn", "end_of_movement_phase")
TOKEN_KINDS = ("special", "prisoner", "nordrassil")
TOKEN_ABILITIES = ("spawn", "free_upgrade")
NEUTRAL_CHOOSERS = ("left_neighbour",)
COMBAT_SIDES = ("attacker", "defender")
NEUTRAL_FATES = ("removed_from_game",)
DEPLETION_STATES = ("partial", "complete")

_RULE_ID = re.compile(r"^WC-(?:\d+\.\d+|A\d+|X\d+)$")
_MISSING = datafile.MISSING

T = TypeVar("T")


# ------------------------------------------------------------------------------ field reader

class Fields(datafile.Fields):
    """The core field reader with warcraft's readers: bounded integers, rule ids, sub-entries."""

    __slots__ = ()

    def integer(self, key: str, default: Any = _MISSING, low: int | None = 0,
                high: int | None = 99, nullable: bool = False) -> int:
        value: int = super().integer(key, default, low, high, nullable)
        return value

    def optional_text(self, key: str, choices: Iterable[str] | None = None) -> str | None:
        value = self.raw(key, None)
        return None if value is None else check_text(value, choices, self, key)

    def texts(self, key: str, default: Any = _MISSING, choices: Iterable[str] | None = None
              ) -> tuple[str, ...]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {value!r}")
        return tuple(check_text(v, choices, self, key) for v in value)

    def rule(self, key: str = "rule") -> str:
        value: str = self.text(key)
        if not _RULE_ID.match(value):
            raise self.fail(key, f"must be a rule id such as WC-10.5, WC-A3 or WC-X1, not "
                                 f"{value!r}")
        return value

    def name(self) -> Text:
        return Text(self.text("name_en"), self.text("name_es"))

    def sub(self, key: str, default: Any = _MISSING) -> Fields:
        return Fields(self.raw(key, default), f"{self.where}.{key}")

    def items(self, key: str, default: Any = _MISSING) -> list[Fields]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {type(value).__name__}")
        return [Fields(v, f"{self.where}.{key}[{i}]") for i, v in enumerate(value)]


def check_int(value: Any, low: int, high: int, fields: Fields, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise fields.fail(key, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise fields.fail(key, f"must be between {low} and {high}, not {value}")
    return value


def check_text(value: Any, choices: Iterable[str] | None, fields: Fields, key: str) -> str:
    if not isinstance(value, str) or not value:
        raise fields.fail(key, f"must be a non-empty text, not {value!r}")
    if choices is not None and value not in tuple(choices):
        raise fields.fail(key, f"must be one of {', '.join(choices)}, not {value!r}")
    return value


# ------------------------------------------------------------------------------ sourced values

@dataclass(frozen=True, slots=True)
class Sourced(Generic[T]):
    """A value with its origin: the rule id that gives it, or None for a grimorio stand-in."""

    value: T
    source: str | None
    note: str = ""

    @property
    def stand_in(self) -> bool:
        return self.source is None


@dataclass(frozen=True, slots=True)
class Cost:
    """Gold and wood paid to the bank (WC-10.2)."""

    gold: int
    wood: int


def read_sourced(fields: Fields, key: str, parse: Callable[[Any, Fields, str], T]) -> Sourced[T]:
    """`{value: ..., source: WC-n.m}` or `{value: ..., stand_in: true}`, with an optional note."""
    inner = fields.sub(key)
    value = parse(inner.raw("value"), inner, "value")
    stand_in = inner.flag("stand_in", False)
    source = inner.rule("source") if inner.has("source") else None
    note = inner.text("note", "") if inner.has("note") else ""
    inner.done()
    if stand_in == (source is not None):
        raise fields.fail(key, "needs either a rule id in 'source' or 'stand_in: true'")
    return Sourced(value, source, note)


def int_parser(low: int, high: int) -> Callable[[Any, Fields, str], int]:
    def parse(raw: Any, fields: Fields, key: str) -> int:
        return check_int(raw, low, high, fields, key)
    return parse


def parse_cost(raw: Any, fields: Fields, key: str) -> Cost:
    inner = Fields(raw, f"{fields.where}.{key}")
    cost = Cost(inner.integer("gold", high=20), inner.integer("wood", high=20))
    inner.done()
    return cost


def count_map_parser(keys: tuple[str, ...], high: int) -> Callable[[Any, Fields, str],
                                                                     dict[str, int]]:
    def parse(raw: Any, fields: Fields, key: str) -> dict[str, int]:
        inner = Fields(raw, f"{fields.where}.{key}")
        counts = {k: inner.integer(k, low=1, high=high) for k in keys if inner.has(k)}
        inner.done()
        if not counts:
            raise fields.fail(key, f"must name at least one of {', '.join(keys)}")
        return counts
    return parse


def parse_faces(raw: Any, fields: Fields, key: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise fields.fail(key, f"must be a non-empty list of numbers, not {raw!r}")
    return tuple(check_int(v, 1, 20, fields, key) for v in raw)


# ------------------------------------------------------------------------------ boards

@dataclass(frozen=True, slots=True)
class Zone:
    """A space of the board (WC-2.4): its type, value, board piece and neighbours."""

    id: str
    glyph: str
    type: str
    vp: int
    piece: int
    label: str | None
    adjacent: frozenset[str]

    @property
    def is_resource(self) -> bool:
        return self.type in RESOURCE_ZONE_TYPES


@dataclass(frozen=True)
class Board:
    """Zones, adjacency, the cell grid they are drawn on, and walls (WC-2.3, WC-18.3)."""

    id: str
    name: Text
    grid_kind: str
    rows: tuple[tuple[str, ...], ...]
    zones: Mapping[str, Zone]
    walls: frozenset[frozenset[str]] = frozenset()

    def zone(self, zone_id: str) -> Zone:
        return self.zones[zone_id]

    def of_type(self, zone_type: str) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones.values() if z.type == zone_type)

    def labelled(self, label: str) -> Zone:
        """The zone a scenario calls A, B, ... (sections 16 to 19)."""
        return next(z for z in self.zones.values() if z.label == label)

    def pieces(self) -> dict[int, tuple[str, ...]]:
        """Board piece number -> the zones printed on it."""
        out: dict[int, list[str]] = {}
        for zone in self.zones.values():
            out.setdefault(zone.piece, []).append(zone.id)
        return {piece: tuple(ids) for piece, ids in sorted(out.items())}

    def cells(self) -> dict[str, list[tuple[int, int]]]:
        """Zone id -> its (row, column) cells in the grid."""
        by_glyph = {z.glyph: z.id for z in self.zones.values()}
        out: dict[str, list[tuple[int, int]]] = {}
        for r, row in enumerate(self.rows):
            for c, glyph in enumerate(row):
                if glyph != NO_ZONE:
                    out.setdefault(by_glyph[glyph], []).append((r, c))
        return out

    def walled(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.walls

    def distances(self, start: str, enter: Callable[[Zone], bool] | None = None,
                  walls: bool = False) -> dict[str, int]:
        """Steps from `start` to every zone reachable through zones `enter` accepts; with
        `walls`, no step crosses a wall."""
        found = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.zones[here].adjacent:
                if there in found or (walls and self.walled(here, there)):
                    continue
                if enter is None or enter(self.zones[there]):
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    def turned(self, types: Mapping[str, str]) -> Board:
        """The board with some zones shown on their piece's other side (a new zone type)."""
        zones = {zid: replace(z, type=types.get(zid, z.type),
                              vp=z.vp if zid not in types else 0)
                 for zid, z in self.zones.items()}
        return Board(self.id, self.name, self.grid_kind, self.rows, zones, self.walls)


def grid_adjacency(kind: str, rows: tuple[tuple[str, ...], ...]) -> dict[str, set[str]]:
    """Glyph -> glyphs sharing a cell edge: 4 neighbours on squares, 6 on hexes whose odd rows
    sit half a cell to the right."""
    out: dict[str, set[str]] = {}
    for r, row in enumerate(rows):
        for c, glyph in enumerate(row):
            if glyph == NO_ZONE:
                continue
            out.setdefault(glyph, set())
            for rr, cc in _cell_neighbours(kind, r, c):
                if 0 <= rr < len(rows) and 0 <= cc < len(rows[rr]):
                    other = rows[rr][cc]
                    if other not in (NO_ZONE, glyph):
                        out[glyph].add(other)
    return out


def _cell_neighbours(kind: str, r: int, c: int) -> list[tuple[int, int]]:
    if kind == "square":
        return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    shift = r % 2
    return [(r, c - 1), (r, c + 1), (r - 1, c - 1 + shift), (r - 1, c + shift),
            (r + 1, c - 1 + shift), (r + 1, c + shift)]


def read_zone(fields: Fields) -> tuple[Zone, tuple[str, ...]]:
    zone_id = fields.id()
    fields.where = f"{fields.where} ({zone_id})"
    zone_type = fields.text("type", choices=ZONE_TYPES)
    if (zone_type == "objective") != fields.has("vp"):
        raise fields.fail("vp", "is required on objective zones, worth 1 or 2 (WC-2.8), and "
                                "allowed on no other zone (a Town Hall is always worth 3)")
    vp = fields.integer("vp", low=1, high=2) if zone_type == "objective" else 0
    glyph = fields.text("glyph")
    if len(glyph) != 2 or glyph[0].upper() != TYPE_LETTERS[zone_type] or glyph == NO_ZONE:
        raise fields.fail("glyph", f"must be two characters, the first {TYPE_LETTERS[zone_type]} "
                                   f"or {TYPE_LETTERS[zone_type].lower()} for a {zone_type} "
                                   f"zone, not {glyph!r}")
    zone = Zone(id=zone_id, glyph=glyph, type=zone_type,
                vp=TOWN_HALL_VP if zone_type == "town_hall" else vp,
                piece=fields.integer("piece", low=1, high=MAX_PIECES),
                label=fields.optional_text("label"), adjacent=frozenset())
    adjacent = fields.texts("adjacent")
    fields.done()
    return zone, adjacent


def read_board(fields: Fields) -> Board:
    """A board mapping (board.yaml, or `board:` inside a scenario), fully checked."""
    board_id = fields.id()
    name = fields.name()
    grid = fields.sub("grid")
    kind = grid.text("kind", choices=GRID_KINDS)
    rows = tuple(tuple(str(row).split()) for row in grid.texts("rows"))
    grid.done()
    zones, adjacency = _read_zones(fields)
    walls = _read_walls(fields, zones)
    fields.done()
    board = Board(board_id, name, kind, rows,
                  {zid: replace(z, adjacent=frozenset(adjacency[zid])) for zid, z in zones.items()},
                  walls)
    _check_board(board, adjacency, fields.where)
    return board


def _read_zones(fields: Fields) -> tuple[dict[str, Zone], dict[str, tuple[str, ...]]]:
    zones: dict[str, Zone] = {}
    adjacency: dict[str, tuple[str, ...]] = {}
    for entry in fields.items("zones"):
        zone, adjacent = read_zone(entry)
        if zone.id in zones:
            raise entry.fail("id", f"repeats the zone {zone.id!r}")
        zones[zone.id] = zone
        adjacency[zone.id] = adjacent
    return zones, adjacency


def _read_walls(fields: Fields, zones: Mapping[str, Zone]) -> frozenset[frozenset[str]]:
    raw = fields.raw("walls", [])
    if not isinstance(raw, list):
        raise fields.fail("walls", "must be a list of zone pairs")
    walls = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in zones for p in pair)):
            raise fields.fail("walls", f"entry {pair!r} must be two zone ids of this board")
        walls.append(frozenset(pair))
    return frozenset(walls)


def _check_board(board: Board, adjacency: Mapping[str, tuple[str, ...]], where: str) -> None:
    _check_adjacency(board, adjacency, where)
    _check_grid(board, where)
    _check_pieces_and_labels(board, where)
    for wall in board.walls:
        a, b = sorted(wall)
        if b not in board.zones[a].adjacent:
            raise ScenarioError(f"{where}: the wall {a}|{b} is not on an edge between two "
                                f"adjacent zones (WC-18.3)")


def _check_adjacency(board: Board, adjacency: Mapping[str, tuple[str, ...]], where: str) -> None:
    for zid, adjacent in adjacency.items():
        if len(set(adjacent)) != len(adjacent):
            raise ScenarioError(f"{where}: zone {zid!r} lists a neighbour twice")
        for other in adjacent:
            if other == zid or other not in board.zones:
                raise ScenarioError(f"{where}: zone {zid!r} lists {other!r}, which is not "
                                    f"another zone of this board")
            if zid not in adjacency[other]:
                raise ScenarioError(f"{where}: adjacency is not symmetric: {zid!r} lists "
                                    f"{other!r} but {other!r} does not list {zid!r}")


def _check_grid(board: Board, where: str) -> None:
    glyphs = {z.glyph: z.id for z in board.zones.values()}
    if len(glyphs) != len(board.zones):
        raise ScenarioError(f"{where}: two zones share a glyph")
    if board.grid_kind == "square" and len({len(r) for r in board.rows}) != 1:
        raise ScenarioError(f"{where}: the rows of a square grid must have the same length")
    seen = {g for row in board.rows for g in row if g != NO_ZONE}
    if seen - set(glyphs):
        raise ScenarioError(f"{where}: the grid shows glyphs of no zone: "
                            f"{sorted(seen - set(glyphs))}")
    if set(glyphs) - seen:
        raise ScenarioError(f"{where}: zones missing from the grid: "
                            f"{sorted(glyphs[g] for g in set(glyphs) - seen)}")
    drawn = grid_adjacency(board.grid_kind, board.rows)
    for glyph, zid in glyphs.items():
        expected = {glyphs[g] for g in drawn[glyph]}
        listed = sorted(board.zones[zid].adjacent)
        if expected != set(listed):
            raise ScenarioError(f"{where}: zone {zid!r}: 'adjacent' {listed} differs from the "
                                f"grid, which gives {sorted(expected)}")


def _check_pieces_and_labels(board: Board, where: str) -> None:
    small = [p for p, zones in board.pieces().items() if len(zones) < 2]
    if small:
        raise ScenarioError(f"{where}: board pieces {small} hold fewer than 2 zones (WC-2.3)")
    labels = [z.label for z in board.zones.values() if z.label is not None]
    if len(labels) != len(set(labels)):
        raise ScenarioError(f"{where}: a scenario label is used twice")


@dataclass(frozen=True, slots=True)
class Layout:
    """Which Town Hall zones a player count uses, in clockwise seat order (WC-3.1), and which
    zones show their piece's other side."""

    id: str
    town_halls: tuple[str, ...]
    turned: Mapping[str, str]


@dataclass(frozen=True)
class BoardFile:
    """board.yaml: the generic board and its layouts for 2 and 4 players."""

    board: Board
    layouts: Mapping[str, Layout]

    def for_layout(self, layout: str) -> Board:
        return self.board.turned(self.layouts[layout].turned)


def read_board_file(raw: Any, where: str) -> BoardFile:
    fields = Fields(raw, where)
    layouts_raw = fields.sub("layouts")
    fields.used.add("layouts")
    rest = {k: v for k, v in fields.data.items() if k != "layouts"}
    board = read_board(Fields(rest, where))
    layouts = {key: _read_layout(layouts_raw.sub(key), key, board) for key in layouts_raw.data}
    layouts_raw.used.update(layouts_raw.data)
    if not layouts:
        raise fields.fail("layouts", "must name at least one layout")
    return BoardFile(board, layouts)


def _read_layout(fields: Fields, key: str, board: Board) -> Layout:
    halls = fields.texts("town_halls", choices=board.zones)
    turned_raw = fields.raw("turned", {})
    fields.done()
    if not isinstance(turned_raw, dict):
        raise fields.fail("turned", "must map zone ids to zone types")
    turned = {str(k): check_text(v, TURNED_TYPES, fields, "turned")
              for k, v in turned_raw.items()}
    for zid in (*halls, *turned):
        if zid not in board.zones:
            raise fields.fail("turned", f"names {zid!r}, which is not a zone")
    if any(board.zones[z].type != "town_hall" for z in halls) or set(halls) & set(turned):
        raise fields.fail("town_halls", "must be Town Hall zones that are not turned")
    orphans = {z.id for z in board.of_type("town_hall")} - set(halls) - set(turned)
    if orphans:
        raise fields.fail("town_halls", f"leave the Town Hall zones {sorted(orphans)} without "
                                        f"a seat; turn them or seat a player there")
    return Layout(key, halls, turned)


# ------------------------------------------------------------------------------ races

@dataclass(frozen=True, slots=True)
class UnitCard:
    """One card of a unit stack (WC-2.13): its level, Strength, ability and what upgrading from
    it needs (building kind -> count), or None on the top card, which shows the VP symbol."""

    level: int
    strength: Sourced[int]
    ability: Sourced[str]
    upgrade: Sourced[dict[str, int] | None]

    @property
    def is_top(self) -> bool:
        return self.upgrade.value is None


@dataclass(frozen=True, slots=True)
class UnitTrack:
    """A race's stack of cards for one unit type, and that type's training cost (WC-2.12)."""

    type: str
    cost: Sourced[Cost]
    top_level: Sourced[int]
    cards: tuple[UnitCard, ...]

    def card(self, level: int) -> UnitCard:
        return self.cards[level - 1]


@dataclass(frozen=True, slots=True)
class Race:
    id: str
    name: Text
    colour: str
    worker_cost: Sourced[Cost]
    units: Mapping[str, UnitTrack]


def parse_upgrade(raw: Any, fields: Fields, key: str) -> dict[str, int] | None:
    if raw == "vp":
        return None
    return count_map_parser(BUILDING_KINDS, 3)(raw, fields, key)


def parse_ability(raw: Any, fields: Fields, key: str) -> str:
    return check_text(raw, ABILITIES, fields, key)


def read_unit_card(fields: Fields, index: int) -> UnitCard:
    card = UnitCard(level=fields.integer("level", low=index + 1, high=index + 1),
                    strength=read_sourced(fields, "strength", int_parser(1, 6)),
                    ability=read_sourced(fields, "ability", parse_ability),
                    upgrade=read_sourced(fields, "upgrade", parse_upgrade))
    fields.done()
    return card


def read_track(fields: Fields, unit_type: str) -> UnitTrack:
    track = UnitTrack(unit_type, read_sourced(fields, "cost", parse_cost),
                      read_sourced(fields, "top_level", int_parser(1, 6)),
                      tuple(read_unit_card(f, i) for i, f in enumerate(fields.items("levels"))))
    fields.done()
    if len(track.cards) != track.top_level.value:
        raise fields.fail("levels", f"holds {len(track.cards)} cards, not top_level "
                                    f"{track.top_level.value}")
    if [c.is_top for c in track.cards] != [False] * (len(track.cards) - 1) + [True]:
        raise fields.fail("levels", "must end with the one card whose upgrade is 'vp' (WC-10.19)")
    return track


def read_race(fields: Fields) -> Race:
    race_id = fields.text("id", choices=RACES)
    fields.where = f"{fields.where} ({race_id})"
    units_fields = fields.sub("units")
    units = {t: read_track(units_fields.sub(t), t) for t in UNIT_TYPES}
    units_fields.done()
    race = Race(race_id, fields.name(), fields.text("colour"),
                read_sourced(fields, "worker_cost", parse_cost), units)
    fields.done()
    return race


def read_races(raw: Any, where: str) -> dict[str, Race]:
    fields = Fields(raw, where)
    races = {}
    for entry in fields.items("races"):
        race = read_race(entry)
        if race.id in races:
            raise entry.fail("id", f"repeats the race {race.id!r}")
        races[race.id] = race
    fields.done()
    if tuple(sorted(races)) != tuple(sorted(RACES)):
        raise fields.fail("races", f"must hold the four races {', '.join(RACES)}")
    return races


# ------------------------------------------------------------------------------ experience

@dataclass(frozen=True, slots=True)
class CardEffect:
    """What a card does, in grimorio's closed vocabulary (see experience.yaml)."""

    verb: str
    amount: int = 0
    target: str | None = None
    duration: str = "instant"
    unit_types: tuple[str, ...] = ()
    threshold: int = 0
    minimum: int | None = None
    maximum: int | None = None
    choice: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """An experience card (section 13): its owner, copies per deck, timing and effect."""

    id: str
    name: Text
    race: str
    rule: str
    copies: Sourced[int]
    timing: str
    in_combat: bool
    effect: CardEffect


@dataclass(frozen=True)
class Experience:
    deck_size: Sourced[int]
    victory_point_cards: Sourced[int]
    cards: Mapping[str, Card]

    def deck(self, race: str) -> tuple[tuple[Card, int], ...]:
        """The cards of a race's deck with their copies (race cards, then the shared ones)."""
        found = self._decks.get(race)
        if found is None:
            found = self._decks[race] = tuple((c, c.copies.value) for c in self.cards.values()
                                              if c.race in (race, "all"))
        return found

    @functools.cached_property
    def _decks(self) -> dict[str, tuple[tuple[Card, int], ...]]:
        """`deck`'s answers, by race (the card windows ask at every phase)."""
        return {}


def read_effect(fields: Fields) -> CardEffect:
    verb = fields.text("verb", choices=VERBS)
    allowed = VERBS[verb] + OPTIONAL_VERB_PARAMS.get(verb, ())
    values: dict[str, Any] = {}
    for key in allowed:
        if key in VERBS[verb] or fields.has(key):
            values[key] = _effect_param(fields, key)
    fields.done()
    return CardEffect(verb, **values)


def _effect_param(fields: Fields, key: str) -> Any:
    if key == "target":
        return fields.text(key, choices=CARD_TARGETS)
    if key == "duration":
        return fields.text(key, choices=DURATIONS)
    if key == "unit_types":
        return fields.texts(key, choices=UNIT_TYPES)
    if key == "choice":
        return fields.texts(key, choices=RESOURCES)
    return fields.integer(key, low=-6, high=6)


def read_card(fields: Fields) -> Card:
    card_id = fields.id()
    fields.where = f"{fields.where} ({card_id})"
    card = Card(card_id, fields.name(), fields.text("race", choices=(*RACES, "all")),
                fields.rule(), read_sourced(fields, "copies", int_parser(1, 21)),
                fields.text("timing", choices=TIMINGS), fields.flag("in_combat"),
                read_effect(fields.sub("effect")))
    fields.done()
    return card


def read_experience(raw: Any, where: str) -> Experience:
    fields = Fields(raw, where)
    deck = fields.sub("deck")
    experience = Experience(read_sourced(deck, "size", int_parser(1, 99)),
                            read_sourced(deck, "victory_point_cards", int_parser(0, 99)),
                            _read_cards(fields))
    deck.done()
    fields.done()
    _check_decks(experience, where)
    return experience


def _read_cards(fields: Fields) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for entry in fields.items("cards"):
        card = read_card(entry)
        if card.id in cards:
            raise entry.fail("id", f"repeats the card {card.id!r}")
        cards[card.id] = card
    return cards


def _check_decks(experience: Experience, where: str) -> None:
    """Every race's deck holds `size` cards, of which `victory_point_cards` score (WC-13.1)."""
    for race in RACES:
        deck = experience.deck(race)
        total = sum(n for _, n in deck)
        if total != experience.deck_size.value:
            raise ScenarioError(f"{where}: the {race} deck holds {total} cards, not "
                                f"{experience.deck_size.value} (WC-13.1)")
        vp = sum(n for c, n in deck if c.effect.verb == "victory_point")
        if vp != experience.victory_point_cards.value:
            raise ScenarioError(f"{where}: the {race} deck holds {vp} Victory Point cards, not "
                                f"{experience.victory_point_cards.value} (WC-13.1)")


# ------------------------------------------------------------------------------ components

@dataclass(frozen=True)
class Components:
    """What the box holds (WC-2.1 and the box list); per-race counts are hard limits."""

    units: Mapping[str, Sourced[int]]
    workers: Sourced[int]
    outposts: Sourced[int]
    building_cards: Sourced[dict[str, int]]
    printed_buildings: Sourced[dict[str, int]]
    unit_cards: Sourced[int]
    experience_cards: Sourced[int]
    box: Mapping[str, Sourced[Any]]
    quest_tokens: Mapping[str, Sourced[int]]

    def max_buildings(self, kind: str) -> int:
        """Cards plus the panel's printed building of that kind (WC-10.11)."""
        return (self.building_cards.value.get(kind, 0)
                + self.printed_buildings.value.get(kind, 0))


def read_components(raw: Any, where: str) -> Components:
    fields = Fields(raw, where)
    race = fields.sub("per_race")
    count = int_parser(0, 99)
    components = Components(
        units={t: read_sourced(race, f"{t}_units", count) for t in UNIT_TYPES},
        workers=read_sourced(race, "workers", count),
        outposts=read_sourced(race, "outposts", count),
        building_cards=read_sourced(race, "building_cards", count_map_parser(BUILDING_KINDS, 9)),
        printed_buildings=read_sourced(race, "printed_buildings",
                                       count_map_parser(("worker", "melee"), 9)),
        unit_cards=read_sourced(race, "unit_cards", count),
        experience_cards=read_sourced(race, "experience_cards", count),
        box=_read_box(fields.sub("box")),
        quest_tokens=_read_counts(fields.sub("quest_tokens")))
    race.done()
    fields.done()
    return components


def _read_box(fields: Fields) -> dict[str, Sourced[Any]]:
    count = int_parser(0, 999)
    box: dict[str, Sourced[Any]] = {
        key: read_sourced(fields, key, count)
        for key in ("board_pieces", "panels", "depletion_tokens", "quest_tokens",
                    "combat_dice", "resource_dice")}
    box["resource_tokens"] = read_sourced(fields, "resource_tokens",
                                          count_map_parser(RESOURCES, 999))
    fields.done()
    return box


def _read_counts(fields: Fields) -> dict[str, Sourced[int]]:
    counts = {key: read_sourced(fields, key, int_parser(0, 99)) for key in list(fields.data)}
    fields.done()
    return counts


# ------------------------------------------------------------------------------ constants

@dataclass(frozen=True)
class Constants:
    """The numbers of the rules, each with its rule id (constants.yaml)."""

    setup: Mapping[str, Sourced[int]]
    stacking: Mapping[str, Sourced[int]]
    movement: Mapping[str, Sourced[int]]
    costs: Mapping[str, Sourced[Cost]]
    victory: Mapping[str, Sourced[Any]]
    dice: Mapping[str, Sourced[Any]]


def read_constants(raw: Any, where: str) -> Constants:
    fields = Fields(raw, where)
    small = int_parser(0, 99)
    faces = {"combat_faces", "resource_faces", "objective_vp"}

    def section(key: str, names: tuple[str, ...], parse: Callable[[Any, Fields, str], Any]
                ) -> dict[str, Sourced[Any]]:
        sub = fields.sub(key)
        out = {n: read_sourced(sub, n, parse_faces if n in faces else parse) for n in names}
        sub.done()
        return out

    constants = Constants(
        setup=section("setup", ("gold", "wood", "melee_units", "workers", "hand"), small),
        stacking=section("stacking", ("units", "workers"), small),
        movement=section("movement", ("melee", "ranged", "flying", "worker"), small),
        costs=section("costs", ("building", "outpost", "upgrade"), parse_cost),
        victory=section("victory", ("two_player_vp", "team_vp", "town_hall_vp", "objective_vp",
                                    "fully_upgraded_type_vp", "victory_point_card_vp"), small),
        dice=section("dice", ("combat_faces", "resource_faces", "depletion_result"), small))
    fields.done()
    return constants


# ------------------------------------------------------------------------------ scenarios

@dataclass(frozen=True, slots=True)
class Placement:
    """Pieces a side starts with in one zone."""

    zone: str
    melee: int = 0
    ranged: int = 0
    flying: int = 0
    workers: int = 0

    @property
    def units(self) -> int:
        return self.melee + self.ranged + self.flying


@dataclass(frozen=True, slots=True)
class Seat:
    """One player of a scenario, in clockwise (turn) order (WC-4.2). `race` is `random` when
    the race is drawn at setup (WC-3.2); `unit_levels` is the top card of each stack."""

    race: str
    town_hall: str | None
    panel: bool
    resources: Cost | None
    hand: int
    unit_levels: Mapping[str, int]
    pieces: tuple[Placement, ...]
    outposts: tuple[str, ...] = ()
    necromancers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Neutrals:
    """Neutral units of a scenario (The Elf Gate, WC-16.3, WC-16.4, WC-A28)."""

    race: str
    unit_levels: Mapping[str, int]
    pieces: tuple[Placement, ...]
    moves: bool
    hostile_to_all: bool
    dice_by: str
    casualties_by: str
    plays_cards: bool
    draws_cards: bool
    combat_side: str
    killed: str


@dataclass(frozen=True, slots=True)
class Token:
    """A quest token on the board (WC-2.16): kind, zone, and what it does."""

    kind: str
    zone: str
    rule: str
    race: str | None = None
    ability: str | None = None
    unit: str | None = None
    amount: int = 0


@dataclass(frozen=True, slots=True)
class Clause:
    """A scenario special rule or victory condition: a kind of the closed vocabulary, its
    parameters, and (victory only) the races it lets win, empty meaning every player."""

    kind: str
    rule: str
    winners: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    zone: str | None = None
    races: tuple[str, ...] = ()
    race: str | None = None
    target: str | None = None
    phases: tuple[str, ...] = ()
    unit_types: tuple[str, ...] = ()
    amount: int = 0
    points: int = 0
    moves: int = 0
    at: str | None = None
    team: bool = False
    counts_neutrals: bool = False
    worker_restriction: bool = False
    may_share_zone: bool = True
    max_adjacent_enemy_units: int = 0


@dataclass(frozen=True)
class Scenario:
    """A complete setup: board, seats, neutrals, tokens, special rules, victory (WC-1.2)."""

    id: str
    name: Text
    rule: str
    players: int
    board: Board
    layout: str | None
    uses_vp: bool
    first_player: str
    teams: tuple[tuple[str, ...], ...]
    seats: tuple[Seat, ...]
    neutrals: Neutrals | None
    tokens: tuple[Token, ...]
    depletion: Mapping[str, str]
    rules: tuple[Clause, ...]
    victory: tuple[Clause, ...]
    notes: tuple[str, ...] = field(default=())

    def seat(self, race: str) -> Seat:
        return next(s for s in self.seats if s.race == race)

    def rules_of(self, kind: str) -> tuple[Clause, ...]:
        return self._rules_by_kind.get(kind, ())

    @functools.cached_property
    def _rules_by_kind(self) -> dict[str, tuple[Clause, ...]]:
        """The special rules grouped by kind, in file order (the rules modules ask often)."""
        out: dict[str, list[Clause]] = {}
        for clause in self.rules:
            out.setdefault(clause.kind, []).append(clause)
        return {kind: tuple(found) for kind, found in out.items()}


class ScenarioReader:
    """Reads one scenario file against the shipped races, components and generic board."""

    def __init__(self, races: Mapping[str, Race], components: Components,
                 constants: Constants, generic: BoardFile) -> None:
        self.races = races
        self.components = components
        self.constants = constants
        self.generic = generic

    def read(self, raw: Any, where: str) -> Scenario:
        fields = Fields(raw, where)
        scenario_id = fields.id()
        fields.where = f"{where} ({scenario_id})"
        board, layout = self._board(fields)
        seats = tuple(self._seat(f, board) for f in fields.items("seats"))
        scenario = Scenario(
            id=scenario_id, name=fields.name(), rule=fields.rule(),
            players=fields.integer("players", low=2, high=4), board=board, layout=layout,
            uses_vp=fields.flag("uses_vp"), first_player=fields.text("first_player"),
            teams=_read_teams(fields),
            seats=seats, neutrals=self._neutrals(fields, board),
            tokens=tuple(self._token(f, board) for f in fields.items("tokens", [])),
            depletion=self._depletion(fields, board),
            rules=tuple(self._clause(f, board, RULE_KINDS, False)
                        for f in fields.items("rules", [])),
            victory=tuple(self._clause(f, board, VICTORY_KINDS, True)
                          for f in fields.items("victory")),
            notes=fields.texts("notes", []))
        fields.done()
        ScenarioCheck(self, scenario, fields).run()
        return scenario

    # -- parts

    def _board(self, fields: Fields) -> tuple[Board, str | None]:
        raw = fields.raw("board")
        if isinstance(raw, dict) and "file" in raw:
            ref = Fields(raw, f"{fields.where}.board")
            ref.text("file", choices=("board.yaml",))
            layout = ref.text("layout", choices=self.generic.layouts)
            ref.done()
            return self.generic.for_layout(layout), layout
        return read_board(fields.sub("board")), None

    def _levels(self, fields: Fields, race: str) -> dict[str, int]:
        raw = fields.raw("unit_levels")
        if raw == "max":
            if race not in self.races:
                raise fields.fail("unit_levels", "'max' needs a known race")
            return {t: self.races[race].units[t].top_level.value for t in UNIT_TYPES}
        levels = Fields(raw, f"{fields.where}.unit_levels")
        out = {t: levels.integer(t, low=1, high=self._top(race, t)) for t in UNIT_TYPES}
        levels.done()
        return out

    def _top(self, race: str, unit_type: str) -> int:
        return self.races[race].units[unit_type].top_level.value if race in self.races else 1

    def _placements(self, fields: Fields, board: Board) -> tuple[Placement, ...]:
        out = []
        for entry in fields.items("pieces"):
            counts = {k: entry.integer(k, 0, high=10) for k in (*UNIT_TYPES, "workers")}
            out.append(Placement(zone=entry.text("zone", choices=board.zones), **counts))
            entry.done()
        return tuple(out)

    def _seat(self, fields: Fields, board: Board) -> Seat:
        race = fields.text("race", choices=(*RACES, "random"))
        fields.where = f"{fields.where} ({race})"
        hall = fields.raw("town_hall")
        if hall is not None:
            hall = check_text(hall, board.zones, fields, "town_hall")
        resources = fields.raw("resources")
        seat = Seat(race=race, town_hall=hall, panel=fields.flag("panel"),
                    resources=None if resources is None else parse_cost(resources, fields,
                                                                         "resources"),
                    hand=fields.integer("hand", high=21), unit_levels=self._levels(fields, race),
                    pieces=self._placements(fields, board),
                    outposts=fields.texts("outposts", [], choices=board.zones),
                    necromancers=fields.texts("necromancers", [], choices=board.zones))
        fields.done()
        return seat

    def _neutrals(self, fields: Fields, board: Board) -> Neutrals | None:
        if fields.raw("neutrals", None) is None:
            return None
        sub = fields.sub("neutrals")
        race = sub.text("race", choices=RACES)
        neutrals = Neutrals(
            race=race, unit_levels=self._levels(sub, race), pieces=self._placements(sub, board),
            moves=sub.flag("moves"), hostile_to_all=sub.flag("hostile_to_all"),
            dice_by=sub.text("dice_by", choices=NEUTRAL_CHOOSERS),
            casualties_by=sub.text("casualties_by", choices=NEUTRAL_CHOOSERS),
            plays_cards=sub.flag("plays_cards"), draws_cards=sub.flag("draws_cards"),
            combat_side=sub.text("combat_side", choices=COMBAT_SIDES),
            killed=sub.text("killed", choices=NEUTRAL_FATES))
        sub.done()
        return neutrals

    def _token(self, fields: Fields, board: Board) -> Token:
        kind = fields.text("kind", choices=TOKEN_KINDS)
        token = Token(kind=kind, zone=fields.text("zone", choices=board.zones), rule=fields.rule(),
                      race=fields.optional_text("race", RACES),
                      ability=fields.optional_text("ability", TOKEN_ABILITIES),
                      unit=fields.optional_text("unit", UNIT_TYPES),
                      amount=fields.integer("amount", 0, high=3))
        fields.done()
        needs = {"prisoner": token.race is not None, "nordrassil": True,
                 "special": token.ability is not None}
        if not needs[kind] or (token.ability == "spawn") != (token.unit is not None):
            raise fields.fail("kind", f"{kind!r} token lacks its race, ability or unit")
        if (token.ability == "free_upgrade") != (token.amount > 0):
            raise fields.fail("amount", "is needed (1 or more) by a free_upgrade token only")
        return token

    def _depletion(self, fields: Fields, board: Board) -> dict[str, str]:
        out = {}
        for entry in fields.items("depletion", []):
            zone = entry.text("zone", choices=board.zones)
            if not board.zones[zone].is_resource:
                raise entry.fail("zone", f"{zone!r} is not a Gold Mine or Forest zone (WC-2.10)")
            out[zone] = entry.text("state", choices=DEPLETION_STATES)
            entry.done()
        return out

    def _clause(self, fields: Fields, board: Board, kinds: Mapping[str, tuple[str, ...]],
                victory: bool) -> Clause:
        kind = fields.text("kind", choices=kinds)
        fields.where = f"{fields.where} ({kind})"
        values: dict[str, Any] = {"kind": kind, "rule": fields.rule()}
        if victory:
            winners = fields.raw("for")
            values["winners"] = () if winners == "each" else fields.texts("for", choices=RACES)
        optional = OPTIONAL_VICTORY_FIELDS if victory else ()
        for key in kinds[kind] + tuple(k for k in optional if fields.has(k)):
            values[key] = _clause_param(fields, key, board)
        fields.done()
        return Clause(**values)


def _read_teams(fields: Fields) -> tuple[tuple[str, ...], ...]:
    raw = fields.raw("teams")
    if not isinstance(raw, list) or not all(isinstance(team, list) for team in raw):
        raise fields.fail("teams", "must be a list of teams, each a list of races ([] for none)")
    return tuple(tuple(check_text(r, RACES, fields, "teams") for r in team) for team in raw)


def _clause_param(fields: Fields, key: str, board: Board) -> Any:
    if key in ("zones",):
        return fields.texts(key, choices=board.zones)
    if key == "zone":
        return fields.text(key, choices=board.zones)
    if key == "races":
        return fields.texts(key, choices=RACES)
    if key in ("race", "target"):
        return fields.text(key, choices=RACES)
    if key == "phases":
        return fields.texts(key, choices=PHASES)
    if key == "unit_types":
        return fields.texts(key, choices=UNIT_TYPES)
    if key == "at":
        return fields.text(key, choices=MOMENTS)
    if key in ("team", "counts_neutrals", "worker_restriction", "may_share_zone"):
        return fields.flag(key)
    return fields.integer(key, low=0, high=99)


class ScenarioCheck:
    """The cross-checks of a read scenario: seats, teams, setup legality, limits, tokens."""

    def __init__(self, reader: ScenarioReader, scenario: Scenario, fields: Fields) -> None:
        self.reader = reader
        self.s = scenario
        self.fail = fields.fail

    def run(self) -> None:
        self._seats()
        self._teams_and_first()
        self._town_halls()
        for seat in self.s.seats:
            self._placements(seat.race, seat.pieces, seat.outposts)
            self._race_limits(seat)
        if self.s.neutrals is not None:
            self._placements(self.s.neutrals.race, self.s.neutrals.pieces, ())
            self._limits(self.s.neutrals.race, self.s.neutrals.pieces)
        self._stacking()
        self._resource_rules()
        self._necromancers()
        self._quest_tokens()
        self._victory_races()

    def _races(self) -> set[str]:
        return {s.race for s in self.s.seats}

    def _seats(self) -> None:
        if len(self.s.seats) != self.s.players:
            raise self.fail("seats", f"lists {len(self.s.seats)} seats for {self.s.players} "
                                     f"players")
        named = [s.race for s in self.s.seats if s.race != "random"]
        if len(named) != len(set(named)):
            raise self.fail("seats", "names a race twice (one race per player, WC-1.1)")

    def _teams_and_first(self) -> None:
        members = [r for team in self.s.teams for r in team]
        if self.s.teams and sorted(members) != sorted(self._races()):
            raise self.fail("teams", "must put every seat's race in exactly one team")
        if self.s.first_player not in ("random", *self._races()):
            raise self.fail("first_player", f"must be 'random' or a seat's race, not "
                                            f"{self.s.first_player!r}")

    def _town_halls(self) -> None:
        halls = [s.town_hall for s in self.s.seats if s.town_hall is not None]
        if len(halls) != len(set(halls)):
            raise self.fail("seats", "give two seats the same Town Hall zone")
        if any(self.s.board.zones[h].type != "town_hall" for h in halls):
            raise self.fail("seats", "name a seat's town_hall that is not a Town Hall zone")
        orphans = {z.id for z in self.s.board.of_type("town_hall")} - set(halls)
        if orphans:
            raise self.fail("seats", f"leave the Town Hall zones {sorted(orphans)} to no seat")
        if self.s.layout is not None:
            expected = self.reader.generic.layouts[self.s.layout].town_halls
            if tuple(halls) != expected:
                raise self.fail("seats", f"must use the layout's Town Halls {list(expected)} "
                                         f"in that order")

    def _placements(self, race: str, pieces: Iterable[Placement], outposts: Iterable[str]
                    ) -> None:
        zones = self.s.board.zones
        for p in pieces:
            ground = p.melee + p.ranged + p.workers
            if zones[p.zone].type == "mountain" and ground:
                raise self.fail("seats", f"{race}: only flying units may stand in the Mountain "
                                         f"zone {p.zone!r} (WC-2.7)")
        for zone in outposts:
            if zones[zone].type == "mountain":
                raise self.fail("seats", f"{race}: no outpost can stand in a Mountain (WC-6.4)")

    def _race_limits(self, seat: Seat) -> None:
        limits = self.reader.components
        if self.s.neutrals is not None and self.s.neutrals.race == seat.race:
            raise self.fail("neutrals", "use the race of a seat")
        self._limits(seat.race, seat.pieces)
        if len(seat.outposts) > limits.outposts.value:
            raise self.fail("seats", f"{seat.race}: more than {limits.outposts.value} outposts "
                                     f"(WC-10.13)")

    def _limits(self, race: str, pieces: Iterable[Placement]) -> None:
        """No more pieces of a kind than the race owns (WC-2.1)."""
        limits = self.reader.components
        caps = {**{t: limits.units[t].value for t in UNIT_TYPES}, "workers": limits.workers.value}
        for kind, cap in caps.items():
            total = sum(getattr(p, kind) for p in pieces)
            if total > cap:
                raise self.fail("seats", f"{race}: {total} {kind} exceed the {cap} the race "
                                         f"owns (WC-2.1)")

    def _resource_rules(self) -> None:
        """Only Gold Mines and Forests can be kept from depleting (WC-16.5, WC-17.9)."""
        for clause in self.s.rules_of("never_deplete"):
            wrong = [z for z in clause.zones if not self.s.board.zones[z].is_resource]
            if wrong:
                raise self.fail("rules", f"never_deplete names zones that are not Gold Mines or "
                                         f"Forests: {wrong}")

    def _stacking(self) -> None:
        """At most 3 units and 3 workers of a side (a team counts together) per zone (WC-5.1)."""
        cap_units = self.reader.constants.stacking["units"].value
        cap_workers = self.reader.constants.stacking["workers"].value
        for side in self._sides():
            units: dict[str, int] = {}
            workers: dict[str, int] = {}
            for seat in side:
                for p in seat.pieces:
                    units[p.zone] = units.get(p.zone, 0) + p.units
                    workers[p.zone] = workers.get(p.zone, 0) + p.workers
            over = [z for z in units if units[z] > cap_units] + [
                z for z in workers if workers[z] > cap_workers]
            if over:
                raise self.fail("seats", f"the setup breaks the stacking limits in {over} (WC-5.1)")
        if self.s.neutrals is not None and any(p.units > cap_units for p in self.s.neutrals.pieces):
            raise self.fail("neutrals", "more than 3 units in a zone (WC-5.1)")

    def _sides(self) -> list[list[Seat]]:
        if not self.s.teams:
            return [[seat] for seat in self.s.seats]
        return [[self.s.seat(r) for r in team] for team in self.s.teams]

    def _necromancers(self) -> None:
        for seat in self.s.seats:
            spots = seat.necromancers
            if len(spots) != len(set(spots)):
                raise self.fail("seats", "two Necromancers may never share a zone (WC-17.3)")
            if any(self.s.board.zones[z].type == "mountain" for z in spots):
                raise self.fail("seats", "a Necromancer moves like a worker: no Mountain "
                                         "(WC-17.3)")

    def _quest_tokens(self) -> None:
        used = {"necromancer": sum(len(s.necromancers) for s in self.s.seats),
                "wall": len(self.s.board.walls)}
        for token in self.s.tokens:
            used[token.kind] = used.get(token.kind, 0) + 1
        for kind, n in used.items():
            owned = self.reader.components.quest_tokens[kind].value
            if n > owned:
                raise self.fail("tokens", f"{n} {kind} tokens, but the box holds {owned} "
                                          f"(WC-2.16)")

    def _victory_races(self) -> None:
        known = self._races()
        for clause in (*self.s.victory, *self.s.rules):
            named = (*clause.winners, *clause.races,
                     *(r for r in (clause.race, clause.target) if r is not None))
            if "random" not in known and set(named) - known:
                raise self.fail("victory", f"{clause.kind} names a race without a seat: "
                                           f"{sorted(set(named) - known)}")


# ------------------------------------------------------------------------------ library

@dataclass(frozen=True)
class Library:
    """Everything under data/, read and checked."""

    races: Mapping[str, Race]
    experience: Experience
    components: Components
    constants: Constants
    generic: BoardFile
    scenarios: Mapping[str, Scenario]


@functools.cache
def read_yaml(path: Path) -> Any:
    """A data file's content, read once (callers must not change it): `datafile.read_yaml`."""
    return datafile.read_yaml(path)


def scenario_names() -> tuple[str, ...]:
    """The shipped scenarios (data/scenarios/<name>.yaml)."""
    return tuple(sorted(p.stem for p in (DATA_DIR / "scenarios").glob("*.yaml")))


@functools.cache
def library() -> Library:
    """The shipped data files, read and checked once."""
    races = read_races(read_yaml(DATA_DIR / "races.yaml"), "races.yaml")
    components = read_components(read_yaml(DATA_DIR / "components.yaml"), "components.yaml")
    constants = read_constants(read_yaml(DATA_DIR / "constants.yaml"), "constants.yaml")
    generic = read_board_file(read_yaml(DATA_DIR / "board.yaml"), "board.yaml")
    check_races_against_components(races, components)
    reader = ScenarioReader(races, components, constants, generic)
    scenarios = {}
    for name in scenario_names():
        scenario = reader.read(read_yaml(DATA_DIR / "scenarios" / f"{name}.yaml"),
                               f"scenarios/{name}.yaml")
        if scenario.id != name:
            raise ScenarioError(f"scenarios/{name}.yaml: id {scenario.id!r} must match the "
                                f"file name")
        scenarios[name] = scenario
    experience = read_experience(read_yaml(DATA_DIR / "experience.yaml"), "experience.yaml")
    return Library(races, experience, components, constants, generic, scenarios)


def check_races_against_components(races: Mapping[str, Race], components: Components) -> None:
    """Each race has as many unit cards as the box gives it (WC-2.1)."""
    for race in races.values():
        cards = sum(track.top_level.value for track in race.units.values())
        if cards != components.unit_cards.value:
            raise ScenarioError(f"races.yaml: {race.id} has {cards} unit cards, not "
                                f"{components.unit_cards.value} (WC-2.1)")


def scenario(name: str) -> Scenario:
    """A shipped scenario by id; ScenarioError naming the shipped ones if unknown."""
    scenarios = library().scenarios
    if name not in scenarios:
        raise ScenarioError(f"unknown scenario {name!r}; shipped: {', '.join(scenarios)}")
    return scenarios[name]
