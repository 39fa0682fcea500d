"""What the search agents share: their parameters (from spec strings), budgets and play-outs."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from time import perf_counter
from typing import Protocol, TypeVar

from grimorio.agents.base import Agent, Observation
from grimorio.agents.heuristics import Evaluator, evaluator_for, value_vector
from grimorio.core.actions import Action
from grimorio.core.state import State

Param = str | int | float

DEFAULT_ITERS = 400
ROLLOUTS = ("random", "heuristic")
# A heuristic play-out step scores at most this many candidate actions (bounds its cost).
HEURISTIC_CANDIDATES = 8
# ... and plays a uniformly random action with this probability (keeps play-outs varied).
HEURISTIC_EPSILON = 0.1


def check_names(agent: str, given: Mapping[str, object], known: tuple[str, ...]) -> None:
    """ValueError naming the first unknown parameter and the agent's known ones."""
    for name in given:
        if name not in known:
            raise ValueError(f"unknown parameter {name!r} for {agent} ({', '.join(known)})")


def positive_int(name: str, value: Param, minimum: int = 1) -> int:
    """`value` (text from a spec, or a number) as an integer >= minimum, else ValueError."""
    what = "a positive integer" if minimum == 1 else f"an integer >= {minimum}"
    if isinstance(value, bool | float):
        raise ValueError(f"{name} must be {what}, not {value!r}")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be {what}, not {value!r}") from None
    if number < minimum:
        raise ValueError(f"{name} must be {what}, not {value!r}")
    return number


def number(name: str, value: Param, positive: bool = False) -> float:
    """`value` as a finite float (> 0 when `positive`, else >= 0), else ValueError."""
    what = "a positive number" if positive else "a non-negative number"
    if isinstance(value, bool):
        raise ValueError(f"{name} must be {what}, not {value!r}")
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be {what}, not {value!r}") from None
    if not math.isfinite(out) or out < 0 or (positive and out == 0):
        raise ValueError(f"{name} must be {what}, not {value!r}")
    return out


@dataclass(frozen=True, slots=True)
class SearchParams:
    """The parameters of `mcts` and `ismcts`.

    `iters` and `seconds` are the budget: the search stops at whichever comes first (only
    `seconds` given: no iteration limit; neither: `DEFAULT_ITERS` iterations).
    """

    iters: int | None = DEFAULT_ITERS
    seconds: float | None = None
    c: float = 1.4
    rollout: str = "random"
    depth: int | None = None

    NAMES = ("iters", "time", "c", "rollout", "depth")

    @classmethod
    def parse(cls, agent: str, params: Mapping[str, Param | None]) -> SearchParams:
        """Read (and check) the spec parameters; None values mean "not given"."""
        given = {k: v for k, v in params.items() if v is not None}
        check_names(agent, given, cls.NAMES)
        iters = positive_int("iters", given["iters"]) if "iters" in given else None
        seconds = number("time", given["time"], positive=True) if "time" in given else None
        if iters is None and seconds is None:
            iters = DEFAULT_ITERS
        c = number("c", given["c"]) if "c" in given else 1.4
        rollout = str(given.get("rollout", "random"))
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        depth = positive_int("depth", given["depth"], minimum=0) if "depth" in given else None
        return cls(iters, seconds, c, rollout, depth)


class Clock:
    """A budget in iterations and/or seconds; `more(done)` says whether to go on."""

    __slots__ = ("deadline", "iters", "start")

    def __init__(self, iters: int | None, seconds: float | None) -> None:
        self.start = perf_counter()
        self.iters = iters
        self.deadline = None if seconds is None else self.start + seconds

    def more(self, done: int) -> bool:
        if self.iters is not None and done >= self.iters:
            return False
        return self.deadline is None or perf_counter() < self.deadline

    def elapsed(self) -> float:
        return perf_counter() - self.start


def playout(state: State, rng: random.Random, evaluator: Evaluator | None, policy: str,
            depth: int | None) -> list[float]:
    """Play `state` (a quiet search copy) on and return each seat's value.

    Random moves (or, with ``policy="heuristic"``, mostly the move the heuristic likes best for
    the mover) until the end, or for `depth` moves and then the heuristic's value. Without a
    heuristic the play-out is random and goes to the end.
    """
    if evaluator is None:
        depth = None
        policy = "random"
    steps = 0
    choice = rng.choice
    while True:
        player = state.current_player
        if player is None:
            return state.returns()
        if depth is not None and steps >= depth:
            assert evaluator is not None
            return value_vector(state, evaluator)
        legal = state.legal_actions()
        if policy == "random" or len(legal) == 1 or rng.random() < HEURISTIC_EPSILON:
            action = choice(legal)
        else:
            assert evaluator is not None
            action = best_for(state, player, legal, rng, evaluator)
        state.apply_unchecked(action)
        steps += 1


def best_for(state: State, player: int, legal: list[Action], rng: random.Random,
             evaluator: Evaluator) -> Action:
    """The candidate action whose result the heuristic scores best for `player` (ties: rng)."""
    candidates = legal if len(legal) <= HEURISTIC_CANDIDATES else rng.sample(
        legal, HEURISTIC_CANDIDATES)
    best: list[Action] = []
    top = -math.inf
    for action in candidates:
        twin = state.clone(reseed=rng.getrandbits(62), quiet=True)
        twin.apply_unchecked(action)
        score = twin.returns()[player] if twin.is_terminal() else evaluator(twin, player)
        if score > top:
            top, best = score, [action]
        elif score == top:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


class _Visited(Protocol):
    visits: int
    total: float


K = TypeVar("K")


def most_visited(children: Mapping[tuple[int, K], _Visited], seat: int, legal: list[Action],
                 key_of: Callable[[Action], K], rng: random.Random) -> Action:
    """The legal action whose child has the most visits (then the best mean value; then rng)."""
    best: list[Action] = []
    key = (-1, -math.inf)
    for action in legal:
        child = children.get((seat, key_of(action)))
        if child is None:
            continue
        mine = (child.visits, child.total / child.visits if child.visits else 0.0)
        if mine > key:
            key, best = mine, [action]
        elif mine == key:
            best.append(action)
    if not best:
        return rng.choice(legal)
    return best[0] if len(best) == 1 else rng.choice(best)


class SearchAgent(Agent):
    """What the tree searches share: parameters, the evaluator and what the last search did."""

    def __init__(self, seed: int = 0, iters: Param | None = None, time: Param | None = None,
                 c: Param | None = None, rollout: Param | None = None,
                 depth: Param | None = None) -> None:
        super().__init__(seed)
        self.params = SearchParams.parse(self.name, {"iters": iters, "time": time, "c": c,
                                                     "rollout": rollout, "depth": depth})
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_visits: dict[str, int] = {}

    def _evaluator(self, observation: Observation) -> Evaluator | None:
        if self.params.rollout == "random" and self.params.depth is None:
            return None
        return evaluator_for(observation.game)

    @classmethod
    def from_spec(cls, seed: int = 0, **params: Param) -> Agent:
        """The agent from spec parameters (text), with clear errors for unknown names."""
        check_names(cls.name, params, SearchParams.NAMES)
        return cls(seed=seed, **params)
