"""`WarcraftState`: one position of a warcraft game (document, view, resample, clone).

The rules run as frames (`actions.Frame`, grimorio.core.flow) on `st.frames`; the position is
the players, what each side has in each zone (model.py explains the model), the board's marks
and the scenario's tokens. The state document is described in docs/games/warcraft.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.flow import AskDriven
from grimorio.core.i18n import Text
from grimorio.core.state import State, jsonable
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import Frame, WCAction
from grimorio.games.warcraft.model import NEUTRAL, Force, Player, TokenState

if TYPE_CHECKING:
    from grimorio.core.game import Game
    from grimorio.games.warcraft.rules.combat import Battle

PHASES = data.PHASES


class WarcraftState(AskDriven, State):
    """Players, the zones' contents, marks and tokens, and the stack of rule frames.

    `_legal` caches the legal list (as dict keys); every action drops it (`_apply`)."""

    __slots__ = ("_legal", "battle", "board", "depletion", "first", "frames", "lib", "marks",
                 "memo", "move_mods", "neutral", "over", "phase", "players", "ret", "scenario",
                 "sealed", "teams", "tokens", "turn", "turn_limit", "winners", "zones")
    action_type = WCAction
    idle_rule = "WC-4.1"

    def __init__(self, game: Game, seed: int, scenario: data.Scenario) -> None:
        super().__init__(game, seed)
        self.lib = data.library()
        self.scenario = scenario
        self.board = scenario.board
        self.players: list[Player] = []
        self.neutral: Player | None = None
        self.teams: tuple[int, ...] = ()          # team index per seat (its own seat if none)
        self.zones: dict[str, dict[int, Force]] = {z: {} for z in self.board.zones}
        self.depletion: dict[str, str] = {}       # zone -> partial | complete (WC-2.10)
        self.marks: frozenset[str] = frozenset()  # Town Halls that fell once (WC-7.6)
        self.tokens: tuple[TokenState, ...] = ()
        self.sealed: frozenset[str] = frozenset()  # Town Halls nobody may leave (WC-9.5)
        # Movement effects of this turn: (seat, zone) -> effects ("haste", "cripple") for the
        # pieces of `seat` starting a move from `zone` (WC-13.17, WC-13.21, WC-A19).
        self.move_mods: dict[tuple[int, str], frozenset[str]] = {}
        self.frames: list[Frame] = []
        self.ret: Any = None
        self.turn = 1
        self.turn_limit = int(game.options.get("turn_limit", 25))
        self.first = 0                            # the First Player's seat (WC-3.8, WC-4.3)
        self.phase = "movement"
        self.over = False
        self.winners: tuple[int, ...] = ()        # empty at the end: a draw
        self.memo: dict[str, Any] = {}            # other modules' small JSON-able values
        self.battle: Battle | None = None         # the combat being fought (rules/combat.py)
        self._legal: dict[Action, None] | None = None

    # ---- seats and sides ---------------------------------------------------------------------
    @property
    def seats(self) -> range:
        return range(len(self.players))

    def player(self, seat: int) -> Player:
        """A seat's player, or the neutral army for NEUTRAL."""
        if seat == NEUTRAL:
            assert self.neutral is not None
            return self.neutral
        return self.players[seat]

    def alive(self, seat: int) -> bool:
        return seat == NEUTRAL or not self.players[seat].eliminated

    def order(self) -> list[int]:
        """Seats still in the game, clockwise from the First Player (WC-4.2, WC-A32)."""
        n = len(self.players)
        return [s for s in ((self.first + i) % n for i in range(n))
                if not self.players[s].eliminated]

    def allied(self, a: int, b: int) -> bool:
        """Same seat or same team (section 15); the neutrals have no allies (WC-A28)."""
        if a == NEUTRAL or b == NEUTRAL:
            return a == b
        return a == b or self.teams[a] == self.teams[b]

    def enemies(self, a: int, b: int) -> bool:
        return not self.allied(a, b)

    def team_of(self, seat: int) -> list[int]:
        return [s for s in self.seats if self.allied(s, seat)]

    def seat_of_race(self, race: str) -> int | None:
        return next((p.seat for p in self.players if p.race == race), None)

    # ---- zones -------------------------------------------------------------------------------
    def force(self, zone: str, seat: int) -> Force:
        """A side's pieces in a zone, created empty if needed (prune afterwards)."""
        sides = self.zones[zone]
        found = sides.get(seat)
        if found is None:
            found = sides[seat] = Force()
        return found

    def get(self, zone: str, seat: int) -> Force | None:
        return self.zones[zone].get(seat)

    def prune(self, zone: str) -> None:
        """Forget sides that have nothing left in `zone`."""
        sides = self.zones[zone]
        for seat in [s for s, f in sides.items() if f.empty]:
            del sides[seat]

    def units(self, zone: str, seat: int) -> int:
        force = self.zones[zone].get(seat)
        return 0 if force is None else force.units

    def side_units(self, zone: str, seat: int) -> int:
        """Units of `seat` and its partners in `zone` (stacking, WC-15.4)."""
        return sum(f.units for s, f in self.zones[zone].items() if self.allied(s, seat))

    def side_workers(self, zone: str, seat: int) -> int:
        """Workers (and Necromancers, WC-A29) of `seat` and its partners in `zone`."""
        return sum(f.workers + f.necromancers for s, f in self.zones[zone].items()
                   if self.allied(s, seat))

    def enemy_units(self, zone: str, seat: int) -> int:
        return sum(f.units for s, f in self.zones[zone].items() if self.enemies(s, seat))

    def enemy_presence(self, zone: str, seat: int) -> bool:
        """An enemy unit, worker, Necromancer or outpost is in `zone` (WC-6.5, WC-6.6)."""
        return any(not f.empty for s, f in self.zones[zone].items() if self.enemies(s, seat))

    def contested(self, zone: str) -> bool:
        """Units of two opposed sides share the zone (WC-7.1, WC-A16)."""
        sides = self.zones[zone]
        if len(sides) < 2:
            return False
        armed = [s for s, f in sides.items() if f.units]
        return any(self.enemies(a, b) for i, a in enumerate(armed) for b in armed[i + 1:])

    def on_board(self, seat: int, kind: str) -> int:
        """Pieces of a kind a side has on the board (militia are workers, WC-A34)."""
        total = 0
        militia = kind == "workers"
        for sides in self.zones.values():
            force = sides.get(seat)
            if force is not None:
                total += force.count(kind) + (force.militia if militia else 0)
        return total

    def outposts_of(self, seat: int) -> int:
        """Outposts on the board, finished or not (WC-10.13)."""
        forces = (sides.get(seat) for sides in self.zones.values())
        return sum(f.outposts + f.building for f in forces if f is not None)

    # ---- components and cards ----------------------------------------------------------------
    def cap(self, kind: str) -> int:
        """What a race owns of a piece kind (WC-2.1)."""
        comps = self.lib.components
        return comps.workers.value if kind == "workers" else comps.units[kind].value

    def reserve(self, seat: int, kind: str) -> int:
        """Markers of a kind left in a side's reserve: owned minus on the board, in training,
        and killed units held aside (WC-2.1, WC-10.8, WC-A31)."""
        player = self.player(seat)
        used = self.on_board(seat, kind) + player.training.get(kind, 0)
        used += sum(n for key, n in player.dead.items() if key.endswith(f" {kind}"))
        if kind == "workers":
            used += sum(1 for _, worker in player.constructing if worker)
        return max(0, self.cap(kind) - used)

    def unit_card(self, seat: int, kind: str) -> data.UnitCard:
        """The top card of a side's stack for a unit type (WC-2.2, WC-10.17)."""
        player = self.player(seat)
        return self.lib.races[player.race].units[kind].card(player.levels[kind])

    def strength(self, seat: int, kind: str) -> int:
        return self.unit_card(seat, "melee" if kind == "militia" else kind).strength.value

    def ability(self, seat: int, kind: str) -> str:
        return self.unit_card(seat, "melee" if kind == "militia" else kind).ability.value

    def remove_units(self, zone: str, seat: int, kind: str, n: int, rule: str) -> None:
        """Take `n` units of `kind` (melee, ranged, flying or militia) off the board as
        casualties. They return to the reserve (WC-11.9) — militia as workers (WC-A34) — except
        the neutrals, gone for good (WC-16.4), and units that come back later (WC-19.6: held
        aside until `scenarios.after_combat`)."""
        from grimorio.games.warcraft.rules import scenarios

        force = self.force(zone, seat)
        assert force.count(kind) >= n, f"removing {n} {kind} from {zone}: not there"
        force.add(kind, -n)
        if kind != "militia" and scenarios.respawns(self, seat):
            key = f"{zone} {kind}"
            player = self.players[seat]
            player.dead[key] = player.dead.get(key, 0) + n
        self.prune(zone)

    def card(self, card_id: str) -> data.Card:
        return self.lib.experience.cards[card_id]

    def draw(self, seat: int, n: int, rule: str) -> list[str]:
        """Draw `n` experience cards; an empty deck is refilled from the shuffled discards
        first, and with none there is nothing to draw (WC-11.4). Watches Furion's spell
        (WC-19.10, WC-A31 d) through rules/scenarios.py."""
        from grimorio.games.warcraft.rules import scenarios

        player = self.players[seat]
        drawn: list[str] = []
        for _ in range(n):
            if not player.deck and player.discard:
                self._refill(player, rule)
            if not player.deck:
                break
            drawn.append(player.deck.pop(0))
            self.reveal()
            if not player.deck:
                scenarios.deck_emptied(self, seat)
        player.hand.extend(drawn)
        self._log_draw(seat, drawn, rule)
        return drawn

    def _refill(self, player: Player, rule: str) -> None:
        cards = list(player.discard)
        player.discard.clear()
        self.shuffle(cards)
        player.deck.extend(cards)
        self.emit("reshuffle", "WC-11.4",
                  Text(f"P{player.seat + 1} shuffles the discards into a new deck.",
                       f"J{player.seat + 1} baraja los descartes como nuevo mazo."),
                  seat=player.seat, cards=len(cards), cause=rule)

    def _log_draw(self, seat: int, drawn: list[str], rule: str) -> None:
        if self.quiet or not drawn:
            return
        n = len(drawn)
        self.emit("draw", rule, Text(f"P{seat + 1} draws {n} experience card(s).",
                                     f"J{seat + 1} roba {n} carta(s) de experiencia."),
                  seat=seat, count=n)
        names = ", ".join(drawn)
        self.emit("drawn", rule, Text(f"You draw: {names}.", f"Robas: {names}."),
                  visible_to=frozenset({seat}), seat=seat, cards=list(drawn))

    def shuffle(self, cards: list[str]) -> None:
        """Shuffle with the state's seeded stream (scripted dice never apply to shuffles)."""
        self.dice.shuffle(cards)

    def pay(self, seat: int, gold: int, wood: int) -> None:
        player = self.players[seat]
        assert player.gold >= gold and player.wood >= wood, "paying with tokens one lacks"
        player.gold -= gold
        player.wood -= wood

    def can_pay(self, seat: int, gold: int, wood: int) -> bool:
        player = self.players[seat]
        return player.gold >= gold and player.wood >= wood

    # ---- State hooks (the rest come from grimorio.core.flow.AskDriven) --------------------
    def _apply(self, action: Action) -> None:
        self._answer(action)

    def _returns(self) -> list[float]:
        if not self.winners:
            return [0.0] * len(self.players)
        return [1.0 if s in self.winners else -1.0 for s in self.seats]

    # ---- documents ---------------------------------------------------------------------------
    def _public_document(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario.id, "turn": self.turn, "turn_limit": self.turn_limit,
            "phase": self.phase, "first_player": self.first,
            "players": [p.public_json() for p in self.players],
            "neutral": None if self.neutral is None else self.neutral.public_json(),
            "zones": {z: {str(s): f.to_json() for s, f in sorted(sides.items())}
                      for z, sides in self.zones.items() if sides},
            "depletion": dict(sorted(self.depletion.items())),
            "marks": sorted(self.marks), "sealed": sorted(self.sealed),
            "tokens": [t.to_json() for t in self.tokens],
            "move_mods": [[s, z, sorted(m)] for (s, z), m in sorted(self.move_mods.items())],
            "over": self.over, "winners": list(self.winners),
            "memo": {k: jsonable(v) for k, v in sorted(self.memo.items())},
            "battle": None if self.battle is None else self.battle.to_json(),
        }

    def _document(self) -> dict[str, Any]:
        doc = self._public_document()
        for player, out in zip(self.players, doc["players"], strict=True):
            out.update(player.private_json())
            out["deck"] = list(player.deck)
        doc["frames"] = [f.to_json() for f in self.frames]
        doc["ret"] = jsonable(self.ret)
        return doc

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """Hides the other players' hands and every deck's order (WC-3.7): a seat sees its own
        hand and the others' hand sizes; frames show only who decides."""
        doc = self._public_document()
        for player, out in zip(self.players, doc["players"], strict=True):
            if player.seat == seat:
                out.update(player.private_json())
        doc["frames"] = [f.public() for f in self.frames]
        return doc

    # ---- hidden information ------------------------------------------------------------------
    def _resample(self, seat: int | None, rng: random.Random) -> WarcraftState:
        """Redraw what `seat` cannot see: the other players' hands and set-aside cards from
        their unseen cards, and every deck's order; the dice get a fresh stream."""
        twin = self.clone(reseed=rng.getrandbits(62))
        for player in twin.players:
            if player.seat == seat:
                rng.shuffle(player.deck)
                continue
            pool = player.hand + player.deck + player.aside
            rng.shuffle(pool)
            a, b = len(player.hand), len(player.aside)
            player.hand, player.aside, player.deck = pool[:a], pool[a:a + b], pool[a + b:]
        twin._legal = None
        return twin

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, WarcraftState)
        twin.lib, twin.scenario, twin.board = self.lib, self.scenario, self.board
        twin.players = [p.copy() for p in self.players]
        twin.neutral = None if self.neutral is None else self.neutral.copy()
        twin.teams = self.teams
        twin.zones = {z: {s: f.copy() for s, f in sides.items()} if sides else {}
                      for z, sides in self.zones.items()}
        twin.depletion = dict(self.depletion)
        twin.marks, twin.tokens, twin.sealed = self.marks, self.tokens, self.sealed
        twin.move_mods = dict(self.move_mods)
        twin.frames = [f.copy() for f in self.frames]
        twin.ret = self.ret
        twin.turn, twin.turn_limit, twin.first = self.turn, self.turn_limit, self.first
        twin.phase, twin.over, twin.winners = self.phase, self.over, self.winners
        twin.memo = dict(self.memo)
        twin.battle = None if self.battle is None else self.battle.copy()
        twin._legal = None

