"""Trait aggregation and stacking (traits.py)."""

from __future__ import annotations

import pytest

from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.model import MAGE_CARD
from tests.mage_wars.mwkit import duel, fake_card

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def grant(monkeypatch: pytest.MonkeyPatch, *pairs: tuple[int, data.TraitUse]) -> None:
    monkeypatch.setattr(hooks, "grants", lambda st: list(pairs))


def test_signed_copies_add_up() -> None:
    """MW-3.17, MW-X-1.1: Lightning +1 and Lightning −2 make Lightning −1; Melee +1 and +2
    make +3."""
    t = traits.fold([U("damage-type-modifier", 1, damage_type="lightning"),
                     U("damage-type-modifier", -2, damage_type="lightning"),
                     U("melee", 1), U("melee", 2)])
    assert t.dmg_mod("lightning") == -1 and t.value("melee") == 3
    assert t.dmg_mod(None) == 0          # MW-6.113: a typeless attack meets no modifier


def test_unsigned_copies_keep_the_highest() -> None:
    """MW-3.17, MW-X-1.2, MW-X-8.6: Regenerate 2 and 3 give 3; Aegis does not stack."""
    t = traits.fold([U("regenerate", 2), U("regenerate", 3), U("aegis", 1), U("aegis", 1)])
    assert t.value("regenerate") == 3 and t.value("aegis") == 1


def test_mixed_forms_and_valueless() -> None:
    """MW-A10: the highest unsigned copy plus every signed copy, signed alone from 0; MW-X-1.3
    a valueless trait from several sources is one."""
    assert traits.stack([2, 3], [1, -2]) == 2 and traits.stack([], [-1]) == -1
    t = traits.fold([U("flying"), U("flying")])
    assert t.has("flying") and t.value("flying") == 0 and not t.has("fast")


def test_creatures_are_living_unless_nonliving() -> None:
    """MW-5.27, MW-X-8.9, MW-X-10.2: creatures are Living; a Nonliving one has Poison Immunity
    and Finite Life (MW-X-8.10, MW-X-9.2); printed Psychic Immunity is immunity to psychic
    (MW-X-9.3)."""
    st = duel([WOLF, {"card": "skeletal-sentry", "controller": 1, "zone": "A1"}])
    wolf, bones = traits.traits(st, 3), traits.traits(st, 4)
    assert wolf.has("living") and not wolf.immune("poison") and traits.is_living(st, 1)
    assert not bones.has("living") and bones.has("finite-life") and bones.immune("poison")
    assert bones.immune("psychic")


def test_conjuration_defaults() -> None:
    """MW-5.47, MW-X-10.4, MW-5.46: a conjuration is Nonliving, Psychic Immune and Unmovable
    unless the card says Living."""
    st = duel([])
    fake_card(st, "timber-wolf", "test-totem", type="conjuration", attacks=())
    fake_card(st, "timber-wolf", "test-tree", type="conjuration", attacks=(),
              traits=(U("living"),))
    totem = traits.traits(st, st.new_obj("test-totem", "conjuration", 1, 1, zone="A1").oid)
    tree = traits.traits(st, st.new_obj("test-tree", "conjuration", 1, 1, zone="A1").oid)
    assert totem.has("nonliving") and totem.immune("psychic") and totem.has("unmovable")
    assert tree.has("living") and not tree.has("unmovable")


def test_incorporeal_brings_its_traits(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.35, MW-5.36, MW-X-9.5, MW-X-9.8, MW-X-8.10: Incorporeal means Nonliving, Burnproof,
    Uncontainable, and no armor ever; objects are Corporeal otherwise."""
    st = duel([WOLF])
    assert not traits.traits(st, 3).has("incorporeal")
    grant(monkeypatch, (3, U("incorporeal")), (3, U("armor", 2)))
    st.changed()
    t = traits.traits(st, 3)
    assert {"nonliving", "burnproof", "uncontainable"} <= t.flags and not t.has("living")
    assert traits.armor(st, 3) == 0


def test_equipment_grants_to_its_mage() -> None:
    """MW-5.104, MW-X-3.16: worn equipment counts as part of the mage: Leather Gloves +1 and
    Bearskin +2 armor (MW-A2: the mage's own armor is 0)."""
    st = duel([{"card": "leather-gloves", "host": 1}, {"card": "bearskin", "host": 1}])
    assert traits.armor(st, 1) == 3 and traits.armor(st, 2) == 0
    assert traits.traits(st, 1).dmg_mod("frost") == -2


def test_armor_never_below_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-X-1.6, MW-X-3.16: armor never goes below 0."""
    st = duel([WOLF])
    grant(monkeypatch, (3, U("armor", -5)))
    st.changed()
    assert traits.armor(st, 3) == 0


def test_hidden_enchantments_do_nothing() -> None:
    """MW-5.83: a face-down Rhino Hide does nothing; revealed, +2 armor (MW-5.86 step 4)."""
    st = duel([WOLF, {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False}])
    assert traits.armor(st, 3) == 2
    st.objs[4].face_up = True
    st.changed()
    assert traits.armor(st, 3) == 4


def test_zone_aura_for_friendly_living() -> None:
    """Sacred Ground: friendly Living creatures in its zone have Aegis 1 (the card's grant),
    enemies and Nonliving ones do not (MW-X-10.11 friendly = same controller)."""
    st = duel([WOLF, {"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
               {"card": "sacred-ground", "controller": 1, "zone": "A1"}])
    assert traits.traits(st, 3).value("aegis") == 1 and traits.traits(st, 2).value("aegis") == 1
    assert traits.traits(st, 4).value("aegis") == 0 and traits.traits(st, 1).value("aegis") == 0


def test_creature_auras() -> None:
    """Redclaw gives other friendly canines in its zone Armor +1 and Melee +1 (not itself);
    the Unicorn gives friendly Living creatures Regenerate 1, and only the highest counts
    (MW-X-1.2, MW-X-8.6)."""
    st = duel([{"card": "redclaw-alpha-male", "controller": 1, "zone": "A1"}, WOLF,
               {"card": "highland-unicorn", "controller": 1, "zone": "A1"},
               {"card": "regrowth-belt", "host": 2}])
    assert traits.armor(st, 4) == 3 and traits.traits(st, 4).value("melee") == 1
    assert traits.traits(st, 3).value("melee") == 0
    assert traits.traits(st, 4).value("regenerate") == 1
    assert traits.traits(st, 2).value("regenerate") == 2


def test_self_in_controller_zone() -> None:
    """Goran has a second Bloodthirsty +1 while in its mage's zone (MW-X-1.1: they add up)."""
    st = duel([{"card": "goran-werewolf-pet", "controller": 0, "zone": "A1"}])
    assert traits.traits(st, 3).value("bloodthirsty") == 2
    st.relocate(3, "A2")
    assert traits.traits(st, 3).value("bloodthirsty") == 1


def test_temporary_grants_end_with_the_round() -> None:
    """MW-3.16: traits given by a spell for a while (Charge: Fast and Charge +1 until the end of
    the round) go at the end of the round (`traits.end_of_round`)."""
    st = duel([WOLF])
    traits.add_temp(st, 3, "fast", None, "end-of-round")
    traits.add_temp(st, 3, "charge", 1, "end-of-round")
    assert traits.traits(st, 3).has("fast") and traits.traits(st, 3).value("charge") == 1
    traits.end_of_round(st)
    assert not traits.traits(st, 3).has("fast") and st.objs[3].temp == ()


def test_melee_only_grants() -> None:
    """Vampirism gives Vampiric to melee attacks only; Vampiric Strike's Piercing +1 lasts
    until the next melee attack (MW-X-1.8: Piercing is per attack)."""
    st = duel([WOLF, {"card": "vampirism", "controller": 1, "host": 3}])
    bite = traits.attacks(st, 3)[0].attack
    assert traits.attack_traits(st, 3, bite).has("vampiric")
    assert not traits.traits(st, 3).has("vampiric")
    traits.add_temp(st, 3, "piercing", 1, traits.TEMP_UNTIL_MELEE)
    assert traits.attack_traits(st, 3, bite).value("piercing") == 1
    traits.drop_temp(st, 3, traits.TEMP_UNTIL_MELEE)
    assert traits.attack_traits(st, 3, bite).value("piercing") == 0


def test_script_grants(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-3.16: traits given by scripts (hooks.grants) count like printed ones."""
    st = duel([WOLF])
    grant(monkeypatch, (3, U("flying")), (3, U("melee", 2)))
    st.changed()
    assert traits.is_flying(st, 3) and traits.traits(st, 3).value("melee") == 2


def test_flying_lost_while_guarding_restrained_or_incapacitated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.33, MW-6.136: a guarding flyer does not fly; MW-X-6.31 nor a Restrained one;
    MW-X-6.39 nor an Incapacitated one; MW-X-7.16."""
    st = duel([WOLF, {**WOLF, "guard": True}, {**WOLF, "markers": {"cripple": 1}},
               {**WOLF, "markers": {"stun": 1}}])
    grant(monkeypatch, *((oid, U("flying")) for oid in (3, 4, 5, 6)))
    st.changed()
    assert [traits.is_flying(st, oid) for oid in (3, 4, 5, 6)] == [True, False, False, False]


def test_level_life_and_subtypes() -> None:
    """MW-5.6, MW-X-10.3: a mage is a level 6 creature; MW-X-11.1 others have their card's
    level; MW-5.24 creatures have life and armor."""
    st = duel([WOLF])
    assert traits.level(st, 1) == 6 and traits.level(st, 3) == 2
    assert traits.life(st, 3) == 10 and traits.armor(st, 3) == 2
    assert "canine" in traits.subtypes(st, 3) and "mage" in traits.subtypes(st, 1)


def test_attack_bars() -> None:
    """MW-6.2, MW-5.112, MW-6.4: a mage has its basic 3-die melee attack and its equipment's
    attacks; MW-6.5 each with its own index; a Damage Barrier is no attack bar (MW-B7)."""
    st = duel([{"card": "staff-of-the-arcanum", "host": 1}, {"card": "demonhide-armor",
                                                            "host": 1}])
    refs = traits.attacks(st, 1)
    assert [(r.index, r.card, r.attack.dice) for r in refs] == [
        (1, MAGE_CARD, 3), (2, "staff-of-the-arcanum", 4), (3, "staff-of-the-arcanum", 3)]
    assert traits.barrier(st, 1) == ("demonhide-armor", 0, 4)
    assert traits.bar_of(st, "staff-of-the-arcanum", 1).kind == "ranged"
