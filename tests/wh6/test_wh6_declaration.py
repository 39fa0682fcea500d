"""Declaring an attempt (WH6 §1), targets (WH6 §2) and range (WH6 §3)."""

from __future__ import annotations

import json

from wh6kit import add, end_phase, first, kinds, make, setup, top, troop

from grimorio.core.state import view


def test_WH6_1_1_only_the_active_player_casts() -> None:
    """WH6-1.1: in Blue's phase a Red wizard may not cast, and only Blue is asked to act."""
    sc = make()
    assert sc.state.current_player == 0 and sc.doc["active_side"] == 0
    sc.illegal("cast e1 zap dice=1 target=u1", rule="WH6-1.1")
    sc.illegal("free e1 zap target=u1", rule="WH6-1.1")
    assert all(not a.startswith("cast e") for a in sc.legal())


def test_WH6_1_2_declaration_names_wizard_spell_dice_target_before_rolling() -> None:
    """WH6-1.2: the declaration event carries all four choices and comes before the dice."""
    sc = make()
    sc.dice(3, 4)
    events = sc.act("cast w1 zap dice=2 target=u2")
    declare = first(events, "declare")
    assert declare.rule == "WH6-1.2"
    assert declare.data == {"wizard": "w1", "spell": "zap", "target": "u2", "dice": 2}
    assert kinds(events).index("declare") < kinds(events).index("roll")
    assert sc.doc["attempt"]["power_dice"] == 2 and sc.doc["attempt"]["dice"] == [3, 4]
    # Once rolled, nothing can be added: no new declaration while the dispel is pending.
    sc.illegal("cast w1 big_zap dice=1 target=u2", rule="WH6-7.1")


def test_WH6_1_3_opponent_is_told_target_effects_and_difficulty() -> None:
    """WH6-1.3, WH6-A24: the spell's difficulty, range and effects are announced with the target."""
    sc = make()
    sc.dice(3, 4)
    info = first(sc.act("cast w1 zap dice=2 target=u2"), "spell_info")
    assert info.rule == "WH6-1.3" and info.data["difficulty"] == 7
    assert "difficulty 7" in info.text.en and "range 60 cm" in info.text.en
    assert "1 wounds" in info.text.en and "dificultad 7" in info.text.es


def test_WH6_1_4_each_spell_once_per_phase_whatever_the_outcome() -> None:
    """WH6-1.4: a failed attempt uses up the spell for the phase; the next phase it is back."""
    sc = make()
    sc.dice(1, 2)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert first(events, "attempt_end").data["outcome"] == "failed"
    assert sc.doc["characters"]["w1"]["attempted"] == ["zap"]
    sc.illegal("cast w1 zap dice=1 target=u2", rule="WH6-1.4")
    end_phase(sc)
    end_phase(sc)  # Red's phase
    assert sc.doc["active_side"] == 0 and sc.doc["characters"]["w1"]["attempted"] == []
    assert "cast w1 zap dice=1 target=u2" in sc.legal()


def test_WH6_1_5_the_limit_is_per_wizard() -> None:
    """WH6-1.5: w2 may try Zap after w1 already cast it this phase."""
    sc = make()
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2", "nodispel")
    assert "cast w2 zap dice=1 target=u2" in sc.legal()
    sc.dice(6, 1)
    events = sc.act("cast w2 zap dice=2 target=u2")
    assert first(events, "declare").data["wizard"] == "w2"


def test_WH6_1_6_dice_between_one_and_level_plus_one() -> None:
    """WH6-1.6: a level 2 wizard uses 1 to 3 dice; a level 1 wizard 1 to 2."""
    sc = make()
    sc.illegal("cast w1 zap dice=4 target=u2", rule="WH6-1.6")
    sc.illegal("cast w1 zap dice=0 target=u2", rule="WH6-1.6")
    sc.illegal("cast w2 zap dice=3 target=u2", rule="WH6-1.6")
    dice = {a.split("dice=")[1].split()[0] for a in sc.legal() if a.startswith("cast w1 zap")}
    assert dice == {"1", "2", "3"}


def test_WH6_1_7_no_more_dice_than_the_pool_holds() -> None:
    """WH6-1.7: with 2 power dice left, a 3-dice declaration is refused."""
    sc = make(setup(pools={"power": 2, "dispel": 2}))
    exc = sc.illegal("cast w1 zap dice=3 target=u2", rule="WH6-1.7")
    assert "2" in exc.message("en")
    assert not any("dice=3" in a for a in sc.legal())


def test_WH6_2_1_the_target_is_named_before_rolling() -> None:
    """WH6-2.1: a spell aimed at a unit needs a target, and it must exist."""
    sc = make()
    sc.illegal("cast w1 zap dice=2", rule="WH6-2.1")
    sc.illegal("cast w1 zap dice=2 target=nobody", rule="WH6-2.1")
    assert sc.doc["pools"]["power"] == 12


def test_WH6_2_2_the_spell_defines_the_kind_of_target() -> None:
    """WH6-2.2: enemy spells on enemies, friendly spells on friends, self spells on nobody,
    point spells on a point of the table."""
    data = setup()
    data["spells"].append({"id": "star", "name": "Star", "difficulty": 8, "range_cm": 90,
                           "target": "point",
                           "effects": [{"hits": {"count": 1, "strength": 3, "area": 5}}]})
    troop(data, "w1")["spells"].append("star")
    sc = make(data)
    sc.illegal("cast w1 zap dice=2 target=u1", rule="WH6-2.2")
    sc.illegal("cast w1 mend dice=2 target=u2", rule="WH6-2.2")
    sc.illegal("cast w1 shield dice=2 target=w1", rule="WH6-2.2")
    sc.illegal("cast w1 star dice=2 target=500,500", rule="WH6-2.2")
    sc.illegal("cast w1 star dice=2 target=u2", rule="WH6-2.2")
    sc.illegal("cast w1 zap dice=2 target=60,60", rule="WH6-2.2")
    legal = sc.legal()
    assert "cast w1 shield dice=2" in legal and "cast w1 mend dice=2 target=u1" in legal
    assert "cast w1 star dice=2 target=60,60" in legal


def test_WH6_2_3_a_spell_may_reach_more_units_than_its_target() -> None:
    """WH6-2.3: an area effect also hits a unit standing within its radius of the target."""
    data = setup()
    data["spells"].append({"id": "nova", "name": "Nova", "difficulty": 5, "range_cm": 60,
                           "target": "enemy_unit",
                           "effects": [{"hits": {"count": 1, "strength": 3, "area": 10}}]})
    troop(data, "w1")["spells"].append("nova")
    add(data, 1, "units", {"id": "u5", "name": "Red pack", "models": 5, "toughness": 3,
                           "points": 5, "width": 10, "depth": 5, "x": 75, "y": 60})
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 nova dice=2 target=u2")
    sc.dice(5, 5)  # one to-wound roll per unit hit
    events = sc.act("nodispel")
    area = first(events, "area")
    assert area.rule == "WH6-2.3" and area.data["refs"] == ["u2", "u5"]
    assert sc.doc["units"]["u2"]["models"] == 19 and sc.doc["units"]["u5"]["models"] == 4


def test_WH6_2_4_engaged_units_cannot_be_targeted() -> None:
    """WH6-2.4: u3 is engaged; only a spell that allows it, or a self spell, is possible."""
    data = setup()
    troop(data, "u1")["engaged"] = True
    troop(data, "w1").update({"in_unit": "u1"})
    sc = make(data)
    sc.illegal("cast w1 zap dice=2 target=u3", rule="WH6-2.4")
    legal = sc.legal()
    assert "cast w1 brawl dice=2 target=u3" in legal
    assert "cast w1 shield dice=1" in legal  # his own unit is engaged: self spells still work
    assert not any("target=u3" in a for a in legal if "brawl" not in a)


def test_WH6_2_5_lone_characters_and_single_models_count_as_units() -> None:
    """WH6-2.5: the lone Red captain and a one-model monster are legal unit targets."""
    data = setup()
    add(data, 1, "units", {"id": "g1", "name": "Giant", "models": 1, "wounds": 6,
                           "toughness": 5, "points": 200, "width": 5, "depth": 5, "x": 40,
                           "y": 50})
    sc = make(data)
    legal = sc.legal()
    assert "cast w1 zap dice=2 target=e2" in legal and "cast w1 zap dice=2 target=g1" in legal
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=g1", "nodispel")
    assert sc.doc["units"]["g1"]["damage"] == 1 and sc.doc["units"]["g1"]["models"] == 1


def test_WH6_2_6_characters_in_units_only_if_the_spell_allows() -> None:
    """WH6-2.6: e3 is inside u2; Zap cannot pick him out, Pick can."""
    sc = make()
    exc = sc.illegal("cast w1 zap dice=2 target=e3", rule="WH6-2.6")
    assert "inside a unit" in exc.message("en") and "integrado" in exc.message("es")
    assert "cast w1 pick dice=2 target=e3" in sc.legal()
    sc.dice(4, 4)
    sc.act("cast w1 pick dice=2 target=e3", "nodispel")
    assert sc.doc["characters"]["e3"]["slain"] is True
    assert sc.doc["units"]["u2"]["models"] == 20


def test_WH6_3_1_range_is_measured_only_after_the_dispel_decision() -> None:
    """WH6-3.1: no measurement at declaration nor while the opponent decides; then it is."""
    sc = make()
    sc.dice(4, 4)
    events = sc.act("cast w1 zap dice=2 target=u2")
    assert "range" not in kinds(events) and top(sc)["kind"] == "DispelWindow"
    events = sc.act("nodispel")
    measure = first(events, "range")
    assert measure.rule == "WH6-3.1" and measure.data["distance"] == 36.5
    assert kinds(events).index("range") < kinds(events).index("casualties")


def test_WH6_3_2_the_views_carry_no_distance_before_the_dispel() -> None:
    """WH6-3.2: while Red decides on dispelling, no view shows a caster-to-target distance."""
    sc = make()
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u4")
    for seat in (None, 0, 1):
        text = json.dumps(view(sc.state, seat))
        assert "distance" not in text and '"range"' not in text
    assert not sc.events(kind="range")


def test_WH6_3_2_legal_actions_and_the_log_do_not_depend_on_range() -> None:
    """WH6-3.2: with the scouts in range or far beyond it, the casting list, the dispel list
    and every event up to the dispel decision are the same: nothing hints at the distance."""
    near = setup()
    troop(near, "u4").update({"x": 60, "y": 70})
    logs = []
    for data in (setup(), near):
        sc = make(data)
        casting = sc.legal()
        sc.dice(4, 4)
        sc.act("cast w1 zap dice=2 target=u4")
        logs.append((casting, sc.legal(), [(e.kind, e.rule, e.text.en, e.text.es, e.data)
                                           for e in sc.events()]))
    assert logs[0] == logs[1]
    assert "cast w1 zap dice=2 target=u4" in logs[0][0]


def test_WH6_3_3_out_of_range_means_no_effect_but_dice_and_attempt_spent() -> None:
    """WH6-3.3, WH6-A3: u4 is far beyond 60 cm: the cast spell does nothing."""
    sc = make()
    sc.dice(5, 5)
    sc.act("cast w1 zap dice=2 target=u4")
    events = sc.act("nodispel")
    out = first(events, "out_of_range")
    assert out.rule == "WH6-A3" and out.data["distance"] > 60
    assert first(events, "attempt_end").data["outcome"] == "no_effect"
    assert sc.doc["units"]["u4"]["models"] == 5
    assert sc.doc["pools"]["power"] == 10 and "zap" in sc.doc["characters"]["w1"]["attempted"]


def test_WH6_X15_range_runs_between_the_closest_points_of_the_bases() -> None:
    """WH6-X15: a unit whose near edge is 59.5 cm from the mage's base is in range (60 cm)."""
    data = setup()
    troop(data, "u4").update({"x": 60, "y": 83})  # near edge at y = 80.5; base edge at y = 21
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u4")
    measure = first(sc.act("nodispel"), "range")
    assert measure.data["distance"] == 59.5 and sc.doc["units"]["u4"]["models"] == 4


def test_WH6_X15_range_is_compared_exactly_not_after_rounding() -> None:
    """WH6-X15, WH6-A3: a near edge 60.04 cm from the mage's base is beyond a 60 cm range, even
    though it rounds to 60.0."""
    data = setup()
    troop(data, "u4").update({"x": 60, "y": 83.54})
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u4")
    events = sc.act("nodispel")
    assert first(events, "range").data["distance"] == 60.04
    assert first(events, "out_of_range").rule == "WH6-A3"
    assert sc.doc["units"]["u4"]["models"] == 5
