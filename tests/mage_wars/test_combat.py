"""The attack sequence, targets, modifiers, barriers, counterstrikes, guards and zone attacks
(rules/combat.py)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import combat, displace
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, ask, dice_rolled, duel, events, faces, fake_card, options

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}
HYDRA = {"card": "darkfenne-hydra", "controller": 1, "zone": "A1"}


def grant(monkeypatch: pytest.MonkeyPatch, *pairs: tuple[int, data.TraitUse]) -> None:
    monkeypatch.setattr(hooks, "grants", lambda st: list(pairs))


def defend_with(monkeypatch: pytest.MonkeyPatch, owner: int, source: int, threshold: int,
                once: bool = True, vs: str | None = None) -> None:
    """Give `owner` a Defense (no apprentice card has one, MW-6.92)."""
    monkeypatch.setattr(combat, "defense_sources", lambda st, oid: [
        combat.Defense(source, threshold, once, vs)] if oid == owner else [])


# ------------------------------------------------------------------------------- the sequence

def test_a_melee_attack_runs_its_steps() -> None:
    """MW-6.9, MW-X-13.4, MW-6.11: declared with its target, MW-6.12, MW-X-3.2: a melee
    target in the attacker's zone; MW-6.32, MW-X-3.1 the hit; MW-6.3, MW-X-2.5 one attack
    action; MW-6.69 the attacker's turn ends after it (MW-4.2)."""
    st = duel([WOLF, {"card": "timber-wolf", "controller": 1, "zone": "A2"}])
    assert "attack 1 o3" in options(st) and "attack 1 o4" not in options(st)
    st.script_dice(faces(normal=(2, 2), critical=(1,)))
    acts(st, "attack 1 o3")
    kinds = [e.kind for e in st.events if e.kind in ("attack", "hit", "damage", "turn-end")]
    assert kinds == ["attack", "hit", "damage", "turn-end"]
    assert st.objs[3].damage == 3


def test_melee_targets_ignore_other_zones() -> None:
    """MW-6.12, MW-6.1: only objects with life in the zone; enchantments and equipment are
    never attacked; MW-6.119 the attacker itself is always a target."""
    st = duel([WOLF, {"card": "leather-gloves", "host": 1},
               {"card": "rhino-hide", "controller": 1, "host": 3}])
    ref = traits.attacks(st, 1)[0]
    assert combat.melee_targets(st, 1, ref) == [2, 3, 1]   # itself too (MW-6.119)


def test_guards_draw_melee_attacks() -> None:
    """MW-6.13, MW-6.117, MW-6.125, MW-X-2.6, MW-4.7: with enemy guards in the zone a melee
    attack must target one of them; MW-6.118, MW-6.14 ranged attacks ignore guards."""
    st = duel([{**WOLF, "guard": True}, {**WOLF, "guard": True},
               {"card": "royal-archer", "controller": 0, "zone": "A2"}])
    ref = traits.attacks(st, 1)[0]
    assert combat.melee_targets(st, 1, ref) == [3, 4, 1]   # MW-6.119
    bow = traits.attacks(st, 5)[0]
    assert combat.ranged_targets(st, 5, bow) == [1, 2, 3, 4]


def test_guards_that_can_be_ignored() -> None:
    """MW-6.131, MW-X-6.30: a Restrained guard guards nothing; MW-6.132, MW-X-6.41, MW-X-7.5:
    an Incapacitated one neither; MW-6.127 the attacker picks another target."""
    st = duel([{**WOLF, "guard": True, "markers": {"cripple": 1}}])
    assert combat.melee_targets(st, 1, traits.attacks(st, 1)[0]) == [2, 3, 1]
    st2 = duel([{**WOLF, "guard": True}])
    st2.objs[3].markers["sleep"] = 1
    st2.changed()
    assert combat.melee_targets(st2, 1, traits.attacks(st2, 1)[0]) == [2, 3, 1]


def test_a_guard_attacked_in_melee_loses_its_marker() -> None:
    """MW-6.63, MW-6.121, MW-6.128: after the attack (after step 9) the guard loses its marker,
    hit or not; MW-6.123 its action marker is untouched; MW-6.126 another attacker may then
    reach the mage (MW-6.116 the guard could have counterstruck: it declines)."""
    st = duel([{"card": "steelclaw-grizzly", "controller": 1, "zone": "A1", "guard": True},
               {"card": "dark-pact-slayer", "controller": 0, "zone": "A1"}])
    assert combat.melee_targets(st, 1, traits.attacks(st, 1)[0]) == [3, 1]
    st.script_dice(faces(blank=3))
    acts(st, "attack 1 o3")
    assert ask(st) == "CounterAsk" and options(st) == ["counterstrike 1", "no-counterstrike"]
    acts(st, "no-counterstrike")
    assert not st.objs[3].guard and st.objs[3].active
    assert 2 in combat.melee_targets(st, 4, traits.attacks(st, 4)[0])


def test_ranged_attacks_keep_guards() -> None:
    """MW-6.124, MW-6.122, MW-X-3.4: a ranged attack neither removes a Guard marker nor meets a
    counterstrike; a guard not attacked in melee keeps its marker."""
    st = duel([{"card": "royal-archer", "controller": 0, "zone": "A2"},
               {**HYDRA, "guard": True}], activate=3)
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    assert st.objs[4].guard and not events(st, "counterstrike")


def test_ranged_range_and_line_of_sight() -> None:
    """MW-6.14, MW-4.28: the Royal Archer shoots at distance 1-2, not 0 or 3; MW-5.70 an LoS
    Obstructed wall hides targets behind it; MW-5.34, MW-5.74 not a flyer."""
    st = scenario_archer()
    bow = traits.attacks(st, 3)[0]
    assert combat.ranged_targets(st, 3, bow) == [2, 4, 5]
    st2 = scenario_archer(walls=[["A1", "B1"]])
    assert combat.ranged_targets(st2, 3, bow) == [2, 5]


def scenario_archer(**more: Any) -> MageWarsState:
    from tests.mage_wars.mwkit import scenario

    return scenario({"players": [{"zone": "C2"}, {"zone": "B2"}], "phase": "menu",
                     "activate": 3, "objects": [
                         {"card": "royal-archer", "controller": 0, "zone": "A1"},
                         {**WOLF, "zone": "B1"}, {**WOLF, "zone": "A2"},
                         {**WOLF, "zone": "A1"}], **more})


def test_flying_targets(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.29, MW-X-3.18: a non-flyer melee-attacks a flyer only with Reach (Lash of
    Hellfire); MW-6.15, MW-X-3.3 a ranged attack may target a flyer in its own zone whatever
    its minimum range; MW-5.32, MW-6.135 no guard shields a flyer from melee."""
    st = duel([{**WOLF, "guard": True}, WOLF, {"card": "lash-of-hellfire", "host": 1},
               {"card": "royal-archer", "controller": 0, "zone": "A1"}])
    grant(monkeypatch, (4, U("flying")))
    st.changed()
    fists, lash = traits.attacks(st, 1)
    assert combat.melee_targets(st, 1, fists) == [3, 1]
    assert combat.melee_targets(st, 1, lash) == [3, 4, 1]
    assert combat.ranged_targets(st, 6, traits.attacks(st, 6)[0]) == [4]


def test_a_flyer_is_grounded_during_its_melee_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.30, MW-6.16, MW-B24: a flyer melee-attacking a non-flyer loses Flying until that
    attack ends (so the Hydra may counterstrike it); MW-5.31 nothing changes it mid-attack."""
    st = duel([{"card": "timber-wolf", "controller": 0, "zone": "A1"}, HYDRA], activate=3)
    grant(monkeypatch, (3, U("flying")))
    st.changed()
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    assert ask(st) == "CounterAsk" and not traits.is_flying(st, 3)
    st.script_dice(faces(blank=4))
    acts(st, "no-counterstrike")
    assert traits.is_flying(st, 3) and "fly_lock" not in st.objs[3].memo


# ------------------------------------------------------------------------------- roll to miss

@pytest.mark.parametrize(("roll", "hit"), [(6, False), (7, True)])
def test_a_dazed_attacker_rolls_to_miss(roll: int, hit: bool) -> None:
    """MW-6.21, MW-6.23, MW-X-6.9, MW-B8, MW-C4, MW-X-3.20: a Dazed attacker rolls the d12
    once, however many Daze markers (MW-X-5.2): 6 or less misses (MW-6.22: no dice rolled)."""
    st = duel([WOLF], players=({"markers": {"daze": 2}}, {}))
    st.script_dice([roll, *faces(critical=(2, 2, 2))])
    acts(st, "attack 1 o3")
    assert (st.objs[3].damage == 6) is hit
    assert len([e for e in events(st, "roll") if e.rule == "MW-6.23"]) == 1
    assert dice_rolled(st) == ([3] if hit else [])


@pytest.mark.parametrize(("option", "damage"), [("all_miss", 0), ("first_only", 4)])
def test_a_dazed_multiple_attack(option: str, damage: int) -> None:
    """MW-X-6.14, MW-B4, MW-C23: a Doublestrike attack rolls to miss once; by default a miss
    makes every strike miss (and no barrier answers); the option lets later strikes go on;
    MW-6.44 extra strikes follow a missed first one."""
    st = duel([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A2",
                "markers": {"daze": 1}}, {**WOLF, "zone": "A2"}], activate=3,
              daze_multistrike=option)
    st.script_dice([3, *faces(critical=(2, 2), blank=1)])
    acts(st, "attack 2 o4")
    assert st.objs[4].damage == damage
    assert dice_rolled(st) == ([] if option == "all_miss" else [3])


# ------------------------------------------------------------------------------- defenses

def test_a_defense_avoids_the_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.25, MW-6.82, MW-6.83, MW-X-3.11: the defender chooses a Defense before the dice and
    rolls the d12; at or above its number the attack is avoided (MW-6.26: a miss, no dice,
    the action spent); MW-6.85, MW-X-2.11 a 1x Defense turns its ready marker."""
    st = duel([WOLF], activate=1)
    defend_with(monkeypatch, 3, 3, 7)
    acts(st, "attack 1 o3")
    assert ask(st) == "DefenseAsk" and options(st) == ["defend o3", "no-defense"]
    st.script_dice([7])
    acts(st, "defend o3")
    assert dice_rolled(st) == [] and st.objs[3].damage == 0 and ("defense", 3) in st.once
    assert events(st, "turn-end")


def test_a_failed_or_declined_defense(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.84: a failed Defense lets the attack go on, and no other may be tried; MW-6.87
    declining is allowed; MW-6.86, MW-B5 an unlimited Defense stays available."""
    st = duel([WOLF])
    defend_with(monkeypatch, 3, 3, 7, once=False)
    acts(st, "attack 1 o3")
    st.script_dice([6, *faces(critical=(1, 1, 1))])
    acts(st, "defend o3")
    assert st.objs[3].damage == 3 and ("defense", 3) not in st.once


def test_defense_roll_penalties(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.91, MW-X-6.11: −2 per Daze marker; MW-X-6.32, MW-C7 −2 once for Restrained however
    many Cripple markers."""
    st = duel([{**WOLF, "markers": {"daze": 2, "cripple": 2}}])
    defend_with(monkeypatch, 3, 3, 5)
    acts(st, "attack 1 o3")
    st.script_dice([10, *faces(blank=3)])
    acts(st, "defend o3")
    assert events(st, "defense")[-1].data["modifier"] == -6
    assert not events(st, "defense")[-1].data["avoided"]


def test_no_defense_in_some_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.90, MW-X-3.12: an Unavoidable attack (the Vorpal Blade) allows no Defense;
    MW-6.91, MW-X-6.37 nor may an Incapacitated defender use one; MW-6.89 a Defense against
    ranged attacks only does nothing against melee; MW-6.92 sources may be equipment."""
    st = duel([{"card": "brogan-bloodstone", "controller": 0, "zone": "A1"}, WOLF], activate=3)
    defend_with(monkeypatch, 4, 4, 2)
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    assert not events(st, "defense") and ask(st) != "DefenseAsk"
    st2 = duel([{**WOLF, "markers": {"stun": 1}}])
    defend_with(monkeypatch, 3, 3, 2)
    st2.script_dice(faces(blank=3))
    acts(st2, "attack 1 o3")
    assert not events(st2, "defense")
    st3 = duel([{"card": "leather-gloves", "host": 2}])
    defend_with(monkeypatch, 2, 3, 2, vs="ranged")
    st3.script_dice(faces(blank=3))
    acts(st3, "attack 1 o2")
    assert not events(st3, "defense")


# ------------------------------------------------------------------------------- dice

def test_melee_bonus_and_first_strike_only() -> None:
    """MW-6.27, MW-X-4.2: Bear Strength's Melee +2 adds 2 dice; MW-6.46, MW-X-1.7, MW-C6 in a
    Doublestrike action only the first strike gets it; MW-6.43, MW-X-3.8 two strikes."""
    st = duel([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A2"},
               {**WOLF, "zone": "A2"}, {"card": "bear-strength", "controller": 0, "host": 3}],
              activate=3)
    st.script_dice(faces(blank=8))
    acts(st, "attack 2 o4")
    assert dice_rolled(st) == [5, 3]


def test_bloodthirsty_bonus_and_compulsion() -> None:
    """MW-X-4.8: +1 die per Bloodthirsty against a wounded Living creature (Goran has +2 in
    its mage's zone); MW-X-4.9, MW-C10 it must melee-attack a wounded Living enemy there."""
    st = duel([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A1"},
               {**WOLF, "damage": 1}, WOLF], activate=3)
    assert combat.forced_melee_targets(st, 3) == [4]
    assert options(st) == ["attack 1 o4", "attack 2 o4"]
    st.script_dice(faces(blank=6))
    acts(st, "attack 1 o4")
    assert dice_rolled(st) == [6]


def test_bloodthirsty_is_not_forced_through_guards() -> None:
    """MW-C10: when guards rule out every wounded enemy, nothing is forced."""
    st = duel([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A1"},
               {**WOLF, "damage": 1}, {**WOLF, "guard": True}], activate=3)
    assert combat.forced_melee_targets(st, 3) == []


def test_charge_after_a_move() -> None:
    """MW-X-4.3: Charge +2 adds dice to a melee attack straight after moving (MW-4.10: a
    hindered creature may still attack)."""
    st = duel([{"card": "highland-unicorn", "controller": 0, "zone": "A2"}, WOLF], activate=3)
    acts(st, "move A1")
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o4")
    assert dice_rolled(st) == [5]


def test_defender_modifiers() -> None:
    """MW-6.109, MW-X-4.7: Flame −2 on the Dark Pact Slayer takes 2 dice and 2 from the effect
    roll of the imp's flame claws; MW-6.28, MW-6.111, MW-X-1.5 still 1 die."""
    st = duel([{"card": "firebrand-imp", "controller": 0, "zone": "A1"},
               {"card": "dark-pact-slayer", "controller": 1, "zone": "A1"}], activate=3)
    st.script_dice([1, 10])
    acts(st, "attack 1 o4")
    assert dice_rolled(st) == [1] and events(st, "hit")[-1].data["effect"] == 8


def test_defender_modifiers_effect_band() -> None:
    """MW-6.38, MW-6.110: the modified effect roll picks the band (8 or more: Burn)."""
    st = duel([{"card": "firebrand-imp", "controller": 0, "zone": "A1"},
               {"card": "dark-pact-slayer", "controller": 1, "zone": "A1"}], activate=3)
    st.script_dice([1, 9])
    acts(st, "attack 1 o4")
    assert st.objs[4].markers == {}            # 9 − 2 = 7: no band
    st2 = duel([{"card": "firebrand-imp", "controller": 0, "zone": "A1"},
                {"card": "dark-pact-slayer", "controller": 1, "zone": "A1"}], activate=3)
    st2.script_dice([1, 10])
    acts(st2, "attack 1 o4")
    assert st2.objs[4].markers == {"burn": 1}


def test_immunity_rolls_nothing() -> None:
    """MW-6.114, MW-X-9.1, MW-6.28: against a defender immune to its type no attack die and no
    effect die are rolled."""
    st = duel([{"card": "firebrand-imp", "controller": 0, "zone": "A1"},
               {"card": "flaming-hellion", "controller": 1, "zone": "A1"}], activate=3)
    acts(st, "attack 1 o4")
    assert dice_rolled(st) == [] and events(st, "immune")


def test_aegis_weak_and_typeless() -> None:
    """MW-X-4.5: Aegis 1 takes a die; MW-X-6.15, MW-X-6.16 each Weak marker takes one, never
    below 1 die; MW-6.113, MW-X-1.8 a typeless attack ignores damage-type modifiers."""
    st = duel([{"card": "divine-protection", "controller": 1, "host": 2},
               {"card": "dragonscale-hauberk", "host": 2}],
              players=({"markers": {"weak": 1}}, {}))
    st.script_dice(faces(blank=1))
    acts(st, "attack 1 o2")
    assert dice_rolled(st) == [1]


def test_bonus_against_nonliving() -> None:
    """MW-6.29: the Staff of Asyra's +2 vs Nonliving creatures gives 2 dice and +2 on the effect
    roll against the skeleton; MW-5.38, MW-X-4.14 an Ethereal attack."""
    st = duel([{"card": "staff-of-asyra", "host": 1},
               {"card": "skeletal-sentry", "controller": 1, "zone": "A1"}])
    st.script_dice([*faces(blank=6), 3])
    acts(st, "attack 2 o4")
    assert dice_rolled(st) == [6] and events(st, "hit")[-1].data["effect"] == 5
    assert st.objs[4].markers == {"daze": 1}


def test_piercing_lowers_armor() -> None:
    """MW-6.36, MW-X-4.4: Piercing +1 counts the wolf's armor 2 as 1; never below 0."""
    st = duel([{"card": "steelclaw-grizzly", "controller": 0, "zone": "A1"}, WOLF], activate=3)
    st.script_dice(faces(normal=(2, 1), blank=3))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 2 and events(st, "hit")[-1].data["armor"] == 1


def test_script_dice_modifiers(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.27: scripts (Agony, Marked for Death) change the dice through hooks.attack_dice,
    which sees each strike (MW-X-1.8)."""
    seen: list[combat.AttackInfo] = []

    def agony(st: MageWarsState, info: combat.AttackInfo) -> int:
        seen.append(info)
        return -2

    monkeypatch.setattr(hooks, "attack_dice", agony)
    st = duel([{"card": "darkfenne-hydra", "controller": 0, "zone": "A1"}, WOLF], activate=3)
    st.script_dice(faces(blank=3))
    acts(st, "attack 2 o4")
    assert dice_rolled(st) == [1, 1, 1]
    assert [(i.strike, i.first_of_action, i.kind) for i in seen] == [
        (1, True, "melee"), (2, False, "melee"), (3, False, "melee")]


# ------------------------------------------------------------------------------- effects

def test_effects_apply_on_a_hit_even_without_damage() -> None:
    """MW-6.30, MW-6.38, MW-6.39, MW-B12: the effect die is rolled with the attack dice and
    applies whenever the attack hits, even for 0 damage; MW-6.40 a number places that many."""
    st = duel([{"card": "emerald-tegu", "controller": 0, "zone": "A1"}, WOLF], activate=3)
    st.script_dice([*faces(blank=3), 8])
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 0 and st.objs[4].markers == {"rot": 1}


def test_no_effect_box_no_effect_die() -> None:
    """MW-6.30: an attack without an effects box rolls no effect die."""
    st = duel([WOLF])
    st.script_dice(faces(blank=3))
    acts(st, "attack 1 o3")
    assert [e.data["sides"] for e in events(st, "roll")] == [6]


def test_incorporeal_defenders(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.37, MW-X-9.6, MW-X-9.7: against an Incorporeal object only 1s count and effects do
    not apply; MW-5.38, MW-X-4.14, MW-5.39 an Ethereal attack counts every die and its
    effects apply."""
    st = duel([WOLF, {"card": "staff-of-asyra", "host": 1}])
    grant(monkeypatch, (3, U("incorporeal")))
    st.changed()
    st.script_dice(faces(normal=(1, 2), critical=(2,)))
    acts(st, "attack 1 o3")
    assert st.objs[3].damage == 1
    st2 = duel([WOLF, {"card": "staff-of-asyra", "host": 1}])     # +2 dice: now Nonliving
    st2.script_dice([*faces(normal=(1, 2), critical=(2, 1), blank=2), 4])
    acts(st2, "attack 2 o3")
    assert st2.objs[3].damage == 6 and st2.objs[3].markers == {"daze": 1}


def test_push_effect_of_an_attack_spell() -> None:
    """MW-6.41: Jet Stream's band 11+ pushes and dazes; the push goes away from the caster
    (MW-X-7.17)."""
    st = duel([{**WOLF, "zone": "B1"}], players=({"planned": ["jet-stream"]}, {}))
    st.script_dice([*faces(blank=2), 11])
    acts(st, "cast jet-stream o3")
    assert st.objs[3].zone == "C1" and st.objs[3].markers == {"daze": 1}


# ------------------------------------------------------------------------------- multi-strike

def test_triplestrike_strikes_three_times() -> None:
    """MW-6.43, MW-6.44, MW-X-3.8, MW-X-3.9: Triplestrike gives two more strikes, each with
    only steps 4-6; MW-6.45 one barrier and one counterstrike at most."""
    st = duel([{"card": "darkfenne-hydra", "controller": 0, "zone": "A1"}, HYDRA], activate=3)
    st.script_dice(faces(critical=(1, 1, 1), normal=(), blank=6))
    acts(st, "attack 2 o4")
    assert dice_rolled(st) == [3, 3, 3] and st.objs[4].damage == 3
    assert ask(st) == "CounterAsk"


# ------------------------------------------------------------------------------- barriers

DEMONHIDE = {"card": "demonhide-armor", "host": 2}


def test_damage_barrier_answers_a_melee_hit() -> None:
    """MW-6.47, MW-6.48, MW-B2, MW-X-3.13: a melee hit meets the defender's barrier at once
    (MW-6.53), steps 5-6 only; MW-6.51 Unavoidable; MW-6.54 the barrier is the attacker;
    MW-S2 Critical Damage goes through armor; MW-6.56 the wolf's armor would count; MW-B7,
    MW-C2 the barrier is no Defense (no avoid roll)."""
    st = duel([{"card": "timber-wolf", "controller": 0, "zone": "A1"}, DEMONHIDE], activate=3)
    st.script_dice([*faces(critical=(1,), blank=3), *faces(normal=(2,))])
    acts(st, "attack 1 o2")
    assert st.objs[2].damage == 1 and st.objs[3].damage == 2
    assert events(st, "barrier")[-1].rule == "MW-6.47"


def test_no_barrier_without_a_hit_or_for_ranged() -> None:
    """MW-6.47: a miss sets off no barrier; MW-6.10, MW-6.49, MW-6.50, MW-6.62, MW-B1, MW-C22
    ranged attacks skip steps 8 and 9 but do apply damage."""
    st = duel([{"card": "timber-wolf", "controller": 0, "zone": "A1", "markers": {"daze": 1}},
               DEMONHIDE], activate=3)
    st.script_dice([2])
    acts(st, "attack 1 o2")
    assert not events(st, "barrier")
    st2 = duel([{"card": "royal-archer", "controller": 0, "zone": "A2"}, DEMONHIDE,
                {"card": "darkfenne-hydra", "controller": 1, "zone": "A1"}], activate=3)
    st2.script_dice(faces(critical=(1,), blank=3))
    acts(st2, "attack 1 o2")
    assert st2.objs[2].damage == 1 and not events(st2, "barrier")


@pytest.mark.parametrize(("limit", "second"), [("per_round", False),
                                               ("per_attack_action", True)])
def test_barrier_once_per_round(limit: str, second: bool) -> None:
    """MW-6.57, MW-B3: a barrier attacks a given attacker once per round (option: once per
    attack action)."""
    st = duel([{"card": "timber-wolf", "controller": 0, "zone": "A1"}, DEMONHIDE], activate=3,
              damage_barrier_limit=limit)
    st.script_dice([*faces(critical=(1,), blank=3), 1])
    acts(st, "attack 1 o2")
    combat.start_attack(st, 3, traits.attacks(st, 3)[0], 2, out_of_turn=True)
    st.script_dice([*faces(critical=(1,), blank=3), 1])
    run(st)
    assert len(events(st, "barrier")) == (2 if second else 1)


@pytest.mark.parametrize(("targets", "fires"), [("any", True), ("enemy", False)])
def test_barrier_against_friends(targets: str, fires: bool) -> None:
    """MW-C9: by default a barrier answers any melee attacker, friendly ones too; the option
    limits it to enemies."""
    st = duel([{"card": "timber-wolf", "controller": 1, "zone": "A1"}, DEMONHIDE],
              activate=3, damage_barrier_targets=targets)
    st.script_dice([*faces(critical=(1,), blank=3), 1])
    acts(st, "attack 1 o2")
    assert bool(events(st, "barrier")) is fires


def barrier_card(st: MageWarsState, effects: tuple[data.EffectBand, ...] = ()) -> None:
    """A test enchantment with a 2-die Lightning Damage Barrier (Circle of Lightning is not in
    the apprentice data)."""
    bar = data.Attack(data.Text("Test barrier", "Test barrier"), None, "damage-barrier", None,
                      2, "lightning", effects, (), (), False)
    fake_card(st, "rhino-hide", "test-circle", attacks=(bar,), grants=(
        data.Grant("bearer", None, None, (U("damage-barrier"),)),))


def test_barrier_of_a_fallen_creature_and_the_first_barrier() -> None:
    """MW-6.55: the barrier attacks even if its creature was destroyed by the attack;
    MW-6.58 only the first barrier gained counts."""
    st = duel([{**WOLF, "damage": 9}], activate=1)
    barrier_card(st)
    fake_card(st, "test-circle", "test-circle-2")
    first = st.new_obj("test-circle", "enchantment", 1, 1, host=3).oid
    st.new_obj("test-circle-2", "enchantment", 1, 1, host=3)
    assert traits.barrier(st, 3) == ("test-circle", 0, first)
    st.script_dice([*faces(critical=(1,), blank=2), *faces(critical=(1,), blank=1)])
    acts(st, "attack 1 o3")
    assert 3 not in st.objs and st.objs[1].damage == 1
    assert events(st, "barrier")[-1].data["source"] == first


def test_barrier_conditions_wait_for_the_next_turn() -> None:
    """MW-X-5.8, MW-3.36, MW-6.70: a Stun from the barrier during the attacker's own turn does
    not leave at the end of that turn; the attacker is Incapacitated through its next turn."""
    st = duel([HYDRA], activate=1)
    barrier_card(st, (data.EffectBand(9, None, ("stun",)),))
    st.new_obj("test-circle", "enchantment", 1, 1, host=3)
    st.script_dice([*faces(critical=(1,), blank=2), *faces(blank=2), 9])
    acts(st, "attack 1 o3")
    if ask(st) == "CounterAsk":
        acts(st, "no-counterstrike")
    assert st.objs[1].markers == {"stun": 1} and traits.is_incapacitated(st, 1)


def test_barrier_is_not_changed_by_the_protected_creature(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.54: Melee +X, Weak and the like of the protected creature do nothing to its
    barrier; MW-6.52 a barrier attack sets off no other barrier or counterstrike; MW-6.56 the
    struck attacker's traits do (Lightning +2 on Brogan: 4 dice)."""
    st = duel([{"card": "brogan-bloodstone", "controller": 0, "zone": "A1"},
               {**HYDRA, "markers": {"weak": 2}}], activate=3)
    barrier_card(st)
    st.new_obj("test-circle", "enchantment", 1, 1, host=4)
    st.script_dice([*faces(blank=4), *faces(blank=4)])
    acts(st, "attack 1 o4")
    assert dice_rolled(st) == [4, 4]


# ------------------------------------------------------------------------------- counterstrikes

def test_counterstrike() -> None:
    """MW-6.59, MW-X-3.14: after a melee attack the Hydra may answer with its quick bite, at
    the attacker (MW-6.67, MW-B6), even after a miss (MW-6.60); MW-6.61 it runs from step 1;
    MW-6.66 optional; MW-B9 it closes no turn: the Hydra stays active (MW-6.123)."""
    st = duel([HYDRA], players=({"markers": {"daze": 1}}, {}))
    st.script_dice([2])                                  # the mage misses
    acts(st, "attack 1 o3")
    assert options(st) == ["counterstrike 1", "no-counterstrike"]
    st.script_dice(faces(critical=(1, 1), blank=2))
    acts(st, "counterstrike 1")
    assert st.objs[1].damage == 2 and st.objs[3].active
    assert events(st, "counterstrike")[-1].data["target"] == 1


def test_no_counterstrike_against_a_counterstrike() -> None:
    """MW-6.61, MW-6.65: a counterstrike skips step 9, and one counterstrike per attack;
    MW-6.116, MW-6.129 a guarding creature's quick melee attacks have Counterstrike."""
    st = duel([{"card": "darkfenne-hydra", "controller": 0, "zone": "A1"},
               {**WOLF, "guard": True}], activate=3)
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    st.script_dice(faces(blank=4))
    acts(st, "counterstrike 1")
    assert len(events(st, "counterstrike")) == 1 and ask(st) != "CounterAsk"
    assert not st.objs[4].guard


def test_no_counterstrike_when_incapacitated_or_full() -> None:
    """MW-X-6.37: an Incapacitated defender cannot counterstrike; MW-X-6.40 its barrier still
    works; MW-6.64 a full melee attack never counterstrikes (the Hydra's Triple Bite)."""
    st = duel([{**HYDRA, "markers": {"stun": 1}}])
    st.script_dice(faces(blank=3))
    acts(st, "attack 1 o3")
    assert not events(st, "counterstrike") and ask(st) != "CounterAsk"
    assert combat.counterstrikes(duel([HYDRA]), 3, 1)[0].index == 1


def test_counterstrike_needs_the_attacker_in_reach() -> None:
    """MW-B6: when the attacker can no longer be attacked in melee (pushed away), no
    counterstrike."""
    st = duel([HYDRA])
    st.relocate(1, "A2")
    assert combat.counterstrikes(st, 3, 1) == []


# ------------------------------------------------------------------------------- cancellation

def test_an_unpaid_attack_cost_cancels(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.20, MW-6.18: a cost that cannot be paid cancels the attack; the action is spent."""
    monkeypatch.setattr(hooks, "declare_cost", lambda st, info: 99)
    st = duel([WOLF])
    acts(st, "attack 1 o3")
    assert events(st, "attack-cancelled")[-1].rule == "MW-6.20"
    assert dice_rolled(st) == [] and events(st, "turn-end")


def test_a_paid_attack_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.20: the cost is paid in Pay Costs and the attack goes on."""
    monkeypatch.setattr(hooks, "declare_cost",
                        lambda st, info: 2 if not info.is_counterstrike else 0)
    st = duel([WOLF], players=({"mana": 5}, {}))
    st.script_dice(faces(blank=3))
    acts(st, "attack 1 o3")
    assert st.players[0].mana == 3 and dice_rolled(st) == [3]


def test_a_moved_defender_cancels(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.19, MW-6.32, MW-X-3.19: a defender relocated mid-attack (teleported to its own zone,
    even) cancels the attack; it did not hit and nothing else happens; MW-6.17 before that,
    the menu is free."""
    def teleport_away(st: MageWarsState, info: combat.AttackInfo) -> int:
        displace.teleport(st, info.defender, "A1", "MW-X-7.27")
        return 0

    monkeypatch.setattr(hooks, "declare_cost", teleport_away)
    st = duel([HYDRA])
    acts(st, "attack 1 o3")
    assert events(st, "attack-cancelled")[-1].rule == "MW-6.19"
    assert not events(st, "counterstrike") and ask(st) != "CounterAsk"


# ------------------------------------------------------------------------------- zone attacks

def test_zone_attack_hits_everything_in_the_zone() -> None:
    """MW-6.74, MW-6.75, MW-6.78, MW-B10, MW-C21, MW-X-3.5, MW-X-3.7: Firestorm on the caster's
    own zone attacks every creature there, the caster included, each with its own dice and
    effect die; MW-6.79 the attacker orders them, MW-6.68 each after the other; MW-6.76,
    MW-X-3.6 Unavoidable; MW-6.71,
    MW-6.72, MW-6.73 an attack spell is ranged; MW-B11 steps 5-6 per defender."""
    st = duel([WOLF], players=({"planned": ["firestorm"], "mana": 20}, {}))
    acts(st, "cast firestorm A1")
    from tests.mage_wars.mwkit import pass_windows

    pass_windows(st)
    assert ask(st) == "OrderAsk" and options(st) == ["choose o1", "choose o2", "choose o3"]
    st.script_dice([*faces(blank=5), 1, *faces(blank=5), 1, *faces(blank=5), 1])
    acts(st, "choose o3", "choose o1")
    assert dice_rolled(st) == [5, 5, 5]
    assert [e.data["oid"] for e in events(st, "hit")] == [3, 1, 2]


def test_zone_attack_sparing_its_caster_and_the_immune() -> None:
    """MW-B10: Electrify spares its caster (`excludes_caster`); MW-6.114 an immune defender is
    left alone and the attack goes on; MW-6.80 walls are never in a zone."""
    st = duel([{"card": "flaming-hellion", "controller": 1, "zone": "A1"}],
              players=({"planned": ["electrify", "firestorm"], "mana": 20}, {}))
    acts(st, "cast electrify A1")
    from tests.mage_wars.mwkit import pass_windows

    pass_windows(st)
    assert options(st) == ["choose o2", "choose o3"]
    st.script_dice([*faces(blank=4), 1, *faces(blank=4), 1])
    acts(st, "choose o2")
    assert [e.data["oid"] for e in events(st, "hit")] == [2, 3]


def test_zone_attack_rolls_to_miss_once() -> None:
    """MW-6.24, MW-6.77, MW-X-6.10: a Dazed caster rolls once for the whole zone; a miss spares
    every defender."""
    st = duel([WOLF], players=({"planned": ["firestorm"], "markers": {"daze": 1}, "mana": 20}, {}))
    acts(st, "cast firestorm A1")
    st.script_dice([3])
    from tests.mage_wars.mwkit import pass_windows

    pass_windows(st)
    assert dice_rolled(st) == [] and len([e for e in events(st, "roll")
                                          if e.rule == "MW-6.23"]) == 1


def test_zone_attack_and_ranged_plus() -> None:
    """MW-6.81: Ranged +X never adds dice to a zone attack (no apprentice card has Ranged +X:
    a temporary grant here)."""
    st = duel([], players=({"planned": ["firestorm"], "mana": 20}, {}))
    traits.add_temp(st, 1, "ranged", 3, "end-of-round")
    st.script_dice([*faces(blank=5), 1, *faces(blank=5), 1])
    acts(st, "cast firestorm A1")
    from tests.mage_wars.mwkit import pass_windows

    pass_windows(st)
    if ask(st) == "OrderAsk":
        acts(st, "choose o1")
    assert dice_rolled(st) == [5, 5]


# ------------------------------------------------------------------------------- more

def test_attack_bars_and_damage_types() -> None:
    """MW-6.7, MW-6.108: an attack bar has its action, kind, dice, damage type and effect box
    (Fireball: 6 Flame dice, 4-10 Burn, 11+ two Burns); MW-6.112, MW-S7 every apprentice attack
    deals a type of the seed's list or none."""
    fireball = data.shipped().card("fireball").attacks[0]
    assert (fireball.kind, fireball.dice, fireball.damage_type) == ("ranged", 6, "flame")
    assert fireball.effect_for(11) == ("burn", "burn") and fireball.effect_for(3) == ()
    seed = {"flame", "hydro", "light", "lightning", "poison", "psychic", "wind", None}
    assert {a.damage_type for c in data.shipped().cards for a in c.attacks} <= seed


def test_defrost_and_frost_do_nothing() -> None:
    """MW-X-4.15, MW-S3: Defrost and Frost modifiers change nothing in Apprentice mode: the
    imp's flame claws (Defrost) against a mage in Bearskin (Frost −2) roll their 2 dice."""
    st = duel([{"card": "firebrand-imp", "controller": 0, "zone": "A1"},
               {"card": "bearskin", "host": 2}], activate=3)
    st.script_dice([*faces(blank=2), 1])
    acts(st, "attack 1 o2")
    assert dice_rolled(st) == [2]


def test_poison_conditions_from_typeless_attacks() -> None:
    """MW-X-9.4, MW-X-5.6: the Gorgon Archer's typeless bow leaves Weak (a poison condition) on
    a Living wolf, not on a Nonliving skeleton, whose damage it still deals."""
    st = duel([{"card": "gorgon-archer", "controller": 0, "zone": "A2"},
               {**WOLF, "zone": "A1"}], activate=3)
    st.script_dice([*faces(blank=4), 4])
    acts(st, "attack 1 o4")
    assert st.objs[4].markers == {"weak": 1}
    st2 = duel([{"card": "gorgon-archer", "controller": 0, "zone": "A2"},
                {"card": "skeletal-sentry", "controller": 1, "zone": "A1"}], activate=3)
    st2.script_dice([*faces(critical=(2,), blank=3), 10])
    acts(st2, "attack 1 o4")
    assert st2.objs[4].markers == {} and st2.objs[4].damage == 2


def test_attacking_what_is_attached_to_oneself() -> None:
    """MW-6.119: whatever the guards, a creature may attack an object attached to itself (a
    conjuration stuck on it)."""
    st = duel([{**WOLF, "guard": True}])
    fake_card(st, "timber-wolf", "test-vine", type="conjuration", attacks=())
    vine = st.new_obj("test-vine", "conjuration", 1, 1, host=1).oid
    assert combat.melee_targets(st, 1, traits.attacks(st, 1)[0]) == [3, vine, 1]


def test_elusive_attackers_and_pest_guards(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.130: an Elusive attacker may ignore guards; MW-6.133 a guarding Pest can be
    ignored (no apprentice card has either: script grants)."""
    st = duel([{**WOLF, "guard": True}, {"card": "timber-wolf", "controller": 0, "zone": "A1"}])
    grant(monkeypatch, (4, U("elusive")))
    st.changed()
    assert combat.melee_targets(st, 4, traits.attacks(st, 4)[0]) == [1, 2, 3, 4]
    assert combat.melee_targets(st, 1, traits.attacks(st, 1)[0]) == [3, 1]
    grant(monkeypatch, (3, U("pest")))
    st.changed()
    assert combat.melee_targets(st, 1, traits.attacks(st, 1)[0]) == [2, 3, 4, 1]


def test_start_attack_returns_its_result() -> None:
    """MW-6.9: `start_attack` runs a whole attack; `st.ret` then holds ("attack", hit,
    damage); MW-B9 an attack made out of turn closes no turn."""
    st = duel([WOLF])
    combat.start_attack(st, 1, traits.attacks(st, 1)[0], 3, out_of_turn=True)
    st.script_dice(faces(normal=(2, 2), critical=(1,)))
    run(st)
    assert st.ret == ("attack", True, 3) and ask(st) == "MenuAsk"
    assert not events(st, "turn-end")
