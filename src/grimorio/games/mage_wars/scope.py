"""Which rules of docs/rules/mage-wars.md belong to the full game (issue 8), not to Apprentice
mode: the coverage report lists them as deferred instead of as plain gaps.

The reference marks scope on its headings ("— issue: full game") and, for the ambiguity lists
that mix both, in a line above the list; the ids of those lines are repeated here.
"""

from __future__ import annotations

from functools import cache

from grimorio.core.rules_ref import RULE_LINE, docs_dir

FULL_GAME = "full game: mages' abilities, spellbook building, multiplayer (issue 8)"
SWEEPING = "Sweeping: no apprentice card has it; it comes with the Core Set cards (issue 8)"
# The multiple-attack heading covers Doublestrike and Triplestrike (Apprentice) and Sweeping
# (full game); these two rules are Sweeping's alone.
_SWEEPING = frozenset({"MW-6.134", "MW-X-3.10"})
# MW-B: only B1–B13, B17, B24 and B27 are Apprentice/core; MW-C: all but these five.
_FULL_GAME_READINGS = frozenset(
    [f"MW-B{n}" for n in (14, 15, 16, 18, 19, 20, 21, 22, 23, 25, 26)]
    + [f"MW-C{n}" for n in (10, 15, 17, 20, 24)])


@cache
def deferred_rules() -> dict[str, str]:
    """Every full-game rule id, with the reason it is left for later."""
    out: dict[str, str] = {}
    headings: dict[int, str] = {}           # heading level -> its text, for the current rule
    text = (docs_dir() / "mage-wars.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = line
            continue
        match = RULE_LINE.match(line)
        if match and match.group(1) in _SWEEPING:
            out[match.group(1)] = SWEEPING
        elif match and (any("issue: full game" in h for h in headings.values())
                      or match.group(1) in _FULL_GAME_READINGS):
            out[match.group(1)] = FULL_GAME
    return out
