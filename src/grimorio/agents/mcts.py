"""`mcts`: UCT for perfect-information positions, with dice handled by re-sampling.

The tree is open-loop: a node is the sequence of actions from the root, not a concrete state.
Every iteration draws a fresh state from the observation (`Observation.sample`, which also
redraws the future dice), replays the tree's actions on it, expands one new action, plays out
and backs up each seat's value. Where dice make an action legal in one sample and not in
another, only the actions legal in the current sample compete. The agent never touches the true
state: it only searches samples.

Spec: ``mcts:iters=800,time=0.5,c=1.4,rollout=random|heuristic,depth=N``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from grimorio.agents.base import AGENTS, Agent, Observation
from grimorio.agents.common import Clock, Param, SearchParams, check_names, playout
from grimorio.agents.heuristics import Evaluator, evaluator_for
from grimorio.core.actions import Action


class _Node:
    """An open-loop node: its visits and the summed value for the seat that moved into it."""

    __slots__ = ("children", "player", "row", "row_mover", "seen", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.children: dict[tuple[int, Action], _Node] = {}
        # The last mover and legal list under which every action had a child, and those
        # children in that order (a fast path for positions whose legal list does not change).
        self.seen: list[Action] | None = None
        self.row: list[_Node] | None = None
        self.row_mover = -1


class MCTSAgent(Agent):
    """Upper Confidence bounds applied to Trees over samples of the position."""

    name = "mcts"

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

    def _choose(self, observation: Observation, legal: Sequence[Action],
                rng: random.Random) -> Action:
        p = self.params
        evaluator = self._evaluator(observation)
        policy, depth, c = p.rollout, p.depth, p.c
        root_legal = list(legal)
        root = _Node(-1)
        clock = Clock(p.iters, p.seconds)
        log, sqrt = math.log, math.sqrt
        sample = observation.sample
        done = 0
        while clock.more(done):
            state = sample(rng)
            node = root
            path = [root]
            legal_here = root_legal
            mover = state.current_player
            assert mover is not None
            while True:
                # Children are keyed by (seat, action): with dice, the same actions from the root
                # may hand the decision to different seats in different samples.
                row = node.row
                if row is None or mover != node.row_mover or not (
                        legal_here is node.seen or legal_here == node.seen):
                    # The general path: find the actions of this sample with no node yet.
                    children = node.children
                    untried = [a for a in legal_here if (mover, a) not in children]
                    if untried:
                        action = (untried[0] if len(untried) == 1
                                  else untried[rng.randrange(len(untried))])
                        child = _Node(mover)
                        children[mover, action] = child
                        state.apply_unchecked(action)
                        path.append(child)
                        break
                    # Every action legal here has a node: remember them in this order, so the
                    # next visit with the same mover and legal list skips the look-ups.
                    node.seen = legal_here
                    node.row_mover = mover
                    node.row = row = [children[mover, a] for a in legal_here]
                scale = c * sqrt(log(node.visits)) if node.visits > 1 else 0.0
                best = 0
                top = -math.inf
                for i, child in enumerate(row):
                    v = child.visits
                    score = child.total / v + scale / sqrt(v)
                    if score > top:
                        top, best = score, i
                state.apply_unchecked(legal_here[best])
                node = row[best]
                path.append(node)
                next_mover = state.current_player
                if next_mover is None:
                    break
                mover = next_mover
                legal_here = state.legal_actions()
            values = playout(state, rng, evaluator, policy, depth)
            for n in path:
                n.visits += 1
                if n.player >= 0:
                    n.total += values[n.player]
            done += 1
        self.last_iterations = done
        self.last_seconds = clock.elapsed()
        self.last_visits = {a.notation(): ch.visits for (_, a), ch in root.children.items()}
        return _most_visited(root.children, observation.seat, root_legal, rng)


def _most_visited(children: dict[tuple[int, Action], _Node], seat: int, legal: list[Action],
                  rng: random.Random) -> Action:
    """The legal action with the most visits (then the best mean value; then rng)."""
    best: list[Action] = []
    key = (-1, -math.inf)
    for action in legal:
        child = children.get((seat, action))
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


def _factory(seed: int = 0, **params: Param) -> MCTSAgent:
    """The agent from spec parameters (text), with clear errors for unknown names."""
    check_names("mcts", params, SearchParams.NAMES)
    return MCTSAgent(seed=seed, **params)


AGENTS["mcts"] = _factory
