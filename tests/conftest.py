"""Print each game's rules coverage at the end of every test run."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimorio.core.registry import game_class, game_ids
from grimorio.core.rules_ref import coverage

ROOT = Path(__file__).resolve().parent.parent


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.section("rules coverage (rules cited by at least one test / all rules)")
    for game_id in game_ids():
        if not (ROOT / "docs" / "rules" / f"{game_id}.md").exists():
            continue
        cls = game_class(game_id)
        report = coverage(game_id, cls.rule_prefix, ROOT, cls.deferred_rules())
        if report is None:
            continue
        untested = f"; untested: {', '.join(report.missing)}" if report.missing else ""
        terminalreporter.write_line(f"{game_id}: {report.summary()}{untested}")
