"""Critical hits and critical misses (MK-10.1 to MK-10.8, MK-13.19, MK-A20)."""

from __future__ import annotations

from typing import Any

from tests.mage_knight.mkkit import act, events, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3; click 3: attack 4,
#                  damage 1; click 5: defense 10 (Demoralized)
LIEGE = 105      # Liege Knight (tough): defense 17
WOOD_GOLEM = 61  # Wood Golem (weak): Toughness, attack 8, defense 14, damage 3
CROSSBOW = 3     # Utem Crossbowman (tough): range 10, attack 8
ARCHER = 97      # Noble Archer (weak): two arrows, attack 7, damage 1


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def kinds(st: Any) -> list[str]:
    return [e.kind for e in events(st)]


def test_MK_10_2_a_natural_2_fails_and_hurts_the_actor() -> None:
    """MK-10.2, MK-10.1: attack 8 + 2 = 10 would reach defense 10, but a natural 2 fails
    anyway and the attacker takes 1 click from its own weapon."""
    st = duel([GUARD], [GUARD, GUARD], {
        "a1": {"at": [10, 10], "facing": 90},
        "b1": {"at": [10, 11.25], "facing": 270, "click": 5}, "b2": {"at": [30, 30]}})
    st.script_dice([1, 1])
    act(st, "fight a1 at b1")
    assert (w(st, "a1").click, w(st, "b1").click) == (1, 5)
    assert "critical_miss" in kinds(st)


def test_MK_10_8_MK_A20_the_critical_miss_click_is_never_reduced() -> None:
    """MK-10.8, MK-A20, MK-20.4: a Wood Golem (Toughness) rolling a natural 2 still takes its
    click."""
    st = duel([WOOD_GOLEM], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                      "b1": {"at": [10, 11.25], "facing": 270}})
    st.script_dice([1, 1])
    act(st, "fight a1 at b1")
    assert w(st, "a1").click == 1


def test_MK_10_2_MK_8_10_a_ranged_critical_miss_fails_against_every_target() -> None:
    """MK-10.2, MK-8.10: a natural 2 on a two-target shot misses both; the archer takes 1."""
    st = duel([ARCHER], [GUARD, GUARD, GUARD], {
        "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [8, 9], "facing": 270, "click": 5},
        "b2": {"at": [12, 9], "facing": 270, "click": 5}, "b3": {"at": [30, 30]}})
    st.script_dice([1, 1])
    act(st, "shoot a1 at b1,b2")
    assert (w(st, "a1").click, w(st, "b1").click, w(st, "b2").click) == (1, 5, 5)


def test_MK_10_3_a_natural_12_hits_whatever_the_total_and_adds_a_click() -> None:
    """MK-10.3, MK-11.3: attack 4 + 12 = 16 is short of the Liege Knight's 17, but a natural
    12 hits, for damage 1 + 1 critical click."""
    st = duel([GUARD], [LIEGE], {"a1": {"at": [10, 10], "facing": 90, "click": 3},
                                 "b1": {"at": [10, 11.25], "facing": 270}})
    st.script_dice([6, 6])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 2
    assert "critical_hit" in kinds(st)


def test_MK_10_4_a_critical_against_several_targets_deals_two_each() -> None:
    """MK-10.4, MK-8.11: a natural 12 on a two-target shot hits both, for 1 + 1 clicks each."""
    st = duel([ARCHER], [LIEGE, LIEGE], {
        "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [8, 9], "facing": 270},
        "b2": {"at": [12, 9], "facing": 270}})
    st.script_dice([6, 6])
    act(st, "shoot a1 at b1,b2")
    assert (w(st, "b1").click, w(st, "b2").click) == (2, 2)


def test_MK_10_3_MK_A20_the_critical_click_survives_toughness() -> None:
    """MK-10.3, MK-A20, MK-20.4: a crossbow (damage 1) criticals a Wood Golem: Toughness
    takes the normal click away, the critical click still lands."""
    st = duel([CROSSBOW], [WOOD_GOLEM], {"a1": {"at": [10, 2], "facing": 90},
                                         "b1": {"at": [10, 9], "facing": 270}})
    st.script_dice([6, 6])
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 1
