"""The agent protocol and agent specs (``random``, later ``mcts:iters=800,c=1.4``)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from grimorio.core.actions import Action


class Agent(ABC):
    """Chooses an action from a seat's view and the legal actions. Answers at once if forced."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, legal)

    @abstractmethod
    def _choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...

    def restart(self) -> None:  # noqa: B027 - most agents keep nothing between games
        """Forget anything kept between moves (a new game starts)."""


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    name = "random"

    def _choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from a spec string such as ``random``; ValueError names the known agents."""
    name, _, params = spec.partition(":")
    cls = AGENTS.get(name)
    if cls is None:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}")
    if params:
        raise ValueError(f"agent {name!r} takes no parameters (got {params!r})")
    return cls(seed)
