"""The Core Set's creatures and attack spells (issue 8): one scenario per card, with the Codex
keywords they bring: Sweeping (MW-X-3.10, MW-6.134), Ranged +X (MW-X-4.1), Tough -X
(MW-X-4.6), Rage +X (MW-X-8.11-MW-X-8.13, MW-C15), Taunt (MW-X-6.26-MW-X-6.28, MW-C17),
Elusive and Pest (MW-X-7.6, MW-X-7.7, MW-6.130, MW-6.133) and Climber (MW-X-7.11).

Scripted dice: attack die = d6 (MW-S1, `faces`), effect die = d12. Default scenario: seat 0
is the warlock (o1), seat 1 the beastmaster (o2); the apprentice arena has rows A-C and
columns 1-2.
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_wars import data, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.rules import activation, combat, damage, movement
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, ask, events, faces, options, scenario

SUMMONED = ("adramelech-lord-of-fire", "cervere-the-forest-shadow", "darkfenne-bat",
            "feral-bobcat", "knight-of-westlock", "moonglow-faerie", "samandriel-angel-of-light",
            "sosruko-ferret-companion", "thunderift-falcon", "whirling-spirit",
            "mountain-gorilla", "gray-angel", "tarok-the-skyhunter", "necropian-vampiress",
            "valshalla-lightning-angel", "blue-gremlin", "huginn-raven-familiar")


def attack_rolls(st: MageWarsState) -> list[int]:
    """How many attack dice each attack rolled (MW-6.27)."""
    return [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"]


def effects(st: MageWarsState) -> list[int | None]:
    """The modified effect roll of each hit (MW-6.30, MW-6.35)."""
    return [e.data["effect"] for e in events(st, "hit")]


def fight(card: str, foe: str | None = "timber-wolf", *, me_zone: str = "A1",
          foe_zone: str = "A1", extra: list[dict[str, Any]] | None = None,
          arena: str = "apprentice", **player: Any) -> MageWarsState:
    """`card` (o3, seat 0) at its action menu (MW-4.2); `foe` (o4, seat 1) in `foe_zone`."""
    objects: list[dict[str, Any]] = [{"card": card, "controller": 0, "zone": me_zone}]
    if foe is not None:
        objects.append({"card": foe, "controller": 1, "zone": foe_zone})
    far = "C4" if arena == "full" else "C2"
    return scenario({"phase": "menu", "activate": 3,
                     "players": [{"zone": "C1", **player}, {"zone": far}],
                     "objects": objects + (extra or [])}, arena=arena)


def mage_menu(me: dict[str, Any], objects: list[dict[str, Any]] | None = None,
              foe: dict[str, Any] | None = None) -> MageWarsState:
    """The mage o1 just activated, at its action menu (MW-4.2)."""
    return scenario({"phase": "menu", "activate": 1, "players": [me, foe or {"zone": "C2"}],
                     "objects": objects or []})


# ---------------------------------------------------------------------------- summoning

@pytest.mark.parametrize("card", SUMMONED)
def test_each_core_creature_is_summoned_by_casting_it(card: str) -> None:
    """MW-5.21, MW-5.22: the planned creature is cast at range 0 into the caster's zone, paid
    (MW-5.12), and enters inactive (MW-3.33); it is a card the engine carries out."""
    cls = {"sosruko-ferret-companion": "beastmaster",          # Beastmaster only
           "huginn-raven-familiar": "wizard"}.get(card, "warlock")   # Arcane mages only
    st = mage_menu({"class": cls, "zone": "B1", "mana": 40, "planned": [card]})
    acts(st, f"cast {card} B1")
    new = st.objs[3]
    assert (new.card, new.kind, new.zone, new.controller, new.active) == (
        card, "creature", "B1", 0, False)
    assert st.players[0].mana == 40 - int(st.card(card).cost.cast or 0)
    assert registry.implemented(card) and not data.shipped().card(card).pending


# ---------------------------------------------------------------------------- plain creatures

def test_darkfenne_bat_bite_rots_on_nine() -> None:
    """darkfenne-bat: a flyer's 2-die bite on a walker (MW-5.30); 9 or more gives Rot
    (MW-6.40, MW-X-6.21)."""
    st = fight("darkfenne-bat", "bitterwood-fox")
    st.script_dice([*faces(normal=(1, 1)), 9])
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [2] and st.objs[4].damage == 2
    assert st.objs[4].markers == {"rot": 1}
    assert traits.is_flying(st, 3)


def test_feral_bobcat_charges_and_defends_against_melee_only() -> None:
    """feral-bobcat: Charge +2 after a move (MW-X-4.3): 4 dice; its Defense (8+, once a round)
    works against melee attacks only (MW-6.85, MW-6.89)."""
    st = fight("feral-bobcat", "bitterwood-fox", foe_zone="B1")
    acts(st, "move B1")
    st.script_dice(faces(normal=(1, 1, 1, 1)))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [4] and st.objs[4].damage == 4
    st = fight("bitterwood-fox", "feral-bobcat")
    acts(st, "attack 1 o4")
    assert ask(st) == "DefenseAsk" and options(st) == ["defend o4", "no-defense"]
    st.script_dice([8])
    acts(st, "defend o4")
    assert st.objs[4].damage == 0 and events(st, "defense")[0].data["avoided"]
    assert [d.vs for d in combat.defense_sources(st, 4)] == ["melee"]


def test_knight_of_westlock_takes_thunderbolt_with_lightning_plus_two() -> None:
    """knight-of-westlock and thunderbolt: the bolt (range 0-3, 6 Lightning dice, Ethereal)
    rolls 2 more dice and 2 more on the effect against the knight's Lightning +2 (MW-X-4.7);
    4-6 Dazes; the knight may try his Defense (8+, MW-6.83) against it."""
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["thunderbolt"]},
                   [{"card": "knight-of-westlock", "controller": 1, "zone": "B1"}])
    acts(st, "cast thunderbolt o3")
    assert st.players[0].mana == 10
    assert ask(st) == "DefenseAsk"
    st.script_dice([*faces(normal=(1,) * 5, blank=3), 3])
    acts(st, "no-defense")
    assert attack_rolls(st) == [8] and effects(st) == [5]
    assert st.objs[3].damage == 2 and st.objs[3].markers == {"daze": 1}   # armor 3
    assert "thunderbolt" in st.players[0].discard


def test_thunderbolt_stuns_on_seven() -> None:
    """thunderbolt: 7 or more on the effect die Stuns (MW-6.40, MW-X-6.6)."""
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["thunderbolt"]},
                   [{"card": "timber-wolf", "controller": 1, "zone": "C1"}])
    st.script_dice([*faces(critical=(1,), blank=5), 7])
    acts(st, "cast thunderbolt o3")
    assert attack_rolls(st) == [6] and st.objs[3].markers == {"stun": 1}


def test_thunderift_falcon_flies_twice_then_strikes() -> None:
    """thunderift-falcon: Fast (MW-X-7.8) and Flying: two moves, then its 3-die beak."""
    st = fight("thunderift-falcon", foe_zone="C1")
    acts(st, "move B1", "move C1")
    assert not any(o.startswith("move") for o in options(st))          # no third move
    st.script_dice(faces(normal=(2, 2, 1)))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [3] and st.objs[4].damage == 3          # wolf armor 2


def test_ring_of_fire_burns_the_casters_zone_but_not_the_caster() -> None:
    """ring-of-fire: a zone attack on the caster's own zone (MW-6.78, MW-X-3.5), Unavoidable
    (MW-X-3.12): every creature there but the caster takes 5 Flame dice (MW-C21 overridden
    by the card, MW-1.2); 7-10 one Burn."""
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["ring-of-fire"]},
                   [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                    {"card": "bitterwood-fox", "controller": 0, "zone": "A1"}])
    acts(st, "cast ring-of-fire A1")
    assert ask(st) == "OrderAsk" and options(st) == ["choose o3", "choose o4"]
    st.script_dice([*faces(normal=(2, 1), blank=3), 8, *faces(blank=5), 2])
    acts(st, "choose o3")
    assert attack_rolls(st) == [5, 5] and not events(st, "defense")
    assert st.objs[3].damage == 1 and st.objs[3].markers == {"burn": 1}
    assert st.objs[4].damage == 0 and st.objs[1].damage == 0
    assert st.players[0].mana == 11


def test_whirling_spirit_is_incorporeal_and_blows_harder_at_spirits() -> None:
    """whirling-spirit: Incorporeal (MW-5.36: Nonliving, no armor) with Upkeep +1; its Ethereal
    Windstorm is +2 against an Incorporeal object (MW-6.29): 6 dice, every die counting
    (MW-X-4.14)."""
    st = fight("whirling-spirit", "whirling-spirit")
    st.script_dice([*faces(normal=(2, 2), blank=4), 3])
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [6] and st.objs[4].damage == 4
    t = traits.traits(st, 3)
    assert t.has("incorporeal") and not t.has("living") and t.value("upkeep") == 1
    assert traits.armor(st, 3) == 0


def test_samandriel_smites_dark_and_nonliving_creatures_harder() -> None:
    """samandriel-angel-of-light: the greatsword's +1 against Nonliving or Dark creatures
    (MW-6.29): 6 Light dice on a Dark bat, 5 on a wolf; 7-10 Dazes; Aegis 1 (MW-X-4.5)."""
    st = fight("samandriel-angel-of-light", "darkfenne-bat")
    st.script_dice([*faces(normal=(1,), blank=5), 8])
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [6] and st.objs[4].markers == {"daze": 1}
    st = fight("samandriel-angel-of-light")
    st.script_dice([*faces(blank=5), 2])
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [5]
    assert traits.traits(st, 3).value("aegis") == 1 and traits.traits(st, 3).immune("light")


# ---------------------------------------------------------------------------- Elusive and Pest

def test_cervere_is_elusive_no_enemy_hinders_it_and_it_ignores_guards() -> None:
    """cervere-the-forest-shadow, MW-X-7.6, MW-6.130: an Elusive creature leaves and enters
    zones with enemies without being hindered (MW-4.14), so Fast Cervere moves twice; and it
    may melee past an enemy guard it need not attack."""
    st = fight("cervere-the-forest-shadow", foe_zone="A1",
               extra=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    acts(st, "move B1")
    assert "move C1" in options(st) and not events(st, "hindered")
    st = fight("cervere-the-forest-shadow", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1", "guard": True}])
    assert {"attack 1 o4", "attack 1 o5"} <= set(options(st))
    st = fight("timber-wolf", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1", "guard": True}])
    assert "attack 1 o4" not in options(st) and "attack 1 o5" in options(st)


def test_sosruko_is_a_pest_that_hinders_no_one() -> None:
    """sosruko-ferret-companion, MW-X-7.7: a Pest never hinders (MW-4.14): a wolf leaving
    Sosruko's zone keeps its second move; a fox there hinders."""
    st = fight("timber-wolf", "sosruko-ferret-companion")
    acts(st, "move B1")
    assert "move C1" in options(st) and not events(st, "hindered")
    st = fight("timber-wolf", "bitterwood-fox")
    acts(st, "move B1")
    assert "move C1" not in options(st) and events(st, "hindered")


def test_moonglow_faerie_guarding_pest_can_be_ignored_and_zaps_spirits() -> None:
    """moonglow-faerie, MW-6.133, MW-X-7.7: a guarding Pest (grounded, MW-6.136) may be
    ignored: the wolf may attack the fox beside it. Its Ethereal Zap is +2 against an
    Incorporeal object (MW-6.29): 4 dice on a Whirling Spirit."""
    st = fight("timber-wolf", "moonglow-faerie", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1"}])
    st.objs[4].guard = True
    st.changed()
    assert {"attack 1 o4", "attack 1 o5"} <= set(options(st))
    st = fight("moonglow-faerie", "whirling-spirit")
    st.script_dice(faces(normal=(2, 2, 2, 2)))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [4] and st.objs[4].damage == 8
    assert traits.traits(st, 3).has("pest")


# ---------------------------------------------------------------------------- Taunt

def taunted() -> MageWarsState:
    """Sosruko (o3, seat 0) bites a wolf (o4, seat 1) in A1 with 7 on the effect die: Taunt
    (MW-X-6.26). A fox (o5, seat 1) stands there too."""
    st = fight("sosruko-ferret-companion", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1"}])
    st.script_dice([*faces(normal=(1,), blank=1), 7])
    acts(st, "attack 1 o4")
    return st


def test_sosruko_taunts_and_the_taunted_wolf_must_bite_it() -> None:
    """MW-X-6.26, MW-X-6.27: the wolf takes a Taunt marker; in its next action turn it must
    melee-attack Sosruko (no move, no guard, no other target); the marker leaves at the end of
    its turn (MW-X-6.28)."""
    st = taunted()
    assert st.objs[4].markers == {"taunt": 1} and st.objs[4].memo["taunt_by"] == 3
    assert "activate o4" in options(st)
    acts(st, "activate o4")
    assert options(st) == ["attack 1 o3"]
    acts(st, "attack 1 o3")
    assert "taunt" in st.objs[4].markers
    st.script_dice(faces(blank=4))
    acts(st, "no-defense")                       # Sosruko could try its Defense (5+)
    assert "taunt" not in st.objs[4].markers


def test_taunt_leaves_when_sosruko_activates_first() -> None:
    """MW-X-6.28: Sosruko's own activation (MW-4.1) takes the Taunt marker off the wolf, even
    before the wolf's turn comes."""
    st = taunted()
    activation.begin(st, 3)
    assert "taunt" not in st.objs[4].markers


def test_taunt_and_bloodthirsty_let_the_controller_choose() -> None:
    """MW-X-6.27, MW-C10: a Bloodthirsty creature that is also Taunted picks among its forced
    targets: Sosruko or the wounded Living enemy."""
    st = fight("goran-werewolf-pet", "sosruko-ferret-companion", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1", "damage": 1}])
    st.objs[3].markers["taunt"] = 1
    st.objs[3].memo["taunt_by"] = 4
    st.changed()
    assert combat.forced_melee_targets(st, 3) == [4, 5]


def test_a_guard_other_than_sosruko_frees_the_taunted_creature() -> None:
    """MW-C17: with an enemy guard other than Sosruko in the zone, Sosruko is no legal melee
    target, so the Taunt forces nothing."""
    st = fight("timber-wolf", "sosruko-ferret-companion", extra=[
        {"card": "bitterwood-fox", "controller": 1, "zone": "A1", "guard": True}])
    st.objs[3].markers["taunt"] = 1
    st.objs[3].memo["taunt_by"] = 4
    st.changed()
    assert combat.forced_melee_targets(st, 3) == []
    st.objs[5].guard = False
    st.changed()
    assert combat.forced_melee_targets(st, 3) == [4]


# ---------------------------------------------------------------------------- Sweeping

def sweeper(*others: dict[str, Any]) -> MageWarsState:
    """Adramelech (o3, seat 0) in A1 with the given objects from o4 on."""
    return fight("adramelech-lord-of-fire", None, extra=list(others))


def wolf(seat: int = 1, **more: Any) -> dict[str, Any]:
    return {"card": "timber-wolf", "controller": seat, "zone": "A1", **more}


def test_adramelech_sweeps_two_targets_in_its_zone() -> None:
    """adramelech-lord-of-fire, MW-X-3.10, MW-X-3.9: Hellfire Sweep, a full action, attacks
    one target, then a new sequence from step 1 attacks another one in the zone (never the
    first); 4 Flame dice each, no Melee bonus carried over."""
    st = sweeper(wolf(), wolf())
    assert "attack 2 o4" in options(st)
    st.script_dice([*faces(critical=(2,), blank=3), 7, *faces(critical=(1,), blank=3), 2])
    acts(st, "attack 2 o4")
    assert attack_rolls(st) == [4, 4]
    assert [e.data["target"] for e in events(st, "attack")] == [4, 5]
    assert (st.objs[4].damage, st.objs[5].damage) == (2, 1)
    assert st.objs[4].markers == {"burn": 1} and not st.objs[5].markers


def test_sweeping_asks_for_the_second_target_when_several_remain() -> None:
    """MW-X-3.10: the attacker's controller picks the second target (`choose o<N>`)."""
    st = sweeper(wolf(), wolf(), wolf())
    st.script_dice([*faces(blank=4), 2])
    acts(st, "attack 2 o4")
    assert ask(st) == "SweepAsk" and options(st) == ["choose o5", "choose o6"]
    st.script_dice([*faces(blank=4), 2])
    acts(st, "choose o6")
    assert [e.data["target"] for e in events(st, "attack")] == [4, 6]


def test_sweeping_attacks_guards_first() -> None:
    """MW-6.134: enemy guards it cannot ignore come before any other creature: with two
    guards, both sweeps go to guards; the non-guard wolf is spared."""
    st = sweeper(wolf(), wolf(guard=True), wolf(guard=True))
    assert "attack 2 o4" not in options(st) and "attack 2 o5" in options(st)
    st.script_dice([*faces(blank=4), 2, *faces(blank=4), 2])
    acts(st, "attack 2 o5", "no-counterstrike")    # a guard may counterstrike (MW-6.116)
    assert [e.data["target"] for e in events(st, "attack")] == [5, 6]


def test_sweeping_with_no_second_target_cancels_the_second_attack() -> None:
    """MW-X-3.10: with no other valid target the second attack is cancelled."""
    st = sweeper(wolf())
    st.script_dice([*faces(blank=4), 2])
    acts(st, "attack 2 o4")
    assert attack_rolls(st) == [4]
    assert events(st, "attack-cancelled")[0].rule == "MW-X-3.10"


# ---------------------------------------------------------------------------- Ranged, Tough

def test_ranged_plus_x_adds_dice_to_ranged_attacks_only() -> None:
    """MW-X-4.1: Ranged +1 gives the archer's bow 5 dice instead of 4, not its melee attack;
    MW-X-3.6: never a zone attack (a mage's Firestorm keeps its 5 dice)."""
    st = fight("royal-archer", foe_zone="B1")
    traits.add_temp(st, 3, "ranged", 1, traits.TEMP_UNTIL_ROUND)
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [5]
    st = fight("royal-archer")
    traits.add_temp(st, 3, "ranged", 1, traits.TEMP_UNTIL_ROUND)
    st.script_dice(faces(blank=2))
    acts(st, "attack 2 o4")
    assert attack_rolls(st) == [2]
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["firestorm"]},
                   [wolf(zone="B1")])
    traits.add_temp(st, 1, "ranged", 1, traits.TEMP_UNTIL_ROUND)
    st.script_dice([*faces(blank=5), 2])
    acts(st, "cast firestorm B1")
    assert attack_rolls(st) == [5]


def test_tough_lowers_the_effect_roll_but_not_defense_rolls() -> None:
    """MW-X-4.6: Tough -2 takes 2 off the effect die of attacks on the creature (a Thunderbolt's
    7 becomes 5: Daze, not Stun); its Defense roll is not changed (MW-6.83)."""
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["thunderbolt"]},
                   [{"card": "feral-bobcat", "controller": 1, "zone": "B1"}])
    traits.add_temp(st, 3, "tough", -2, traits.TEMP_UNTIL_ROUND)
    st.script_dice([*faces(blank=6), 7])
    acts(st, "cast thunderbolt o3")
    assert effects(st) == [5] and st.objs[3].markers == {"daze": 1}
    st = fight("timber-wolf", "feral-bobcat")
    traits.add_temp(st, 4, "tough", -2, traits.TEMP_UNTIL_ROUND)
    acts(st, "attack 1 o4")
    st.script_dice([8])
    acts(st, "defend o4")
    assert events(st, "defense")[0].data["modifier"] == 0 and st.objs[4].damage == 0


# ---------------------------------------------------------------------------- Rage, Climber

def test_mountain_gorilla_rages_when_an_enemy_creature_hurts_it() -> None:
    """mountain-gorilla, MW-X-8.11, MW-C15: each enemy creature's attack that damages it gives
    a Rage marker; a damaging counterstrike-free bite of a wolf gives one, a harmless one
    none."""
    st = fight("timber-wolf", "mountain-gorilla")
    st.script_dice(faces(normal=(2, 2, 1), blank=1))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 3 and combat.rage(st, 4) == 1
    assert events(st, "rage")[0].rule == "MW-X-8.11"
    st = fight("timber-wolf", "mountain-gorilla")
    st.script_dice(faces(normal=(1,), blank=3))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 0 and combat.rage(st, 4) == 0


def test_rage_counts_attack_spells_not_direct_damage_and_stops_at_its_cap() -> None:
    """MW-C15: an enemy mage's attack spell counts (the mage is the attacking creature);
    direct damage gives none; at most X markers (Rage +3)."""
    st = mage_menu({"zone": "A1", "mana": 20, "planned": ["thunderbolt"]},
                   [{"card": "mountain-gorilla", "controller": 1, "zone": "B1"}])
    st.objs[3].memo["rage"] = 2
    st.script_dice([*faces(critical=(2,), blank=5), 1])
    acts(st, "cast thunderbolt o3")
    assert combat.rage(st, 3) == 3
    damage.deal(st, 3, 2, source=None, direct=True, rule="MW-6.97")
    assert combat.rage(st, 3) == 3
    st.objs[3].memo["rage"] = 1
    damage.deal(st, 3, 2, source=None, direct=True, rule="MW-6.97")
    assert combat.rage(st, 3) == 1


def test_rage_markers_are_melee_bonus_dice_and_leave_with_healing() -> None:
    """MW-X-8.12: each Rage marker is Melee +1 on the first melee strike (4 + 2 dice);
    MW-X-8.13: healing takes one off, and all of them once no damage is left."""
    st = fight("mountain-gorilla")
    st.objs[3].memo["rage"] = 2
    st.objs[3].damage = 5
    st.changed()
    st.script_dice(faces(blank=6))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [6]
    damage.heal(st, 3, 2, "MW-6.99")
    assert combat.rage(st, 3) == 1
    damage.heal(st, 3, 3, "MW-6.99")
    assert st.objs[3].damage == 0 and combat.rage(st, 3) == 0


def test_mountain_gorilla_climbs_over_a_wall() -> None:
    """MW-X-7.11: Climber's special full action takes the gorilla over the corporeal wall
    between A1 and B1, which a move cannot cross (MW-5.61); the turn then ends. A creature
    that is not a Climber gets no such action."""
    st = scenario({"phase": "menu", "activate": 3, "walls": [["A1", "B1"]],
                   "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [{"card": "mountain-gorilla", "controller": 0, "zone": "A1"}]})
    assert "move B1" not in options(st) and "climb B1" in options(st)
    acts(st, "climb B1")
    assert st.objs[3].zone == "B1" and st.acting != 3
    st = scenario({"phase": "menu", "activate": 3, "walls": [["A1", "B1"]],
                   "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"}]})
    assert not any(o.startswith("climb") for o in options(st))
    st = scenario({"phase": "menu", "activate": 3, "walls": [["A1", "B1"]],
                   "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [{"card": "mountain-gorilla", "controller": 0, "zone": "A1"}]})
    acts(st, "move A2")
    assert not any(o.startswith("climb") for o in options(st))     # a full action only


# ---------------------------------------------------------------------------- scripted creatures

def test_gray_angel_gives_itself_up_to_heal_anyone() -> None:
    """gray-angel: Redeeming Sacrifice, a full action (MW-4.9): a Living creature anywhere
    heals the total of 6 dice (MW-6.99, MW-6.104); then the angel is destroyed (MW-X-8.2)."""
    st = fight("gray-angel", extra=[{"card": "timber-wolf", "controller": 0, "zone": "C2",
                                     "damage": 8}])
    assert "ability redeeming-sacrifice o5" in options(st)
    assert "ability redeeming-sacrifice o3" not in options(st)
    st.script_dice(faces(normal=(2, 1), critical=(2,), blank=3))
    acts(st, "ability redeeming-sacrifice o5")
    assert st.objs[5].damage == 3 and 3 not in st.objs
    assert "gray-angel" in st.players[0].discard
    st = fight("gray-angel")
    acts(st, "move B1")
    assert not any(o.startswith("ability redeeming") for o in options(st))   # full action


def test_tarok_defends_only_against_flying_melee_attackers() -> None:
    """tarok-the-skyhunter: its Defense (7+, once a round) answers a flying creature's melee
    attack (MW-6.89) but not a walker's, here on Tarok guarding (grounded, MW-6.136); its
    beak is +2 against flyers (MW-6.29)."""
    st = fight("darkfenne-bat", "tarok-the-skyhunter")
    acts(st, "attack 1 o4")
    assert ask(st) == "DefenseAsk"
    st = fight("darkfenne-bat", "tarok-the-skyhunter")
    st.objs[4].guard = True
    st.changed()
    acts(st, "attack 1 o4")
    assert ask(st) == "DefenseAsk"
    st = fight("timber-wolf", "tarok-the-skyhunter")
    st.objs[4].guard = True
    st.changed()
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    assert not events(st, "defense") and ask(st) != "DefenseAsk"
    st = fight("tarok-the-skyhunter", "darkfenne-bat")
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [5]


def test_necropian_vampiress_pays_one_mana_to_fly() -> None:
    """necropian-vampiress: at her activation her controller may pay 1 mana: Flying until the
    end of the round (MW-5.26), spending no action; her Vampiric fangs then bite (MW-X-4.10)."""
    st = fight("necropian-vampiress", "darkfenne-bat", mana=5)
    assert "attack 1 o4" not in options(st)            # a walker cannot bite a flyer
    acts(st, "ability take-flight o3")
    assert st.players[0].mana == 4 and traits.is_flying(st, 3)
    assert "ability take-flight o3" not in options(st) and "attack 1 o4" in options(st)
    st.objs[3].damage = 4
    st.script_dice(faces(normal=(2, 2)))
    acts(st, "attack 1 o4")
    assert 4 not in st.objs and st.objs[3].damage == 2     # 4 dealt, capped at life left
    traits.end_of_round(st)
    assert not traits.is_flying(st, 3)
    st = fight("necropian-vampiress", mana=5)
    acts(st, "move B1")
    assert "ability take-flight o3" not in options(st)     # only when activated


def test_necropian_vampiress_flies_only_for_her_own_turn() -> None:
    """necropian-vampiress: the paid Flying lasts until the end of her action turn (MW-3.35),
    not the round: once her turn is over she is a walker again (MW-5.26)."""
    st = fight("necropian-vampiress", mana=5)
    acts(st, "ability take-flight o3")
    assert traits.is_flying(st, 3)
    st.script_dice(faces(normal=(1, 1, 1, 1, 1)))
    acts(st, "attack 1 o4")
    assert st.acting != 3 and not traits.is_flying(st, 3)


def test_valshalla_takes_wrath_when_an_enemy_kills_a_friend() -> None:
    """valshalla-lightning-angel: once a round, an enemy creature's attack destroying a
    friendly creature gives her a Wrath token, each worth Melee +1 (MW-X-4.2)."""
    st = scenario({"phase": "menu", "activate": 5, "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [
                       {"card": "valshalla-lightning-angel", "controller": 0, "zone": "A1"},
                       {"card": "bitterwood-fox", "controller": 0, "zone": "A1", "damage": 4},
                       {"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    st.script_dice(faces(normal=(2,), blank=3))
    acts(st, "attack 1 o4")
    assert 4 not in st.objs and st.objs[3].memo["wrath"] == 1
    assert traits.traits(st, 3).value("melee") == 1
    assert traits.traits(st, 3).value("aegis") == 1


def test_valshalla_takes_one_wrath_token_a_round() -> None:
    """valshalla-lightning-angel: a second friend falling the same round adds nothing."""
    st = scenario({"phase": "menu", "activate": 5, "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [
                       {"card": "valshalla-lightning-angel", "controller": 0, "zone": "A1"},
                       {"card": "bitterwood-fox", "controller": 0, "zone": "A1", "damage": 4},
                       {"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    st.objs[3].memo["wrath"] = 1
    st.once = st.once | {("wrath", 3)}
    st.script_dice(faces(normal=(2,), blank=3))
    acts(st, "attack 1 o4")
    assert 4 not in st.objs and st.objs[3].memo["wrath"] == 1


def test_blue_gremlin_pays_to_blink_from_zone_to_zone() -> None:
    """blue-gremlin: paid at its activation (1 mana), it is Fast (MW-X-7.8) and its moves are
    teleports (MW-X-7.25) for the round: through a wall, out of a zone with an enemy, no
    hindering; a Pest (MW-X-7.7) with a Defense (8+)."""
    st = scenario({"phase": "menu", "activate": 3, "walls": [["A1", "B1"]],
                   "players": [{"zone": "C1", "mana": 3}, {"zone": "C2"}],
                   "objects": [{"card": "blue-gremlin", "controller": 0, "zone": "A1"},
                               {"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    assert "move B1" not in options(st)
    acts(st, "ability blink o3")
    assert st.players[0].mana == 2 and "ability blink o3" not in options(st)
    acts(st, "move B1")
    assert st.objs[3].zone == "B1" and events(st, "teleport")[0].rule == "MW-X-7.25"
    assert "move C1" in options(st) and not events(st, "hindered")
    acts(st, "move C1")
    assert st.objs[3].zone == "C1" and not any(o.startswith("move") for o in options(st))
    assert traits.traits(st, 3).has("pest")
    st.round += 1
    assert not movement.teleport_moves(st, 3)          # over with the round


def raven() -> MageWarsState:
    """Huginn (o3, seat 0) at its menu in A1; a wolf (o4, seat 1) in B1 wearing a face-down
    Rhino Hide (o5); the warlock's mage in C1."""
    return scenario({"phase": "menu", "activate": 3,
                     "players": [{"zone": "C1"}, {"zone": "C2"}],
                     "objects": [{"card": "huginn-raven-familiar", "controller": 0, "zone": "A1"},
                                 {"card": "timber-wolf", "controller": 1, "zone": "B1"},
                                 {"card": "rhino-hide", "controller": 1, "host": 4,
                                  "face_up": False}]})


def test_huginn_looks_at_a_hidden_enchantment_for_its_controller_only() -> None:
    """huginn-raven-familiar: Raven's Eye, a quick action at range 0-2, looks at an enemy
    face-down enchantment: it stays face down (MW-5.78), seat 0's view now names it, seat 1's
    sees nothing new, and a resample for seat 0 keeps it (MW-5.78)."""
    from grimorio.core.state import resample, view

    st = raven()
    assert view(st, 0)["state"]["objects"][4]["card"] is None
    assert "ability ravens-eye o5" in options(st)
    acts(st, "ability ravens-eye o5")
    assert not st.objs[5].face_up
    assert view(st, 0)["state"]["objects"][4]["card"] == "rhino-hide"
    looked = events(st, "looked")
    assert looked[0].visible_to == frozenset({0}) and looked[0].rule == "MW-5.78"
    for n in range(6):
        twin = resample(st, 0, __import__("random").Random(n))
        assert isinstance(twin, MageWarsState) and twin.obj(5).card == "rhino-hide"
    assert view(st, 1)["state"]["objects"][4]["card"] == "rhino-hide"   # its own card


def test_huginn_casts_only_low_incantations_and_is_a_flying_pest() -> None:
    """huginn-raven-familiar: a familiar (MW-5.41) holding only incantations (data) of level 2
    or less (the card's limit); a flying Pest with channeling 1 (MW-X-7.7, MW-X-12.1)."""
    from grimorio.games.mage_wars.rules import casters

    st = raven()
    use = casters.printed(st, 3, "familiar")
    assert use is not None
    assert casters.fits(st, use, "heal", holder=3)
    assert not casters.fits(st, use, "drain-life", holder=3)          # level 3
    assert not casters.fits(st, use, "bear-strength", holder=3)       # an enchantment
    t = traits.traits(st, 3)
    assert t.has("pest") and traits.is_flying(st, 3) and t.value("channeling") == 1


def test_a_climber_crossing_a_passage_attack_wall_is_attacked_first(monkeypatch: Any) -> None:
    """MW-X-7.11, MW-5.62: climbing runs the move sequence, so a Passage Blocked wall that also
    has Passage Attack (a test-only thorny stone wall) attacks the gorilla in step 4 before it
    goes over; a wall is no creature, so it gives no Rage."""
    from grimorio.games.mage_wars.rules import walls
    from tests.mage_wars.mwkit import shared_fake_card

    thorns = data.shipped().card("wall-of-thorns")
    shared_fake_card(monkeypatch, "wall-of-thorns", "thorn-stone",
                     traits=(*thorns.traits, data.TraitUse("passage-blocked")))
    st = scenario({"phase": "menu", "activate": 3,
                   "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [{"card": "mountain-gorilla", "controller": 0, "zone": "A1"}]})
    walls.place(st, "thorn-stone", 1, frozenset({"A1", "B1"}))
    st.changed()
    assert "climb B1" in options(st) and "move B1" not in options(st)
    st.script_dice(faces(critical=(1, 1)))
    acts(st, "climb B1")
    assert events(st, "passage-attack")[0].data["oid"] == 3
    assert st.objs[3].zone == "B1" and st.objs[3].damage == 2
    assert combat.rage(st, 3) == 0                  # a wall is no creature (MW-C15)
