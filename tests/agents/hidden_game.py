"""Kuhn poker: a tiny hidden-information game to test that bots do not read what they cannot see.

Three cards (1 = jack, 2 = queen, 3 = king) are shuffled through the state's dice; each player
gets one, face down, and antes 1. Player 0 checks or bets 1; then player 1 checks or bets after a
check, calls or folds after a bet; after check-bet player 0 calls or folds. A fold loses the
ante; a showdown (check-check, or a call) wins the pot for the higher card: ±1 after check-check,
±2 after a call. A seat's view shows its own card only, and both cards after a showdown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from grimorio.core.actions import Action, tokens
from grimorio.core.errors import InvalidAction, ScenarioError
from grimorio.core.game import Game
from grimorio.core.i18n import Text
from grimorio.core.state import State

NAMES = {1: "J", 2: "Q", 3: "K"}
# Move sequences where play goes on, and whose turn it is after each.
TURN = {"": 0, "c": 1, "b": 1, "cb": 0}
TERMINAL = ("cc", "bc", "bf", "cbc", "cbf")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """check, bet, call or fold (stored as its first letter)."""

    letter: str

    def notation(self) -> str:
        return {"c": "check", "b": "bet", "k": "call", "f": "fold"}[self.letter]


CHECK, BET, CALL, FOLD = Move("c"), Move("b"), Move("k"), Move("f")


class KuhnState(State):
    __slots__ = ("cards", "moves")

    def __init__(self, game: Game, seed: int, cards: tuple[int, int] | None = None) -> None:
        super().__init__(game, seed)
        if cards is None:
            deck = [1, 2, 3]
            self.dice.shuffle(deck)
            cards = (deck[0], deck[1])
        self.cards = cards
        self.moves = ""
        for seat in (0, 1):
            name = NAMES[cards[seat]]
            self.emit("deal", "KUHN-1", Text(f"You are dealt {name}.", f"Recibes {name}."),
                      visible_to=frozenset({seat}), card=cards[seat])

    @property
    def _sequence(self) -> str:
        """The moves with call written as 'c' (the betting history of the textbook)."""
        return self.moves.replace("k", "c")

    def _current_player(self) -> int | None:
        return TURN.get(self._sequence)

    def _legal_actions(self) -> list[Action]:
        return [CALL, FOLD] if self.moves.endswith("b") else [CHECK, BET]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        seat = self._current_player()
        self.moves += action.letter
        self.emit("move", "KUHN-2", Text(f"P{seat} {action.notation()}s.",
                                         f"J{seat} {action.notation()}."))
        if self._showdown():
            a, b = (NAMES[c] for c in self.cards)
            self.emit("showdown", "KUHN-3", Text(f"Showdown: {a} against {b}.",
                                                 f"Se muestran: {a} contra {b}."),
                      cards=list(self.cards))

    def _showdown(self) -> bool:
        return self._sequence in ("cc", "bc", "cbc")

    def _returns(self) -> list[float]:
        seq = self._sequence
        if seq == "bf":
            return [1.0, -1.0]
        if seq == "cbf":
            return [-1.0, 1.0]
        stake = 1.0 if seq == "cc" else 2.0
        return [stake, -stake] if self.cards[0] > self.cards[1] else [-stake, stake]

    def _document(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "moves": [Move(m).notation() for m in self.moves]}

    def _view_document(self, seat: int | None) -> dict[str, Any]:
        shown = self._visible_cards(seat)
        return {"cards": [c if i in shown else None for i, c in enumerate(self.cards)],
                "moves": [Move(m).notation() for m in self.moves]}

    def _visible_cards(self, seat: int | None) -> set[int]:
        if self._showdown():
            return {0, 1}
        return set() if seat is None else {seat}

    def _resample(self, seat: int | None, rng: random.Random) -> KuhnState:
        """Redeal the cards `seat` cannot see from the ones it has not seen; drop the events it
        may not see (they would name the true cards)."""
        twin = self.clone(reseed=rng.getrandbits(62))
        shown = self._visible_cards(seat)
        cards = [c if i in shown else 0 for i, c in enumerate(self.cards)]
        unseen = [c for c in (1, 2, 3) if c not in cards]
        rng.shuffle(unseen)
        twin.cards = (cards[0] or unseen.pop(), cards[1] or unseen.pop())
        twin.events = [e for e in twin.events if e.visible(seat)]
        return twin

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, KuhnState)
        twin.cards = self.cards
        twin.moves = self.moves


class KuhnPoker(Game):
    id: ClassVar[str] = "test-kuhn"
    name: ClassVar[Text] = Text("Kuhn poker", "Póquer de Kuhn")
    rule_prefix: ClassVar[str] = "KUHN"
    perfect_information: ClassVar[bool] = False

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        """Setup: {"cards": [c0, c1], "moves": "cb"} (cards 1-3, moves as letters c/b/k/f)."""
        if setup is None:
            return KuhnState(self, seed)
        cards = setup.get("cards")
        if not (isinstance(cards, list) and len(cards) == 2 and set(cards) <= {1, 2, 3}
                and cards[0] != cards[1]):
            raise ScenarioError("cards are two different values among 1, 2, 3")
        state = KuhnState(self, seed, (cards[0], cards[1]))
        for letter in setup.get("moves", ""):
            state.apply(Move(letter))
        return state

    def parse_action(self, state: State, text: str) -> Action:
        parsed = tokens(text)
        parsed.expect_no_more(0)
        for move in (CHECK, BET, CALL, FOLD):
            if parsed.verb == move.notation():
                return move
        raise InvalidAction(f"unknown move {parsed.verb!r} (check, bet, call, fold)")
