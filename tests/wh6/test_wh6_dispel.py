"""Dispelling (WH6 §7), who dispels and which bonuses add up (WH6 §8), successful spells
(WH6 §9)."""

from __future__ import annotations

from wh6kit import add, first, kinds, make, rolls, setup, top, troop

from grimorio.testing import Scenario


def cast_zap(sc: Scenario, dice: tuple[int, ...] = (4, 4)) -> None:
    """Blue's mage casts Zap (difficulty 7) at the Red warriors; Red's dispel window opens."""
    sc.dice(*dice)
    sc.act(f"cast w1 zap dice={len(dice)} target=u2")
    assert top(sc)["kind"] == "DispelWindow"


def lizards() -> dict[str, object]:
    """Red gets a Skink Shaman with a Staff of Sorcery and a Slann with +1 to dispel."""
    data = setup()
    add(data, 1, "characters", {"id": "sk", "name": "Skink Shaman", "level": 1, "wounds": 2,
                                "toughness": 2, "points": 60, "x": 20, "y": 100,
                                "items": ["staff_of_sorcery"]})
    add(data, 1, "characters", {"id": "sl", "name": "Slann", "level": 4, "wounds": 4,
                                "toughness": 4, "points": 400, "x": 30, "y": 110,
                                "dispel_bonus": 1})
    return data


def test_WH6_7_1_the_opponent_may_dispel_right_after_the_cast() -> None:
    """WH6-7.1: the cast opens Red's window, Red decides now, from the dispel pool."""
    sc = make()
    cast_zap(sc)
    assert sc.state.current_player == 1
    assert first(sc.events(), "dispel_window").data == {"seat": 1, "needed": 8}
    assert "dispel dice=6" in sc.legal() and "nodispel" in sc.legal()


def test_WH6_7_2_one_dispel_attempt_per_spell() -> None:
    """WH6-7.2: after a failed dispel the spell takes effect; no second attempt is possible."""
    sc = make()
    cast_zap(sc)
    sc.dice(2, 3)
    events = sc.act("dispel dice=2")
    assert first(events, "dispel_fails").data["result"] == 5
    assert first(events, "attempt_end").data["outcome"] == "resolved"
    assert sc.state.current_player == 0
    sc.illegal("dispel dice=1", rule="WH6-7.2")


def test_WH6_X13_a_dispel_reroll_item_grants_one_reroll() -> None:
    """WH6-X13, WH6-7.2: a stand-in charm lets Red re-roll one failed dispel."""
    data = setup()
    troop(data, "e1")["items"] = ["warding_charm"]
    sc = make(data)
    cast_zap(sc)
    sc.dice(2, 3)
    events = sc.act("dispel dice=2")
    assert first(events, "reroll_offer").rule == "WH6-A5" and sc.legal() == ["reroll", "keep"]
    sc.dice(5, 4)
    events = sc.act("reroll")
    assert first(events, "reroll").rule == "WH6-7.2"
    assert first(events, "dispelled").data["result"] == 9
    assert sc.doc["items"]["e1.warding_charm"]["uses_left"] == 0
    assert sc.doc["pools"]["dispel"] == 4


def test_WH6_A5_dispel_reroll_limits_mirror_the_casting_ones() -> None:
    """WH6-A5: no re-roll after a double 1; a re-rolled double 6 is just its total."""
    data = setup()
    troop(data, "e1")["items"] = ["warding_charm"]
    sc = make(data)
    cast_zap(sc, (6, 5, 4))  # result 15
    sc.dice(1, 1)
    events = sc.act("dispel dice=2")
    assert first(events, "dispel_fails").rule == "WH6-7.8" and "reroll_offer" not in kinds(events)
    sc = make(data)
    cast_zap(sc, (6, 5, 4))
    sc.dice(2, 2)
    sc.act("dispel dice=2")
    sc.dice(6, 6)
    events = sc.act("reroll")
    verdict = first(events, "dispel_fails")
    assert verdict.rule == "WH6-A5" and verdict.data["result"] == 12
    assert first(events, "attempt_end").data["outcome"] == "resolved"


def test_WH6_7_3_any_cast_spell_may_be_dispelled_even_on_the_casters_own_side() -> None:
    """WH6-7.3, WH6-A6: Mend on Blue's own guards still gives Red a dispel window."""
    data = setup()
    troop(data, "u1")["models_left"] = 8
    sc = make(data)
    sc.dice(3, 3)
    events = sc.act("cast w1 mend dice=2 target=u1")
    assert first(events, "dispel_window").rule == "WH6-A6"
    assert top(sc)["kind"] == "DispelWindow" and top(sc)["seat"] == 1
    sc.act("nodispel")
    assert sc.doc["units"]["u1"]["models"] == 10


def test_WH6_7_4_magic_resistance_adds_dispel_dice() -> None:
    """WH6-7.4, WH6-X10: u2 has Magic Resistance (2): one pool die rolls as three."""
    data = setup()
    troop(data, "u2")["magic_resistance"] = 2
    sc = make(data)
    cast_zap(sc)
    sc.dice(3, 4, 2)
    events = sc.act("dispel dice=1")
    assert first(events, "magic_resistance").data == {"dice": 2}
    assert rolls(events)[0] == [3, 4, 2] and sc.doc["pools"]["dispel"] == 5
    assert first(events, "dispelled").data["result"] == 9


def test_WH6_X10_magic_resistance_only_against_spells_on_that_unit() -> None:
    """WH6-X10: u2's Magic Resistance does not help against a spell on u4."""
    data = setup()
    troop(data, "u2")["magic_resistance"] = 2
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u4")
    sc.dice(3)
    events = sc.act("dispel dice=1")
    assert "magic_resistance" not in kinds(events) and rolls(events)[0] == [3]


def test_WH6_X10_magic_resistance_dice_count_for_the_doubles() -> None:
    """WH6-X10, WH6-7.9, WH6-7.8: the extra dice are rolled with the pool dice, so a pool 6 and
    a Magic Resistance 6 dispel a result of 15 outright, and a pool 1 with a Magic Resistance 1
    fails although 1 + 1 + 6 + 1 would reach 8 + 1."""
    data = setup()
    troop(data, "u2")["magic_resistance"] = 1
    sc = make(data)
    cast_zap(sc, (6, 5, 4))
    sc.dice(6, 6)
    verdict = first(sc.act("dispel dice=1"), "dispelled")
    assert verdict.rule == "WH6-7.9" and verdict.data["dice"] == [6, 6]
    assert sc.doc["pools"]["dispel"] == 5
    troop(data, "u2")["magic_resistance"] = 2
    troop(data, "u4")["items"] = ["totem_of_morko"]
    sc = make(data)
    cast_zap(sc)
    sc.dice(1, 6, 1)
    verdict = first(sc.act("dispel dice=1 items=u4.totem_of_morko"), "dispel_fails")
    assert verdict.rule == "WH6-7.8" and verdict.data["result"] == 9
    assert sc.doc["units"]["u2"]["models"] == 19


def test_WH6_X10_only_the_best_magic_resistance_counts() -> None:
    """WH6-X10: Magic Resistance (1) on the warriors and (2) on the chanter inside them give 2
    extra dice against a spell on the unit, not 3."""
    data = setup()
    troop(data, "u2")["magic_resistance"] = 1
    troop(data, "e3")["magic_resistance"] = 2
    sc = make(data)
    cast_zap(sc)
    sc.dice(2, 3, 2)
    events = sc.act("dispel dice=1")
    assert first(events, "magic_resistance").data == {"dice": 2}
    assert rolls(events)[0] == [2, 3, 2]


def test_WH6_A25_magic_resistance_dice_allow_a_dispel_with_an_empty_pool() -> None:
    """WH6-A25: with no dispel dice left, u2's Magic Resistance still allows an attempt."""
    data = setup(pools={"power": 12, "dispel": 0})
    troop(data, "u2")["magic_resistance"] = 2
    sc = make(data)
    cast_zap(sc)
    assert sc.legal() == ["dispel dice=0", "nodispel"]
    sc.dice(5, 4)
    assert first(sc.act("dispel dice=0"), "dispelled").data["dice"] == [5, 4]
    sc2 = make(setup(pools={"power": 12, "dispel": 0}))
    sc2.dice(4, 4)
    events = sc2.act("cast w1 zap dice=2 target=u2")
    assert first(events, "cannot_dispel").rule == "WH6-7.12"


def test_WH6_7_5_items_are_declared_before_rolling_and_used_up_when_declared() -> None:
    """WH6-7.5: a one-use bonus item is spent by declaring it, even when the dispel fails."""
    data = setup()
    data["items"] = [{"id": "ward_stone", "name": "Ward stone", "kind": "dispel_bonus",
                      "bonus": 2, "uses": 1}]
    troop(data, "e2")["items"] = ["ward_stone"]
    sc = make(data)
    cast_zap(sc, (6, 5, 4))
    assert "dispel dice=2 items=e2.ward_stone" in sc.legal() and "dispel dice=2" in sc.legal()
    sc.dice(2, 3)
    events = sc.act("dispel dice=2 items=e2.ward_stone")
    item = first(events, "dispel_item")
    assert item.rule == "WH6-8.3" and kinds(events).index("dispel_item") < kinds(events).index(
        "roll")
    assert first(events, "dispel_fails").data["result"] == 7
    assert sc.doc["items"]["e2.ward_stone"]["uses_left"] == 0


def test_WH6_7_6_a_tie_dispels_and_the_casters_dice_count_do_not_matter() -> None:
    """WH6-7.6, WH6-A2: against a casting result of 9 (8 + 1 bonus) a dispel of 9 works."""
    data = setup()
    troop(data, "w1")["cast_bonus"] = 1
    sc = make(data)
    cast_zap(sc, (6, 2))
    assert first(sc.events(), "dispel_window").data["needed"] == 9
    sc.dice(4, 5)
    verdict = first(sc.act("dispel dice=2"), "dispelled")
    assert verdict.rule == "WH6-7.6" and verdict.data["result"] == 9


def test_WH6_7_7_dispel_dice_are_spent_either_way() -> None:
    """WH6-7.7: three dispel dice leave the pool on a failure too."""
    sc = make()
    cast_zap(sc, (6, 5, 4))
    sc.dice(1, 2, 3)
    events = sc.act("dispel dice=3")
    assert first(events, "dispel_spent").data == {"dice": 3, "pool": 3}
    assert sc.doc["pools"]["dispel"] == 3


def test_WH6_7_8_double_one_fails_whatever_the_bonus() -> None:
    """WH6-7.8: 1, 1, 6 plus a +1 would beat 8, but two 1s fail the dispel."""
    data = setup()
    troop(data, "u4")["items"] = ["totem_of_morko"]
    sc = make(data)
    cast_zap(sc)
    sc.dice(1, 1, 6)
    verdict = first(sc.act("dispel dice=3 items=u4.totem_of_morko"), "dispel_fails")
    assert verdict.rule == "WH6-7.8" and sc.doc["units"]["u2"]["models"] == 19


def test_WH6_7_9_double_six_dispels_automatically() -> None:
    """WH6-7.9: 6, 6 dispels a casting result of 17 (a level 3 mage's 5 + 4 + 4 + 4)."""
    data = setup()
    troop(data, "w1")["level"] = 3
    sc = make(data)
    cast_zap(sc, (5, 4, 4, 4))
    sc.dice(6, 6)
    verdict = first(sc.act("dispel dice=2"), "dispelled")
    assert verdict.rule == "WH6-7.9" and verdict.data["needed"] == 17


def test_WH6_7_10_both_doubles_fail() -> None:
    """WH6-7.10: 1, 1, 6, 6 on the dispel dice is a failure."""
    sc = make()
    cast_zap(sc)
    sc.dice(1, 1, 6, 6)
    verdict = first(sc.act("dispel dice=4"), "dispel_fails")
    assert verdict.rule == "WH6-7.10" and sc.doc["units"]["u2"]["models"] == 19


def test_WH6_7_11_no_minimum_on_dispels() -> None:
    """WH6-7.11: a bound spell of power 2 falls to a dispel roll of 2."""
    data = setup()
    data["items"] = [{"id": "tiny_wand", "name": "Tiny wand", "kind": "bound_spell",
                      "spell": "spark", "power": 2}]
    troop(data, "w2")["items"] = ["tiny_wand"]
    sc = make(data)
    sc.act("bound w2 tiny_wand target=u2")
    sc.dice(2)
    verdict = first(sc.act("dispel dice=1"), "dispelled")
    assert verdict.rule == "WH6-7.11" and verdict.data["result"] == 2


def test_WH6_7_12_the_opponent_chooses_1_to_all_his_dice() -> None:
    """WH6-7.12, WH6-A11: every count from 1 to the pool (6) is offered, no more."""
    sc = make()
    cast_zap(sc)
    counts = {a for a in sc.legal() if a.startswith("dispel")}
    assert counts == {f"dispel dice={n}" for n in range(1, 7)}
    sc.illegal("dispel dice=7", rule="WH6-7.12")
    sc.illegal("dispel dice=0", rule="WH6-A25")


def test_WH6_8_1_with_dispel_bonuses_the_dispeller_must_be_named() -> None:
    """WH6-8.1: Red has a Staff bearer, so every dispel names who makes it."""
    data = setup()
    troop(data, "e1")["items"] = ["staff_of_sorcery"]
    sc = make(data)
    cast_zap(sc)
    sc.illegal("dispel dice=2", rule="WH6-8.1")
    assert all("by=e1" in a for a in sc.legal() if a.startswith("dispel"))
    sc.dice(3, 4)
    events = sc.act("dispel dice=2 by=e1 items=e1.staff_of_sorcery")
    assert first(events, "dispeller").rule == "WH6-8.1"
    assert first(events, "dispelled").data["result"] == 8


def test_WH6_8_2_character_bonuses_do_not_add_up() -> None:
    """WH6-8.2: Skink with the Staff or Slann with +1: +1 either way, never +2."""
    sc = make(lizards())
    cast_zap(sc)
    sc.illegal("dispel dice=2 by=sl items=sk.staff_of_sorcery", rule="WH6-8.2")
    sc.dice(3, 3)
    events = sc.act("dispel dice=2 by=sl")
    assert first(events, "dispeller").data["bonus"] == 1
    assert first(events, "dispel_fails").data["result"] == 7
    sc = make(lizards())
    cast_zap(sc)
    sc.dice(3, 3)
    events = sc.act("dispel dice=2 by=sk items=sk.staff_of_sorcery")
    assert first(events, "dispel_item").rule == "WH6-8.2"
    assert first(events, "dispel_fails").data["bonus"] == 1


def test_WH6_8_3_unattached_bonuses_stack_with_the_dispellers() -> None:
    """WH6-8.3: the Totem of Morko (on u4) and the Staff (on e1) give +2 together."""
    data = setup()
    troop(data, "e1")["items"] = ["staff_of_sorcery"]
    troop(data, "u4")["items"] = ["totem_of_morko"]
    sc = make(data)
    cast_zap(sc)
    assert "dispel dice=2 by=e1 items=e1.staff_of_sorcery,u4.totem_of_morko" in sc.legal()
    sc.dice(3, 3)
    events = sc.act("dispel dice=2 by=e1 items=e1.staff_of_sorcery,u4.totem_of_morko")
    assert first(events, "dispelled").data["bonus"] == 2


def test_WH6_8_4_the_totem_cannot_help_its_own_unit() -> None:
    """WH6-8.4, WH6-A12: the Totem carried by u2 is barred when the spell is on u2."""
    data = setup()
    troop(data, "u2")["items"] = ["totem_of_morko"]
    sc = make(data)
    cast_zap(sc)
    sc.illegal("dispel dice=2 items=u2.totem_of_morko", rule="WH6-8.4")
    assert not any("totem" in a for a in sc.legal())
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=e2")
    assert "dispel dice=2 items=u2.totem_of_morko" in sc.legal()


def test_WH6_A12_the_totem_joins_any_other_attempt() -> None:
    """WH6-A12: against a spell on another unit, the Totem is offered with every dice count."""
    data = setup()
    troop(data, "u3")["items"] = ["totem_of_morko"]
    sc = make(data)
    cast_zap(sc)
    assert all("items=u3.totem_of_morko" in a for a in sc.legal() if a.startswith("dispel"))


def test_WH6_8_5_a_fleeing_wizard_cannot_dispel() -> None:
    """WH6-8.5, WH6-X11: the fleeing Skink can be neither named nor lend his Staff."""
    data = lizards()
    troop(data, "sk")["fleeing"] = True
    sc = make(data)
    cast_zap(sc)
    sc.illegal("dispel dice=2 by=sk", rule="WH6-8.5")
    sc.illegal("dispel dice=2 by=sl items=sk.staff_of_sorcery", rule="WH6-8.5")
    assert all("by=sl" in a for a in sc.legal() if a.startswith("dispel"))


def test_WH6_8_6_bearer_tied_items_follow_the_bearer_unless_all_stack() -> None:
    """WH6-8.6, WH6-A13: the Staff counts only for its bearer; with dispel_stacking=all the
    Slann may use it too (+2)."""
    sc = make(lizards())
    cast_zap(sc)
    sc.illegal("dispel dice=2 by=sl items=sk.staff_of_sorcery", rule="WH6-8.2")
    sc = make(lizards(), dispel_stacking="all")
    cast_zap(sc)
    assert sc.doc["options"]["dispel_stacking"] == "all"
    sc.dice(3, 3)
    events = sc.act("dispel dice=2 by=sl items=sk.staff_of_sorcery")
    assert first(events, "dispelled").data["bonus"] == 2


def test_WH6_9_1_not_dispelled_means_successfully_cast() -> None:
    """WH6-9.1: declining to dispel, or failing, makes the spell a success."""
    sc = make()
    cast_zap(sc)
    events = sc.act("nodispel")
    assert first(events, "no_dispel_attempt").rule == "WH6-9.1"
    assert first(events, "success").rule == "WH6-9.1"
    assert sc.doc["units"]["u2"]["models"] == 19


def test_WH6_9_2_range_first_then_the_effects_on_the_target() -> None:
    """WH6-9.2: the measurement comes before the casualties; Shield (no range) measures
    nothing and gives its caster a ward save."""
    sc = make()
    cast_zap(sc)
    order = kinds(sc.act("nodispel"))
    assert order.index("success") < order.index("range") < order.index("casualties")
    sc.dice(3, 3)
    sc.act("cast w1 shield dice=2")
    events = sc.act("nodispel")
    assert "range" not in kinds(events) and first(events, "lasting_effect").rule == "WH6-9.2"
    assert sc.doc["in_play"][0]["spell"] == "shield"
