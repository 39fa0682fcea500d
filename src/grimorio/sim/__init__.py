"""The simulation laboratory: many games between agents, on local processes or Ray, with
statistics (`grimorio simulate`). See docs/simulate.md."""

from grimorio.sim.backends import Collected, collect, iter_results, open_backend
from grimorio.sim.runner import (
    GameResult,
    SimConfig,
    SimulationError,
    play_one,
    split_agents,
    validate,
)
from grimorio.sim.stats import Summary, summarize, wilson

__all__ = [
    "Collected", "GameResult", "SimConfig", "SimulationError", "Summary", "collect",
    "iter_results", "open_backend", "play_one", "split_agents", "summarize", "validate", "wilson",
]
