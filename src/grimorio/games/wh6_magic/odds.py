"""Exact odds of the Warhammer Fantasy 6th edition magic phase: casting, dispelling, miscasts.

Every probability is a :class:`fractions.Fraction` counted over all equally likely dice outcomes;
nothing is sampled. Rule ids (WH6-n.m, WH6-An) refer to the project's WH6 magic rules reference.

How it stays fast: for each number of dice (1-6) the outcomes are counted once by class and natural
total (:func:`_dice_table`, cached). The casting and dispel rules only need to know whether a roll
holds two or more 1s, two or more 6s, and its sum, so every query afterwards is integer arithmetic
over at most 31 totals, turned into a Fraction at the end.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

MIN_DICE = 1
MAX_DICE = 6
POLICIES = ("always", "never", "scroll", "above:T")

#: Miscast Table rows (WH6-11.1 to WH6-11.13) as labels, with the 2D6 totals each covers.
MISCAST_ROWS: dict[str, tuple[int, ...]] = {
    "2": (2,), "3": (3,), "4": (4,), "5": (5,), "6-7": (6, 7),
    "8-9": (8, 9), "10": (10,), "11": (11,), "12": (12,),
}


# --------------------------------------------------------------------------- precomputed counts

@dataclass(frozen=True, slots=True)
class _DiceTable:
    """Outcome counts for one number of dice, split as WH6-5.1-5.3 and WH6-7.8-7.10 do."""

    dice: int
    total: int  # 6 ** dice equally likely outcomes
    double_ones: int  # two or more 1s: miscast (WH6-5.1) or failed dispel (WH6-7.8)
    double_sixes: int  # two or more 6s and fewer than two 1s: IF (WH6-5.2) or auto dispel (WH6-7.9)
    plain: tuple[int, ...]  # plain[s]: rolls with neither double and natural total s
    plain_at_least: tuple[int, ...]  # plain_at_least[s]: such rolls with total >= s


@functools.cache
def _features(dice: int) -> dict[tuple[int, int, int], int]:
    """Count rolls by (1s capped at 2, 6s capped at 2, total), adding one die at a time."""
    if dice == 0:
        return {(0, 0, 0): 1}
    counts: dict[tuple[int, int, int], int] = {}
    for (ones, sixes, total), ways in _features(dice - 1).items():
        for face in range(1, 7):
            # Capping at 2 keeps the state small: "two or more" is all the rules ask.
            key = (min(ones + (face == 1), 2), min(sixes + (face == 6), 2), total + face)
            counts[key] = counts.get(key, 0) + ways
    return counts


@functools.cache
def _dice_table(dice: int) -> _DiceTable:
    """The cached per-dice counts every query reads."""
    plain = [0] * (6 * dice + 1)
    double_ones = double_sixes = 0
    for (ones, sixes, total), ways in _features(dice).items():
        if ones == 2:
            double_ones += ways
        elif sixes == 2:
            double_sixes += ways
        else:
            plain[total] += ways
    at_least = [0] * (len(plain) + 1)
    for total in range(len(plain) - 1, -1, -1):
        at_least[total] = at_least[total + 1] + plain[total]
    return _DiceTable(dice, 6**dice, double_ones, double_sixes, tuple(plain), tuple(at_least))


def clear_cache() -> None:
    """Forget the precomputed counts (lets benchmarks time a cold first query)."""
    _features.cache_clear()
    _dice_table.cache_clear()


# --------------------------------------------------------------------------- validation

def _check_int(name: str, value: object) -> int:
    # bool is an int subclass; True dice is a caller bug, not one die.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def _check_dice(name: str, value: object, low: int) -> int:
    dice = _check_int(name, value)
    if not low <= dice <= MAX_DICE:
        raise ValueError(f"{name} must be from {low} to {MAX_DICE}, got {dice}")
    return dice


def parse_policy(policy: str) -> tuple[str, int | None]:
    """Split a dispel policy into its kind and, for ``above:T``, the threshold T."""
    if not isinstance(policy, str):
        raise ValueError(f"dispel policy must be a string, got {policy!r}")
    if policy in ("always", "never", "scroll"):
        return policy, None
    kind, sep, threshold = policy.partition(":")
    if kind == "above" and sep:
        try:
            return kind, int(threshold)
        except ValueError:
            pass
    raise ValueError(
        f"unknown dispel policy {policy!r}; use always, never, scroll or above:T (T a whole number)"
    )


# --------------------------------------------------------------------------- JSON helpers

def _prob(value: Fraction) -> dict[str, Any]:
    """A probability for JSON: a float for reading, the exact fraction as text for checking."""
    return {"probability": float(value), "fraction": str(value)}


# --------------------------------------------------------------------------- casting

@dataclass(frozen=True)
class CastingOdds:
    """Outcome probabilities of one casting roll (WH6-4.8, WH6-5.1-5.3); the four outcomes sum to 1.

    ``cast`` is a cast without Irresistible Force, which the opponent may still dispel;
    ``result_distribution[r]`` is the chance of such a cast with casting result ``r``.
    """

    dice: int
    difficulty: int
    modifier: int
    miscast: Fraction
    irresistible: Fraction
    failed: Fraction
    cast: Fraction
    result_distribution: dict[int, Fraction]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready document: floats plus exact fractions as strings."""
        return {
            "dice": self.dice, "difficulty": self.difficulty, "modifier": self.modifier,
            "miscast": _prob(self.miscast), "irresistible": _prob(self.irresistible),
            "failed": _prob(self.failed), "cast": _prob(self.cast),
            "result_distribution": {str(r): _prob(p) for r, p in self.result_distribution.items()},
        }


def _cast_counts(dice: int, difficulty: int, modifier: int) -> dict[int, int]:
    """Plain rolls (no double 1 or 6) that cast, counted by casting result."""
    table = _dice_table(dice)
    counts: dict[int, int] = {}
    # Natural totals of 1-2 always fail (WH6-4.3), whatever the modifier (WH6-A22).
    for natural in range(max(3, dice), 6 * dice + 1):
        result = natural + modifier
        # A modified result of 2 or less also fails (WH6-A1); else compare (WH6-4.5, WH6-4.6).
        if result > 2 and result >= difficulty and table.plain[natural]:
            counts[result] = table.plain[natural]
    return counts


def casting_odds(dice: int, difficulty: int, modifier: int = 0) -> CastingOdds:
    """Exact odds of casting with ``dice`` power dice (1-6) against ``difficulty``.

    ``modifier`` is added to the natural total. Checks run in the WH6-4.8 order: miscast
    (WH6-5.1, beats IF by WH6-5.3), Irresistible Force (WH6-5.2), minimum 3 (WH6-4.3), difficulty.
    """
    return _casting(dice, difficulty, modifier)[0]


def _casting(dice: int, difficulty: int, modifier: int) -> tuple[CastingOdds, dict[int, int]]:
    """Checked casting odds plus the raw cast counts by result, which spell_odds reuses."""
    dice = _check_dice("casting dice", dice, MIN_DICE)
    difficulty = _check_int("difficulty", difficulty)
    modifier = _check_int("modifier", modifier)
    table = _dice_table(dice)
    counts = _cast_counts(dice, difficulty, modifier)
    cast = sum(counts.values())
    failed = table.total - table.double_ones - table.double_sixes - cast
    odds = CastingOdds(
        dice=dice, difficulty=difficulty, modifier=modifier,
        miscast=Fraction(table.double_ones, table.total),
        irresistible=Fraction(table.double_sixes, table.total),
        failed=Fraction(failed, table.total),
        cast=Fraction(cast, table.total),
        result_distribution={r: Fraction(n, table.total) for r, n in counts.items()},
    )
    return odds, counts


# --------------------------------------------------------------------------- dispelling

def _dispel_successes(dice: int, casting_result: int, bonus: int) -> int:
    """How many of the 6**dice dispel rolls beat ``casting_result``."""
    if dice == 0:
        return 0
    table = _dice_table(dice)
    # A tie dispels (WH6-7.6) and there is no minimum 3 on dispels (WH6-7.11), so every plain
    # roll with total >= result - bonus succeeds; a total below 0 needs nothing from the dice.
    needed = min(max(casting_result - bonus, 0), len(table.plain))
    # Double 6 always succeeds (WH6-7.9); double 1 always fails (WH6-7.8), even with 6s (WH6-7.10).
    return table.double_sixes + table.plain_at_least[needed]


def dispel_odds(dice: int, casting_result: int, bonus: int = 0) -> Fraction:
    """Exact chance that ``dice`` dispel dice (0-6) plus ``bonus`` dispel ``casting_result``.

    ``casting_result`` is the caster's modified result (WH6-7.6, WH6-A2). Zero dice means no
    attempt is possible, so the chance is 0.
    """
    dice = _check_dice("dispel dice", dice, 0)
    casting_result = _check_int("casting result", casting_result)
    bonus = _check_int("dispel bonus", bonus)
    return Fraction(_dispel_successes(dice, casting_result, bonus), 6**dice)


# --------------------------------------------------------------------------- miscast table

_TWO_D6 = {total: 6 - abs(total - 7) for total in range(2, 13)}  # ways to roll each 2D6 total


def miscast_table_odds() -> dict[str, Fraction]:
    """Chance of each Miscast Table row on 2D6 (WH6-10.1, WH6-11.1-11.13), keyed "2" ... "12"."""
    return {row: Fraction(sum(_TWO_D6[t] for t in totals), 36)
            for row, totals in MISCAST_ROWS.items()}


def miscast_results(dice: int) -> dict[str, Fraction]:
    """Chance of miscasting with ``dice`` power dice and then rolling each Miscast Table row."""
    dice = _check_dice("casting dice", dice, MIN_DICE)
    table = _dice_table(dice)
    miscast = Fraction(table.double_ones, table.total)
    return {row: miscast * p for row, p in miscast_table_odds().items()}


# --------------------------------------------------------------------------- whole spell

@dataclass(frozen=True)
class SpellOdds:
    """Where one casting attempt ends, against an opponent's dispel policy.

    The spell goes off (before range, which is out of scope) by Irresistible Force, by a miscast
    that rolls 12 (WH6-11.13), or by a cast the opponent does not dispel (WH6-9.1). Every attempt
    ends in exactly one of: goes off, dispelled, failed, miscast without effect.
    """

    casting: CastingOdds
    dispel_dice: int
    dispel_bonus: int
    policy: str
    goes_off: Fraction
    irresistible: Fraction
    miscast_irresistible: Fraction
    cast_not_dispelled: Fraction
    dispelled: Fraction
    failed: Fraction
    miscast_no_effect: Fraction

    @property
    def dispel_chance(self) -> Fraction:
        """Chance the opponent stops the spell given it was cast without IF (0 if it never is)."""
        return self.dispelled / self.casting.cast if self.casting.cast else Fraction(0)

    def to_json(self, include_casting: bool = True) -> dict[str, Any]:
        """A JSON-ready document: floats plus exact fractions as strings."""
        doc: dict[str, Any] = {"casting": self.casting.to_json()} if include_casting else {}
        doc.update({
            "dispel_dice": self.dispel_dice, "dispel_bonus": self.dispel_bonus,
            "policy": self.policy,
        })
        for name in ("goes_off", "irresistible", "miscast_irresistible", "cast_not_dispelled",
                     "dispelled", "failed", "miscast_no_effect", "dispel_chance"):
            doc[name] = _prob(getattr(self, name))
        return doc


def _dispelled_count(counts: dict[int, int], dice: int, bonus: int,
                     kind: str, threshold: int | None) -> tuple[int, int]:
    """Cast outcomes the policy dispels, over a common denominator; returns (count, denominator)."""
    if kind == "never":
        return 0, 1
    if kind == "scroll":
        # The scroll removes any cast that lacks IF (WH6-5.5 keeps it off IF spells).
        return sum(counts.values()), 1
    # "always" or "above:T": the opponent rolls only when the policy says so.
    rolled = {r: n for r, n in counts.items() if threshold is None or r >= threshold}
    return sum(n * _dispel_successes(dice, r, bonus) for r, n in rolled.items()), 6**dice


def spell_odds(dice: int, difficulty: int, dispel_dice: int, modifier: int = 0,
               dispel_bonus: int = 0, policy: str = "always") -> SpellOdds:
    """Exact odds that a spell goes off, is dispelled, fails or miscasts without effect.

    ``policy`` is the opponent's dispel choice: ``always`` rolls ``dispel_dice`` at every cast
    without IF; ``never`` lets everything through; ``scroll`` auto-dispels every cast without IF;
    ``above:T`` rolls only against casting results of T or more. IF cannot be dispelled (WH6-5.4).
    """
    kind, threshold = parse_policy(policy)
    casting, counts = _casting(dice, difficulty, modifier)
    dispel_dice = _check_dice("dispel dice", dispel_dice, 0)
    dispel_bonus = _check_int("dispel bonus", dispel_bonus)
    hits, per_cast = _dispelled_count(counts, dispel_dice, dispel_bonus, kind, threshold)
    dispelled = Fraction(hits, 6**casting.dice * per_cast)
    miscast_12 = casting.miscast * Fraction(_TWO_D6[12], 36)  # counts as IF (WH6-11.13)
    cast_not_dispelled = casting.cast - dispelled
    return SpellOdds(
        casting=casting, dispel_dice=dispel_dice, dispel_bonus=dispel_bonus,
        policy=kind if threshold is None else f"above:{threshold}",
        goes_off=casting.irresistible + miscast_12 + cast_not_dispelled,
        irresistible=casting.irresistible, miscast_irresistible=miscast_12,
        cast_not_dispelled=cast_not_dispelled, dispelled=dispelled, failed=casting.failed,
        miscast_no_effect=casting.miscast - miscast_12,
    )
