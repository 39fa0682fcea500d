"""Players that are not people: agents choose among legal actions from what their seat may see."""

from grimorio.agents.base import Agent, make_agent

__all__ = ["Agent", "make_agent"]
