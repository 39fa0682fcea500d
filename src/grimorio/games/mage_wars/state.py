"""`MageWarsState`: one position of a mage-wars game (document, view, resample, clone).

The rules are resumable frames (`flow.py`) on `st.frames`; the position is the players, the
objects in play and that stack. The state document (`_document`) is described field by field in
docs/games/mage-wars.md. Rule ids are in docs/rules/mage-wars.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.flow import AskDriven
from grimorio.core.i18n import Text
from grimorio.core.state import State, jsonable
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import Ask, Frame, MWAction, pending_ask
from grimorio.games.mage_wars.model import MAGE_CARD, Obj, Player

if TYPE_CHECKING:
    from grimorio.core.game import Game

OBJECT_KINDS = {"creature": "creature", "conjuration": "conjuration",
                "enchantment": "enchantment", "equipment": "equipment"}


def _mage_card() -> data.Card:
    """A pseudo card for the Apprentice mage (MW-1.6), so every object has a card."""
    stats = data.shipped().apprentice.mage
    return data.Card(
        MAGE_CARD, Text("Apprentice mage", "Mago aprendiz"), "creature", ("mage",), (), None,
        stats.level, data.Cost(0, None, None), "full", data.Span(0, 0),
        data.Target("zone", ()), (), stats.life, stats.armor, None, stats.attacks, (), (), (),
        False, Text("The player's mage.", "El mago del jugador."), (),
        data.Source("apprentice", "", ""))


_CARDS: dict[str, data.Card] = {}


def card_index() -> dict[str, data.Card]:
    """Every card by id, the mage's pseudo card included (built once)."""
    if not _CARDS:
        _CARDS.update({c.id: c for c in data.shipped().cards})
        _CARDS[MAGE_CARD] = _mage_card()
        from grimorio.games.mage_wars.effects import mages  # full mages' innate spells

        _CARDS.update(mages.innate_cards())
    return _CARDS


class MageWarsState(AskDriven, State):
    """Two mages, their objects in play and the stack of rule frames.

    Derived data (the legal list, COMBAT's traits cache in `_traits`, `memo`) is dropped by
    `changed()`, which every mutation of objects or players must be followed by.
    """

    __slots__ = ("_legal", "_providers", "_traits", "acting", "arena", "arena_id", "cards",
                 "frames", "initiative", "memo", "next_oid", "next_order", "objs", "once",
                 "over", "players", "ret", "round", "round_limit", "stamps", "turn_log",
                 "winner", "winners")
    action_type = MWAction
    idle_rule = "MW-3.2"

    def __init__(self, game: Game, seed: int, arena_id: str = "apprentice",
                 walls: frozenset[frozenset[str]] = frozenset()) -> None:
        super().__init__(game, seed)
        self.cards = card_index()
        self.arena_id = arena_id
        self.arena: Any = make_arena(arena_id, walls)
        self.players: list[Player] = []
        self.objs: dict[int, Obj] = {}
        self.next_oid = 1
        self.next_order = 1                # attachment/reveal order (MW-5.81, MW-5.91)
        self.frames: list[Frame] = []
        self.ret: Any = None
        self.round = 1
        self.initiative = 0
        self.round_limit = int(game.options.get("round_limit", 30))
        self.over = False
        self.winner: int | None = None
        self.winners: frozenset[int] = frozenset()  # 3+ seats: every winning seat (MW-B30)
        self.acting: int | None = None     # the creature in its action turn
        self.turn_log: tuple[str, ...] = ()  # what it did so far ("move", "attack"…): Charge
        self.stamps: dict[int, int] = {}   # relocations per object (MW-A20: moved targets)
        self.once: frozenset[tuple[Any, ...]] = frozenset()   # per-round marks, cleared at Reset
        self.memo: dict[str, Any] = {}     # other modules' immutable per-game values
        self._legal: dict[Action, None] | None = None
        self._traits: dict[int, Any] = {}
        self._providers: dict[str, Any] | None = None   # effects/registry.py `providers`

    # ---- caches ------------------------------------------------------------------------------
    def changed(self) -> None:
        """Something changed: drop every derived cache (legal list, traits, the providers of
        the scripts' hooks)."""
        self._legal = None
        self._providers = None
        if self._traits:
            self._traits = {}

    # ---- lookups others call -----------------------------------------------------------------
    def card(self, card_id: str) -> data.Card:
        return self.cards[card_id]

    def obj(self, oid: int) -> Obj:
        return self.objs[oid]

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def mage_of(self, seat: int) -> Obj:
        return self.objs[self.players[seat].mage]

    def opponent(self, seat: int) -> int:
        """The other seat of a duel; games of three or more use `enemies` (MW-9.1)."""
        return 1 - seat

    # ---- sides (Chapter IX) ------------------------------------------------------------------
    def allied(self, a: int, b: int) -> bool:
        """The same seat or team-mates: a team plays as one player (MW-9.8)."""
        return self.players[a].side() == self.players[b].side()

    def enemies(self, seat: int) -> list[int]:
        """The seats of other sides still in the game, in seat order."""
        return [p.seat for p in self.players if not p.out and not self.allied(seat, p.seat)]

    def in_game(self, seat: int) -> bool:
        """Whether the seat's mage still stands (a fallen seat is skipped, MW-9.11)."""
        return not self.players[seat].out

    def clockwise(self, first: int) -> list[int]:
        """The seats still in the game in turn order (seat order, the left of seat n is n+1),
        starting at `first` (MW-9.3, MW-9.4)."""
        n = len(self.players)
        order = [(first + k) % n for k in range(n)]
        return [seat for seat in order if self.in_game(seat)]

    def side_seats(self, seat: int) -> frozenset[int]:
        """The seat and its team-mates: what one of them may see, all may (MW-9.8)."""
        return frozenset(p.seat for p in self.players if self.allied(seat, p.seat))

    def emit(self, kind: str, rule: str | None, text: Text,
             visible_to: frozenset[int] | None = None, **data: Any) -> None:
        """Log a ruling; in games of three or more a private one is shared with the team-mates
        of the seats it is shown to: a team shares its information (MW-9.8, MW-B32)."""
        if visible_to is not None and len(self.players) > 2:
            visible_to = frozenset(s for seat in visible_to for s in (
                self.side_seats(seat) if seat < len(self.players) else (seat,)))
        State.emit(self, kind, rule, text, visible_to, **data)

    def in_zone(self, zone: str) -> list[Obj]:
        """Creatures and conjurations standing in `zone` (not zone enchantments)."""
        return [o for o in self.objs.values()
                if o.zone == zone and o.host is None and o.kind != "enchantment"]

    def attached(self, oid: int) -> list[Obj]:
        """Everything attached to `oid`, in attachment order (MW-5.81)."""
        return sorted((o for o in self.objs.values() if o.host == oid), key=lambda o: o.order)

    def zone_of(self, oid: int) -> str | None:
        """Where an object is: its own zone, or its host's (equipment, enchantments)."""
        obj = self.objs[oid]
        while obj.host is not None:
            obj = self.objs[obj.host]
        return obj.zone

    def new_obj(self, card: str, kind: str, owner: int, controller: int, *,
                zone: str | None = None, host: int | None = None, active: bool = False,
                face_up: bool = True, oid: int | None = None) -> Obj:
        """Put a new object into play (MW-X-10.8); `oid` only from setups."""
        if oid is None:
            oid = self.next_oid
        self.next_oid = max(self.next_oid, oid + 1)
        obj = Obj(oid, card, kind, owner, controller, zone=zone, host=host, active=active,
                  face_up=face_up, order=self.next_order, entered_round=self.round)
        self.next_order += 1
        self.objs[oid] = obj
        self.changed()
        return obj

    def remove_obj(self, oid: int) -> Obj:
        """Take an object out of play (no discard: callers decide where the card goes)."""
        obj = self.objs.pop(oid)
        self.stamps.pop(oid, None)
        self.changed()
        return obj

    def relocate(self, oid: int, zone: str) -> None:
        """Move a standing object to `zone` (moves, pushes, teleports): every relocation,
        a zero-distance one too, counters spells aimed at it (MW-5.15, MW-A20)."""
        self.objs[oid].zone = zone
        self.stamps[oid] = self.stamps.get(oid, 0) + 1
        self.changed()

    def to_discard(self, card: str, owner: int) -> None:
        """A spent or destroyed card goes to its owner's discard pile (MW-5.16)."""
        if card != MAGE_CARD:
            self.players[owner].discard.append(card)
            self.changed()

    def to_book(self, card: str, owner: int) -> None:
        """A card goes back to its owner's spellbook (MW-3.21, MW-5.110)."""
        book = self.players[owner].book
        book.append(card)
        book.sort()
        self.changed()

    def face_down(self, seat: int | None = None) -> list[Obj]:
        """Face-down enchantments, of one controller or of all."""
        return [o for o in self.objs.values() if o.kind == "enchantment" and not o.face_up
                and (seat is None or o.controller == seat)]

    def charging(self, oid: int) -> bool:
        """Whether `oid` is in its action turn and its last action was a move that changed
        zone (Charge, MW-X-4.3: the melee attack comes straight after moving; a cancelled
        move is not logged, rules/activation.py)."""
        return self.acting == oid and bool(self.turn_log) and self.turn_log[-1] == "move"

    def life_left(self, seat: int) -> int:
        from grimorio.games.mage_wars import traits

        mage = self.mage_of(seat)
        return int(traits.life(self, mage.oid)) - mage.damage

    # ---- State hooks (the rest come from grimorio.core.flow.AskDriven) --------------------
    def _apply(self, action: Action) -> None:
        # Mutations of objects drop the caches themselves (`changed`); moving through frames
        # only changes what may be decided, so only the legal list is dropped here.
        before = _secrets(self)
        self._answer(action)
        if _revealed(before, _secrets(self)):
            self.reveal()            # undo never crosses what a seat has just learnt

    def _returns(self) -> list[float]:
        if len(self.players) > 2:       # games of three or four (MW-B30): rules/damage.py
            from grimorio.games.mage_wars.rules import damage

            return damage.returns(self)
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in range(2)]

    # ---- documents -----------------------------------------------------------------------------
    def _document(self) -> dict[str, Any]:
        doc = self._public_document()
        for player, out in zip(self.players, doc["players"], strict=True):
            out["book"] = list(player.book)
            out["planned"] = list(player.planned)
            out.update(held_private(player))
        for obj, out in zip(self._ordered(), doc["objects"], strict=True):
            out["card"] = obj.card
        doc["frames"] = [f.to_json() for f in self.frames]
        doc["ret"] = jsonable(self.ret)
        doc["memo"] = {k: jsonable(v) for k, v in sorted(self.memo.items())}
        doc["once"] = sorted((jsonable(list(m)) for m in self.once), key=repr)
        return doc

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """Hides the opponent's planned spells and book (counts only, MW-3.20, MW-5.7) and the
        identity of enchantments it has face down (MW-5.78), but for one cast as a bound
        spell, which was shown (MW-5.114, `_shown`). A team-mate's are shown as the seat's own:
        a team shares its information (MW-9.8, MW-B32)."""
        doc = self._public_document()
        for player, out in zip(self.players, doc["players"], strict=True):
            if seat is not None and self.allied(player.seat, seat):
                out["book"] = list(player.book)
                out["planned"] = list(player.planned)
                out.update(held_private(player))
        for obj, out in zip(self._ordered(), doc["objects"], strict=True):
            if obj.face_up or (seat is not None and self.allied(obj.controller, seat)) \
                    or _shown(obj) or side_seen(self, obj, seat):  # Huginn's Raven's Eye
                out["card"] = obj.card
        doc["frames"] = [f.public() for f in self.frames]
        return doc

    def _ordered(self) -> list[Obj]:
        return [self.objs[k] for k in sorted(self.objs)]

    def _public_document(self) -> dict[str, Any]:
        return {
            "arena": self.arena_id,
            "walls": sorted(sorted(b) for b in self.arena.walls),
            "round": self.round, "round_limit": self.round_limit,
            "initiative": self.initiative,
            "acting": self.acting, "turn_log": list(self.turn_log),
            "players": [self._player_json(p) for p in self.players],
            "objects": [_obj_json(o) for o in self._ordered()],
            "next_oid": self.next_oid, "next_order": self.next_order,
            "stamps": {str(k): v for k, v in sorted(self.stamps.items())},
            "over": self.over, "winner": self.winner,
            **({"format": _format(self), "winners": sorted(self.winners),
                "drawn": sorted(self.memo.get("drawn", ()))}
               if len(self.players) > 2 else {}),
        }

    def _player_json(self, p: Player) -> dict[str, Any]:
        return {"seat": p.seat, "class": p.mage_class, "mage": p.mage, "mana": p.mana,
                "channeling": p.channeling, "life": p.life, "quickcast": p.quickcast,
                "book_size": len(p.book), "planned_count": len(p.planned),
                "discard": list(p.discard), "passed": p.passed, **held_public(p),
                **({"custom_book": True} if p.custom else {}),
                **({"element": e} if (e := _element_of(self, p.seat)) else {}),  # MW-7.31
                **({"team": p.team, "out": p.out} if len(self.players) > 2 else {})}

    # ---- hidden information --------------------------------------------------------------------
    def _action_seen_by(self, action: Action, viewer: int | None) -> str:
        """Another seat's action with its secret card blanked: a planned, assigned or bound
        spell (MW-3.20, MW-5.41, MW-5.113) and an enchantment cast face down (MW-5.78), by the
        mage or a spawnpoint (`deploy o7 <card>`, MW-3.22), and the spell a wand takes in a swap
        (`ability rebind o8 opt=<card>`, MW-5.113), show as `?`; the targets stay, as they
        are public. A team-mate of the acting seat sees it all (MW-9.8, MW-B32)."""
        actor = self._current_player()
        if viewer is not None and actor is not None and viewer != actor \
                and self.allied(viewer, actor):
            return action.notation()
        words = action.notation().split()
        if len(words) < 2:
            return action.notation()
        if "rebind" in words[:3] and words[-1].startswith("opt="):    # a wand's new spell
            return " ".join([*words[:-1], "opt=?"])                  # (MW-5.113)
        verb, at = words[0], 2 if words[0] in ("assign", "deploy") else 1
        if at >= len(words):
            return action.notation()
        card = self.cards.get(words[at])
        secret = verb in ("plan", "assign", "bind") or (
            verb in ("cast", "quickcast", "deploy") and card is not None
            and card.type == "enchantment"
            and not any(w.startswith("bound=") for w in words))   # shown: MW-5.114
        if card is None or not secret:
            return action.notation()
        return " ".join([*words[:at], "?", *words[at + 1:]])

    def _resample(self, seat: int | None, rng: random.Random) -> MageWarsState:
        """Redraw what `seat` cannot see: the other players' planned spells (from their
        possible book) and the identities of their face-down enchantments (any enchantment card
        of that hidden pool); the dice get a fresh stream. The seat's team-mates hide nothing
        from it (MW-9.8, MW-B32)."""
        twin = self.clone(reseed=rng.getrandbits(62))
        for player in twin.players:
            if seat is None or not twin.allied(player.seat, seat):
                _redraw_player(twin, player, rng, seat)
        twin.changed()
        return twin

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, MageWarsState)
        twin.cards, twin.arena, twin.arena_id = self.cards, self.arena, self.arena_id
        twin.players = [p.copy() for p in self.players]
        twin.objs = {k: o.copy() for k, o in self.objs.items()}
        twin.next_oid, twin.next_order = self.next_oid, self.next_order
        twin.frames = [f.copy() for f in self.frames]
        twin.ret = self.ret
        twin.round, twin.initiative, twin.round_limit = self.round, self.initiative, \
            self.round_limit
        twin.over, twin.winner, twin.winners = self.over, self.winner, self.winners
        twin.acting, twin.turn_log = self.acting, self.turn_log
        twin.stamps = dict(self.stamps)
        twin.once = self.once
        twin.memo = dict(self.memo)
        twin._legal = None
        twin._traits = {}
        twin._providers = None


def _format(st: MageWarsState) -> str:
    """A game of three or four: `teams` (MW-9.6) or `ffa` (MW-9.11)."""
    return "teams" if any(p.team >= 0 for p in st.players) else "ffa"


Secrets = tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]


def _secrets(st: MageWarsState) -> Secrets:
    """Per seat, what only that seat knows: its book, its held spells (planned, assigned, bound
    and not shown: MW-3.20, MW-5.7, MW-5.114) and the identities of its enchantments face down
    or being cast face down (MW-5.78)."""
    from grimorio.games.mage_wars.rules.casting import Cast

    down: list[list[str]] = [[] for _ in st.players]
    for o in st.objs.values():
        if o.kind == "enchantment" and not o.face_up and not _shown(o):
            down[o.controller].append(o.card)
    for f in st.frames:
        if isinstance(f, Cast) and not f.bound and f.owner < 0 \
                and st.cards[f.card].type == "enchantment":
            down[f.seat].append(f.card)
    return tuple((tuple(p.book), tuple(sorted([*p.planned, *p.assigned.values(),
                                                *(c for k, c in p.bound.items()
                                                  if k not in p.shown)])),
                  tuple(sorted(down[p.seat]))) for p in st.players)


def _revealed(before: Secrets, after: Secrets) -> bool:
    """Whether an action let a seat learn another's secret (so `Match.undo` stops there,
    core `State.reveal`): a card left a seat's book and held spells for anywhere but one of
    them (a spell announced, even face down; a held spell discarded or shown), or an
    enchantment left the face-down ones (turned up, or destroyed into the discard pile, MW-5.86,
    MW-5.16). Moving between the book and the held spells (planning, a spell back to the book)
    and an enchantment landing face down tell nothing."""
    if before == after:
        return False
    from collections import Counter

    for mine, then in zip(before, after, strict=True):
        if mine == then:                # this seat's secrets stayed as they were
            continue
        (book, held, down), (book2, held2, down2) = mine, then
        if Counter(down) - Counter(down2) or Counter(book + held) - Counter(book2 + held2):
            return True
    return False


SEEN_BY = "seen_by"     # Obj.memo key: bit `1 << seat` for each seat that looked at it


def seen(o: Obj, seat: int | None) -> bool:
    """Whether `seat` looked at this face-down enchantment (Huginn's Raven's Eye): its views
    name the card and its resamples keep it."""
    return seat is not None and bool(o.memo.get(SEEN_BY, 0) >> seat & 1)


def side_seen(st: MageWarsState, o: Obj, seat: int | None) -> bool:
    """Whether `seat` or a team-mate looked at this face-down enchantment (`seen`; a team
    shares what it learns, MW-9.8)."""
    if seat is None or len(st.players) <= 2:
        return seen(o, seat)
    return any(seen(o, s) for s in st.side_seats(seat))


def _shown(o: Obj) -> bool:
    """A face-down enchantment whose identity both seats know: it was cast as a bound spell,
    which is shown to the opponent when first cast (MW-5.114; rules/casting.py `enchant`). It
    stays face down for the rules (MW-5.75: revealing it still costs its reveal cost), but the
    views name it and resampling keeps it (MW-5.78 hides only what was never shown)."""
    from grimorio.games.mage_wars.rules.casters import SHOWN

    return bool(o.memo.get(SHOWN))


def _obj_json(o: Obj) -> dict[str, Any]:
    out: dict[str, Any] = {
        "oid": o.oid, "card": None, "kind": o.kind, "owner": o.owner,
        "controller": o.controller, "zone": o.zone, "host": o.host, "damage": o.damage,
        "active": o.active, "guard": o.guard, "markers": dict(sorted(o.markers.items())),
        "late": dict(sorted(o.late.items())), "face_up": o.face_up, "order": o.order,
        "mana": o.mana, "used": sorted(o.used), "entered_round": o.entered_round,
        "slots": list(o.slots), "temp": [list(t) for t in o.temp],
        "memo": dict(sorted(o.memo.items())), "border": list(o.border)}
    return out


def _redraw_player(st: MageWarsState, player: Player, rng: random.Random,
                   seat: int | None) -> None:
    """One hidden player's planned spells and face-down enchantments, redrawn from the pool
    of cards `seat` cannot place: its book, its planned spells, its face-down cards and an
    enchantment it is casting face down (the Cast frame's card, MW-5.75); a decision text
    left in `st.ret` that names that spell is redrawn with it."""
    hidden = [o for o in st.objs.values() if o.kind == "enchantment" and not o.face_up
              and o.controller == player.seat and o.controller != seat and not _shown(o)
              and not side_seen(st, o, seat)]
    from grimorio.games.mage_wars.rules import casters, mandatory
    from grimorio.games.mage_wars.rules.casting import Cast

    casts = [f for f in st.frames if isinstance(f, Cast) and f.seat == player.seat
             and f.seat != seat and not f.bound and f.owner < 0       # taken over: known
             and st.cards[f.card].type == "enchantment"]
    if player.custom:       # a book of its own: its contents are secret too (MW-5.7)
        _redraw_custom(st, player, rng, hidden, casts)
        return
    base = list(player.book) + list(player.planned)
    base += casters.hidden_pool(player)     # familiars', spawnpoints' and bound spells
    pool = base + [o.card for o in hidden] + [f.card for f in casts]
    rng.shuffle(pool)
    slots: list[Any] = sorted(hidden, key=lambda o: o.oid) + casts
    truth = [slot.card for slot in slots]
    triggered = mandatory.needs(st)     # set off and seen so: same trigger only (MW-5.94)
    for slot in slots:
        taken = _pick_enchantment(st, slot, pool, triggered.get(slot.oid)) \
            if isinstance(slot, Obj) else _pick_cast(st, slot, pool)
        if taken is None and slot.card in pool:
            pool.remove(slot.card)  # nothing else fits: it stays what it is
        elif taken is None:         # its card went to another: keep every identity
            for again, card in zip(slots, truth, strict=True):
                again.card = card
            pool = base
            rng.shuffle(pool)
            break
        else:
            slot.card = taken
    for frame, card in zip(slots[len(hidden):], truth[len(hidden):], strict=True):
        if isinstance(st.ret, str) and frame.card != card:
            st.ret = " ".join(frame.card if w == card else w for w in st.ret.split())
    casters.redraw(st, player, pool, rng)
    rng.shuffle(pool)
    n = len(player.planned)
    player.planned = sorted(pool[:n])
    player.book = sorted(pool[n:])


def _redraw_custom(st: MageWarsState, player: Player, rng: random.Random, hidden: list[Obj],
                   casts: list[Any]) -> None:
    """`_redraw_player` for a seat playing a book of its own: nothing is drawn from its real
    contents, which the viewer never saw. Every hidden card becomes a card that mage could hold
    (`possible_cards`; copy limits ignored): the face-down enchantments and the enchantments
    being cast face down under the same constraints as `_redraw_player` (a slot nothing fits
    keeps its card), the held spells meeting their holder's limit, and as many planned spells
    and book cards as there were."""
    from grimorio.games.mage_wars.rules import casters, mandatory

    legal = possible_cards(player.mage_class, _element_of(st, player.seat))
    if not legal:
        return
    triggered = mandatory.needs(st)
    for slot in [*sorted(hidden, key=lambda o: o.oid), *casts]:
        pool = list(legal)
        rng.shuffle(pool)
        taken = _pick_enchantment(st, slot, pool, triggered.get(slot.oid)) \
            if isinstance(slot, Obj) else _pick_cast(st, slot, pool)
        if taken is None:
            continue                # nothing else fits: it stays what it is
        if not isinstance(slot, Obj) and isinstance(st.ret, str) and taken != slot.card:
            st.ret = " ".join(taken if w == slot.card else w for w in st.ret.split())
        slot.card = taken
    if casters.hidden_pool(player):
        casters.redraw(st, player, list(legal), rng)
    player.planned = sorted(rng.choice(legal) for _ in player.planned)
    player.book = sorted(rng.choice(legal) for _ in player.book)


def _element_of(st: MageWarsState, seat: int) -> str | None:
    elements = st.memo.get("elements") or ()
    return elements[seat] if seat < len(elements) else None


_POSSIBLE: dict[tuple[str, str | None], tuple[str, ...]] = {}


def possible_cards(mage_class: str, element: str | None) -> tuple[str, ...]:
    """The cards a full mage of `mage_class` (with the Wizard's `element`) could hold in a book
    of its own: implemented and allowed by its training (class-only and school-only cards,
    MW-8.16, MW-8.17: spellbook.py); sorted ids, built once per mage."""
    key = (mage_class, element)
    if key not in _POSSIBLE:
        from grimorio.games.mage_wars import spellbook
        from grimorio.games.mage_wars.effects import registry

        shipped = data.shipped()
        mage = shipped.mage(mage_class)
        _POSSIBLE[key] = tuple(sorted(
            c.id for c in shipped.cards if not c.pending and registry.implemented(c.id)
            and not spellbook._card_rules(c, 1, (), mage, element)))
    return _POSSIBLE[key]


def _pick_enchantment(st: MageWarsState, obj: Obj, pool: list[str],
                      need: tuple[str, str | None] | None = None) -> str | None:
    """An enchantment card from `pool` that fits `obj`'s host: no name its controller already
    has there (MW-5.79); removed from the pool. One a pending `Trigger` set off (`need`) only
    becomes a card with that trigger: a trap, or a mandatory Defense against that attack
    (MW-5.94, MW-5.99; rules/mandatory.py `needs`); never one that a trigger it stayed silent
    for would have set off (MW-B36; `ruled_out`). None when nothing fits (keeps the card)."""
    from grimorio.games.mage_wars.rules import mandatory

    near = {o.card for o in st.objs.values() if o is not obj and o.kind == "enchantment"
            and o.host == obj.host and o.zone == obj.zone
            and st.allied(o.controller, obj.controller)}       # one team, one name (MW-9.8)
    for index, card_id in enumerate(pool):
        card = st.cards[card_id]
        if card.type == "enchantment" and card_id not in near \
                and _target_fits(st, card, obj.host, obj.zone) \
                and not mandatory.ruled_out(obj, card) \
                and (need is None or mandatory.could_be(card, need)) \
                and (need is None or need[0] != mandatory.SPELL
                     or _spell_sets_off(st, obj, card_id)):
            return pool.pop(index)
    return None


def _spell_sets_off(st: MageWarsState, obj: Obj, card_id: str) -> bool:
    """Whether `card_id` in `obj`'s place would be set off by the spell at its Counter step
    whose `Trigger` holds `obj` (Nullify answers a spell aimed at its creature, Jinx a quick
    spell its creature casts: MW-5.13, MW-5.94), so a resample keeps what the caster saw."""
    from grimorio.games.mage_wars.effects import registry
    from grimorio.games.mage_wars.rules import mandatory
    from grimorio.games.mage_wars.rules.casting import Cast

    script = registry.own(card_id, "counter_trigger")
    trigger = next((f for f in reversed(st.frames) if isinstance(f, mandatory.Trigger)
                    and f.cause == mandatory.SPELL and obj.oid in f.oids), None)
    if script is None or trigger is None:
        return False
    # The casting under the trigger, as it stood when it set the trigger off (Reverse Magic
    # may have handed it to the other seat since: `Trigger.spell`)
    cast = next((f for f in reversed(st.frames[:st.frames.index(trigger)])
                 if isinstance(f, Cast) and (f.caster == trigger.target or trigger.spell)),
                None)
    if cast is None or trigger.target not in st.objs:
        return False
    truth, obj.card = obj.card, card_id
    try:
        return bool(script.counter_trigger(st, obj.oid, trigger.target, st.cards[cast.card],
                                           trigger.spell or cast.targets))
    finally:
        obj.card = truth


def _pick_cast(st: MageWarsState, frame: Any, pool: list[str]) -> str | None:
    """An enchantment card from `pool` the caster could have announced on the frame's target:
    its casting line fits (MW-5.10), no same name the caster sees there (MW-5.79), a holder's
    limit (MW-5.41) and the casting restrictions (MW-S4); removed from the pool."""
    from grimorio.games.mage_wars.rules import casters, casting

    words = casting.object_targets(frame.targets[:1])
    host = words[0] if words and words[0] in st.objs else None
    zone = None if host is not None else frame.targets[0]
    use = casters.holder_kind(st, frame.caster) if frame.caster in st.objs else None
    for index, card_id in enumerate(pool):
        card = st.cards[card_id]
        if card.type == "enchantment" and _target_fits(st, card, host, zone) \
                and not casting.sees_same_name(st, frame.seat, card_id, host, zone) \
                and (use is None or casters.fits(st, use, card_id, frame.caster)) \
                and (frame.caster not in st.objs or casting.allowed(st, frame.caster, card)):
            return pool.pop(index)
    return None


def _target_fits(st: MageWarsState, card: data.Card, host: int | None, zone: str | None
                 ) -> bool:
    """Whether an enchantment on `host` (or on `zone`) could be `card`: its casting line, which
    is public with the card, and the host, which is in plain sight: zone enchantments on zones,
    the others on an object of the line's kind meeting its filters (living, non-mage…) and not
    immune to the card's damage types (MW-5.5, MW-5.77, MW-S8)."""
    from grimorio.games.mage_wars import traits
    from grimorio.games.mage_wars.rules import casting

    if host is None or host not in st.objs:
        return card.target.kind == "zone" and zone is not None
    obj = st.objs[host]
    return casting.kind_fits(obj, card.target.kind) \
        and casting.filters_fit(st, obj, card.target.filters) \
        and not any(traits.traits(st, host).immune(t) for t in card.subtypes)


def held_public(player: Player) -> dict[str, Any]:
    """Which objects hold a spell of the player, and the bound spells shown (MW-3.19,
    MW-5.114): rules/casters.py."""
    from grimorio.games.mage_wars.rules import casters

    return casters.public_json(player)


def held_private(player: Player) -> dict[str, Any]:
    """The held spells themselves, for their player only (MW-3.20)."""
    from grimorio.games.mage_wars.rules import casters

    return casters.private_json(player)


def make_arena(arena_id: str, walls: frozenset[frozenset[str]]) -> Any:
    """GEOMETRY's `ArenaMap` for the arena of that id with these walls."""
    from grimorio.games.mage_wars.arena import ArenaMap

    return ArenaMap(data.shipped().arenas.get(arena_id), walls)


def ask_of(st: MageWarsState) -> Ask | None:
    return pending_ask(st)
