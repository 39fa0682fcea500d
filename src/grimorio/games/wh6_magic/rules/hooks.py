"""Army-specific override points (WH6-5.7, WH6-12.1, WH6-12.2).

An army names its irresistible-force rule (`irresistible_rule`) and its miscast table
(`miscast_table`). grimorio ships the general rules only (WH6-X12); an army book's variant plugs in
here with `register_irresistible_rule` or an inline/named miscast table in the data files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grimorio.core.errors import ScenarioError

#: Reads casting dice and says "miscast", "irresistible" or None (WH6-5.1 to WH6-5.3).
DoublesRule = Callable[[Sequence[int]], str | None]


def standard_doubles(dice: Sequence[int]) -> str | None:
    """Two or more 1s: miscast; else two or more 6s: irresistible force. Miscast wins (WH6-5.3)."""
    if dice.count(1) >= 2:
        return "miscast"
    if dice.count(6) >= 2:
        return "irresistible"
    return None


RULES: dict[str, DoublesRule] = {"standard": standard_doubles}


def register_irresistible_rule(name: str, rule: DoublesRule) -> None:
    """Make `rule` available to armies whose data say ``irresistible_rule: <name>`` (WH6-12.1)."""
    RULES[name] = rule


def irresistible_rule(name: str) -> DoublesRule:
    """The rule registered as `name`; ScenarioError if there is none."""
    try:
        return RULES[name]
    except KeyError:
        known = ", ".join(sorted(RULES))
        raise ScenarioError(f"unknown irresistible_rule {name!r} (known: {known})") from None
