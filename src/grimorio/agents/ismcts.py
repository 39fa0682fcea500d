"""`ismcts`: single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012).

One tree per decision, seen from the deciding seat (the observer). Its root is the observer's
information state — the view it was given (`root_key`: ``json.dumps(view, sort_keys=True)``) —
and every other node is that information state followed by the notations of the actions played
since, as the observer sees them. Each iteration:

1. draws a determinisation: a full state consistent with the view (`Observation.sample`, which
   redraws what the seat cannot see and the future dice);
2. descends the tree, restricted to the actions legal in that determinisation, choosing by UCB
   where a child's exploration term counts how often it was *available* (its availability), not
   how often its parent was visited;
3. expands one action legal in the determinisation that has no node yet, plays out, and backs up
   each seat's value to the seat that moved into each node.

It never reads the true state: only determinisations drawn from the view.

Spec: ``ismcts:iters=2000,time=0.5,c=1.4,rollout=random|heuristic,depth=N``.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence

from grimorio.agents.base import AGENTS, Observation
from grimorio.agents.common import Clock, Param, SearchAgent, most_visited, playout
from grimorio.core.actions import Action
from grimorio.core.state import State


class _Node:
    """An information-set node: visits, availability, and the value summed for its mover."""

    __slots__ = ("avail", "children", "player", "row", "row_mover", "seen", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[tuple[int, str], _Node] = {}
        # The last mover and legal list under which every available action had a child, and
        # those children in that order (a fast path when determinisations agree on them).
        self.seen: list[Action] | None = None
        self.row: list[_Node] | None = None
        self.row_mover = -1


class ISMCTSAgent(SearchAgent):
    """Information-set Monte Carlo tree search by determinisation."""

    name = "ismcts"

    def __init__(self, seed: int = 0, **params: Param | None) -> None:
        super().__init__(seed, **params)
        self.last_root_key = ""

    def _determinise(self, observation: Observation, rng: random.Random) -> State:
        """One full state consistent with what the seat sees (never the truth itself)."""
        return observation.sample(rng)

    def _choose(self, observation: Observation, legal: Sequence[Action],
                rng: random.Random) -> Action:
        p = self.params
        evaluator = self._evaluator(observation)
        policy, depth, c = p.rollout, p.depth, p.c
        self.last_root_key = root_key(observation)
        root_legal = list(legal)
        root = _Node(-1)
        clock = Clock(p.iters, p.seconds)
        log, sqrt = math.log, math.sqrt
        done = 0
        while clock.more(done):
            state = self._determinise(observation, rng)
            node = root
            path = [root]
            legal_here = root_legal
            mover = state.current_player
            assert mover is not None
            while True:
                # A child is keyed by the acting seat and the action's notation: the observer's
                # information state grows by "who did what".
                row = node.row
                if row is None or mover != node.row_mover or not (
                        legal_here is node.seen or legal_here == node.seen):
                    # The general path: key this determinisation's legal actions by notation.
                    children = node.children
                    keyed = [(a, (mover, a.notation())) for a in legal_here]
                    untried = [(a, k) for a, k in keyed if k not in children]
                    if untried:
                        action, key = (untried[0] if len(untried) == 1
                                       else untried[rng.randrange(len(untried))])
                        child = _Node(mover)
                        children[key] = child
                        state.apply_unchecked(action)
                        path.append(child)
                        break
                    # Every action available here has a node: remember them in this order so
                    # the next visit with the same mover and legal list skips the notations.
                    node.seen = legal_here
                    node.row_mover = mover
                    node.row = row = [children[k] for _, k in keyed]
                best = 0
                top = -math.inf
                for i, child in enumerate(row):
                    v = child.visits
                    score = child.total / v + c * sqrt(log(child.avail) / v)
                    if score > top:
                        top, best = score, i
                for child in row:
                    child.avail += 1
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
        self.last_visits = {key: ch.visits for (_, key), ch in root.children.items()}
        return most_visited(root.children, observation.seat, root_legal, _notation, rng)


def root_key(observation: Observation) -> str:
    """The observer's information state at the root: its view, canonically serialised."""
    return json.dumps(observation.view, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=str)


AGENTS["ismcts"] = ISMCTSAgent.from_spec


def _notation(action: Action) -> str:
    """Children of an information-set node are keyed by the action's notation."""
    return action.notation()
