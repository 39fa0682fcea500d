"""Special abilities of units (section 12), with the stand-in cards of races.yaml (WC-X6): Orc melee
level 4 (Strength 5, Area Attack), Human ranged level 2 (3, Heal), Night Elf ranged level 3 (4,
Poison), Orc flying level 2 (3, Poison), Orc ranged level 3 (3, Bloodlust), Undead ranged level 2
(3, Raise Dead). Dice are scripted, defenders first (WC-A38 a)."""

from __future__ import annotations

from typing import Any

from grimorio.games.warcraft.rules import combat
from tests.warcraft.fightkit import NO_CARDS, war
from tests.warcraft.wckit import acts, ask, events, options, pieces


def _rolls(st: Any) -> list[tuple[int, str, list[int]]]:
    return [(e.data["seat"], e.data["step"], e.data["dice"]) for e in events(st, "roll")
            if e.rule == "WC-11.7"]


def _levels(seat: int, n: int = 2, **levels: int) -> list[dict[str, Any]]:
    out = [dict(NO_CARDS) for _ in range(n)]
    out[seat] = {**NO_CARDS, "levels": levels}
    return out


def test_WC_12_2_a_natural_one_with_area_attack_is_two_casualties() -> None:
    """WC-12.2: Orc level-4 melee units (WC-10.20) rolling 1 and 5 at Strength 5: three hits."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 3}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             players=_levels(1, melee=4))
    st.script_dice([6, 6, 6, 6, 1, 5])
    acts(st, "move se_vein heart melee=2", "done")
    assert [e.data["hits"] for e in events(st, "hits")] == [0, 3]
    assert st.battle is not None and st.battle.due == [0, 3]
    assert ask(st) == "CasualtyAsk"


def test_WC_A17_a_die_lowered_to_one_is_no_area_attack() -> None:
    """WC-A17: Area Attack needs the face 1 itself; Faerie Fire only matters against
    Strength (WC-13.9)."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 3}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             players=_levels(1, melee=4))
    st.script_dice([6, 6, 6, 6, 1, 5])
    acts(st, "move se_vein heart melee=2", "done")
    b = st.battle
    assert b is not None
    b.roll_mod[1] = -1
    assert combat.hit_value(st, b, 1, "melee", 2) == 1
    assert combat.hit_value(st, b, 1, "melee", 6) == 1        # 6 - 1 = 5: at Strength
    assert combat.hit_value(st, b, 1, "melee", 1) == 2


def test_WC_12_3_heal_saves_one_casualty_a_step() -> None:
    """WC-12.3: one casualty fewer per step with a healer fighting, however many there are."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 3},
              {"seat": 0, "zone": "heart", "ranged": 2, "melee": 1}],
             players=_levels(0, ranged=2))
    st.script_dice([6, 6, 6, 1, 1, 6])
    acts(st, "move se_vein heart melee=3", "done")
    heal = events(st, "heal")
    assert [(e.rule, e.data["saved"]) for e in heal] == [("WC-12.3", 1)]
    assert st.battle is not None and st.battle.due[combat.DEF] == 1
    assert options(st) == ["casualty melee heart", "casualty ranged heart"]


def test_WC_12_4_WC_12_5_poison_strikes_ahead_in_the_step_named() -> None:
    """WC-12.4: at the round's start the Poison player names a step per Poison unit (here a
    flank unit, WC-12.1); in it he rolls first and his victims never roll (WC-12.5): the end
    is tested after that first part of the step (WC-A12)."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 1, "zone": "sw_vein", "ranged": 1},
              {"seat": 0, "zone": "heart", "melee": 1}],
             races="orc,night_elf", players=_levels(1, ranged=3))
    acts(st, "move se_vein heart melee=1", "done")
    assert ask(st) == "PoisonAsk" and st.current_player == 1
    assert options(st) == ["poison ranged", "poison flying", "poison melee"]
    st.script_dice([6, 1])
    acts(st, "poison melee")
    assert _rolls(st) == [(1, "ranged", [6]), (1, "melee", [1])]
    assert pieces(st, "heart", 0) == {}


def test_WC_12_4_three_poison_units_strike_ahead_everywhere() -> None:
    """WC-12.4, WC-A18: three Poison units need no choice; the count is taken each round."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 1, "zone": "sw_vein", "ranged": 3},
              {"seat": 0, "zone": "heart", "melee": 1}],
             races="orc,night_elf", players=_levels(1, ranged=3))
    st.script_dice([6, 6, 6, 6, 1])
    acts(st, "move se_vein heart melee=1", "done")
    assert [e.data["steps"] for e in events(st, "poison")] == [["ranged", "flying", "melee"]]
    assert _rolls(st) == [(1, "ranged", [6, 6, 6]), (1, "melee", [6]), (0, "melee", [1])]


def test_WC_A18_both_sides_striking_ahead_cancel_out() -> None:
    """WC-A18: when both sides strike ahead in a step it is simultaneous (defenders roll first,
    as in any step)."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 1, "zone": "sw_vein", "ranged": 1},
              {"seat": 0, "zone": "heart", "melee": 1, "flying": 1}],
             races="orc,night_elf",
             players=[{**NO_CARDS, "levels": {"flying": 2}}, {**NO_CARDS,
                                                               "levels": {"ranged": 3}}])
    acts(st, "move se_vein heart melee=1", "done")
    assert st.current_player == 0
    acts(st, "poison melee")
    st.script_dice([6, 6, 6, 6])
    acts(st, "poison melee")
    assert _rolls(st) == [(1, "ranged", [6]), (0, "flying", [6]), (0, "melee", [6]),
                          (1, "melee", [6])]
    assert ask(st) == "PoisonAsk"             # round 2 asks again (WC-A18)


def test_WC_12_6_bloodlust_adds_one_die_a_step_when_attacking() -> None:
    """WC-12.6, WC-12.1: a Bloodlust unit in a flank gives its player one more die in each step
    he rolls in, at that step's Strength; none in a step without attackers (WC-11.8)."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 1, "zone": "sw_vein", "ranged": 1},
              {"seat": 0, "zone": "heart", "melee": 1}],
             players=_levels(1, ranged=3))
    st.script_dice([6, 6, 6, 6, 1])
    acts(st, "move se_vein heart melee=1", "done")
    assert _rolls(st) == [(1, "ranged", [6, 6]), (0, "melee", [6]), (1, "melee", [6, 1])]


def test_WC_12_7_raise_dead_brings_melee_units_then_trims_them() -> None:
    """WC-12.7: each natural 1 may raise a melee unit from the reserve into the battlefield,
    overfilling it; it can be a casualty at once; beyond 3 units they go back at the end."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 3},
              {"seat": 1, "zone": "sw_vein", "ranged": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             races="human,undead", players=_levels(1, ranged=2))
    st.script_dice([1])
    acts(st, "move se_vein heart melee=3", "done")
    assert ask(st) == "RaiseAsk" and options(st) == ["raise 0", "raise 1"]
    acts(st, "raise 1")
    assert st.zones["heart"][1].melee == 4
    assert [e.rule for e in events(st, "raise-dead")] == ["WC-12.7"]
    acts(st, "casualty melee heart")
    assert [e.data["n"] for e in events(st, "raise-trim")] == [1]
    assert pieces(st, "heart", 1) == {"melee": 3}
