"""Which rules of docs/rules/mage-wars.md belong to the full game (issue 8) and are not done yet:
the coverage report lists them as deferred, each with the reason, instead of as plain gaps.

The reference marks scope on its headings ("— issue: full game") and, for the ambiguity lists
that mix both, in a line above the list; the ids of those lines are repeated here. Issue 8's
groundwork (the mages' data, the Core Set's data, spellbook building) is done and tested: its
ids are in `DONE` and are no longer deferred.
"""

from __future__ import annotations

import re
from functools import cache

from grimorio.core.rules_ref import RULE_LINE, docs_dir

# Short, because the coverage report prints each reason with its count. In full: the mages'
# abilities wait for the engine (their numbers are data in mages.yaml); Mage-only and school-only
# restrictions in play wait for full-game mages (MW-S4 applies them to the apprentices); the
# Codex keywords no apprentice card has wait for the engine (core-set.yaml already uses them).
ABILITIES = "full game: the mages' abilities in play (issue 8)"
SPELLBOOK_IN_PLAY = "full game: spell restrictions in play for full-game mages (issue 8)"
CODEX = "full game: keywords of Core Set cards in play (issue 8)"
FULL_GAME = "full game: setup and play on the whole arena (issue 8)"
SWEEPING = "Sweeping: no apprentice card has it; it comes with the Core Set cards (issue 8)"
# The multiple-attack heading covers Doublestrike and Triplestrike (Apprentice) and Sweeping
# (full game); these two rules are Sweeping's alone.
_SWEEPING = frozenset({"MW-6.134", "MW-X-3.10"})
# MW-B: only B1–B13, B17, B24 and B27 are Apprentice/core; MW-C: all but these five.
_FULL_GAME_READINGS = frozenset(
    [f"MW-B{n}" for n in (14, 15, 16, 18, 19, 20, 21, 22, 23, 25, 26)]
    + [f"MW-C{n}" for n in (10, 15, 17, 20, 24)])
# Issue 8's groundwork, tested: the mages' numbers (tests/mage_wars/test_full_mages_data.py),
# spellbook building (test_spellbook.py), the Core Set's card counts (core-counts.yaml,
# test_core_counts.py) and the Epic limit of the Codex.
# (Ids built from numbers are spelled "MW" + "-…" so that the citation scanner, which reads
# this file too, does not take a half-written id for a citation.)
_MW = "MW"
DONE = frozenset(
    [f"{_MW}-7.{n}" for n in (3, 4, 5, 6, 7, 8, 15, 21, 31)]
    + [f"{_MW}-8.{n}" for n in (*range(1, 18), 19, 20, 21, 22)]
    + ["MW-B18", "MW-B26", "MW-X-11.2"]
    # the full mages in play (effects/mages.py, books.py; tests/mage_wars/test_full_mages.py
    # and test_full_games.py): every rule of Chapter VII, the restrictions in play, the
    # readings about the mages' abilities
    + [f"{_MW}-7.{n}" for n in range(1, 44)] + [f"{_MW}-8.18"]
    + [f"{_MW}-B{n}" for n in (14, 15, 16, 19, 20, 21, 22)]
    # the conjurations' Codex rules (walls, Passage Attack, familiars, spawnpoints, Zone
    # Exclusive, Spellbind, Extendable, Channeling +/-X): run by rules/walls.py,
    # rules/casters.py, rules/conjurations.py and rules/round.py, tested by test_walls.py,
    # test_familiars.py, test_spawnpoints.py, test_spellbind.py, test_conjurations.py and
    # test_cards_core_conjurations.py
    + ["MW-X-7.13", "MW-X-10.5", "MW-X-10.6", "MW-X-10.7", "MW-X-10.13", "MW-X-11.12",
       "MW-X-11.13", "MW-X-12.2", "MW-C20", "MW-C24", "MW-X-4.13"]
    # the creatures' Codex rules (Sweeping, Ranged +X, Tough -X, Rage +X, Taunt, Elusive,
    # Pest, Climber) and their readings: run by rules/combat.py, rules/movement.py,
    # rules/activation.py, conditions.py and rules/damage.py, tested by
    # test_cards_core_creatures.py
    + ["MW-6.134", "MW-X-3.10", "MW-X-4.1", "MW-X-4.6", "MW-X-8.11", "MW-X-8.12",
       "MW-X-8.13", "MW-X-6.26", "MW-X-6.27", "MW-X-6.28", "MW-X-7.6", "MW-X-7.7",
       "MW-X-7.11", "MW-C10", "MW-C15", "MW-C17"]
    # traps: rules/traps.py with the Core Set's Hellfire Trap and Teleport Trap
    # (test_traps.py, test_cards_core_spells.py)
    + ["MW-X-7.15"]
    # multiplayer (Chapter IX and its readings): three or four seats, free-for-all and teams,
    # run by game.py, setup.py, rules/round.py, rules/damage.py and the allegiance of the rules
    # (a team is one side, state.allied), tested by test_multiplayer.py and
    # test_multiplayer_sides.py
    + [f"{_MW}-9.{n}" for n in range(1, 13)] + ["MW-B23", "MW-B25"])
_CHAPTER = re.compile(r"MW-(\d+)\.")           # the chapter of a numbered rule


def _in_chapter(rule: str, chapter: int) -> bool:
    match = _CHAPTER.match(rule)
    return match is not None and int(match.group(1)) == chapter


def _reason(rule: str) -> str:
    """Why a full-game rule that is not done yet waits."""
    if rule in _SWEEPING:
        return SWEEPING
    if rule in ("MW-7.1", "MW-7.2"):
        return FULL_GAME
    if _in_chapter(rule, 7) or rule.startswith(f"{_MW}-B"):
        return ABILITIES
    if rule == "MW-8.18":
        return SPELLBOOK_IN_PLAY
    if rule.startswith((f"{_MW}-X-", f"{_MW}-C")):
        return CODEX
    return FULL_GAME


@cache
def deferred_rules() -> dict[str, str]:
    """Every full-game rule id not done yet, with the reason it is left for later."""
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
        if not match or match.group(1) in DONE:
            continue
        rule = match.group(1)
        if (rule in _SWEEPING or rule in _FULL_GAME_READINGS
                or any("issue: full game" in h for h in headings.values())):
            out[rule] = _reason(rule)
    return out
