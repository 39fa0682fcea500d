"""Ranged combat: who may shoot, lines of fire, targets, one roll for several targets, terrain
and height modifiers, the dispute die (MK-6.5, MK-6.7, MK-8.1 to MK-8.13, MK-15.8 to MK-15.10,
MK-16.5, MK-24.3)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight.rules import combat
from tests.mage_knight.mkkit import act, events, illegal, mk_state, w

ARCHER = 97      # Noble Archer (weak): range 12, two arrows, attack 7, defense 14, damage 1
FUSER = 91       # Dwarven Fuser (weak): defense 16, Magic Immunity
BOOMER = 89      # Black Powder Boomer (standard): defense 15 with Battle Armor
CROSSBOW = 3     # Utem Crossbowman (tough): range 10, attack 8, defense 15, damage 1
GUARD = 5        # Utem Guardsman (standard): range 0, attack 8, defense 15, damage 3
DRACO = 158      # Magus Draconum: range 12, two arrows, attack 12, damage 4
ALTEM = 58       # Altem Guardsman (weak): Berserk on click 6, range 6


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def hit_events(st: Any) -> dict[str, Any]:
    return {e.data["target"]: e.data for e in events(st) if e.kind in ("hit", "miss")}


# ------------------------------------------------------------------------------ the seed example

def test_MK_8_13_the_seed_example_arithmetic() -> None:
    """MK-8.13, MK-8.10, MK-8.6, MK-8.11: the Arquero Noble (attack 7, two arrows) rolls a
    natural 8: a single total of 15 misses the Enano Espoleta (defense 16) and hits a defense-15
    figure for 1 click. The defense-15 figure here is a Utem Crossbowman: the shipped
    Retumbador shows Battle Armor on that click (next test, MK-A51)."""
    st = duel([ARCHER], [FUSER, CROSSBOW], {
        "a1": {"at": [10, 5], "facing": 90},
        "b1": {"at": [8, 12], "facing": 270}, "b2": {"at": [12, 12], "facing": 270}})
    st.script_dice([4, 4])
    log = act(st, "shoot a1 at b1,b2")
    assert [e.data["dice"] for e in log if e.kind == "roll"] == [[4, 4]]
    seen = hit_events(st)
    assert (seen["b1"]["total"], seen["b1"]["defense"], seen["b1"]["hit"]) == (15, 16, False)
    assert (seen["b2"]["total"], seen["b2"]["defense"], seen["b2"]["hit"]) == (15, 15, True)
    assert (w(st, "b1").click, w(st, "b2").click) == (0, 1)


def test_MK_8_13_MK_A51_the_real_retumbador_wears_battle_armor() -> None:
    """MK-8.13, MK-A51, MK-20.1: with the real figures the Retumbador de la Pólvora (defense
    15) shows Battle Armor, so it opposes 17 to the archer and the seed's roll misses it; a
    natural 10 (total 17) hits both, each for 1 click."""
    spots = {"a1": {"at": [10, 5], "facing": 90},
             "b1": {"at": [8, 12], "facing": 270}, "b2": {"at": [12, 12], "facing": 270}}
    st = duel([ARCHER], [FUSER, BOOMER], spots)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1,b2")
    seen = hit_events(st)
    assert seen["b2"]["defense"] == 17 and not seen["b2"]["hit"]
    assert [15, "MK-1.2"] in seen["b2"]["parts"] and [2, "MK-20.1"] in seen["b2"]["parts"]
    st = duel([ARCHER], [FUSER, BOOMER], spots)
    st.script_dice([5, 5])
    act(st, "shoot a1 at b1,b2")
    assert (w(st, "b1").click, w(st, "b2").click) == (1, 1)


def test_MK_8_11_several_targets_take_one_click_each_not_the_damage_value() -> None:
    """MK-8.11, MK-8.8, MK-8.10, MK-A53: the Magus Draconum (damage 4) shooting two figures deals 1
    click to each one hit; alone against one target it deals its damage value."""
    spots = {"a1": {"at": [10, 5], "facing": 90},
             "b1": {"at": [8, 12], "facing": 270}, "b2": {"at": [12, 12], "facing": 270}}
    st = duel([DRACO], [GUARD, GUARD], spots)
    st.script_dice([3, 3])
    act(st, "shoot a1 at b1,b2")
    assert (w(st, "b1").click, w(st, "b2").click) == (1, 1)
    st = duel([DRACO], [GUARD, GUARD], spots)
    st.script_dice([3, 3])
    act(st, "shoot a1 at b1")
    assert (w(st, "b1").click, w(st, "b2").click) == (4, 0)


# ------------------------------------------------------------------------------ who may shoot

def test_MK_8_1_range_zero_and_touching_enemies_bar_ranged_combat() -> None:
    """MK-8.1: a warrior with range 0 cannot shoot; nor can one an opposing figure touches."""
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 5], "facing": 90},
                                 "b1": {"at": [10, 12], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-8.1")
    st = duel([CROSSBOW], [GUARD, GUARD], {
        "a1": {"at": [10, 5], "facing": 90}, "b1": {"at": [10, 6.25], "facing": 270},
        "b2": {"at": [13, 12], "facing": 270}})
    illegal(st, "shoot a1 at b2", "MK-8.1")


def test_MK_8_1_controllers_berserk_and_demoralized_warriors_never_shoot() -> None:
    """MK-8.1, MK-12.9, MK-18.2, MK-18.5: a controller, a Berserk warrior and a Demoralized
    one are refused ranged actions."""
    st = duel([CROSSBOW], [GUARD, GUARD], {
        "a1": {"at": [10, 5], "facing": 90, "captive": "b1"},
        "b1": {"at": [10, 3.75], "facing": 90}, "b2": {"at": [10, 12], "facing": 270}})
    illegal(st, "shoot a1 at b2", "MK-12.9")
    st = duel([ALTEM], [GUARD], {"a1": {"at": [10, 5], "facing": 90, "click": 6},
                                 "b1": {"at": [10, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-18.2")
    st = duel([CROSSBOW, GUARD], [GUARD], {"a1": {"at": [10, 5], "facing": 90, "click": 4},
                                           "a2": {"at": [30, 5], "facing": 90},
                                           "b1": {"at": [10, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-18.5")


# ------------------------------------------------------------------------------ range, arc, LOF

def test_MK_8_3_MK_G9_range_exactly_equal_is_in_range() -> None:
    """MK-8.3, MK-G9: the crossbow (range 10) reaches a target exactly 10 in away, not one
    10.01 in away."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 12], "facing": 270}})
    assert combat.check(st, 0, _cmd("shoot a1 at b1")) is None
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 12.01], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-8.3")


def test_MK_6_5_MK_G10_MK_A2_only_towards_the_front_arc_border_included() -> None:
    """MK-6.5, MK-8.3, MK-G10, MK-A2: a target outside the front arc (90° wide) cannot be
    shot; one exactly on its border (45° off the facing) can."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 0},
                                    "b1": {"at": [10, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-6.5")
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 0},
                                    "b1": {"at": [15, 7], "facing": 270}})
    assert combat.check(st, 0, _cmd("shoot a1 at b1")) is None


def test_MK_8_4_MK_G8_any_base_between_blocks_a_graze_does_not() -> None:
    """MK-8.4, MK-G8, MK-8.2: a friend's base on the line of fire blocks it; a base whose
    centre is exactly one radius from the line (inside the tolerance band) does not."""
    st = duel([CROSSBOW, GUARD], [GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10, 6], "facing": 90},
        "b1": {"at": [10, 10], "facing": 270}})
    illegal(st, "shoot a1 at b1", "MK-8.4")
    st = duel([CROSSBOW, GUARD], [GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10.625, 6], "facing": 90},
        "b1": {"at": [10, 10], "facing": 270}})
    assert combat.check(st, 0, _cmd("shoot a1 at b1")) is None


def test_MK_8_5_no_shot_at_an_enemy_a_friend_touches() -> None:
    """MK-8.5: a figure friendly to the shooter touching the target forbids the shot."""
    st = duel([CROSSBOW, GUARD], [GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10, 11.25], "facing": 270},
        "b1": {"at": [10, 10], "facing": 90}})
    illegal(st, "shoot a1 at b1", "MK-8.5")


def test_MK_6_7_MK_11_1_MK_11_2_MK_12_10_forbidden_targets() -> None:
    """MK-6.7, MK-11.1, MK-11.2, MK-12.10, MK-A46: not itself, not a friend, never a captive,
    and never a controller with a ranged attack."""
    st = duel([CROSSBOW, GUARD, GUARD], [GUARD, GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [14, 8], "facing": 90},
        "a3": {"at": [20, 11.25], "facing": 270},
        "b1": {"at": [20, 10], "facing": 90, "captive": "a3"},
        "b2": {"at": [14, 9.25], "facing": 270}})
    illegal(st, "shoot a1 at a1", "MK-6.7")
    illegal(st, "shoot a1 at a2", "MK-11.1")
    illegal(st, "shoot a1 at a3", "MK-11.2")
    illegal(st, "shoot a1 at b1", "MK-12.10")


# ------------------------------------------------------------------------------ targets and dice

def test_MK_8_6_MK_8_7_a_total_equal_to_the_defense_hits_for_the_damage_value() -> None:
    """MK-8.6, MK-8.7: attack 8 + 7 = 15 against defense 15 hits for the damage value (1);
    a total of 14 misses."""
    spots = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 9], "facing": 270}}
    st = duel([CROSSBOW], [GUARD], spots)
    st.script_dice([3, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1
    st = duel([CROSSBOW], [GUARD], spots)
    st.script_dice([3, 3])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 0


def test_MK_8_8_arrows_cap_the_targets_and_none_is_named_twice() -> None:
    """MK-8.8: two arrows allow two targets, not three; a figure may not be named twice."""
    st = duel([ARCHER], [GUARD, GUARD, GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [8, 9], "facing": 270},
        "b2": {"at": [10, 9], "facing": 270}, "b3": {"at": [12, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1,b2,b3", "MK-8.8")
    illegal(st, "shoot a1 at b1,b1", "MK-8.8")
    assert combat.check(st, 0, _cmd("shoot a1 at b1,b3")) is None


def test_MK_8_9_MK_8_10_one_roll_is_compared_with_each_target() -> None:
    """MK-8.9, MK-8.10: the targets are declared first and a single 2d6 decides every one."""
    st = duel([ARCHER], [GUARD, FUSER], {
        "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [8, 9], "facing": 270},
        "b2": {"at": [12, 9], "facing": 270}})
    st.script_dice([4, 4])
    log = act(st, "shoot a1 at b1,b2")
    assert sum(1 for e in log if e.kind == "roll") == 1
    seen = hit_events(st)
    assert seen["b1"]["hit"] and not seen["b2"]["hit"]


# ------------------------------------------------------------------------------ terrain, height

HILL = {"kind": "elevated", "outline": [[6, 8], [14, 8], [14, 14], [6, 14]]}


def test_MK_15_8_MK_A38_height_advantage_adds_one_against_an_elevated_target() -> None:
    """MK-15.8, MK-A38: a target on a hill shot by a shooter on the ground defends at +1;
    a shooter on the hill gets no such penalty against a target below."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 11], "facing": 270}}, terrain=[HILL])
    st.script_dice([4, 3])
    act(st, "shoot a1 at b1")
    seen = hit_events(st)["b1"]
    assert (seen["defense"], seen["hit"]) == (16, False)
    assert [1, "MK-15.8"] in seen["parts"]
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 11], "facing": 270},
                                    "b1": {"at": [10, 4], "facing": 90}}, terrain=[HILL])
    st.script_dice([4, 3])
    act(st, "shoot a1 at b1")
    assert hit_events(st)["b1"]["defense"] == 15


def test_MK_15_9_MK_14_8_height_and_hindering_add_up_to_two() -> None:
    """MK-15.9, MK-14.8, MK-15.7: a shooter standing in woods whose front arc is not clear of
    them, against a target on a hill: +1 for the woods and +1 for height."""
    woods = {"kind": "hindering", "outline": [[7, 0.3], [13, 0.3], [13, 4], [7, 4]]}
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 11], "facing": 270}},
              terrain=[HILL, woods])
    st.script_dice([5, 4])
    act(st, "shoot a1 at b1")
    seen = hit_events(st)["b1"]
    assert seen["defense"] == 17 and seen["hit"]
    assert [1, "MK-14.8"] in seen["parts"] and [1, "MK-15.8"] in seen["parts"]


def test_MK_16_5_a_low_wall_hinders_unless_the_shooter_touches_it() -> None:
    """MK-16.5: shooting over a low wall gives +1; a shooter touching the wall is exempt."""
    wall = {"kind": "low_wall", "outline": [[8, 6], [12, 6], [12, 6.5], [8, 6.5]],
            "thickness": 0.5}
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 10], "facing": 270}}, terrain=[wall])
    st.script_dice([3, 4])
    act(st, "shoot a1 at b1")
    assert hit_events(st)["b1"]["defense"] == 16
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 5.375], "facing": 90},
                                    "b1": {"at": [10, 10], "facing": 270}}, terrain=[wall])
    st.script_dice([3, 4])
    act(st, "shoot a1 at b1")
    assert hit_events(st)["b1"]["defense"] == 15


def test_MK_15_5_elevated_terrain_between_two_ground_figures_blocks() -> None:
    """MK-15.5, MK-8.4: with neither figure elevated, a hill on the line of fire blocks it."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 12], "facing": 270}},
              terrain=[{"kind": "elevated", "outline": [[8, 5], [12, 5], [12, 8], [8, 8]]}])
    illegal(st, "shoot a1 at b1", "MK-15.5")


# ------------------------------------------------------------------------------ dispute die

GRAZE = {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10.625, 6], "facing": 90},
         "b1": {"at": [10, 10], "facing": 270}}


def test_MK_24_3_MK_A44_a_borderline_line_of_fire_rolls_the_dispute_die() -> None:
    """MK-24.3, MK-A44, MK-A52, MK-G8: with `dispute_rule` on, a line of fire grazing a base within
    the tolerance rolls a d6 first: 1 to 3 refuses the target (the action is spent), 4 to 6
    lets the shot go ahead."""
    st = duel([CROSSBOW, GUARD], [GUARD], GRAZE, options={"dispute_rule": True})
    st.script_dice([3])
    log = act(st, "shoot a1 at b1")
    assert [e.data["allowed"] for e in log if e.kind == "dispute"] == [False]
    assert not any(e.kind in ("hit", "miss") for e in log)
    assert w(st, "a1").tokens == 1
    st = duel([CROSSBOW, GUARD], [GUARD], GRAZE, options={"dispute_rule": True})
    st.script_dice([4, 3, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1


def test_MK_A44_without_the_option_no_die_is_rolled() -> None:
    """MK-A44: by default the exact geometry decides and no dispute die is rolled."""
    st = duel([CROSSBOW, GUARD], [GUARD], GRAZE)
    st.script_dice([3, 4])
    log = act(st, "shoot a1 at b1")
    assert not any(e.kind == "dispute" for e in log)
    assert w(st, "b1").click == 1


# ------------------------------------------------------------------------------ candidates

def test_candidates_offer_each_single_shot_and_the_multiple_one() -> None:
    """MK-8.8: the candidates hold each single shot and the two-target shot, all legal."""
    st = duel([ARCHER], [FUSER, CROSSBOW], {
        "a1": {"at": [10, 5], "facing": 90},
        "b1": {"at": [8, 12], "facing": 270}, "b2": {"at": [12, 12], "facing": 270}})
    shots = [a.text for a in combat.candidates(st, 0)]
    assert shots == ["shoot a1 at b1", "shoot a1 at b2", "shoot a1 at b1,b2"]
    for text in shots:
        assert combat.check(st, 0, _cmd(text)) is None


def _cmd(text: str) -> Any:
    from grimorio.games.mage_knight import notation

    return notation.parse(text)


# ------------------------------------------------------------------------------ a full table

def battle_line(gap: float = 8.0) -> Any:
    """Two 200-point armies (MK-23.2) in lines `gap` inches apart, with woods between."""
    from grimorio.games.mage_knight import data

    lib = data.library()
    a, b = lib.armies["black-powder-company"].figures, lib.armies["atlantis-vanguard"].figures
    spots: dict[str, Any] = {f"a{i + 1}": {"at": [10 + i * 1.25, 12], "facing": 90}
                             for i in range(len(a))}
    spots.update({f"b{i + 1}": {"at": [10 + i * 1.6, 12 + gap], "facing": 270}
                  for i in range(len(b))})
    return mk_state(players=[{"army": list(a)}, {"army": list(b)}], warriors=spots,
                    terrain=[{"template": "woods", "at": [14, 16], "rotate": 0},
                             {"template": "low_wall", "at": [25, 5], "rotate": 0}],
                    dice=[1] * 4)


def test_candidates_on_a_200_point_table_are_legal() -> None:
    """MK-8.8, MK-13.11, MK-23.2: on a 200-point table every combat candidate is legal (their
    speed is measured by benchmarks/bench_mage_knight.py, not here)."""
    st = battle_line()
    texts = [a.text for a in combat.candidates(st, 0)]
    assert len(texts) > 20 and any(" with " in t for t in texts)
    for text in texts:
        assert combat.check(st, 0, _cmd(text)) is None, text


def test_random_combat_play_keeps_the_state_consistent() -> None:
    """MK-4.3, MK-11.3: random combat actions from the candidates (and the healing amount)
    resolve without error, in turn, and every state digest is reproducible by a clone."""
    import random

    for seed in range(3):
        st = battle_line(gap=6.0)
        chooser = random.Random(seed)
        for _ in range(60):
            if st.is_terminal():
                break
            seat = st.current_player
            assert seat is not None
            if st.frames and type(st.frames[-1]).__name__ == "TurnAsk":
                options = [a.text for a in combat.candidates(st, seat)] + ["end"]
            else:
                options = [a.notation() for a in st.legal_actions()]
            twin = st.clone()
            choice = chooser.choice(options)
            st.apply(choice)
            twin.apply(choice)
            assert twin.digest() == st.digest()
