"""Condition markers: immunities, states, end-of-turn removal, Upkeep damage (conditions.py)."""

from __future__ import annotations

import pytest

from grimorio.games.mage_wars import conditions, data, hooks, traits
from tests.mage_wars.mwkit import acts, duel, events, faces, fake_card

WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}
SKELETON = {"card": "skeletal-sentry", "controller": 1, "zone": "A1"}


def test_markers_add_up() -> None:
    """MW-6.40, MW-6.42, MW-X-5.1: a condition is a marker on the object; MW-6.94, MW-X-5.2,
    MW-X-1.4: markers of one condition add up; MW-6.93 an effect leaves no marker."""
    st = duel([WOLF])
    assert conditions.add(st, 3, "weak", 1, "MW-6.40") == 1
    assert conditions.add(st, 3, "weak", 1, "MW-6.40") == 1
    assert st.objs[3].markers == {"weak": 2}


def test_poison_family_and_nonliving() -> None:
    """MW-X-5.5, MW-X-9.2, MW-5.27: a Nonliving object is poison-immune and takes no Weak,
    Cripple or Rot; MW-X-5.6 the family blocks the condition whatever attack brings it."""
    st = duel([SKELETON])
    for name in ("weak", "cripple", "rot"):
        assert conditions.add(st, 3, name, 1, "MW-X-5.5") == 0
    assert st.objs[3].markers == {} and events(st, "condition-immune")
    assert conditions.add(st, 3, "burn", 1, "MW-X-5.5") == 1     # burn is not poison


def test_psychic_immunity_stops_sleep() -> None:
    """MW-X-6.23, MW-X-9.3, MW-C12: Psychic Immunity keeps Sleep off (the Mana Leech)."""
    st = duel([{"card": "mana-leech", "controller": 1, "zone": "A1"}, WOLF])
    assert conditions.add(st, 3, "sleep", 1, "MW-X-6.23") == 0
    assert conditions.add(st, 4, "sleep", 1, "MW-X-6.23") == 1


def test_flame_immunity_and_burnproof(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-X-9.1: flame immunity keeps Burn off (Firebrand Imp); MW-X-6.4, MW-X-9.10: a Burnproof
    object takes no Burn; MW-5.36, MW-X-9.8 every Incorporeal object is Burnproof."""
    st = duel([{"card": "firebrand-imp", "controller": 1, "zone": "A1"}, WOLF])
    assert conditions.add(st, 3, "burn", 1, "MW-X-9.1") == 0
    monkeypatch.setattr(hooks, "grants", lambda s: [(4, data.TraitUse("incorporeal"))])
    st.changed()
    assert traits.traits(st, 4).has("burnproof")
    assert conditions.add(st, 4, "burn", 1, "MW-X-6.4") == 0


def test_conditions_that_skip_conjurations() -> None:
    """MW-X-5.7, MW-X-6.8, MW-X-6.13, MW-X-6.20, MW-X-6.43: Stun, Daze, Cripple and Weak never
    go on a conjuration; Burn does; Rot is stopped by its Poison Immunity (MW-5.47)."""
    st = duel([])
    fake_card(st, "timber-wolf", "test-totem", type="conjuration", attacks=())
    totem = st.new_obj("test-totem", "conjuration", 1, 1, zone="A1").oid
    for name in ("stun", "daze", "cripple", "weak", "rot", "sleep"):
        assert conditions.add(st, totem, name, 1, "MW-X-5.7") == 0
    assert conditions.add(st, totem, "burn", 1, "MW-X-5.7") == 1


def test_stun_incapacitates_and_drops_the_guard() -> None:
    """MW-X-6.6, MW-X-6.36: a Stunned creature is Incapacitated; MW-X-6.38, MW-6.132 it loses
    its Guard marker."""
    st = duel([{**WOLF, "guard": True}])
    conditions.add(st, 3, "stun", 1, "MW-X-6.6")
    assert traits.is_incapacitated(st, 3) and not st.objs[3].guard


def test_end_of_turn_takes_off_stun_and_daze() -> None:
    """MW-3.35, MW-X-6.7, MW-X-6.12, MW-6.95: every Stun and Daze marker leaves at the end of
    the creature's action turn, however many; Weak stays (MW-X-6.17)."""
    st = duel([{**WOLF, "markers": {"stun": 2, "daze": 1, "weak": 1}}])
    conditions.end_of_turn(st, 3)
    assert st.objs[3].markers == {"weak": 1}


def test_late_markers_wait_one_turn() -> None:
    """MW-3.36, MW-6.70, MW-X-5.8: a marker taken late (from a barrier or a counterstrike in its
    own turn) stays at this end of turn and leaves at the next."""
    st = duel([WOLF])
    conditions.add(st, 3, "stun", 1, "MW-3.36", late=True)
    conditions.end_of_turn(st, 3)
    assert st.objs[3].markers == {"stun": 1} and st.objs[3].late == {}
    conditions.end_of_turn(st, 3)
    assert st.objs[3].markers == {}


def test_cripple_removal_rolls() -> None:
    """MW-X-6.18, MW-X-6.29, MW-X-6.35: Cripple restrains; MW-X-6.19, MW-C8, MW-B13, MW-6.96,
    MW-X-5.4: each marker rolls the d12 at the end of turn, 7 or more removes it; the creature
    stays Restrained until the last is gone."""
    st = duel([{**WOLF, "markers": {"cripple": 2}}])
    assert traits.is_restrained(st, 3)
    st.script_dice([7, 6])
    conditions.end_of_turn(st, 3)
    assert st.objs[3].markers == {"cripple": 1} and traits.is_restrained(st, 3)
    st.script_dice([12])
    conditions.end_of_turn(st, 3)
    assert st.objs[3].markers == {} and not traits.is_restrained(st, 3)


def test_cripple_on_the_uncontainable(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-C16, MW-X-6.34, MW-X-9.9: a Cripple marker may sit on an Uncontainable creature
    that is not poison-immune, but does not restrain it."""
    st = duel([{**WOLF, "markers": {"cripple": 1}}])
    monkeypatch.setattr(hooks, "grants", lambda s: [(3, data.TraitUse("uncontainable"))])
    st.changed()
    assert not traits.is_restrained(st, 3)


def test_sleep_turns_to_daze_on_damage() -> None:
    """MW-X-6.24, MW-C11: any damage of 1 or more turns Sleep into Daze; a hit of 0 leaves the
    sleeper asleep."""
    st = duel([{**WOLF, "markers": {"sleep": 1}}])
    assert traits.is_incapacitated(st, 3)
    st.script_dice(faces(normal=(2,), blank=2))      # 2 normal against armor 2: 0 damage
    acts(st, "attack 1 o3")
    assert st.objs[3].markers == {"sleep": 1}
    conditions.upkeep_damage(st, 3, "burn")          # no burn: nothing
    from grimorio.games.mage_wars.rules import damage

    damage.deal(st, 3, 1, source=None, direct=True, rule="MW-X-6.24")
    assert st.objs[3].markers == {"daze": 1} and not traits.is_incapacitated(st, 3)


def test_burn_in_upkeep() -> None:
    """MW-X-6.1, MW-X-6.2, MW-C1, MW-X-6.5: one attack die per Burn marker, its value as direct
    damage (armor ignored); a blank removes that marker."""
    st = duel([{**WOLF, "markers": {"burn": 3}}])
    st.script_dice([6, 3, 1])                        # 2 critical, 1 normal, blank
    assert conditions.upkeep_damage(st, 3, "burn") == 3
    assert st.objs[3].damage == 3 and st.objs[3].markers == {"burn": 2}


def test_rot_in_upkeep() -> None:
    """MW-X-6.21, MW-X-6.22: 1 direct damage per Rot marker every Upkeep; it stays."""
    st = duel([{**WOLF, "markers": {"rot": 2}}])
    assert conditions.upkeep_damage(st, 3, "rot") == 2
    assert st.objs[3].markers == {"rot": 2} and st.objs[3].damage == 2


def test_removal_costs() -> None:
    """MW-6.105, MW-X-5.3: removal costs in mana; MW-X-6.3 Burn 2, MW-X-6.8 Stun 4,
    MW-X-6.25 Sleep costs the creature's level; MW-6.106 removing some markers leaves the
    others working."""
    st = duel([{**WOLF, "markers": {"burn": 2}}])
    assert conditions.removal_cost(st, 3, "burn") == 2
    assert conditions.removal_cost(st, 3, "stun") == 4
    assert conditions.removal_cost(st, 3, "sleep") == 2 and conditions.removal_cost(
        st, 1, "sleep") == 6
    assert conditions.remove(st, 3, "burn", 1) == 1 and st.objs[3].markers == {"burn": 1}


def test_restrained_by_a_grant() -> None:
    """MW-X-6.29, MW-X-6.35: Force Hold restrains while it is revealed; MW-X-6.33 Restrained
    creatures do not hinder (FLOW's movement reads `is_restrained`)."""
    st = duel([WOLF, {"card": "force-hold", "controller": 0, "host": 3, "face_up": False}])
    assert not traits.is_restrained(st, 3)
    st.objs[4].face_up = True
    st.changed()
    assert traits.is_restrained(st, 3) and traits.traits(st, 3).has("unmovable")
