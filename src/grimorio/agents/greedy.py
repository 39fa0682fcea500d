"""`greedy`: one ply, scored by the game's heuristic.

For each legal action the agent draws a state consistent with its view (`Observation.sample`),
plays the action on it and scores the result for its seat: the returns if the game is over, else
the game's heuristic (``<game package>.heuristic.evaluate``), else — for a game with no heuristic
— the result of one random play-out. Dice and hidden information make the result uncertain, so
each action is scored over `samples` draws and the scores averaged; when the game has perfect
information and the action rolled no dice, one draw is enough. Ties are broken at random.

Spec: ``greedy`` or ``greedy:samples=N`` (default 8).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from grimorio.agents.base import AGENTS, Agent, Observation
from grimorio.agents.common import Param, check_names, playout, positive_int
from grimorio.agents.heuristics import evaluator_for
from grimorio.core.actions import Action

DEFAULT_SAMPLES = 8


class GreedyAgent(Agent):
    """The action whose immediate result looks best."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: Param | None = None) -> None:
        super().__init__(seed)
        self.samples = DEFAULT_SAMPLES if samples is None else positive_int("samples", samples)
        self.last_scores: dict[str, float] = {}

    def _choose(self, observation: Observation, legal: Sequence[Action],
                rng: random.Random) -> Action:
        seat = observation.seat
        game = observation.game
        evaluator = evaluator_for(game)
        exact = game.perfect_information
        scores: dict[str, float] = {}
        best: list[Action] = []
        top = -float("inf")
        for action in legal:
            total = 0.0
            drawn = 0
            for _ in range(self.samples):
                state = observation.sample(rng)
                before = state.dice.draws
                state.apply_unchecked(action)
                rolled = state.dice.draws != before
                if state.is_terminal():
                    total += state.returns()[seat]
                elif evaluator is not None:
                    total += max(-1.0, min(1.0, float(evaluator(state, seat))))
                else:
                    total += playout(state, rng, None, "random", None)[seat]
                    rolled = True  # a random play-out is itself a draw
                drawn += 1
                if exact and not rolled:
                    break
            score = total / drawn
            scores[action.notation()] = score
            if score > top:
                top, best = score, [action]
            elif score == top:
                best.append(action)
        self.last_scores = scores
        return best[0] if len(best) == 1 else rng.choice(best)


def _greedy(seed: int = 0, **params: Param) -> GreedyAgent:
    check_names("greedy", params, ("samples",))
    return GreedyAgent(seed=seed, **params)


AGENTS["greedy"] = _greedy
