"""ISMCTS decides from what its seat sees: never from the hidden truth.

The test game is Kuhn poker (tests/agents/hidden_game.py). Two positions that differ only in the
opponent's face-down card look the same to the seat to act, so an honest bot with the same seed
must make the same choice, with the same search statistics. A control bot that searches the true
state instead of samples shows that the comparison would catch a leak.
"""

from __future__ import annotations

import random

import pytest

from grimorio.agents import make_agent, observe
from grimorio.agents.base import Observation
from grimorio.agents.ismcts import ISMCTSAgent
from grimorio.agents.mcts import MCTSAgent
from grimorio.core import registry
from grimorio.core.state import State, view
from grimorio.testing.conformance import CHECKS
from tests.agents.hidden_game import KuhnPoker

# (the seat to act's card, moves so far): every decision point of Kuhn poker, for each card.
POSITIONS = [(card, moves) for moves in ("", "c", "b", "cb") for card in (1, 2, 3)]


@pytest.fixture
def kuhn(monkeypatch: pytest.MonkeyPatch) -> KuhnPoker:
    """The game, registered for this test only (records replay through the registry; a game
    left registered would change the numbered game list other tests type into the menu)."""
    monkeypatch.setitem(registry._registered, KuhnPoker.id, KuhnPoker)
    assert registry.game_class(KuhnPoker.id) is KuhnPoker
    return KuhnPoker()


def _twins(game: KuhnPoker, card: int, moves: str) -> tuple[State, State]:
    """Two positions, the same for the seat to act, with the opponent's card different."""
    seat = 0 if moves in ("", "cb") else 1
    others = [c for c in (1, 2, 3) if c != card]
    states = []
    for other in others:
        cards = [card, other] if seat == 0 else [other, card]
        states.append(game.new_initial_state(11, {"cards": cards, "moves": moves}))
    first, second = states
    assert first.current_player == second.current_player == seat
    assert first.document() != second.document()  # the truth differs ...
    assert view(first, seat) == view(second, seat)  # ... what the seat sees does not
    return first, second


class PeekingISMCTS(ISMCTSAgent):
    """The control: searches the true state (with fresh dice) instead of samples of the view."""

    def _determinise(self, observation: Observation, rng: random.Random) -> State:
        return observation._truth.clone(reseed=rng.getrandbits(62), quiet=True)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_hidden_game_conforms(kuhn: KuhnPoker, check: str) -> None:
    """Its views hide the opponent's card and its resample is consistent with the view."""
    for seed in range(6):
        CHECKS[check](kuhn, seed)


def test_resample_redraws_only_what_the_seat_cannot_see(kuhn: KuhnPoker) -> None:
    state = kuhn.new_initial_state(0, {"cards": [2, 3]})
    rng = random.Random(1)
    mine = {observe(state, 0).sample(rng).document()["state"]["cards"][0] for _ in range(40)}
    theirs = {observe(state, 0).sample(rng).document()["state"]["cards"][1] for _ in range(40)}
    assert mine == {2} and theirs == {1, 3}
    shown = kuhn.new_initial_state(0, {"cards": [2, 3], "moves": "cc"})
    assert shown.is_terminal()
    assert {tuple(observe(shown, 0).sample(rng).document()["state"]["cards"])
            for _ in range(20)} == {(2, 3)}  # after the showdown nothing is hidden


@pytest.mark.parametrize(("card", "moves"), POSITIONS)
def test_ismcts_choices_do_not_depend_on_the_opponents_hidden_card(
        kuhn: KuhnPoker, card: int, moves: str) -> None:
    first, second = _twins(kuhn, card, moves)
    seat = first.current_player
    assert seat is not None
    for seed in (1, 2, 3):
        a, b = make_agent("ismcts:iters=150", seed=seed), make_agent("ismcts:iters=150", seed=seed)
        assert isinstance(a, ISMCTSAgent) and isinstance(b, ISMCTSAgent)
        choice_a = a.act(observe(first, seat), first.legal_actions())
        choice_b = b.act(observe(second, seat), second.legal_actions())
        assert choice_a == choice_b
        assert a.last_visits == b.last_visits  # the whole search, not only its outcome
        assert a.last_root_key == b.last_root_key


@pytest.mark.parametrize("spec", ["greedy:samples=4", "mcts:iters=100"])
def test_the_other_agents_do_not_read_the_hidden_card_either(kuhn: KuhnPoker, spec: str) -> None:
    for card, moves in POSITIONS:
        first, second = _twins(kuhn, card, moves)
        seat = first.current_player
        assert seat is not None
        a, b = make_agent(spec, seed=4), make_agent(spec, seed=4)
        assert (a.act(observe(first, seat), first.legal_actions())
                == b.act(observe(second, seat), second.legal_actions()))
        if isinstance(a, MCTSAgent) and isinstance(b, MCTSAgent):
            assert a.last_visits == b.last_visits


def test_the_comparison_catches_a_bot_that_peeks(kuhn: KuhnPoker) -> None:
    """A bot that searched the truth would choose differently in twin positions."""
    differ = 0
    for card, moves in POSITIONS:
        first, second = _twins(kuhn, card, moves)
        seat = first.current_player
        assert seat is not None
        a, b = PeekingISMCTS(seed=1, iters=150), PeekingISMCTS(seed=1, iters=150)
        choice_a = a.act(observe(first, seat), first.legal_actions())
        choice_b = b.act(observe(second, seat), second.legal_actions())
        differ += choice_a != choice_b
    assert differ >= 2
    # The clearest case: holding the queen against a bet, the peeker calls the jack, folds to
    # the king.
    jack, king = _twins(kuhn, 2, "b")
    assert PeekingISMCTS(seed=1, iters=150).act(observe(jack, 1), jack.legal_actions()).notation() \
        == "call"
    assert PeekingISMCTS(seed=1, iters=150).act(observe(king, 1), king.legal_actions()).notation() \
        == "fold"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ismcts_plays_kuhn_poker_sensibly(kuhn: KuhnPoker, seed: int) -> None:
    """Facing a bet: call with the king (it always wins), fold the jack (it always loses)."""
    for card, expected in ((3, "call"), (1, "fold")):
        state = kuhn.new_initial_state(0, {"cards": [2, card], "moves": "b"})
        agent = make_agent("ismcts:iters=200", seed=seed)
        assert agent.act(observe(state, 1), state.legal_actions()).notation() == expected
