"""The damage pipeline of MK-11.3: base, Magic Enhancement, Toughness and Invulnerability,
the critical click, clicks one at a time (MK-11.1 to MK-11.3, MK-20.4, MK-20.7, MK-A20,
MK-A21)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_knight.rules import abilities as ab
from grimorio.games.mage_knight.rules.combat import reduce
from tests.mage_knight.mkkit import act, events, grant, illegal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3; six live clicks
CROSSBOW = 3     # Utem Crossbowman (tough): range 10, attack 8, damage 1
DEMI = 10        # Demi-Magus (weak): Magic Enhancement (and Magic Blast) on click 0
WOOD_GOLEM = 61  # Wood Golem (weak): Toughness on clicks 0-1, defense 14
TERROR = 82      # Screeching Terror (weak): Shockwave, range 8, attack 8, damage 2


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


SHOT = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 9], "facing": 270}}
ENHANCED = dict(SHOT, a2={"at": [11.25, 2], "facing": 90})


def test_MK_20_4_MK_20_7_MK_A20_reduce_takes_one_and_two_never_below_zero(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-20.4, MK-20.7, MK-A20: Toughness takes 1 off an amount of damage, Invulnerability
    2, and the result is never below 0."""
    st = duel([GUARD], [WOOD_GOLEM, GUARD], {"a1": {"at": [10, 2]}, "b1": {"at": [10, 20]},
                                             "b2": {"at": [20, 20]}})
    grant(monkeypatch, {"b2": ("invulnerability",)})
    assert [reduce(st, "b1", n) for n in (0, 1, 3)] == [0, 0, 2]
    assert [reduce(st, "b2", n) for n in (1, 2, 3)] == [0, 0, 1]
    assert reduce(st, "a1", 3) == 3


def test_MK_11_3_MK_A21_the_order_of_the_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-11.3, MK-A21: base 1 + Magic Enhancement 1 - Toughness 1 = 1, then the critical
    click: 2. The enhancement is added before the reduction, so it is not wasted."""
    st = duel([GUARD], [WOOD_GOLEM], {"a1": {"at": [10, 2]}, "b1": {"at": [10, 20]}})
    assert ab.clicks(st, "b1", ab.Blow(1, enhanced=True)) == 1
    assert ab.clicks(st, "b1", ab.Blow(1, enhanced=True, critical=True)) == 2
    assert ab.clicks(st, "b1", ab.Blow(1)) == 0
    assert ab.clicks(st, "b1", ab.Blow(1, critical=True)) == 1
    assert ab.clicks(st, "b1", ab.Blow(3, shockwave=True)) == 3


def test_MK_11_3_enhanced_shot_at_a_tough_target() -> None:
    """MK-11.3, MK-A21, MK-18.3: a crossbow (damage 1) touched by a Demi-Magus hits a Wood
    Golem: 1 + 1 - 1 = 1 click; without the Demi-Magus, none."""
    st = duel([CROSSBOW, DEMI], [WOOD_GOLEM], ENHANCED)
    st.script_dice([3, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1
    blow = next(e.data for e in events(st) if e.kind == "blow")
    assert (blow["base"], blow["enhanced"], blow["enhancer"], blow["clicks"]) == (
        1, True, "a2", 1)
    st = duel([CROSSBOW], [WOOD_GOLEM], SHOT)
    st.script_dice([3, 4])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 0


def test_MK_20_7_invulnerability_in_combat(monkeypatch: pytest.MonkeyPatch) -> None:
    """MK-20.7, MK-A20: against ranged attacks an Invulnerable figure defends at +2, and
    damage drops by 2 (3 becomes 1; a crossbow's 1 becomes 0 but its critical click lands)."""
    st = duel([CROSSBOW], [GUARD], SHOT)
    grant(monkeypatch, {"b1": ("invulnerability",)})
    st.script_dice([5, 4])
    act(st, "shoot a1 at b1")
    seen = next(e.data for e in events(st) if e.kind == "hit")
    assert seen["defense"] == 17 and [2, "MK-20.7"] in seen["parts"]
    assert w(st, "b1").click == 0
    st = duel([CROSSBOW], [GUARD], SHOT)
    st.script_dice([6, 6])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                 "b1": {"at": [10, 11.25], "facing": 270}})
    st.script_dice([4, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 1


def test_MK_20_4_toughness_in_close_combat() -> None:
    """MK-20.4: a Guardsman (damage 3) hitting a Wood Golem deals 2."""
    st = duel([GUARD], [WOOD_GOLEM], {"a1": {"at": [10, 10], "facing": 90},
                                      "b1": {"at": [10, 11.25], "facing": 270}})
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 2


def test_MK_11_3_shockwave_ignores_toughness() -> None:
    """MK-11.3, MK-19.5: a Shockwave striking only the Wood Golem deals the damage value 2,
    which Toughness does not reduce."""
    st = duel([TERROR], [WOOD_GOLEM], {"a1": {"at": [10, 10], "facing": 90},
                                       "b1": {"at": [10, 13], "facing": 270}})
    st.script_dice([3, 4])
    act(st, "shoot a1 shockwave")
    assert w(st, "b1").click == 2


def test_MK_11_3_MK_1_5_clicks_stop_at_the_skulls() -> None:
    """MK-11.3 step 5, MK-1.5: a 3-click hit on a Guardsman two clicks from the skulls turns
    two and eliminates it; the third is dropped."""
    st = duel([GUARD], [GUARD, GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                        "b1": {"at": [10, 11.25], "facing": 270, "click": 4},
                                        "b2": {"at": [30, 30]}})
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert w(st, "b1").eliminated
    assert [e.data["clicks"] for e in events(st) if e.kind == "damage"] == [2]


def test_MK_11_1_MK_11_2_friends_are_healed_not_attacked_captives_are_untouchable() -> None:
    """MK-11.1, MK-11.2: attacks never target friends; nobody targets a captive."""
    st = duel([CROSSBOW, GUARD], [GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [10, 8], "facing": 90},
        "b1": {"at": [11.25, 8], "facing": 270, "captive": "a2"}})
    illegal(st, "shoot a1 at a2", "MK-11.2")
    st2 = duel([CROSSBOW, GUARD], [GUARD], {"a1": {"at": [10, 2], "facing": 90},
                                            "a2": {"at": [10, 8], "facing": 90},
                                            "b1": {"at": [30, 30]}})
    illegal(st2, "shoot a1 at a2", "MK-11.1")
