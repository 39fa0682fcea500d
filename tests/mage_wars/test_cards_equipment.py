"""Equipment cards (effects/equipment.py and the data-only ones), and the creature abilities of
effects/creatures.py (Healing Light, auras): one scenario or more per card.

Equipment hangs on its mage and works for its wearer (MW-5.104, MW-5.107); its attack bars join
the mage's attack list after the basic attack (MW-5.112): `attack 2 …` is the first equipment
attack. Dice are scripted (`faces`).
"""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    attack,
    dice_rolled,
    events,
    faces,
    menu,
    options,
    pass_windows,
    scenario,
)

WOLF = "timber-wolf"        # 10 life, armor 2, a quick 4-die melee bite


def hits(st: MageWarsState) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events(st, "hit")]


# ---------------------------------------------------------------------------- armor and types

def test_bearskin_armor_plus_two() -> None:
    """MW-5.104, MW-X-3.16: Bearskin gives its wearer Armor +2 (Frost −2 changes nothing,
    MW-S3): the wolf's 6 normal points do 4."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "bearskin", "controller": 0, "host": 1}], 3)
    assert traits.armor(st, 1) == 2
    attack(st, "attack 1 o1", *faces(normal=(2, 2, 2), blank=1))
    assert st.obj(1).damage == 4


def test_dragonscale_hauberk_flame_minus_two() -> None:
    """MW-X-4.7, MW-6.109: Flame −2 takes 2 dice off the Hellion's flame trident; Armor +2."""
    st = menu([{"card": "flaming-hellion", "controller": 1, "zone": "A1"},
               {"card": "dragonscale-hauberk", "controller": 0, "host": 1}], 3)
    assert traits.armor(st, 1) == 2
    index = next(r.index for r in traits.attacks(st, 3) if r.attack.kind == "melee")
    attack(st, f"attack {index} o1", *faces(normal=(2, 2)), 1)
    assert dice_rolled(st) == [2]
    assert st.obj(1).damage == 2


def test_elemental_cloak_against_lightning() -> None:
    """MW-X-4.7: Elemental Cloak's Lightning −2 makes a Lightning Bolt roll 3 dice and takes 2
    off its effect roll; Armor +1."""
    st = menu([{"card": "elemental-cloak", "controller": 1, "host": 2}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["lightning-bolt"]},
              {"zone": "B1", "class": "warlock"})
    attack(st, "cast lightning-bolt o2", *faces(normal=(1, 1, 1)), 1)
    assert dice_rolled(st) == [3]
    assert hits(st)[0]["armor"] == 1 and hits(st)[0]["effect"] == -1
    assert st.obj(2).damage == 2


def test_wind_wyvern_hide_against_wind() -> None:
    """MW-X-4.7, MW-X-1.5: Wind −3 against Jet Stream's 2 wind dice leaves 1 die; Armor +2."""
    st = menu([{"card": "wind-wyvern-hide", "controller": 1, "host": 2}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["jet-stream"]},
              {"zone": "B1", "class": "warlock"})
    assert traits.armor(st, 2) == 2
    attack(st, "cast jet-stream o2", *faces(critical=(2,)), 1)
    assert dice_rolled(st) == [1]
    assert st.obj(2).damage == 2


def test_leather_gloves_armor_plus_one() -> None:
    """MW-5.104: Leather Gloves give Armor +1."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "leather-gloves", "controller": 0, "host": 1}], 3)
    assert traits.armor(st, 1) == 1
    attack(st, "attack 1 o1", *faces(normal=(1,), blank=3))
    assert st.obj(1).damage == 0


def test_regrowth_belt_regenerates_the_mage() -> None:
    """MW-6.100, MW-X-8.6: the belt gives Regenerate 2: the mage heals 2 in Upkeep."""
    st = scenario({"players": [{"zone": "A1", "damage": 5}, {"zone": "C2"}],
                   "phase": "upkeep",
                   "objects": [{"card": "regrowth-belt", "controller": 0, "host": 1}]})
    assert st.obj(1).damage == 3


# ---------------------------------------------------------------------------- Demonhide Armor

def test_demonhide_armor_barrier_deals_critical_damage() -> None:
    """MW-6.45, MW-6.47, MW-S2, MW-X-3.17: the wolf that bit the Demonhide wearer meets its
    Damage Barrier, 1 die whose points are all critical: 2 damage through armor 2."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "demonhide-armor", "controller": 0, "host": 1}], 3)
    assert traits.armor(st, 1) == 2
    attack(st, "attack 1 o1", *faces(normal=(2, 2, 2, 2)), *faces(normal=(2,)))
    assert st.obj(1).damage == 6
    assert events(st, "barrier")
    assert hits(st)[1] == {**hits(st)[1], "oid": 3, "normal": 0, "critical": 2}
    assert st.obj(3).damage == 2


def test_demonhide_armor_is_for_dark_mages() -> None:
    """MW-S4: Demonhide Armor is Dark mage only: the beastmaster cannot cast it."""
    st = menu([], 1, {"zone": "A1", "class": "beastmaster", "planned": ["demonhide-armor"]},
              {"zone": "C2", "class": "warlock"})
    assert not any("demonhide-armor" in o for o in options(st))
    st = menu([], 1, {"zone": "A1", "planned": ["demonhide-armor"]}, {"zone": "C2"})
    assert "cast demonhide-armor o1" in options(st)


# ---------------------------------------------------------------------------- weapons

def test_lash_of_hellfire_flame_attack_burns() -> None:
    """MW-5.112: the Lash is the warlock's second attack, 4 flame dice; 7-10 on the effect die
    places one Burn (MW-6.40)."""
    st = menu([{"card": "lash-of-hellfire", "controller": 0, "host": 1}], 1)
    refs = traits.attacks(st, 1)
    assert [r.card for r in refs] == ["apprentice-mage", "lash-of-hellfire"]
    attack(st, "attack 2 o2", *faces(normal=(1, 1), blank=2), 8)
    assert dice_rolled(st) == [4]
    assert st.obj(2).damage == 2 and st.obj(2).count("burn") == 1


def test_staff_of_asyra_bonus_against_nonliving() -> None:
    """MW-6.29: Staff of Asyra has +2 dice and +2 on the effect roll against Nonliving
    creatures: 6 dice on the Skeletal Sentry, and 9 + 2 = 11 stuns it."""
    st = menu([{"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
               {"card": "staff-of-asyra", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "priestess"}, {"zone": "C2", "class": "warlock"})
    attack(st, "attack 2 o3", *faces(normal=(1,), blank=5), 9)
    assert dice_rolled(st) == [6]
    assert st.obj(3).count("stun") == 1


def test_staff_of_the_arcanum_drains_and_blasts_at_one_zone() -> None:
    """MW-X-4.12: its melee strike drains 1 mana from the damaged enemy's controller; its
    blast is a full action at exactly 1 zone (MW-X-3.3)."""
    st = menu([{"card": "staff-of-the-arcanum", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard"}, {"zone": "A1", "class": "warlock",
                                                   "mana": 5})
    assert "attack 3 o2" not in options(st)            # range 1-1: not its own zone
    attack(st, "attack 2 o2", *faces(normal=(1,), blank=3))
    assert st.obj(2).damage == 1 and st.player(1).mana == 4
    st = menu([{"card": "staff-of-the-arcanum", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard"}, {"zone": "B1", "class": "warlock"})
    assert "attack 3 o2" in options(st)


def test_staff_of_beasts_melee_bonus_once_per_round() -> None:
    """MW-4.9, MW-3.8: the Staff of Beasts' power (2 mana, quick) gives an animal at range
    0-1 Melee +2 until the end of the round (MW-X-4.2); its ready marker is then used."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "B1"},
               {"card": "staff-of-beasts", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "beastmaster", "mana": 5},
              {"zone": "C2", "class": "warlock"})
    assert "ability beast-command o3 opt=melee" in options(st)
    acts(st, "ability beast-command o3 opt=melee")
    assert st.player(0).mana == 3
    assert traits.traits(st, 3).value("melee") == 2
    assert "beast-command" in st.obj(4).used
    traits.end_of_round(st)
    assert traits.traits(st, 3).value("melee") == 0


def test_staff_of_beasts_heals_two_dice() -> None:
    """MW-6.99: the other choice heals the animal by the total of 2 attack dice."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1", "damage": 5},
               {"card": "staff-of-beasts", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "beastmaster"}, {"zone": "C2", "class": "warlock"})
    st.script_dice(faces(normal=(2,), critical=(1,)))
    acts(st, "ability beast-command o3 opt=heal")
    assert st.obj(3).damage == 2


def test_staff_of_beasts_limits() -> None:
    """MW-3.8: not with its ready marker used; MW-A14: not without 2 mana; only animals in
    range 0-1 (the wolf two zones away and the demon are out); a quick action, so it stays
    available after a move (MW-4.2)."""
    objects = [{"card": WOLF, "controller": 0, "zone": "C1"},
               {"card": "firebrand-imp", "controller": 1, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A2"},
               {"card": "staff-of-beasts", "controller": 0, "host": 1}]
    seats = ({"zone": "A1", "class": "beastmaster"}, {"zone": "C2", "class": "warlock"})
    st = menu(objects, 1, *seats)
    found = [o for o in options(st) if o.startswith("ability")]
    assert found == ["ability beast-command o5 opt=melee", "ability beast-command o5 opt=heal"]
    acts(st, "move B1")
    pass_windows(st)
    assert "ability beast-command o3 opt=melee" in options(st)
    used = [dict(o, used=["beast-command"]) if o["card"] == "staff-of-beasts" else o
            for o in objects]
    st = menu(used, 1, *seats)
    assert not any(o.startswith("ability") for o in options(st))
    st = menu(objects, 1, {"zone": "A1", "class": "beastmaster", "mana": 1}, seats[1])
    assert not any(o.startswith("ability") for o in options(st))


def test_staff_of_beasts_power_is_a_spell_for_magebane() -> None:
    """MW-6.97: the power is a quick spell, so Magebane on the beastmaster hurts her."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": "staff-of-beasts", "controller": 0, "host": 1},
               {"card": "magebane", "controller": 1, "host": 1}], 1,
              {"zone": "A1", "class": "beastmaster"}, {"zone": "C2", "class": "warlock"})
    acts(st, "ability beast-command o3 opt=melee")
    assert st.obj(1).damage == 1


# ---------------------------------------------------------------------------- Suppression Cloak

def test_suppression_cloak_taxes_each_creatures_first_melee_attack() -> None:
    """MW-6.20: the wolf's first melee attack of the round on the wizard costs its controller
    2 mana; a second one from it that round costs nothing."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "suppression-cloak", "controller": 0, "host": 1}], 3,
              {"zone": "A1", "class": "wizard"}, {"zone": "C2", "class": "warlock",
                                                   "mana": 5})
    attack(st, "attack 1 o1", *faces(blank=4))
    assert st.player(1).mana == 3 and events(st, "attack-cost")
    script = registry.script("suppression-cloak")
    assert script is not None
    again = script.declare_cost(st, 4, _Atk(attacker=3, defender=1))
    assert again == 0


def test_suppression_cloak_unpaid_cancels_and_counterstrike_is_exempt() -> None:
    """MW-A14: without 2 mana the wolf is not offered the attack; MW-6.20: declared anyway
    (the rules' own entry point), it is cancelled in Pay Costs; MW-6.59: the Hydra's
    counterstrike against the wizard pays nothing."""
    from grimorio.games.mage_wars.flow import run
    from grimorio.games.mage_wars.rules import combat

    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "suppression-cloak", "controller": 0, "host": 1}], 3,
              {"zone": "A1", "class": "wizard"}, {"zone": "C2", "class": "warlock",
                                                   "mana": 1})
    assert "attack 1 o1" not in options(st) and "guard" in options(st)
    combat.start_attack(st, 3, traits.attacks(st, 3)[0], 1)
    run(st)
    pass_windows(st)
    assert events(st, "attack-cancelled") and st.obj(1).damage == 0
    st = menu([{"card": "darkfenne-hydra", "controller": 1, "zone": "A1"},
               {"card": "suppression-cloak", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard"}, {"zone": "C2", "class": "warlock",
                                                   "mana": 5})
    st.script_dice(faces(blank=3))
    acts(st, "attack 1 o3")
    pass_windows(st)
    assert ask(st) == "CounterAsk"
    attack(st, "counterstrike 1", *faces(normal=(1,), blank=3))
    assert st.player(1).mana == 5 and st.obj(1).damage == 1


class _Atk:
    """A minimal attack description for calling a script hook directly."""

    def __init__(self, attacker: int, defender: int) -> None:
        self.attacker, self.defender = attacker, defender
        self.kind, self.spell, self.is_counterstrike = "melee", None, False


# ---------------------------------------------------------------------------- creatures

def test_asyran_cleric_healing_light() -> None:
    """MW-6.104, MW-4.9: as a full action the Asyran Cleric heals a Living creature at range
    0-1 by 1 attack die; not an attack."""
    st = menu([{"card": "asyran-cleric", "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 0, "zone": "B1", "damage": 3}], 3,
              {"zone": "A1", "class": "priestess", "damage": 4},
              {"zone": "C2", "class": "warlock"})
    found = sorted(o for o in options(st) if o.startswith("ability"))
    assert found == ["ability healing-light o1", "ability healing-light o3",
                     "ability healing-light o4"]
    st.script_dice(faces(normal=(2,)))
    acts(st, "ability healing-light o4")
    assert st.obj(4).damage == 1
    assert not events(st, "attack")


def test_asyran_cleric_healing_light_needs_a_full_action() -> None:
    """MW-4.3: after a move only a quick action is left: no Healing Light; Nonliving
    creatures are not offered (MW-6.103)."""
    st = menu([{"card": "asyran-cleric", "controller": 0, "zone": "A1"},
               {"card": "skeletal-sentry", "controller": 1, "zone": "A1"}], 3,
              {"zone": "C1", "class": "priestess"}, {"zone": "C2", "class": "warlock"})
    assert "ability healing-light o4" not in options(st)
    assert "ability healing-light o3" in options(st)
    acts(st, "move B1")
    pass_windows(st)
    assert not any(o.startswith("ability") for o in options(st))


def test_highland_unicorn_aura_regenerate() -> None:
    """MW-X-1.2, MW-X-8.6: friendly Living creatures in the unicorn's zone have Regenerate 1;
    the unicorn keeps its own 2 (the highest), an enemy gets nothing."""
    st = menu([{"card": "highland-unicorn", "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A1"}], 1)
    assert traits.traits(st, 3).value("regenerate") == 2
    assert traits.traits(st, 4).value("regenerate") == 1
    assert traits.traits(st, 1).value("regenerate") == 1
    assert traits.traits(st, 5).value("regenerate") == 0


def test_redclaw_aura_for_other_friendly_canines() -> None:
    """MW-3.16: Redclaw gives the other friendly canines in its zone Armor +1 and Melee +1;
    not itself, not an enemy wolf, not a canine elsewhere."""
    st = menu([{"card": "redclaw-alpha-male", "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": WOLF, "controller": 0, "zone": "B1"}], 1,
              {"zone": "A1", "class": "beastmaster"}, {"zone": "C2", "class": "warlock"})
    assert traits.armor(st, 4) == 3 and traits.traits(st, 4).value("melee") == 1
    assert traits.armor(st, 3) == 3 and traits.traits(st, 3).value("melee") == 0
    assert traits.armor(st, 5) == 2 and traits.armor(st, 6) == 2


def test_goran_bloodthirsty_in_its_mages_zone() -> None:
    """MW-X-4.8: Goran has Bloodthirsty +1, and +1 more while in its mage's zone."""
    st = menu([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A1"}], 1,
              {"zone": "A1"}, {"zone": "C2"})
    assert traits.traits(st, 3).value("bloodthirsty") == 2
    st = menu([{"card": "goran-werewolf-pet", "controller": 0, "zone": "B1"}], 1,
              {"zone": "A1"}, {"zone": "C2"})
    assert traits.traits(st, 3).value("bloodthirsty") == 1
