"""New games from a scenario file, and strict test setups (a position described by a mapping).

`new_game` lays out the game's scenario (section 3, WC-16.2 to WC-19.4). `from_setup` starts
from the same scenario and then replaces what the mapping gives; the mapping is documented in
docs/games/warcraft.md ("Setup mapping"). Anything malformed raises ScenarioError naming the
field; unknown fields are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import run
from grimorio.games.warcraft.model import (
    BUILDING_KINDS,
    FORCE_KEYS,
    NEUTRAL,
    TRAINABLE,
    UNIT_KINDS,
    Force,
    Player,
    TokenState,
)
from grimorio.games.warcraft.state import PHASES, WarcraftState

if TYPE_CHECKING:
    from grimorio.games.warcraft.game import Warcraft

SETUP_KEYS = frozenset({"races", "first_player", "turn", "phase", "active", "pieces",
                        "players", "depletion", "marks", "tokens", "dice"})
PLAYER_KEYS = frozenset({"gold", "wood", "hand", "deck_top", "deck", "levels", "buildings",
                         "constructing", "training", "laid", "discard", "eliminated"})
PIECE_KEYS = frozenset({"seat", "zone"}) | FORCE_KEYS
MOVED_KINDS = ("melee", "ranged", "flying", "workers", "necromancers")


def new_game(game: Warcraft, seed: int) -> WarcraftState:
    """The game's scenario laid out, cards dealt, First Player drawn, turn 1 begun."""
    st = build(game, seed, None)
    start(st, "movement", st.first)
    return st


def build(game: Warcraft, seed: int, races: list[str] | None) -> WarcraftState:
    """The scenario's position before the first decision (no frame pushed)."""
    scenario = game.scenario
    st = WarcraftState(game, seed, scenario)
    chosen = seat_races(st, races if races is not None else game.races)
    st.teams = team_indices(scenario, chosen)
    for index, seat in enumerate(scenario.seats):
        st.players.append(new_player(st, index, seat, chosen[index]))
        place(st, index, seat.pieces)
        for zone in seat.outposts:
            st.force(zone, index).outposts += 1
        for zone in seat.necromancers:
            st.force(zone, index).necromancers += 1
    if scenario.neutrals is not None:
        st.neutral = Player(NEUTRAL, scenario.neutrals.race, None, False, False,
                            levels=dict(scenario.neutrals.unit_levels))
        place(st, NEUTRAL, scenario.neutrals.pieces)
    st.tokens = tuple(TokenState(t.kind, t.zone, t.rule, t.race, t.ability, t.unit, t.amount)
                      for t in scenario.tokens)
    st.depletion = dict(scenario.depletion)
    for index, seat in enumerate(scenario.seats):
        deal(st, index, seat.hand)
    st.first = first_player(st)
    return st


def seat_races(st: WarcraftState, given: tuple[str, ...] | list[str] | None) -> list[str]:
    """Each seat's race; `random` seats take the given races or draw from the unused ones
    (WC-3.2)."""
    fixed = [s.race for s in st.scenario.seats]
    randoms = [i for i, r in enumerate(fixed) if r == "random"]
    if given is not None and len(given) == len(fixed) and not randoms:
        return list(given)
    if given is None:
        pool = [r for r in data.RACES if r not in fixed]
        st.shuffle(pool)
        given = pool[:len(randoms)]
    if len(given) != len(randoms):
        raise ScenarioError(f"races: {len(randoms)} race(s) needed for the random seats")
    out = list(fixed)
    for index, race in zip(randoms, given, strict=True):
        if race not in data.RACES or race in out:
            raise ScenarioError(f"races: {race!r} is not a free race (WC-1.1)")
        out[index] = race
    return out


def team_indices(scenario: data.Scenario, races: list[str]) -> tuple[int, ...]:
    """The team of each seat (WC-15.1); without teams every seat is its own side."""
    if not scenario.teams:
        return tuple(range(len(races)))
    return tuple(next(i for i, team in enumerate(scenario.teams) if race in team)
                 for race in races)


def new_player(st: WarcraftState, index: int, seat: data.Seat, race: str) -> Player:
    """A seat's panel, piles and stacks (WC-3.3, WC-3.4, WC-3.6)."""
    levels = dict(seat.unit_levels)
    return Player(index, race, seat.town_hall, seat.panel, seat.resources is not None,
                  seat.resources.gold if seat.resources else 0,
                  seat.resources.wood if seat.resources else 0, levels=levels,
                  deck=full_deck(st, race))


def full_deck(st: WarcraftState, race: str) -> list[str]:
    """A race's 21 experience cards (WC-13.1), sorted by id before shuffling."""
    return sorted(c.id for c, n in st.lib.experience.deck(race) for _ in range(n))


def place(st: WarcraftState, seat: int, pieces: tuple[data.Placement, ...]) -> None:
    for p in pieces:
        force = st.force(p.zone, seat)
        for kind in (*UNIT_KINDS, "workers"):
            force.add(kind, getattr(p, kind))


def deal(st: WarcraftState, seat: int, hand: int) -> None:
    """Shuffle the deck, then draw the opening hand (WC-3.7)."""
    st.shuffle(st.players[seat].deck)
    st.draw(seat, hand, "WC-3.7")


def first_player(st: WarcraftState) -> int:
    """The scenario's First Player, or one drawn at random (WC-3.8)."""
    wanted = st.scenario.first_player
    if wanted != "random":
        seat = st.seat_of_race(wanted)
        assert seat is not None
        return seat
    roll = st.roll(1, Text("The First Player is drawn", "Se sortea el jugador inicial"),
                   "WC-3.8", sides=len(st.players))[0]
    return roll - 1


def start(st: WarcraftState, phase: str, active: int) -> None:
    """Begin the turn at `phase` with `active` the next seat to play it."""
    from grimorio.games.warcraft.rules import turn

    st.phase = phase
    st.frames.append(turn.Turn(PHASES.index(phase), tuple(skipped(st, active))))
    run(st)


def skipped(st: WarcraftState, active: int) -> list[int]:
    """The seats that already played the phase: those before `active` in the order."""
    order = st.order()
    if active not in order:
        raise ScenarioError(f"active: seat {active} is not in the game")
    return order[:order.index(active)]


# ---------------------------------------------------------------------------- test setups

def from_setup(game: Warcraft, seed: int, setup: Mapping[str, Any]) -> WarcraftState:
    """A position from a setup mapping (docs/games/warcraft.md, "Setup mapping")."""
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise ScenarioError(f"setup: unknown field {unknown[0]!r} (fields: "
                            f"{', '.join(sorted(SETUP_KEYS))})")
    races = setup.get("races")
    if races is not None and not (isinstance(races, list) and all(isinstance(r, str)
                                                                   for r in races)):
        raise ScenarioError("setup.races: a list of race ids")
    st = build(game, seed, races)
    apply_setup(st, setup)
    st.turn = _int(setup, "turn", st.turn, 1, 10_000)
    phase = setup.get("phase", "movement")
    if phase not in PHASES:
        raise ScenarioError(f"setup.phase: one of {', '.join(PHASES)}, not {phase!r}")
    check_position(st)
    st.script_dice(_dice(setup.get("dice", [])))
    start(st, phase, _int(setup, "active", st.first, 0, len(st.players) - 1))
    return st


def apply_setup(st: WarcraftState, setup: Mapping[str, Any]) -> None:
    if "first_player" in setup:
        st.first = _int(setup, "first_player", 0, 0, len(st.players) - 1)
    if "pieces" in setup:
        set_pieces(st, setup["pieces"])
    for index, entry in enumerate(setup.get("players", [])):
        if index >= len(st.players):
            raise ScenarioError(f"setup.players: {len(st.players)} seats, not more")
        set_player(st, st.players[index], entry, f"setup.players[{index}]")
    if "depletion" in setup:
        st.depletion = _depletion(st, setup["depletion"])
    if "marks" in setup:
        st.marks = frozenset(_marks(st, setup["marks"]))
    if "tokens" in setup:
        st.tokens = _tokens(st, setup["tokens"])


def set_pieces(st: WarcraftState, entries: Any) -> None:
    """Replace every piece on the board: `[{seat, zone, melee, ...}]` (seat -1: neutrals)."""
    if not isinstance(entries, list):
        raise ScenarioError("setup.pieces: a list of {seat, zone, melee, ...}")
    st.zones = {z: {} for z in st.board.zones}
    for i, entry in enumerate(entries):
        where = f"setup.pieces[{i}]"
        _keys(entry, PIECE_KEYS, where)
        seat = entry.get("seat")
        if seat not in (*st.seats, NEUTRAL) or (seat == NEUTRAL and st.neutral is None):
            raise ScenarioError(f"{where}.seat: {seat!r} is not a seat")
        zone = entry.get("zone")
        if zone not in st.board.zones:
            raise ScenarioError(f"{where}.zone: unknown zone {zone!r}")
        force = st.force(zone, seat)
        for key in FORCE_KEYS:
            force.add(key, _int(entry, key, 0, 0, 10))
    for zone, sides in st.zones.items():
        for seat, force in sides.items():
            _check_moved(zone, seat, force)
        st.prune(zone)


def set_player(st: WarcraftState, player: Player, entry: Any, where: str) -> None:
    _keys(entry, PLAYER_KEYS, where)
    player.gold = _int(entry, "gold", player.gold, 0, 999)
    player.wood = _int(entry, "wood", player.wood, 0, 999)
    player.eliminated = bool(entry.get("eliminated", player.eliminated))
    if "levels" in entry:
        player.levels.update(_levels(st, player.race, entry["levels"], f"{where}.levels"))
    if "buildings" in entry:
        player.buildings = _counts(entry["buildings"], BUILDING_KINDS, f"{where}.buildings")
    if "training" in entry:
        player.training = _counts(entry["training"], TRAINABLE, f"{where}.training")
    if "constructing" in entry:
        player.constructing = _constructing(entry["constructing"], f"{where}.constructing")
    set_cards(st, player, entry, where)


def set_cards(st: WarcraftState, player: Player, entry: Mapping[str, Any], where: str) -> None:
    """Hand, discards, laid Victory Points and the deck's top cards, taken out of the race's
    deck; the rest of the deck is shuffled (or given whole with `deck`)."""
    if not ({"hand", "deck_top", "deck", "laid", "discard"} & set(entry)):
        return
    pool = full_deck(st, player.race)
    taken: dict[str, list[str]] = {}
    for key in ("hand", "laid", "discard", "deck_top", "deck"):
        cards = entry.get(key, [])
        if not isinstance(cards, list):
            raise ScenarioError(f"{where}.{key}: a list of card ids")
        taken[key] = [_take(pool, c, f"{where}.{key}") for c in cards]
    player.hand = taken["hand"] if "hand" in entry else _redeal(st, pool, len(player.hand))
    player.laid, player.discard = taken["laid"], taken["discard"]
    if "deck" in entry:
        player.deck = taken["deck_top"] + taken["deck"]
        return
    st.shuffle(pool)
    player.deck = taken["deck_top"] + pool


def _redeal(st: WarcraftState, pool: list[str], n: int) -> list[str]:
    st.shuffle(pool)
    hand = pool[:n]
    del pool[:n]
    return hand


def _take(pool: list[str], card: Any, where: str) -> str:
    if card not in pool:
        raise ScenarioError(f"{where}: {card!r} is not (or no more) in the race's deck")
    pool.remove(card)
    return str(card)


def _keys(entry: Any, allowed: frozenset[str], where: str) -> None:
    if not isinstance(entry, Mapping):
        raise ScenarioError(f"{where}: a mapping")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown field {unknown[0]!r} (fields: "
                            f"{', '.join(sorted(allowed))})")


def _int(entry: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(f"setup field {key!r}: a whole number {low}..{high}, not {value!r}")
    return value


def _counts(raw: Any, kinds: tuple[str, ...], where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping) or set(raw) - set(kinds):
        raise ScenarioError(f"{where}: a mapping of {', '.join(kinds)} to counts")
    return {k: _int(raw, k, 0, 0, 10) for k in kinds if raw.get(k)}


def _levels(st: WarcraftState, race: str, raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping) or set(raw) - set(UNIT_KINDS):
        raise ScenarioError(f"{where}: a mapping of melee, ranged, flying to levels")
    units = st.lib.races[race].units
    return {k: _int(raw, k, 1, 1, units[k].top_level.value) for k in raw}


def _constructing(raw: Any, where: str) -> tuple[tuple[str, bool], ...]:
    """`["ranged", {"kind": "flying", "worker": false}]`: buildings under construction."""
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: a list of kinds")
    out = []
    for item in raw:
        kind, worker = (item, True) if isinstance(item, str) else (
            item.get("kind") if isinstance(item, Mapping) else None,
            bool(item.get("worker", True)) if isinstance(item, Mapping) else True)
        if kind not in BUILDING_KINDS:
            raise ScenarioError(f"{where}: {item!r} is not a building kind")
        out.append((str(kind), worker))
    return tuple(out)


def _zones(st: WarcraftState, raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list) or any(z not in st.board.zones for z in raw):
        raise ScenarioError(f"{where}: a list of zone ids of the board")
    return [str(z) for z in raw]


def _depletion(st: WarcraftState, raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise ScenarioError("setup.depletion: a mapping of zone to partial | complete")
    for zone, state in raw.items():
        if zone not in st.board.zones or state not in data.DEPLETION_STATES:
            raise ScenarioError(f"setup.depletion: {zone!r}: {state!r}")
        if not st.board.zones[zone].is_resource:
            raise ScenarioError(f"setup.depletion: {zone!r} is not a Gold Mine or Forest zone "
                                f"(WC-2.10)")
    return {str(k): str(v) for k, v in raw.items()}


def _marks(st: WarcraftState, raw: Any) -> list[str]:
    """Fallen-once marks go on Town Hall zones only (WC-7.6, WC-2.10)."""
    zones = _zones(st, raw, "setup.marks")
    for zone in zones:
        if st.board.zones[zone].type != "town_hall":
            raise ScenarioError(f"setup.marks: {zone!r} is not a Town Hall zone (WC-7.6)")
    return zones


def _dice(raw: Any) -> list[int]:
    """Scripted combat dice: six-sided, 1 to 6 (WC-X1)."""
    if not isinstance(raw, list):
        raise ScenarioError("setup.dice: a list of die values 1..6 (WC-X1)")
    for i, value in enumerate(raw):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise ScenarioError(f"setup.dice[{i}]: a die value 1..6 (WC-X1), not {value!r}")
    return list(raw)


def _tokens(st: WarcraftState, raw: Any) -> tuple[TokenState, ...]:
    """`[{kind, zone, race?, ability?, unit?, amount?, alive?, rule?}]` replacing the scenario's,
    checked as the scenario files are (WC-2.16)."""
    if not isinstance(raw, list):
        raise ScenarioError("setup.tokens: a list")
    out = []
    allowed = frozenset({"kind", "zone", "race", "ability", "unit", "amount", "alive", "rule"})
    for i, entry in enumerate(raw):
        where = f"setup.tokens[{i}]"
        _keys(entry, allowed, where)
        kind, zone = entry.get("kind"), entry.get("zone")
        if kind not in data.TOKEN_KINDS:
            raise ScenarioError(f"{where}.kind: one of {', '.join(data.TOKEN_KINDS)}, "
                                f"not {kind!r}")
        if zone not in st.board.zones:
            raise ScenarioError(f"{where}.zone: unknown zone {zone!r}")
        race = _choice(entry, "race", data.RACES, where)
        ability = _choice(entry, "ability", data.TOKEN_ABILITIES, where)
        unit = _choice(entry, "unit", UNIT_KINDS, where)
        amount = entry.get("amount", 0)
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 3:
            raise ScenarioError(f"{where}.amount: a whole number 0..3, not {amount!r}")
        alive, rule = entry.get("alive", True), entry.get("rule", "WC-2.16")
        if not isinstance(alive, bool):
            raise ScenarioError(f"{where}.alive: true or false, not {alive!r}")
        if not isinstance(rule, str):
            raise ScenarioError(f"{where}.rule: a rule id, not {rule!r}")
        needs = {"prisoner": race is not None, "nordrassil": True,
                 "special": ability is not None}
        if not needs[kind] or (ability == "spawn") != (unit is not None):
            raise ScenarioError(f"{where}: a {kind!r} token lacks its race, ability or unit "
                                f"(or has a unit without spawning)")
        if (ability == "free_upgrade") != (amount > 0):
            raise ScenarioError(f"{where}.amount: needed (1 or more) by a free_upgrade token "
                                f"only")
        out.append(TokenState(str(kind), str(zone), rule, race, ability, unit, amount, alive))
    return tuple(out)


def _choice(entry: Mapping[str, Any], key: str, choices: tuple[str, ...],
            where: str) -> str | None:
    value = entry.get(key)
    if value is not None and value not in choices:
        raise ScenarioError(f"{where}.{key}: one of {', '.join(choices)}, not {value!r}")
    return None if value is None else str(value)


# ---------------------------------------------------------------------------- the position

def check_position(st: WarcraftState) -> None:
    """Refuse a position the rules could never reach: ground pieces in a Mountain (WC-6.4),
    overfull zones (WC-5.1, WC-5.2, WC-15.4; Nordrassil's returning Undead excepted at home,
    WC-19.6, WC-5.7), more builders than workers (WC-A7), more moved pieces than pieces
    (WC-A4), trainees without a free building (WC-10.4, WC-10.6), and more of a component
    than the box holds (WC-2.1, WC-10.8, WC-10.11, WC-10.13)."""
    for zone, sides in st.zones.items():
        for seat, force in sides.items():
            _check_force(st, zone, seat, force)
        _check_stacking(st, zone)
    for player in (*st.players, *([st.neutral] if st.neutral is not None else [])):
        _check_components(st, player)


def _check_force(st: WarcraftState, zone: str, seat: int, force: Force) -> None:
    where = f"setup.pieces (seat {seat}, zone {zone!r})"
    ground = force.units - force.flying + force.workers + force.necromancers
    if st.board.zones[zone].type == "mountain" and (ground or force.outposts or force.building):
        raise ScenarioError(f"{where}: only flying units may stand in a Mountain (WC-6.4)")
    if force.building > force.workers:
        raise ScenarioError(f"{where}.building: {force.building} unfinished outposts but "
                            f"{force.workers} workers to build them (WC-10.12, WC-A7)")
    _check_moved(zone, seat, force)


def _check_moved(zone: str, seat: int, force: Force) -> None:
    for kind in MOVED_KINDS:
        if force.moved(kind) > force.count(kind):
            raise ScenarioError(f"setup.pieces (seat {seat}, zone {zone!r}).moved_{kind}: "
                                f"{force.moved(kind)} moved but {force.count(kind)} there "
                                f"(WC-A4)")


def _check_stacking(st: WarcraftState, zone: str) -> None:
    sides = st.zones[zone]
    limits = st.lib.constants.stacking
    for seat in sides:
        units, workers = st.side_units(zone, seat), st.side_workers(zone, seat)
        if units > limits["units"].value and not _overfill(st, zone, seat):
            rule = "WC-15.4" if st.team_of(seat) != [seat] else "WC-5.1"
            raise ScenarioError(f"setup.pieces: {units} units of one side in {zone!r}, more "
                                f"than {limits['units'].value} ({rule})")
        if workers > limits["workers"].value:
            rule = "WC-15.4" if st.team_of(seat) != [seat] else "WC-5.2"
            raise ScenarioError(f"setup.pieces: {workers} workers of one side in {zone!r}, "
                                f"more than {limits['workers'].value} ({rule})")


def _overfill(st: WarcraftState, zone: str, seat: int) -> bool:
    """Nordrassil's Undead may overfill their own outpost and Town Hall zones (WC-19.6,
    WC-5.7)."""
    from grimorio.games.warcraft.rules import scenarios

    if not scenarios.respawns(st, seat):
        return False
    force = st.zones[zone][seat]
    return bool(force.outposts) or st.players[seat].town_hall == zone


def _check_components(st: WarcraftState, player: Player) -> None:
    seat = player.seat
    where = "setup.pieces" if seat == NEUTRAL else f"setup.players[{seat}]"
    for kind in TRAINABLE:
        trainees = player.training.get(kind, 0)
        free = player.buildings_of(kind)
        if trainees > free:
            rule = "WC-10.6" if kind == "workers" else "WC-10.4"
            raise ScenarioError(f"{where}.training: {trainees} {kind} in training but {free} "
                                f"{kind} building(s) to hold them ({rule})")
        used = (st.on_board(seat, kind) + trainees
                + sum(n for key, n in player.dead.items() if key.endswith(f" {kind}"))
                + (sum(1 for _, w in player.constructing if w) if kind == "workers" else 0))
        if used > st.cap(kind):
            rule = "WC-10.8" if trainees else "WC-2.1"
            raise ScenarioError(f"{where}: {used} {kind} on the board, in training and on "
                                f"buildings, more than the {st.cap(kind)} the race owns ({rule})")
    cards = st.lib.components.building_cards.value
    for kind in BUILDING_KINDS:
        owned = player.buildings.get(kind, 0) + player.constructing_of(kind)
        if owned > cards.get(kind, 0):
            raise ScenarioError(f"{where}.buildings: {owned} {kind} building cards, more than "
                                f"{cards.get(kind, 0)} (WC-10.11)")
    outposts = st.lib.components.outposts.value
    if st.outposts_of(seat) > outposts:
        raise ScenarioError(f"setup.pieces: seat {seat} has {st.outposts_of(seat)} outposts, "
                            f"more than {outposts} (WC-10.13)")
