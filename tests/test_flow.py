"""The frame kernel's decisions: a closed `Ask` accepts only what it lists, an `OpenAsk` lists
candidates and decides any other action exactly (core contract, docs/core.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.flow import Ask, AskDriven, Frame, OpenAsk, TextAction, run
from grimorio.core.game import Game
from grimorio.core.i18n import Text
from grimorio.core.state import State


@dataclass(slots=True)
class PickNumber(OpenAsk):
    """Seat 0 names any whole number from 1 to 100; three of them are offered."""

    seat: int = 0

    def options(self, st: Any) -> list[TextAction]:
        return [TextAction(f"pick {n}") for n in (1, 50, 100)]

    def validate(self, st: Any, action: Any) -> IllegalAction | None:
        verb, _, number = action.text.partition(" ")
        if verb == "pick" and number.isdigit() and 1 <= int(number) <= 100:
            return None
        return IllegalAction(Text("Name a number from 1 to 100.", "Di un número del 1 al 100."),
                             rule="T-1")

    def answer(self, st: Any, action: Any) -> None:
        st.picked = int(action.text.split()[1])
        st.frames.pop()
        st.frames.append(Confirm())


@dataclass(slots=True)
class Confirm(Ask):
    """Seat 1 accepts or refuses the number: a closed list."""

    seat: int = 1

    def options(self, st: Any) -> list[TextAction]:
        return [TextAction("yes"), TextAction("no")]

    def answer(self, st: Any, action: Any) -> None:
        st.frames.pop()
        st.frames.append(Finish())


@dataclass(slots=True)
class Finish(Frame):
    def step(self, st: Any) -> None:
        st.frames.pop()
        st.over = True


class ToyState(AskDriven, State):
    __slots__ = ("_legal", "frames", "over", "picked")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self._legal = None
        self.frames: list[Frame] = [PickNumber()]
        self.over = False
        self.picked = 0
        run(self)

    def _apply(self, action: Action) -> None:
        self._answer(action)

    def _returns(self) -> list[float]:
        return [0.0, 0.0]

    def _document(self) -> dict[str, Any]:
        return {"picked": self.picked, "frames": [f.to_json() for f in self.frames]}

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, ToyState)
        twin._legal = None
        twin.frames = [f.copy() for f in self.frames]
        twin.over = self.over
        twin.picked = self.picked


class ToyGame(Game):
    id: ClassVar[str] = "toy"
    name: ClassVar[Text] = Text("Toy", "Juguete")
    rule_prefix: ClassVar[str] = "T"

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        return ToyState(self, seed)

    def parse_action(self, state: State, text: str) -> Action:
        return TextAction(" ".join(text.split()))


def test_open_ask_offers_candidates_and_accepts_any_valid_value() -> None:
    st = ToyGame().new_initial_state(0)
    assert [a.notation() for a in st.legal_actions()] == ["pick 1", "pick 50", "pick 100"]
    st.check("pick 37")                       # not listed, but valid
    st.apply("pick 37")
    assert isinstance(st, ToyState) and st.picked == 37
    assert st.current_player == 1


def test_open_ask_refuses_with_its_own_reason_and_changes_nothing() -> None:
    st = ToyGame().new_initial_state(0)
    before = st.digest()
    with pytest.raises(IllegalAction) as refused:
        st.apply("pick 101")
    assert refused.value.rule == "T-1"
    assert st.digest() == before and st.current_player == 0


def test_closed_ask_accepts_only_its_list() -> None:
    st = ToyGame().new_initial_state(0)
    st.apply("pick 5")
    with pytest.raises(IllegalAction):
        st.apply("maybe")
    st.apply("yes")
    assert st.is_terminal()


def test_a_refusal_quotes_a_long_action_clipped() -> None:
    st = ToyGame().new_initial_state(0)
    st.apply("pick 5")
    typed = "maybe " + "x" * 5000
    with pytest.raises(IllegalAction) as refused:
        st.apply(typed)
    message = refused.value.text.get("en")
    assert "maybe xxx" in message and "…" in message and len(message) < 300
    assert "yes" in message                  # the possible answers are still listed


def test_seat_names_follow_the_language() -> None:
    game = ToyGame()
    assert game.seat_name(0) == "P1" and game.seat_name(1, "es") == "J2"
