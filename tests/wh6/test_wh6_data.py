"""Shipped data (lores, items, armies, scenarios) and the validation of scenario files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from wh6kit import add, make, setup, troop

from grimorio.core.errors import ScenarioError
from grimorio.core.registry import load_game
from grimorio.games.wh6_magic.data import army_names, library, load_army, scenario_names


def test_WH6_X6_two_lores_of_six_spells_with_checked_casting_values() -> None:
    """WH6-X6: Fire and Heavens ship six spells each; Fire 1-5 and Heavens 1-4 carry the
    crosschecked values, the rest are marked as stand-ins from outside the seed."""
    lib = library()
    for lore in ("fire", "heavens"):
        spells = sorted((s for s in lib.spells.values() if s.lore == lore), key=lambda s: s.order)
        assert [s.order for s in spells] == [1, 2, 3, 4, 5, 6]
    fire = {s.id: s for s in lib.spells.values() if s.lore == "fire"}
    assert [fire[i].difficulty for i in ("fireball", "flaming_sword", "fiery_blast",
                                         "burning_head", "conflagration")] == [5, 6, 8, 9, 11]
    assert fire["wall_of_fire"].source == "outside-seed"
    heavens = sorted((s for s in lib.spells.values() if s.lore == "heavens"),
                     key=lambda s: s.order)
    assert [s.difficulty for s in heavens[:4]] == [6, 6, 7, 9]
    assert {s.source for s in heavens[4:]} == {"outside-seed"}
    assert lib.spells["fireball"].name.es == "Bola de Fuego"


def test_WH6_X9_shipped_items_follow_the_outside_seed_values() -> None:
    """WH6-X9, WH6-X8: scroll one use and not against IF; stone +2 dice beyond the limit;
    Staff +1 tied to its bearer; the Totem stacks; bound items carry a power level."""
    items = library().items
    assert (items["dispel_scroll"].uses, items["dispel_scroll"].works_vs_if) == (1, False)
    assert (items["power_stone"].dice, items["power_stone"].exceeds_max) == (2, True)
    assert (items["staff_of_sorcery"].bonus, items["staff_of_sorcery"].tied) == (1, True)
    assert (items["totem_of_morko"].tied, items["totem_of_morko"].source) == (False, "stand-in")
    assert items["ember_ring"].power == 4 and items["ember_ring"].spell == "fireball"


def test_WH6_X5_shipped_wizards_know_one_spell_per_level_of_their_lore() -> None:
    """WH6-X5: each shipped wizard has as many spells as levels, all from his lore."""
    spells = library().spells
    for name in army_names():
        for char in load_army(name).get("characters", []):
            if "level" in char:
                assert len(char["spells"]) == char["level"], char["id"]
                assert {spells[s].lore for s in char["spells"]} == {char["lore"]}


def test_WH6_X12_armies_use_the_general_rules_by_default() -> None:
    """WH6-X12: both shipped armies play the standard IF rule and the general table."""
    doc = make(setup()).doc
    assert [s["irresistible_rule"] for s in doc["sides"]] == ["standard", "standard"]
    sc = load_game("wh6-magic").new_initial_state(0)
    sides = sc.document()["state"]["sides"]
    assert [s["miscast_table"] for s in sides] == ["general", "general"]


def test_the_default_scenario_has_the_required_features() -> None:
    """border-clash: Empire (level 2 and level 1 wizards, Staff, Scroll) against greenskins
    (level 3 shaman, Totem, Giant); units engaged, a character in a unit, lone characters."""
    state = load_game("wh6-magic").new_initial_state(0)
    doc = state.document()["state"]
    chars, units = doc["characters"], doc["units"]
    assert sorted(c["level"] for c in chars.values() if c["side"] == 0 and c["wizard"]) == [1, 2]
    assert max(c["level"] for c in chars.values() if c["side"] == 1) == 3
    items = {i["item"] for i in doc["items"].values()}
    assert {"staff_of_sorcery", "dispel_scroll", "totem_of_morko", "ember_ring"} <= items
    assert units["u1"]["engaged"] and units["u4"]["engaged"]
    assert chars["w2"]["in_unit"] == "u1" and chars["w1"]["in_unit"] is None
    assert units["u6"]["models"] == 1 and units["u6"]["wounds_per_model"] == 6
    assert set(scenario_names()) >= {"border-clash", "wizard-duel"}


@pytest.mark.parametrize("name", ["border-clash", "wizard-duel"])
def test_shipped_scenarios_play_to_the_end(name: str) -> None:
    """Every shipped scenario loads and a random game ends with returns for both seats."""
    import random

    game = load_game("wh6-magic", scenario=name)
    state = game.new_initial_state(3)
    chooser = random.Random(3)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    assert len(state.returns()) == 2 and sum(state.returns()) == 0


Edit = Callable[[dict[str, Any]], None]
BAD_SETUPS: list[tuple[str, Edit, str]] = [
    ("unknown spell", lambda d: troop(d, "w1")["spells"].append("nope"), "unknown spell id"),
    ("duplicate id", lambda d: add(d, 1, "units", {"id": "u1", "name": "Again", "models": 1,
                                                   "x": 1, "y": 1}), "duplicate id 'u1'"),
    ("level", lambda d: troop(d, "w1").update({"level": 5}), "'level' must be between 0 and 4"),
    ("position", lambda d: troop(d, "u2").pop("x"), "field 'x' is missing"),
    ("unknown item", lambda d: troop(d, "w1").update({"items": ["nope"]}), "unknown item"),
    ("typo", lambda d: troop(d, "w1").update({"levle": 1}), "'levle' is not a known field"),
    ("off table", lambda d: troop(d, "u2").update({"x": 500}), "off the"),
    ("in_unit", lambda d: troop(d, "w1").update({"in_unit": "u2"}), "not a unit of this side"),
    ("army", lambda d: d["sides"][0].update({"army": "nope"}), "unknown army"),
    ("place", lambda d: d["sides"][0].update({"place": {"zz": {"x": 1}}}), "'zz'"),
    ("spell effect", lambda d: d["spells"].append({"id": "bad", "name": "Bad",
                                                    "difficulty": 5, "target": "self",
                                                    "effects": [{"boom": {}}]}),
     "unknown effect"),
    ("stone", lambda d: troop(d, "e2").update({"items": ["power_stone"]}), "non-wizard"),
    ("sides", lambda d: d["sides"].pop(), "exactly two sides"),
    ("table", lambda d: d["sides"][0]["army"].update({"miscast_table": {2: "boom"}}),
     "miscast_table"),
    ("contacts text", lambda d: troop(d, "w1").update({"contacts": "u1"}),
     "field 'contacts' must be a list of texts"),
    ("contacts number", lambda d: troop(d, "w1").update({"contacts": [5]}),
     "field 'contacts' must be a list of texts"),
    ("contacts ref", lambda d: troop(d, "w1").update({"contacts": ["zz:2"]}),
     "character w1: field 'contacts': 'zz:2' names no unit"),
    ("spells_lost", lambda d: troop(d, "w1").update({"spells_lost": ["nope"]}),
     "field 'spells_lost' names 'nope'"),
    ("shared mount", lambda d: troop(d, "w1").update({"mount": {
        "kind": "shared", "with": "e1", "wounds": 3}}), "field 'mount.with'"),
]


@pytest.mark.parametrize("label,edit,message", BAD_SETUPS, ids=[b[0] for b in BAD_SETUPS])
def test_scenario_errors_name_the_bad_field(label: str, edit: Edit, message: str) -> None:
    """Malformed scenarios raise a ScenarioError naming the field and the entry."""
    data = setup()
    edit(data)
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(")):
        make(data)


def test_unknown_scenario_option_is_refused() -> None:
    with pytest.raises(ValueError, match="scenario"):
        load_game("wh6-magic", scenario="nowhere")


def test_the_documented_example_scenario_loads_and_plays() -> None:
    """The complete example in docs/games/wh6-magic.md is a valid scenario."""
    import re
    from pathlib import Path

    import yaml

    doc = Path(__file__).resolve().parents[2] / "docs" / "games" / "wh6-magic.md"
    block = re.search(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    assert block is not None
    sc = make(yaml.safe_load(block.group(1)))
    assert sc.doc["units"]["r1"]["magic_resistance"] == 1
    assert sc.doc["characters"]["w2"]["in_unit"] == "u1"
    assert "cast w1 fireball dice=1 target=r1" in sc.legal()
