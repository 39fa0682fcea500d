"""Run every benchmark and print the figures with their ratio to the targets (`make bench`).

Figures are medians of repeated runs on this machine; nothing is asserted.
"""

from __future__ import annotations

import importlib
import platform
import sys

from rich.console import Console
from rich.table import Table

# Targets from the foundation issue: (label fragment, target, "min" = at least / "max" = at most).
TARGETS = {
    "tictactoe: steps": (100_000.0, "min"),
    "odds: spell_odds": (1000.0, "max"),
    "odds: casting_odds": (1000.0, "max"),
    "odds: dispel_odds": (1000.0, "max"),
}
MODULES = ("benchmarks.bench_engine", "benchmarks.bench_wh6_odds")


def _ratio(label: str, value: float) -> str:
    for fragment, (target, kind) in TARGETS.items():
        if fragment in label:
            ratio = value / target if kind == "min" else target / value
            mark = "✓" if ratio >= 1 else "✗"
            return f"{ratio:.2f}× target {'≥' if kind == 'min' else '≤'} {target:g} {mark}"
    return ""


def main() -> None:
    console = Console()
    console.print(f"grimorio benchmarks — Python {platform.python_version()}, "
                  f"{platform.machine()}, {sys.platform}")
    table = Table("benchmark", "median", "unit", "vs target")
    for name in MODULES:
        module = importlib.import_module(name)
        for label, value, unit in module.bench_rows():
            table.add_row(label, f"{value:,.1f}", unit, _ratio(label, value))
    console.print(table)


if __name__ == "__main__":
    main()
