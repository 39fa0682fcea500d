"""Setups: a position described by a mapping (tests, scenarios, puzzles).

The format is documented in docs/games/wiz-war.md ("Setup mapping"). Anything malformed raises
ScenarioError naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from grimorio.core.datafile import as_list as _list
from grimorio.core.datafile import whole_number as _int
from grimorio.core.errors import ScenarioError
from grimorio.games.wiz_war.board import COLOURS, Board, Edge
from grimorio.games.wiz_war.model import BoardObject, SpellInPlay
from grimorio.games.wiz_war.rules import turn as turn_rules

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.game import WizWar
    from grimorio.games.wiz_war.state import WizWarState

KNOWN = frozenset({"colours", "places", "first", "round", "wizards", "hands", "deck", "discard",
                   "spells", "objects", "edges", "face"})
FACES = ("A", "B")


class _Cards:
    """Hands out card instances by key while a setup is read."""

    def __init__(self, cards: dict[str, Card]) -> None:
        self.cards = cards
        self.keys: list[str] = []

    def take(self, key: Any, where: str) -> int:
        if not isinstance(key, str) or key not in self.cards:
            raise ScenarioError(f"{where}: unknown card {key!r}")
        self.keys.append(key)
        return len(self.keys) - 1


def _mapping(setup: Mapping[str, Any], field: str) -> Mapping[str, Any]:
    value = setup.get(field, {})
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{field}: a mapping by colour")
    return value




def apply_setup(game: WizWar, seed: int, cards: dict[str, Card],
                setup: Mapping[str, Any]) -> WizWarState:
    """The position a setup describes; the first player's turn then begins (Time Passes)."""
    from grimorio.games.wiz_war.game import fixed_places, place_treasures
    from grimorio.games.wiz_war.state import WizWarState

    if not isinstance(setup, Mapping):
        raise ScenarioError("a setup is a mapping")
    unknown = sorted(str(k) for k in set(setup) - KNOWN)
    if unknown:
        known = ", ".join(sorted(KNOWN))
        raise ScenarioError(f"unknown setup field {unknown[0]!r} (known: {known})")
    colours = _colours(setup, game.num_players)
    face = setup.get("face", game.options["face"])
    if face not in FACES:
        raise ScenarioError(f"face: {face!r} is not a board side ({' or '.join(FACES)})")
    if "places" in setup:
        board = fixed_places(colours, setup["places"])
        placed = sorted(place.colour for place in board.sectors)
        if placed != sorted(colours):
            raise ScenarioError(f"places: the sectors ({', '.join(placed)}) must be the "
                                f"players' colours ({', '.join(colours)})")
    else:
        from grimorio.core.rng import Dice
        board = Board.build(colours, face, Dice(seed))
    pool = _Cards(cards)
    st = WizWarState(game, seed, cards, (), board, tuple(colours),
                     int(game.options["turn_limit"]))
    place_treasures(st)
    _edges(st, setup.get("edges", {}))
    _hands(st, pool, _mapping(setup, "hands"))
    _wizards(st, pool, _mapping(setup, "wizards"))
    _objects(st, pool, _list(setup.get("objects", []), "objects"))
    _spells(st, pool, _list(setup.get("spells", []), "spells"))
    st.discard = [pool.take(k, "discard") for k in _list(setup.get("discard", []), "discard")]
    deck = _list(setup.get("deck", []), "deck")
    st.deck = [pool.take(k, "deck") for k in reversed(deck)]     # the list is top first
    st.keys = tuple(pool.keys)
    _start(st, setup)
    return st


def _colours(setup: Mapping[str, Any], n: int) -> list[str]:
    colours = setup.get("colours", list(COLOURS[:n]))
    if (not isinstance(colours, list) or not all(isinstance(c, str) for c in colours)
            or len(colours) != n or len(set(colours)) != n
            or any(c not in COLOURS for c in colours)):
        raise ScenarioError(f"colours: {n} different colours of {', '.join(COLOURS)}")
    return [str(c) for c in colours]


def _square(st: WizWarState, text: Any, where: str) -> int:
    try:
        return st.board.parse_square(str(text))
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def _seat(st: WizWarState, colour: Any, where: str) -> int:
    if colour not in st.colours:
        raise ScenarioError(f"{where}: {colour!r} is not a player's colour")
    return st.colours.index(colour)


def _edges(st: WizWarState, raw: Any) -> None:
    """`edges: {c3e: wall | door:<colour> | open}`."""
    if not isinstance(raw, Mapping):
        raise ScenarioError("edges: a mapping from edge to wall, door:<colour> or open")
    for name, value in raw.items():
        try:
            sq, d = st.board.parse_edge(str(name))
            if value == "open":
                st.board.set_edge(sq, d, None)
            elif value in ("wall", "earth", "fire"):
                st.board.set_edge(sq, d, Edge(str(value)))
            elif isinstance(value, str) and value.startswith("door:"):
                if value[5:] not in COLOURS:
                    raise ValueError(f"no door colour {value[5:]!r} ({', '.join(COLOURS)})")
                st.board.set_edge(sq, d, Edge("door", value[5:]))
            else:
                raise ValueError(f"unknown edge value {value!r}")
        except ValueError as exc:
            raise ScenarioError(f"edges.{name}: {exc}") from None


def _hands(st: WizWarState, pool: _Cards, hands: Mapping[str, Any]) -> None:
    for colour, keys in hands.items():
        seat = _seat(st, colour, "hands")
        st.wizards[seat].hand = [pool.take(k, f"hands.{colour}")
                                 for k in _list(keys, f"hands.{colour}")]


def _wizards(st: WizWarState, pool: _Cards, raw: Mapping[str, Any]) -> None:
    """`wizards: {red: {square, life, stun, vp, alive, items: [keys], treasures: [red1]}}`."""
    fields = {"square", "life", "stun", "vp", "alive", "items", "treasures"}
    for colour, spec in raw.items():
        wiz = st.wizards[_seat(st, colour, "wizards")]
        if not isinstance(spec, Mapping) or set(spec) - fields:
            raise ScenarioError(f"wizards.{colour}: a mapping of {', '.join(sorted(fields))}")
        if "square" in spec:
            wiz.square = _square(st, spec["square"], f"wizards.{colour}.square")
        wiz.life = _int(spec.get("life", wiz.life), f"wizards.{colour}.life", least=-99)
        wiz.stun = _int(spec.get("stun", 0), f"wizards.{colour}.stun")
        wiz.vp = _int(spec.get("vp", 0), f"wizards.{colour}.vp")
        wiz.alive = bool(spec.get("alive", True))
        if wiz.alive and wiz.life <= 0:
            raise ScenarioError(f"wizards.{colour}: a living wizard has life 1 or more, not "
                                f"{wiz.life} (alive: false for a dead one)")
        wiz.items = [pool.take(k, f"wizards.{colour}.items")
                     for k in _list(spec.get("items", []), f"wizards.{colour}.items")]
        for name in _list(spec.get("treasures", []), f"wizards.{colour}.treasures"):
            index = _treasure(st, name, f"wizards.{colour}.treasures")
            if st.treasures[index].carrier is not None:
                raise ScenarioError(f"wizards.{colour}.treasures: {name} is carried already")
            st.treasures[index].carrier, st.treasures[index].square = wiz.seat, None
            wiz.treasures.append(index)


def _treasure(st: WizWarState, name: Any, where: str) -> int:
    for index, t in enumerate(st.treasures):
        if t.name == name:
            return index
    raise ScenarioError(f"{where}: no treasure {name!r}")


def _objects(st: WizWarState, pool: _Cards, raw: list[Any]) -> None:
    """`objects: [{kind: rosebush, square: d3}, {item: large-rock, square: e3}]`."""
    from grimorio.games.wiz_war.effects.vocab import OBJECT_KINDS
    for entry in raw:
        if not isinstance(entry, Mapping) or "square" not in entry:
            raise ScenarioError("objects: each is {kind|item, square[, owner]}")
        sq = _square(st, entry["square"], "objects")
        owner = _seat(st, entry["owner"], "objects.owner") if "owner" in entry else None
        kind = entry.get("kind")
        if "item" in entry:
            obj = BoardObject(st.new_id(), "item", sq, pool.take(entry["item"], "objects"))
        elif isinstance(kind, str) and kind in OBJECT_KINDS:
            obj = BoardObject(st.new_id(), str(entry["kind"]), sq, None, owner)
        else:
            raise ScenarioError(f"objects: unknown kind {kind!r}")
        st.objects.append(obj)


def _spells(st: WizWarState, pool: _Cards, raw: list[Any]) -> None:
    """`spells: [{card, caster, targets: [...], energy, tokens}]`: spells already in play."""
    for entry in raw:
        if not isinstance(entry, Mapping) or "card" not in entry or "caster" not in entry:
            raise ScenarioError("spells: each is {card, caster[, targets, energy, tokens]}")
        card = pool.take(entry["card"], "spells")
        seat = _seat(st, entry["caster"], "spells.caster")
        targets = tuple(str(t) for t in _list(entry.get("targets", []), "spells.targets"))
        _fit(st, str(entry["card"]), targets)
        tokens = entry.get("tokens")
        st.spells.append(SpellInPlay(st.new_id(), card, str(entry["card"]), seat, targets,
                                     _int(entry.get("energy", 0), "spells.energy"),
                                     None if tokens is None else _int(tokens, "spells.tokens")))


def _fit(st: WizWarState, key: str, targets: tuple[str, ...]) -> None:
    """A spell's targets are as many as its script's slots (Fire Darts and Wall of Fire take
    a variable number) and each names a thing of its slot's kind (WW-7.3)."""
    from grimorio.games.wiz_war.effects.registry import Script
    from grimorio.games.wiz_war.effects.vocab import read_target
    script = st.script_of(key)
    slots = script.target_slots(st.cards[key])
    fixed = type(script).play_slots is Script.play_slots
    if fixed and len(targets) != len(slots):
        raise ScenarioError(f"spells.targets: {key} takes {len(slots)} target(s), "
                            f"not {len(targets)}")
    anything = frozenset().union(*slots)
    for index, text in enumerate(targets):
        kinds = slots[index] if fixed else anything
        found = read_target(st, text)
        if found is None or found.kind not in kinds:
            raise ScenarioError(f"spells.targets: {text!r} is not a target of {key} "
                                f"({', '.join(sorted(kinds)) or 'none'})")


def _start(st: WizWarState, setup: Mapping[str, Any]) -> None:
    first = setup.get("first", st.colours[0])
    st.first = _seat(st, first, "first")
    rnd = setup.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= st.turn_limit:
        raise ScenarioError(f"round: a whole number from 1 to the turn limit ({st.turn_limit})")
    st.round = rnd
    for wiz in st.wizards:
        wiz.turns = rnd - 1          # turns already taken (round 2+: attacks allowed)
    st.changed()
    turn_rules.check_victory(st)     # a position already won (2 VP, WW-1.4; one alive, WW-1.5)
    if st.over:
        return
    turn_rules.begin_turn(st, st.first)
    turn_rules.settle(st)

