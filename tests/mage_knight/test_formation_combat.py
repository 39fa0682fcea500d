"""Ranged and close combat formations (MK-13.2 to MK-13.4, MK-13.11 to MK-13.19, MK-14.9,
MK-15.10, MK-16.9, MK-A12, MK-A22)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight.rules import combat
from tests.mage_knight.mkkit import act, events, illegal, mk_state, w

CROSSBOW = 3     # Utem Crossbowman (tough, Atlantis): range 10, attack 8, damage 1
GUARD = 5        # Utem Guardsman (standard, Atlantis): attack 8, defense 15, damage 3
DEMI = 10        # Demi-Magus (weak, Atlantis): Magic Enhancement
ARCHER = 97      # Noble Archer (weak, Knights Immortal): range 12
SPAWN = 130      # Deep Spawn (Mage Spawn, no faction symbol)


def duel(a: list[int], b: list[int], warriors: dict[str, Any], **kw: Any) -> Any:
    return mk_state(players=[{"army": a}, {"army": b}], warriors=warriors, **kw)


def row(*extra: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """Three crossbows side by side, each touching the next, and a target ahead."""
    spots: dict[str, Any] = {
        "a1": {"at": [8, 2], "facing": 90}, "a2": {"at": [9.25, 2], "facing": 90},
        "a3": {"at": [10.5, 2], "facing": 90}, "b1": {"at": [9.25, 9], "facing": 270}}
    spots.update(dict(extra))
    return spots


def hit(st: Any) -> dict[str, Any]:
    return next(e.data for e in events(st) if e.kind in ("hit", "miss"))


# ------------------------------------------------------------------------------ ranged

def test_MK_13_11_MK_13_14_MK_13_4_a_ranged_formation_adds_one_per_extra_member() -> None:
    """MK-13.11, MK-13.14, MK-13.4, MK-13.1: three connected crossbows shoot one target: the
    primary's attack 8 and damage 1, +2 for the two others; every member gets a token and the
    formation uses one action."""
    st = duel([CROSSBOW] * 3, [GUARD], row())
    st.script_dice([2, 3])
    act(st, "shoot a1 at b1 with a2,a3")
    assert hit(st)["total"] == 15 and w(st, "b1").click == 1
    assert [w(st, x).tokens for x in ("a1", "a2", "a3")] == [1, 1, 1]


def test_MK_13_11_MK_G21_members_must_hang_together() -> None:
    """MK-13.11, MK-G21, MK-A13: a member touching no other member breaks the formation;
    two warriors are too few."""
    st = duel([CROSSBOW] * 3, [GUARD], row(("a3", {"at": [12, 2], "facing": 90})))
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-13.11")
    st = duel([CROSSBOW] * 3, [GUARD], row())
    illegal(st, "shoot a1 at b1 with a2", "MK-13.11")


def test_MK_13_2_MK_A12_one_faction_with_a_symbol_and_own_warriors() -> None:
    """MK-13.2, MK-A12: all members share a faction that has a symbol."""
    st = duel([CROSSBOW, CROSSBOW, ARCHER], [GUARD], row())
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-13.2")


def test_MK_13_3_MK_4_4_every_member_must_be_able_to_act() -> None:
    """MK-13.3, MK-4.4: a member that already acted this turn cannot join."""
    st = duel([CROSSBOW] * 3, [GUARD], row(("a3", {"at": [10.5, 2], "facing": 90,
                                                   "acted": True})))
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-4.4")


def test_MK_13_12_one_target_and_no_flame_or_shockwave() -> None:
    """MK-13.12: a ranged formation has a single target and may not use Flame/Lightning or
    Shockwave."""
    st = duel([CROSSBOW] * 3, [GUARD, GUARD], row(("b2", {"at": [11, 9], "facing": 270})))
    illegal(st, "shoot a1 at b1,b2 with a2,a3", "MK-13.12")
    illegal(st, "shoot a1 at b1 with a2,a3 use=flame", "MK-13.12")
    illegal(st, "shoot a1 shockwave with a2,a3", "MK-13.12")


def test_MK_13_13_every_member_needs_its_own_line_of_fire() -> None:
    """MK-13.13, MK-8.1: each member must be able to shoot the target itself: one facing away
    breaks the formation."""
    st = duel([CROSSBOW] * 3, [GUARD], row(("a3", {"at": [10.5, 2], "facing": 270})))
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-13.13")


def test_MK_13_15_MK_14_9_MK_15_10_only_the_primarys_line_gives_modifiers() -> None:
    """MK-13.15, MK-14.9, MK-15.10: a member standing in woods with its front arc in them does
    not give the target +1; the primary in the same woods would."""
    woods = {"kind": "hindering", "outline": [[10, 0.5], [12.5, 0.5], [12.5, 3.5], [10, 3.5]]}
    st = duel([CROSSBOW] * 3, [GUARD], row(), terrain=[woods])
    st.script_dice([2, 3])
    act(st, "shoot a1 at b1 with a2,a3")
    assert hit(st)["defense"] == 15
    st = duel([CROSSBOW] * 3, [GUARD], row(), terrain=[woods])
    st.script_dice([2, 3])
    act(st, "shoot a3 at b1 with a1,a2")
    assert hit(st)["defense"] == 16


def test_MK_13_19_MK_10_7_a_formation_critical_miss_hurts_the_primary_only() -> None:
    """MK-13.19, MK-10.7: on a natural 2 the whole formation misses and only the primary
    attacker takes the click."""
    st = duel([CROSSBOW] * 3, [GUARD], row())
    st.script_dice([1, 1])
    act(st, "shoot a2 at b1 with a1,a3")
    assert [w(st, x).click for x in ("a1", "a2", "a3")] == [0, 1, 0]
    assert w(st, "b1").click == 0


def test_MK_A22_the_enhancer_must_touch_the_primary() -> None:
    """MK-A22, MK-18.3: a Demi-Magus touching a member but not the primary adds nothing;
    touching the primary it adds 1 click."""
    demi_by_a3 = ("a4", {"at": [11.75, 2], "facing": 90})
    st = duel([CROSSBOW] * 3 + [DEMI], [GUARD], row(demi_by_a3))
    st.script_dice([2, 3])
    act(st, "shoot a1 at b1 with a2,a3")
    assert w(st, "b1").click == 1
    st = duel([CROSSBOW] * 3 + [DEMI], [GUARD], row(demi_by_a3))
    st.script_dice([2, 3])
    act(st, "shoot a3 at b1 with a1,a2")
    assert w(st, "b1").click == 2


def test_MK_16_9_no_formation_across_the_edge_of_steep_terrain() -> None:
    """MK-16.9, MK-13.20: members on a steep mesa and members off it never form together."""
    mesa = {"kind": "steep", "outline": [[9.875, 0.3], [14, 0.3], [14, 5], [9.875, 5]],
            "ladders": [[[10, 0.3], [11, 0.3]]]}
    st = duel([CROSSBOW] * 3, [GUARD], row(("a3", {"at": [10.5, 2], "facing": 90})),
              terrain=[mesa])
    assert st.elevated("a3") and not st.elevated("a2")
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-16.9")


# ------------------------------------------------------------------------------ close

PAIR = {"a1": {"at": [10, 10], "facing": 90}, "a2": {"at": [11.25, 11.25], "facing": 180},
        "b1": {"at": [10, 11.25], "facing": 270}}


def test_MK_13_16_MK_13_17_a_close_formation_with_a_member_in_the_rear_arc() -> None:
    """MK-13.16, MK-13.17: two Guardsmen with their front arcs on the same enemy (they need
    not touch each other): +1 for the extra member, +1 as one touches the rear arc; the
    primary's damage 3."""
    st = duel([GUARD, GUARD], [GUARD], PAIR)
    st.script_dice([2, 3])
    act(st, "fight a1 at b1 with a2")
    assert hit(st)["total"] == 15 and w(st, "b1").click == 3
    assert [w(st, x).tokens for x in ("a1", "a2")] == [1, 1]


def test_MK_13_16_size_and_front_arcs() -> None:
    """MK-13.16, MK-9.1: every member's front arc must touch the target."""
    st = duel([GUARD, GUARD], [GUARD], dict(PAIR, a2={"at": [11.25, 11.25], "facing": 0}))
    illegal(st, "fight a1 at b1 with a2", "MK-9.1")


def test_MK_12_13_a_formation_capture_goes_to_the_primary() -> None:
    """MK-12.13, MK-13.16: a close formation's capture gives the captive to its primary."""
    st = duel([GUARD, GUARD], [GUARD, GUARD], dict(PAIR, b2={"at": [30, 30]}))
    st.script_dice([3, 4])
    act(st, "fight a2 at b1 with a1 capture")
    assert (w(st, "b1").captor, w(st, "a2").captive, w(st, "a1").captive) == ("a2", "b1",
                                                                           None)


def test_MK_13_4_MK_5_3_pushing_is_checked_member_by_member() -> None:
    """MK-13.4, MK-5.3: the member that also acted last turn is pushed (two tokens, one
    click), the other is not."""
    st = mk_state(players=[{"army": [GUARD, GUARD], "own_turns": 1}, {"army": [GUARD]}],
                  warriors=dict(PAIR, a2={"at": [11.25, 11.25], "facing": 180,
                                          "busy_turns": [1]}))
    st.script_dice([1, 2])
    act(st, "fight a1 at b1 with a2")
    assert [(w(st, x).tokens, w(st, x).click) for x in ("a1", "a2")] == [(1, 0), (2, 1)]


def test_candidates_offer_the_largest_formations_all_legal() -> None:
    """MK-13.11, MK-13.16: the candidates hold the three-crossbow formation (once, led by the
    first of its strongest shooters) and the close pair, every one legal."""
    st = duel([CROSSBOW] * 3, [GUARD], row())
    texts = [a.text for a in combat.candidates(st, 0)]
    assert [t for t in texts if " with " in t] == ["shoot a1 at b1 with a2,a3"]
    for text in texts:
        assert combat.check(st, 0, _cmd(text)) is None
    st = duel([GUARD, GUARD], [GUARD], PAIR)
    texts = [a.text for a in combat.candidates(st, 0)]
    assert "fight a1 at b1 with a2" in texts and "fight a2 at b1 with a1 capture" in texts


def _cmd(text: str) -> Any:
    from grimorio.games.mage_knight import notation

    return notation.parse(text)


def test_MK_A55_a_primary_magic_blast_in_a_ranged_formation() -> None:
    """MK-A55, MK-13.13, MK-13.14, MK-19.3, MK-A22: a base blocks the primary Demi-Magus's
    line; with Magic Blast the formation may shoot (the others' lines are clear), +2 for the
    members, a d6 of damage and the touching enhancer's click. Led by a member whose own line
    is blocked, it may not."""
    spots = {"a1": {"at": [8, 2], "facing": 90}, "a2": {"at": [9.25, 2], "facing": 90},
             "a3": {"at": [10.5, 2], "facing": 90}, "a4": {"at": [8.5, 5], "facing": 90},
             "b1": {"at": [9.25, 9], "facing": 270}}
    st = duel([DEMI, DEMI, DEMI, GUARD], [GUARD], spots)
    illegal(st, "shoot a1 at b1 with a2,a3", "MK-8.4")
    illegal(st, "shoot a2 at b1 with a1,a3 use=magic_blast", "MK-13.13")
    st.script_dice([3, 3, 4])
    act(st, "shoot a1 at b1 with a2,a3 use=magic_blast")
    assert hit(st)["total"] == 15 and w(st, "b1").click == 5


def test_MK_13_18_MK_15_12_close_height_advantage_is_the_primarys() -> None:
    """MK-13.18, MK-15.12, MK-15.11: against a target on a hill, a formation led from the
    ground faces defense +1, even with a member up on the hill; led from the hill, it does
    not."""
    hill = {"kind": "elevated", "outline": [[5, 11], [15, 11], [15, 20], [5, 20]]}
    spots = {"a1": {"at": [10, 10.37], "facing": 90}, "a2": {"at": [11.25, 11.62],
                                                              "facing": 180},
             "b1": {"at": [10, 11.62], "facing": 270}}
    st = duel([GUARD, GUARD], [GUARD], spots, terrain=[hill])
    assert st.elevated("a2") and not st.elevated("a1")
    st.script_dice([2, 3])
    act(st, "fight a1 at b1 with a2")
    assert hit(st)["defense"] == 16
    st = duel([GUARD, GUARD], [GUARD], spots, terrain=[hill])
    st.script_dice([2, 3])
    act(st, "fight a2 at b1 with a1")
    assert hit(st)["defense"] == 15
