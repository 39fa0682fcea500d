"""Shipped test tools: the conformance suite run over every game, and the scenario helper."""

from grimorio.testing.scenario import Scenario, read_setup, scenario

__all__ = ["Scenario", "read_setup", "scenario"]
