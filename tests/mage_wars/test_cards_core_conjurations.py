"""The Core Set's conjurations (issue 8): one scenario per card, with the Codex rules they bring
(walls MW-X-10.5, Passage Attack MW-X-7.13, familiars MW-X-10.6, spawnpoints MW-X-10.7, Zone
Exclusive MW-X-10.13, Spellbind and Extendable MW-X-11.12, MW-X-11.13, Channeling +/-X MW-X-12.2,
MW-C20, MW-C24)."""

from __future__ import annotations

import dataclasses
from typing import Any

from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.rules import casting, combat, damage, walls
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, ask, events, faces, fake_card, options, scenario

U = data.TraitUse


def board(objects: list[dict[str, Any]], **setup: Any) -> MageWarsState:
    """Beastmaster (o1, A1) against warlock (o2, C2) with the given objects from o3 on."""
    raw: dict[str, Any] = {"players": [{"class": "beastmaster", "mana": 30},
                                       {"class": "warlock", "mana": 30}], "objects": objects}
    raw.update(setup)
    return scenario(raw)


def mage_menu(planned: list[str], book: list[str] | None = None,
              objects: list[dict[str, Any]] | None = None, **player: Any) -> MageWarsState:
    """The beastmaster (o1, A1) at its action menu on the full arena, with planned spells."""
    seat: dict[str, Any] = {"class": "beastmaster", "mana": 30, "planned": planned, **player}
    if book is not None:
        seat["book"] = book
    return scenario({"phase": "menu", "activate": 1, "players": [seat, {"class": "warlock"}],
                     "objects": objects or []}, arena="full")


# ---------------------------------------------------------------------------- Channeling +/-X

def test_mana_crystal_gives_its_controllers_mage_channeling_plus_one() -> None:
    """mana-crystal, MW-X-12.2, MW-5.50: the crystal's controller channels 1 more, wherever the
    mage stands; the other mage channels as before."""
    st = board([{"card": "mana-crystal", "controller": 0, "zone": "B2"}])
    assert traits.traits(st, 1).value("channeling-modifier") == 1
    assert traits.traits(st, 2).value("channeling-modifier") == 0
    round_rules.channeling_step(st)
    assert st.players[0].mana == 30 + st.players[0].channeling + 1
    assert st.players[1].mana == 30 + st.players[1].channeling
    assert traits.traits(st, 3).immune("flame")


def test_mana_flower_is_a_living_plant_with_channeling_plus_one() -> None:
    """mana-flower: Living, Regenerate 2, and Channeling +1 for its controller's mage
    (MW-X-12.2); two mana conjurations add up (MW-X-1.2: signed copies stack)."""
    st = board([{"card": "mana-flower", "controller": 1, "zone": "B1", "damage": 3},
                {"card": "mana-crystal", "controller": 1, "zone": "B2"}])
    t = traits.traits(st, 3)
    assert t.has("living") and t.value("regenerate") == 2
    assert round_rules.mage_channeling(st, 1) == st.players[1].channeling + 2
    round_rules.run_upkeep_effects(st, 3, regenerate_first=True)
    assert st.obj(3).damage == 1


def test_channeling_modifier_never_below_zero_and_only_with_channeling() -> None:
    """MW-X-12.2: Channeling -X never takes channeling below 0; MW-C20: it changes any object
    with channeling (a spawnpoint's counters), and does nothing to one without."""
    st = board([{"card": "timber-wolf", "controller": 0, "zone": "A1"}])
    fake_card(st, "timber-wolf", "test-well", type="conjuration", attacks=(),
              traits=(U("channeling", 2),))
    well = st.new_obj("test-well", "conjuration", 0, 0, zone="B1").oid
    traits.add_temp(st, 1, "channeling-modifier", -40, traits.TEMP_UNTIL_ROUND)
    traits.add_temp(st, 3, "channeling-modifier", 2, traits.TEMP_UNTIL_ROUND)
    traits.add_temp(st, well, "channeling-modifier", -1, traits.TEMP_UNTIL_ROUND)
    assert round_rules.mage_channeling(st, 0) == 0
    assert round_rules.object_channeling(st, 3) == 0
    round_rules.channeling_step(st)
    assert st.players[0].mana == 30 and st.obj(well).mana == 1 and st.obj(3).mana == 0


# ---------------------------------------------------------------------------- arena-wide grants

def test_deathlock_gives_finite_life_to_every_creature_and_conjuration() -> None:
    """deathlock, MW-5.50, MW-X-8.8: while it stands nothing in the arena heals or regenerates:
    mages, creatures of either side and Living conjurations."""
    st = board([{"card": "deathlock", "controller": 1, "zone": "B2"},
                {"card": "timber-wolf", "controller": 0, "zone": "A1", "damage": 2},
                {"card": "mana-flower", "controller": 0, "zone": "A1", "damage": 2}],
               players=[{"class": "beastmaster", "damage": 4}, {"class": "warlock"}])
    for oid in (1, 2, 4, 5):
        assert traits.traits(st, oid).has("finite-life"), oid
    assert damage.heal(st, 4, 2, "MW-6.99") == 0 and damage.heal(st, 1, 2, "MW-6.99") == 0
    round_rules.run_upkeep_effects(st, 5, regenerate_first=True)
    assert st.obj(5).damage == 2
    damage.destroy(st, 3, "MW-6.105")
    assert damage.heal(st, 4, 2, "MW-6.99") == 2


def test_rajans_fury_gives_charge_to_every_animal() -> None:
    """rajans-fury, MW-5.50: every animal in the arena, friend or foe, has Charge +1; other
    creatures do not."""
    st = board([{"card": "rajans-fury", "controller": 0, "zone": "A2"},
                {"card": "timber-wolf", "controller": 0, "zone": "A1"},
                {"card": "timber-wolf", "controller": 1, "zone": "C2"},
                {"card": "firebrand-imp", "controller": 1, "zone": "C2"}])
    assert traits.traits(st, 4).value("charge") == 1
    assert traits.traits(st, 5).value("charge") == 1
    assert traits.traits(st, 6).value("charge") == 0


def test_tooth_and_nail_gives_piercing_to_animals_melee_attacks() -> None:
    """tooth-and-nail, MW-5.50 (the rulebook's own example): the melee attacks of every animal
    on the board, either side's, have Piercing +1; not the attacks of other creatures."""
    st = board([{"card": "tooth-and-nail", "controller": 0, "zone": "A2"},
                {"card": "timber-wolf", "controller": 1, "zone": "C2"},
                {"card": "firebrand-imp", "controller": 1, "zone": "C2"}])
    wolf_bar = st.card("timber-wolf").attacks[0]
    assert traits.attack_traits(st, 4, wolf_bar).value("piercing") == 1
    imp = next(b for b in st.card("firebrand-imp").attacks if b.kind == "melee")
    assert traits.attack_traits(st, 5, imp).value("piercing") == 0


def test_mohktari_gives_regenerate_to_friendly_living_creatures_in_its_zone() -> None:
    """mohktari-great-tree-of-life: a Living tree with Regenerate 2; friendly Living creatures
    in its zone regenerate 2 too, not enemies nor friends elsewhere."""
    st = board([{"card": "mohktari-great-tree-of-life", "controller": 0, "zone": "B1"},
                {"card": "timber-wolf", "controller": 0, "zone": "B1", "damage": 3},
                {"card": "timber-wolf", "controller": 1, "zone": "B1"},
                {"card": "timber-wolf", "controller": 0, "zone": "A1"}])
    assert traits.traits(st, 3).has("living") and traits.traits(st, 3).value("regenerate") == 2
    assert traits.traits(st, 4).value("regenerate") == 2
    assert traits.traits(st, 5).value("regenerate") == 0
    assert traits.traits(st, 6).value("regenerate") == 0
    round_rules.run_upkeep_effects(st, 4, regenerate_first=True)
    assert st.obj(4).damage == 1


# ---------------------------------------------------------------------------- walls

def test_wall_of_stone_blocks_passage_and_sight_and_extends() -> None:
    """wall-of-stone, MW-X-10.5, MW-5.58: a wall on a border; Passage Blocked and LoS
    Obstructed (MW-5.61, MW-5.64); MW-X-11.13, MW-C24: Extendable, paying its cost plus its
    level again for a second copy from the book on a joined border."""
    st = mage_menu(["wall-of-stone"], book=["wall-of-stone"])
    assert "cast wall-of-stone A1-A2 opt=extend" in options(st)
    acts(st, "cast wall-of-stone A1-A2 opt=extend")
    assert st.players[0].mana == 30 - 7 - (7 + 2)
    second = [o for o in options(st) if o.startswith("choose")]
    assert second and all(o.split()[1] != "A1-A2" for o in second)
    acts(st, "choose A2-B2" if "choose A2-B2" in second else second[0])
    placed = walls.in_play(st)
    assert len(placed) == 2 and all(o.card == "wall-of-stone" for o in placed)
    assert not st.arena.can_cross("A1", "A2", False)
    assert not st.arena.los("A1", "A3", from_flying=False, to_flying=False)
    assert st.players[0].book == []


def test_fog_bank_hides_but_lets_creatures_cross() -> None:
    """fog-bank, MW-5.63, MW-5.64: LoS Obstructed without any passage trait: creatures walk
    through it, sight does not go through; it is Incorporeal (MW-5.36)."""
    st = mage_menu(["fog-bank"])
    acts(st, "cast fog-bank A1-A2")
    fog = walls.wall_on(st, walls.parse("A1-A2"))
    assert fog is not None and traits.traits(st, fog.oid).has("incorporeal")
    assert st.arena.can_cross("A1", "A2", False)
    assert not st.arena.los("A1", "A3", from_flying=False, to_flying=False)


# ---------------------------------------------------------------------------- Mana Transfer +X

def test_mana_transfer_moves_the_drained_mana_to_the_attacker() -> None:
    """MW-X-4.13: Mana Transfer +X drains like Mana Drain (MW-X-4.12) and the attacker's
    controller gains exactly the mana lost: 2 asked, the enemy holds only 1, 1 moves."""
    st = scenario({"phase": "menu", "activate": 3, "players": [{"mana": 5}, {"mana": 1}],
                   "objects": [{"card": "mana-leech", "controller": 0, "zone": "A1"}]})
    st.obj(2).zone = "A1"
    st.changed()
    bar = st.card("mana-leech").attacks[0]
    bar = data.Attack(bar.name, bar.speed, bar.kind, bar.range, bar.dice, bar.damage_type,
                      bar.effects, (U("mana-transfer", 2),), bar.bonus_vs, False)
    fake_card(st, "mana-leech", "test-leech", attacks=(bar,))
    st.obj(3).card = "test-leech"
    st.changed()
    st.script_dice(faces(critical=(1,), blank=1))
    acts(st, "attack 1 o2")
    assert st.obj(2).damage == 1
    assert st.players[1].mana == 0 and st.players[0].mana == 6
    assert events(st, "mana-transfer")[-1].rule == "MW-X-4.13"


# ---------------------------------------------------------------------------- spawnpoints

def planning(objects: list[dict[str, Any]], classes: tuple[str, str] = ("beastmaster", "warlock"),
             book: list[str] | None = None) -> MageWarsState:
    """Planning of round 2, seat 0 (o1, A1) first; objects from o3 on."""
    seat: dict[str, Any] = {"class": classes[0], "mana": 20}
    if book is not None:
        seat["book"] = book
    return scenario({"phase": "planning", "players": [seat, {"class": classes[1]}],
                     "objects": objects})


def assigns(st: MageWarsState, holder: int) -> set[str]:
    return {o.split()[2] for o in options(st) if o.startswith(f"assign o{holder} ")}


def test_lair_takes_animal_creatures_only_and_summons_in_its_zone() -> None:
    """lair, MW-X-10.7, MW-5.52, MW-5.57: the Lair (a spawnpoint for creature spells) takes an
    animal, not another creature nor another type; in Deployment it summons it in its own zone,
    paying with its counters first (MW-5.56); it channels 2 (MW-5.55)."""
    st = planning([{"card": "lair", "controller": 0, "zone": "B1", "mana": 2}],
                  book=["timber-wolf", "firebrand-imp", "bear-strength"])
    assert assigns(st, 3) == {"timber-wolf"}
    acts(st, "assign o3 timber-wolf", "plan done", "plan done")
    assert "deploy o3 timber-wolf B1" in options(st)
    acts(st, "deploy o3 timber-wolf B1")
    wolf = events(st, "summon")[-1].data["oid"]
    assert st.obj(wolf).zone == "B1" and st.obj(3).mana == 0 and st.players[0].mana == 20 - (9 - 2)
    assert round_rules.object_channeling(st, 3) == 2


def test_battle_forge_casts_equipment_on_a_mage_in_deployment() -> None:
    """battle-forge, MW-5.52, MW-5.56: a spawnpoint for equipment spells only; in Deployment it
    casts the item onto a mage within the item's range of the forge; it channels 1."""
    st = planning([{"card": "battle-forge", "controller": 0, "zone": "A1", "mana": 1}],
                  book=["leather-gloves", "timber-wolf"])
    assert assigns(st, 3) == {"leather-gloves"}
    acts(st, "assign o3 leather-gloves", "plan done", "plan done")
    assert "deploy o3 leather-gloves o1" in options(st)
    acts(st, "deploy o3 leather-gloves o1")
    assert any(o.card == "leather-gloves" and o.host == 1 for o in st.objs.values())
    assert round_rules.object_channeling(st, 3) == 1
    assert traits.traits(st, 3).immune("flame")


def arcane_beast(st: MageWarsState, card_id: str = "test-arcane-beast", **changes: Any) -> str:
    fake_card(st, "timber-wolf", card_id, school=(("arcane", 2),), **changes)
    st.players[0].book.append(card_id)
    return card_id


def test_gate_to_voltari_feeds_on_enemy_spells_and_summons_arcane_creatures() -> None:
    """gate-to-voltari, MW-5.52: each spell the enemy mage casts and resolves puts 1 mana on
    the Gate; it takes a Corporeal Arcane creature, and only while it holds 3 mana or more."""
    st = scenario({"phase": "menu", "activate": 2, "players": [
        {"class": "wizard"}, {"class": "priestess", "mana": 20, "planned": ["minor-heal"],
                              "damage": 3}],
        "objects": [{"card": "gate-to-voltari", "controller": 0, "zone": "B1", "mana": 2}]})
    acts(st, "cast minor-heal o2")
    assert st.obj(3).mana == 3 and events(st, "gate-mana")
    beast = arcane_beast(st)
    ghost = arcane_beast(st, "test-arcane-ghost", traits=(U("incorporeal"),))
    gate = st.obj(3)
    assert hooks.holds(st, 3, st.card(beast)) and not hooks.holds(st, 3, st.card(ghost))
    assert not hooks.holds(st, 3, st.card("timber-wolf"))
    gate.mana = 2
    st.changed()
    assert not hooks.holds(st, 3, st.card(beast))


def test_temple_of_asyra_takes_clerics_offerings_twice_a_round() -> None:
    """temple-of-asyra, MW-4.9: a friendly cleric may spend its full action to put 1 mana on
    the temple, at most twice a round; with 2 mana or more it takes a Holy creature
    (MW-5.52)."""
    st = scenario({"phase": "menu", "activate": 4, "players": [{"class": "priestess"},
                                                               {"class": "warlock"}],
                   "objects": [{"card": "temple-of-asyra", "controller": 0, "zone": "A1"},
                               {"card": "asyran-cleric", "controller": 0, "zone": "A1",
                                "active": True},
                               {"card": "asyran-cleric", "controller": 0, "zone": "A1",
                                "active": True},
                               {"card": "asyran-cleric", "controller": 0, "zone": "A1",
                                "active": True}]})
    assert not hooks.holds(st, 3, st.card("asyran-cleric"))
    assert "ability offer o3" in options(st)
    acts(st, "ability offer o3")
    assert st.obj(3).mana == 1
    second = scenario_turn(st, 5)
    assert "ability offer o3" in second
    acts(st, "ability offer o3")
    assert st.obj(3).mana == 2
    assert "ability offer o3" not in scenario_turn(st, 6)
    assert hooks.holds(st, 3, st.card("asyran-cleric"))
    assert not hooks.holds(st, 3, st.card("timber-wolf"))


def scenario_turn(st: MageWarsState, oid: int) -> list[str]:
    """Play on until `oid` is at its action menu (other seats pass or end)."""
    for _ in range(40):
        ask_now = options(st)
        if f"activate o{oid}" in ask_now:
            acts(st, f"activate o{oid}")
            continue
        if any(o.startswith("ability offer") or o == "end" for o in ask_now) and \
                st.acting == oid:
            return ask_now
        acts(st, "pass" if "pass" in ask_now else ("end" if "end" in ask_now else ask_now[0]))
    raise AssertionError("no turn")


# ---------------------------------------------------------------------------- mana and totems

def test_mana_siphon_drains_the_chosen_mage_wherever_it_goes() -> None:
    """mana-siphon, MW-X-12.2: cast with a mage within 2 zones of its zone and in sight; that
    mage has Channeling -2 while the Siphon stands, wherever it moves; destroyed, it ends."""
    st = mage_menu(["mana-siphon"], objects=[])
    st.obj(2).zone = "B2"
    st.changed()
    casts = [o for o in options(st) if o.startswith("cast mana-siphon")]
    assert "cast mana-siphon A2 opt=o2" in casts and "cast mana-siphon A1 opt=o1" in casts
    st.obj(2).zone = "C4"                       # 3 zones or more from every zone in range
    st.changed()
    assert not any(o.endswith("opt=o2") for o in options(st) if o.startswith("cast mana-"))
    st.obj(2).zone = "B2"
    st.changed()
    acts(st, "cast mana-siphon A2 opt=o2")
    siphon = next(o.oid for o in st.objs.values() if o.card == "mana-siphon")
    assert round_rules.mage_channeling(st, 1) == st.players[1].channeling - 2
    assert round_rules.mage_channeling(st, 0) == st.players[0].channeling
    st.obj(2).zone = "C4"
    st.changed()
    assert round_rules.mage_channeling(st, 1) == st.players[1].channeling - 2
    damage.destroy(st, siphon, "MW-6.105")
    assert round_rules.mage_channeling(st, 1) == st.players[1].channeling


def test_animal_kinship_lends_traits_by_the_kinds_of_animals_controlled() -> None:
    """animal-kinship, MW-3.16: the Beastmaster's mage has Melee +1 with a canine, Armor +1
    with a reptile, Tough -2 with a bear, Climber with an ape, Elusive with a cat; enemy
    animals count for nothing."""
    st = board([{"card": "animal-kinship", "controller": 0, "zone": "A1"},
                {"card": "timber-wolf", "controller": 0, "zone": "A1"},
                {"card": "emerald-tegu", "controller": 0, "zone": "B1"},
                {"card": "steelclaw-grizzly", "controller": 1, "zone": "C2"}])
    t = traits.traits(st, 1)
    assert t.value("melee") == 1 and t.value("armor") == 1 and t.value("tough") == 0
    assert not traits.traits(st, 2).value("melee")
    st.obj(6).controller = 0
    st.changed()
    assert traits.traits(st, 1).value("tough") == -2
    damage.destroy(st, 4, "MW-6.105")
    assert traits.traits(st, 1).value("melee") == 0


def test_pentagram_gains_mana_from_damaged_enemies_and_summons_dark_living() -> None:
    """pentagram, MW-5.52: each different enemy creature a friendly creature's attack damages
    puts 1 mana on the rune, at most 2 a round; it takes a Dark Living creature while it holds
    2 mana or more."""
    st = scenario({"phase": "menu", "activate": 4, "players": [{"class": "warlock"},
                                                               {"class": "beastmaster"}],
                   "objects": [{"card": "pentagram", "controller": 0, "zone": "B1"},
                               {"card": "timber-wolf", "controller": 0, "zone": "C2",
                                "active": True},
                               {"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o5")
    assert st.obj(5).damage > 0 and st.obj(3).mana == 1 and events(st, "rune-mana")
    imp = st.card("firebrand-imp")            # Dark, Living
    assert not hooks.holds(st, 3, imp)
    info = combat.AttackInfo(4, 5, "timber-wolf", 1, "melee", None, False, 1, False, True)
    hooks.attack_damaged(st, info, st.obj(5), 1)          # the same enemy: not counted again
    assert st.obj(3).mana == 1
    st.obj(2).zone = "C2"
    st.changed()
    hooks.attack_damaged(st, dataclasses.replace(info, defender=2), st.obj(2), 2)
    assert st.obj(3).mana == 2 and hooks.holds(st, 3, imp)
    assert not hooks.holds(st, 3, st.card("skeletal-sentry"))     # Nonliving
    third = st.new_obj("timber-wolf", "creature", 1, 1, zone="C2")
    hooks.attack_damaged(st, info, third, 1)                       # 2 a round at most
    assert st.obj(3).mana == 2


def test_suppression_orb_taxes_every_move_action_but_the_mages() -> None:
    """suppression-orb, MW-4.20: a creature that is not a mage pays 1 mana to its controller's
    pool before moving; with no mana it is offered no move (MW-A14); mages move free."""
    st = scenario({"phase": "menu", "activate": 4, "players": [{"mana": 1}, {}],
                   "objects": [{"card": "suppression-orb", "controller": 1, "zone": "B2"},
                               {"card": "timber-wolf", "controller": 0, "zone": "A1",
                                "active": True}]})
    assert "move A2" in options(st)
    acts(st, "move A2")
    while st.obj(4).zone != "A2" or "move-toll" not in [e.kind for e in st.events]:
        acts(st, "pass")
    assert st.players[0].mana == 0 and events(st, "move-toll")[0].data["mover"] == 4
    assert not any(o.startswith("move") for o in options(st))
    st2 = scenario({"phase": "menu", "activate": 1, "players": [{"mana": 0}, {}],
                    "objects": [{"card": "suppression-orb", "controller": 1, "zone": "B2"}]})
    assert "move A2" in options(st2)
    acts(st2, "move A2")
    assert not events(st2, "move-toll")


def test_wall_of_fire_attacks_crossers_and_is_ethereal_to_hydro() -> None:
    """wall-of-fire, MW-X-7.13, MW-5.62: an Incorporeal wall with LoS Obstructed whose Passage
    Attack (5 Flame dice, Unavoidable) hits each creature crossing it; MW-X-4.14: Hydro attacks
    against it count as Ethereal, so every die counts (MW-5.38), not only the 1s."""
    st = scenario({"phase": "menu", "activate": 3, "players": [
        {"planned": ["geyser"], "mana": 20}, {}],
        "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1", "active": True}]},
        arena="full")
    wall = walls.place(st, "wall-of-fire", 1, walls.parse("A1-A2")).oid
    assert not st.arena.los("A1", "A3", from_flying=False, to_flying=False)
    st.script_dice([*faces(critical=(1,), blank=4), 1])
    acts(st, "move A2")
    while ask(st) == "RevealAsk" and not events(st, "hit"):
        acts(st, "pass")
    assert events(st, "passage-attack") and st.obj(3).damage == 1
    assert hooks.ethereal_against(st, wall, st.card("geyser").attacks[0])
    assert not hooks.ethereal_against(st, wall, st.card("fireball").attacks[0])
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"planned": ["geyser"], "mana": 20}, {}]}, arena="full")
    wall = walls.place(st, "wall-of-fire", 1, walls.parse("A1-A2")).oid
    st.script_dice([*faces(normal=(2,) * 8), 1])     # all "2"s: nothing if it were not Ethereal
    acts(st, f"cast geyser o{wall}")
    while ask(st) == "RevealAsk" and wall in st.objs:
        acts(st, "pass")
    assert wall not in st.objs and not walls.in_play(st)


def test_wall_of_thorns_attacks_by_level_and_takes_a_full_action() -> None:
    """wall-of-thorns, MW-X-7.13, MW-5.62: a Living wall (Regenerate 2) hiding what lies
    beyond (MW-5.64); a level 1 creature walks through unharmed; one of level 3 must spend its
    full action (`cross`), not a move, and meets two Sharp Thorns attacks (level - 1)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [
        {"card": "bitterwood-fox", "controller": 0, "zone": "A1", "active": True},
        {"card": "royal-archer", "controller": 0, "zone": "A1", "active": True}]},
        arena="full")
    wall = walls.place(st, "wall-of-thorns", 1, walls.parse("A1-A2")).oid
    t = traits.traits(st, wall)
    assert t.has("living") and t.value("regenerate") == 2
    assert not st.arena.los("A1", "A3", from_flying=False, to_flying=False)
    assert "move A2" in options(st) and "cross A2" not in options(st)
    acts(st, "move A2")
    while st.obj(3).zone != "A2":
        acts(st, "pass")
    assert not events(st, "passage-attack") and st.obj(3).damage == 0
    st2 = scenario({"phase": "menu", "activate": 3, "objects": [
        {"card": "royal-archer", "controller": 0, "zone": "A1", "active": True}]},
        arena="full")
    walls.place(st2, "wall-of-thorns", 1, walls.parse("A1-A2"))
    assert "move A2" not in options(st2) and "cross A2" in options(st2)
    st2.script_dice(faces(critical=(1, 1, 1, 1)))
    acts(st2, "cross A2")
    while st2.obj(3).zone != "A2":
        acts(st2, "pass")
    assert len(events(st2, "attack")) == 2 and st2.obj(3).damage == 4
    assert st2.acting != 3 or options(st2) == ["end"]


def test_tanglevine_holds_a_creature_until_it_is_cut() -> None:
    """tanglevine, MW-5.49: the vine attaches to a Corporeal creature, which is Restrained and
    Unmovable while it lives (MW-X-6.29); never on a flyer; ranged attacks cannot target it
    (an attack spell neither), melee attacks in its zone can; destroyed, the creature is
    free."""
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"class": "beastmaster", "planned": ["tanglevine", "fireball"], "mana": 30},
        {"class": "warlock"}],
        "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A2"},
                    {"card": "timber-wolf", "controller": 1, "zone": "B1"}]})
    traits.add_temp(st, 4, "flying", None, traits.TEMP_UNTIL_ROUND)
    casts = [o for o in options(st) if o.startswith("cast tanglevine")]
    assert "cast tanglevine o3" in casts and "cast tanglevine o4" not in casts
    acts(st, "cast tanglevine o3")
    vine = next(o.oid for o in st.objs.values() if o.card == "tanglevine")
    assert st.obj(vine).host == 3
    assert traits.is_restrained(st, 3) and traits.traits(st, 3).has("unmovable")
    assert traits.traits(st, vine).has("living")
    wolf_ref = traits.attacks(st, 3)[0]
    assert vine in combat.melee_targets(st, 3, wolf_ref)
    fireball = casting.spell_targets(st, 1, st.card("fireball"))
    assert ("o3",) in fireball and (f"o{vine}",) not in fireball
    archer = st.new_obj("royal-archer", "creature", 0, 0, zone="A1").oid
    bow = next(r for r in traits.attacks(st, archer) if r.attack.kind == "ranged")
    assert 3 in combat.ranged_targets(st, archer, bow)
    assert vine not in combat.ranged_targets(st, archer, bow)
    damage.destroy(st, vine, "MW-6.105")
    assert not traits.is_restrained(st, 3)


# ---------------------------------------------------------------------------- ready powers

def test_sacrificial_altar_trades_a_creature_for_melee_and_piercing() -> None:
    """sacrificial-altar, MW-3.8 (ready marker), MW-X-8.2: right before one of its creatures'
    action turns the Warlock's player destroys a creature it controls and owns (never its
    mage); a friendly creature has Melee +X and Piercing +X on its melee attacks this round,
    X the victim's level; then an activation must follow, and the altar is spent."""
    st = scenario({"phase": "action", "initiative": 0, "players": [
        {"class": "warlock", "quickcast": False}, {"class": "beastmaster", "quickcast": False}],
        "objects": [{"card": "sacrificial-altar", "controller": 0, "zone": "A1"},
                    {"card": "dark-pact-slayer", "controller": 0, "zone": "A1",
                     "active": True},
                    {"card": "timber-wolf", "controller": 0, "zone": "A1", "active": True},
                    {"card": "timber-wolf", "controller": 1, "owner": 0, "zone": "C2"}]})
    powers = [o for o in options(st) if o.startswith("ability sacrifice")]
    assert "ability sacrifice o5 o4" in powers and "ability sacrifice o5 o1" in powers
    assert not any(o.startswith("ability sacrifice o1 ") for o in powers)      # its mage
    assert not any("o6" in o for o in powers)                                   # not its own
    acts(st, "ability sacrifice o5 o4")
    assert 5 not in st.objs and "timber-wolf" in st.players[0].discard
    assert traits.traits(st, 4).value("melee") == 2
    bar = traits.attacks(st, 4)[0].attack
    printed = sum(u.value or 0 for u in bar.traits if u.keyword == "piercing")
    assert traits.attack_traits(st, 4, bar).value("piercing") == printed + 2
    assert not any(o.startswith("ability") for o in options(st))                 # spent
    assert all(o.startswith("activate") for o in options(st))
    traits.end_of_round(st)
    assert traits.traits(st, 4).value("melee") == 0


def test_hand_of_bim_shalla_blesses_a_living_creature_after_a_turn() -> None:
    """hand-of-bim-shalla, MW-3.8: right after one of its controller's creatures' action
    turns, the controller may grant a Living creature Armor +1 or Melee +1 for the rest of the
    round, or heal 1 of its damage; once a round."""
    st = scenario({"phase": "action", "initiative": 0, "players": [
        {"class": "priestess", "quickcast": False},
        {"class": "beastmaster", "quickcast": False}],
        "objects": [{"card": "hand-of-bim-shalla", "controller": 0, "zone": "A1"},
                    {"card": "timber-wolf", "controller": 0, "zone": "A1", "active": True,
                     "damage": 2},
                    {"card": "skeletal-sentry", "controller": 0, "zone": "A1"}]})
    acts(st, "activate o4", "end")
    while ask(st) != "PowerAsk":
        acts(st, "pass")
    powers = options(st)
    assert {"ability bless o4 opt=heal", "ability bless o4 opt=armor",
            "ability bless o1 opt=melee"} <= set(powers)
    assert not any(" o5 " in o for o in powers)          # the sentry is Nonliving
    acts(st, "ability bless o4 opt=armor")
    assert traits.armor(st, 4) == st.card("timber-wolf").armor + 1
    assert ask(st) != "PowerAsk" and not hooks.ready_powers(st, 0)


def test_temple_of_light_blasts_with_x_dice_for_x_mana() -> None:
    """temple-of-light, MW-3.8: right before one of its controller's creatures' turns, the
    controller pays X (1 to the temples it controls) for a ranged Light Blast from the temple
    (range 0-2, in its sight) with X dice and +X on the effect roll; once a round."""
    st = scenario({"phase": "action", "initiative": 0, "players": [
        {"class": "priestess", "quickcast": False, "mana": 5},
        {"class": "beastmaster", "quickcast": False}],
        "objects": [{"card": "temple-of-light", "controller": 0, "zone": "B1"},
                    {"card": "hand-of-bim-shalla", "controller": 0, "zone": "A1"},
                    {"card": "timber-wolf", "controller": 0, "zone": "A1", "active": True},
                    {"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    blasts = [o for o in options(st) if o.startswith("ability light-blast")]
    assert {"ability light-blast o6 x=1", "ability light-blast o6 x=2"} <= set(blasts)
    assert "ability light-blast o6 x=3" not in blasts            # two temples
    st.script_dice([*faces(critical=(1, 1)), 1])
    acts(st, "ability light-blast o6 x=2")
    while ask(st) in ("RevealAsk", "DefenseAsk"):
        acts(st, "pass" if "pass" in options(st) else "no-defense")
    assert st.obj(6).damage == 2 and st.players[0].mana == 3
    assert not any(o.startswith("ability light-blast") for o in options(st))


def test_gate_to_hell_opens_once_attacks_walkers_and_calls_demons() -> None:
    """gate-to-hell: every demon has Melee +1 (MW-5.50); once per game the Warlock's mage
    spends a full action and 12 mana to open it: Open the Gate attacks each creature in the
    arena that is not flying, friend or foe (Unavoidable); then its controller's demons may be
    summoned in the Gate's zone, out of range."""
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"class": "warlock", "mana": 30}, {"class": "beastmaster"}],
        "objects": [{"card": "gate-to-hell", "controller": 0, "zone": "B2"},
                    {"card": "firebrand-imp", "controller": 1, "zone": "C2"},
                    {"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    assert traits.traits(st, 4).value("melee") == 1 and traits.traits(st, 5).value("melee") == 0
    imp = st.card("firebrand-imp")
    assert ("B2",) not in casting.spell_targets(st, 1, imp)
    traits.add_temp(st, 5, "flying", None, traits.TEMP_UNTIL_ROUND)
    assert "ability open-gate o3" in options(st)
    acts(st, "ability open-gate o3")
    for _ in range(60):
        if ask(st) != "RevealAsk" and st.acting != 1:
            break
        acts(st, "pass" if "pass" in options(st) else options(st)[0])
    targets = {e.data["target"] for e in events(st, "attack")}
    assert targets == {1, 2, 4} and st.players[0].mana == 18
    assert ("B2",) in casting.spell_targets(st, 1, imp)
    assert ("B2",) not in casting.spell_targets(st, 2, imp)       # the enemy's demons: no
    st.players[0].mana = 30                           # once per game: never again
    st.changed()
    gate = registry.script("gate-to-hell")
    assert gate is not None and gate.extra_options(st, 3, 1) == []


def dawn(**extra: Any) -> MageWarsState:
    """The enemy wolf (o5) attacks the wolf (o4) of the temple's controller, in A1."""
    return scenario({"phase": "menu", "activate": 5, "players": [{}, {}], "objects": [
        {"card": "temple-of-the-dawnbreaker", "controller": 0, "zone": "B1"},
        {"card": "timber-wolf", "controller": 0, "zone": "A1"},
        {"card": "timber-wolf", "controller": 1, "zone": "A1", "active": True}], **extra})


def test_temple_of_the_dawnbreaker_rerolls_a_failed_defense() -> None:
    """temple-of-the-dawnbreaker, MW-6.83, MW-3.8: a friendly creature's failed Defense roll
    may be rolled again, once a round."""
    st = dawn()
    fake_card(st, "rhino-hide", "test-shield", grants=(), defense=data.DefenseSpec(8, None, None))
    shield = st.new_obj("test-shield", "enchantment", 0, 0, host=4).oid
    acts(st, "attack 1 o4")
    while ask(st) != "DefenseAsk":
        acts(st, "pass")
    st.script_dice([2, 11])
    acts(st, f"defend o{shield}")
    assert options(st) == ["reroll defense o3", "keep"]
    acts(st, "reroll defense o3")
    assert [e.data["avoided"] for e in events(st, "defense")] == [False, True]
    assert st.obj(4).damage == 0 and "ready" in st.obj(3).used
    assert hooks.reroll_source(st, 4) is None


def test_temple_of_the_dawnbreaker_rerolls_the_attack_dice() -> None:
    """temple-of-the-dawnbreaker, MW-6.27: when a friendly creature defends, its controller
    may have the attacker's dice rolled again (or its effect die); an enemy's creature gets
    nothing from it; `keep` leaves the roll."""
    st = dawn()
    st.script_dice([*faces(critical=(2, 2, 2, 2)), *faces(blank=4)])
    acts(st, "attack 1 o4")
    while ask(st) != "RerollAsk":
        acts(st, "pass")
    assert "reroll dice o3" in options(st) and st.current_player == 0
    acts(st, "reroll dice o3")
    assert st.obj(4).damage == 0
    assert hooks.reroll_source(st, 5) is None          # spent; and never for the enemy
