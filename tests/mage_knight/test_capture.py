"""Capture attempts and captives in combat (MK-9.5, MK-10.6, MK-12.1 to MK-12.6, MK-12.10,
MK-12.11, MK-12.13, MK-12.16, MK-A36)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.mage_knight.mkkit import act, events, grant, illegal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3
ALTEM = 58       # Altem Guardsman (weak): Battle Fury on click 4, Berserk on click 6
LIEGE = 105      # Liege Knight (tough): defense 17, Defend
MEDIC = 43       # Leech Medic (weak): Healing


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


FACE = {"a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_12_1_MK_12_2_MK_12_3_a_capture_raises_defense_and_takes_no_damage() -> None:
    """MK-12.1, MK-12.2, MK-12.3, MK-12.4, MK-9.5: declared before the roll, the attempt faces
    defense 15 + 2; 17 captures without damage and links captor and captive; 16 does nothing."""
    st = duel([GUARD], [GUARD, GUARD], dict(FACE, b2={"at": [30, 30]}))
    st.script_dice([4, 5])
    act(st, "fight a1 at b1 capture")
    assert (w(st, "a1").captive, w(st, "b1").captor, w(st, "b1").click) == ("b1", "a1", 0)
    hit = next(e.data for e in events(st) if e.kind == "hit")
    assert hit["defense"] == 17 and [2, "MK-12.2"] in hit["parts"]
    st = duel([GUARD], [GUARD, GUARD], dict(FACE, b2={"at": [30, 30]}))
    st.script_dice([4, 4])
    act(st, "fight a1 at b1 capture")
    assert (w(st, "a1").captive, w(st, "b1").click) == (None, 0)


def test_MK_10_6_a_natural_12_captures_automatically() -> None:
    """MK-10.6: a natural 12 captures whatever the defense, and deals no damage."""
    st = duel([GUARD], [LIEGE, GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90,
                                                      "click": 3}, b2={"at": [30, 30]}))
    st.script_dice([6, 6])
    act(st, "fight a1 at b1 capture")
    assert (w(st, "b1").captor, w(st, "b1").click) == ("a1", 0)
    assert any(e.kind == "captured" and e.rule == "MK-10.6" for e in events(st))


def test_MK_10_2_a_natural_2_on_a_capture_hurts_the_attacker() -> None:
    """MK-10.2, MK-12.3: a missed capture does nothing, except the critical miss click."""
    st = duel([GUARD], [GUARD], FACE)
    st.script_dice([1, 1])
    act(st, "fight a1 at b1 capture")
    assert (w(st, "a1").click, w(st, "a1").captive) == (1, None)


def test_MK_12_10_a_controller_cannot_be_captured() -> None:
    """MK-12.10: a figure holding a captive is no target for a capture attempt."""
    st = duel([GUARD, GUARD], [GUARD], dict(FACE, a2={"at": [10, 12.5], "facing": 90},
                                            b1={"at": [10, 11.25], "facing": 270,
                                                "captive": "a2"}))
    illegal(st, "fight a1 at b1 capture", "MK-12.10")


def test_MK_12_11_berserk_battle_fury_and_invulnerability_forbid_captures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-12.11, MK-18.2, MK-18.4, MK-20.7: neither side of a capture may show Berserk,
    Battle Fury or Invulnerability."""
    st = duel([ALTEM], [GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90, "click": 4}))
    illegal(st, "fight a1 at b1 capture", "MK-12.11")
    st = duel([ALTEM], [GUARD], dict(FACE, a1={"at": [10, 10], "facing": 90, "click": 6}))
    illegal(st, "fight a1 at b1 capture", "MK-12.11")
    st = duel([GUARD], [ALTEM], dict(FACE, b1={"at": [10, 11.25], "facing": 270,
                                               "click": 4}))
    illegal(st, "fight a1 at b1 capture", "MK-12.11")
    st = duel([GUARD], [GUARD], FACE)
    grant(monkeypatch, {"b1": ("invulnerability",)})
    illegal(st, "fight a1 at b1 capture", "MK-12.11")


def test_MK_12_4_no_capture_across_a_low_wall() -> None:
    """MK-12.4, MK-16.6, MK-A10, MK-A54: across a low wall the figures may fight but not be
    linked as captor and captive, whose bases must touch."""
    wall = {"kind": "low_wall", "outline": [[8, 10], [12, 10], [12, 10.5], [8, 10.5]],
            "thickness": 0.5}
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 9.375], "facing": 90},
                                 "b1": {"at": [10, 11.125], "facing": 270}}, terrain=[wall])
    illegal(st, "fight a1 at b1 capture", "MK-12.4")


def test_MK_12_5_MK_12_6_captives_neither_act_nor_are_targeted() -> None:
    """MK-12.5, MK-12.6, MK-11.2, MK-A34: a captive receives no action, and no one, friend or
    foe, may target it, not even to heal it."""
    st2 = duel([GUARD, GUARD], [GUARD], {
        "a1": {"at": [10, 12.5], "facing": 270}, "a2": {"at": [20, 20]},
        "b1": {"at": [10, 11.25], "facing": 90, "captive": "a1"}})
    illegal(st2, "fight a1 at b1", "MK-12.5")
    st3 = duel([GUARD, MEDIC], [GUARD, GUARD], {
        "a1": {"at": [10, 10], "facing": 90, "captive": "b2"},
        "b2": {"at": [10, 11.25], "facing": 270, "click": 2},
        "a2": {"at": [30, 2], "facing": 90}, "b1": {"at": [30, 30]}})
    illegal(st3, "fight a2 at b2", "MK-11.2")


def test_MK_12_16_MK_A36_a_captive_defend_warrior_lends_nothing() -> None:
    """MK-12.16, MK-A36, MK-20.5: a Liege Knight held captive touches its friend but its
    Defend does nothing."""
    st = duel([GUARD, GUARD], [GUARD, LIEGE], {
        "a1": {"at": [10, 10], "facing": 90},
        "b1": {"at": [10, 11.25], "facing": 270},
        "a2": {"at": [11.25, 12.5], "facing": 90, "captive": "b2"},
        "b2": {"at": [11.25, 11.25], "facing": 270}})
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    hit = next(e.data for e in events(st) if e.kind in ("hit", "miss"))
    assert hit["defense"] == 15 and w(st, "b1").click == 3


def test_MK_A54_only_the_primary_of_a_capture_formation_must_be_able_to_hold() -> None:
    """MK-A54, MK-12.13, MK-12.11: a member showing Battle Fury may help a capture that its
    primary attacker makes; as primary it may not."""
    spots = {"a1": {"at": [10, 10], "facing": 90},
             "a2": {"at": [11.25, 11.25], "facing": 180, "click": 4},
             "b1": {"at": [10, 11.25], "facing": 270}, "b2": {"at": [30, 30]}}
    st = duel([GUARD, ALTEM], [GUARD, GUARD], spots)
    illegal(st, "fight a2 at b1 with a1 capture", "MK-12.11")
    st.script_dice([4, 3])
    act(st, "fight a1 at b1 with a2 capture")
    assert w(st, "b1").captor == "a1"
