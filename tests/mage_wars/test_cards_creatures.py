"""Creatures of the apprentice books: each is summoned by casting it from a planned spell
(MW-5.21, MW-5.22: into the caster's zone, with its action marker inactive, MW-3.33), then
shown doing what defines it: an attack bar through combat (MW-6.9) or a trait (MW-3.16), with
scripted dice (attack die = d6, MW-S1; effect die = d12).

Abilities and auras are CARDS-1's scripts and data; these tests only check that the data reaches
the rules. Default scenario: seat 0 is the warlock (o1), seat 1 the beastmaster (o2); the
apprentice arena has rows A-C and columns 1-2.
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_wars import data, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.rules import damage
from tests.mage_wars.mwkit import acts, ask, events, faces, options, scenario

CREATURES = ("asyran-cleric", "bitterwood-fox", "brogan-bloodstone", "dark-pact-slayer",
             "darkfenne-hydra", "emerald-tegu", "firebrand-imp", "flaming-hellion",
             "goran-werewolf-pet", "gorgon-archer", "highland-unicorn", "mana-leech",
             "redclaw-alpha-male", "royal-archer", "skeletal-sentry", "steelclaw-grizzly",
             "stonegaze-basilisk", "timber-wolf")


def attack_rolls(st: Any) -> list[int]:
    """How many attack dice each attack rolled (MW-6.27)."""
    return [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"]


def fight(card: str, foe: str | None = "timber-wolf", *, me_zone: str = "A1",
          foe_zone: str = "A1", extra: list[dict[str, Any]] | None = None,
          **player: Any) -> Any:
    """`card` (o3, seat 0) at its action menu (MW-4.2); `foe` (o4, seat 1) in `foe_zone`."""
    objects = [{"card": card, "controller": 0, "zone": me_zone}]
    if foe is not None:
        objects.append({"card": foe, "controller": 1, "zone": foe_zone})
    return scenario({"phase": "menu", "activate": 3,
                     "players": [{"zone": "C1", **player}, {"zone": "C2"}],
                     "objects": objects + (extra or [])})


# ---------------------------------------------------------------------------- summoning

@pytest.mark.parametrize("card", CREATURES)
def test_each_creature_is_summoned_by_casting_it(card: str) -> None:
    """MW-5.21, MW-5.22: a full action casts the planned creature at range 0, into the caster's
    zone; the cost is paid (MW-5.12) and the creature enters inactive (MW-3.33)."""
    cls = "warlock" if card == "goran-werewolf-pet" else "beastmaster"
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"class": cls, "zone": "B1", "mana": 30, "planned": [card]},
                               {"zone": "C2"}]})
    assert [o for o in options(st) if o.startswith(f"cast {card}")] == [f"cast {card} B1"]
    acts(st, f"cast {card} B1")
    new = st.objs[3]
    assert (new.card, new.kind, new.zone, new.controller, new.active) == (
        card, "creature", "B1", 0, False)
    assert st.players[0].mana == 30 - int(st.card(card).cost.cast or 0)
    assert events(st, "summon")[0].rule == "MW-5.22"
    assert card not in st.players[0].planned


@pytest.mark.parametrize("card", CREATURES)
def test_each_creature_is_implemented(card: str) -> None:
    """Every creature is data only or has a script (the Asyran Cleric's Healing Light)."""
    assert registry.implemented(card)


# ---------------------------------------------------------------------------- restrictions

def test_legendary_creatures_allow_one_copy_in_play() -> None:
    """MW-X-11.3: while Brogan is in play nobody may cast another Brogan, whoever owns it."""
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"zone": "A1", "mana": 30, "planned": ["brogan-bloodstone"]},
                               {"zone": "C2"}],
                   "objects": [{"card": "brogan-bloodstone", "controller": 1, "zone": "C2"}]})
    assert not any(o.startswith("cast brogan-bloodstone") for o in options(st))
    damage.destroy(st, 3, "MW-X-8.2")
    st.changed()
    assert "cast brogan-bloodstone A1" in options(st)


def test_goran_is_for_warlocks_only() -> None:
    """MW-X-11.7, MW-S4: a beastmaster cannot cast Goran, Werewolf Pet."""
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"class": "beastmaster", "zone": "A1", "mana": 30,
                                "planned": ["goran-werewolf-pet"]}, {"zone": "C2"}]})
    assert not any(o.startswith("cast goran") for o in options(st))


# ---------------------------------------------------------------------------- each creature

def test_asyran_cleric_staff_and_healing_light() -> None:
    """The cleric's staff: a quick 2-die melee attack (MW-6.6); its Healing Light heals a Living
    creature at range 0-1 by 1 die (MW-6.104)."""
    st = fight("asyran-cleric")
    st.script_dice(faces(normal=(2, 2)))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [2] and st.objs[4].damage == 2
    st = fight("asyran-cleric", extra=[{"card": "timber-wolf", "controller": 0, "zone": "B1",
                                        "damage": 4}])
    st.script_dice(faces(critical=(2,)))
    acts(st, "ability healing-light o5")
    assert st.objs[5].damage == 2


def test_bitterwood_fox_moves_twice_and_bites() -> None:
    """Fast (MW-X-7.8): two moves, then the quick 3-die bite."""
    st = fight("bitterwood-fox", foe_zone="B2")
    acts(st, "move B1", "move B2")
    st.script_dice(faces(normal=(2, 2, 1)))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [3] and st.objs[4].damage == 3


def test_brogan_bloodstone_vorpal_blade_pierces_three() -> None:
    """Vorpal Blade: 4 dice, Piercing +3 (MW-X-4.4) against the Tegu's armor 3; Lightning +2
    on Brogan himself (MW-X-4.7)."""
    st = fight("brogan-bloodstone", "emerald-tegu")
    st.script_dice(faces(normal=(2, 2), blank=2))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 4
    assert traits.traits(st, 3).dmg_mod("lightning") == 2


def test_dark_pact_slayer_hellsword_pierces_two() -> None:
    """Hellsword: 4 dice, Piercing +2 against the wolf's armor 2; Flame −2 (MW-X-4.7)."""
    st = fight("dark-pact-slayer")
    st.script_dice(faces(normal=(1, 1, 1), blank=1))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 3
    assert traits.traits(st, 3).dmg_mod("flame") == -2


def test_darkfenne_hydra_triple_bite_and_slow() -> None:
    """Triple Bite: a full action of three 3-die strikes (MW-6.43, MW-6.44); Slow (MW-X-7.9)
    and Regenerate 2 (MW-6.100)."""
    st = fight("darkfenne-hydra", "steelclaw-grizzly")
    st.script_dice(faces(normal=(2, 2, 2)) * 3)
    acts(st, "attack 2 o4")
    assert attack_rolls(st) == [3, 3, 3] and st.objs[4].damage == 9
    t = traits.traits(st, 3)
    assert t.has("slow") and t.value("regenerate") == 2


def test_darkfenne_hydra_snapping_bite_counterstrikes() -> None:
    """Snapping Bite has Counterstrike (MW-6.59): attacked in melee, the hydra answers."""
    st = scenario({"phase": "menu", "activate": 3,
                   "players": [{"zone": "C1"}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"},
                               {"card": "darkfenne-hydra", "controller": 1, "zone": "A1"}]})
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o4")
    assert ask(st) == "CounterAsk" and options(st) == ["counterstrike 1", "no-counterstrike"]


def test_emerald_tegu_bite_rots_on_eight() -> None:
    """Venomous Bite: 3 dice; 8+ on the effect die places Rot (MW-6.40)."""
    st = fight("emerald-tegu")
    st.script_dice([*faces(normal=(2, 1), blank=1), 8])
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 1 and st.objs[4].markers == {"rot": 1}


def test_firebrand_imp_claws_burn_and_it_ignores_flame() -> None:
    """Hellfire Claws: 2 Flame dice, 8+ Burns; the imp is immune to Flame (MW-X-9.1)."""
    st = fight("firebrand-imp")
    st.script_dice([*faces(critical=(1,), blank=1), 8])
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 1 and st.objs[4].markers == {"burn": 1}
    assert traits.traits(st, 3).immune("flame")


def test_flaming_hellion_flameblast_reaches_exactly_one_zone() -> None:
    """Its Flameblast is a full-action ranged attack at range 1-1 (MW-6.14): not the wolf in
    its own zone, the one next door; 5-9 one Burn."""
    st = fight("flaming-hellion", extra=[{"card": "timber-wolf", "controller": 1,
                                          "zone": "B1"}])
    assert "attack 1 o4" not in options(st) and "attack 1 o5" in options(st)
    st.script_dice([*faces(normal=(2, 2, 2)), 5])
    acts(st, "attack 1 o5")
    assert st.objs[5].damage == 4 and st.objs[5].markers == {"burn": 1}


def test_goran_must_bite_the_wounded_and_gains_dice_near_its_mage() -> None:
    """Bloodthirsty +1 (MW-X-4.8, MW-X-4.9): a wounded Living enemy in its zone must be
    attacked; +1 die against it, and +1 more while in its mage's zone (its aura)."""
    st = scenario({"phase": "menu", "activate": 3,
                   "players": [{"zone": "A1"}, {"zone": "C2"}],
                   "objects": [{"card": "goran-werewolf-pet", "controller": 0, "zone": "A1"},
                               {"card": "timber-wolf", "controller": 1, "zone": "A1",
                                "damage": 1},
                               {"card": "bitterwood-fox", "controller": 1, "zone": "A1"}]})
    assert traits.traits(st, 3).value("bloodthirsty") == 2
    assert [o for o in options(st) if o.startswith("attack")] == ["attack 1 o4",
                                                                   "attack 2 o4"]
    st.script_dice(faces(blank=6))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [6]


def test_gorgon_archer_poison_bow_weakens() -> None:
    """Poison Bow: a full-action ranged attack at range 1-2, 4 dice; 4-9 one Weak."""
    st = fight("gorgon-archer", foe_zone="C1")
    assert "attack 1 o4" in options(st)
    st.script_dice([*faces(normal=(2, 2), blank=2), 4])
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 2 and st.objs[4].markers == {"weak": 1}


def test_highland_unicorn_charges_and_lends_regenerate() -> None:
    """Charge +2 after a move (MW-X-4.3); Regenerate 2, and Regenerate 1 to friendly Living
    creatures in its zone (the highest counts, MW-X-1.2)."""
    st = fight("highland-unicorn", foe_zone="B1",
               extra=[{"card": "timber-wolf", "controller": 0, "zone": "A1"}])
    assert traits.traits(st, 5).value("regenerate") == 1
    assert traits.traits(st, 3).value("regenerate") == 2
    acts(st, "move B1")
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [5]


def test_mana_leech_bite_drains_mana() -> None:
    """Leeching Bite: Mana Drain +1 (MW-X-4.12): the damaged creature's controller loses 1."""
    st = fight("mana-leech")
    st.script_dice(faces(critical=(1,), blank=1))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 1 and st.players[1].mana == 9
    assert traits.traits(st, 3).immune("psychic")


def test_redclaw_alpha_male_leads_other_canines() -> None:
    """Other friendly canines in its zone get Armor +1 and Melee +1; Redclaw's own bite is 5
    dice."""
    st = fight("redclaw-alpha-male", extra=[{"card": "timber-wolf", "controller": 0,
                                             "zone": "A1"}])
    assert traits.armor(st, 5) == 3 and traits.traits(st, 5).value("melee") == 1
    assert traits.armor(st, 3) == 3 and traits.traits(st, 3).value("melee") == 0
    st.script_dice(faces(normal=(2, 2, 2), blank=2))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 4


def test_royal_archer_longbow_pierces_at_range() -> None:
    """Longbow: full action, range 1-2, 4 dice, Piercing +1."""
    st = fight("royal-archer", foe_zone="B1")
    st.script_dice(faces(normal=(1, 1), blank=2))
    acts(st, "attack 1 o4")
    assert st.objs[4].damage == 1


def test_skeletal_sentry_is_nonliving() -> None:
    """Nonliving: Poison Immunity and Finite Life (MW-X-8.10), no healing (MW-6.103); Psychic
    Immunity; a 4-die short sword."""
    st = fight("skeletal-sentry")
    t = traits.traits(st, 3)
    assert not t.has("living") and t.immune("poison") and t.immune("psychic")
    st.objs[3].damage = 3
    assert damage.heal(st, 3, 2, "MW-6.99") == 0
    st.script_dice(faces(normal=(2, 2), blank=2))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [4] and st.objs[4].damage == 2


def test_steelclaw_grizzly_heavy_claw_strike() -> None:
    """Heavy Claw Strike: a full action of 7 dice with Piercing +1."""
    st = fight("steelclaw-grizzly")
    st.script_dice(faces(normal=(1, 1), blank=5))
    acts(st, "attack 2 o4")
    assert attack_rolls(st) == [7] and st.objs[4].damage == 1


def test_stonegaze_basilisk_gaze_cripples() -> None:
    """Paralysis Beam: a full-action ranged attack at range 0-2, 2 dice; 7+ Cripples, which
    Restrains (MW-X-6.18); the basilisk is Slow (MW-X-7.9)."""
    st = fight("stonegaze-basilisk", foe_zone="C1")
    st.script_dice([*faces(blank=2), 7])
    acts(st, "attack 1 o4")
    assert st.objs[4].markers == {"cripple": 1} and traits.is_restrained(st, 4)
    assert traits.traits(st, 3).has("slow")


def test_timber_wolf_bites_with_four_dice() -> None:
    """Bite: a quick 4-die melee attack; armor 2 stops normal points (MW-6.34)."""
    st = fight("timber-wolf")
    st.script_dice(faces(normal=(2, 1), critical=(1,), blank=1))
    acts(st, "attack 1 o4")
    assert attack_rolls(st) == [4] and st.objs[4].damage == 2


def test_every_creature_card_is_covered_here() -> None:
    """The creatures of the four books are exactly the list tested above (the Core Set's are
    in test_cards_core_creatures.py)."""
    books = {e.card for b in data.shipped().apprentice.spellbooks for e in b.entries}
    assert sorted(c.id for c in data.shipped().cards
                  if c.type == "creature" and c.id in books) == list(CREATURES)
