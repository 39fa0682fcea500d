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

from grimorio.agents.base import AGENTS, Observation
from grimorio.agents.common import Clock, SearchAgent, most_visited, playout
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


class MCTSAgent(SearchAgent):
    """Upper Confidence bounds applied to Trees over samples of the position."""

    name = "mcts"

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
        return most_visited(root.children, observation.seat, root_legal, _same, rng)


AGENTS["mcts"] = MCTSAgent.from_spec


def _same(action: Action) -> Action:
    """Children of an open-loop node are keyed by the action itself."""
    return action
