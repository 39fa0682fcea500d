"""Defense abilities in combat: Battle Armor, Magic Immunity, Toughness, Defend,
Invulnerability, and Stealth against lines of fire (MK-20.1, MK-20.3 to MK-20.5, MK-20.7,
MK-17.7, MK-A11, MK-A22, MK-A40)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.mage_knight.mkkit import act, events, grant, illegal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3
CROSSBOW = 3     # Utem Crossbowman (tough): range 10, attack 8, damage 1
BRASS = 7        # Brass Golem (weak): defense 15, Battle Armor
DEMI = 10        # Demi-Magus (weak): Magic Enhancement
FUSER = 91       # Dwarven Fuser (weak): defense 16, Magic Immunity
DRACO = 158      # Magus Draconum: Magic Immunity, range 12, attack 12, damage 4
LIEGE = 105      # Liege Knight (tough): defense 17, Defend; click 2: defense 16
PRIESTESS = 16   # Mending Priestess (weak): defense 15, Defend
PRIESTESS_T = 17  # Mending Priestess (standard): defense 16, Defend
RANGER = 22      # Ranger (weak): defense 14, Stealth
WOOD_GOLEM = 61  # Wood Golem (weak): Toughness, defense 14


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def compared(st: Any) -> dict[str, dict[str, Any]]:
    return {e.data["target"]: e.data for e in events(st) if e.kind in ("hit", "miss")}


SHOT = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 9], "facing": 270}}
FACE = {"a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_20_1_battle_armor_against_ranged_attacks_only() -> None:
    """MK-20.1: the Brass Golem defends at 17 against a shot, at 15 in close combat."""
    st = duel([CROSSBOW], [BRASS], SHOT)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["defense"] == 17
    st = duel([GUARD], [BRASS], FACE)
    st.script_dice([4, 4])
    act(st, "fight a1 at b1")
    assert compared(st)["b1"]["defense"] == 15


def test_MK_20_3_MK_A22_no_enhancement_click_on_a_magic_immune_target() -> None:
    """MK-20.3, MK-A22, MK-18.3: an enhanced crossbow hitting a Dwarven Fuser deals only its
    1 click; a Magic Immune shooter (Magus Draconum) is still enhanced, 4 + 1."""
    spots = dict(SHOT, a2={"at": [11.25, 2], "facing": 90})
    st = duel([CROSSBOW, DEMI], [FUSER], spots)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1
    st = duel([DRACO, DEMI], [GUARD], spots)
    st.script_dice([2, 3])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 5


def test_MK_19_5_MK_20_3_an_enhanced_shockwave_ignores_magic_immunity() -> None:
    """MK-19.5, MK-A26, Table 9: Magic Immunity is a defense ability, and a Shockwave ignores
    the struck figures' defense abilities (as it ignores Toughness, whose own text also covers
    every amount of damage), so the declared Magic Enhancement click lands on a Dwarven Fuser:
    1 + 1 = 2 clicks, as on the friendly Demi-Magus also struck (MK-18.3, MK-8.11)."""
    terror = 82      # Screeching Terror (weak): Shockwave, range 8 (half: 4), attack 8
    st = duel([terror, DEMI], [FUSER], {"a1": {"at": [10, 10], "facing": 90},
                                        "a2": {"at": [8.75, 10], "facing": 90},
                                        "b1": {"at": [10, 13], "facing": 270}})
    st.script_dice([4, 4])
    act(st, "shoot a1 shockwave use=enhance")
    assert compared(st)["b1"]["hit"] and compared(st)["a2"]["hit"]
    assert (w(st, "b1").click, w(st, "a2").click) == (2, 2)


def test_MK_20_4_toughness_against_a_shot() -> None:
    """MK-20.4: a Wood Golem shot for 1 click takes none."""
    st = duel([CROSSBOW], [WOOD_GOLEM], SHOT)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["hit"] and w(st, "b1").click == 0


def test_MK_20_5_MK_A40_defend_lends_the_higher_defense() -> None:
    """MK-20.5, MK-A40, MK-A49: a Guardsman touching a friendly Liege Knight defends at 17
    against a shot; against a capture 17 + 2, its own modifier still added."""
    spots = dict(SHOT, b2={"at": [11.25, 9], "facing": 270})
    st = duel([CROSSBOW], [GUARD, LIEGE], spots)
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    seen = compared(st)["b1"]
    assert seen["defense"] == 17 and [17, "MK-20.5"] in seen["parts"]
    st = duel([GUARD], [GUARD, LIEGE], dict(FACE, b2={"at": [11.25, 11.25], "facing": 270}))
    st.script_dice([4, 4])
    act(st, "fight a1 at b1 capture")
    assert compared(st)["b1"]["defense"] == 19


def test_MK_A40_the_best_of_several_and_never_a_worse_one() -> None:
    """MK-A40: of two Defend warriors the higher value is used; a lower one is ignored."""
    st = duel([CROSSBOW], [GUARD, PRIESTESS_T, LIEGE], dict(
        SHOT, b2={"at": [11.25, 9], "facing": 270}, b3={"at": [8.75, 9], "facing": 270}))
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["defense"] == 17
    st = duel([CROSSBOW], [LIEGE, PRIESTESS], dict(
        SHOT, b1={"at": [10, 9], "facing": 270, "click": 2},
        b2={"at": [11.25, 9], "facing": 270}))
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["defense"] == 16


def test_MK_20_5_an_enemy_defend_warrior_lends_nothing() -> None:
    """MK-20.5, MK-6.3: only a friendly Defend warrior lends its value."""
    st = duel([GUARD, LIEGE], [GUARD], dict(FACE, a2={"at": [11.25, 11.25], "facing": 180}))
    st.script_dice([4, 4])
    act(st, "fight a1 at b1")
    assert compared(st)["b1"]["defense"] == 15


def test_MK_20_7_invulnerable_figures_neither_capture_nor_heal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-20.7, MK-12.11: an Invulnerable warrior may not take a prisoner."""
    st = duel([GUARD], [GUARD], FACE)
    grant(monkeypatch, {"a1": ("invulnerability",)})
    illegal(st, "fight a1 at b1 capture", "MK-12.11")


WOODS = {"kind": "hindering", "outline": [[7, 7], [13, 7], [13, 11], [7, 11]]}


def test_MK_17_7_MK_A11_MK_A49_stealth_turns_crossed_woods_into_blocking() -> None:
    """MK-17.7, MK-A11, MK-A49: a Ranger in woods cannot be shot through them (Stealth is
    always used); a Guardsman there is shot at +1."""
    st = duel([CROSSBOW], [RANGER], SHOT, terrain=[WOODS])
    illegal(st, "shoot a1 at b1", "MK-17.7")
    st = duel([CROSSBOW], [GUARD], SHOT, terrain=[WOODS])
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["defense"] == 16


def test_MK_A11_stealth_ignores_woods_the_line_does_not_cross() -> None:
    """MK-A11: woods beside the line of fire do nothing for the Ranger."""
    side = {"kind": "hindering", "outline": [[12, 7], [16, 7], [16, 11], [12, 11]]}
    st = duel([CROSSBOW], [RANGER], SHOT, terrain=[side])
    st.script_dice([4, 4])
    act(st, "shoot a1 at b1")
    assert compared(st)["b1"]["defense"] == 14
