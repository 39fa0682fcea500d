"""Attack abilities: Healing, Weapon Master, Magic Blast, Flame/Lightning, Shockwave,
Vampirism, Magic Healing (MK-19.1 to MK-19.8, MK-10.5, MK-A23, MK-A25 to MK-A27, MK-A41,
MK-A42, MK-A46), and the attacks handed over by Charge and Bound moves (MK-17.2, MK-17.8,
MK-A16)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_knight import notation
from grimorio.games.mage_knight.rules import combat
from tests.mage_knight.mkkit import act, events, grant, illegal, legal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3; click 3: def 12
MEDIC = 43       # Leech Medic (weak): Healing, attack 6, damage 1
LIEGE = 105      # Liege Knight (tough): defense 17, Defend; click 2: defense 16, no ability
PRIESTESS = 16   # Mending Priestess (weak): Magic Healing, Defend, range 6, attack 6, def 15
BLADESMAN = 19   # Crystal Bladesman (weak): Weapon Master, attack 8, damage 2
SEETHING = 73    # Seething Knight (weak): Vampirism on click 5 (attack 5, damage 1)
WOOD_GOLEM = 61  # Wood Golem (weak): Toughness
DEMI = 10        # Demi-Magus (weak): Magic Blast, Magic Enhancement, range 10, attack 7
FUSER = 91       # Dwarven Fuser (weak): Magic Immunity
GUNNER = 49      # Amotep Gunner (weak): Flame/Lightning, range 8, attack 8, damage 3
TERROR = 82      # Screeching Terror (weak): Shockwave, range 8, attack 8, damage 2
BOOMER = 89      # Black Powder Boomer (standard): Battle Armor
BRASS = 7        # Brass Golem (weak): defense 15, Battle Armor
CROSSBOW = 3     # Utem Crossbowman (tough): range 10


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def compared(st: Any) -> dict[str, dict[str, Any]]:
    return {e.data["target"]: e.data for e in events(st) if e.kind in ("hit", "miss")}


# ------------------------------------------------------------------------------ Healing

MEND = {"a1": {"at": [10, 10], "facing": 90},
        "a2": {"at": [10, 11.25], "facing": 270, "click": 3}, "b1": {"at": [30, 30]}}


def test_MK_19_1_healing_asks_value_or_roll_after_the_hit() -> None:
    """MK-19.1, MK-A25: 2d6 + attack 6 = 12 reaches the friend's dial defense 12; the player
    then heals the healer's damage value (1) or a d6."""
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    st.script_dice([3, 3])
    act(st, "heal a1 at a2")
    assert st.current_player == 0 and legal(st) == ["heal value", "heal roll"]
    act(st, "heal value")
    assert w(st, "a2").click == 2
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    st.script_dice([3, 3, 2])
    act(st, "heal a1 at a2", "heal roll")
    assert w(st, "a2").click == 1


def test_MK_10_5_MK_10_1_healing_criticals() -> None:
    """MK-10.5, MK-10.1: a natural 12 heals 1 more; a natural 2 fails and hurts the healer."""
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    st.script_dice([6, 6])
    act(st, "heal a1 at a2", "heal value")
    assert w(st, "a2").click == 1
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    st.script_dice([1, 1])
    act(st, "heal a1 at a2")
    assert (w(st, "a1").click, w(st, "a2").click) == (1, 3)


def test_MK_A25_the_healer_must_not_touch_an_enemy_and_no_modifier_applies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-A25, MK-19.1, MK-11.4: a healer touching an enemy cannot heal; touching the
    friend's rear arc gives no +1; an Invulnerable friend cannot be healed."""
    st = duel([MEDIC, GUARD], [GUARD], dict(MEND, b1={"at": [8.75, 10], "facing": 0}))
    illegal(st, "heal a1 at a2", "MK-A25")
    st = duel([MEDIC, GUARD], [GUARD], dict(MEND, a2={"at": [10, 11.25], "facing": 90,
                                                      "click": 3}))
    st.script_dice([3, 3])
    act(st, "heal a1 at a2")
    assert compared(st)["a2"]["total"] == 12
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    grant(monkeypatch, {"a2": ("invulnerability",)})
    illegal(st, "heal a1 at a2", "MK-11.4")


def test_MK_A25_MK_A40_a_lower_defend_value_helps_the_healing() -> None:
    """MK-A25, MK-A40, MK-A49, MK-20.5: a Liege Knight (defense 16 now) touched by a friendly
    Mending Priestess with Defend (15) opposes 15 to its healer."""
    st = duel([MEDIC, LIEGE, PRIESTESS], [GUARD], {
        "a1": {"at": [10, 10], "facing": 90}, "a2": {"at": [10, 11.25], "click": 2},
        "a3": {"at": [11.25, 11.25], "facing": 90}, "b1": {"at": [30, 30]}})
    st.script_dice([4, 5])
    act(st, "heal a1 at a2")
    seen = compared(st)["a2"]
    assert seen["defense"] == 15 and [15, "MK-20.5"] in seen["parts"] and seen["hit"]


# ------------------------------------------------------------------------------ Weapon Master

FACE = {"a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_19_2_weapon_master_rolls_the_base_damage() -> None:
    """MK-19.2, MK-11.3: declared before the roll, Weapon Master replaces the damage value 2
    by a d6 (5)."""
    st = duel([BLADESMAN], [GUARD], FACE)
    st.script_dice([3, 4, 5])
    act(st, "fight a1 at b1 use=weapon_master")
    assert w(st, "b1").click == 5
    st = duel([GUARD], [GUARD], FACE)
    illegal(st, "fight a1 at b1 use=weapon_master", "MK-19.2")


def test_MK_19_2_MK_12_3_no_weapon_master_on_a_capture() -> None:
    """MK-19.2, MK-12.3, MK-1.8: Weapon Master only replaces the damage of a hit, and a capture
    deals none, so declaring it with a capture is refused (a second spelling of the same
    capture otherwise)."""
    st = duel([BLADESMAN], [GUARD], FACE)
    illegal(st, "fight a1 at b1 capture use=weapon_master", "MK-12.3")
    assert combat.check(st, 0, notation.parse("fight a1 at b1 capture")) is None


# ------------------------------------------------------------------------------ Vampirism

def test_MK_19_7_MK_A27_vampirism_heals_only_when_damage_got_through() -> None:
    """MK-19.7, MK-A27: the Seething Knight (click 5) deals 1 click and heals 1; against a
    Wood Golem its click is absorbed by Toughness and it heals nothing."""
    spots = {"a1": {"at": [10, 10], "facing": 90, "click": 5},
             "b1": {"at": [10, 11.25], "facing": 270}}
    st = duel([SEETHING], [GUARD], spots)
    st.script_dice([5, 5])
    act(st, "fight a1 at b1")
    assert (w(st, "b1").click, w(st, "a1").click) == (1, 4)
    st = duel([SEETHING], [WOOD_GOLEM], spots)
    st.script_dice([6, 5])
    act(st, "fight a1 at b1")
    assert (w(st, "b1").click, w(st, "a1").click) == (0, 5)


# ------------------------------------------------------------------------------ Magic Blast

def test_MK_19_3_MK_A41_magic_blast_ignores_blocking_and_hindering_not_height() -> None:
    """MK-19.3, MK-A41, MK-15.8: a friend's base blocks the plain shot but not the Magic
    Blast; woods add nothing, the hill's height advantage still counts; a hit deals a d6."""
    spots = {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10, 10], "facing": 90},
             "b1": {"at": [10, 12], "facing": 270}}
    hill = {"kind": "elevated", "outline": [[6, 9], [14, 9], [14, 14], [6, 14]]}
    woods = {"kind": "hindering", "outline": [[8, 3.5], [12, 3.5], [12, 5], [8, 5]]}
    st = duel([DEMI, GUARD], [GUARD], spots, terrain=[hill, woods])
    illegal(st, "shoot a1 at b1", "MK-8.4")
    st.script_dice([5, 4, 4])
    act(st, "shoot a1 at b1 use=magic_blast")
    seen = compared(st)["b1"]
    assert seen["defense"] == 16 and [1, "MK-15.8"] in seen["parts"]
    assert w(st, "b1").click == 4


def test_MK_19_3_MK_20_3_magic_blast_never_at_a_magic_immune_target() -> None:
    """MK-19.3, MK-20.3, MK-A41, MK-8.5: no Magic Blast at a Magic Immune figure, nor at one a
    friend touches."""
    st = duel([DEMI], [FUSER], {"a1": {"at": [10, 2], "facing": 90},
                                "b1": {"at": [10, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1 use=magic_blast", "MK-20.3")
    st = duel([DEMI, GUARD], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                       "a2": {"at": [10, 10.25], "facing": 270},
                                       "b1": {"at": [10, 9], "facing": 90}})
    illegal(st, "shoot a1 at b1 use=magic_blast", "MK-8.5")


# ------------------------------------------------------------------------------ Flame/Lightning

def test_MK_19_4_MK_A23_MK_A46_flame_strikes_every_figure_touching_the_target() -> None:
    """MK-19.4, MK-8.12, MK-A23, MK-A46, MK-A53, MK-12.6: the main target b1, the Brass Golem b2
    (Battle Armor: 17) and the controller b4 touching it are struck by one roll, each hit
    taking 1 click (not the damage value 3); the captive b3 touching b1 is never struck."""
    st = mk_state(players=[{"army": [GUNNER, GUARD, GUARD]}, {"army": [GUARD, BRASS, GUARD,
                                                                        GUARD]}],
                  warriors={
                      "a1": {"at": [10, 2], "facing": 90},
                      "b1": {"at": [10, 9], "facing": 270},
                      "b2": {"at": [11.25, 9], "facing": 270},
                      "b3": {"at": [8.75, 9], "facing": 270},
                      "a2": {"at": [7.5, 9], "facing": 0, "captive": "b3"},
                      "b4": {"at": [10, 10.25], "facing": 90, "captive": "a3"},
                      "a3": {"at": [10, 11.5], "facing": 270}})
    st.script_dice([4, 3])
    act(st, "shoot a1 at b1 use=flame")
    seen = compared(st)
    assert sorted(seen) == ["b1", "b2", "b4"]
    assert (seen["b1"]["hit"], seen["b2"]["hit"], seen["b4"]["hit"]) == (True, False, True)
    assert [w(st, x).click for x in ("b1", "b2", "b3", "b4")] == [1, 0, 0, 1]


def test_MK_19_4_flame_needs_the_ability() -> None:
    """MK-19.4: only a warrior showing Flame/Lightning may use it."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 9], "facing": 270}})
    illegal(st, "shoot a1 at b1 use=flame", "MK-19.4")


# ------------------------------------------------------------------------------ Shockwave

WAVE = {"a1": {"at": [10, 10], "facing": 90},
        "b1": {"at": [10, 13.5], "facing": 270},
        "b2": {"at": [6, 10], "facing": 0},
        "a2": {"at": [12.5, 10], "facing": 90, "captive": "b3"},
        "b3": {"at": [13.75, 10], "facing": 180},
        "b4": {"at": [8.5, 13.9], "facing": 270},
        "b5": {"at": [11.25, 13.5], "facing": 270}}


def wave(**kw: Any) -> Any:
    return mk_state(players=[{"army": [TERROR, GUARD]},
                             {"army": [GUARD, BOOMER, GUARD, GUARD, LIEGE]}],
                    warriors=WAVE, **kw)


def test_MK_19_5_MK_19_6_MK_A26_shockwave_strikes_all_round_friend_and_foe() -> None:
    """MK-19.5, MK-19.6, MK-G15, MK-A26, MK-11.1: everything within half the range (4 in, the
    Boomer exactly 4 in away, behind), friends included, but not captives and not beyond; one
    roll; defense abilities (Battle Armor, Defend) ignored; 1 click per figure hit."""
    st = wave()
    st.script_dice([3, 4])
    act(st, "shoot a1 shockwave")
    seen = compared(st)
    assert sorted(seen) == ["a2", "b1", "b2", "b5"]
    assert (seen["b1"]["defense"], seen["b2"]["defense"], seen["b5"]["defense"]) == (15, 15, 17)
    assert [w(st, x).click for x in ("b1", "b2", "a2", "b3", "b4", "b5")] == [1, 1, 1, 0, 0, 0]


def test_MK_A26_terrain_still_blocks_a_shockwave() -> None:
    """MK-A26, MK-15.2: blocking terrain between the shooter and a figure in reach shields it."""
    building = {"kind": "blocking", "outline": [[7, 9], [8, 9], [8, 11], [7, 11]]}
    st = wave(terrain=[building])
    st.script_dice([3, 4])
    act(st, "shoot a1 shockwave")
    assert "b2" not in compared(st)


def test_MK_A49_shockwave_enhancement_is_declared() -> None:
    """MK-A49, MK-18.3: `use=enhance` needs a friendly enhancer touching the shooter; then
    every figure hit takes 1 more."""
    st = wave()
    illegal(st, "shoot a1 shockwave use=enhance", "MK-18.3")
    illegal(st, "shoot a1 shockwave use=flame", "MK-19.5")
    spots = dict(WAVE, a3={"at": [8.75, 10], "facing": 90})
    st = mk_state(players=[{"army": [TERROR, GUARD, DEMI]},
                           {"army": [GUARD, BOOMER, GUARD, GUARD, LIEGE]}], warriors=spots)
    st.script_dice([3, 4])
    act(st, "shoot a1 shockwave use=enhance")
    assert [w(st, x).click for x in ("b1", "b2", "a2")] == [2, 2, 2]


# ------------------------------------------------------------------------------ Magic Healing

SPRING = {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10, 7], "facing": 270,
                                                       "click": 3},
          "b1": {"at": [30, 30]}}


def test_MK_19_8_magic_healing_heals_a_d6_ignoring_ranged_modifiers() -> None:
    """MK-19.8, MK-A42: the Mending Priestess (attack 6) reaches the friend's defense 12
    through woods that add nothing, then heals a d6 (2)."""
    woods = {"kind": "hindering", "outline": [[8, 3.5], [12, 3.5], [12, 5], [8, 5]]}
    st = duel([PRIESTESS, GUARD], [GUARD], SPRING, terrain=[woods])
    st.script_dice([3, 3, 2])
    act(st, "heal a1 at a2 magic")
    assert compared(st)["a2"]["defense"] == 12 and w(st, "a2").click == 1


def test_MK_A42_battle_armor_gives_nothing_against_magic_healing() -> None:
    """MK-A42, MK-20.1: a Boomer on click 1 (defense 14, Battle Armor) opposes just 14."""
    st = duel([PRIESTESS, BOOMER], [GUARD], dict(SPRING, a2={"at": [10, 7], "click": 1}))
    st.script_dice([4, 4, 1])
    act(st, "heal a1 at a2 magic")
    assert compared(st)["a2"]["defense"] == 14 and w(st, "a2").click == 0


def test_MK_19_8_MK_A42_who_may_be_magic_healed(monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-19.8, MK-A42, MK-20.3, MK-8.4: not a friend touching an enemy, not an Invulnerable or
    Magic Immune one, not through a blocked line of fire; the healer needs the ability."""
    st = duel([PRIESTESS, GUARD], [GUARD], dict(SPRING, b1={"at": [10, 8.25],
                                                            "facing": 270}))
    illegal(st, "heal a1 at a2 magic", "MK-19.8")
    st = duel([PRIESTESS, FUSER], [GUARD], dict(SPRING, a2={"at": [10, 7], "click": 1}))
    illegal(st, "heal a1 at a2 magic", "MK-20.3")
    st = duel([PRIESTESS, GUARD, GUARD], [GUARD], dict(SPRING, a3={"at": [10, 4.5]}))
    illegal(st, "heal a1 at a2 magic", "MK-8.4")
    st = duel([CROSSBOW, GUARD], [GUARD], SPRING)
    illegal(st, "heal a1 at a2 magic", "MK-19.8")
    st = duel([PRIESTESS, GUARD], [GUARD], SPRING)
    grant(monkeypatch, {"a2": ("invulnerability",)})
    illegal(st, "heal a1 at a2 magic", "MK-A42")


# ------------------------------------------------------------------------------ Charge, Bound

def test_MK_17_2_MK_A16_the_charge_attack_is_an_ordinary_close_action() -> None:
    """MK-17.2, MK-A16, MK-A56, MK-17.1: after a Charge move the attack is checked and
    resolved like any close combat action (here a capture); if the attacker no longer reaches
    the target it is lost; a Charge at a friend by a healer is a Healing."""
    st = duel([GUARD], [GUARD, GUARD], dict(FACE, b2={"at": [30, 30]}))
    assert combat.check_charge_attack(st, 0, "a1", "b1", True) is None
    st.script_dice([5, 4])
    combat.start_charge_attack(st, 0, "a1", "b1", True)
    assert w(st, "b1").captor == "a1"
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 8], "facing": 90},
                                 "b1": {"at": [10, 11.25], "facing": 270}})
    refusal = combat.check_charge_attack(st, 0, "a1", "b1", False)
    assert refusal is not None and refusal.rule == "MK-9.1"
    combat.start_charge_attack(st, 0, "a1", "b1", False)
    assert [e.rule for e in events(st) if e.kind == "attack_lost"] == ["MK-9.1"]
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    st.script_dice([3, 3])
    combat.start_charge_attack(st, 0, "a1", "a2", False)
    assert legal(st) == ["heal value", "heal roll"]


def test_MK_17_8_MK_A16_the_bound_shot_and_bound_magic_healing() -> None:
    """MK-17.8, MK-A16, MK-A56: the shot after a Bound move follows every ranged rule; aimed at a
    single friend by a Magic Healer it is Magic Healing."""
    st = duel([CROSSBOW], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                    "b1": {"at": [10, 9], "facing": 270}})
    st.script_dice([3, 4])
    combat.start_bound_shot(st, 0, "a1", ("b1",))
    assert w(st, "b1").click == 1
    st = duel([PRIESTESS, GUARD], [GUARD], SPRING)
    assert combat.check_bound_shot(st, 0, "a1", ("a2",)) is None
    st.script_dice([3, 3, 2])
    combat.start_bound_shot(st, 0, "a1", ("a2",))
    assert w(st, "a2").click == 1


def test_candidates_hold_the_ability_variants() -> None:
    """MK-19.3, MK-19.4, MK-19.5, MK-19.1: Magic Blast, Flame and Shockwave variants and the
    healings appear among the candidates, every one legal."""
    st = wave()
    texts = [a.text for a in combat.candidates(st, 0)]
    assert "shoot a1 shockwave" in texts
    st = duel([MEDIC, GUARD], [GUARD], MEND)
    assert "heal a1 at a2" in [a.text for a in combat.candidates(st, 0)]
    st = duel([DEMI, GUARD], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                       "a2": {"at": [10, 6], "facing": 90},
                                       "b1": {"at": [10, 11], "facing": 270}})
    assert [a.text for a in combat.candidates(st, 0)] == ["shoot a1 at b1 use=magic_blast"]
