"""Players that are not people: agents choose among legal actions from what their seat may see.

Importing the package registers the built-in agents in `AGENTS`: ``random``, ``greedy``,
``mcts`` and ``ismcts`` (see docs/agents.md).
"""

from grimorio.agents import greedy, ismcts, mcts
from grimorio.agents.base import AGENTS, Agent, Observation, make_agent, observe, parse_spec
from grimorio.agents.greedy import GreedyAgent
from grimorio.agents.ismcts import ISMCTSAgent
from grimorio.agents.mcts import MCTSAgent

__all__ = [
    "AGENTS", "Agent", "GreedyAgent", "ISMCTSAgent", "MCTSAgent", "Observation", "greedy",
    "ismcts", "make_agent", "mcts", "observe", "parse_spec",
]
