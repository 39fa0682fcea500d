"""The rules reference of each game (`docs/rules/<game>.md`) and its test coverage.

A rule is a Markdown list item that starts with its bold id: ``- **WH6-1.4** text``. The ids are
the citation keys that events, errors and tests use.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

# An id is a prefix, an optional letter group (A: ambiguity, X: outside the seed, or a chapter
# tag such as Mage Wars' Codex "X-"), then numbers: WH6-4.3, WH6-A13, MK-G4, MW-X-6.1.
_ID = r"[A-Z]?[0-9]+(?:\.[0-9]+)*|[A-Z]-[0-9]+(?:\.[0-9]+)*"
RULE_LINE = re.compile(rf"^\s*[-*]\s+\*\*([A-Z][A-Z0-9]*-(?:{_ID}))\*\*\s*(.*)$")
_PACKAGE_DOCS = Path(__file__).resolve().parent.parent / "_docs" / "rules"
_SOURCE_ROOT = Path(__file__).resolve().parents[3]


def rule_id_pattern(prefix: str) -> re.Pattern[str]:
    """Finds citations of one game's ids (e.g. WH6-1.4, WH6-A13, WH6-X2) in any text."""
    return re.compile(rf"\b{re.escape(prefix)}-(?:{_ID})\b")


def docs_dir() -> Path:
    """The folder of rules references: the source checkout's, else the installed copy."""
    source = _SOURCE_ROOT / "docs" / "rules"
    return source if source.is_dir() else _PACKAGE_DOCS


def source_root() -> Path | None:
    """The checkout root when running from a clone (tests are only there)."""
    return _SOURCE_ROOT if (_SOURCE_ROOT / "tests").is_dir() else None


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    text: str
    section: str


@dataclass(frozen=True)
class RulesReference:
    game_id: str
    text: str
    rules: dict[str, Rule]

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id.upper())


@cache
def load_reference(game_id: str) -> RulesReference:
    """Parse `docs/rules/<game_id>.md`; FileNotFoundError if the game has none."""
    path = docs_dir() / f"{game_id}.md"
    text = path.read_text(encoding="utf-8")
    rules: dict[str, Rule] = {}
    section = ""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            continue
        match = RULE_LINE.match(line)
        if match:
            body = [match.group(2), *_continuation(lines, index + 1)]
            rules[match.group(1)] = Rule(match.group(1), " ".join(b for b in body if b), section)
    return RulesReference(game_id, text, rules)


def _continuation(lines: list[str], start: int) -> list[str]:
    """The indented lines that continue a list item."""
    out = []
    for line in lines[start:]:
        if not line.startswith("  ") or RULE_LINE.match(line):
            break
        out.append(line.strip())
    return out


def cited_ids(prefix: str, paths: list[Path]) -> dict[str, set[Path]]:
    """Every id with `prefix` cited in the given files, with the files that cite it."""
    pattern = rule_id_pattern(prefix)
    found: dict[str, set[Path]] = {}
    for path in paths:
        for rule_id in pattern.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, set()).add(path)
    return found


@dataclass(frozen=True)
class Coverage:
    """Rules with at least one test citing them, over all rules of the reference.

    `untested` lists every rule no test cites; `deferred` maps those of them that the game
    declares left for later work (`Game.deferred_rules`) to the reason, so the report can say
    which gaps are planned and which are not."""

    game_id: str
    total: int
    tested: frozenset[str]
    untested: tuple[str, ...]
    deferred: Mapping[str, str] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        return len(self.tested) / self.total if self.total else 1.0

    @property
    def missing(self) -> tuple[str, ...]:
        """Untested rules that nothing excuses."""
        return tuple(rule_id for rule_id in self.untested if rule_id not in self.deferred)

    def summary(self) -> str:
        out = f"{len(self.tested)}/{self.total} rules tested ({self.ratio:.0%})"
        reasons = Counter(self.deferred.values())
        for reason, count in sorted(reasons.items()):
            out += f"; {count} deferred: {reason}"
        return out


def python_files_in_tests(root: Path) -> list[Path]:
    return sorted((root / "tests").rglob("*.py"))


def coverage(game_id: str, prefix: str, tests_root: Path | None = None,
             deferred: Mapping[str, str] | None = None) -> Coverage | None:
    """Coverage from the checkout's tests; None when the tests are not installed. `deferred`
    names rules left for later work and why (only untested ones are reported as deferred)."""
    root = tests_root or source_root()
    if root is None:
        return None
    reference = load_reference(game_id)
    cited = cited_ids(prefix, python_files_in_tests(root))
    tested = frozenset(rule_id for rule_id in reference.rules if rule_id in cited)
    untested = tuple(rule_id for rule_id in reference.rules if rule_id not in cited)
    later = {rule_id: (deferred or {})[rule_id] for rule_id in untested
             if rule_id in (deferred or {})}
    return Coverage(game_id, len(reference.rules), tested, untested, later)
