"""Core Set equipment (issue 8): one scenario or more per card of effects/equipment.py or of
registry.DATA_ONLY.

Equipment hangs on its mage and works for its wearer (MW-5.104, MW-5.107); its attack bars join
the mage's attack list after the basic attack (MW-5.112): `attack 2 …` is the first equipment
attack. Dice are scripted (`faces`).
"""

from __future__ import annotations

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
)

WOLF = "timber-wolf"        # 10 life, armor 2, a quick 4-die melee bite


# ---------------------------------------------------------------------------- data-only items

def test_core_data_only_equipment_is_registered() -> None:
    """MW-5.104: the Core Set items whose data says everything are in registry.DATA_ONLY."""
    for card in ("deflection-bracers", "gauntlets-of-strength", "leather-boots", "mage-staff"):
        assert registry.implemented(card)


def test_gauntlets_of_strength_melee_plus_one() -> None:
    """MW-X-4.2: Gauntlets of Strength give the wearer Melee +1: its basic 3-die attack rolls
    4 dice on the wolf."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "gauntlets-of-strength", "controller": 0, "host": 1}], 1)
    assert traits.traits(st, 1).value("melee") == 1
    attack(st, "attack 1 o3", *faces(blank=4))
    assert dice_rolled(st) == [4]


def test_leather_boots_armor_plus_one() -> None:
    """MW-X-3.16, MW-5.104: Leather Boots give Armor +1: the wolf's 4 normal points do 3."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "leather-boots", "controller": 0, "host": 1}], 3)
    assert traits.armor(st, 1) == 1
    attack(st, "attack 1 o1", *faces(normal=(1, 1, 1, 1)))
    assert st.obj(1).damage == 3


def test_deflection_bracers_defense_against_melee_once() -> None:
    """MW-6.82, MW-6.85, MW-6.89: the bracers give the mage a Defense of 7+, once a round,
    against melee attacks only; a 7 avoids the wolf's bite."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "deflection-bracers", "controller": 0, "host": 1}], 3)
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert ask(st) == "DefenseAsk" and options(st) == ["defend o4", "no-defense"]
    st.script_dice([7])
    acts(st, "defend o4")
    assert dice_rolled(st) == [] and st.obj(1).damage == 0 and ("defense", 4) in st.once


def test_deflection_bracers_no_defense_against_ranged() -> None:
    """MW-6.89: a melee-only Defense is not offered against a ranged attack spell."""
    st = menu([{"card": "deflection-bracers", "controller": 1, "host": 2}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["lightning-bolt"]},
              {"zone": "B1", "class": "warlock"})
    attack(st, "cast lightning-bolt o2", *faces(normal=(1, 1, 1, 1, 1)), 1)
    assert not events(st, "defense") and st.obj(2).damage > 0


def test_mage_staff_quick_reach_ethereal_attack() -> None:
    """MW-5.112, MW-X-3.18, MW-X-4.14: the Mage Staff gives its wearer a quick 4-die melee
    attack with Reach and Ethereal."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "mage-staff", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard"}, {"zone": "C2"})
    ref = traits.attacks(st, 1)[1]
    assert ref.card == "mage-staff" and ref.attack.speed == "quick"
    assert traits.attack_traits(st, 1, ref.attack).has("ethereal")
    assert ref.attack.has("reach")
    attack(st, "attack 2 o3", *faces(normal=(1, 1), blank=2))
    assert dice_rolled(st) == [4] and st.obj(3).damage == 0      # 2 points, armor 2


# ---------------------------------------------------------------------------- typed rings

def test_fireshaper_ring_adds_a_die_to_flame_attack_spells() -> None:
    """MW-X-4.1, MW-5.19: the Fireshaper Ring's Ranged +1 goes on the wearer's flame attacks:
    a Fireball rolls 6 + 1 dice."""
    st = menu([{"card": "fireshaper-ring", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "warlock", "planned": ["fireball"]},
              {"zone": "B1", "class": "wizard"})
    attack(st, "cast fireball o2", *faces(blank=7), 1)
    assert dice_rolled(st) == [7]


def test_fireshaper_ring_leaves_other_attacks_alone() -> None:
    """MW-X-4.2: the ring's Melee +1 is only for flame attacks: the mage's typeless basic
    attack keeps its 3 dice, and the wearer has no Melee +1 of its own (MW-3.16)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "fireshaper-ring", "controller": 0, "host": 1}], 1)
    assert traits.traits(st, 1).value("melee") == 0
    attack(st, "attack 1 o3", *faces(blank=3))
    assert dice_rolled(st) == [3]


def test_fireshaper_ring_melee_plus_one_on_a_flame_weapon() -> None:
    """MW-X-4.2, MW-5.112: with the Lash of Hellfire (a flame melee attack) the ring adds one
    melee die."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "lash-of-hellfire", "controller": 0, "host": 1},
               {"card": "fireshaper-ring", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "warlock"}, {"zone": "C2"})
    ref = traits.attacks(st, 1)[1]
    assert ref.card == "lash-of-hellfire" and ref.attack.damage_type == "flame"
    attack(st, "attack 2 o3", *faces(blank=ref.attack.dice + 1), 1, 1, 1)
    assert dice_rolled(st)[0] == ref.attack.dice + 1


def test_lightning_ring_adds_a_die_to_lightning_bolt() -> None:
    """MW-X-4.1: the Lightning Ring's Ranged +1 on a lightning attack spell."""
    st = menu([{"card": "lightning-ring", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["lightning-bolt"]},
              {"zone": "B1", "class": "warlock"})
    dice = st.card("lightning-bolt").attacks[0].dice
    attack(st, "cast lightning-bolt o2", *faces(blank=dice + 1), 1)
    assert dice_rolled(st) == [dice + 1]


def test_dawnbreaker_ring_melee_plus_one_on_light_attacks() -> None:
    """MW-X-4.2: the Dawnbreaker Ring adds a die to the Staff of Asyra's light melee attack,
    not to a flame one (the Lightning Ring none to a light attack either)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "staff-of-asyra", "controller": 0, "host": 1},
               {"card": "dawnbreaker-ring", "controller": 0, "host": 1},
               {"card": "lightning-ring", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "priestess"}, {"zone": "C2"})
    ref = traits.attacks(st, 1)[1]
    assert ref.card == "staff-of-asyra" and ref.attack.damage_type == "light"
    attack(st, "attack 2 o3", *faces(blank=ref.attack.dice + 1), 1, 1, 1)
    assert dice_rolled(st)[0] == ref.attack.dice + 1


# ---------------------------------------------------------------------------- discount rings

def cost_of(st: MageWarsState, caster: int, card: str, *targets: str) -> int | None:
    from grimorio.games.mage_wars.rules import casting

    return casting.spell_cost(st, caster, st.card(card), tuple(targets))


def paid(st: MageWarsState) -> list[int]:
    return [int(e.data["cost"]) for e in events(st, "pay")]


def test_ring_of_beasts_one_less_for_an_animal_once_a_round() -> None:
    """MW-5.12, MW-3.8: the Ring of Beasts takes 1 mana off the Beastmaster's first animal
    creature spell of the round (the wolf's 9 costs 8), then no more until the Reset."""
    st = menu([{"card": "ring-of-beasts", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "beastmaster", "planned": ["timber-wolf"], "mana": 20},
              {"zone": "C2"})
    assert cost_of(st, 1, "timber-wolf", "A1") == 8
    cast = next(o for o in options(st) if o.startswith("cast timber-wolf"))
    acts(st, cast)
    pass_windows(st)
    assert paid(st) == [8] and ("discount", 3) in st.once
    assert cost_of(st, 1, "timber-wolf", "A1") == 9
    assert cost_of(st, 1, "minor-heal", "o1") == 5        # not an animal


def test_ring_of_asyra_holy_incantation_and_reveal() -> None:
    """MW-5.12, MW-5.86: the Ring of Asyra takes 1 off a Holy incantation (Minor Heal 5 → 4);
    a Holy enchantment is cast for its 2 (MW-5.75) and discounted on its reveal instead."""
    from grimorio.games.mage_wars.rules import casting

    st = menu([{"card": "ring-of-asyra", "controller": 0, "host": 1},
               {"card": "divine-protection", "controller": 0, "host": 1, "face_up": False}], 1,
              {"zone": "A1", "class": "priestess", "planned": ["minor-heal"], "damage": 4},
              {"zone": "C2"})
    assert cost_of(st, 1, "minor-heal", "o1") == 4
    assert cost_of(st, 1, "divine-protection", "o1") == 2
    assert casting.reveal_price(st, 4) == casting.reveal_cost(st, 4) - 1     # Magebind kept
    st.script_dice([1, 1])
    acts(st, "cast minor-heal o1")
    pass_windows(st)
    assert 4 in paid(st)
    assert casting.reveal_price(st, 4) == casting.reveal_cost(st, 4)


def test_ring_of_curses_discounts_the_reveal() -> None:
    """MW-5.86, MW-5.84: with the Ring of Curses, revealing Agony costs 3 − 1: offered with 2
    mana, paid 2; the ring is then used for the round."""
    from grimorio.games.mage_wars.rules import casting

    st = menu([{"card": WOLF, "controller": 1, "zone": "B1"},
               {"card": "ring-of-curses", "controller": 0, "host": 1},
               {"card": "agony", "controller": 0, "host": 3, "face_up": False}], 1,
              {"zone": "A1", "class": "warlock", "mana": 2}, {"zone": "C2"})
    assert cost_of(st, 1, "agony", "o3") == 2                   # its casting: no discount
    from grimorio.games.mage_wars.flow import run

    casting.push_reveal_window(st, "MW-5.84")
    run(st)
    assert "reveal o5" in options(st)
    acts(st, "reveal o5")
    assert st.player(0).mana == 0 and st.obj(5).face_up and ("discount", 4) in st.once


def test_arcane_ring_metamagic_and_mana_spells() -> None:
    """MW-5.12, MW-5.86: the Arcane Ring discounts the reveal of a mana enchantment (Essence
    Drain) once a round, not a spell of another subtype."""
    from grimorio.games.mage_wars.rules import casting

    st = menu([{"card": WOLF, "controller": 1, "zone": "B1"},
               {"card": "arcane-ring", "controller": 0, "host": 1},
               {"card": "essence-drain", "controller": 0, "host": 3, "face_up": False},
               {"card": "agony", "controller": 0, "host": 3, "face_up": False}], 1,
              {"zone": "A1", "class": "wizard", "mana": 10}, {"zone": "C2"})
    full = st.card("essence-drain").cost.reveal
    assert full is not None
    assert casting.reveal_price(st, 5) == full - 1
    assert casting.reveal_price(st, 6) == st.card("agony").cost.reveal
    casting.reveal(st, 5)
    assert st.player(0).mana == 10 - (full - 1)
    assert ("discount", 4) in st.once


def test_enchanters_ring_enchantment_on_a_friendly_creature() -> None:
    """MW-5.12, MW-5.75: the Enchanter's Ring makes an enchantment on a friendly creature cost
    1 instead of 2, once a round; on an enemy creature it costs 2."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "enchanters-ring", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "beastmaster", "planned": ["rhino-hide"]},
              {"zone": "C2"})
    assert cost_of(st, 1, "rhino-hide", "o4") == 2
    assert cost_of(st, 1, "rhino-hide", "o3") == 1
    acts(st, "cast rhino-hide o3")
    pass_windows(st)
    assert paid(st) == [1] and ("discount", 5) in st.once
    assert cost_of(st, 1, "rhino-hide", "o3") == 2


# ---------------------------------------------------------------------------- locations

def test_ivarium_longbow_fills_both_hands_and_shoots() -> None:
    """MW-5.105, MW-5.110: the Ivarium Longbow takes the weapon and the shield locations: cast
    on a mage holding the Mage Staff, the staff goes back to its owner's book. MW-5.112,
    MW-X-4.4: it gives a full-action ranged attack at range 1-2, 4 dice, Piercing +1."""
    st = menu([{"card": "mage-staff", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["ivarium-longbow"], "mana": 20},
              {"zone": "B1", "class": "warlock"})
    acts(st, "cast ivarium-longbow o1")
    pass_windows(st)
    assert 3 not in st.objs and "mage-staff" in st.player(0).book
    bow = next(o for o in st.attached(1) if o.card == "ivarium-longbow")
    assert set(bow.slots) == {"weapon", "shield"}
    ref = traits.attacks(st, 1)[1]
    assert ref.card == "ivarium-longbow" and ref.attack.speed == "full"
    assert ref.attack.kind == "ranged" and 1 in ref.attack.range and 0 not in ref.attack.range
    st = menu([{"card": "ivarium-longbow", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard"}, {"zone": "B1", "class": "warlock"})
    assert st.obj(3).slots == ("weapon", "shield")
    attack(st, "attack 2 o2", *faces(normal=(1, 1, 1, 1)))
    assert dice_rolled(st) == [4]
    assert st.obj(2).damage == 4                # armor 0 either way: 4 normal points


def test_mage_wand_weapon_or_shield() -> None:
    """MW-5.105: a "weapon or shield" item goes where there is room: the Mage Wand takes the
    shield location when the Mage Staff holds the weapon one, so nothing goes back."""
    st = menu([{"card": "mage-staff", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard", "planned": ["mage-wand"], "mana": 20},
              {"zone": "C2", "class": "warlock"})
    acts(st, "cast mage-wand o1")
    pass_windows(st)
    acts(st, "bind none")
    wand = next(o for o in st.attached(1) if o.card == "mage-wand")
    assert wand.slots == ("shield",) and 3 in st.objs


# ---------------------------------------------------------------------------- Spellbind wands

def test_mage_wand_binds_an_incantation_and_swaps_it() -> None:
    """MW-5.113: the Mage Wand takes an incantation of the book when it comes into play; its
    power, a quick spell for 3 mana (MW-4.9), swaps the bound spell for another incantation,
    the old one going back to the spellbook; the opponent is not told which (MW-3.20)."""
    st = menu([], 1, {"zone": "A1", "class": "priestess", "planned": ["mage-wand"], "mana": 20},
              {"zone": "C2", "class": "warlock"})
    acts(st, "cast mage-wand o1")
    pass_windows(st)
    assert "bind minor-heal" in options(st) and "bind rhino-hide" not in options(st)
    acts(st, "bind minor-heal")
    wand = next(o.oid for o in st.attached(1) if o.card == "mage-wand")
    assert st.player(0).bound == {wand: "minor-heal"}
    st2 = menu([{"card": "mage-wand", "controller": 0, "host": 1}], 1,
               {"zone": "A1", "class": "priestess", "mana": 5}, {"zone": "C2"})
    st2.player(0).bound = {3: "minor-heal"}
    st2.player(0).book.remove("minor-heal")
    st2.changed()
    assert "ability rebind o3 opt=heal" in options(st2)
    assert "ability rebind o3 opt=minor-heal" not in options(st2)      # already bound
    assert not any("rhino-hide" in o for o in options(st2))           # not an incantation
    book = st2.player(0).book.count("minor-heal")
    acts(st2, "ability rebind o3 opt=heal")
    assert st2.player(0).bound == {3: "heal"} and st2.player(0).mana == 2
    assert st2.player(0).book.count("minor-heal") == book + 1
    assert all(e.visible_to == frozenset({0}) for e in events(st2, "bind-secret"))


def test_elemental_wand_binds_attack_spells_only() -> None:
    """MW-5.113: the Elemental Wand takes an attack spell (never an incantation); with too
    little mana its swap is not offered (MW-A14)."""
    st = menu([], 1, {"zone": "A1", "class": "wizard", "planned": ["elemental-wand"],
                      "mana": 20}, {"zone": "C2", "class": "warlock"})
    acts(st, "cast elemental-wand o1")
    pass_windows(st)
    binds = [o for o in options(st) if o != "bind none"]
    assert binds and all(st.card(o.split()[1]).type == "attack" for o in binds)
    acts(st, "bind lightning-bolt")
    wand = next(o.oid for o in st.attached(1) if o.card == "elemental-wand")
    assert st.player(0).bound == {wand: "lightning-bolt"}
    poor = menu([{"card": "elemental-wand", "controller": 0, "host": 1}], 1,
                {"zone": "A1", "class": "wizard", "mana": 2}, {"zone": "C2"})
    assert not any(o.startswith("ability rebind") for o in options(poor))


# ---------------------------------------------------------------------------- channeling

def test_moonglow_amulet_channeling_plus_one() -> None:
    """MW-X-12.2, MW-3.9: the Moonglow Amulet's Channeling +1 adds 1 to what its wearer
    channels in the Channeling step."""
    from grimorio.games.mage_wars.rules import round as rnd

    st = menu([{"card": "moonglow-amulet", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "wizard", "mana": 0}, {"zone": "C2", "mana": 0})
    rnd.channeling_step(st)
    assert st.player(0).mana == st.player(0).channeling + 1
    assert st.player(1).mana == st.player(1).channeling


# ---------------------------------------------------------------------------- Helm of Fear

def helm_scene(attacker: str = WOLF) -> MageWarsState:
    """The warlock (o1) wears the helm (o3); the enemy's `attacker` (o4) and a friendly wolf
    (o5) share his zone; o4 is at its menu."""
    return menu([{"card": "helm-of-fear", "controller": 0, "host": 1},
                 {"card": attacker, "controller": 1, "zone": "A1"},
                 {"card": WOLF, "controller": 0, "zone": "A1"}], 4,
                {"zone": "A1", "class": "warlock"}, {"zone": "C2", "class": "wizard"})


def test_helm_of_fear_cancels_on_nine_and_the_attacker_retargets() -> None:
    """MW-X-3.20, MW-X-3.19: a Living attacker's melee attack on the wearer rolls the effect
    die at Declare Attack; 9 cancels it (MW-6.18) and its controller may aim the same attack at
    another legal target (MW-6.11): the friendly wolf takes the bite."""
    st = helm_scene()
    st.script_dice([9])
    acts(st, "attack 1 o1")
    assert events(st, "attack-cancelled")[-1].rule == "MW-X-3.19"
    assert ask(st) == "FearRetarget"
    assert "attack 1 o5" in options(st) and "attack 1 o1" not in options(st)
    assert options(st)[-1] == "no-attack"
    st.script_dice(faces(normal=(2, 2, 2, 2)))
    acts(st, "attack 1 o5")
    pass_windows(st)
    assert st.obj(1).damage == 0 and st.obj(5).damage == 6      # 8 normal − armor 2


def test_helm_of_fear_below_nine_and_pass() -> None:
    """MW-X-3.20: on 8 the attack goes on; MW-6.18 declining after a cancel leaves the action
    spent with nothing done."""
    st = helm_scene()
    st.script_dice([8, *faces(normal=(1, 1, 1, 1))])
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert st.obj(1).damage == 4 and not events(st, "attack-cancelled")
    st = helm_scene()
    st.script_dice([12])
    acts(st, "attack 1 o1")
    acts(st, "no-attack")
    assert st.obj(1).damage == 0 and st.obj(5).damage == 0


def test_helm_of_fear_ignored_by_the_nonliving() -> None:
    """MW-X-8.10: a Nonliving attacker (the Skeletal Sentry) rolls no fear die."""
    st = helm_scene("skeletal-sentry")
    melee = next(r.index for r in traits.attacks(st, 4) if r.attack.kind == "melee")
    st.script_dice([*faces(blank=6), 1, 1, 1])
    acts(st, f"attack {melee} o1")
    pass_windows(st)
    assert not [e for e in events(st, "card-effect") if e.data.get("oid") == 3]
    assert not events(st, "attack-cancelled")


# ---------------------------------------------------------------------------- Crown of Protection

def test_crown_of_protection_armor_tokens_once_a_round() -> None:
    """MW-4.9, MW-3.8: once a round the crown's 2-mana quick power puts an Armor +1 token on a
    Living non-mage creature within 1 zone (MW-X-3.16); the tokens add up and stay after the
    Reset; mages, the Nonliving and creatures 2 zones away are not offered."""
    st = menu([{"card": "crown-of-protection", "controller": 0, "host": 1},
               {"card": WOLF, "controller": 0, "zone": "B1"},
               {"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "C1"}], 1,
              {"zone": "A1", "class": "priestess", "mana": 5}, {"zone": "A1"})
    powers = [o for o in options(st) if o.startswith("ability armor-token")]
    assert powers == ["ability armor-token o4"]
    acts(st, "ability armor-token o4")
    assert st.player(0).mana == 3 and traits.armor(st, 4) == 3
    assert not [o for o in options(st) if o.startswith("ability armor-token")]
    second = menu([{"card": "crown-of-protection", "controller": 0, "host": 1},
                   {"card": WOLF, "controller": 0, "zone": "B1"}], 1,
                  {"zone": "A1", "class": "priestess", "mana": 5}, {"zone": "C2"})
    second.obj(4).memo[traits.ARMOR_TOKENS] = 1         # a token from an earlier round
    second.changed()
    acts(second, "ability armor-token o4")
    assert traits.armor(second, 4) == 4


def test_item_powers_are_quickcasts_too() -> None:
    """MW-3.24, MW-3.25: the crown's and the wand's powers are quick spells, so their wearer
    may also use them as its quickcast."""
    from grimorio.games.mage_wars import hooks

    st = menu([{"card": "crown-of-protection", "controller": 0, "host": 1},
               {"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": "mage-wand", "controller": 0, "host": 1}], 1,
              {"zone": "A1", "class": "priestess", "mana": 5}, {"zone": "C2"})
    found = [a.text for a in hooks.quick_powers(st, 0)]
    assert "quickcast ability armor-token o4" in found
    assert "quickcast ability rebind o5 opt=minor-heal" in found
    assert not hooks.quick_powers(st, 1)


def test_mage_wand_never_takes_an_epic_spell() -> None:
    """MW-5.113, MW-X-11.2: the wands take non-Epic spells only: Lay Hands (an Epic
    incantation) is neither bound nor swapped in."""
    st = menu([], 1, {"zone": "A1", "class": "priestess", "planned": ["mage-wand"], "mana": 20,
                      "book": ["lay-hands", "minor-heal"]}, {"zone": "C2", "class": "warlock"})
    acts(st, "cast mage-wand o1")
    pass_windows(st)
    assert options(st) == ["bind minor-heal", "bind none"]
    acts(st, "bind none")
    assert st.player(0).bound == {}
    again = menu([{"card": "mage-wand", "controller": 0, "host": 1}], 1,
                 {"zone": "A1", "class": "priestess", "mana": 5,
                  "book": ["lay-hands", "minor-heal"]}, {"zone": "C2"})
    assert [o for o in options(again) if "rebind" in o] == ["ability rebind o3 opt=minor-heal"]
