"""`MageKnightState`: one position of a mage-knight game (helpers, document, view, clone).

The position is the players (model.Player), the warriors (model.Warrior, by id), the battlefield
with its terrain (terrain.Battlefield, immutable: replaced, never changed, when a piece is
placed), the terrain pile and the stack of rule frames (frames.py). The rules live in `rules/`;
this module answers the questions every rule asks: which figure a warrior is, what its dial shows
now, which abilities it has, who is friendly to whom, who touches whom.

The state document and the views are described in docs/games/mage-knight.md. Views never show a
dial index or any click but the current one (MK-X12, MK-24.1), and hide army lists until they are
deployed (option `hidden_armies`).
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.flow import AskDriven
from grimorio.core.i18n import Text
from grimorio.core.state import State, jsonable
from grimorio.games.mage_knight import data, geometry
from grimorio.games.mage_knight.frames import Frame
from grimorio.games.mage_knight.geometry import Body
from grimorio.games.mage_knight.model import Player, Warrior, warrior_id
from grimorio.games.mage_knight.notation import MKAction, wid_key

if TYPE_CHECKING:
    from grimorio.core.game import Game

DEMORALIZED = "demoralized"
QUOTED = 80             # characters of an action text a refusal quotes (the rest is clipped)
INVULNERABILITY = "invulnerability"


@functools.lru_cache(maxsize=4096)
def _abilities_at(number: int, click: int) -> frozenset[str]:
    """The ability keys a figure shows on live click `click` (MK-1.7)."""
    lib = data.library()
    figure = lib.figures[number]
    if figure.is_ko(click):
        return frozenset()
    return frozenset(a.key for a in lib.abilities_on(figure, click))


class MageKnightState(AskDriven, State):
    """Players, warriors, battlefield, pile, and the stack of rule frames.

    `_legal` caches the legal list (as dict keys); every action drops it. `_bodies` and
    `_touching` cache geometry derived from positions; `touch()` drops them whenever anything
    moves, is placed or leaves the table."""

    __slots__ = ("_bodies", "_legal", "_touching", "active", "end_reason", "field", "first_player",
                 "frames", "lib", "memo", "offered_turn", "over", "pending_push", "phase",
                 "pile", "pile_next", "players", "ret", "round", "turn", "warriors", "winners")
    action_type = MKAction
    idle_rule = "MK-4.1"

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.lib = data.library()
        self.warriors: dict[str, Warrior] = {}
        self.players: list[Player] = []
        self.field: Any = None                    # terrain.Battlefield
        # Pieces waiting in the pile: (number, template key, contributor seat) (MK-3.2).
        self.pile: tuple[tuple[int, str, int], ...] = ()
        self.pile_next = 1                        # number of the next piece added (t1, t2...)
        self.phase = "army"
        self.first_player = 0
        self.active = 0
        self.turn = 0                             # global turn counter
        self.round = 0                            # full rounds completed
        self.frames: list[Frame] = []
        self.over = False
        self.ret: Any = None
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self.offered_turn = -1                    # global turn of the last offer to end
        self.pending_push: tuple[str, ...] = ()   # warriors given a non-pass action just now
        self.memo: dict[str, Any] = {}            # other modules' small JSON-able values
        self._bodies: tuple[dict[str, Body], tuple[Body, ...]] | None = None
        self._touching: dict[str, list[str]] | None = None
        self._legal: dict[Action, None] | None = None

    # ---- options -----------------------------------------------------------------------------
    def option(self, name: str) -> Any:
        return self.game.options[name]

    @property
    def radius(self) -> float:
        """Base radius in inches (option `base_radius`, MK-G2, MK-A1)."""
        return float(self.game.options["base_radius"])

    @property
    def eps(self) -> float:
        """The contact tolerance ε (option `contact_tolerance`, MK-G4)."""
        return float(self.game.options["contact_tolerance"])

    @property
    def build_total(self) -> int:
        return int(self.game.options["build_total"])

    @property
    def actions_per_turn(self) -> int:
        """Build total / 100, fixed for the game (MK-4.2)."""
        return self.build_total // 100

    @property
    def size(self) -> float:
        """Side of the square battlefield, inches (option `battlefield`, MK-3.1, MK-A39)."""
        return float(self.game.options["battlefield"])

    # ---- seats and sides ---------------------------------------------------------------------
    @property
    def seats(self) -> range:
        return range(len(self.players))

    def side(self, seat: int) -> int:
        """The team of a seat (allies share one, MK-6.3, MK-X8)."""
        return self.players[seat].team

    def seat_of(self, who: str | int) -> int:
        """A seat, or the owner of a warrior id."""
        return who if isinstance(who, int) else self.warriors[who].owner

    def friendly(self, a: str | int, b: str | int) -> bool:
        """Same side: yours and your allies' (MK-6.3). A captive stays friendly to its owner."""
        return self.side(self.seat_of(a)) == self.side(self.seat_of(b))

    def opposing(self, a: str | int, b: str | int) -> bool:
        return not self.friendly(a, b)

    def own_turn(self, seat: int) -> int:
        """The number of `seat`'s current (or last) own turn (MK-5.6)."""
        return self.players[seat].own_turns

    def playing(self) -> list[int]:
        """Seats still in the game (MK-4.1)."""
        return [p.seat for p in self.players if not p.out]

    # ---- warriors ----------------------------------------------------------------------------
    def figure(self, wid: str) -> data.Figure:
        return self.lib.figures[self.warriors[wid].number]

    def click_of(self, wid: str) -> data.Click:
        """The dial's current click (IndexError for an eliminated warrior)."""
        w = self.warriors[wid]
        return self.lib.figures[w.number].click(w.click)

    def value(self, wid: str, stat: str) -> int:
        """A current dial value: speed, attack, defense or damage (MK-1.2)."""
        return self.click_of(wid).value(stat)

    def abilities(self, wid: str) -> frozenset[str]:
        """The ability keys showing now (MK-1.7); none for a captive or an eliminated warrior
        (MK-12.16, MK-A36)."""
        w = self.warriors[wid]
        if w.captor is not None or w.eliminated:
            return frozenset()
        return _abilities_at(w.number, w.click)

    def has(self, wid: str, key: str) -> bool:
        return key in self.abilities(wid)

    def half_arc(self, wid: str) -> float:
        """Half the front arc's width, degrees: the figure's own or option `front_arc`
        (MK-G3, MK-A1, MK-X4)."""
        option = str(self.game.options["front_arc"])
        width = self.figure(wid).front_arc if option == "figure" else float(option)
        return width / 2.0

    def placed_warriors(self) -> list[Warrior]:
        """Warriors on the table (captives included), in id order."""
        return [w for w in self.warriors.values() if w.placed and not w.eliminated]

    def own_warriors(self, seat: int) -> list[Warrior]:
        return [w for w in self.warriors.values() if w.owner == seat]

    def counts(self, wid: str) -> bool:
        """Whether a warrior counts for the end condition: on the table, not captive, not
        Demoralized (MK-21.1 (1), MK-12.15, MK-18.5, MK-A30)."""
        w = self.warriors[wid]
        return w.on_table and w.captor is None and not self.has(wid, DEMORALIZED)

    def name(self, wid: str) -> Text:
        """`a3 (Utem Guardsman)` in both languages, for messages."""
        fig = self.figure(wid)
        return Text(f"{wid} ({fig.name})", f"{wid} ({fig.name_es or fig.name})")

    def add_army(self, seat: int, numbers: tuple[int, ...], army_id: str | None) -> None:
        """Record a seat's army and create its warriors, unplaced (MK-X13)."""
        player = self.players[seat]
        for wid in [w.id for w in self.own_warriors(seat)]:
            del self.warriors[wid]
        player.army, player.army_id, player.chosen = numbers, army_id, True
        player.points_spent = self.lib.army_points(numbers)
        for index, number in enumerate(numbers):
            wid = warrior_id(seat, index)
            self.warriors[wid] = Warrior(wid, number, seat,
                                         click=self.lib.figures[number].start)
        self.warriors = dict(sorted(self.warriors.items(), key=lambda kv: wid_key(kv[0])))
        self.touch()

    # ---- geometry ----------------------------------------------------------------------------
    def touch(self) -> None:
        """Forget the geometry caches: call after anything moves, is placed or leaves."""
        self._bodies = None
        self._touching = None

    def bodies(self) -> tuple[Body, ...]:
        """The geometry view of every warrior on the table (captives included), in id order;
        cached until `touch()`."""
        return self._body_map()[1]

    def body(self, wid: str) -> Body:
        """The geometry view of one warrior on the table (KeyError if it is not on it)."""
        return self._body_map()[0][wid]

    def _body_map(self) -> tuple[dict[str, Body], tuple[Body, ...]]:
        cached = self._bodies
        if cached is None:
            r = self.radius
            found = {w.id: Body(w.id, w.x, w.y, r, w.facing, self.half_arc(w.id),
                                self._elevated_at(w.x, w.y))
                     for w in self.warriors.values() if w.placed and not w.eliminated}
            cached = self._bodies = (found, tuple(found.values()))
        return cached

    def touching(self, wid: str) -> list[str]:
        """The warriors in base contact with `wid` (MK-G4, MK-6.2), in id order; cached."""
        cache = self._touching
        if cache is None:
            cache = self._touching = {}
        found = cache.get(wid)
        if found is None:
            found = cache[wid] = self._contacts(wid)
        return found

    def touching_enemy(self, wid: str) -> str | None:
        """The first opposing warrior in base contact with `wid` (id order), or None: what
        bars ranged actions, healing and Necromancy (MK-8.1, MK-19.1, MK-19.8, MK-18.6)."""
        return next((o for o in self.touching(wid) if self.opposing(o, wid)), None)

    def _contacts(self, wid: str) -> list[str]:
        bodies, every = self._body_map()
        me = bodies.get(wid)
        if me is None:
            return []
        eps = self.eps
        return [b.id for b in every if b.id != wid and geometry.touching(me, b, eps)]

    def elevated(self, wid: str) -> bool:
        """The base lies completely within one elevated piece (MK-G14)."""
        w = self.warriors[wid]
        return w.on_table and self._elevated_at(w.x, w.y)

    def _elevated_at(self, x: float, y: float) -> bool:
        if self.field is None or not self.field.pieces:
            return False
        return bool(self.field.is_elevated(x, y, self.radius))

    # ---- State hooks (the rest come from grimorio.core.flow.AskDriven) -----------------------
    def _apply(self, action: Action) -> None:
        self._answer(action)

    def _returns(self) -> list[float]:
        """Winners +1, the others −1; when every seat shares the victory, 0 (MK-22.7, MK-A33)."""
        n = len(self.players)
        if not self.winners or len(self.winners) == n:
            return [0.0] * n
        return [1.0 if s in self.winners else -1.0 for s in self.seats]

    def _illegal_reason(self, action: Action) -> IllegalAction:
        """The refusal of the pending decision, with a long action text (an army list of
        thousands of figures, a hostile message) clipped where the message quotes it."""
        refusal = super()._illegal_reason(action)
        text = action.notation()
        if len(text) <= QUOTED:
            return refusal
        short = text[:QUOTED] + "…"
        return IllegalAction(Text(refusal.text.en.replace(text, short),
                                  refusal.text.es.replace(text, short)), rule=refusal.rule)

    def _action_seen_by(self, action: Action, viewer: int | None) -> str:
        """Another seat sees a hidden army choice as `army ?` (MK-X12)."""
        text = action.notation()
        if text.startswith("army ") and self.armies_hidden():
            return "army ?"
        return text

    # ---- hidden information ------------------------------------------------------------------
    def armies_hidden(self) -> bool:
        """Army lists start hidden (option `hidden_armies`), unless option `armies` chose them
        before the game (MK-X12)."""
        return bool(self.game.options["hidden_armies"]) and not str(
            self.game.options["armies"]).strip()

    def army_visible(self, seat: int, viewer: int | None) -> bool:
        """Whether `viewer` may see `seat`'s army list: his own, or once deployed (MK-X12)."""
        player = self.players[seat]
        return (viewer == seat or not self.armies_hidden() or player.deployed
                or self.phase in ("play", "over"))

    def warrior_visible(self, w: Warrior, viewer: int | None) -> bool:
        return w.placed or w.eliminated or self.army_visible(w.owner, viewer)

    def _resample(self, seat: int | None, rng: random.Random) -> MageKnightState:
        """Redraw the other seats' hidden army choices (any candidate army of the same build
        total) and give the dice a fresh stream (MK-X12)."""
        from grimorio.games.mage_knight.rules import setup_phase

        twin = self.clone(reseed=rng.getrandbits(62))
        for player in twin.players:
            if player.seat == seat or not player.chosen or twin.army_visible(player.seat, seat):
                continue
            if any(w.placed for w in twin.own_warriors(player.seat)):
                continue
            choices = setup_phase.army_choices(twin)
            army_id, numbers = choices[rng.randrange(len(choices))]
            twin.add_army(player.seat, numbers, army_id)
        twin._legal = None
        return twin

    # ---- documents ---------------------------------------------------------------------------
    def _warrior_public(self, w: Warrior) -> dict[str, Any]:
        fig = self.lib.figures[w.number]
        out: dict[str, Any] = {
            "id": w.id, "number": w.number, "name": fig.name, "rank": fig.rank,
            "faction": fig.faction, "points": fig.points, "range": fig.range,
            "targets": fig.targets, "front_arc": 2.0 * self.half_arc(w.id), "owner": w.owner,
            "placed": w.placed, "eliminated": w.eliminated,
            "x": w.x, "y": w.y, "facing": w.facing,
            "captor": w.captor, "captive": w.captive, "tokens": w.tokens,
            "token_turn": w.token_turn, "acted_turn": w.acted_turn,
            "busy_turns": list(w.busy_turns), "last_damager": w.last_damager,
        }
        if not fig.is_ko(w.click):
            click = fig.click(w.click)
            out.update(speed=click.speed, attack=click.attack, defense=click.defense,
                       damage=click.damage)
            out["abilities"] = sorted(_abilities_at(w.number, w.click))
        return out

    def _player_public(self, p: Player) -> dict[str, Any]:
        return {"seat": p.seat, "edge": p.edge, "team": p.team, "chosen": p.chosen,
                "deployed": p.deployed, "own_turns": p.own_turns,
                "actions_left": p.actions_left, "vp_eliminated": p.vp_eliminated,
                "withdrawn": p.withdrawn, "out": p.out, "first_roll": list(p.first_roll)}

    def _army_json(self, p: Player) -> dict[str, Any]:
        return {"army_id": p.army_id, "army": list(p.army), "points_spent": p.points_spent}

    def _common_document(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "turn": self.turn, "round": self.round,
            "active": self.active, "first_player": self.first_player,
            "battlefield": self.size, "base_radius": self.radius,
            "terrain": None if self.field is None else _field_json(self.field),
            "pile": [{"piece": f"t{n}", "template": t, "seat": s} for n, t, s in self.pile],
            "over": self.over, "winners": list(self.winners), "end_reason": self.end_reason,
            "offered_turn": self.offered_turn,
        }

    def _document(self) -> dict[str, Any]:
        doc = self._common_document()
        doc["players"] = [{**self._player_public(p), **self._army_json(p)} for p in self.players]
        doc["warriors"] = {wid: {**self._warrior_public(w), "click": w.click}
                           for wid, w in self.warriors.items()}
        doc["pile_next"] = self.pile_next
        doc["pending_push"] = list(self.pending_push)
        doc["frames"] = [f.to_json() for f in self.frames]
        doc["ret"] = jsonable(self.ret)
        doc["memo"] = {k: jsonable(v) for k, v in sorted(self.memo.items())}
        return doc

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (MK-X12): no dial index and no other click, except a figure's
        whole dial to its owner with option `owner_sees_dial`; other seats' army lists only
        once deployed; frames only say who decides."""
        doc = self._common_document()
        players = []
        for p in self.players:
            out = self._player_public(p)
            if self.army_visible(p.seat, seat):
                out.update(self._army_json(p))
            players.append(out)
        doc["players"] = players
        show_dial = bool(self.game.options["owner_sees_dial"])
        warriors = {}
        for wid, w in self.warriors.items():
            if not self.warrior_visible(w, seat):
                continue
            out = self._warrior_public(w)
            if show_dial and seat == w.owner:
                out["click"] = w.click
                out["dial"] = _dial_json(self.lib, self.lib.figures[w.number])
            warriors[wid] = out
        doc["warriors"] = warriors
        doc["frames"] = [f.public() for f in self.frames]
        return doc

    # ---- clone -------------------------------------------------------------------------------
    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, MageKnightState)
        twin.lib = self.lib
        twin.warriors = {wid: w.copy() for wid, w in self.warriors.items()}
        twin.players = [p.copy() for p in self.players]
        twin.field, twin.pile, twin.pile_next = self.field, self.pile, self.pile_next
        twin.phase, twin.first_player, twin.active = self.phase, self.first_player, self.active
        twin.turn, twin.round = self.turn, self.round
        twin.frames = [f.copy() for f in self.frames]
        twin.over, twin.ret, twin.winners = self.over, self.ret, self.winners
        twin.end_reason, twin.offered_turn = self.end_reason, self.offered_turn
        twin.pending_push = self.pending_push
        twin.memo = dict(self.memo)
        # The bodies are an immutable snapshot of identical positions; the contact cache is
        # filled lazily, so each copy builds its own.
        twin._bodies, twin._touching = self._bodies, None
        twin._legal = None


def _field_json(field: Any) -> Any:
    """The battlefield as JSON: its size and its pieces (TerrainPiece.to_json)."""
    to_json = getattr(field, "to_json", None)
    if callable(to_json):
        return to_json()
    return {"width": field.width, "height": field.height,
            "pieces": [piece.to_json() for piece in field.pieces]}


def _dial_json(lib: data.Library, fig: data.Figure) -> list[dict[str, Any]]:
    return [{"speed": c.speed, "attack": c.attack, "defense": c.defense, "damage": c.damage,
             "abilities": sorted(_abilities_at(fig.number, i))} for i, c in enumerate(fig.dial)]

