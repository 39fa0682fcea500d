"""The phase sequence and the rules from outside the seed (WH6-X1 to WH6-X16): dice pools,
remains-in-play spells, bound items, common items, wounds, and the score."""

from __future__ import annotations

import pytest
from wh6kit import add, end_phase, first, kinds, make, setup, top, troop

from grimorio.games.wh6_magic.game import Wh6Magic
from grimorio.games.wh6_magic.rules.wounds import to_wound


def test_WH6_X1_phase_order_pools_casting_remains_next_side() -> None:
    """WH6-X1: each phase generates both pools, then casting, then the other side's phase;
    after `turns` game turns the battle ends."""
    sc = make(setup(pools=None))
    assert kinds(sc.events())[:3] == ["phase", "power_pool", "dispel_pool"]
    assert sc.doc["stage"] == "casting" and top(sc) == {"kind": "Casting", "seat": 0}
    events = sc.act("end")
    assert kinds(events)[:4] == ["casting_ends", "phase", "power_pool", "dispel_pool"]
    assert sc.doc["active_side"] == 1 and sc.doc["turn"] == 1 and sc.state.current_player == 1
    sc.act("end")
    assert sc.doc["turn"] == 2 and sc.doc["active_side"] == 0
    sc.act("end", "end")
    assert sc.state.is_terminal() and sc.doc["stage"] == "over"
    assert sc.events(kind="game_over")


def test_WH6_X1_first_side_and_turns_are_options() -> None:
    """WH6-X1: `first` picks who opens, `turns` how long the battle lasts."""
    sc = make(setup(pools=None), first=1, turns=1)
    assert sc.doc["active_side"] == 1 and sc.doc["phases"] == 2
    sc.act("end", "end")
    assert sc.state.is_terminal()
    data = setup(pools=None, first=1)
    assert make(data).doc["active_side"] == 1


def test_WH6_X2_power_dice_two_plus_levels_of_able_wizards() -> None:
    """WH6-X2: 2 + 2 (w1) + 1 (w2); a fleeing or dead wizard adds nothing."""
    sc = make(setup(pools=None))
    assert sc.doc["pools"]["power"] == 5
    assert first(sc.events(), "power_pool").rule == "WH6-X2"
    data = setup(pools=None)
    troop(data, "w2")["fleeing"] = True
    troop(data, "w1")["wounds_lost"] = 2
    assert make(data).doc["pools"]["power"] == 2


def test_WH6_X3_dispel_dice_by_level_band_dwarfs_and_runesmiths() -> None:
    """WH6-X3: Red gets 2 + 1 (e1, level 2) + 1 (e3, level 1); a level 3 counts 2; a Dwarf
    army starts from 4; a Runesmith adds his own die."""
    sc = make(setup(pools=None))
    assert sc.doc["pools"]["dispel"] == 4
    data = setup(pools=None)
    troop(data, "e1")["level"] = 3
    data["sides"][1]["army"]["dwarf"] = True
    add(data, 1, "characters", {"id": "rs", "name": "Runesmith", "wounds": 2, "toughness": 4,
                                "points": 90, "x": 10, "y": 110, "dispel_dice": 1})
    sc = make(data)
    assert sc.doc["pools"]["dispel"] == 4 + 2 + 1 + 1
    assert first(sc.events(), "dispel_pool").data["dice"] == 8


def test_WH6_X4_unused_dice_do_not_carry_over() -> None:
    """WH6-X4: Blue ends with 12 unused dice; his next phase starts from 5 again."""
    sc = make()
    assert sc.doc["pools"]["power"] == 12
    end_phase(sc)
    assert sc.doc["pools"] == {"power": 5, "dispel": 4}  # Red: 2 + 2 + 1; Blue: 2 + 1 + 1
    end_phase(sc)
    assert sc.doc["pools"]["power"] == 5


# ------------------------------------------------------------------------------ remains in play

def test_WH6_X7_remains_in_play_until_dispelled_with_leftover_dice() -> None:
    """WH6-X7: Hex stays on u2 (toughness 3 → 2); Red cannot touch it in Blue's phase (cast this
    phase), but in his own phase uses leftover power dice against its casting value 6."""
    sc = make()
    sc.dice(3, 4)
    sc.act("cast w1 hex dice=2 target=u2", "nodispel")
    assert sc.doc["in_play"][0]["id"] == "r1" and sc.doc["in_play"][0]["remains_in_play"]
    assert sc.state.modifier("u2", "toughness") == -1  # type: ignore[attr-defined]
    events = sc.act("end")
    assert "RemainsDispel" not in [p["kind"] for p in sc.doc["pending"]]
    assert sc.doc["active_side"] == 1 and first(events, "phase")
    events = sc.act("end")
    assert top(sc) == {"kind": "RemainsDispel", "seat": 1, "pool": "power", "tried": []}
    assert "dispel dice=5 spell=r1" in sc.legal() and "done" in sc.legal()
    sc.dice(2, 4)
    events = sc.act("dispel dice=2 spell=r1")
    assert first(events, "dispelled").data["needed"] == 6
    assert sc.doc["in_play"] == [] and sc.state.modifier("u2", "toughness") == 0  # type: ignore
    sc.illegal("dispel dice=1 spell=r1", rule="WH6-X7")
    sc.act("done")
    assert sc.doc["active_side"] == 0


def test_WH6_X7_the_opponent_dispels_older_spells_after_casting() -> None:
    """WH6-X7: in Blue's next phase Red may spend leftover dispel dice on Blue's older Hex."""
    sc = make(setup(in_play=[{"spell": "hex", "caster": "w1", "target": "u2"}]))
    events = sc.act("end")
    assert top(sc) == {"kind": "RemainsDispel", "seat": 1, "pool": "dispel", "tried": []}
    sc.dice(1, 1)
    events = sc.act("dispel dice=2 spell=r1")
    assert first(events, "dispel_fails").rule == "WH6-7.8" and sc.doc["in_play"]
    assert top(sc)["tried"] == ["r1"] and sc.legal() == ["done"]
    sc.illegal("nodispel", rule="WH6-X7")


def test_WH6_X7_a_double_six_dispels_a_spell_in_play_whatever_its_value() -> None:
    """WH6-X7, WH6-7.9: the usual doubles apply in the remains-in-play step: 6 + 6 = 12 is
    short of Doom's casting value of 14, yet two 6s dispel it."""
    data = setup(in_play=[{"spell": "doom", "caster": "w1", "target": "u2"}])
    data["spells"].append({"id": "doom", "name": "Doom", "difficulty": 14, "range_cm": 60,
                           "target": "enemy_unit", "remains_in_play": True,
                           "effects": [{"modifier": {"stat": "toughness", "value": -1}}]})
    sc = make(data)
    sc.act("end")
    sc.dice(6, 6)
    verdict = first(sc.act("dispel dice=2 spell=r1"), "dispelled")
    assert verdict.rule == "WH6-7.9" and verdict.data["needed"] == 14
    assert sc.doc["in_play"] == []


def test_WH6_X7_a_spell_ends_when_its_caster_dies() -> None:
    """WH6-X7: Red's Hex on u1 ends when Red's mage is slain."""
    data = setup(in_play=[{"spell": "hex", "caster": "e1", "target": "u1"}])
    troop(data, "w1")["spells"].append("thunder")
    data["spells"].append({"id": "thunder", "name": "Thunder", "difficulty": 5,
                           "range_cm": 200, "target": "enemy_unit",
                           "effects": [{"wounds": {"count": 2, "armour_save": False}}]})
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 thunder dice=2 target=e1")
    events = sc.act("nodispel")
    assert first(events, "slain").data["target"] == "e1"
    assert first(events, "spell_ends").rule == "WH6-X7" and sc.doc["in_play"] == []


def test_WH6_X7_an_irresistible_remains_in_play_spell_can_be_dispelled_later() -> None:
    """WH6-X7: Hex cast with IF is still dispellable in Red's own phase."""
    sc = make()
    sc.dice(6, 6)
    sc.act("cast w1 hex dice=2 target=u2")
    end_phase(sc)
    sc.act("end")
    assert "dispel dice=1 spell=r1" in sc.legal()


def test_WH6_X7_a_timed_effect_in_a_scenario_lasts_until_its_casters_next_phase() -> None:
    """WH6-X7: Red's Shield, set up as already cast, protects Red's mage through Blue's phase
    and lapses as Red's own phase begins; Blue's Shield lapses at once, as Blue's phase opens."""
    sc = make(setup(in_play=[{"spell": "shield", "caster": "e1"},
                             {"spell": "shield", "caster": "w1"}]))
    assert [(e["caster"], e["expires_phase"]) for e in sc.doc["in_play"]] == [("e1", 1)]
    assert sc.state.granted_ward("e1") == 5  # type: ignore[attr-defined]
    assert sc.state.granted_ward("w1") is None  # type: ignore[attr-defined]
    events = sc.act("end")
    assert first(events, "spell_ends").data == {"effect": "r1"} and sc.doc["in_play"] == []
    assert sc.doc["active_side"] == 1


# ------------------------------------------------------------------------------ bound items

def test_WH6_X8_bound_items_cast_at_their_power_level_once_per_phase() -> None:
    """WH6-X8: no power dice, no casting roll; Red needs 4 (the power level) to dispel; the
    ring cannot be used twice in the phase."""
    data = setup()
    troop(data, "w2")["items"] = ["ember_ring"]
    sc = make(data)
    events = sc.act("bound w2 ember_ring target=u2")
    assert first(events, "bound").data["power"] == 4 and "roll" not in kinds(events)
    assert first(events, "spell_info").data == {"spell": "fireball", "difficulty": 5}
    assert first(events, "dispel_window").data["needed"] == 4
    assert sc.doc["pools"]["power"] == 12
    sc.dice(2, 2)
    assert first(sc.act("dispel dice=2"), "dispelled").data["result"] == 4
    sc.illegal("bound w2 ember_ring target=u2", rule="WH6-X8")
    end_phase(sc)
    end_phase(sc)
    assert "bound w2 ember_ring target=u2" in sc.legal()


def test_WH6_X8_non_wizards_may_use_bound_items_but_not_when_fleeing() -> None:
    """WH6-X8: a one-use rod carried by a unit works once; a fleeing bearer cannot use it."""
    data = setup()
    troop(data, "u1")["items"] = ["storm_rod"]
    sc = make(data)
    sc.act("bound u1 storm_rod target=u2")
    sc.dice(5, 5, 5)  # three to-wound rolls for Forked Lightning's 3 hits
    sc.act("nodispel")
    assert sc.doc["items"]["u1.storm_rod"]["uses_left"] == 0
    assert sc.doc["units"]["u2"]["models"] == 17
    troop(data, "u1")["fleeing"] = True
    sc = make(data)
    sc.illegal("bound u1 storm_rod target=u2", rule="WH6-X8")


def test_WH6_X9_a_dispel_scroll_is_used_once() -> None:
    """WH6-X9: the scroll dispels without a roll and is then spent."""
    data = setup()
    troop(data, "e1")["items"] = ["dispel_scroll"]
    sc = make(data)
    sc.dice(6, 5, 4)
    sc.act("cast w1 big_zap dice=3 target=u2")
    events = sc.act("scroll e1")
    assert first(events, "dispelled").rule == "WH6-X9" and "roll" not in kinds(events)
    assert sc.doc["items"]["e1.dispel_scroll"]["uses_left"] == 0
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2")
    assert not any(a.startswith("scroll") for a in sc.legal())
    sc.illegal("scroll e1", rule="WH6-X9")


def test_WH6_X11_fleeing_wizards_do_not_cast_engaged_ones_do() -> None:
    """WH6-X11: a fleeing mage is refused; a mage in an engaged unit casts at a free target."""
    data = setup()
    troop(data, "w2")["fleeing"] = True
    troop(data, "u1")["engaged"] = True
    troop(data, "w1")["in_unit"] = "u1"
    sc = make(data)
    sc.illegal("cast w2 zap dice=1 target=u2", rule="WH6-X11")
    assert "cast w1 zap dice=2 target=u2" in sc.legal()


# ------------------------------------------------------------------------------ wounds

@pytest.mark.parametrize("strength,toughness,needed", [
    (5, 3, 2), (10, 4, 2), (4, 3, 3), (3, 3, 4), (3, 4, 5), (3, 5, 6), (3, 6, 6), (2, 6, None)])
def test_WH6_X14_the_wound_table(strength: int, toughness: int, needed: int | None) -> None:
    """WH6-X14: S ≥ T+2: 2+; T+1: 3+; T: 4+; T−1: 5+; T−2 or T−3: 6+; T−4: no wound."""
    assert to_wound(strength, toughness) == needed


def test_WH6_X14_hits_wound_then_armour_worsened_by_strength_then_ward() -> None:
    """WH6-X14: three S4 hits on T4 with 5+ armour: 4+ to wound, armour needs 6+, then a 5+
    ward."""
    data = setup()
    data["spells"].append({"id": "bolt", "name": "Bolt", "difficulty": 5, "range_cm": 60,
                           "target": "enemy_unit",
                           "effects": [{"hits": {"count": 3, "strength": 4}}]})
    troop(data, "w1")["spells"].append("bolt")
    troop(data, "u2").update({"toughness": 4, "armour": 5, "ward": 5})
    sc = make(data)
    sc.dice(3, 3)
    sc.act("cast w1 bolt dice=2 target=u2")
    sc.dice(3, 4, 6, 6, 5, 5)  # to wound 3,4,6 → 2 wounds; armour 6 saves one; ward 5 saves it
    events = sc.act("nodispel")
    wound_roll = first(events, "wound_roll")
    assert wound_roll.data["needed"] == 4 and wound_roll.data["wounds"] == 2
    saves = [(e.data["save"], e.data["needed"], e.data["saved"]) for e in events
             if e.kind == "save"]
    assert saves == [("armour save", 6, 1), ("ward save", 5, 1)]
    assert sc.doc["units"]["u2"]["models"] == 20


def test_WH6_X14_regeneration_is_rolled_after_armour_and_ward() -> None:
    """WH6-X14: three S3 hits on T3, all wound; armour 5+ stops one, the ward 5+ one more, and
    Regeneration (4+) is rolled last, for the one wound still standing."""
    data = setup()
    data["spells"].append({"id": "sting", "name": "Sting", "difficulty": 5, "range_cm": 60,
                           "target": "enemy_unit",
                           "effects": [{"hits": {"count": 3, "strength": 3}}]})
    troop(data, "w1")["spells"].append("sting")
    troop(data, "u2").update({"armour": 5, "ward": 5, "regeneration": True})
    sc = make(data)
    sc.dice(3, 3)
    sc.act("cast w1 sting dice=2 target=u2")
    sc.dice(4, 5, 6, 5, 1, 1, 5, 2, 4)
    events = sc.act("nodispel")
    saves = [(e.data["save"], e.data["needed"], e.data["dice"], e.data["left"]) for e in events
             if e.kind == "save"]
    assert saves == [("armour save", 5, [5, 1, 1], 2), ("ward save", 5, [5, 2], 1),
                     ("Regeneration", 4, [4], 0)]
    assert sc.doc["units"]["u2"]["models"] == 20


def test_WH6_X14_multi_wound_models_and_healing() -> None:
    """WH6-X14: wounds pile on one model before it is removed; Mend restores them."""
    data = setup()
    troop(data, "u1").update({"wounds": 3, "models": 3, "models_left": 2, "damage": 1})
    sc = make(data)
    assert sc.doc["score"][1] == pytest.approx(13.33)
    sc.dice(3, 3)
    sc.act("cast w1 mend dice=2 target=u1")
    events = sc.act("nodispel")
    assert first(events, "healed").data["wounds"] == 2
    assert sc.doc["units"]["u1"]["models"] == 3 and sc.doc["units"]["u1"]["damage"] == 2
    assert sc.doc["score"][1] == pytest.approx(6.67)


def test_WH6_X14_lasting_ward_from_a_self_spell() -> None:
    """WH6-X14, WH6-9.2: Shield's 5+ ward is rolled against the Strength 10 hit of a later
    explosion, and saves the mage."""
    sc = make()
    sc.dice(3, 3)
    sc.act("cast w1 shield dice=2", "nodispel")
    assert sc.state.granted_ward("w1") == 5  # type: ignore[attr-defined]
    sc.dice(1, 1, 1, 1, 4, 5)  # miscast; table 2 (explosion); to wound 4; ward 5
    events = sc.act("cast w1 zap dice=2 target=u2")
    ward = first(events, "save")
    assert ward.data["save"] == "ward save" and ward.data["saved"] == 1
    assert sc.doc["characters"]["w1"]["wounds_lost"] == 0


# ------------------------------------------------------------------------------ score

def test_score_is_the_points_value_of_enemy_losses() -> None:
    """Scoring: a model of u2 (5 points) and one of e2's two wounds (60 points) give Blue
    5 + 30 victory points; the returns go to the higher score at the end."""
    data = setup()
    troop(data, "e2").update({"x": 60, "y": 70})
    sc = make(data, turns=1)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2", "nodispel")
    sc.dice(5, 5)
    sc.act("cast w1 big_zap dice=2 target=e2", "nodispel")
    assert sc.doc["score"] == [35.0, 0.0] and sc.doc["sides"][0]["score"] == 35.0
    assert sc.state.returns() == [0.0, 0.0]
    end_phase(sc)
    end_phase(sc)
    assert sc.state.is_terminal() and sc.state.returns() == [1.0, -1.0]


def test_score_tie_gives_zero_to_both() -> None:
    """Scoring: nothing happened, so both returns are 0."""
    sc = make(turns=1)
    sc.act("end", "end")
    assert sc.state.returns() == [0.0, 0.0]


def test_WH6_X16_no_dynamic_magic_variant() -> None:
    """WH6-X16, WH6-A23: the options hold no Dynamic Magic switch."""
    assert set(Wh6Magic.options_spec) == {"scenario", "turns", "first", "dispel_stacking"}
    assert not any("dynamic" in spec.help.lower() for spec in Wh6Magic.options_spec.values())
