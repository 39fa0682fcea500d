"""A `State` is one position. Public methods do the bookkeeping; games implement the hooks.

Hooks a game implements: `_legal_actions`, `_apply`, `_current_player`, `_returns`, `_document`,
`_copy_into` (hand-written clone), and optionally `_illegal_reason`, `_view_document`, `_resample`.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction, NotYourDecision
from grimorio.core.events import Event
from grimorio.core.i18n import Text
from grimorio.core.rng import Dice

if TYPE_CHECKING:
    from grimorio.core.game import Game

S = TypeVar("S", bound="State")
_new_event = tuple.__new__

GAME_OVER = Text("The game is over.", "La partida ha terminado.")


class State(ABC):
    """One position of a game."""

    __slots__ = ("dice", "events", "game", "history", "quiet", "reveals")

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.dice = Dice(seed)
        self.events: list[Event] = []
        self.history: list[Action] = []
        self.reveals = 0
        # A quiet state (a search copy) keeps no log and no history: games may skip building
        # their messages when it is set.
        self.quiet = False

    # ---- hooks -------------------------------------------------------------------------------
    @abstractmethod
    def _current_player(self) -> int | None:
        """The seat that decides now, or None when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action now (for parameterised games: a representative list)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """Each seat's result; only called at the end."""

    @abstractmethod
    def _document(self) -> dict[str, Any]:
        """The full truth of the position as JSON-able data (the documented state document)."""

    @abstractmethod
    def _copy_into(self, twin: State) -> None:
        """Copy the game's own fields into `twin` (hand-written, no deepcopy)."""

    def _is_legal(self, action: Action) -> bool:
        """Fast legality check; parameterised games override instead of listing every action."""
        return action in self._legal_actions()

    def _illegal_reason(self, action: Action) -> IllegalAction:
        """Why `action` is not legal now, with a rule id. Games override to explain."""
        return IllegalAction(
            Text(f"'{action.notation()}' is not legal now.",
                 f"'{action.notation()}' no es legal ahora."),
        )

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Perfect-information games show everything."""
        return self._document()

    def _action_seen_by(self, action: Action, viewer: int | None) -> str:
        """How `action`, about to be taken here by the current player, looks to `viewer`
        (None: a spectator). Games whose actions can name hidden things (a card planned in
        secret) override this to blank them for everyone but the actor."""
        return action.notation()

    def _resample(self: S, seat: int | None, rng: random.Random) -> S:
        """A full state consistent with `seat`'s view; hidden-information games override."""
        return self.clone(reseed=rng.getrandbits(62))

    # ---- public API --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._current_player()

    def is_terminal(self) -> bool:
        return self._current_player() is None

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act; empty at the end."""
        return [] if self._current_player() is None else self._legal_actions()

    def check(self, action: Action | str, seat: int | None = None) -> Action:
        """Parse and validate without changing anything; returns the action or raises."""
        if not isinstance(action, Action):
            action = self.game.action_from(self, action)
        player = self._current_player()
        if player is None:
            raise IllegalAction(GAME_OVER)
        if seat is not None and seat != player:
            en, es = self.game.seat_name(player, "en"), self.game.seat_name(player, "es")
            raise NotYourDecision(Text(f"It is {en}'s decision, not yours.",
                                       f"La decisión es de {es}, no tuya."))
        if not self._is_legal(action):
            raise self._illegal_reason(action)
        return action

    def apply(self, action: Action | str, seat: int | None = None) -> Action:
        """Validate, then carry out `action`. `seat` is who claims to act (None: trusted caller).

        An illegal action raises and leaves the state exactly as it was.
        """
        action = self.check(action, seat)
        self._apply(action)
        if not self.quiet:
            self.history.append(action)
        return action

    def describe_action(self, action: Action, viewer: int | None) -> str:
        """The text of `action` (to be taken now) as `viewer` may see it: the notation, with
        anything hidden from that seat blanked. The CLI shows other seats' moves this way."""
        if viewer is not None and viewer == self._current_player():
            return action.notation()
        return self._action_seen_by(action, viewer)

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for search: no validation."""
        self._apply(action)
        if not self.quiet:
            self.history.append(action)

    def returns(self) -> list[float]:
        """Each seat's result: zeros until the end."""
        if not self.is_terminal():
            return [0.0] * self.game.num_players
        return self._returns()

    def clone(self: S, reseed: int | None = None, quiet: bool | None = None) -> S:
        """An independent copy. With `reseed`, its dice draw from a new stream; with
        `quiet=True` it is a search copy that keeps no log and no history (cheaper to make and
        to play on). By default the copy is as quiet as the original."""
        twin = self.__class__.__new__(self.__class__)
        twin.game = self.game
        twin.dice = self.dice.clone(reseed)
        twin.quiet = self.quiet if quiet is None else quiet
        twin.events = [] if twin.quiet else list(self.events)
        twin.history = [] if twin.quiet else list(self.history)
        twin.reveals = self.reveals
        self._copy_into(twin)
        return twin

    # ---- randomness and the log --------------------------------------------------------------
    def roll(self, n: int, purpose: Text, rule: str | None, sides: int = 6,
             **data: Any) -> tuple[int, ...]:
        """Roll dice through the state's stream and record them with their purpose."""
        values = self.dice.roll(n, sides)
        shown = ", ".join(map(str, values))
        self.emit("roll", rule, purpose + Text(f": {shown}", f": {shown}"),
                  dice=list(values), sides=sides, **data)
        return values

    def script_dice(self, values: Sequence[int]) -> None:
        """Make the next rolls return these values (tests and scenarios)."""
        self.dice.script(values)

    def emit(self, kind: str, rule: str | None, text: Text,
             visible_to: frozenset[int] | None = None, **data: Any) -> None:
        """Log a ruling (nothing on a quiet search copy)."""
        if not self.quiet:
            # tuple.__new__ skips the named tuple's generated constructor: this runs once per
            # ruling, on every step of every game.
            self.events.append(_new_event(Event, (kind, rule, text, data, visible_to)))

    def reveal(self) -> None:
        """Mark that new information came out (a card drawn): undo stops here."""
        self.reveals += 1

    @property
    def information_mark(self) -> int:
        """Grows whenever something unknown became known; undo never crosses a change of it."""
        return self.dice.draws + self.reveals

    # ---- documents ---------------------------------------------------------------------------
    def document(self) -> dict[str, Any]:
        """The full state document (the truth: never sent to a player; use `view`)."""
        return {"game": self.game.id, "current_player": self._current_player(),
                "terminal": self.is_terminal(), "state": self._document()}

    def digest(self) -> str:
        """A hash of the position and the dice stream: equal digests, equal futures."""
        body = json.dumps(self.document(), sort_keys=True, separators=(",", ":"))
        stream = f"{self.dice.fingerprint()}:{self.dice.draws}:{self.reveals}"
        return hashlib.sha256((body + stream).encode()).hexdigest()[:32]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} player={self._current_player()}>"


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): the only way state leaves the engine."""
    player = state.current_player
    out: dict[str, Any] = {
        "game": state.game.id,
        "seat": seat,
        "current_player": player,
        "terminal": state.is_terminal(),
        "state": state._view_document(seat),
        "log": [e.to_json() for e in _seen(state.events, seat)],
    }
    if state.is_terminal():
        out["returns"] = state.returns()
    if seat is not None and seat == player:
        out["legal_actions"] = [a.notation() for a in state.legal_actions()]
    return out


def resample(state: S, seat: int | None, rng: random.Random) -> S:
    """A full state consistent with `seat`'s view, with hidden parts and future dice redrawn.

    The copy keeps only the log `seat` may see and no history: both could name what was
    hidden from it (a secretly planned card)."""
    twin = state._resample(seat, rng)
    twin.events = _seen(twin.events, seat)
    twin.history = []
    return twin


def _seen(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see: `Event.visible`, inlined (every view and every resample runs
    it over the whole log)."""
    if seat is None:
        return [e for e in events if e.visible_to is None]
    return [e for e in events if e.visible_to is None or seat in e.visible_to]


def jsonable(value: Any) -> Any:
    """A state's internal value as JSON: tuples become lists, sets sorted lists (so documents
    and digests never depend on set order), mapping keys strings."""
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value
