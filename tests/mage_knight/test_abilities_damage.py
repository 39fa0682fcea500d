"""Damage abilities in combat and at the start of a turn: Starting Position, Berserk, Magic
Enhancement, Battle Fury, Demoralized, Command (MK-18.1 to MK-18.5, MK-18.8, MK-18.9, MK-A22,
MK-A24)."""

from __future__ import annotations

from typing import Any

from tests.mage_knight.mkkit import act, illegal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3; click 4 Demoralized
CROSSBOW = 3     # Utem Crossbowman (tough): range 10, attack 8, damage 1
ARCHER = 97      # Noble Archer (weak): two arrows, attack 7, damage 1
DEMI = 10        # Demi-Magus (weak): Magic Enhancement on clicks 0-1
ALTEM = 58       # Altem Guardsman (weak): Battle Fury on click 4, Berserk on click 6
MEDIC = 43       # Leech Medic (weak): Healing
MAGUS = 145      # Magus: Command (and Magic Levitation, Magic Blast)
STORM = 146      # Storm Golem: Command, Battle Armor


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


SHOT = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 9], "facing": 270}}
FACE = {"a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_18_1_MK_1_6_healing_stops_at_the_starting_position() -> None:
    """MK-18.1, MK-1.6, MK-11.4: a friend one click from its start rolls a 5 for Healing and
    goes back to its starting click, no further."""
    st = duel([MEDIC, GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                        "a2": {"at": [10, 11.25], "click": 1},
                                        "b1": {"at": [30, 30]}})
    st.script_dice([4, 4, 5])
    act(st, "heal a1 at a2", "heal roll")
    assert w(st, "a2").click == 0


def test_MK_18_2_berserk_fights_in_close_combat_but_never_shoots() -> None:
    """MK-18.2: a Berserk Altem Guardsman may fight, not shoot."""
    st = duel([ALTEM], [GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90, "click": 6}))
    st.script_dice([4, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 3
    st = duel([ALTEM], [GUARD], dict(SHOT, a1={"at": [10, 2], "facing": 90, "click": 6}))
    illegal(st, "shoot a1 at b1", "MK-18.2")


def test_MK_18_4_battle_fury_fights_but_never_captures() -> None:
    """MK-18.4, MK-12.11: Battle Fury allows close combat, not a capture attempt."""
    st = duel([ALTEM], [GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90, "click": 4}))
    illegal(st, "fight a1 at b1 capture", "MK-12.11")
    st.script_dice([4, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 2


def test_MK_18_5_demoralized_warriors_take_no_combat_action() -> None:
    """MK-18.5: a Demoralized warrior may only move or pass."""
    st = duel([GUARD, GUARD], [GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90,
                                                      "click": 4}, a2={"at": [30, 2]}))
    illegal(st, "fight a1 at b1", "MK-18.5")


def test_MK_18_3_MK_A22_one_enhancement_click_per_target_hit() -> None:
    """MK-18.3, MK-A22: two Demi-Magi touching an archer still add one click to each target
    hit; a Demi-Magus shooting alone does not enhance itself."""
    spots = {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [11.25, 2], "facing": 90},
             "a3": {"at": [8.75, 2], "facing": 90},
             "b1": {"at": [8, 9], "facing": 270}, "b2": {"at": [12, 9], "facing": 270}}
    st = duel([ARCHER, DEMI, DEMI], [GUARD, GUARD], spots)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1,b2")
    assert (w(st, "b1").click, w(st, "b2").click) == (2, 2)
    st = duel([DEMI], [GUARD], SHOT)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 2


# ------------------------------------------------------------------------------ Command

def command_state(dice: list[int], **warriors: Any) -> Any:
    spots: dict[str, Any] = {"a1": {"at": [10, 10], "facing": 90},
                             "b1": {"at": [30, 30], "facing": 270}}
    spots.update(warriors)
    armies = [[MAGUS, STORM, GUARD][:sum(1 for k in spots if k[0] == "a")],
              [GUARD] * sum(1 for k in spots if k[0] == "b")]
    return mk_state(players=[{"army": armies[0]}, {"army": armies[1]}], warriors=spots,
                    dice=dice)


def test_MK_18_8_each_six_is_an_extra_action_this_turn() -> None:
    """MK-18.8, MK-4.2: one d6 per Command warrior as the turn begins; each 6 adds an
    action."""
    assert command_state([6]).players[0].actions_left == 3
    assert command_state([5]).players[0].actions_left == 2
    st = command_state([6, 6], a2={"at": [20, 10], "facing": 90})
    assert st.players[0].actions_left == 4


def test_MK_A24_a_captive_commander_rolls_nothing() -> None:
    """MK-A24, MK-12.16: the Magus held captive rolls no die; the Storm Golem rolls one."""
    st = command_state([1], a1={"at": [10, 12.5], "facing": 90},
                       a2={"at": [20, 10], "facing": 90},
                       b1={"at": [10, 11.25], "facing": 270, "captive": "a1"})
    rolls = [e.data["warrior"] for e in st.events if e.kind == "roll" and e.rule == "MK-18.8"]
    assert rolls == ["a2"] and st.players[0].actions_left == 2


def test_MK_18_9_MK_A24_demoralized_friends_heal_one_per_touching_commander() -> None:
    """MK-18.9, MK-A24: a Demoralized Guardsman touching the Magus heals 1 click; touching
    the Magus and the Storm Golem it heals 2. An opposing Demoralized figure heals nothing."""
    st = command_state([1], a3={"at": [11.25, 10], "click": 4}, a2={"at": [30, 2]})
    assert w(st, "a3").click == 3
    st = command_state([1, 1], a2={"at": [12.5, 10], "facing": 90},
                       a3={"at": [11.25, 10], "click": 4})
    assert w(st, "a3").click == 2
    st = command_state([1], b1={"at": [11.25, 10], "facing": 180, "click": 4},
                       b2={"at": [30, 30]})
    assert w(st, "b1").click == 4
