"""New games from the options, and strict test setups (a position described by a mapping).

`new_game` seats the players on their edges clockwise in seat order (MK-X8), takes the armies
given by option `armies` if any, and runs the setup sequence of rules/setup_phase.py until the
first decision. `from_setup` puts a game straight into play from a mapping documented in
docs/games/mage-knight.md ("Setup mapping"); anything malformed raises ScenarioError naming the
field, and unknown fields are refused.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from grimorio.core.datafile import Fields
from grimorio.core.errors import ScenarioError
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight import terrain
from grimorio.games.mage_knight.frames import run
from grimorio.games.mage_knight.model import EDGES_BY_PLAYERS, Player
from grimorio.games.mage_knight.rules import setup_phase
from grimorio.games.mage_knight.rules.turn import PlayLoop
from grimorio.games.mage_knight.state import MageKnightState

if TYPE_CHECKING:
    from grimorio.games.mage_knight.game import MageKnight


def blank_state(game: MageKnight, seed: int) -> MageKnightState:
    """Players on their edges (MK-X8) and an empty battlefield (MK-3.1)."""
    st = MageKnightState(game, seed)
    size = st.size
    st.field = terrain.Battlefield(size, size, (), st.eps)
    n = game.num_players
    for seat in range(n):
        st.players.append(Player(seat, EDGES_BY_PLAYERS[n][seat], game.teams[seat]))
    return st


def new_game(game: MageKnight, seed: int) -> MageKnightState:
    """A new game up to its first decision (army choice, or the pile when option `armies`
    chose the armies)."""
    st = blank_state(game, seed)
    if game.armies is not None:
        for seat, name in enumerate(game.armies):
            army_id, figures = _army_option(st, seat, name)
            setup_phase.choose_army(st, seat, army_id, figures, secret=False)
    st.frames.append(setup_phase.SetupFlow())
    run(st)
    return st


def _army_option(st: MageKnightState, seat: int, name: str) -> tuple[str | None, tuple[int, ...]]:
    """An army named by option `armies`; `random` draws one of the candidates with a die
    (MK-X14)."""
    if name != "random":
        return name, st.lib.armies[name].figures
    choices = setup_phase.army_choices(st)
    (pick,) = st.roll(1, Text(f"Random army of P{seat + 1}", f"Ejército al azar de J{seat + 1}"),
                      "MK-X14", sides=len(choices), seat=seat)
    return choices[pick - 1]


# ------------------------------------------------------------------------------ strict setups

SETUP_KEYS = ("players", "terrain", "warriors", "active", "first_player", "round", "turn",
              "dice")
PLAYER_KEYS = ("army", "team", "own_turns", "vp_eliminated")
WARRIOR_KEYS = ("at", "facing", "click", "tokens", "token_turn", "busy_turns", "acted",
                "captive", "eliminated", "last_damager")


def from_setup(game: MageKnight, seed: int, setup: dict[str, Any]) -> MageKnightState:
    """A position in the play phase from a mapping (docs/games/mage-knight.md); the active
    player's turn then begins as usual (MK-4.2, Command MK-18.8)."""
    st = blank_state(game, seed)
    top = Fields(setup, "setup")
    _read_players(st, top)
    _read_terrain(st, top)
    _read_warriors(st, top)
    n = len(st.players)
    st.first_player = top.integer("first_player", 0, low=0, high=n - 1)
    st.active = top.integer("active", st.first_player, low=0, high=n - 1)
    st.round = top.integer("round", 0, low=0, high=10**6)
    st.turn = top.integer("turn", 0, low=0, high=10**6)
    dice = top.raw("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool)
                                             and 1 <= d <= 6 for d in dice):
        raise top.fail("dice", "must be a list of d6 results, whole numbers from 1 to 6 "
                       "(MK-X14)")
    top.done()
    st.phase = "play"
    for player in st.players:
        player.deployed = True
        player.out = not any(w.on_table and w.captor is None for w in st.own_warriors(player.seat))
    if st.players[st.active].out:
        raise top.fail("active", f"P{st.active + 1} has no warrior that can act")
    st.script_dice(dice)
    st.frames.append(PlayLoop())
    run(st)
    return st


def _read_players(st: MageKnightState, top: Fields) -> None:
    raw = top.raw("players")
    n = len(st.players)
    if not isinstance(raw, list) or len(raw) != n:
        raise top.fail("players", f"must list {n} players (option players={n})")
    for seat, entry in enumerate(raw):
        f = Fields(entry, f"setup: players[{seat}]")
        army = f.raw("army")
        army_id: str | None = None
        if isinstance(army, str):
            if army not in st.lib.armies:
                raise f.fail("army", f"names no ready-made army: {army!r}")
            army_id, figures = army, st.lib.armies[army].figures
        elif isinstance(army, list) and army and all(
                isinstance(x, int) and not isinstance(x, bool) for x in army):
            figures = tuple(army)
            unknown = [x for x in figures if x not in st.lib.figures]
            if unknown:
                raise f.fail("army", f"has no figure numbered {unknown[0]}")
        else:
            raise f.fail("army", "must be an army id or a non-empty list of figure numbers")
        player = st.players[seat]
        player.team = f.integer("team", player.team, low=0, high=99)
        player.own_turns = f.integer("own_turns", 0, low=0, high=10**6)
        player.vp_eliminated = f.integer("vp_eliminated", 0, low=0, high=10**6)
        f.done()
        st.add_army(seat, figures, army_id)
    if len({p.team for p in st.players}) < 2:
        raise top.fail("players", "need at least two sides (teams)")


def _read_terrain(st: MageKnightState, top: Fields) -> None:
    raw = top.raw("terrain", [])
    if not isinstance(raw, list):
        raise top.fail("terrain", "must be a list of pieces")
    for index, entry in enumerate(raw):
        where = f"setup: terrain[{index}]"
        piece = _read_piece(entry, f"t{index + 1}", where)
        problem = st.field.placement_problem(piece)
        # The spacing of MK-3.5 is a rule of the setup sequence; test positions may ignore it.
        if problem is not None and problem.rule != "MK-3.5":
            raise ScenarioError(f"{where}: {problem.text.en} ({problem.rule})")
        st.field = st.field.with_piece(piece)


def _read_piece(entry: Any, piece_id: str, where: str) -> terrain.TerrainPiece:
    """A terrain entry; `at` is one point [x, y] (terrain's reader may want it as [[x, y]]).
    Every number in it must be finite: nan or inf would reach the polygon library."""
    if isinstance(entry, dict):
        for key, value in entry.items():
            if not _all_finite(value):
                raise ScenarioError(f"{where}: field {key!r} holds a number that is not finite")
    try:
        return terrain.read_piece(entry, piece_id, where)
    except terrain.TerrainError:
        at = entry.get("at") if isinstance(entry, dict) else None
        if not (isinstance(at, list) and len(at) == 2
                and all(isinstance(v, (int, float)) for v in at)):
            raise
        return terrain.read_piece({**entry, "at": [at]}, piece_id, where)


def _finite(value: Any) -> bool:
    """A real number (not a flag), neither nan nor infinite."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _all_finite(value: Any) -> bool:
    """Every float inside `value` (nested lists) is finite; other values are left to the
    field's own reader."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_all_finite(v) for v in value)
    return True


def _read_warriors(st: MageKnightState, top: Fields) -> None:
    raw = top.raw("warriors")
    if not isinstance(raw, dict):
        raise top.fail("warriors", "must map warrior ids (a1, b2...) to their positions")
    unknown = sorted(set(raw) - set(st.warriors))
    if unknown:
        raise top.fail("warriors", f"names {unknown[0]!r}, which is in no army (ids are the "
                       "seat letter and the index in the army: a1, a2, b1...)")
    missing = [wid for wid in st.warriors if wid not in raw]
    if missing:
        raise top.fail("warriors", f"has no entry for {missing[0]} (every warrior needs one; "
                       "use eliminated: true for the pool)")
    links: list[tuple[str, str, Fields]] = []
    for wid, entry in raw.items():
        f = Fields(entry, f"setup: warriors.{wid}")
        captive = _read_warrior(st, wid, f)
        if captive is not None:
            links.append((wid, captive, f))
        f.done()
    for wid in raw:
        _check_position(st, wid, top)
    for captor, captive, f in links:
        _link_captive(st, captor, captive, f)
    st.touch()


def _read_warrior(st: MageKnightState, wid: str, f: Fields) -> str | None:
    w = st.warriors[wid]
    figure = st.figure(wid)
    player = st.players[w.owner]
    w.eliminated = f.flag("eliminated", False)
    w.click = f.integer("click", figure.start, low=0, high=figure.live_clicks - 1)
    w.last_damager = f.integer("last_damager", None, low=0, high=len(st.players) - 1,
                               nullable=True)
    if w.eliminated:
        return None
    at = f.raw("at")
    if not isinstance(at, list) or len(at) != 2 or not all(_finite(v) for v in at):
        raise f.fail("at", "must be [x, y] in inches")
    w.x, w.y = nt.coord(at[0]), nt.coord(at[1])
    facing = f.raw("facing", 90)
    if not _finite(facing):
        raise f.fail("facing", "must be an angle in degrees")
    w.facing = nt.angle(facing)
    w.placed = True
    w.tokens = f.integer("tokens", 0, low=0, high=2)
    w.token_turn = f.integer("token_turn", player.own_turns if w.tokens else -1, low=-1,
                             high=10**6)
    busy = f.raw("busy_turns", [])
    if (not isinstance(busy, list) or len(busy) > 2
            or not all(isinstance(t, int) and 0 < t <= player.own_turns for t in busy)):
        raise f.fail("busy_turns", f"must list at most two own-turn numbers from 1 to "
                     f"{player.own_turns} (the player's own_turns)")
    w.busy_turns = tuple(sorted(busy))
    if f.flag("acted", False):
        w.acted_turn = player.own_turns + 1
    captive: str | None = f.optional_text("captive")
    return captive


def _check_position(st: MageKnightState, wid: str, top: Fields) -> None:
    w = st.warriors[wid]
    if not w.placed:
        return
    where = f"setup: warriors.{wid}.at"
    problem = st.field.end_problem(w.x, w.y, st.radius, aquatic=st.has(w.id, "aquatic"))
    if problem is not None:
        raise ScenarioError(f"{where}: {problem.text.en} ({problem.rule})")
    for other in st.warriors.values():
        if other.id != wid and other.placed and (
                math.hypot(other.x - w.x, other.y - w.y) - 2 * st.radius < -st.eps):
            raise ScenarioError(f"{where}: the base overlaps {other.id} (MK-G4)")


def _link_captive(st: MageKnightState, captor: str, captive: str, f: Fields) -> None:
    """`captor` holds `captive` (MK-12.4): opposing, both on the table, touching."""
    held = st.warriors.get(captive)
    if held is None or not held.placed:
        raise f.fail("captive", f"{captive!r} is not a warrior on the table")
    if not st.opposing(captor, captive):
        raise f.fail("captive", f"{captive} is friendly to {captor} (MK-12.1)")
    if held.captor is not None or st.warriors[captor].captor is not None:
        raise f.fail("captive", f"{captive} is already held, or {captor} is itself a captive")
    w = st.warriors[captor]
    gap = math.hypot(held.x - w.x, held.y - w.y) - 2 * st.radius
    if abs(gap) > st.eps:
        raise f.fail("captive", f"{captive} must touch {captor} (MK-12.4)")
    w.captive, held.captor = captive, captor
