"""Close combat: front arc contact, the rear arc bonus, terrain, height, low walls and steep
terrain (MK-6.5, MK-9.1 to MK-9.5, MK-15.11, MK-15.12, MK-16.6, MK-16.8, MK-G5, MK-G17)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight import notation
from grimorio.games.mage_knight.rules import combat
from tests.mage_knight.mkkit import act, events, illegal, mk_state, w

GUARD = 5        # Utem Guardsman (standard): attack 8, defense 15, damage 3
LIEGE = 105      # Liege Knight (tough): defense 17, Defend


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def hit(st: Any, target: str = "b1") -> dict[str, Any]:
    found = [e.data for e in events(st) if e.kind in ("hit", "miss")
             and e.data["target"] == target]
    assert len(found) == 1
    return found[0]


FACE_TO_FACE = {"a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_9_1_MK_G5_the_front_arc_must_touch_the_target() -> None:
    """MK-9.1, MK-6.4, MK-6.5, MK-G5: an attacker touching the target with its front arc may
    fight; one facing away, or not touching, may not."""
    st = duel([GUARD], [GUARD], FACE_TO_FACE)
    assert combat.check(st, 0, notation.parse("fight a1 at b1")) is None
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 270},
                                 "b1": {"at": [10, 11.25], "facing": 270}})
    illegal(st, "fight a1 at b1", "MK-9.1")
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                 "b1": {"at": [10, 11.5], "facing": 270}})
    illegal(st, "fight a1 at b1", "MK-9.1")


def test_MK_9_2_a_hit_deals_the_damage_value() -> None:
    """MK-9.2: 2d6 + attack 8 = 15 against defense 15 hits for 3 clicks; 14 misses."""
    st = duel([GUARD], [GUARD], FACE_TO_FACE)
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 3
    st = duel([GUARD], [GUARD], FACE_TO_FACE)
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 0


def test_MK_9_3_touching_the_rear_arc_adds_one() -> None:
    """MK-9.3, MK-G5: against a target facing away the attacker touches its rear arc: a roll
    of 6 + 8 + 1 = 15 hits."""
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                 "b1": {"at": [10, 11.25], "facing": 90}})
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert hit(st)["total"] == 15 and w(st, "b1").click == 3


def test_MK_A2_a_contact_on_the_arc_border_counts_as_rear() -> None:
    """MK-A2, MK-G3: the attacker sits exactly on the border of the target's arcs: the target
    touches it with its front arc, and the attacker still earns the rear arc +1."""
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 10], "facing": 90},
                                 "b1": {"at": [10, 11.25], "facing": 225}})
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert hit(st)["total"] == 15


def test_MK_9_4_close_combat_ignores_hindering_terrain() -> None:
    """MK-9.4: both fighters in woods: no terrain modifier."""
    woods = {"kind": "hindering", "outline": [[6, 6], [14, 6], [14, 15], [6, 15]]}
    st = duel([GUARD], [GUARD], FACE_TO_FACE, terrain=[woods])
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    assert hit(st)["defense"] == 15 and w(st, "b1").click == 3


def test_MK_9_5_MK_6_7_MK_11_1_close_targets() -> None:
    """MK-9.5, MK-6.7, MK-11.1: close combat attacks an opposing figure, never itself or a
    friend (healing a friend is a separate action)."""
    st = duel([GUARD, GUARD], [GUARD], {
        "a1": {"at": [10, 10], "facing": 90}, "a2": {"at": [10, 11.25], "facing": 270},
        "b1": {"at": [20, 20], "facing": 270}})
    illegal(st, "fight a1 at a1", "MK-6.7")
    illegal(st, "fight a1 at a2", "MK-11.1")
    illegal(st, "heal a1 at a2", "MK-19.1")


def test_MK_12_9_MK_18_5_controllers_and_demoralized_warriors_do_not_fight() -> None:
    """MK-12.9, MK-18.5: a controller may only move or pass; so may a Demoralized warrior."""
    st = duel([GUARD], [GUARD, GUARD], {
        "a1": {"at": [10, 10], "facing": 90, "captive": "b2"},
        "b2": {"at": [10, 8.75], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270}})
    illegal(st, "fight a1 at b1", "MK-12.9")
    st = duel([GUARD, GUARD], [GUARD], {
        "a1": {"at": [10, 10], "facing": 90, "click": 4}, "a2": {"at": [30, 5]},
        "b1": {"at": [10, 11.25], "facing": 270}})
    illegal(st, "fight a1 at b1", "MK-18.5")


def test_MK_A46_a_controller_may_be_attacked_in_close_combat() -> None:
    """MK-A46, MK-12.10: a controller cannot be shot, but close combat may damage it."""
    st = duel([GUARD, GUARD], [GUARD], {
        "a1": {"at": [10, 10], "facing": 90}, "a2": {"at": [10, 12.5], "facing": 270},
        "b1": {"at": [10, 11.25], "facing": 270, "captive": "a2"}})
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 3


# ------------------------------------------------------------------------------ height, walls

HILL = {"kind": "elevated", "outline": [[5, 11], [15, 11], [15, 20], [5, 20]]}
ON_AND_OFF = {"a1": {"at": [10, 10.37], "facing": 90}, "b1": {"at": [10, 11.62], "facing": 270}}


def test_MK_15_11_MK_15_12_height_advantage_in_close_combat() -> None:
    """MK-15.11, MK-15.12, MK-G4: figures at different heights touch as seen from above; an
    elevated target attacked from the ground defends at +1, not the other way round."""
    st = duel([GUARD], [GUARD], ON_AND_OFF, terrain=[HILL])
    assert st.elevated("b1") and not st.elevated("a1")
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    seen = hit(st)
    assert seen["defense"] == 16 and [1, "MK-15.12"] in seen["parts"]
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 11.62], "facing": 270},
                                 "b1": {"at": [10, 10.37], "facing": 90}}, terrain=[HILL])
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    assert hit(st)["defense"] == 15


def test_MK_16_8_no_close_combat_across_the_edge_of_steep_terrain() -> None:
    """MK-16.8, MK-16.7: the same contact at the edge of a steep mesa allows no fight."""
    mesa = dict(HILL, kind="steep", ladders=[[[5, 11], [7, 11]]])
    st = duel([GUARD], [GUARD], ON_AND_OFF, terrain=[mesa])
    illegal(st, "fight a1 at b1", "MK-16.8")


WALL = {"kind": "low_wall", "outline": [[8, 10], [12, 10], [12, 10.5], [8, 10.5]],
        "thickness": 0.5}
ACROSS = {"a1": {"at": [10, 9.375], "facing": 90}, "b1": {"at": [10, 11.125], "facing": 270}}


def test_MK_16_6_MK_G17_MK_A10_close_combat_across_a_low_wall() -> None:
    """MK-16.6, MK-G17, MK-A10: two figures on either side of a low wall, each touching it,
    fight as if in base contact, with the usual arc tests (here the rear arc +1)."""
    st = duel([GUARD], [GUARD], ACROSS, terrain=[WALL])
    assert st.touching("a1") == []
    st.script_dice([3, 4])
    act(st, "fight a1 at b1")
    assert w(st, "b1").click == 3
    st = duel([GUARD], [GUARD], {"a1": {"at": [10, 9.375], "facing": 90},
                                 "b1": {"at": [10, 11.125], "facing": 90}}, terrain=[WALL])
    st.script_dice([3, 3])
    act(st, "fight a1 at b1")
    assert hit(st)["total"] == 15


def test_MK_A10_the_wall_counts_for_close_combat_only() -> None:
    """MK-A10, MK-8.1: across a low wall the figures do not touch for the ranged rules, so a
    crossbow there may still shoot past its neighbour."""
    st = duel([3], [GUARD, GUARD], {"a1": {"at": [10, 9.375], "facing": 90},
                                    "b1": {"at": [10, 11.125], "facing": 270},
                                    "b2": {"at": [13, 15], "facing": 270}}, terrain=[WALL])
    assert combat.check(st, 0, notation.parse("shoot a1 at b2")) is None


def test_candidates_hold_every_close_attack_and_all_are_legal() -> None:
    """MK-9.1, MK-12.1: the attack and the capture attempt, across a wall too, all legal."""
    st = duel([GUARD], [GUARD], FACE_TO_FACE)
    texts = [a.text for a in combat.candidates(st, 0)]
    assert texts == ["fight a1 at b1", "fight a1 at b1 capture"]
    st = duel([GUARD], [GUARD], ACROSS, terrain=[WALL])
    assert [a.text for a in combat.candidates(st, 0)] == ["fight a1 at b1"]


def test_MK_A56_an_attacker_off_the_battlefield_has_no_attack() -> None:
    """MK-A56, MK-4.7: the attack after a Charge or Bound move is judged again once the move is
    over; if the mover is no longer on the battlefield (Polearm eliminated it), combat refuses
    the attack instead of failing."""
    from grimorio.games.mage_knight.rules import damage

    st = mk_state(players=[{"army": [3]}, {"army": [5, 5]}], warriors={
        "a1": {"at": [10, 10], "facing": 90}, "b1": {"at": [10, 11.25], "facing": 270},
        "b2": {"at": [10, 18], "facing": 270}})
    damage.deal(st, "a1", 9, by="b1", by_seat=1, rule="MK-20.2")
    assert w(st, "a1").eliminated
    refusal = combat.check_charge_attack(st, 0, "a1", "b1", False)
    assert refusal is not None and refusal.rule == "MK-4.7"
    refusal = combat.check_bound_shot(st, 0, "a1", ("b2",))
    assert refusal is not None and refusal.rule == "MK-4.7"
