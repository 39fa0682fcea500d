"""Maintainer audit against the reference material outside the project (`../shared`).

The product and its test suite never read `../shared` (a clone must stand on its own), so the
checks that compare the project with the original specifications and card records live here, to
be run by hand by whoever has that material next to the clone:

    .venv/bin/python tools/reference_audit.py [--shared ../shared]

Checks (mage-wars):
- every numbered rule of the three specifications is in docs/rules/mage-wars.md, and no other
  numbered rule is;
- no card summary or note shares a run of eight words with the publisher's text of that card
  (card texts are reference only: the data says everything in its own words).

Exit code 0 when every check passes, 1 when one fails, 2 when the material is missing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from grimorio.core import rules_ref
from grimorio.games.mage_wars import data as mw

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules" / "mage-wars.md"
SPEC_PARTS = ("1-core", "2-combat-mages-books", "3-codex")
NUMBERED = r"MW-(?:X-)?\d+\.\d+"
RUN = 8                                  # words in a row that count as copying


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+−-]+", text.lower())


def spec_rule_problems(shared: Path) -> Iterator[str]:
    """Numbered rules in the specifications but not in the reference, and the other way."""
    spec = "".join((shared / "rules" / f"mage-wars-{part}.md").read_text(encoding="utf-8")
                   for part in SPEC_PARTS)
    in_spec = set(re.findall(rf"^(?:\* )?\*\*({NUMBERED})\*\*", spec, re.M))
    ours = {r for r in rules_ref.load_reference("mage-wars").rules if re.fullmatch(NUMBERED, r)}
    for rule in sorted(in_spec - ours):
        yield f"{rule}: in the specification, missing from {REFERENCE.name}"
    for rule in sorted(ours - in_spec):
        yield f"{rule}: in {REFERENCE.name}, not in the specification"


def copied_text_problems(shared: Path) -> Iterator[str]:
    """Card summaries or notes sharing `RUN` words in a row with the card's publisher text."""
    records = json.loads((shared / "data" / "mage-wars" / "cards.json")
                         .read_text(encoding="utf-8"))["cards"]
    for card in mw.shipped().all_cards:
        sources = [r.get("reference_text") or "" for r in records
                   if r["name"].strip() == card.name.en]
        runs = {tuple(w[i:i + RUN]) for text in sources if (w := words(text))
                for i in range(len(w) - RUN + 1)}
        for text in (card.summary.en, *card.notes):
            mine = words(text)
            for i in range(len(mine) - RUN + 1):
                if tuple(mine[i:i + RUN]) in runs:
                    yield f"{card.id}: copies {' '.join(mine[i:i + RUN])!r}"
                    break


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared",
                        help="the reference material's folder (default: ../shared)")
    shared = parser.parse_args(argv).shared
    if not (shared / "rules").is_dir() or not (shared / "data" / "mage-wars").is_dir():
        print(f"no reference material at {shared}", file=sys.stderr)
        return 2
    problems = [*spec_rule_problems(shared), *copied_text_problems(shared)]
    for problem in problems:
        print(problem)
    print(f"mage-wars: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
