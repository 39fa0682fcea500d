"""The agent contract, and agent specs such as ``random`` or ``mcts:iters=800,c=1.4``.

Bots never see what their seat may not see: an agent gets an `Observation` — the seat's view and
a way to draw full states consistent with it (`sample`, through `resample`) — never the true
state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from grimorio.core.actions import Action
from grimorio.core.game import Game
from grimorio.core.state import State, resample, view


class Observation:
    """What one seat knows when it must act, for the decision it was made for.

    The view is built on first use: many agents (random, MCTS) never read it, and building it
    renders the whole log.
    """

    __slots__ = ("_truth", "_view", "seat")

    def __init__(self, seat: int, truth: State) -> None:
        self.seat = seat
        self._truth = truth
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """What this seat may see (see `grimorio.view`)."""
        if self._view is None:
            self._view = view(self._truth, self.seat)
        return self._view

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat})"

    @property
    def game(self) -> Game:
        """The game being played: its rules and options, which every seat knows."""
        return self._truth.game

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's view: hidden parts and future dice redrawn.

        The copy is quiet (no log, no history), ready for search.
        """
        return resample(self._truth, self.seat, rng).clone(quiet=True)


def observe(state: State, seat: int) -> Observation:
    """The observation `seat` gets of `state`."""
    return Observation(seat, state)


class Agent(ABC):
    """Chooses one of the legal actions. Answers at once when only one action is legal."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal: Sequence[Action],
            rng: random.Random | None = None) -> Action:
        """The chosen action; `rng` overrides the agent's own stream for this decision."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self._choose(observation, legal, rng or self.rng)

    @abstractmethod
    def _choose(self, observation: Observation, legal: Sequence[Action],
                rng: random.Random) -> Action: ...

    def restart(self) -> None:  # noqa: B027 - agents that keep nothing need not override it
        """Forget anything kept between games."""


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    name = "random"

    def _choose(self, observation: Observation, legal: Sequence[Action],
                rng: random.Random) -> Action:
        return rng.choice(list(legal))


AgentFactory = Callable[..., Agent]
AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``mcts:iters=800,c=1.4`` → (``mcts``, {``iters``: ``800``, ``c``: ``1.4``})."""
    name, _, raw = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in raw.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"agent parameter {part!r} in {spec!r} is not key=value")
        params[key] = value
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec; ValueError names the known agents or the bad parameter."""
    name, params = parse_spec(spec)
    factory = AGENTS.get(name)
    if factory is None:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}")
    if params and factory is RandomAgent:
        raise ValueError(f"agent {name!r} takes no parameters (got {spec!r})")
    return factory(seed=seed, **params)
