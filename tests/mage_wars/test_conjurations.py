"""Conjurations (MW-5.46-MW-5.51, MW-X-7.26, MW-X-7.27, MW-X-10.4, MW-X-10.12, MW-X-10.13). No
apprentice card is a conjuration: the tests use test-only cards (`fake_card`)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_wars import data, traits
from grimorio.games.mage_wars.rules import casting, damage, displace
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, events, faces, fake_card, options, scenario

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def conjuration(st: MageWarsState, card_id: str, *, target: str = "zone",
                keep_attacks: bool = False, **changes: Any) -> str:
    """A test-only conjuration made from the Timber Wolf's card: life 6, armor 1, cost 5."""
    base = st.card("timber-wolf")
    fields: dict[str, Any] = {"traits": (), "life": 6, "armor": 1, **changes}
    fake_card(st, "timber-wolf", card_id, type="conjuration", subtypes=(),
              cost=data.Cost(5, None, None), speed="full", range=data.Span(0, 2),
              target=data.Target(target, ()),
              attacks=base.attacks if keep_attacks else (), **fields)
    return card_id


def plan(st: MageWarsState, seat: int, *cards: str) -> None:
    st.players[seat].planned.extend(cards)
    st.changed()


def mage_menu(objects: list[dict[str, Any]] | None = None) -> MageWarsState:
    return scenario({"phase": "menu", "activate": 1, "players": [{"mana": 30}, {}],
                     "objects": objects or []})


def test_conjurations_take_no_actions_but_can_be_attacked() -> None:
    """MW-5.46, MW-X-10.2, MW-X-10.4, MW-5.47: a conjuration has life and armor, is Nonliving,
    Psychic Immune and Unmovable, has no action marker (never active, never activated, even with
    an attack bar), and can be attacked and destroyed like a creature."""
    st = scenario({"objects": [WOLF]})
    totem = st.new_obj(conjuration(st, "test-totem", keep_attacks=True), "conjuration", 0, 0,
                       zone="A1").oid
    round_rules.reset_step(st)
    assert st.obj(totem).active is False
    assert f"activate o{totem}" not in options(st) and "activate o1" in options(st)
    t = traits.traits(st, totem)
    assert t.has("nonliving") and t.has("psychic-immunity") and t.has("unmovable")
    assert traits.life(st, totem) == 6 and traits.armor(st, totem) == 1
    st = scenario({"phase": "menu", "activate": 3, "objects": [WOLF]})
    totem = st.new_obj(conjuration(st, "test-totem"), "conjuration", 0, 0, zone="A1").oid
    assert f"attack 1 o{totem}" in options(st)
    st.script_dice(faces(critical=(2, 2, 2), blank=1))
    acts(st, f"attack 1 o{totem}")
    assert totem not in st.objs and "test-totem" in st.players[0].discard


def test_one_conjuration_of_a_name_per_zone() -> None:
    """MW-5.48: a conjuration goes face up in its zone, and a zone never holds two of the same
    name (checked when casting)."""
    st = mage_menu()
    plan(st, 0, conjuration(st, "test-totem"), "test-totem")
    assert {"cast test-totem A1", "cast test-totem B1"} <= set(options(st))
    acts(st, "cast test-totem A1")
    totem = next(o for o in st.objs.values() if o.card == "test-totem")
    assert totem.zone == "A1" and totem.host is None and totem.face_up
    assert events(st, "summon")[-1].rule == "MW-5.48"
    zones = {t[0] for t in casting.generic_targets(st, 1, st.card("test-totem"))}
    assert "A1" not in zones and "B1" in zones


def test_zone_exclusive_conjurations() -> None:
    """MW-5.51, MW-X-10.13: a zone holds at most one Zone Exclusive conjuration, whatever the
    names and controllers; a conjuration without the trait is not limited by them."""
    st = mage_menu()
    exclusive = (U("zone-exclusive"),)
    conjuration(st, "test-shrine", traits=exclusive)
    conjuration(st, "test-altar", traits=exclusive)
    conjuration(st, "test-totem")
    st.new_obj("test-shrine", "conjuration", 1, 1, zone="A1")
    plan(st, 0, "test-altar", "test-totem")
    assert "cast test-altar A1" not in options(st) and "cast test-altar B1" in options(st)
    assert "cast test-totem A1" in options(st)


def test_a_conjuration_attached_to_an_object() -> None:
    """MW-5.49, MW-X-10.12: a conjuration cast on a creature attaches to it and moves with it;
    an object never holds two of the same name; destroyed with its object."""
    st = mage_menu([WOLF])
    plan(st, 0, conjuration(st, "test-vine", target="creature"), "test-vine")
    assert "cast test-vine o3" in options(st)
    acts(st, "cast test-vine o3")
    vine = next(o.oid for o in st.objs.values() if o.card == "test-vine")
    assert st.obj(vine).host == 3 and st.zone_of(vine) == "A1"
    assert events(st, "summon")[-1].rule == "MW-5.49"
    assert ("o3",) not in casting.generic_targets(st, 1, st.card("test-vine"))
    displace.push(st, 3, "south", "MW-X-7.17")
    assert st.zone_of(vine) == "B1"
    damage.destroy(st, 3, "MW-X-8.2")
    assert vine not in st.objs and "test-vine" in st.players[0].discard


def test_teleporting_destroys_attached_conjurations() -> None:
    """MW-X-7.26, MW-X-7.27, MW-5.49: a teleport destroys the conjurations attached to the
    creature, even a teleport to its own zone; its enchantments go with it."""
    for zone in ("B2", "A1"):
        st = scenario({"objects": [WOLF, {"card": "rhino-hide", "controller": 1, "host": 3}]})
        conjuration(st, "test-vine", target="creature")
        vine = st.new_obj("test-vine", "conjuration", 0, 0, host=3).oid
        displace.teleport(st, 3, zone, "MW-X-7.25")
        assert vine not in st.objs and st.obj(3).zone == zone
        assert any(o.card == "rhino-hide" and o.host == 3 for o in st.objs.values())


def test_a_conjuration_affects_the_whole_arena() -> None:
    """MW-5.50: a conjuration's lasting effect reaches the whole arena whatever its range: here
    Piercing +1 on the melee attacks of every friendly animal, wherever it stands (not the
    enemy's, not a non-animal); one for all animals reaches both sides (the seed's Tooth and
    Nail example)."""
    st = scenario({"objects": [
        {"card": "timber-wolf", "controller": 0, "zone": "A1"},
        {"card": "timber-wolf", "controller": 0, "zone": "C2"},
        {"card": "timber-wolf", "controller": 1, "zone": "C2"},
        {"card": "royal-archer", "controller": 0, "zone": "C1"}]})
    melee = (U("piercing", 1),)
    conjuration(st, "test-claws", grants=(
        data.Grant("friendly-animals-in-arena", None, "melee", melee),))
    st.new_obj("test-claws", "conjuration", 0, 0, zone="B1")

    def piercing(oid: int) -> int:
        bar = st.card(st.obj(oid).card).attacks[-1]
        return traits.attack_traits(st, oid, bar).value("piercing")

    assert [piercing(3), piercing(4), piercing(5), piercing(6)] == [1, 1, 0, 0]
    conjuration(st, "test-howl", grants=(
        data.Grant("animals-in-arena", None, None, (U("armor", 1),)),))
    howl = st.new_obj("test-howl", "conjuration", 1, 1, zone="A2").oid
    assert [traits.armor(st, oid) for oid in (3, 4, 5, 6)] == [3, 3, 3, 1]
    damage.destroy(st, howl, "MW-X-8.2")
    assert traits.armor(st, 5) == 2
