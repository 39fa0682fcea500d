"""Every rule id cited in code or tests exists in the game's rules reference; coverage is reported.

A rule id is cited by a test when its literal text (e.g. ``WH6-4.3``) appears in a test file.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from grimorio.core.registry import game_class, game_ids
from grimorio.core.rules_ref import (
    Coverage,
    cited_ids,
    coverage,
    load_reference,
    python_files_in_tests,
)

ROOT = Path(__file__).resolve().parent.parent
GAMES = [g for g in game_ids() if (ROOT / "docs" / "rules" / f"{g}.md").exists()]


def _package_dir(game_id: str) -> Path:
    return Path(sys.modules[game_class(game_id).__module__].__file__ or "").parent


def test_every_builtin_game_has_a_rules_reference() -> None:
    assert {"tictactoe", "wh6-magic"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_cited_ids_exist_in_the_reference(game_id: str) -> None:
    prefix = game_class(game_id).rule_prefix
    reference = load_reference(game_id)
    sources = sorted(_package_dir(game_id).rglob("*.py")) + python_files_in_tests(ROOT)
    unknown = {rule: sorted(str(p.relative_to(ROOT)) for p in paths)
               for rule, paths in cited_ids(prefix, sources).items()
               if rule not in reference.rules}
    assert not unknown, f"ids cited but not in docs/rules/{game_id}.md: {unknown}"


@pytest.mark.parametrize("game_id", GAMES)
def test_coverage_report_counts_every_rule_once(game_id: str) -> None:
    report = coverage(game_id, game_class(game_id).rule_prefix, ROOT)
    assert report is not None and report.total == len(load_reference(game_id).rules) > 0
    assert report.tested.isdisjoint(report.untested)
    assert len(report.tested) + len(report.untested) == report.total


def test_deferred_rules_are_reported_apart_from_missing_ones() -> None:
    """A rule a game leaves for later is listed with its reason, not as a plain gap."""
    report = coverage("tictactoe", "TTT", ROOT, {"TTT-1": "later"})
    assert report is not None and report.deferred == {}     # TTT-1 is tested: nothing deferred
    fake = Coverage("x", 3, frozenset({"X-1"}), ("X-2", "X-3"), {"X-3": "issue 9"})
    assert fake.missing == ("X-2",)
    assert fake.summary() == "1/3 rules tested (33%); 1 deferred: issue 9"


def test_tictactoe_rules_are_all_tested() -> None:
    report = coverage("tictactoe", "TTT", ROOT)
    assert report is not None and report.untested == ()


def test_every_wh6_seed_rule_is_cited_by_a_test() -> None:
    """Every rule of the seed (WH6-n.m, spec §3) is cited by at least one scenario test."""
    report = coverage("wh6-magic", "WH6", ROOT)
    assert report is not None
    seed_rules = [r for r in load_reference("wh6-magic").rules if re.fullmatch(r"WH6-\d+\.\d+", r)]
    assert len(seed_rules) == 75, "the seed has 75 numbered rules (WH6-1.1 to WH6-12.2)"
    missing = [r for r in seed_rules if r not in report.tested]
    assert not missing, f"seed rules no test cites: {missing}"


def test_reference_parser_reads_ids_and_continuations(tmp_path: Path) -> None:
    from grimorio.core import rules_ref

    path = tmp_path / "demo.md"
    path.write_text("# Demo\n## Moves\n- **DM-1** First line\n  continued.\n- **DM-2.1** Two\n"
                    "Not a rule: **DM-3** mid-sentence.\n", encoding="utf-8")
    original = rules_ref.docs_dir
    rules_ref.docs_dir = lambda: tmp_path  # type: ignore[assignment]
    try:
        rules_ref.load_reference.cache_clear()
        reference = rules_ref.load_reference("demo")
    finally:
        rules_ref.docs_dir = original  # type: ignore[assignment]
        rules_ref.load_reference.cache_clear()
    assert list(reference.rules) == ["DM-1", "DM-2.1"]
    assert reference.rules["DM-1"].text == "First line continued."
    assert reference.rules["DM-2.1"].section == "Moves"


def test_ids_with_a_chapter_tag_are_read_and_found() -> None:
    """Mage Wars' Codex ids carry a chapter letter and a hyphen (MW-X-6.1); both the reference
    parser and the citation finder read them whole, next to the usual forms."""
    from grimorio.core.rules_ref import RULE_LINE, rule_id_pattern

    line = RULE_LINE.match("- **MW-X-6.1** Flying creatures ignore guards.")
    assert line is not None and line.group(1) == "MW-X-6.1"
    found = rule_id_pattern("MW").findall("see MW-X-6.1, MW-3.2 and MW-A4; not MW-X- or MW-")
    assert found == ["MW-X-6.1", "MW-3.2", "MW-A4"]
