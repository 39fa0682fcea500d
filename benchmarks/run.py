"""Run every benchmark and print the figures with their ratio to the targets (`make bench`).

Figures are medians of repeated runs on this machine; nothing is asserted. A module whose
optional dependency is missing (OpenSpiel comes with the `bench` extra) reports a row saying so.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import time

from rich.console import Console
from rich.table import Table

import grimorio
from benchmarks.bench_openspiel import (
    RATIO_CPP,
    RATIO_MCTS_CPP,
    RATIO_PYTHON,
    openspiel_version,
)

# Targets from the issues: (label fragment, target, "min" = at least / "max" = at most).
# Rows in "×" are already ratios (grimorio ÷ OpenSpiel); their target is the ratio itself.
TARGETS = {
    "tictactoe: steps": (100_000.0, "min"),
    "odds: spell_odds": (1000.0, "max"),
    "odds: casting_odds": (1000.0, "max"),
    "odds: dispel_odds": (1000.0, "max"),
    RATIO_PYTHON: (10.0, "min"),
    RATIO_CPP: (0.5, "min"),
    RATIO_MCTS_CPP: (1.0, "min"),
    "wiz-war: random 2-player game": (100.0, "max"),
    "wiz-war: legal_actions": (5000.0, "max"),
    "mage-wars: random apprentice game": (100.0, "max"),
    "mage-wars: legal_actions": (5000.0, "max"),
    "warcraft: random 2-player game": (200.0, "max"),
    "warcraft: legal_actions": (5000.0, "max"),
    "mage-knight: random standard game": (500.0, "max"),
    "mage-knight: candidate actions": (20_000.0, "max"),
    "mage-knight: line of fire median": (20.0, "max"),
}
MODULES = (
    "benchmarks.bench_engine",
    "benchmarks.bench_wh6_odds",
    "benchmarks.bench_wiz_war",
    "benchmarks.bench_mage_wars",
    "benchmarks.bench_warcraft",
    "benchmarks.bench_mage_knight",
    "benchmarks.bench_openspiel",
    "benchmarks.bench_agents",
)


def _ratio(label: str, value: float, unit: str) -> str:
    for fragment, (target, kind) in TARGETS.items():
        if fragment in label:
            ratio = value / target if kind == "min" else target / value
            mark = "✓" if ratio >= 1 else "✗"
            sign = "≥" if kind == "min" else "≤"
            if unit == "×":
                return f"target {sign} {target:g}× {mark}"
            return f"{ratio:.2f}× target {sign} {target:g} {mark}"
    return ""


def _value(value: float, unit: str) -> str:
    if not unit:
        return "—"
    return f"{value:,.2f}" if unit == "×" else f"{value:,.1f}"


def main() -> None:
    console = Console()
    if not console.is_terminal:  # piped or redirected: do not wrap the labels at 80 columns
        console = Console(width=132)
    console.print(f"grimorio {grimorio.__version__} benchmarks — Python "
                  f"{platform.python_version()}, {platform.machine()}, {sys.platform}, "
                  f"{os.cpu_count()} cores, OpenSpiel {openspiel_version()}")
    table = Table("benchmark", "median", "unit", "vs target")
    started = time.perf_counter()
    for name in MODULES:
        try:
            module = importlib.import_module(name)
            rows = module.bench_rows()
        except ImportError as error:  # an optional dependency is missing
            rows = [(f"{name} skipped: {error}", 0.0, "")]
        for label, value, unit in rows:
            table.add_row(label, _value(value, unit), unit, _ratio(label, value, unit))
        table.add_section()
    console.print(table)
    console.print(f"all benchmarks: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
