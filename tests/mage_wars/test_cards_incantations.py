"""Incantations of the apprentice books (MW-5.20): one scenario test or more per card, each
cast from a planned spell by the mage's action (MW-4.8) or a quickcast, with scripted dice.

Default scenario: seat 0 is the warlock (o1), seat 1 the beastmaster (o2); the apprentice arena
has rows A-C and columns 1-2.
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_wars import conditions, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.rules import casting, damage
from tests.mage_wars.mwkit import acts, ask, events, faces, options, pass_windows, scenario


def at_menu(me: dict[str, Any], foe: dict[str, Any] | None = None,
            objects: list[dict[str, Any]] | None = None, **game: Any) -> Any:
    """The mage o1 just activated, at its action menu (MW-4.2)."""
    setup = {"phase": "menu", "activate": 1, "players": [me, foe or {"zone": "C2"}],
             "objects": objects or []}
    return scenario(setup, **game)


def mana(st: Any, seat: int = 0) -> int:
    return int(st.players[seat].mana)


def cast(st: Any, text: str) -> None:
    """Cast, passing the reveal windows of the casting sequence (MW-5.84)."""
    acts(st, text)
    while not st.is_terminal() and ask(st) == "RevealAsk":
        st.apply("pass")


def attack_rolls(st: Any) -> list[int]:
    """How many attack dice each attack rolled so far (MW-6.27)."""
    return [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"]


# ---------------------------------------------------------------------------- Call of the Wild

def test_call_of_the_wild_gives_friendly_animals_melee_until_the_round_ends() -> None:
    """MW-5.20: every friendly animal in play gains Melee +1 (MW-X-4.2) until the end of the
    round; a non-animal, an enemy animal and a creature summoned later get nothing."""
    st = at_menu({"class": "beastmaster", "zone": "A1", "mana": 20,
                  "planned": ["call-of-the-wild"]},
                 {"class": "warlock", "zone": "C2"},
                 [{"card": "timber-wolf", "controller": 0, "zone": "A1"},      # o3
                  {"card": "bitterwood-fox", "controller": 0, "zone": "C1"},   # o4
                  {"card": "asyran-cleric", "controller": 0, "zone": "A2"},    # o5
                  {"card": "timber-wolf", "controller": 1, "zone": "C2"}])     # o6
    assert "cast call-of-the-wild" in options(st)
    acts(st, "cast call-of-the-wild")
    assert mana(st) == 16
    assert [traits.traits(st, o).value("melee") for o in (3, 4, 5, 6, 1)] == [1, 1, 0, 0, 0]
    late = st.new_obj("timber-wolf", "creature", 0, 0, zone="A1")
    assert traits.traits(st, late.oid).value("melee") == 0
    traits.end_of_round(st)          # MW-3.38: what lasts "until the end of the round" ends
    assert traits.traits(st, 3).value("melee") == 0
    assert "call-of-the-wild" in st.players[0].discard        # MW-5.16


# ---------------------------------------------------------------------------- Charge

def test_charge_makes_the_target_fast_and_adds_a_die_after_a_move() -> None:
    """Charge: Fast (MW-X-7.8) and Charge +1 (MW-X-4.3) until the end of the round: the wolf
    moves and bites with 4 + 1 dice."""
    st = scenario({"players": [{"zone": "A1", "mana": 20, "planned": ["charge"]},
                               {"zone": "B2"}],
                   "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"}]})  # o3
    acts(st, "quickcast charge o3")          # the opening quickcast window (MW-3.26)
    t = traits.traits(st, 3)
    assert t.has("fast") and t.value("charge") == 1
    acts(st, "activate o3", "move B1", "move B2")   # Fast: two moves (MW-X-7.8)
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o2")
    assert attack_rolls(st)[-1] == 5


def test_charge_needs_a_corporeal_creature_in_range() -> None:
    """Charge targets a creature at range 0-2 (MW-5.4): the enemy mage at C2 is 3 zones away
    from A1 (apprentice arena), so only nearer creatures are offered."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["charge"]},
                 objects=[{"card": "timber-wolf", "controller": 0, "zone": "B2"}])
    assert [o for o in options(st) if o.startswith("cast charge")] == [
        "cast charge o1", "cast charge o3"]


# ---------------------------------------------------------------------------- Dispel

def test_dispel_destroys_a_revealed_enchantment_for_its_total_cost() -> None:
    """Dispel: X = casting cost 2 + reveal cost (Rhino Hide: 2, Magebind +1 on a mage,
    MW-X-11.11); the enchantment goes to its owner's discard pile (MW-5.16). Face-down ones
    cannot be targeted."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["dispel"]}, {"zone": "B1"},
                 [{"card": "rhino-hide", "controller": 1, "host": 2},                 # o3
                  {"card": "cheetah-speed", "controller": 1, "host": 2, "face_up": False}])
    assert [o for o in options(st) if o.startswith("cast dispel")] == ["cast dispel o3"]
    assert casting.spell_cost(st, 1, st.card("dispel"), ("o3",)) == 2 + 2 + 1
    cast(st, "cast dispel o3")
    assert 3 not in st.objs and mana(st) == 15
    assert "rhino-hide" in st.players[1].discard
    assert events(st, "dispel")[0].rule == "MW-5.20"


def test_dispel_reaches_zone_enchantments_without_magebind() -> None:
    """A revealed zone enchantment (Sacred Ground, 2 + 4) is a target too; no Magebind off a
    mage (MW-X-11.11)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["dispel"]},
                 objects=[{"card": "sacred-ground", "controller": 1, "zone": "B1"}])
    assert casting.spell_cost(st, 1, st.card("dispel"), ("o3",)) == 6
    cast(st, "cast dispel o3")
    assert 3 not in st.objs and mana(st) == 14


# ---------------------------------------------------------------------------- Dissolve

def test_dissolve_destroys_the_chosen_equipment() -> None:
    """Dissolve: choose an item worn by the target mage (`opt=`); X is its casting cost
    (Bearskin 6); it is destroyed into its owner's discard pile (MW-5.16, MW-5.20)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["dissolve"]}, {"zone": "B1"},
                 [{"card": "bearskin", "host": 2},              # o3
                  {"card": "leather-gloves", "host": 2}])       # o4
    assert sorted(o for o in options(st) if o.startswith("cast dissolve")) == [
        "cast dissolve o2 opt=o3", "cast dissolve o2 opt=o4"]
    acts(st, "cast dissolve o2 opt=o3")
    assert mana(st) == 14 and 3 not in st.objs and 4 in st.objs
    assert st.players[1].discard == ["bearskin"]
    assert traits.armor(st, 2) == 1          # the gloves remain


# ---------------------------------------------------------------------------- Drain Life

def test_drain_life_is_direct_damage_and_heals_the_caster() -> None:
    """Drain Life: 5 dice, normal and critical counted alike (MW-6.99), as direct damage that
    armor does not reduce (MW-6.97); the warlock heals what the wolf took."""
    st = at_menu({"zone": "A1", "mana": 20, "damage": 9, "planned": ["drain-life"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])   # o3
    st.script_dice(faces(normal=(2, 1), critical=(2,), blank=2))
    acts(st, "cast drain-life o3")
    assert st.objs[3].damage == 5            # armor 2 ignored
    assert st.objs[1].damage == 4 and mana(st) == 8
    assert events(st, "damage")[-1].data["direct"] is True


def test_drain_life_heals_no_more_than_the_target_could_take() -> None:
    """MW-C5 (`vampiric_cap=remaining_life`): a wolf with 1 life left gives only 1."""
    st = at_menu({"zone": "A1", "mana": 20, "damage": 9, "planned": ["drain-life"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "A1",
                           "damage": 9}])
    st.script_dice(faces(normal=(2, 2, 2, 2, 2)))
    acts(st, "cast drain-life o3")
    assert 3 not in st.objs and st.objs[1].damage == 8


def test_drain_life_is_a_dark_mage_spell_for_living_targets() -> None:
    """MW-S4, MW-S5, MW-X-11.6: only a mage trained in Dark (the warlock) casts it; Nonliving
    targets are out (Skeletal Sentry, MW-5.5)."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20, "planned": ["drain-life"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    assert not any(o.startswith("cast drain-life") for o in options(st))
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["drain-life"]},
                 objects=[{"card": "skeletal-sentry", "controller": 1, "zone": "A1"}])
    assert "cast drain-life o3" not in options(st)


# ---------------------------------------------------------------------------- Explode

def test_explode_destroys_the_equipment_then_attacks_the_mage() -> None:
    """Explode: X = 6 + the chosen item's cost (gloves 2); the item is destroyed, then a
    4-die Unavoidable flame attack (MW-6.71) hits the mage, 6+ on the effect die Burns."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["explode"]}, {"zone": "B1"},
                 [{"card": "leather-gloves", "host": 2}])       # o3
    assert "cast explode o2 opt=o3" in options(st)
    st.script_dice([*faces(normal=(2, 1), critical=(1,), blank=1), 6])
    acts(st, "cast explode o2 opt=o3")
    assert mana(st) == 12 and 3 not in st.objs
    assert st.players[1].discard == ["leather-gloves"]
    assert st.objs[2].damage == 4            # armor 0 once the gloves are gone
    assert st.objs[2].markers == {"burn": 1}
    assert "explode" in st.players[0].discard


def test_explode_needs_equipment_on_a_mage_in_range() -> None:
    """No item worn, or the mage beyond range 0-1: no Explode (MW-5.10)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["explode"]}, {"zone": "B1"})
    assert not any(o.startswith("cast explode") for o in options(st))
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["explode"]}, {"zone": "C1"},
                 [{"card": "leather-gloves", "host": 2}])
    assert not any(o.startswith("cast explode") for o in options(st))


# ---------------------------------------------------------------------------- Force Push

def test_force_push_moves_the_target_where_the_caster_says() -> None:
    """Force Push: the caster picks any direction (MW-X-7.17, MW-X-7.18); the wolf goes one
    zone; it is not a move (MW-X-7.24)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["force-push"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    acts(st, "cast force-push o3")
    assert ask(st) == "PushAsk" and st.current_player == 0
    assert options(st) == ["push north", "push east", "push south", "push west"]
    acts(st, "push east")
    assert st.objs[3].zone == "B2" and mana(st) == 17


def test_force_push_into_the_edge_collides() -> None:
    """Pushed into the arena's edge, the creature stays and suffers a 3-die Unavoidable
    collision attack (MW-X-7.22, MW-C14)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["force-push"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    acts(st, "cast force-push o3")
    st.script_dice(faces(normal=(2, 2), critical=(1,)))
    acts(st, "push west")
    assert st.objs[3].zone == "B1" and st.objs[3].damage == 3     # 4 - armor 2 + 1
    assert events(st, "collide")[0].rule == "MW-X-7.22"


def test_force_push_cannot_move_the_unmovable() -> None:
    """MW-X-7.21: an Unmovable creature (Force Hold's grant) ignores the push."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["force-push"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"},
                          {"card": "force-hold", "controller": 0, "host": 3}])
    acts(st, "cast force-push o3")
    assert st.objs[3].zone == "B1" and events(st, "no-push")[0].rule == "MW-X-7.21"


# ---------------------------------------------------------------------------- Group Heal

def test_group_heal_heals_each_friendly_living_creature_in_the_zone() -> None:
    """Group Heal: each wounded Living friendly creature in the zone rolls its own 5 dice
    (MW-6.99); enemies and the Nonliving (MW-6.103) are left alone."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20, "damage": 6,
                  "planned": ["group-heal"]},
                 {"zone": "B1"},
                 [{"card": "timber-wolf", "controller": 0, "zone": "A1", "damage": 5},     # o3
                  {"card": "skeletal-sentry", "controller": 0, "zone": "A1", "damage": 4},  # o4
                  {"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 5}])    # o5
    assert {"cast group-heal A1", "cast group-heal A2", "cast group-heal B1"} <= set(options(st))
    assert "cast group-heal C1" not in options(st)          # range 0-1
    st.script_dice([*faces(normal=(2, 2)), 1, 1, 1, *faces(critical=(2,), normal=(1,)), 1, 1, 1])
    acts(st, "cast group-heal A1")
    assert (st.objs[1].damage, st.objs[3].damage) == (2, 2)
    assert (st.objs[4].damage, st.objs[5].damage) == (4, 5)


# ---------------------------------------------------------------------------- Heal, Minor Heal

def test_heal_rolls_eight_dice() -> None:
    """Heal: the total of 8 attack dice (MW-6.99), never more than the damage (MW-6.102)."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20, "planned": ["heal"]},
                 objects=[{"card": "timber-wolf", "controller": 0, "zone": "B2",
                           "damage": 9}])
    st.script_dice(faces(normal=(1, 1, 1, 1), critical=(1,), blank=3))
    acts(st, "cast heal o3")
    assert st.objs[3].damage == 4 and mana(st) == 11
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20, "damage": 3,
                  "planned": ["heal"]})
    st.script_dice(faces(normal=(2, 2, 2, 2, 2, 2, 2, 2)))
    acts(st, "cast heal o1")
    assert st.objs[1].damage == 0


def test_minor_heal_rolls_five_dice_on_a_living_creature() -> None:
    """Minor Heal: 5 dice (MW-6.99), range 0-1; Nonliving creatures are no target (MW-6.103)."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20, "planned": ["minor-heal"]},
                 objects=[{"card": "timber-wolf", "controller": 0, "zone": "A2", "damage": 6},
                          {"card": "skeletal-sentry", "controller": 0, "zone": "A1",
                           "damage": 3}])
    assert "cast minor-heal o4" not in options(st)
    st.script_dice(faces(normal=(2, 1), critical=(1,), blank=2))
    acts(st, "cast minor-heal o3")
    assert st.objs[3].damage == 2 and mana(st) == 15


# ---------------------------------------------------------------------------- Rouse the Beast

def test_rouse_the_beast_activates_a_creature_summoned_this_round() -> None:
    """Rouse the Beast: the wolf cast this round enters inactive (MW-3.33); quickcast after the
    mage's turn (MW-3.25), X = its level (2), it turns active and takes a turn this round."""
    st = at_menu({"class": "beastmaster", "zone": "A1", "mana": 20,
                  "planned": ["timber-wolf", "rouse-the-beast"]},
                 {"zone": "A2", "active": False})
    acts(st, "cast timber-wolf A1")
    wolf = max(st.objs)
    assert st.objs[wolf].active is False and st.objs[wolf].entered_round == st.round
    pass_windows_until(st, "QuickcastAsk")
    acts(st, f"quickcast rouse-the-beast o{wolf}")
    assert st.objs[wolf].active is True and mana(st) == 20 - 9 - 2
    assert events(st, "roused")[0].rule == "MW-3.7"
    pass_windows(st)
    assert f"activate o{wolf}" in options(st)
    assert casting.spell_targets(st, 1, st.card("rouse-the-beast")) == []    # once a round


def test_rouse_the_beast_ignores_creatures_from_earlier_rounds() -> None:
    """Only a creature summoned this round is a target (its card's summary)."""
    st = at_menu({"class": "beastmaster", "zone": "A1", "mana": 20,
                  "planned": ["rouse-the-beast"]},
                 objects=[{"card": "timber-wolf", "controller": 0, "zone": "A1",
                           "active": False}])
    st.objs[3].entered_round = st.round - 1
    st.changed()
    assert casting.spell_targets(st, 1, st.card("rouse-the-beast")) == []


def pass_windows_until(st: Any, frame: str) -> None:
    """Pass reveal/quickcast windows until the decision `frame` is pending."""
    while ask(st) != frame:
        assert options(st)[-1] == "pass", options(st)
        st.apply("pass")


# ---------------------------------------------------------------------------- Sleep

def test_sleep_incapacitates_until_damage_wakes_it_dazed() -> None:
    """Sleep: X by level (wolf, level 2: 5); the marker Incapacitates (MW-X-6.23); 1 damage
    flips it to Daze (MW-X-6.24)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["sleep"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    acts(st, "cast sleep o3")
    assert mana(st) == 15 and st.objs[3].markers == {"sleep": 1}
    assert traits.is_incapacitated(st, 3)
    assert conditions.removal_cost(st, 3, "sleep") == 2      # its level (MW-X-6.25)
    damage.deal(st, 3, 1, source=None, direct=True, rule="MW-6.97")
    assert st.objs[3].markers == {"daze": 1}


@pytest.mark.parametrize("card, cost", [("asyran-cleric", 4), ("timber-wolf", 5),
                                        ("royal-archer", 6), ("steelclaw-grizzly", 8)])
def test_sleep_costs_by_the_targets_level(card: str, cost: int) -> None:
    """X: 4, 5, 6 for levels 1-3, then 2 more a level (level 4: 8)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["sleep"]},
                 objects=[{"card": card, "controller": 1, "zone": "B1"}])
    assert casting.spell_cost(st, 1, st.card("sleep"), ("o3",)) == cost


def test_sleep_cannot_reach_mages_psychic_immune_or_nonliving_creatures() -> None:
    """MW-S8: Sleep is Psychic, so Mana Leech and Skeletal Sentry are out (MW-X-6.23); mages
    are no target (non-mage filter)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["sleep"]}, {"zone": "A2"},
                 [{"card": "mana-leech", "controller": 1, "zone": "A1"},
                  {"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
                  {"card": "timber-wolf", "controller": 1, "zone": "A1"}])
    assert [o for o in options(st) if o.startswith("cast sleep")] == ["cast sleep o5"]


# ---------------------------------------------------------------------------- Steal Enchantment

def test_steal_enchantment_moves_it_and_changes_its_controller() -> None:
    """Steal Enchantment: Rhino Hide (2 + 2) leaves the enemy wolf for the caster's wolf; X
    counts it on both (8); the caster controls it now and it keeps working (MW-5.20)."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20,
                  "planned": ["steal-enchantment"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"},     # o3
                          {"card": "rhino-hide", "controller": 1, "host": 3},         # o4
                          {"card": "timber-wolf", "controller": 0, "zone": "A1"}])    # o5
    assert "cast steal-enchantment o4 o5" in options(st)
    assert casting.spell_cost(st, 1, st.card("steal-enchantment"), ("o4", "o1")) == 9
    acts(st, "cast steal-enchantment o4 o5")
    assert mana(st) == 12
    ench = st.objs[4]
    assert (ench.host, ench.controller, ench.owner, ench.face_up) == (5, 0, 1, True)
    assert traits.armor(st, 5) == 4 and traits.armor(st, 3) == 2


def test_steal_enchantment_respects_class_restrictions() -> None:
    """MW-S4: a Death Link (Dark mages only) cannot be taken by a wizard."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 30,
                  "planned": ["steal-enchantment"]},
                 {"class": "warlock", "zone": "B1"},
                 [{"card": "timber-wolf", "controller": 1, "zone": "B1"},      # o3
                  {"card": "death-link", "controller": 1, "host": 3},          # o4
                  {"card": "timber-wolf", "controller": 0, "zone": "A1"}])     # o5
    assert not any(o.startswith("cast steal-enchantment") for o in options(st))


# ---------------------------------------------------------------------------- Teleport

def test_teleport_costs_three_a_zone_and_at_least_three() -> None:
    """Teleport: X = 3 per zone moved, minimum 3 (its own zone, MW-X-7.27); the wolf lands in
    the zone without moving through the others (MW-X-7.25)."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["teleport"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    card = st.card("teleport")
    assert casting.spell_cost(st, 1, card, ("o3", "B1")) == 3
    assert casting.spell_cost(st, 1, card, ("o3", "A2")) == 6
    assert "cast teleport o3 C2" not in options(st)      # 3 zones from the caster (MW-5.4)
    acts(st, "cast teleport o3 A2")
    assert st.objs[3].zone == "A2" and mana(st) == 14
    assert events(st, "teleport")[0].rule == "MW-X-7.25"


def test_teleport_example_on_the_full_arena() -> None:
    """MW-X-7.29: the wizard pays 12 and a friendly Hydra 2 zones away travels 4 zones to the
    enemy mage's zone, both targets within range 2 of the caster."""
    st = at_menu({"class": "wizard", "zone": "B2", "mana": 20, "planned": ["teleport"]},
                 {"class": "warlock", "zone": "C3"},
                 [{"card": "darkfenne-hydra", "controller": 0, "zone": "A1"}], arena="full")
    assert st.arena.distance("A1", "C3") == 4
    assert "cast teleport o3 C3" in options(st)
    acts(st, "cast teleport o3 C3")
    assert mana(st) == 8 and st.objs[3].zone == "C3"


def test_teleport_works_on_the_unmovable() -> None:
    """MW-X-7.28: Force Hold makes the wolf Unmovable, yet Teleport moves it."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["teleport"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"},
                          {"card": "force-hold", "controller": 0, "host": 3}])
    acts(st, "cast teleport o3 A2")
    assert st.objs[3].zone == "A2"


# ---------------------------------------------------------------------------- Vampiric Strike

def test_vampiric_strike_lasts_one_melee_attack() -> None:
    """Vampiric Strike: the next melee attack has Vampiric (MW-X-4.10) and Piercing +1
    (MW-X-4.4); the mage's bite heals half the damage, rounded up, then the grant is gone."""
    st = scenario({"players": [{"zone": "A1", "mana": 20, "damage": 6,
                                "planned": ["vampiric-strike"]}, {"zone": "B1"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"}]})  # o3
    acts(st, "quickcast vampiric-strike o1")
    assert traits.traits(st, 1).melee
    acts(st, "activate o1")
    st.script_dice(faces(normal=(2, 2, 1)))
    acts(st, "attack 1 o3")
    assert st.objs[3].damage == 4            # 5 normal - (armor 2 - 1)
    assert st.objs[1].damage == 4            # healed 2
    assert not traits.traits(st, 1).melee    # spent


# ---------------------------------------------------------------------------- registry

INCANTATIONS = ("call-of-the-wild", "charge", "dispel", "dissolve", "drain-life", "explode",
                "force-push", "group-heal", "heal", "minor-heal", "rouse-the-beast", "sleep",
                "steal-enchantment", "teleport", "vampiric-strike")


@pytest.mark.parametrize("card", INCANTATIONS)
def test_every_incantation_is_implemented(card: str) -> None:
    """Each incantation is data only or has a script (MW-5.20), never both."""
    assert registry.implemented(card)
    assert (card in registry.DATA_ONLY) != (registry.script(card) is not None)
