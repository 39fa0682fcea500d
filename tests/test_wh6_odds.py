"""Exact WH6 magic odds: brute force against a literal reading of the rules, then rule by rule.

The oracle below classifies actual dice rolls the way the rules read (WH6-4.8 order: miscast,
Irresistible Force, minimum 3, difficulty) and shares no code with grimorio's odds module.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from grimorio.cli.odds import odds
from grimorio.core.i18n import set_lang
from grimorio.games.wh6_magic.odds import (
    CastingOdds,
    SpellOdds,
    casting_odds,
    dispel_odds,
    miscast_results,
    miscast_table_odds,
    spell_odds,
)

FACES = range(1, 7)
POLICIES = ("always", "never", "scroll", "above:8", "above:11")


# --------------------------------------------------------------------------- literal oracle

@functools.cache
def rolls(n: int) -> dict[tuple[int, ...], int]:
    """All 6**n ordered rolls, grouped by their sorted dice (the rules ignore dice order).

    Grouping only saves time: each group is classified from a real roll, with its weight.
    """
    return dict(Counter(tuple(sorted(roll)) for roll in product(FACES, repeat=n)))


def literal_cast(roll: tuple[int, ...], difficulty: int, modifier: int) -> tuple[str, int | None]:
    """The casting rules applied in order to one roll: (outcome, casting result if dispellable)."""
    if roll.count(1) >= 2:
        return "miscast", None  # WH6-5.1, and it wins over double 6 (WH6-5.3)
    if roll.count(6) >= 2:
        return "irresistible", None  # WH6-5.2
    natural = sum(roll)
    result = natural + modifier
    if natural <= 2 or result <= 2:
        return "failed", None  # WH6-4.3, WH6-A1, WH6-A22
    if result < difficulty:
        return "failed", None  # WH6-4.5
    return "cast", result  # WH6-4.6


def literal_dispel(roll: tuple[int, ...], casting_result: int, bonus: int) -> bool:
    """The dispel rules applied to one roll of at least one die."""
    if roll.count(1) >= 2:
        return False  # WH6-7.8, beats double 6 (WH6-7.10)
    if roll.count(6) >= 2:
        return True  # WH6-7.9
    return sum(roll) + bonus >= casting_result  # WH6-7.6, no minimum 3 (WH6-7.11)


def brute_casting(n: int, difficulty: int, modifier: int) -> CastingOdds:
    counts: Counter[str] = Counter()
    results: Counter[int] = Counter()
    for roll, ways in rolls(n).items():
        outcome, result = literal_cast(roll, difficulty, modifier)
        counts[outcome] += ways
        if result is not None:
            results[result] += ways
    total = 6**n
    return CastingOdds(
        dice=n, difficulty=difficulty, modifier=modifier,
        miscast=Fraction(counts["miscast"], total),
        irresistible=Fraction(counts["irresistible"], total),
        failed=Fraction(counts["failed"], total), cast=Fraction(counts["cast"], total),
        result_distribution={r: Fraction(w, total) for r, w in results.items()},
    )


def brute_dispel(m: int, casting_result: int, bonus: int) -> Fraction:
    wins = sum(w for roll, w in rolls(m).items() if literal_dispel(roll, casting_result, bonus))
    return Fraction(wins, 6**m)


def attempts(policy: str, result: int, dispel_dice: int) -> bool:
    """Whether the opponent rolls dispel dice against a dispellable cast of ``result``."""
    if dispel_dice == 0 or policy == "never":
        return False
    return policy == "always" or result >= int(policy.split(":")[1])


def brute_spell(n: int, difficulty: int, m: int, modifier: int, bonus: int,
                policy: str) -> dict[str, Fraction]:
    """Every casting roll x miscast 2D6 x dispel roll, over one common denominator."""
    counts: Counter[str] = Counter()
    scale = 36 * 6**m  # each casting roll stands for this many joint outcomes
    for roll, ways in rolls(n).items():
        outcome, result = literal_cast(roll, difficulty, modifier)
        if outcome == "miscast":
            for a, b in product(FACES, repeat=2):  # WH6-10.1; 12 counts as IF (WH6-11.13)
                name = "miscast_irresistible" if a + b == 12 else "miscast_no_effect"
                counts[name] += ways * 6**m
        elif outcome != "cast":
            counts[outcome] += ways * scale
        elif policy == "scroll":
            counts["dispelled"] += ways * scale
        elif result is not None and attempts(policy, result, m):
            for dispel_roll, dispel_ways in rolls(m).items():
                stopped = literal_dispel(dispel_roll, result, bonus)
                counts["dispelled" if stopped else "cast_not_dispelled"] += ways * 36 * dispel_ways
        else:
            counts["cast_not_dispelled"] += ways * scale
    total = 6**n * scale
    out = {name: Fraction(counts[name], total) for name in (
        "irresistible", "miscast_irresistible", "cast_not_dispelled", "dispelled", "failed",
        "miscast_no_effect")}
    out["goes_off"] = out["irresistible"] + out["miscast_irresistible"] + out["cast_not_dispelled"]
    return out


def spell_fields(spell: SpellOdds) -> dict[str, Fraction]:
    return {name: getattr(spell, name) for name in (
        "irresistible", "miscast_irresistible", "cast_not_dispelled", "dispelled", "failed",
        "miscast_no_effect", "goes_off")}


def total(spell: SpellOdds) -> Fraction:
    return spell.goes_off + spell.dispelled + spell.failed + spell.miscast_no_effect


# --------------------------------------------------------------------------- brute force

@pytest.mark.parametrize("n", range(1, 7))
def test_casting_odds_match_every_roll(n: int) -> None:
    """WH6-4.8: all fields, every difficulty 3-15, modifiers -1, 0 and +2."""
    for difficulty in range(3, 16):
        for modifier in (-1, 0, 2):
            got = casting_odds(n, difficulty, modifier)
            assert got == brute_casting(n, difficulty, modifier), (n, difficulty, modifier)
            assert got.miscast + got.irresistible + got.failed + got.cast == 1


@pytest.mark.parametrize("n", range(1, 4))
def test_casting_odds_match_every_roll_at_low_difficulties(n: int) -> None:
    """WH6-A1: difficulties of 2 or less, where the modified minimum starts to matter."""
    for difficulty in range(-1, 3):
        for modifier in (-3, -1, 0, 2, 5):
            assert casting_odds(n, difficulty, modifier) == brute_casting(n, difficulty, modifier)


@pytest.mark.parametrize("m", range(1, 7))
def test_dispel_odds_match_every_roll(m: int) -> None:
    """WH6-7.6-7.11 for casting results 1-30 and bonuses 0-2."""
    for casting_result in range(1, 31):
        for bonus in range(3):
            expected = brute_dispel(m, casting_result, bonus)
            assert dispel_odds(m, casting_result, bonus) == expected, (m, casting_result, bonus)


@pytest.mark.parametrize("policy", POLICIES)
def test_spell_odds_match_every_roll(policy: str) -> None:
    """Every field of spell_odds for 1-4 casting dice and 0-3 dispel dice, summing to 1."""
    for n, m in product(range(1, 5), range(4)):
        for difficulty, modifier, bonus in product((3, 7, 10), (-1, 0, 2), (0, 1)):
            got = spell_odds(n, difficulty, m, modifier, bonus, policy)
            args = (n, difficulty, m, modifier, bonus, policy)
            assert spell_fields(got) == brute_spell(*args), args
            assert got.casting == casting_odds(n, difficulty, modifier)
            assert total(got) == 1


@pytest.mark.parametrize("n", range(1, 7))
def test_miscast_results_match_every_roll(n: int) -> None:
    """WH6-10.1: P(miscast and table row) = P(miscast) x P(row), counted roll by roll."""
    miscasts = sum(w for roll, w in rolls(n).items() if literal_cast(roll, 7, 0)[0] == "miscast")
    rows = {"2": {2}, "3": {3}, "4": {4}, "5": {5}, "6-7": {6, 7}, "8-9": {8, 9}, "10": {10},
            "11": {11}, "12": {12}}
    for row, totals in rows.items():
        table_ways = sum(1 for a, b in product(FACES, repeat=2) if a + b in totals)
        assert miscast_results(n)[row] == Fraction(miscasts * table_ways, 6**n * 36)


# --------------------------------------------------------------------------- rule by rule

def test_WH6_5_6_one_die_never_miscasts_or_is_irresistible() -> None:
    """WH6-5.6: both doubles need two dice, so one die only fails or casts."""
    for difficulty in range(3, 16):
        one = casting_odds(1, difficulty)
        assert one.miscast == 0 and one.irresistible == 0
        assert one.failed + one.cast == 1
    assert set(miscast_results(1).values()) == {0}


def test_WH6_5_3_miscast_beats_irresistible_force() -> None:
    """WH6-5.3: 1,1,6,6 is a miscast. With 4 dice, double 1 and double 6 are equally likely
    (171/1296 each); the 6 orders of 1,1,6,6 count only as miscasts."""
    four = casting_odds(4, 7)
    assert four.miscast == Fraction(171, 1296)
    assert four.irresistible == Fraction(171 - 6, 1296)


def test_WH6_5_2_irresistible_force_ignores_difficulty() -> None:
    """WH6-5.2: double 6 casts whatever the difficulty and modifier."""
    assert casting_odds(2, 50, -10).irresistible == Fraction(1, 36)
    assert casting_odds(2, 50, -10).cast == 0


def test_WH6_4_3_minimum_3_natural_total_fails_despite_modifiers() -> None:
    """WH6-4.3, WH6-A22: one die showing 2 with +1 against difficulty 3 fails; only 3-6 cast."""
    odds_ = casting_odds(1, 3, 1)
    assert odds_.cast == Fraction(4, 6)
    assert sorted(odds_.result_distribution) == [4, 5, 6, 7]  # natural 3-6 plus 1, never 3


def test_WH6_A1_modified_result_of_2_or_less_fails() -> None:
    """WH6-A1: natural 3 or 4 with -2 gives 1 or 2, which fails even against difficulty 1."""
    assert casting_odds(1, 1, -2).cast == Fraction(2, 6)
    assert casting_odds(1, 1, 0).cast == Fraction(4, 6)


def test_WH6_4_6_reaching_the_difficulty_casts() -> None:
    """WH6-4.5/4.6: one die against difficulty 4 casts on 4, 5, 6 (equal counts)."""
    assert casting_odds(1, 4).cast == Fraction(1, 2)
    assert casting_odds(1, 4).result_distribution == {r: Fraction(1, 6) for r in (4, 5, 6)}


def test_WH6_7_6_tie_dispels() -> None:
    """WH6-7.6: a dispel equal to the casting result succeeds; one die vs 4 wins on 4-6."""
    assert dispel_odds(1, 4) == Fraction(1, 2)
    assert dispel_odds(1, 4, bonus=1) == Fraction(2, 3)


def test_WH6_7_11_no_minimum_3_on_dispels() -> None:
    """WH6-7.11: a dispel of 1 + 1 bonus = 2 beats a casting result of 2."""
    assert dispel_odds(1, 2, bonus=1) == 1
    assert dispel_odds(1, 2) == Fraction(5, 6)


def test_WH6_7_10_double_1_beats_double_6_on_dispel() -> None:
    """WH6-7.8-7.10: against an unreachable result only double 6 without double 1 dispels."""
    assert dispel_odds(4, 100) == Fraction(171 - 6, 1296)
    assert dispel_odds(2, 100) == Fraction(1, 36)  # WH6-7.9
    assert dispel_odds(2, -100) == Fraction(35, 36)  # WH6-7.8: double 1 fails even so


def test_WH6_7_6_dispel_compares_with_modified_casting_result() -> None:
    """WH6-A2: a +2 caster who rolls 6 on one die must be dispelled against 8."""
    spell = spell_odds(1, 3, 1, modifier=2)
    # casting results 5..8 (natural 3..6); one dispel die only beats 5 and 6 on 5+/6.
    assert spell.dispelled == Fraction(1, 6) * (Fraction(2, 6) + Fraction(1, 6))


def test_WH6_5_4_irresistible_force_cannot_be_dispelled() -> None:
    """WH6-5.4, WH6-5.5: not even a scroll, or 6 dice with +20, touch an IF spell."""
    scroll = spell_odds(3, 7, 6, policy="scroll")
    assert scroll.irresistible == Fraction(2, 27)
    assert scroll.goes_off == Fraction(2, 27) + scroll.miscast_irresistible
    strong = spell_odds(3, 7, 6, dispel_bonus=20)
    # +20 reaches every result, so only a double 1 on the six dispel dice lets a cast through.
    double_one = Fraction(6**6 - 5**6 - 6 * 5**5, 6**6)
    assert strong.cast_not_dispelled == strong.casting.cast * double_one
    assert strong.goes_off == Fraction(2, 27) + strong.miscast_irresistible \
        + strong.casting.cast * double_one


def test_WH6_11_13_miscast_12_goes_off() -> None:
    """WH6-11.13: a miscast that rolls 12 counts as IF, so the spell goes off even then."""
    spell = spell_odds(3, 100, 3, policy="scroll")
    assert spell.casting.cast == 0
    assert spell.miscast_irresistible == Fraction(16, 216) / 36 == miscast_results(3)["12"]
    assert spell.goes_off == spell.irresistible + spell.miscast_irresistible
    assert spell.miscast_no_effect == Fraction(16, 216) * Fraction(35, 36)


def test_WH6_10_1_miscast_table_sums_to_one() -> None:
    """WH6-10.1: the nine rows of the 2D6 table cover every roll."""
    table = miscast_table_odds()
    assert list(table) == ["2", "3", "4", "5", "6-7", "8-9", "10", "11", "12"]
    assert sum(table.values()) == 1
    assert table["2"] == Fraction(1, 36) and table["6-7"] == Fraction(11, 36)
    assert table["8-9"] == Fraction(9, 36) and table["12"] == Fraction(1, 36)


def test_hand_checked_values() -> None:
    """Two dice: double 1 and double 6 are 1/36 each. Three dice: 15 rolls with exactly two 1s
    plus 1,1,1 make 16/216 miscasts."""
    assert casting_odds(2, 7).miscast == Fraction(1, 36)
    assert casting_odds(2, 7).irresistible == Fraction(1, 36)
    assert casting_odds(3, 7).miscast == Fraction(16, 216)
    assert casting_odds(2, 7).cast == Fraction(5 + 4 + 3 + 2 + 1 + 5, 36)  # 7..11, 12 is IF


# --------------------------------------------------------------------------- policies

def test_policies_order_the_outcomes() -> None:
    """never >= above:T >= always >= scroll for how often the spell goes off."""
    for n in range(2, 7):
        goes = [spell_odds(n, 8, 3, policy=p).goes_off
                for p in ("never", "above:12", "always", "scroll")]
        assert goes == sorted(goes, reverse=True)
        assert goes[0] > goes[3]


def test_above_threshold_extremes() -> None:
    """above:T with T at or below every result acts like always; above every result, never."""
    for n in range(1, 7):
        assert spell_fields(spell_odds(n, 7, 2, policy="above:0")) == spell_fields(
            spell_odds(n, 7, 2, policy="always"))
        assert spell_fields(spell_odds(n, 7, 2, policy="above:99")) == spell_fields(
            spell_odds(n, 7, 2, policy="never"))


def test_zero_dispel_dice_means_no_attempt() -> None:
    """No dice, no dispel roll; the scroll needs no dice."""
    assert dispel_odds(0, 3) == 0
    assert spell_odds(3, 7, 0).dispelled == 0
    assert spell_odds(3, 7, 0, policy="scroll").dispelled == casting_odds(3, 7).cast


def test_every_spell_odds_sums_to_one() -> None:
    """goes off + dispelled + failed + miscast without effect is exactly 1."""
    for n, m, policy in product(range(1, 7), range(7), POLICIES):
        for difficulty, modifier, bonus in product((2, 5, 9, 13, 18), (-2, 0, 3), (0, 2)):
            spell = spell_odds(n, difficulty, m, modifier, bonus, policy)
            assert total(spell) == 1
            assert spell.cast_not_dispelled + spell.dispelled == spell.casting.cast


# --------------------------------------------------------------------------- validation, JSON

@pytest.mark.parametrize("call", [
    lambda: casting_odds(0, 7), lambda: casting_odds(7, 7), lambda: casting_odds(True, 7),
    lambda: casting_odds(2.0, 7),  # type: ignore[arg-type]
    lambda: casting_odds(2, "7"),  # type: ignore[arg-type]
    lambda: dispel_odds(-1, 7),
    lambda: dispel_odds(7, 7), lambda: spell_odds(2, 7, 7), lambda: spell_odds(2, 7, 2, policy="x"),
    lambda: spell_odds(2, 7, 2, policy="above:"), lambda: spell_odds(2, 7, 2, policy="above:x"),
    lambda: miscast_results(0),
])
def test_bad_inputs_raise_value_error(call: object) -> None:
    with pytest.raises(ValueError, match=r"dice|difficulty|policy"):
        call()  # type: ignore[operator]


def test_error_messages_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="casting dice must be from 1 to 6, got 9"):
        casting_odds(9, 7)
    with pytest.raises(ValueError, match="unknown dispel policy 'sometimes'"):
        spell_odds(2, 7, 2, policy="sometimes")


def test_to_json_round_trips_exact_values() -> None:
    spell = spell_odds(3, 9, 2, policy="above:10")
    doc = json.loads(json.dumps(spell.to_json()))
    assert doc["policy"] == "above:10"
    for name, value in spell_fields(spell).items():
        assert Fraction(doc[name]["fraction"]) == value
        assert doc[name]["probability"] == pytest.approx(float(value))
    cast = doc["casting"]
    assert Fraction(cast["miscast"]["fraction"]) == Fraction(2, 27)
    assert {int(r): Fraction(p["fraction"]) for r, p in cast["result_distribution"].items()} == \
        spell.casting.result_distribution


# --------------------------------------------------------------------------- CLI

@pytest.fixture()
def run() -> Iterator[CliRunner]:
    set_lang("en")  # the process locale must not decide the headings under test
    yield CliRunner()
    set_lang(None)


def app() -> typer.Typer:
    cli = typer.Typer()
    cli.command("odds")(odds)

    @cli.command("other")
    def other() -> None:  # a second command keeps "odds" a subcommand, as in the main app
        """Placeholder."""

    return cli


def test_cli_example_prints_the_figures(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", "--dice", "3", "--difficulty", "9",
                                "--dispel-dice", "2"])
    assert result.exit_code == 0, result.output
    spell = spell_odds(3, 9, 2)
    for p in (spell.casting.miscast, spell.goes_off, spell.dispelled, spell.dispel_chance):
        assert str(p) in result.output
        assert f"{float(p) * 100:.2f}%" in result.output
    assert "2/27" in result.output  # hand check: 16/216 miscasts with 3 dice
    assert "Miscast Table" in result.output and "Goes off" in result.output


def test_cli_without_dice_lists_one_to_six(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", "--difficulty", "9"])
    assert result.exit_code == 0, result.output
    assert str(casting_odds(6, 9).miscast) in result.output  # 12281/46656
    assert "Goes off" not in result.output


def test_cli_json_equals_spell_odds(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", "--dice", "3", "--difficulty", "9",
                                "--dispel-dice", "2", "--policy", "above:10", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    [entry] = doc["by_dice"]
    spell = spell_odds(3, 9, 2, policy="above:10")
    for name, value in spell_fields(spell).items():
        assert Fraction(entry["spell"][name]["fraction"]) == value
        assert entry["spell"][name]["probability"] == float(value)
    assert Fraction(entry["casting"]["cast"]["fraction"]) == spell.casting.cast
    assert Fraction(entry["miscast_results"]["12"]["fraction"]) == miscast_results(3)["12"]


def test_cli_json_without_dice_has_six_entries(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", "--json", "--dispel-dice", "0"])
    doc = json.loads(result.stdout)
    assert [e["dice"] for e in doc["by_dice"]] == [1, 2, 3, 4, 5, 6]
    assert all(Fraction(e["spell"]["dispelled"]["fraction"]) == 0 for e in doc["by_dice"])


def test_cli_unknown_game_is_a_usage_error(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "mage-knight", "--dice", "3"])
    assert result.exit_code == 2
    assert "no odds for game" in result.output and "wh6-magic" in result.output


@pytest.mark.parametrize("args, hint", [
    (["--dice", "7"], "--dice"), (["--dice", "0"], "--dice"),
    (["--dispel-dice", "9"], "--dispel-dice"), (["--policy", "sometimes"], "--policy"),
    (["--lang", "fr"], "--lang"),
])
def test_cli_bad_values_are_usage_errors(run: CliRunner, args: list[str], hint: str) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", *args])
    assert result.exit_code == 2
    assert hint in result.output


def test_cli_spanish_headings(run: CliRunner) -> None:
    result = run.invoke(app(), ["odds", "wh6-magic", "--dice", "2", "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert "Disfunción" in result.output and "Miscast" not in result.output


def test_cli_plot_writes_png(run: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "odds.png"
    result = run.invoke(app(), ["odds", "wh6-magic", "--dispel-dice", "2", "--plot", str(target),
                                "--json"])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # the plot adds nothing to the JSON document
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
