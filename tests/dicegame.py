"""A tiny test-only game with dice: each of two players, in turn, either says a number of
dice to `roll` (adding them to their score) or `hold`. Used to test the core's dice handling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from grimorio.core.actions import Action, tokens
from grimorio.core.errors import InvalidAction
from grimorio.core.game import Game, Option
from grimorio.core.i18n import Text
from grimorio.core.state import State


@dataclass(frozen=True, slots=True)
class Roll(Action):
    dice: int

    def notation(self) -> str:
        return f"roll dice={self.dice}"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    def notation(self) -> str:
        return "hold"


class DiceState(State):
    __slots__ = ("score", "turn")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.score = [0, 0]
        self.turn = 0

    def _current_player(self) -> int | None:
        return None if self.turn >= self.game.options["turns"] * 2 else self.turn % 2

    def _legal_actions(self) -> list[Action]:
        return [Hold(), Roll(1), Roll(2)]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            dice = self.roll(action.dice, Text("Score dice", "Dados de puntos"), "DG-1")
            self.score[self.turn % 2] += sum(dice)
        self.turn += 1

    def _returns(self) -> list[float]:
        a, b = self.score
        return [float((a > b) - (a < b)), float((b > a) - (b < a))]

    def _document(self) -> dict[str, Any]:
        return {"score": list(self.score), "turn": self.turn}

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, DiceState)
        twin.score = list(self.score)
        twin.turn = self.turn


class DiceGame(Game):
    id: ClassVar[str] = "test-dice"
    name: ClassVar[Text] = Text("Dice", "Dados")
    rule_prefix: ClassVar[str] = "DG"
    options_spec: ClassVar[dict[str, Option]] = {
        "turns": Option(3, "turns per player", minimum=1, maximum=50),
    }

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        return DiceState(self, seed)

    def parse_action(self, state: State, text: str) -> Action:
        parsed = tokens(text)
        if parsed.verb == "hold":
            parsed.expect_no_more(0)
            return Hold()
        if parsed.verb == "roll":
            parsed.expect_no_more(0, frozenset({"dice"}))
            return Roll(parsed.integer("dice"))
        raise InvalidAction(f"unknown verb {parsed.verb!r}")
