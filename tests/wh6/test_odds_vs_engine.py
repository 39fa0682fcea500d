"""The engine's casting and dispelling, sampled with real (unscripted, seeded) dice, agree with
the exact odds module (WH6-4.8, WH6-5.1 to 5.3, WH6-7.6 to 7.10, WH6-11.13)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from wh6kit import make, setup, troop

from grimorio.games.wh6_magic.odds import spell_odds

N = 4000
FIELDS = ("irresistible", "miscast_irresistible", "cast_not_dispelled", "dispelled", "failed",
          "miscast_no_effect")


def classify(data: dict[str, Any]) -> str:
    """Where one attempt ended, from its `attempt_end` event."""
    if data["outcome"] == "miscast":
        return "miscast_no_effect"
    if data["miscast"] == 12:
        return "miscast_irresistible"
    if data["irresistible"]:
        return "irresistible"
    if data["outcome"] == "resolved":
        return "cast_not_dispelled"
    return str(data["outcome"])


def sample(data: dict[str, Any], cast: str, dispel: str | None) -> Counter[str]:
    """Run N attempts from clones of one position, each with its own dice stream."""
    base = make(data).state
    seen: Counter[str] = Counter()
    for i in range(N):
        state = base.clone(reseed=10_000 + i)
        start = len(state.events)
        state.apply(cast)
        pending = state.document()["state"]["pending"]
        if pending and pending[-1]["kind"] == "DispelWindow":
            state.apply(dispel or "nodispel")
        end = next(e for e in state.events[start:] if e.kind == "attempt_end")
        seen[classify(end.data)] += 1
    return seen


def assert_close(seen: Counter[str], odds: Any) -> None:
    """Each frequency within 4 standard errors of the exact probability."""
    assert sum(seen.values()) == N
    for name in FIELDS:
        exact: Fraction = getattr(odds, name)
        p = float(exact)
        error = math.sqrt(p * (1 - p) / N)
        assert abs(seen[name] / N - p) <= 4 * error + 1e-12, (name, seen[name] / N, p)
    assert seen["failed"] + seen["dispelled"] + seen["miscast_no_effect"] + seen[
        "irresistible"] + seen["miscast_irresistible"] + seen["cast_not_dispelled"] == N


def test_three_dice_against_9_with_two_dispel_dice() -> None:
    """WH6-4.8, WH6-7.6: 3 dice vs difficulty 9; Red always dispels with 2 dice."""
    seen = sample(setup(), "cast w1 big_zap dice=3 target=u2", "dispel dice=2")
    assert_close(seen, spell_odds(3, 9, 2))


def test_two_dice_plus_one_against_7_with_a_bonus_dispel() -> None:
    """WH6-4.2, WH6-A2: a +1 caster against 3 dispel dice with the Totem's +1."""
    data = setup()
    troop(data, "w1")["cast_bonus"] = 1
    troop(data, "u4")["items"] = ["totem_of_morko"]
    seen = sample(data, "cast w1 zap dice=2 target=u2", "dispel dice=3 items=u4.totem_of_morko")
    assert_close(seen, spell_odds(2, 7, 3, modifier=1, dispel_bonus=1))


@pytest.mark.parametrize("dice", [4])
def test_four_dice_against_15_never_dispelled(dice: int) -> None:
    """WH6-5.2, WH6-5.3, WH6-11.13: 4 dice vs difficulty 15 with an empty dispel pool."""
    data = setup(pools={"power": 12, "dispel": 0})
    troop(data, "w1")["level"] = 3
    seen = sample(data, f"cast w1 huge_zap dice={dice} target=u2", None)
    assert_close(seen, spell_odds(dice, 15, 0, policy="never"))
