"""The casting roll (WH6 §4), miscast and irresistible force (WH6 §5), re-rolls (WH6 §6)."""

from __future__ import annotations

import pytest
from wh6kit import first, kinds, make, rules, setup, top, troop

from grimorio.core.errors import ScenarioError
from grimorio.games.wh6_magic.data import library
from grimorio.games.wh6_magic.rules.hooks import register_irresistible_rule


def with_tome() -> dict[str, object]:
    data = setup()
    troop(data, "w1")["items"] = ["tome_of_recasting"]
    return data


def test_WH6_4_1_every_spell_has_a_difficulty_usually_3_to_15() -> None:
    """WH6-4.1: shipped spells carry difficulties between 3 and 15, announced when declared."""
    assert all(3 <= spell.difficulty <= 15 for spell in library().spells.values())
    sc = make()
    sc.dice(2, 2)
    info = first(sc.act("cast w1 big_zap dice=2 target=u2"), "spell_info")
    assert info.data["difficulty"] == 9


def test_WH6_4_2_the_result_is_the_sum_of_the_dice_plus_modifiers() -> None:
    """WH6-4.2: 3 + 4 + 6 = 13 natural; with +1 from the mage the casting result is 14."""
    data = setup()
    troop(data, "w1")["cast_bonus"] = 1
    sc = make(data)
    sc.dice(3, 4, 6)
    cast = first(sc.act("cast w1 big_zap dice=3 target=u2"), "cast")
    assert cast.data["natural"] == 13 and cast.data["result"] == 14
    assert "3+4+6 = 13 +1 = 14 ≥ difficulty 9" in cast.text.en
    assert "Tirada de lanzamiento 3+4+6 = 13 +1 = 14 ≥ dificultad 9" in cast.text.es


def test_WH6_4_3_natural_total_under_3_always_fails() -> None:
    """WH6-4.3, WH6-A1, WH6-A22: one die showing 2 with +1 against difficulty 3 fails."""
    data = setup()
    troop(data, "w1")["cast_bonus"] = 1
    sc = make(data)
    sc.dice(2)
    events = sc.act("cast w1 spark dice=1 target=u2")
    fail = first(events, "cast_fails")
    assert fail.rule == "WH6-4.3" and fail.data["result"] == 3 and fail.data["natural"] == 2
    assert sc.doc["last_outcome"] == "failed" and top(sc)["kind"] == "Casting"


def test_WH6_A1_a_casting_result_under_3_fails_even_on_a_natural_3() -> None:
    """WH6-A1: 1 + 2 = 3 naturally, but a -1 brings the result to 2; against a difficulty of 2
    the spell still fails, because a casting result under 3 never succeeds."""
    data = setup()
    data["spells"].append({"id": "trickle", "name": "Trickle", "difficulty": 2, "range_cm": 60,
                           "target": "enemy_unit",
                           "effects": [{"wounds": {"count": 1, "armour_save": False}}]})
    troop(data, "w1")["spells"].append("trickle")
    troop(data, "w1")["cast_bonus"] = -1
    sc = make(data)
    sc.dice(1, 2)
    events = sc.act("cast w1 trickle dice=2 target=u2")
    fail = first(events, "cast_fails")
    assert fail.rule == "WH6-A1" and (fail.data["natural"], fail.data["result"]) == (3, 2)
    assert "dispel_window" not in kinds(events) and sc.doc["last_outcome"] == "failed"
    assert "también falla" in fail.text.es


def test_WH6_4_4_minimum_3_never_applies_to_dispels() -> None:
    """WH6-4.4, WH6-7.11: a dispel roll of 2 plus a +1 bonus beats a casting result of 3."""
    data = setup()
    troop(data, "u4")["items"] = ["totem_of_morko"]
    sc = make(data)
    sc.dice(3)
    sc.act("cast w1 spark dice=1 target=u2")
    sc.dice(2)
    events = sc.act("dispel dice=1 items=u4.totem_of_morko")
    verdict = first(events, "dispelled")
    assert verdict.rule == "WH6-7.11" and verdict.data["result"] == 3
    assert first(events, "attempt_end").data["outcome"] == "dispelled"


def test_WH6_4_5_below_the_difficulty_the_spell_is_not_cast() -> None:
    """WH6-4.5: 3 + 3 = 6 against Zap's 7 fails; no dispel window opens."""
    sc = make()
    sc.dice(3, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    fail = first(events, "cast_fails")
    assert fail.rule == "WH6-4.5" and fail.data["result"] == 6
    assert "dispel_window" not in kinds(events) and sc.doc["pools"]["dispel"] == 6


def test_WH6_4_6_equal_to_the_difficulty_casts_and_opens_a_dispel() -> None:
    """WH6-4.6: 3 + 4 = 7 equals Zap's difficulty: cast, and Red may dispel."""
    sc = make()
    sc.dice(3, 4)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "cast").rule == "WH6-4.6"
    assert top(sc) == {"kind": "DispelWindow", "seat": 1, "pool": "dispel", "if_only": False}


@pytest.mark.parametrize("dice,outcome", [((1, 2), "failed"), ((4, 5), "cast"),
                                          ((1, 1), "miscast")])
def test_WH6_4_7_power_dice_are_spent_whatever_happens(dice: tuple[int, int],
                                                          outcome: str) -> None:
    """WH6-4.7: the pool drops by the dice declared, after a failure, a cast or a miscast."""
    sc = make()
    sc.dice(*dice, 3, 3)  # 3, 3: a miscast table roll of 6 (lost control), if it comes to that
    events = sc.act("cast w1 zap dice=2 target=u2")
    spent = first(events, "dice_spent")
    assert spent.rule == "WH6-4.7" and spent.data == {"dice": 2, "pool": 10}
    assert sc.doc["pools"]["power"] == 10
    assert outcome in kinds(events) or first(events, "cast_fails")


def test_WH6_4_8_checks_run_miscast_then_if_then_minimum_then_difficulty() -> None:
    """WH6-4.8: 6,6 beats a difficulty of 15 (IF before difficulty); 1,1 is a miscast even
    though a total of 2 would also fail the minimum (miscast before minimum 3)."""
    sc = make()
    sc.dice(6, 6)
    events = sc.act("cast w1 huge_zap dice=2 target=u2")
    assert "irresistible" in kinds(events) and "cast_fails" not in kinds(events)
    sc.dice(1, 1, 3, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "miscast").rule == "WH6-5.1" and "cast_fails" not in kinds(events)


def test_WH6_5_1_two_ones_miscast_whatever_the_total() -> None:
    """WH6-5.1: 1, 1, 6 adds up to 8 ≥ 7, yet it is a miscast and the table is rolled."""
    sc = make()
    sc.dice(1, 1, 6, 3, 4)
    events = sc.act("cast w1 zap dice=3 target=u2")
    assert first(events, "miscast").rule == "WH6-5.1"
    assert first(events, "miscast_table").data["total"] == 7
    assert sc.doc["units"]["u2"]["models"] == 20


def test_WH6_5_2_two_sixes_cast_with_irresistible_force_whatever_the_difficulty() -> None:
    """WH6-5.2: 6 + 6 = 12 against difficulty 15 is cast, automatically."""
    sc = make()
    sc.dice(6, 6)
    events = sc.act("cast w1 huge_zap dice=2 target=u2")
    assert first(events, "irresistible").rule == "WH6-5.2"
    assert first(events, "success").rule == "WH6-9.1"
    assert sc.doc["units"]["u2"]["models"] == 19


def test_WH6_5_3_miscast_beats_irresistible_force() -> None:
    """WH6-5.3: 1, 1, 6, 6 from a level 3 wizard is a miscast, not IF."""
    data = setup()
    troop(data, "w1")["level"] = 3
    sc = make(data)
    sc.dice(1, 1, 6, 6, 3, 3)
    events = sc.act("cast w1 zap dice=4 target=u2")
    assert first(events, "miscast").rule == "WH6-5.3" and "irresistible" not in kinds(events)
    assert "disfunción tiene prioridad" in first(events, "miscast").text.es


def test_WH6_5_4_irresistible_force_cannot_be_dispelled() -> None:
    """WH6-5.4: after IF no dispel window opens and a dispel is refused; no dice are spent."""
    sc = make()
    sc.dice(6, 6)
    events = sc.act("cast w1 big_zap dice=2 target=u2")
    assert first(events, "no_dispel").rule == "WH6-5.4" and "dispel_window" not in kinds(events)
    sc.illegal("dispel dice=2", rule="WH6-5.4")
    assert sc.doc["pools"]["dispel"] == 6 and sc.state.current_player == 0


def test_WH6_5_5_dispel_scrolls_do_not_work_against_irresistible_force() -> None:
    """WH6-5.5: Red's scroll cannot stop IF; an item whose text allows it can."""
    data = setup()
    troop(data, "e1")["items"] = ["dispel_scroll"]
    sc = make(data)
    sc.dice(6, 6)
    sc.act("cast w1 big_zap dice=2 target=u2")
    sc.illegal("scroll e1", rule="WH6-5.5")
    assert sc.doc["items"]["e1.dispel_scroll"]["uses_left"] == 1

    data["items"] = [{"id": "null_rod", "name": "Null rod", "kind": "auto_dispel", "uses": 1,
                      "works_vs_if": True}]
    troop(data, "e2")["items"] = ["null_rod"]
    sc = make(data)
    sc.dice(6, 6)
    sc.act("cast w1 big_zap dice=2 target=u2")
    assert top(sc) == {"kind": "DispelWindow", "seat": 1, "pool": "dispel", "if_only": True}
    assert sc.legal() == ["scroll e2", "nodispel"]
    sc.illegal("scroll e1", rule="WH6-5.5")
    sc.illegal("dispel dice=2", rule="WH6-5.4")
    events = sc.act("scroll e2")
    assert first(events, "attempt_end").data["outcome"] == "dispelled"


def test_WH6_5_5_a_bearer_of_both_items_spends_the_one_that_works_against_if() -> None:
    """WH6-5.5: the captain carries a Dispel Scroll and an IF-proof rod; against IF only the rod
    can act, so it is the one spent; against an ordinary spell the plain scroll goes first."""
    data = setup()
    data["items"] = [{"id": "null_rod", "name": "Null rod", "kind": "auto_dispel", "uses": 1,
                      "works_vs_if": True}]
    troop(data, "e2")["items"] = ["dispel_scroll", "null_rod"]
    sc = make(data)
    sc.dice(6, 6)
    sc.act("cast w1 big_zap dice=2 target=u2")
    assert first(sc.act("scroll e2"), "dispelled").data["item"] == "e2.null_rod"
    assert sc.doc["items"]["e2.dispel_scroll"]["uses_left"] == 1
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2")
    assert first(sc.act("scroll e2"), "dispelled").data["item"] == "e2.dispel_scroll"
    assert sc.doc["items"]["e2.null_rod"]["uses_left"] == 1


@pytest.mark.parametrize("die,rule", [(1, "WH6-4.3"), (6, "WH6-4.5")])
def test_WH6_5_6_one_die_never_miscasts_nor_reaches_irresistible_force(die: int,
                                                                        rule: str) -> None:
    """WH6-5.6: a single 1 is a plain failure; a single 6 is just 6 (fails against 7)."""
    sc = make()
    sc.dice(die)
    events = sc.act("cast w1 zap dice=1 target=u2")
    assert first(events, "cast_fails").rule == rule
    assert "miscast" not in kinds(events) and "irresistible" not in kinds(events)


def triples(dice: object) -> str | None:
    """A test-only variant: three 1s miscast, three 6s are irresistible."""
    values = list(dice)  # type: ignore[call-overload]
    if values.count(1) >= 3:
        return "miscast"
    if values.count(6) >= 3:
        return "irresistible"
    return None


def test_WH6_5_7_an_army_may_replace_the_irresistible_force_rule() -> None:
    """WH6-5.7, WH6-12.1, WH6-X12: Blue plays a registered variant; 6,6 is no longer IF and
    1,1 no miscast for it. Unknown variants are refused when the scenario loads."""
    register_irresistible_rule("test-triples", triples)
    data = setup()
    data["sides"][0]["army"]["irresistible_rule"] = "test-triples"
    sc = make(data)
    assert sc.doc["sides"][0]["irresistible_rule"] == "test-triples"
    assert sc.doc["sides"][1]["irresistible_rule"] == "standard"
    sc.dice(6, 6)
    events = sc.act("cast w1 huge_zap dice=2 target=u2")
    assert "irresistible" not in kinds(events) and first(events, "cast_fails").rule == "WH6-4.5"
    sc.dice(1, 1, 6)
    events = sc.act("cast w1 zap dice=3 target=u2")
    assert "miscast" not in kinds(events) and first(events, "cast").data["result"] == 8
    data["sides"][1]["army"]["irresistible_rule"] = "no-such-rule"
    with pytest.raises(ScenarioError, match="irresistible_rule"):
        make(data)


def test_WH6_12_1_the_override_also_decides_priority() -> None:
    """WH6-12.1: with the variant, 1,1,1,6,6,6 is a miscast (its own priority)."""
    register_irresistible_rule("test-triples", triples)
    data = setup()
    data["sides"][0]["army"]["irresistible_rule"] = "test-triples"
    troop(data, "w1")["level"] = 4
    data["pools"] = {"power": 12, "dispel": 6}
    troop(data, "w1")["items"] = ["power_stone"]
    sc = make(data)
    sc.dice(1, 1, 1, 6, 6, 6, 3, 3)
    events = sc.act("cast w1 zap dice=4 target=u2 items=w1.power_stone")
    assert first(events, "miscast").data["dice"] == [1, 1, 1, 6, 6, 6]


def test_WH6_6_1_a_reroll_never_makes_irresistible_force() -> None:
    """WH6-6.1: re-rolled 6, 6 simply add up to 12 (≥ 9: cast, and dispellable)."""
    sc = make(with_tome())
    sc.dice(2, 3)
    sc.act("cast w1 big_zap dice=2 target=u2")
    sc.dice(6, 6)
    events = sc.act("reroll")
    assert first(events, "no_if_after_reroll").rule == "WH6-6.1"
    assert first(events, "cast").data["result"] == 12 and "irresistible" not in kinds(events)
    assert top(sc)["kind"] == "DispelWindow"
    assert sc.doc["items"]["w1.tome_of_recasting"]["uses_left"] == 0


def test_WH6_6_2_no_reroll_out_of_a_miscast() -> None:
    """WH6-6.2, WH6-10.3: a miscast is not offered the re-roll, and asking for it is refused."""
    sc = make(with_tome())
    sc.dice(1, 1, 3, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert "reroll_offer" not in kinds(events) and "miscast" in kinds(events)
    sc.illegal("reroll", rule="WH6-6.2")
    sc.illegal("keep", rule="WH6-6.3")
    assert sc.doc["items"]["w1.tome_of_recasting"]["uses_left"] == 1


def test_WH6_6_3_reroll_is_decided_after_seeing_the_dice_and_not_after_if() -> None:
    """WH6-6.3: a plain roll is offered the re-roll; keeping it evaluates those dice; an IF roll
    is not offered one."""
    sc = make(with_tome())
    sc.dice(2, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "reroll_offer").rule == "WH6-6.3"
    assert sc.legal() == ["reroll", "keep"] and top(sc)["kind"] == "Reroll"
    sc.illegal("end", rule="WH6-6.3")
    assert first(sc.act("keep"), "cast_fails").data["result"] == 5
    sc.dice(6, 6)
    events = sc.act("cast w1 big_zap dice=2 target=u2")
    assert "reroll_offer" not in kinds(events) and "irresistible" in kinds(events)


def test_WH6_A4_a_reroll_that_shows_two_ones_is_a_miscast() -> None:
    """WH6-A4: the re-rolled dice 1, 1 are a miscast."""
    sc = make(with_tome())
    sc.dice(2, 3)
    sc.act("cast w1 zap dice=2 target=u2")
    sc.dice(1, 1, 3, 3)
    events = sc.act("reroll")
    assert first(events, "miscast").rule == "WH6-A4"
    assert "WH6-10.1" in rules(events)


def test_WH6_X9_power_stone_adds_two_dice_beyond_the_limit_and_is_used_up() -> None:
    """WH6-X9: a level 1 adept with a Power Stone rolls 2 + 2 dice; only 2 leave the pool."""
    data = setup()
    troop(data, "w2")["items"] = ["power_stone"]
    sc = make(data)
    assert "cast w2 zap dice=2 target=u2 items=w2.power_stone" in sc.legal()
    sc.dice(2, 2, 2, 2)
    events = sc.act("cast w2 zap dice=2 target=u2 items=w2.power_stone")
    assert first(events, "power_stone").rule == "WH6-X9"
    assert first(events, "cast").data["dice"] == [2, 2, 2, 2]
    assert sc.doc["pools"]["power"] == 10
    assert sc.doc["items"]["w2.power_stone"]["uses_left"] == 0
    sc.act("nodispel")
    sc.illegal("cast w1 zap dice=1 target=u2 items=w2.power_stone", rule="WH6-X9")


def test_WH6_X9_power_stone_dice_count_for_miscasts_and_irresistible_force() -> None:
    """WH6-X9, WH6-5.1, WH6-5.2: the stone's dice are casting dice like the others: a pool 1
    and a stone 1 miscast; a pool 6 and a stone 6 are irresistible."""
    data = setup()
    troop(data, "w2")["items"] = ["power_stone"]
    sc = make(data)
    sc.dice(1, 4, 1, 3, 3)
    events = sc.act("cast w2 zap dice=1 target=u2 items=w2.power_stone")
    assert first(events, "miscast").data["dice"] == [1, 4, 1]
    sc = make(data)
    sc.dice(6, 2, 6)
    events = sc.act("cast w2 zap dice=1 target=u2 items=w2.power_stone")
    assert first(events, "irresistible").rule == "WH6-5.2"
    assert sc.doc["pools"]["power"] == 11


def test_WH6_1_6_a_power_item_without_exceeds_max_counts_towards_the_limit() -> None:
    """WH6-1.6, WH6-X9: an item whose data say `exceeds_max: false` adds dice that count towards
    level + 1: the level 1 adept may then use only 1 pool die with its 1 extra die."""
    data = setup()
    data["items"] = [{"id": "small_stone", "name": "Small stone", "kind": "power_dice",
                      "dice": 1, "uses": 1, "exceeds_max": False}]
    troop(data, "w2")["items"] = ["small_stone"]
    sc = make(data)
    exc = sc.illegal("cast w2 zap dice=2 target=u2 items=w2.small_stone", rule="WH6-1.6")
    assert "1 from an item" in exc.message("en") and "1 de un objeto" in exc.message("es")
    legal = sc.legal()
    assert "cast w2 zap dice=1 target=u2 items=w2.small_stone" in legal
    assert "cast w2 zap dice=2 target=u2 items=w2.small_stone" not in legal
    assert "cast w2 zap dice=2 target=u2" in legal
    sc.dice(3, 4)
    events = sc.act("cast w2 zap dice=1 target=u2 items=w2.small_stone")
    assert first(events, "cast").data["dice"] == [3, 4]
