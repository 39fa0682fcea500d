"""Games between agents, and the exact statistics to tell whether one is stronger.

`play(game, agents, seed)` plays one game where seat i is `agents[i]`, each deciding from its own
observation only. `duel` plays a fixed list of seeds with the seats alternating and counts wins,
draws and losses of the first agent; `sign_test_p` is the exact one-sided p-value that it wins
more often than it loses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from grimorio.agents.base import Agent, make_agent, observe
from grimorio.core.game import Game


def play(game: Game, agents: Sequence[Agent], seed: int) -> list[float]:
    """One game from `seed`, seat i played by `agents[i]`; each seat's returns."""
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        state.apply(agents[seat].act(observe(state, seat), legal), seat)
    return state.returns()


@dataclass(frozen=True)
class Score:
    """The first agent's wins, draws and losses over a duel."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def p_value(self) -> float:
        """One-sided exact sign test: wins > losses, draws left out."""
        return sign_test_p(self.wins, self.losses)

    def __str__(self) -> str:
        return f"{self.wins}W {self.draws}D {self.losses}L (p={self.p_value:.2g})"


def sign_test_p(wins: int, losses: int) -> float:
    """P(at least `wins` wins out of the decisive games) if each side were equally strong."""
    n = wins + losses
    if n == 0:
        return 1.0
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / (1 << n)


def duel(game: Game, spec: str, other: str, seeds: Iterable[int]) -> Score:
    """`spec` against `other` over `seeds` (two seats): the k-th seed gives `spec` seat k % 2."""
    wins = draws = losses = 0
    for k, seed in enumerate(seeds):
        seat = k % 2
        first = make_agent(spec, seed=seed * 2 + 1)
        second = make_agent(other, seed=seed * 2 + 2)
        agents = [first, second] if seat == 0 else [second, first]
        result = play(game, agents, seed)[seat]
        if result > 0:
            wins += 1
        elif result < 0:
            losses += 1
        else:
            draws += 1
    return Score(wins, draws, losses)
