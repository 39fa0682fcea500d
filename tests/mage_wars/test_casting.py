"""Casting (Chapter V): what may be cast, targets, range and line of sight, costs, the casting
sequence and each spell type's resolution (creatures, attack spells, incantations,
equipment)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.rules import casting
from tests.mage_wars.mwkit import acts, ask, events, faces, obj, options, scenario


def mage_menu(planned: list[str], *, mana: int = 30, zone: str = "A1", other: str = "A2",
              cls: str = "warlock", objects: list[dict[str, Any]] | None = None,
              **extra: Any) -> Any:
    """Seat 0's mage o1 just activated, with these planned spells."""
    arena = extra.pop("arena", "apprentice")
    return scenario({"phase": "menu", "activate": 1, "objects": objects or [],
                     "players": [{"class": cls, "zone": zone, "mana": mana,
                                  "planned": planned}, {"zone": other}], **extra},
                    arena=arena)


def casts(st: Any, card: str | None = None) -> list[str]:
    return [o for o in options(st) if o.startswith("cast")
            and (card is None or o.split()[1] == card)]


def test_only_planned_spells_can_be_cast() -> None:
    """MW-3.18, MW-4.8, MW-5.8: a mage casts only the spells it planned this round."""
    st = mage_menu([])
    assert casts(st) == []
    st = mage_menu(["flameblast"])
    assert casts(st) == ["cast flameblast o2"]


def test_range_is_counted_in_zones() -> None:
    """MW-4.27, MW-4.28, MW-5.4, MW-5.10: a target must be within the spell's range, counting
    orthogonal steps."""
    st = mage_menu(["fireball"], other="A3", arena="full")
    assert casts(st) == ["cast fireball o2"]
    st = mage_menu(["fireball"], other="A4", arena="full")
    assert casts(st) == []
    st = mage_menu(["fireball"], other="B2", arena="full")     # a diagonal is distance 2
    assert casts(st) == ["cast fireball o2"]


def test_line_of_sight_and_flyers() -> None:
    """MW-5.70, MW-5.71, MW-5.72, MW-A5, MW-X-7.14: a wall with LoS Obstructed hides what is
    behind it, a lone wall end does not; MW-5.34, MW-5.74: a flyer is always seen."""
    st = mage_menu(["fireball"], walls=[["A1", "A2"]])
    assert casts(st) == []
    st = mage_menu(["fireball"], other="B2", walls=[["A1", "A2"]])
    assert casts(st) == ["cast fireball o2"]
    st = mage_menu(["fireball"], walls=[["A1", "A2"]])
    traits.add_temp(st, 2, "flying", None, "end-of-round")
    assert casts(st) == ["cast fireball o2"]


def test_unaffordable_spells_are_not_offered() -> None:
    """MW-3.13, MW-5.12, MW-A14: a spell whose known cost is more than the mana left is never
    among the options."""
    st = mage_menu(["fireball", "flameblast"], mana=7, other="A1")
    assert casts(st) == ["cast flameblast o2"]


def test_target_requirements() -> None:
    """MW-5.5: Minor Heal only on a Living creature (not a Nonliving Skeletal Sentry);
    non-mage targets; MW-S8: Sleep cannot target a Psychic-Immune creature."""
    objects = [{"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
               {"card": "mana-leech", "controller": 1, "zone": "A1"},
               {"card": "timber-wolf", "controller": 1, "zone": "A1"}]
    st = mage_menu(["minor-heal", "sleep"], objects=objects)
    assert casts(st, "minor-heal") == ["cast minor-heal o1", "cast minor-heal o2",
                                       "cast minor-heal o4", "cast minor-heal o5"]
    assert casts(st, "sleep") == ["cast sleep o5"]


def test_variable_costs() -> None:
    """MW-5.6, MW-X-11.1: Sleep costs by the target's level; the other X formulas: the
    target's level, an enchantment's cast and reveal costs (Magebind on a mage, MW-5.82,
    MW-X-11.11), zones moved by a Teleport, the chosen equipment's cost, Steal Enchantment."""
    st = scenario({"objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "A1"},
        {"card": "darkfenne-hydra", "controller": 1, "zone": "A1"},
        {"card": "bear-strength", "controller": 1, "host": 3},
        {"card": "rhino-hide", "controller": 1, "host": 2},
        {"card": "bearskin", "host": 2}]})
    cost = casting.spell_cost
    card = st.card
    assert cost(st, 1, card("sleep"), ("o3",)) == 5 and cost(st, 1, card("sleep"), ("o4",)) == 8
    assert cost(st, 1, card("rouse-the-beast"), ("o4",)) == 4
    assert cost(st, 1, card("dispel"), ("o5",)) == 5
    assert cost(st, 1, card("dispel"), ("o6",)) == 5      # 2 + reveal 2 + Magebind 1
    assert cost(st, 1, card("teleport"), ("o3", "A1")) == 3
    assert cost(st, 1, card("teleport"), ("o3", "C2")) == 9
    assert cost(st, 1, card("dissolve"), ("o2", "opt=o7")) == 6
    assert cost(st, 1, card("steal-enchantment"), ("o5", "o4")) == 10
    assert cost(st, 1, card("bear-strength"), ("o3",)) == 2       # MW-5.75


def test_a_creature_arrives_inactive() -> None:
    """MW-5.21, MW-5.22, MW-5.23, MW-3.33, MW-X-10.8, MW-X-10.9, MW-X-10.10: a creature spell
    puts the creature in the caster's zone, inactive, controlled and owned by the caster; the
    casting sequence announces, pays and resolves (MW-5.9, MW-5.10, MW-5.12, MW-5.14,
    MW-X-13.5)."""
    st = mage_menu(["timber-wolf"], cls="beastmaster", mana=9)
    acts(st, "cast timber-wolf A1")
    wolf = obj(st, 3)
    assert wolf["card"] == "timber-wolf" and wolf["zone"] == "A1" and not wolf["active"]
    assert wolf["controller"] == 0 and wolf["owner"] == 0 and st.players[0].mana == 0
    assert "timber-wolf" not in st.players[0].discard
    kinds = [e.kind for e in events(st)]
    assert kinds.index("announce") < kinds.index("pay") < kinds.index("summon")


def test_attack_spell_attacks_then_is_discarded() -> None:
    """MW-5.18, MW-5.19, MW-6.71, MW-6.72: each type resolves its own way: an attack spell
    resolves as a ranged attack of its bar on the announced target; MW-5.1, MW-5.16: then
    it goes to the discard pile."""
    st = mage_menu(["flameblast"], other="A1")
    st.script_dice([*faces(critical=(2, 2), blank=2), 1])
    acts(st, "cast flameblast o2")
    assert st.mage_of(1).damage == 4
    assert st.players[0].discard == ["flameblast"] and st.players[0].planned == []


def test_incantation_grants_and_discard() -> None:
    """MW-5.20: an incantation does what it says and is discarded: Charge makes its target
    Fast with Charge +1 until the end of the round."""
    st = mage_menu(["charge"], objects=[{"card": "timber-wolf", "controller": 0,
                                         "zone": "A2"}])
    acts(st, "cast charge o3")
    assert traits.traits(st, 3).has("fast") and traits.traits(st, 3).value("charge") == 1
    assert st.players[0].discard == ["charge"]


def _opponent_hides_one(extra: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A face-down enchantment of seat 1 (so seat 1 gets reveal windows)."""
    return [{"card": "timber-wolf", "controller": 1, "zone": "C2"},
            {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False},
            *([extra] if extra else [])]


def test_moved_target_counters_the_spell() -> None:
    """MW-5.15, MW-A20, MW-X-3.19: a target relocated between announcement and resolution
    (a zero-distance teleport included) counters the spell, which is discarded (MW-X-11.8);
    MW-5.11: the caster was committed, the mana is spent."""
    st = mage_menu(["flameblast"], other="A1", objects=_opponent_hides_one())
    acts(st, "cast flameblast o2")
    assert ask(st) == "RevealAsk" and st.current_player == 1
    st.relocate(2, "A1")                      # as if teleported to its own zone
    acts(st, "pass", "pass")
    assert st.mage_of(1).damage == 0 and st.players[0].mana == 25
    assert any(e.kind == "countered" and e.rule == "MW-5.15" for e in events(st))
    assert st.players[0].discard == ["flameblast"]


def test_equipment_goes_on_a_mage_and_replaces() -> None:
    """MW-5.104, MW-5.106, MW-5.107: equipment is cast on a mage in range 0-2, attaches to it
    and is controlled by the wearer; MW-5.105, MW-5.108, MW-5.110, MW-A15: an item of the same
    name or location goes back to its owner's spellbook."""
    st = mage_menu(["bearskin"], cls="beastmaster",
                   objects=[{"card": "dragonscale-hauberk", "host": 1}])
    assert casts(st) == ["cast bearskin o1", "cast bearskin o2"]
    acts(st, "cast bearskin o1")
    worn = [o for o in st.attached(1) if o.kind == "equipment"]
    assert [o.card for o in worn] == ["bearskin"] and worn[0].slots == ("chest",)
    assert "dragonscale-hauberk" in st.players[0].book
    assert "dragonscale-hauberk" not in st.players[0].discard


def test_equipment_on_the_enemy_mage() -> None:
    """MW-5.109, MW-5.111, MW-A16: equipment may go on an enemy mage, never into a filled
    location; MW-5.107: the wearer controls it; a clash appearing before resolution counters
    it."""
    st = mage_menu(["bearskin"], cls="beastmaster",
                   objects=[{"card": "wind-wyvern-hide", "host": 2}])
    assert casts(st) == ["cast bearskin o1"]
    st = mage_menu(["bearskin"], cls="beastmaster")
    acts(st, "cast bearskin o2")
    item = next(o for o in st.attached(2) if o.kind == "equipment")
    assert item.controller == 1 and item.owner == 0
    st = mage_menu(["bearskin"], cls="beastmaster", objects=_opponent_hides_one())
    acts(st, "cast bearskin o2")
    assert ask(st) == "RevealAsk"
    st.new_obj("wind-wyvern-hide", "equipment", 1, 1, host=2).slots = ("chest",)
    acts(st, "pass", "pass")
    assert any(e.kind == "countered" and e.rule == "MW-5.111" for e in events(st))
    assert "bearskin" in st.players[0].discard


def test_equipment_attack_joins_the_mage() -> None:
    """MW-5.112, MW-6.2: a mage wearing a weapon with an attack bar may attack with it."""
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"zone": "A1"}, {"zone": "A1"}],
                   "objects": [{"card": "staff-of-the-arcanum", "host": 1}]})
    assert {"attack 1 o2", "attack 2 o2"} <= set(options(st))


def test_legendary_and_unique() -> None:
    """MW-X-11.3: nobody casts a Legendary spell while one of that name is in play;
    MW-X-11.4: Unique allows one per player."""
    st = mage_menu(["goran-werewolf-pet"], mana=20,
                   objects=[{"card": "goran-werewolf-pet", "controller": 1, "zone": "C2"}])
    assert casts(st) == []
    wolf = {"card": "timber-wolf", "controller": 1, "zone": "A1"}
    st = mage_menu(["death-link"], objects=[wolf, {"card": "timber-wolf", "controller": 1,
                                                   "zone": "A1"},
                                            {"card": "death-link", "controller": 0,
                                             "host": 3}])
    assert casts(st) == []
    st = mage_menu(["death-link"], objects=[wolf, {"card": "timber-wolf", "controller": 1,
                                                   "zone": "A1"},
                                            {"card": "death-link", "controller": 1,
                                             "host": 3}])
    assert casts(st) == ["cast death-link o4"]


def test_class_school_and_mage_restrictions() -> None:
    """MW-S4, MW-X-11.7: a "<class> Only" spell is for that class, a "Dark Mage Only" one for
    the Warlock; MW-S5, MW-X-11.6: a Mage spell is cast by mages only."""
    assert mage_menu(["lash-of-hellfire"], cls="beastmaster").legal_actions()
    st = mage_menu(["lash-of-hellfire", "drain-life"], cls="beastmaster", other="A1")
    assert casts(st) == []
    st = mage_menu(["lash-of-hellfire", "drain-life"], cls="warlock", other="A1")
    assert casts(st) == ["cast drain-life o1", "cast drain-life o2",
                         "cast lash-of-hellfire o1", "cast lash-of-hellfire o2"]
    st = scenario({"objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"}]})
    assert not casting.allowed(st, 3, st.card("drain-life"))
    assert casting.allowed(st, 1, st.card("drain-life"))


def test_no_counter_step_without_counter_cards() -> None:
    """MW-5.13: only a card that counters spells acts in Step 3; no apprentice card does, so
    every paid spell resolves (MW-5.14)."""
    st = mage_menu(["timber-wolf"], cls="beastmaster")
    acts(st, "cast timber-wolf A1")
    assert 3 in st.objs


def test_many_creatures_and_novice_equipment() -> None:
    """MW-A23, MW-5.23: nothing caps how many creatures a player controls; MW-X-11.5: Novice
    does nothing in play (any class may cast Leather Gloves)."""
    wolves = [{"card": "timber-wolf", "controller": 0, "zone": "A1", "active": False}
              for _ in range(11)]
    st = mage_menu(["timber-wolf", "leather-gloves"], cls="priestess", objects=wolves)
    assert "cast leather-gloves o1" in casts(st)
    acts(st, "cast timber-wolf A1")
    assert sum(1 for o in st.objs.values() if o.card == "timber-wolf") == 12


def test_conjurations_stand_in_their_zone() -> None:
    """MW-5.46, MW-5.48: a conjuration stays in its zone until destroyed, and a zone never
    holds two attached conjurations of the same name (no apprentice card is one: a made-up
    card checks the generic rules)."""
    import dataclasses

    st = mage_menu([], cls="wizard")
    pool = dataclasses.replace(st.card("timber-wolf"), id="test-pool", type="conjuration",
                               range=st.card("fireball").range, attacks=(), life=5)
    st.cards = {**st.cards, "test-pool": pool}
    st.players[0].planned = ["test-pool", "test-pool"]
    st.changed()
    assert casts(st) == [f"cast test-pool {z}" for z in ("A1", "A2", "B1", "B2", "C1")]
    acts(st, "cast test-pool B1")
    made = st.obj(3)
    assert made.kind == "conjuration" and made.zone == "B1" and traits.is_living(st, 3) is False
    assert not casting.zone_ok(st, 1, pool, "B1") and casting.zone_ok(st, 1, pool, "A1")
