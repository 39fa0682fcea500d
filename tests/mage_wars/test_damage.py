"""Damage, direct damage, healing, destruction and the end of the game (rules/damage.py)."""

from __future__ import annotations

import pytest

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.rules import damage
from tests.mage_wars.mwkit import acts, duel, events, faces, scenario

WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def test_attack_die_faces() -> None:
    """MW-S1, MW-6.31: blank, blank, 1 normal, 2 normal, 1 critical, 2 critical."""
    assert damage.ATTACK_FACES == {1: (0, 0), 2: (0, 0), 3: (1, 0), 4: (2, 0), 5: (0, 1),
                                   6: (0, 2)}
    st = scenario()
    st.script_dice([1, 2, 3, 4, 5, 6])
    assert damage.attack_dice(st, 6, Text("t", "t"), "MW-S1") == (3, 3, (1, 2, 3, 4, 5, 6))
    st.script_dice([4, 6, 1])
    # MW-6.99: healing and direct-damage dice count normal and critical alike
    assert damage.dice_total(st, 3, Text("t", "t"), "MW-6.99") == 4


def test_armor_stops_normal_damage_only() -> None:
    """MW-6.33, MW-6.34, MW-6.35, MW-X-3.15, MW-X-3.17: 3 normal against armor 2 is 1; the 2
    critical go through; MW-6.37 damage markers on the wolf."""
    st = duel([WOLF])
    st.script_dice(faces(normal=(2, 1), critical=(2,)))
    acts(st, "attack 1 o3")
    assert st.objs[3].damage == 3
    hit = events(st, "hit")[-1]
    assert (hit.data["normal"], hit.data["critical"], hit.data["armor"]) == (3, 2, 2)


def test_armor_above_the_normal_points() -> None:
    """MW-6.33: normal damage below the armor is 0, not negative; MW-B12 it still hit."""
    st = duel([WOLF])
    st.script_dice(faces(normal=(1,), blank=2))
    acts(st, "attack 1 o3")
    assert st.objs[3].damage == 0 and st.ret == ("attack", True, 0)


def test_direct_damage_ignores_armor_but_not_immunity() -> None:
    """MW-6.97, MW-X-8.4, MW-C3: direct damage goes straight on, armor or not; MW-6.98 an object
    immune to its type takes none (the Firebrand Imp and flame)."""
    st = duel([WOLF, {"card": "firebrand-imp", "controller": 1, "zone": "A1"}])
    assert damage.deal(st, 3, 3, source=None, direct=True, rule="MW-6.97") == 3
    assert st.objs[3].damage == 3
    assert damage.deal(st, 4, 3, source=None, direct=True, rule="MW-6.98", dtype="flame") == 0
    assert st.objs[4].damage == 0


def test_healing_living_only_and_capped() -> None:
    """MW-6.99, MW-6.101, MW-6.102, MW-X-8.5: healing takes damage off, never more than there
    is; MW-6.103, MW-X-8.8, MW-5.27: a Nonliving skeleton (Finite Life) cannot heal."""
    st = duel([{"card": "skeletal-sentry", "controller": 1, "zone": "A1", "damage": 4}],
              players=({"damage": 5}, {}))
    assert damage.heal(st, 1, 8, "MW-6.99") == 5 and st.objs[1].damage == 0
    assert damage.heal(st, 3, 2, "MW-6.103") == 0 and st.objs[3].damage == 4
    assert traits.traits(st, 3).has("finite-life")


def test_finite_life_from_a_curse() -> None:
    """MW-X-8.8, MW-X-8.7: Ghoul Rot gives a Living creature Finite Life: no healing, and
    Regenerate (FLOW's Upkeep) finds nothing to heal with."""
    st = duel([{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 3},
               {"card": "ghoul-rot", "controller": 0, "host": 3}])
    assert traits.is_living(st, 3) and traits.traits(st, 3).has("finite-life")
    assert damage.heal(st, 3, 2, "MW-X-8.8") == 0


def test_destruction_takes_attached_cards_to_their_owners() -> None:
    """MW-5.25, MW-X-8.1, MW-X-8.2: damage reaching life destroys; MW-5.77, MW-X-10.12 what is
    attached goes too; MW-5.16, MW-X-10.10 each card to its owner's discard pile."""
    st = duel([{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 8},
               {"card": "rhino-hide", "controller": 1, "host": 3},
               {"card": "agony", "controller": 0, "host": 3}])
    st.script_dice(faces(critical=(2,), blank=2))
    acts(st, "attack 1 o3")
    assert 3 not in st.objs and 4 not in st.objs and 5 not in st.objs
    assert st.players[1].discard == ["rhino-hide", "timber-wolf"]
    assert st.players[0].discard == ["agony"]


def test_losing_life_can_destroy(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-X-8.3: lowering life is not damage, but with damage at or above the new life the
    object is destroyed; MW-5.25 life and damage are kept apart."""
    st = duel([{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 6}])
    monkeypatch.setattr(hooks, "grants", lambda s: [(3, data.TraitUse("life", -4))])
    st.changed()
    assert traits.life(st, 3) == 6 and st.objs[3].damage == 6
    assert damage.check_destroyed(st, 3, "MW-X-8.3") and 3 not in st.objs


def test_a_destroyed_mage_loses() -> None:
    """MW-3.1, MW-X-10.3: the mage whose damage reaches its life is destroyed and its player
    loses."""
    st = duel([], players=({}, {"damage": 22}))
    st.script_dice(faces(critical=(2,), blank=2))
    acts(st, "attack 1 o2")
    assert st.over and st.winner == 0 and st.is_terminal()
    assert events(st, "game-over")[-1].rule == "MW-3.1"


def test_both_mages_at_once_is_a_draw() -> None:
    """MW-A9: two mages destroyed by the same event draw."""
    st = duel([], players=({"damage": 23}, {"damage": 23}))
    for oid in (1, 2):
        damage.deal(st, oid, 2, source=None, direct=True, rule="MW-X-6.2", check=False)
    damage.check_end(st)
    assert st.over and st.winner is None
    assert events(st, "game-over")[-1].rule == "MW-A9"


def test_mage_life_comes_from_its_player() -> None:
    """MW-5.25: the mage's life is its player's (24, MW-1.6); damage sits on the mage."""
    st = duel([])
    assert traits.life(st, 1) == 24 and damage.remaining_life(st, 1) == 24


@pytest.mark.parametrize(("cap", "healed"), [("remaining_life", 1), ("total_life", 3)])
def test_vampiric_heals_half_the_damage(cap: str, healed: int) -> None:
    """MW-X-4.10, MW-C5: a wolf with life 10 and 8 damage takes 6: the default counts its 2
    remaining life and heals 1; the literal reading counts 6 and heals 3."""
    st = duel([{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 8},
               {"card": "vampirism", "controller": 0, "host": 1}],
              players=({"damage": 5}, {}), vampiric_cap=cap)
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o3")
    assert st.objs[1].damage == 5 - healed


def test_vampiric_nonliving_attacker_heals_nothing() -> None:
    """MW-X-4.11: a Vampiric attacker with Finite Life heals nothing."""
    st = duel([{"card": "skeletal-sentry", "controller": 0, "zone": "A1", "damage": 4},
               {"card": "vampirism", "controller": 0, "host": 3}], activate=3)
    st.script_dice(faces(critical=(2, 2), blank=2))
    acts(st, "attack 1 o2")
    assert st.objs[2].damage == 4 and st.objs[3].damage == 4


def test_mana_drain_takes_from_the_enemy_pool() -> None:
    """MW-X-4.12: an attack with Mana Drain +1 that damages an enemy creature takes 1 mana from
    its controller's pool."""
    st = duel([{"card": "mana-leech", "controller": 0, "zone": "A1"}], activate=3,
              players=({}, {"mana": 7}))
    st.script_dice(faces(critical=(1,), blank=1))
    acts(st, "attack 1 o2")
    assert st.objs[2].damage == 1 and st.players[1].mana == 6
    assert events(st, "mana-drain")[-1].rule == "MW-X-4.12"


def test_mana_drain_needs_damage() -> None:
    """MW-X-4.12: no damage, no drain."""
    st = duel([{"card": "mana-leech", "controller": 0, "zone": "A1"}], activate=3,
              players=({}, {"mana": 7}))
    st.script_dice(faces(blank=2))
    acts(st, "attack 1 o2")
    assert st.players[1].mana == 7
