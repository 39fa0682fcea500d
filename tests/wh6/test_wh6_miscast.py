"""Miscasts (WH6 §10) and the Miscast Table (WH6 §11), with their lasting effects over phases."""

from __future__ import annotations

from typing import Any

import pytest
from wh6kit import end_phase, first, kinds, make, rolls, rules, setup, top, troop

from grimorio.testing import Scenario


def miscast(sc: Scenario, table: tuple[int, int], spell: str = "zap",
            target: str = "u2", wizard: str = "w1") -> list[Any]:
    """`wizard` rolls 1, 1 on two dice, then `table` on the Miscast Table."""
    sc.dice(1, 1, *table)
    target_opt = f" target={target}" if target else ""
    return sc.act(f"cast {wizard} {spell} dice=2{target_opt}")


def blue_phase_again(sc: Scenario) -> None:
    """From Blue's casting sub-phase, play through Red's phase back to Blue's next one."""
    end_phase(sc)
    end_phase(sc)


# ------------------------------------------------------------------------------ WH6 §10

def test_WH6_10_1_a_miscast_rolls_2d6_on_the_table_against_the_caster() -> None:
    """WH6-10.1: the 2D6 table roll is recorded with its purpose, and strikes the caster."""
    sc = make()
    events = miscast(sc, (4, 6))
    table_roll = [e for e in events if e.kind == "roll" and e.rule == "WH6-10.1"]
    assert table_roll and table_roll[0].data["dice"] == [4, 6]
    result = first(events, "miscast_table")
    assert result.data["total"] == 10 and result.data["wizard"] == "w1"
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 1


def test_WH6_10_2_a_miscast_spell_never_takes_effect() -> None:
    """WH6-10.2: 1, 1, 6 reaches Zap's 7 but does nothing to the target."""
    sc = make()
    sc.dice(1, 1, 6, 3, 3)
    events = sc.act("cast w1 zap dice=3 target=u2")
    assert first(events, "miscast_no_effect").rule == "WH6-10.2"
    assert "success" not in kinds(events) and sc.doc["units"]["u2"]["models"] == 20


def test_WH6_10_3_rerolls_cannot_avoid_a_miscast() -> None:
    """WH6-10.3: even with an unused re-roll item, the miscast stands."""
    data = setup()
    troop(data, "w1")["items"] = ["tome_of_recasting"]
    sc = make(data)
    events = miscast(sc, (3, 3))
    assert "reroll_offer" not in kinds(events)
    sc.illegal("reroll", rule="WH6-6.2")


def test_WH6_10_4_the_general_table_is_used_by_default() -> None:
    """WH6-10.4: an army without its own table rolls on the general one."""
    sc = make()
    assert sc.doc["sides"][0]["miscast_table"] == "general"
    result = first(miscast(sc, (3, 3)), "miscast_table")
    assert result.rule == "WH6-10.4" and result.data["result"] == "lost_control"


def test_WH6_12_2_an_army_table_replaces_the_general_one() -> None:
    """WH6-12.2: Blue's own table turns a 7 into a wound instead of lost control."""
    data = setup()
    data["sides"][0]["army"]["miscast_table"] = {t: "wound" for t in range(2, 13)}
    sc = make(data)
    assert sc.doc["sides"][0]["miscast_table"] == "inline"
    events = miscast(sc, (3, 4))
    result = first(events, "miscast_table")
    assert result.rule == "WH6-12.2" and result.data["result"] == "wound"
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 1
    assert sc.doc["characters"]["w1"]["bans"] == []


def test_WH6_10_5_nothing_to_dispel_after_a_miscast() -> None:
    """WH6-10.5: no dispel window; a dispel attempt is refused."""
    sc = make()
    events = miscast(sc, (3, 3))
    assert "dispel_window" not in kinds(events)
    sc.illegal("dispel dice=1", rule="WH6-10.5")
    assert sc.doc["pools"]["dispel"] == 6


def test_WH6_10_6_a_miscast_spends_the_dice_and_uses_the_attempt() -> None:
    """WH6-10.6: the two dice are gone and Zap cannot be tried again this phase."""
    data = setup()
    troop(data, "w1")["items"] = ["ember_ring"]
    sc = make(data)
    miscast(sc, (4, 6))  # a wound: the mage may still cast other spells
    assert sc.doc["pools"]["power"] == 10
    sc.illegal("cast w1 zap dice=1 target=u2", rule="WH6-1.4")


# ------------------------------------------------------------------------------ 2: explosion

def test_WH6_11_1_explosion_hits_the_wizard_and_everything_touching_him() -> None:
    """WH6-11.1: a Strength 10 hit on the mage, two guards touching him and the enemy captain."""
    data = setup()
    troop(data, "w1")["contacts"] = ["u1:2", "e2"]
    sc = make(data)
    sc.dice(1, 1, 1, 1, 4, 4, 4, 4)  # casting 1,1; table 1,1; to wound: w1, u1 x2, e2
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "explosion").rule == "WH6-11.1"
    assert [e.data["target"] for e in events if e.kind == "wound_roll"] == ["w1", "u1", "e2"]
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 1
    assert sc.doc["units"]["u1"]["models"] == 8  # armour 5+ worsened by 7: no save
    assert sc.doc["characters"]["e2"]["wounds_lost"] == 1
    assert not [e for e in events if e.kind == "save"]


@pytest.mark.parametrize("kind", ["monstrous", "chariot"])
def test_WH6_A20_explosion_on_a_monster_or_chariot_hits_rider_and_mount(kind: str) -> None:
    """WH6-11.1, WH6-A20: one hit on the wizard and one on the mount; no crew."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": kind, "name": "Beast", "wounds": 4, "toughness": 5,
                                  "armour": 4, "points": 100}
    sc = make(data)
    sc.dice(1, 1, 1, 1, 5, 5)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "mount_hit").rule == "WH6-A20"
    assert sc.doc["characters"]["w1"]["mount"]["wounds_lost"] == 1
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 1


def test_WH6_11_1_a_shared_mount_means_three_hits() -> None:
    """WH6-11.1: wizard, mount and the other rider take one hit each."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": "shared", "with": "w2", "name": "Griffon",
                                  "wounds": 4, "toughness": 5, "points": 150}
    sc = make(data)
    sc.dice(1, 1, 1, 1, 5, 5, 5)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert [e.data["target"] for e in events if e.kind == "wound_roll"] == ["w1", "mount:w1",
                                                                             "w2"]
    assert sc.doc["characters"]["w2"]["slain"] is True


# ------------------------------------------------------------------------------ 3: hurled

def test_WH6_11_2_hurled_3d6_cm_in_a_random_direction_and_dazed() -> None:
    """WH6-11.2, WH6-A7: 2+2+2 = 6 cm towards 3 o'clock (east); no casting until a 6."""
    sc = make()
    sc.dice(1, 1, 1, 2, 2, 2, 2, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "hurled").rule == "WH6-11.2"
    direction = [e for e in events if e.kind == "roll" and e.rule == "WH6-A7"]
    assert direction[0].data["sides"] == 12 and direction[0].data["dice"] == [3]
    w1 = sc.doc["characters"]["w1"]
    assert w1["position"] == {"x": 66.0, "y": 20.0}
    assert w1["bans"] == [{"kind": "hurled", "until_phase": None}]
    sc.illegal("cast w1 big_zap dice=1 target=u2", rule="WH6-11.2")


def test_WH6_A15_recovery_roll_each_phase_and_casting_on_the_six() -> None:
    """WH6-A15: a 4 keeps him dazed for that phase; a 6 next time lets him cast at once."""
    sc = make(setup(), turns=3)
    sc.dice(1, 1, 1, 2, 2, 2, 2, 3)
    sc.act("cast w1 zap dice=2 target=u2")
    blue_phase_again(sc)
    assert top(sc)["kind"] == "Recovery" and sc.legal() == ["recover"]
    sc.illegal("end", rule="WH6-A15")
    sc.dice(4)
    events = sc.act("recover")
    assert first(events, "not_recovered").rule == "WH6-A15"
    sc.illegal("cast w1 zap dice=1 target=u2", rule="WH6-11.2")
    blue_phase_again(sc)
    sc.dice(6)
    assert first(sc.act("recover"), "recovered").data["die"] == 6
    assert sc.doc["characters"]["w1"]["bans"] == []
    assert "cast w1 zap dice=1 target=u2" in sc.legal()


def test_WH6_11_3_collision_with_a_model_hurts_both() -> None:
    """WH6-11.3, WH6-A21: thrown east towards the adept 12 cm away, he stops on contact and
    both take a Strength 10 hit."""
    data = setup()
    troop(data, "w2")["x"] = 72
    sc = make(data)
    sc.dice(1, 1, 1, 2, 5, 5, 5, 3, 4, 4)
    events = sc.act("cast w1 zap dice=2 target=u2")
    thrown = first(events, "thrown")
    assert thrown.rule == "WH6-A21" and thrown.data["travelled"] == 10.0
    assert first(events, "collision").data["obstacle"] == "w2"
    assert sc.doc["characters"]["w1"]["position"]["x"] == 70.0
    assert sc.doc["characters"]["w2"]["slain"] and sc.doc["characters"]["w1"]["wounds_lost"] == 1


def test_WH6_11_3_collision_with_a_wall_hurts_only_the_wizard() -> None:
    """WH6-11.3, WH6-X15: thrown south into a wall, the mage stops and takes the hit."""
    data = setup(terrain=[{"id": "wall", "kind": "wall", "x": 60, "y": 10, "width": 20,
                           "depth": 2}])
    sc = make(data)
    sc.dice(1, 1, 1, 2, 5, 5, 5, 6, 4)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "collision").data["obstacle"] == "wall"
    assert sc.doc["characters"]["w1"]["position"] == {"x": 60.0, "y": 12.0}
    assert [e.data["target"] for e in events if e.kind == "wound_roll"] == ["w1"]


def test_WH6_11_4_independent_mounts_do_not_move_and_collide_with_the_rider() -> None:
    """WH6-11.4: on a monster the mage stays put; rider and mount each take a hit."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": "monstrous", "name": "Wyvern", "wounds": 4,
                                  "toughness": 5, "points": 140}
    sc = make(data)
    sc.dice(1, 1, 1, 2, 5, 5)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "collision").rule == "WH6-11.4" and "thrown" not in kinds(events)
    assert sc.doc["characters"]["w1"]["position"] == {"x": 60.0, "y": 20.0}
    assert sc.doc["characters"]["w1"]["mount"]["wounds_lost"] == 1
    assert sc.doc["characters"]["w1"]["bans"][0]["kind"] == "hurled"


def test_WH6_11_4_on_a_shared_mount_only_wizard_and_mount_collide() -> None:
    """WH6-11.4: the hurled wizard counts as colliding with his mount, so he and the mount take
    a hit each; the other rider is not named and takes none (unlike the explosion, WH6-11.1)."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": "shared", "with": "w2", "name": "Griffon",
                                  "wounds": 4, "toughness": 5, "points": 150}
    sc = make(data)
    sc.dice(1, 1, 1, 2, 5, 5)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "collision").rule == "WH6-11.4"
    assert [e.data["target"] for e in events if e.kind == "wound_roll"] == ["w1", "mount:w1"]
    assert "partner_hit" not in kinds(events)
    assert sc.doc["characters"]["w2"]["wounds_lost"] == 0


def test_WH6_11_4_a_wizard_whose_monster_is_slain_is_thrown_on_foot() -> None:
    """WH6-11.4, WH6-11.2: once the explosion has killed his 1-wound beast, a second miscast
    of 3 throws the wizard like any model on foot."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": "monstrous", "name": "Beast", "wounds": 1,
                                  "toughness": 1, "points": 40}
    sc = make(data)
    sc.dice(1, 1, 1, 1, 4, 4)  # miscast, table 2: to wound the mage 4, the beast 4
    sc.act("cast w1 zap dice=2 target=u2")
    assert sc.doc["characters"]["w1"]["mount"]["slain"] is True
    sc.dice(1, 1, 1, 2, 2, 2, 2, 3)  # miscast, table 3: 2+2+2 cm towards 3 o'clock
    events = sc.act("cast w1 big_zap dice=2 target=u2")
    assert first(events, "thrown").data["travelled"] == 6.0 and "collision" not in kinds(events)
    assert sc.doc["characters"]["w1"]["position"] == {"x": 66.0, "y": 20.0}


def test_WH6_A8_a_cavalry_wizard_is_thrown_with_his_horse() -> None:
    """WH6-A8: rider and horse move together (one model with a 2.5 cm base)."""
    data = setup()
    troop(data, "w1")["mount"] = {"kind": "cavalry", "name": "Horse"}
    sc = make(data)
    sc.dice(1, 1, 1, 2, 3, 3, 3, 9)
    events = sc.act("cast w1 zap dice=2 target=u2")
    thrown = first(events, "thrown")
    assert thrown.rule == "WH6-A8" and thrown.data["face"] == 9
    assert sc.doc["characters"]["w1"]["position"] == {"x": 51.0, "y": 20.0}
    assert sc.doc["characters"]["w1"]["base"] == 2.5


def test_WH6_11_2_a_wizard_thrown_out_of_his_unit_stands_alone() -> None:
    """WH6-11.2, WH6-X15: thrown 15 cm east from inside u1 he lands outside it and leaves it."""
    data = setup()
    troop(data, "w1").update({"in_unit": "u1", "x": 60, "y": 30})
    sc = make(data)
    sc.dice(1, 1, 1, 2, 5, 5, 5, 3)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "leaves_unit").data["unit"] == "u1"
    assert sc.doc["characters"]["w1"]["in_unit"] is None
    assert sc.doc["units"]["u1"]["characters"] == []


# ------------------------------------------------------------------------------ 4: free spell

def test_WH6_11_5_the_opponent_casts_a_spell_of_no_higher_difficulty_for_free() -> None:
    """WH6-11.5, WH6-A9: Red may cast Zap (7), Hex (6) or Shield (5), not Big zap (9)."""
    sc = make()
    events = miscast(sc, (2, 2))
    assert first(events, "escaped_energies").data == {"seat": 1, "max_difficulty": 7}
    assert top(sc) == {"kind": "FreeCast", "seat": 1, "max_difficulty": 7}
    assert sc.state.current_player == 1
    legal = sc.legal()
    assert "free e1 zap target=u1" in legal and "free e1 hex target=u1" in legal
    assert "free e1 shield" in legal and "free e3 spark target=w1" in legal
    assert "nofree" in legal and not any("big_zap" in a for a in legal)
    sc.illegal("free e1 big_zap target=u1", rule="WH6-11.5")
    events = sc.act("free e1 zap target=u1")
    assert first(events, "free_cast").rule == "WH6-11.5" and not rolls(events)
    assert sc.doc["characters"]["e1"]["attempted"] == ["zap"]


def test_WH6_11_6_the_active_player_dispels_it_with_power_dice() -> None:
    """WH6-11.6, WH6-A10: Blue rolls 2 of his 10 power dice and needs Zap's basic 7."""
    sc = make()
    miscast(sc, (2, 2))
    events = sc.act("free e1 zap target=u1")
    assert first(events, "spell_info").data == {"spell": "zap", "difficulty": 7}  # WH6-1.3
    assert first(events, "dispel_window").rule == "WH6-11.6"
    assert top(sc) == {"kind": "DispelWindow", "seat": 0, "pool": "power", "if_only": False}
    assert "dispel dice=10" in sc.legal() and "dispel dice=11" not in sc.legal()
    sc.dice(3, 4)
    events = sc.act("dispel dice=2")
    assert first(events, "dispelled").data["needed"] == 7
    assert sc.doc["pools"] == {"power": 8, "dispel": 6}
    assert top(sc)["kind"] == "Casting" and sc.state.current_player == 0


def test_WH6_A10_double_one_spoils_the_power_dice_dispel_too() -> None:
    """WH6-A10: the dispel doubles apply to power dice used to dispel."""
    sc = make()
    miscast(sc, (2, 2))
    sc.act("free e1 zap target=u1")
    sc.dice(1, 1, 6)
    events = sc.act("dispel dice=3")
    assert first(events, "dispel_fails").rule == "WH6-7.8"
    assert sc.doc["units"]["u1"]["models"] == 9


def test_WH6_11_6_a_dispel_scroll_also_stops_the_free_spell() -> None:
    """WH6-11.6, WH6-X9: Blue's scroll dispels the free spell automatically."""
    data = setup()
    troop(data, "w2")["items"] = ["dispel_scroll"]
    sc = make(data)
    miscast(sc, (2, 2))
    sc.act("free e1 zap target=u1")
    events = sc.act("scroll w2")
    assert first(events, "dispelled").rule == "WH6-X9"
    assert sc.doc["items"]["w2.dispel_scroll"]["uses_left"] == 0


def test_WH6_X17_the_free_spell_is_measured_from_its_caster() -> None:
    """WH6-X17, WH6-A9: e1 casts at w2, 78 cm from him: out of Zap's range."""
    sc = make()
    miscast(sc, (2, 2))
    sc.act("free e1 zap target=w2")
    events = sc.act("nodispel")
    assert first(events, "out_of_range").data["distance"] > 60
    assert not sc.doc["characters"]["w2"]["slain"]


def test_WH6_A9_only_wizards_able_to_cast_qualify() -> None:
    """WH6-A9: with Red's mages barred or fleeing, nothing can be cast for free."""
    data = setup()
    troop(data, "e1")["fleeing"] = True
    troop(data, "e3")["bans"] = [{"kind": "lost_control", "until_phase": 5}]
    sc = make(data)
    events = miscast(sc, (2, 2))
    assert first(events, "escaped_energies").rule == "WH6-A9"
    assert top(sc)["kind"] == "Casting"


def test_WH6_11_5_the_free_spell_may_be_declined() -> None:
    """WH6-11.5: "may" — Red declines and Blue goes on casting."""
    sc = make()
    miscast(sc, (2, 2))
    events = sc.act("nofree")
    assert first(events, "no_free_cast").rule == "WH6-11.5"
    assert top(sc)["kind"] == "Casting" and sc.state.current_player == 0


# ------------------------------------------------------------------------------ 5: knocked down

def test_WH6_11_7_knocked_down_no_casting_this_or_next_own_phase() -> None:
    """WH6-11.7, WH6-A14: barred in phases 0 and 2, free again in phase 4; the prone marker ends
    with the turn; bound items stay usable."""
    data = setup()
    troop(data, "w1")["items"] = ["ember_ring"]
    sc = make(data, turns=3)
    events = miscast(sc, (2, 3))
    assert first(events, "knocked_down").data["until_phase"] == 2
    assert sc.doc["characters"]["w1"]["prone_until_phase"] == 0
    sc.illegal("cast w1 big_zap dice=1 target=u2", rule="WH6-11.7")
    assert "bound w1 ember_ring target=u2" in sc.legal()
    blue_phase_again(sc)
    assert sc.doc["phase"] == 2 and sc.doc["characters"]["w1"]["prone_until_phase"] is None
    sc.illegal("cast w1 zap dice=1 target=u2", rule="WH6-11.7")
    blue_phase_again(sc)
    assert sc.doc["phase"] == 4 and "cast w1 zap dice=1 target=u2" in sc.legal()


# ------------------------------------------------------------------------------ 6-7: lost control

def test_WH6_11_8_lost_control_for_this_phase_only() -> None:
    """WH6-11.8: no more spells this phase (bound items allowed); next phase he casts."""
    data = setup()
    troop(data, "w1")["items"] = ["ember_ring"]
    sc = make(data)
    events = miscast(sc, (3, 4))
    assert first(events, "lost_control").rule == "WH6-11.8"
    sc.illegal("cast w1 big_zap dice=1 target=u2", rule="WH6-11.8")
    sc.act("bound w1 ember_ring target=u2")
    assert top(sc)["kind"] == "DispelWindow"
    sc.act("nodispel")
    blue_phase_again(sc)
    assert "cast w1 zap dice=1 target=u2" in sc.legal()


# ------------------------------------------------------------------------------ 8-9: vortex

def test_WH6_11_9_vortex_empties_the_pool_and_ends_casting() -> None:
    """WH6-11.9, WH6-A16: pool 0, sub-phase over, bound items refused; Red may still dispel
    Blue's older remains-in-play spell."""
    data = setup(in_play=[{"spell": "hex", "caster": "w1", "target": "u2"}])
    troop(data, "w1")["items"] = ["ember_ring"]
    sc = make(data)
    events = miscast(sc, (4, 5))
    assert first(events, "vortex").data["lost"] == 10
    assert sc.doc["pools"]["power"] == 0 and sc.doc["casting_open"] is False
    assert sc.doc["casting_closed_by"] == "vortex"
    assert top(sc) == {"kind": "RemainsDispel", "seat": 1, "pool": "dispel", "tried": []}
    sc.illegal("bound w1 ember_ring target=u2", rule="WH6-A16")
    sc.illegal("cast w2 zap dice=1 target=u2", rule="WH6-11.9")
    sc.dice(3, 4)
    events = sc.act("dispel dice=2 spell=r1")
    assert first(events, "spell_ends").rule == "WH6-X7" and sc.doc["in_play"] == []


# ------------------------------------------------------------------------------ 10: wound

def test_WH6_11_10_one_wound_without_armour_or_ward() -> None:
    """WH6-11.10: a 4+ armour and a 4+ ward are not rolled; the wound stands."""
    data = setup()
    troop(data, "w1").update({"armour": 4, "ward": 4})
    sc = make(data)
    events = miscast(sc, (4, 6))
    assert first(events, "direct_wounds").rule == "WH6-11.10"
    assert not [e for e in events if e.kind == "save"]
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 1


def test_WH6_11_10_regeneration_is_allowed() -> None:
    """WH6-11.10, WH6-X14: a regenerating wizard rolls 4+ and ignores the wound."""
    data = setup()
    troop(data, "w1").update({"armour": 4, "ward": 4, "regeneration": True})
    sc = make(data)
    sc.dice(1, 1, 4, 6, 5)
    events = sc.act("cast w1 zap dice=2 target=u2")
    saves = [e for e in events if e.kind == "save"]
    assert [s.data["save"] for s in saves] == ["Regeneration"] and saves[0].data["saved"] == 1
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 0


# ------------------------------------------------------------------------------ 11: drained

def test_WH6_11_11_one_level_lost_for_all_purposes_and_the_spell_for_the_battle() -> None:
    """WH6-11.11, WH6-A17: pools already made stay; max dice drops at once; the next pools
    use level 1; Zap is gone for good."""
    sc = make()
    events = miscast(sc, (5, 6))
    assert first(events, "drained").rule == "WH6-11.11"
    w1 = sc.doc["characters"]["w1"]
    assert w1["level"] == 1 and w1["spells_lost"] == ["zap"]
    assert sc.doc["pools"]["power"] == 10
    sc.illegal("cast w1 big_zap dice=3 target=u2", rule="WH6-1.6")
    assert "cast w1 big_zap dice=2 target=u2" in sc.legal()
    end_phase(sc)
    assert first(sc.events(kind="dispel_pool")[-1:], "dispel_pool").data["dice"] == 4
    end_phase(sc)
    assert sc.events(kind="power_pool")[-1].data["dice"] == 4  # 2 + w1:1 + w2:1
    sc.illegal("cast w1 zap dice=1 target=u2", rule="WH6-11.11")


def test_WH6_11_12_level_zero_never_casts_but_dispels_as_level_1() -> None:
    """WH6-11.12, WH6-A17: the adept drops to level 0, casts no more, and still adds one
    dispel die in Red's phase; no power die in Blue's next one."""
    sc = make()
    events = miscast(sc, (5, 6), wizard="w2")
    assert first(events, "level_zero").rule == "WH6-11.12"
    sc.illegal("cast w2 zap dice=1 target=u2", rule="WH6-11.12")
    end_phase(sc)
    assert sc.events(kind="dispel_pool")[-1].data["dice"] == 4  # 2 + w1 (1) + w2 (as level 1)
    end_phase(sc)
    assert sc.events(kind="power_pool")[-1].data["dice"] == 4  # 2 + w1:2 + w2:0


def test_WH6_A18_a_level_zero_wizard_keeps_his_bound_items() -> None:
    """WH6-A18: only casting spells is barred; the drained adept still uses his bound item."""
    data = setup()
    troop(data, "w2")["items"] = ["ember_ring"]
    sc = make(data)
    miscast(sc, (5, 6), wizard="w2")
    assert "bound w2 ember_ring target=u2" in sc.legal()


# ------------------------------------------------------------------------------ 12: daemonic

def test_WH6_11_13_daemonic_attack_the_spell_goes_off_and_the_wizard_is_finished() -> None:
    """WH6-11.13: the spell works as IF (no dispel window); the mage never casts again and
    generates no dice of either kind."""
    sc = make()
    events = miscast(sc, (6, 6))
    assert "dispel_window" not in kinds(events) and first(events, "daemonic").rule == "WH6-11.13"
    assert sc.doc["units"]["u2"]["models"] == 19
    w1 = sc.doc["characters"]["w1"]
    assert w1["generates_dice"] is False and w1["bans"][0]["kind"] == "daemonic"
    sc.illegal("cast w1 big_zap dice=1 target=u2", rule="WH6-11.13")
    end_phase(sc)
    assert sc.events(kind="dispel_pool")[-1].data["dice"] == 3  # 2 + w2 only
    end_phase(sc)
    assert sc.events(kind="power_pool")[-1].data["dice"] == 3  # 2 + w2:1


def test_WH6_11_13_the_daemonic_spell_is_irresistible_force_for_items_too() -> None:
    """WH6-11.13, WH6-5.5: a Dispel Scroll cannot stop the daemonic spell, but an item whose
    own text works against Irresistible Force can, as against any IF spell."""
    data = setup()
    data["items"] = [{"id": "null_rod", "name": "Null rod", "kind": "auto_dispel", "uses": 1,
                      "works_vs_if": True}]
    troop(data, "e1")["items"] = ["dispel_scroll"]
    troop(data, "e2")["items"] = ["null_rod"]
    sc = make(data)
    events = miscast(sc, (6, 6))
    assert first(events, "no_dispel").rule == "WH6-5.4" and "success" not in kinds(events)
    assert top(sc) == {"kind": "DispelWindow", "seat": 1, "pool": "dispel", "if_only": True}
    assert sc.legal() == ["scroll e2", "nodispel"]
    sc.illegal("scroll e1", rule="WH6-5.5")
    sc.illegal("dispel dice=2", rule="WH6-5.4")
    events = sc.act("scroll e2")
    assert first(events, "attempt_end").data["outcome"] == "dispelled"
    assert sc.doc["units"]["u2"]["models"] == 20
    assert sc.doc["characters"]["w1"]["bans"][0]["kind"] == "daemonic"
    sc = make(setup(items=data["items"]))
    miscast(sc, (6, 6))
    assert sc.doc["units"]["u2"]["models"] == 19 and top(sc)["kind"] == "Casting"


def test_WH6_11_13_a_daemon_struck_wizard_gives_not_even_his_own_extra_dice() -> None:
    """WH6-11.13, WH6-X3: the mage's own extra dispel die (`dispel_dice`) goes with the rest."""
    data = setup()
    troop(data, "w1")["dispel_dice"] = 1
    sc = make(data)
    miscast(sc, (6, 6))
    end_phase(sc)
    assert sc.events(kind="dispel_pool")[-1].data["dice"] == 3  # 2 + w2 only


def test_WH6_A18_a_daemon_struck_wizard_may_still_be_named_to_dispel() -> None:
    """WH6-A18: in Red's phase the ruined mage, with his Staff, makes Blue's dispel."""
    data = setup()
    troop(data, "w1")["items"] = ["staff_of_sorcery"]
    sc = make(data)
    miscast(sc, (6, 6))
    end_phase(sc)
    sc.dice(4, 4)
    sc.act("cast e1 zap dice=2 target=u1")
    assert "dispel dice=2 by=w1 items=w1.staff_of_sorcery" in sc.legal()
    sc.dice(3, 4)
    events = sc.act("dispel dice=2 by=w1 items=w1.staff_of_sorcery")
    assert first(events, "dispeller").rule == "WH6-A18"
    assert first(events, "dispelled").data["result"] == 8


def test_WH6_A19_the_daemonic_spell_still_needs_range() -> None:
    """WH6-A19: aimed at the far scouts, the daemonic spell has no effect."""
    sc = make()
    events = miscast(sc, (6, 6), target="u4")
    assert first(events, "out_of_range").rule == "WH6-A3"
    assert sc.doc["units"]["u4"]["models"] == 5
    assert "WH6-11.13" in rules(events)
