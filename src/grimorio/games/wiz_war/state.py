"""`WizWarState`: one position of a wiz-war game (document, view, resample, clone).

The state document (`_document`) is described field by field in docs/games/wiz-war.md. The
rules live in `rules/*`, the card verbs in `effects/vocab.py`; this module holds the data, the
caches derived from it and the bookkeeping hooks of the core `State`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.pending import DecisionStack
from grimorio.core.state import State
from grimorio.games.wiz_war import legal
from grimorio.games.wiz_war.board import Board
from grimorio.games.wiz_war.cards import Card
from grimorio.games.wiz_war.decisions import decision_json
from grimorio.games.wiz_war.effects import registry
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script
from grimorio.games.wiz_war.effects.vocab import ACTION_CARDS, object_rule_at, object_rule_squares
from grimorio.games.wiz_war.model import (
    BoardObject,
    Cast,
    SpellInPlay,
    Treasure,
    Turn,
    Wizard,
)
from grimorio.games.wiz_war.rules import turn as turn_rules

if TYPE_CHECKING:
    from grimorio.core.game import Game

PHASES = ("move", "discard", "draw")
T = TypeVar("T")


class WizWarState(State):
    """A maze, its wizards and the shared deck. Card instances are ints; `keys[i]` is the key
    of instance i (shared, immutable). Derived data (LOS per square, hook providers, the legal
    list) is cached and dropped by `changed()` whenever something it may depend on changes."""

    __slots__ = ("_blockers", "_legal", "_memo", "_provider_sources", "_providers",
                 "_providers_fresh", "_seen", "active", "board", "cards", "casts", "colours",
                 "deck", "discard", "first", "keys", "names", "next_id", "objects", "over",
                 "pending_ctx", "phase", "round", "spells", "stack", "treasures", "turn",
                 "turn_limit", "winner", "wizards")

    def __init__(self, game: Game, seed: int, cards: dict[str, Card], keys: tuple[str, ...],
                 board: Board, colours: tuple[str, ...], turn_limit: int) -> None:
        super().__init__(game, seed)
        self.cards = {**cards, **ACTION_CARDS}     # + the pseudo cards of card-less casts
        self.keys = keys
        self.names = _names_of(board)             # parsed square/edge names (board geometry)
        registry.implemented("")                  # import every school now, not mid-game
        self.board = board
        self.colours = colours
        self.turn_limit = turn_limit
        self.wizards: list[Wizard] = [Wizard(s, c, board.home(c)) for s, c in enumerate(colours)]
        self.treasures: list[Treasure] = []
        self.objects: list[BoardObject] = []
        self.spells: list[SpellInPlay] = []
        self.casts: list[Cast] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.stack = DecisionStack()
        self.pending_ctx: dict[int, Ctx] = {}
        self.active = 0
        self.first = 0
        self.round = 1
        self.phase = "move"
        self.turn = Turn()
        self.next_id = 1
        self.over = False
        self.winner: int | None = None
        self._reset_caches()

    # ---- caches ------------------------------------------------------------------------------
    def _reset_caches(self) -> None:
        self._legal: list[Action] | None = None
        self._seen: dict[int, frozenset[int]] = {}
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._blockers: frozenset[int] | None = None
        self._providers: dict[str, list[tuple[Script, Holder]]] = {}
        self._provider_sources: list[Any] | None = None     # what `_providers` came from
        self._providers_fresh = False

    def changed(self) -> None:
        """Something changed: drop every derived cache."""
        self._legal = None
        if self._seen:
            self._seen = {}
        if self._memo:
            self._memo = {}
        self._blockers = None
        self._providers_fresh = False

    def blockers(self) -> frozenset[int]:
        """Squares whose contents stop LOS (WW-X5, WW-X21, `blocks_los` hooks)."""
        if self._blockers is None:
            found = set(object_rule_squares(self, "blocks_los"))
            for script, holder in self.providers("blocks_los"):
                found.update(sq for sq in self.board.squares()
                             if script.blocks_los(self, holder, sq))
            self._blockers = frozenset(found)
        return self._blockers

    def blocker_fn(self) -> Any:
        """The `blocks` callable for the board's LOS queries (None when nothing blocks)."""
        blockers = self.blockers()
        return blockers.__contains__ if blockers else None

    def visible_from(self, sq: int) -> frozenset[int]:
        """Squares seen from `sq` (itself included), cached until something changes."""
        seen = self._seen.get(sq)
        if seen is None:
            if object_rule_at(self, sq, "blinds"):       # inside a dust cloud (WW-X21)
                seen = self._seen[sq] = frozenset({sq})
            else:
                seen = self._seen[sq] = frozenset(self.board.visible(sq, self.blocker_fn()))
        return seen

    def memo(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        """A value derived from this position (several queries of one legal list ask for the
        same), made once until something changes; `key` names it and all it depends on."""
        try:
            value: T = self._memo[key]
        except KeyError:
            value = self._memo[key] = make()
        return value

    def providers(self, hook: str) -> Sequence[tuple[Script, Holder]]:
        """The cards whose scripts change `hook` now: spells in play, carried items of living
        wizards, objects made from cards."""
        if not self._providers_fresh:
            sources = self._sources()
            if sources != self._provider_sources:
                self._providers, self._provider_sources = self._collect_providers(), sources
            self._providers_fresh = True
        return self._providers.get(hook, ())

    def _sources(self) -> list[Any]:
        """Everything the providers are built from, in one flat list (cheap to make and to
        compare; records and ints never compare equal, so it reads one way only): the spells,
        each living wizard and his items, the objects made from cards, the turn and its active
        seat if it has effects. Most changes (a step, damage, a card drawn) leave it alone, and
        the providers built last are then still right."""
        found: list[Any] = [*self.spells]
        for wiz in self.wizards:
            if wiz.alive:
                found.append(wiz)
                found += wiz.items
        found += [o for o in self.objects if o.card is not None]
        if self.turn.effects:
            found += (self.turn, self.active, *self.turn.effects)
        return found

    def _collect_providers(self) -> dict[str, list[tuple[Script, Holder]]]:
        found: dict[str, list[tuple[Script, Holder]]] = {}
        cards, keys = self.cards, self.keys
        for s in self.spells:
            _provide(found, cards[s.key].effect, "spell", s.caster, s.card, s)
        for wiz in self.wizards:
            if wiz.alive:
                for c in wiz.items:
                    _provide(found, cards[keys[c]].effect, "item", wiz.seat, c)
        for o in self.objects:
            if o.card is not None:
                _provide(found, cards[keys[o.card]].effect, "object", o.owner, o.card, oid=o.oid)
        for c in self.turn.effects:                     # "for the rest of the turn" (Mad Dash)
            _provide(found, cards[keys[c]].effect, "turn", self.active, c)
        return found

    # ---- small lookups -------------------------------------------------------------------------
    def card_of(self, instance: int) -> Card:
        return self.cards[self.keys[instance]]

    def script_of(self, key: str) -> Script:
        return registry.script(self.cards[key].effect)

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def door_unlocked(self, sq: int, d: int) -> bool:
        """Whether a Pick Lock-like effect opened this door for the active player's passage."""
        if not self.turn.unlocked:
            return False
        name = self.board.edge_name(sq, d)
        return any(self.board.edge_name(s, e) == name for s, e in self.turn.unlocked)

    def find_in_hand(self, seat: int, key: str) -> int | None:
        """The lowest instance of card `key` in the seat's hand (notation names keys)."""
        found = [c for c in self.wizards[seat].hand if self.keys[c] == key]
        return min(found) if found else None

    def mark_countered(self, cid: int, rule: str) -> bool:
        for index, cast in enumerate(self.casts):
            if cast.cid == cid and not cast.countered:
                self.casts[index] = Cast(cast.cid, cast.seat, cast.card, cast.key, cast.verb,
                                         cast.targets, cast.energy, cast.options,
                                         cast.answers, True)
                self.changed()
                return True
        return False

    def check_victory(self) -> None:
        turn_rules.check_victory(self)

    # ---- State hooks ---------------------------------------------------------------------------
    def _current_player(self) -> int | None:
        if self.over:
            return None
        top = self.stack.top
        return self.active if top is None else top.seat

    def _legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal.legal_actions(self)
        return list(self._legal)

    def _is_legal(self, action: Action) -> bool:
        # The legal list is exact (each listed action passes `legal.reason`; a test checks it)
        # and dropped on every change: an action listed for this position needs no re-check.
        # Callers usually pick from the list: looking for that very object first skips the
        # field by field comparisons of `in`.
        listed = self._legal
        if listed is not None and (id(action) in map(id, listed) or action in listed):
            return True
        return legal.reason(self, action) is None

    def _illegal_reason(self, action: Action) -> IllegalAction:
        found = legal.reason(self, action)
        return found if found is not None else IllegalAction("not legal now")

    def _apply(self, action: Action) -> None:
        legal.apply(self, action)
        self.changed()

    def _returns(self) -> list[float]:
        n = len(self.wizards)
        if self.winner is None:
            return [0.0] * n
        return [1.0 if s == self.winner else -1.0 for s in range(n)]

    # ---- documents -----------------------------------------------------------------------------
    def _document(self) -> dict[str, Any]:
        doc = self._public_document()
        doc["deck"] = [self.keys[c] for c in self.deck]
        for wiz, out in zip(self.wizards, doc["wizards"], strict=True):
            out["hand"] = sorted(self.keys[c] for c in wiz.hand)
        return doc

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """Other hands are shown as counts, the deck as its size, another seat's open question
        as its kind and seat (WW-2.9, spec §7)."""
        doc = self._public_document()
        doc["deck"] = len(self.deck)
        for wiz, out in zip(self.wizards, doc["wizards"], strict=True):
            if wiz.seat == seat:
                out["hand"] = sorted(self.keys[c] for c in wiz.hand)
        for obj, entry in zip(self.objects, doc["objects"], strict=True):
            if "secret" in obj.data and obj.owner != seat:      # face-down tokens (Booby Trap)
                entry["data"] = {k: v for k, v in obj.data.items() if k != "secret"}
        # A card's question (its options, its play) is shown to the seat that answers it only:
        # the others see who must choose (WW-2.9: options may name hand cards).
        doc["decisions"] = [d if d["kind"] != "Choice" or d["seat"] == seat
                            else {"kind": d["kind"], "seat": d["seat"]}
                            for d in doc["decisions"]]
        return doc

    def _public_document(self) -> dict[str, Any]:
        board = self.board
        return {
            "board": board.document(),
            "round": self.round, "turn_limit": self.turn_limit,
            "first": self.first, "active": self.active, "phase": self.phase,
            "turn": self.turn.document(),
            "wizards": [self._wizard_json(w) for w in self.wizards],
            "treasures": [self._treasure_json(t) for t in self.treasures],
            "objects": [{"id": o.oid, "kind": o.kind, "square": board.square_name(o.square),
                         "card": None if o.card is None else self.keys[o.card],
                         "owner": o.owner, "cracks": o.cracks, "data": o.data}
                        for o in self.objects],
            "spells": [{"id": s.sid, "card": s.key, "caster": s.caster,
                        "targets": list(s.targets), "energy": s.energy, "tokens": s.tokens,
                        "data": s.data} for s in self.spells],
            "casts": [{"id": c.cid, "seat": c.seat, "card": c.key, "verb": c.verb,
                       "targets": list(c.targets), "energy": c.energy,
                       "options": dict(c.options), "answers": c.answers,
                       "countered": c.countered} for c in self.casts],
            "discard": [self.keys[c] for c in self.discard],
            "decisions": [self._decision_json(d) for d in self.stack],
            "over": self.over, "winner": self.winner,
        }

    def _decision_json(self, decision: Any) -> dict[str, Any]:
        """A decision; a card's question (`Choice`) carries the play it belongs to (`ctx`), so
        a position with an open question is fully in the document (digests, records)."""
        out = decision_json(decision)
        ctx = self.pending_ctx.get(out["ref"]) if out["kind"] == "Choice" else None
        if ctx is not None:
            out["ctx"] = {"seat": ctx.seat, "card": ctx.card.key, "instance": ctx.instance,
                          "targets": list(ctx.raw), "energy": ctx.energy, "boosts": ctx.boosts,
                          "options": dict(ctx.options), "cast": ctx.cast, "verb": ctx.verb,
                          "spell": None if ctx.spell is None else ctx.spell.sid,
                          "answering": None if ctx.answering is None else ctx.answering.cid}
        return out

    def _wizard_json(self, wiz: Wizard) -> dict[str, Any]:
        return {"seat": wiz.seat, "colour": wiz.colour,
                "square": self.board.square_name(wiz.square), "life": wiz.life,
                "alive": wiz.alive, "vp": wiz.vp, "stun": wiz.stun,
                "hand_size": len(wiz.hand), "items": [self.keys[c] for c in wiz.items],
                "treasures": [self.treasures[i].name for i in wiz.treasures],
                "turns": wiz.turns, "data": wiz.data}

    def _treasure_json(self, t: Treasure) -> dict[str, Any]:
        return {"name": t.name, "colour": t.colour,
                "square": None if t.square is None else self.board.square_name(t.square),
                "carrier": t.carrier, "scored": t.scored}

    # ---- hidden information --------------------------------------------------------------------
    def _resample(self, seat: int | None, rng: random.Random) -> WizWarState:
        """Redeal the cards `seat` cannot see (other hands and the deck), keeping every count
        (WW-2.9); the dice get a fresh stream."""
        twin = self.clone(reseed=rng.getrandbits(62))
        hidden = [w for w in twin.wizards if w.seat != seat]
        pool = list(twin.deck)
        for wiz in hidden:
            pool += wiz.hand
        rng.shuffle(pool)
        for wiz in hidden:
            size = len(wiz.hand)
            wiz.hand, pool = pool[:size], pool[size:]
        twin.deck = pool
        _redraw_secrets(twin, seat, rng)
        twin.changed()
        return twin

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, WizWarState)
        twin.cards, twin.keys, twin.colours = self.cards, self.keys, self.colours
        twin.names = self.names                   # geometry never changes: shared
        twin.turn_limit = self.turn_limit
        twin.board = self.board.copy()
        twin.wizards = [w.copy() for w in self.wizards]
        twin.treasures = [t.copy() for t in self.treasures]
        twin.objects = [o.copy() for o in self.objects]
        twin.spells = [s.copy() for s in self.spells]
        twin.casts = list(self.casts)
        twin.deck, twin.discard = self.deck[:], self.discard[:]
        twin.stack = self.stack.copy()
        twin.pending_ctx = dict(self.pending_ctx)
        twin.active, twin.first, twin.round = self.active, self.first, self.round
        twin.phase, twin.turn, twin.next_id = self.phase, self.turn.copy(), self.next_id
        twin.over, twin.winner = self.over, self.winner
        twin._reset_caches()


# Parsed square and edge names per board shape (where the sectors lie): every game on that
# shape reads the same names, and they never change.
_NAMES: dict[frozenset[tuple[int, int]], dict[str, Any]] = {}


def _names_of(board: Board) -> dict[str, Any]:
    return _NAMES.setdefault(frozenset((p.row, p.col) for p in board.sectors), {})


def _provide(found: dict[str, list[tuple[Script, Holder]]], effect: str, kind: str,
             seat: int | None, card: int, spell: SpellInPlay | None = None,
             oid: int = -1) -> None:
    """Add a card held so to the providers of each hook its script overrides (none: skipped)."""
    entry = registry.hooked(effect)
    if entry is not None:
        script, hooks = entry
        holder = Holder(kind, seat, card, spell, oid)
        for hook in hooks:
            found.setdefault(hook, []).append((script, holder))


def _redraw_secrets(st: WizWarState, seat: int | None, rng: random.Random) -> None:
    """Objects whose `data["secret"]` only their owner sees (face-down tokens) have their
    secrets shuffled among the tokens of the same owner and `data["group"]`, so every count
    stays as `seat` sees it."""
    groups: dict[tuple[int | None, Any], list[BoardObject]] = {}
    for obj in st.objects:
        if "secret" in obj.data and obj.owner != seat:
            groups.setdefault((obj.owner, obj.data.get("group")), []).append(obj)
    for objs in groups.values():
        secrets = [o.data["secret"] for o in objs]
        rng.shuffle(secrets)
        for obj, secret in zip(objs, secrets, strict=True):
            obj.data["secret"] = secret
