"""New games and scenario setups: a position described by a mapping (tests, puzzles).

The setup format is documented in docs/games/mage-wars.md ("Setup mapping"). Anything
malformed raises ScenarioError naming the field; unknown fields are refused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from grimorio.core.datafile import as_list as _list
from grimorio.core.datafile import whole_number as _int
from grimorio.core.errors import ScenarioError
from grimorio.games.mage_wars import books, data
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.model import CONDITIONS, MAGE_CARD, Obj, Player
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.state import MageWarsState, card_index

if TYPE_CHECKING:
    from grimorio.games.mage_wars.game import MageWars

KNOWN = frozenset({"round", "initiative", "phase", "activate", "players", "objects", "walls",
                   "teams"})
PLAYER_KEYS = frozenset({"class", "mana", "damage", "zone", "quickcast", "active", "guard",
                         "markers", "planned", "book", "discard", "book_file", "element",
                         "life"})
OBJECT_KEYS = frozenset({"card", "controller", "owner", "zone", "host", "damage", "active",
                         "guard", "markers", "late", "mana", "face_up", "oid", "used", "slots",
                         "entered_round", "banished"})
BANISHED_KEYS = frozenset({"tokens", "from"})
PHASES = ("planning", "upkeep", "action", "menu")
# The bounds of a setup's numbers (docs/games/mage-wars.md, "Setup mapping"): far above what a
# game reaches, low enough that a typo or a hostile mapping is refused, naming the field.
MAX_MANA = 999          # a player's pool, the mana on an object
MAX_DAMAGE = 999
MAX_LIFE = 999
MAX_MARKERS = 99        # of one condition on one object
MAX_OID = 999


def resolve_classes(game: MageWars, seed: int) -> list[str]:
    """The classes in seat order; 'random' picks with the seed, another class than the
    opponent's unless mirror matches are on (MW-A25)."""
    chooser = random.Random(seed)
    out: list[str] = []
    for wanted in game.classes:
        if wanted != "random":
            out.append(wanted)
            continue
        pool = [c for c in data.MAGE_CLASSES
                if game.options["mirror"] or (c not in out and c not in game.classes)]
        out.append(chooser.choice(pool))
    return out


def full_book(mage_class: str) -> list[str]:
    """The class's apprentice spellbook as a sorted list of card ids (MW-1.9, MW-1.10)."""
    book = data.shipped().apprentice.spellbook(mage_class)
    return sorted(e.card for e in book.entries for _ in range(e.count))


def add_mage(st: MageWarsState, seat: int, mage_class: str, zone: str) -> Player:
    """A player and its Apprentice mage o1/o2 (MW-1.6, MW-2.7-MW-2.10)."""
    stats = data.shipped().apprentice.mage
    player = Player(seat, mage_class, seat + 1, mana=stats.starting_mana,
                    channeling=stats.channeling, life=stats.life, quickcast=True,
                    book=full_book(mage_class))
    st.players.append(player)
    st.objs[seat + 1] = Obj(seat + 1, MAGE_CARD, "mage", seat, seat, zone=zone, active=True)
    st.next_oid = max(st.next_oid, seat + 2)
    return player


# Start zones of the games of three or four (MW-B28): teams start together in opposite
# corners of the full arena (MW-9.9); a free-for-all on the free-for-all arena starts in its
# corners, clockwise in seat order (four: A1, A4, F4, F1; three: A1, A4, F2, as the seed gives
# no three-player zones), or, on the full arena, in A1, A4, C4, C1 (three: A1, A4, C2).
START_ZONES: dict[tuple[str, str, int], tuple[str, ...]] = {
    ("teams", "full", 4): ("A1", "C4"),            # team 0's corner, team 1's
    ("ffa", "free-for-all", 4): ("A1", "A4", "F4", "F1"),
    ("ffa", "free-for-all", 3): ("A1", "A4", "F2"),
    ("ffa", "full", 4): ("A1", "A4", "C4", "C1"),
    ("ffa", "full", 3): ("A1", "A4", "C2"),
}


def start_zones(st: MageWarsState, teams: tuple[int, ...]) -> tuple[str, ...]:
    """The mages' start zones in seat order: the arena's own for a duel (MW-2.5); for a
    team game each team's corner, team 0 in A1 and team 1 in C4 (MW-9.9, MW-B28)."""
    seats = len(teams)
    if seats == 2:
        return tuple(st.arena.start_zones)
    if any(t >= 0 for t in teams):
        corners = START_ZONES[("teams", st.arena_id, 4)]
        return tuple(corners[t] for t in teams)
    return START_ZONES[("ffa", st.arena_id, seats)]


def new_game(game: MageWars, seed: int) -> MageWarsState:
    """Setup (MW-2.7): mages in their start zones with 10 mana and active markers, full books;
    then the initiative roll (MW-2.11) and round 1. Three or four mages (Chapter IX) sit in
    seat order, clockwise, their teams and start zones set by the format (MW-9.6, MW-B28)."""
    st = MageWarsState(game, seed, game.arena_for())                 # MW-7.1, MW-9.12
    if game.full:
        st.memo["mode"] = "full"
    zones = start_zones(st, game.teams)
    for seat, mage_class in enumerate(resolve_classes(game, seed)):
        player = add_mage(st, seat, mage_class, zones[seat])
        player.team = game.teams[seat]
        if game.full:
            books.make_full(st, player, game.books[seat])
    if game.full:       # a pending card refuses the game, naming it
        books.refuse_unplayable([(f"P{p.seat + 1} ({p.mage_class})", p.book)
                                 for p in st.players])
    st.frames = [round_rules.Round(), round_rules.Start()]
    run(st)
    st.changed()
    return st


# ---------------------------------------------------------------------------- scenario setups

def from_setup(game: MageWars, seed: int, setup: Mapping[str, Any]) -> MageWarsState:
    """The position a setup describes (docs/games/mage-wars.md, "Setup mapping")."""
    unknown = sorted(str(k) for k in set(setup) - KNOWN)
    if unknown:
        raise ScenarioError(f"unknown setup field {unknown[0]!r} (known: "
                            f"{', '.join(sorted(KNOWN))})")
    seats = game.num_players
    teams = _teams(game, setup.get("teams"))
    try:
        st = MageWarsState(game, seed, game.arena_for(), _walls(setup.get("walls", [])))
    except ValueError as exc:
        raise ScenarioError(f"walls: {exc}") from None
    if game.full:
        st.memo["mode"] = "full"
    st.round = _number(setup.get("round", 1), "round", 1, st.round_limit)
    st.initiative = _int(setup.get("initiative", 0), "initiative", 0)
    if st.initiative >= seats:
        raise ScenarioError("initiative: a seat, 0 or 1" if seats == 2 else
                            f"initiative: a seat, 0 to {seats - 1}")
    classes = resolve_classes(game, seed)
    raw_players = _list(setup.get("players", [{}] * seats), "players")
    if len(raw_players) != seats:
        raise ScenarioError("players: exactly two entries, in seat order" if seats == 2 else
                            f"players: exactly {seats} entries, in seat order")
    zones = start_zones(st, teams)
    for seat, raw in enumerate(raw_players):
        _player(st, seat, classes[seat], _mapping(raw, f"players[{seat}]"), zones[seat])
        st.players[seat].team = teams[seat]
    for index, raw in enumerate(_list(setup.get("objects", []), "objects")):
        _object(st, index, _mapping(raw, f"objects[{index}]"))
    for seat, raw in enumerate(raw_players):
        _book(st, seat, raw.get("book"))
    _possible(st)
    _start(st, setup)
    st.changed()
    run(st)
    st.changed()
    return st


def _start(st: MageWarsState, setup: Mapping[str, Any]) -> None:
    """The frames for the phase the setup starts in."""
    phase = setup.get("phase", "action")
    if phase not in PHASES:
        raise ScenarioError(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    if (phase == "menu") != ("activate" in setup):
        raise ScenarioError("activate: needed with phase menu, and only then")
    if phase == "planning":
        st.frames = [round_rules.Round(round_rules.PLANNING, first=False)]
    elif phase == "upkeep":
        st.frames = [round_rules.Round(round_rules.UPKEEP, first=False)]
    else:
        st.frames = [round_rules.Round(round_rules.END, first=False),
                     round_rules.ActionPhase(round_rules.TURNS, st.initiative)]
    if phase == "menu":
        _menu(st, setup["activate"])


def _menu(st: MageWarsState, raw: Any) -> None:
    from grimorio.games.mage_wars.rules import activation

    oid = _int(raw, "activate", 1)
    obj = st.objs.get(oid)
    if obj is None or not obj.is_creature or obj.zone is None:
        raise ScenarioError(f"activate: o{oid} is not a creature in the arena")
    phase = st.frames[-1]
    assert isinstance(phase, round_rules.ActionPhase)
    phase.seat, phase.stage = obj.controller, round_rules.AFTER_TURN
    activation.at_menu(st, oid)


def _teams(game: MageWars, raw: Any) -> tuple[int, ...]:
    """The setup's `teams`: one team (0 or 1) per seat, two seats each, only in a team game of
    four (MW-9.6); without it, the format's teams (seats alternating)."""
    if raw is None:
        return game.teams
    if game.format != "teams":
        raise ScenarioError("teams: only a team game has teams (4 players, format teams: "
                            "MW-9.6); the seed gives no three-player teams")
    items = _list(raw, "teams")
    if len(items) != len(game.teams):
        raise ScenarioError(f"teams: exactly {len(game.teams)} entries, one per seat")
    if any(isinstance(t, bool) or t not in (0, 1) for t in items) \
            or sorted(items) != [0, 0, 1, 1]:
        raise ScenarioError(f"teams: two seats on team 0 and two on team 1, not {items!r}")
    return tuple(int(t) for t in items)


def _player(st: MageWarsState, seat: int, default_class: str, raw: Mapping[str, Any],
            default_zone: str) -> None:
    where = f"players[{seat}]"
    _known(raw, PLAYER_KEYS, where)
    mage_class = raw.get("class", default_class)
    if mage_class not in data.MAGE_CLASSES:
        raise ScenarioError(f"{where}.class: {mage_class!r} is not a mage class")
    zone = _zone(st, raw.get("zone", default_zone), f"{where}.zone")
    player = add_mage(st, seat, str(mage_class), zone)
    _full_player(st, player, raw, where)
    player.mana = _number(raw.get("mana", player.mana), f"{where}.mana", 0, MAX_MANA)
    player.quickcast = _bool(raw.get("quickcast", True), f"{where}.quickcast")
    player.planned = sorted(_cards(raw.get("planned", []), f"{where}.planned"))
    player.discard = _cards(raw.get("discard", []), f"{where}.discard")
    mage = st.objs[player.mage]
    mage.damage = _number(raw.get("damage", 0), f"{where}.damage", 0, MAX_DAMAGE)
    mage.active = _bool(raw.get("active", True), f"{where}.active")
    mage.guard = _bool(raw.get("guard", False), f"{where}.guard")
    mage.markers = _markers(raw.get("markers", {}), f"{where}.markers")


def _full_player(st: MageWarsState, player: Player, raw: Mapping[str, Any], where: str
                 ) -> None:
    """A full game's mage (MW-7.2): its numbers, the Wizard's `element`, a `book_file` (checked,
    MW-8.3; it must be for this mage) and `life` (after Divine Reward or the Bloodreaper's
    price, MW-7.18, MW-7.25)."""
    if st.memo.get("mode") != "full":
        if {"book_file", "element", "life"} & set(raw):
            raise ScenarioError(f"{where}: book_file, element and life need mode=full")
        return
    book = None
    if "book_file" in raw:
        try:
            book = books.load(str(raw["book_file"]))
        except ValueError as exc:
            raise ScenarioError(f"{where}.book_file: {exc}") from None
        if book is not None and (book.mage is None or book.mage.id != player.mage_class):
            raise ScenarioError(f"{where}.book_file: the book is not for the "
                                f"{player.mage_class}")
        if book is not None:
            missing = books.unplayable(books.card_ids(book))
            if missing:
                raise ScenarioError(f"{where}.book_file: cards still pending: "
                                    f"{', '.join(missing)}")
    mage = data.shipped().mage(player.mage_class)
    element = raw.get("element")
    if element is not None and element not in mage.training.choose_one_of:
        raise ScenarioError(f"{where}.element: {element!r} is not one of "
                            f"{', '.join(mage.training.choose_one_of) or 'nothing'} (MW-7.31)")
    books.make_full(st, player, book, element)
    if book is None:        # the starter book's playable cards (pending ones left out)
        player.book = [c for c in player.book if c in card_index()]
    player.life = _number(raw.get("life", player.life), f"{where}.life", 1, MAX_LIFE)
    player.mana = mage.starting_mana


def _book(st: MageWarsState, seat: int, raw: Any) -> None:
    """The book given, or the class's book minus the cards planned, in play or discarded."""
    player = st.players[seat]
    where = f"players[{seat}].book"
    if raw is not None:
        player.book = sorted(_cards(raw, where))
        return
    book = list(player.book) if st.memo.get("mode") == "full" else full_book(player.mage_class)
    used = [*player.planned, *player.discard,
            *(o.card for o in st.objs.values() if o.owner == seat and o.card != MAGE_CARD)]
    for card in used:
        if card in book:
            book.remove(card)
    player.book = book


def _object(st: MageWarsState, index: int, raw: Mapping[str, Any]) -> None:
    where = f"objects[{index}]"
    _known(raw, OBJECT_KEYS, where)
    card_id = raw.get("card")
    if not isinstance(card_id, str) or card_id not in st.cards or card_id == MAGE_CARD:
        raise ScenarioError(f"{where}.card: unknown card {card_id!r}")
    card = st.card(card_id)
    host = _host(st, raw.get("host"), where)
    controller = _seat(st, raw.get("controller", _default_controller(st, host)), where)
    oid = st.next_oid if "oid" not in raw else _number(raw["oid"], f"{where}.oid", 3, MAX_OID)
    if oid in st.objs:
        raise ScenarioError(f"{where}.oid: o{oid} is taken")
    zone = raw.get("zone")
    zone = None if zone is None else _zone(st, zone, f"{where}.zone")
    away = _banished(st, card, raw.get("banished"), zone, where)
    _placement(card, zone if away is None else away[1], host, st, where)
    face_up = _bool(raw.get("face_up", True), f"{where}.face_up")
    if not face_up and card.type != "enchantment":
        raise ScenarioError(f"{where}.face_up: only an enchantment is ever face down "
                            "(MW-5.75, MW-5.83)")
    obj = st.new_obj(card_id, card.type, _seat(st, raw.get("owner", controller), where),
                     controller, zone=zone, host=host, oid=oid,
                     active=_bool(raw.get("active", card.type == "creature"), f"{where}.active"),
                     face_up=face_up)
    # A placed object was already there: it entered in an earlier round unless the setup says
    # otherwise (Rouse the Beast looks for creatures summoned this round).
    obj.entered_round = _number(raw.get("entered_round", st.round - 1),
                                f"{where}.entered_round", 0, st.round)
    obj.damage = _number(raw.get("damage", 0), f"{where}.damage", 0, MAX_DAMAGE)
    obj.guard = _bool(raw.get("guard", False), f"{where}.guard")
    obj.markers = _markers(raw.get("markers", {}), f"{where}.markers")
    obj.late = _markers(raw.get("late", {}), f"{where}.late")
    obj.mana = _number(raw.get("mana", 0), f"{where}.mana", 0, MAX_MANA)
    obj.used = frozenset(_texts(raw.get("used", []), f"{where}.used"))
    slot = () if card.equipment_slot is None else (card.equipment_slot,)
    if card.both_hands:             # weapon and shield at once (MW-5.105)
        slot = tuple(dict.fromkeys((*slot, "weapon", "shield")))
    obj.slots = tuple(_texts(raw.get("slots", list(slot)), f"{where}.slots"))
    if away is not None:        # as Banish leaves it (MW-S12): its action marker kept
        from grimorio.games.mage_wars.effects import incantations

        obj.memo["banish"] = away[0]
        obj.memo[incantations.BANISHED_FROM] = list(st.arena.zones).index(away[1]) + 1
        obj.memo[incantations.BANISHED_ACTIVE] = int(obj.active)


def _banished(st: MageWarsState, card: data.Card, raw: Any, zone: str | None, where: str
              ) -> tuple[int, str] | None:
    """A creature out of the arena under Banish (MW-S12): `banished: {tokens, from}`, the
    Banish tokens left (1 to the card's 3) and the zone it left, where it comes back; it
    stands in no zone. None without the field."""
    if raw is None:
        return None
    where = f"{where}.banished"
    if card.type != "creature":
        raise ScenarioError(f"{where}: only a creature other than a mage is ever banished "
                            "(MW-S12)")
    if zone is not None:
        raise ScenarioError(f"{where}: a banished creature stands in no zone; the zone it "
                            "left is banished.from, not zone (MW-S12)")
    fields = _mapping(raw, where)
    _known(fields, BANISHED_KEYS, where)
    missing = sorted(BANISHED_KEYS - set(fields))
    if missing:
        raise ScenarioError(f"{where}.{missing[0]}: needed (tokens and from)")
    most = int(dict(st.card("banish").params)["banish_tokens"])
    tokens = _number(fields["tokens"], f"{where}.tokens", 1, most)
    return tokens, _zone(st, fields["from"], f"{where}.from")


def _possible(st: MageWarsState) -> None:
    """Refuse positions the rules can never reach: a mage whose damage is at least its life is
    already destroyed (MW-3.1), and so is a creature or conjuration (MW-X-8.2); an
    Incapacitated creature holds no Guard marker (MW-X-6.38, MW-6.132)."""
    from grimorio.games.mage_wars import traits
    from grimorio.games.mage_wars.effects import incantations

    st.changed()
    for obj in sorted(st.objs.values(), key=lambda o: o.oid):
        where = f"o{obj.oid} ({obj.card})"
        if obj.has_life and obj.face_up \
                and (obj.zone is not None or incantations.banished(st, obj.oid)) \
                and obj.damage >= traits.life(st, obj.oid):
            raise ScenarioError(f"{where}: damage {obj.damage} is at least its life "
                                f"{traits.life(st, obj.oid)}, so it is already destroyed "
                                "(MW-3.1, MW-X-8.2)")
        if obj.guard and obj.is_creature and traits.is_incapacitated(st, obj.oid):
            raise ScenarioError(f"{where}: an Incapacitated creature (Stun, Sleep) has no "
                                "Guard marker (MW-X-6.38, MW-6.132)")


def _default_controller(st: MageWarsState, host: int | None) -> int:
    """Equipment is controlled by the mage wearing it (MW-5.107); else seat 0."""
    return 0 if host is None else st.objs[host].controller


def _host(st: MageWarsState, raw: Any, where: str) -> int | None:
    if raw is None:
        return None
    oid = _int(raw, f"{where}.host", 1)
    if oid not in st.objs:
        raise ScenarioError(f"{where}.host: no object o{oid} (list hosts first)")
    return oid


def _placement(card: data.Card, zone: str | None, host: int | None, st: MageWarsState,
               where: str) -> None:
    """Creatures and conjurations stand in a zone; equipment hangs on a mage (MW-5.104);
    an enchantment on an object or a zone (MW-5.77)."""
    if card.type in ("creature", "conjuration") and (zone is None or host is not None):
        raise ScenarioError(f"{where}: a {card.type} needs a zone and no host")
    if card.type == "equipment" and (host is None or st.objs[host].kind != "mage"):
        raise ScenarioError(f"{where}: equipment needs a mage as host (MW-5.104)")
    if card.type == "enchantment" and (zone is None) == (host is None):
        raise ScenarioError(f"{where}: an enchantment needs a host or a zone, not both")
    if card.type in ("attack", "incantation"):
        raise ScenarioError(f"{where}: a {card.type} spell never stays in play (MW-X-10.1)")


# ---------------------------------------------------------------------------- field readers

def _known(raw: Mapping[str, Any], keys: frozenset[str], where: str) -> None:
    unknown = sorted(str(k) for k in set(raw) - keys)
    if unknown:
        raise ScenarioError(f"{where}: unknown field {unknown[0]!r} (known: "
                            f"{', '.join(sorted(keys))})")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{where}: a mapping, not {value!r}")
    return value


def _number(value: Any, where: str, least: int, most: int) -> int:
    """A whole number (not a bool, a float or a text) from `least` to `most`."""
    number = _int(value, where, least)
    if number > most:
        raise ScenarioError(f"{where}: at most {most}, not {number}")
    return number


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: true or false, not {value!r}")
    return value


def _seat(st: MageWarsState, value: Any, where: str) -> int:
    seats = len(st.players)
    if isinstance(value, bool) or value not in range(seats):
        if seats == 2:
            raise ScenarioError(f"{where}: a seat is 0 or 1, not {value!r}")
        raise ScenarioError(f"{where}: a seat is 0 to {seats - 1}, not {value!r}")
    return int(value)


def _zone(st: MageWarsState, value: Any, where: str) -> str:
    if not isinstance(value, str) or value.upper() not in st.arena.zones:
        raise ScenarioError(f"{where}: {value!r} is not a zone of the {st.arena_id} arena")
    return value.upper()


def _texts(value: Any, where: str) -> list[str]:
    items = _list(value, where)
    if not all(isinstance(v, str) and v for v in items):
        raise ScenarioError(f"{where}: a list of texts")
    return list(items)


def _cards(value: Any, where: str) -> list[str]:
    cards = _texts(value, where)
    for card in cards:
        if card not in _card_ids():
            raise ScenarioError(f"{where}: unknown card {card!r}")
    return cards


def _card_ids() -> frozenset[str]:
    """The cards a book, planned spells or a discard pile may name: the state's card index
    (the same one objects are checked against), but the mage's pseudo card."""
    return frozenset(card_index()) - {MAGE_CARD}


def _markers(value: Any, where: str) -> dict[str, int]:
    raw = _mapping(value, where)
    out: dict[str, int] = {}
    for key, count in raw.items():
        if key not in CONDITIONS:
            raise ScenarioError(f"{where}: {key!r} is not a condition "
                                f"({', '.join(CONDITIONS)})")
        if _number(count, f"{where}.{key}", 0, MAX_MARKERS) > 0:
            out[str(key)] = count
    return out


def _walls(value: Any) -> frozenset[frozenset[str]]:
    out = []
    for index, pair in enumerate(_list(value, "walls")):
        if not isinstance(pair, list) or len(pair) != 2 \
                or not all(isinstance(z, str) for z in pair):
            raise ScenarioError(f"walls[{index}]: a pair of zone names, not {pair!r}")
        out.append(frozenset(z.upper() for z in pair))
    return frozenset(out)


