"""The setup mapping refuses positions the rules could never reach (docs/games/warcraft.md,
"Setup mapping"): each refusal is a ScenarioError naming the field and the rule broken."""

from __future__ import annotations

import re
from typing import Any

import pytest

from grimorio.core.errors import ScenarioError
from tests.warcraft.wckit import pieces, scenario

SCENARIOS = ("generic-2p", "generic-4p", "elf-gate", "march-of-the-necromancers",
             "the-prisoners", "nordrassil")
ORCS = {"seat": 1, "zone": "se_town", "melee": 1}


def _refused(*parts: str, **fields: Any) -> None:
    """A ScenarioError whose message holds `parts` in order (field, zone, rule id)."""
    with pytest.raises(ScenarioError, match=".*".join(re.escape(p) for p in parts)):
        scenario(**fields)


@pytest.mark.parametrize("game", SCENARIOS)
def test_WC_3_1_every_scenario_file_still_loads_as_a_setup(game: str) -> None:
    """WC-3.1, WC-5.7, WC-19.6: the scenarios' own positions pass the checks."""
    st = scenario(game=game)
    assert st.zones


# ---------------------------------------------------------------------------- dice


@pytest.mark.parametrize("dice", [[7], [0], [1, "a"], [True], [2.5], 3])
def test_WC_X1_scripted_dice_are_six_sided(dice: Any) -> None:
    """WC-X1: a scripted die shows 1 to 6; anything else is refused at setup."""
    _refused("setup.dice", "WC-X1", dice=dice)


def test_WC_X1_good_dice_are_scripted() -> None:
    """WC-X1: values 1 to 6 are accepted."""
    scenario(dice=[1, 6, 3])


# ---------------------------------------------------------------------------- tokens


@pytest.mark.parametrize(("token", "field"), [
    ({"kind": "special", "zone": "heart", "ability": "free_upgrade", "amount": -1}, "amount"),
    ({"kind": "special", "zone": "heart", "ability": "free_upgrade", "amount": 1.5}, "amount"),
    ({"kind": "special", "zone": "heart", "ability": "free_upgrade", "amount": "2"}, "amount"),
    ({"kind": "special", "zone": "heart", "ability": "free_upgrade", "amount": True}, "amount"),
    ({"kind": "prisoner", "zone": "heart", "race": "dwarf"}, "race"),
    ({"kind": "special", "zone": "heart", "ability": "fly"}, "ability"),
    ({"kind": "special", "zone": "heart", "ability": "spawn", "unit": "dragon"}, "unit"),
    ({"kind": "special", "zone": "heart", "ability": "free_upgrade", "amount": 1,
      "alive": "no"}, "alive"),
    ({"kind": "ghost", "zone": "heart"}, "kind"),
    ({"kind": "special", "zone": "nowhere", "ability": "spawn", "unit": "melee"}, "zone"),
])
def test_WC_2_16_tokens_are_checked_like_the_scenario_files(token: dict[str, Any],
                                                             field: str) -> None:
    """WC-2.16: a quest token's race, ability, unit and amount are those of the data."""
    _refused(f"setup.tokens[0].{field}", tokens=[token])


def test_WC_2_16_a_token_lacking_its_part_is_refused() -> None:
    """WC-2.16, WC-17.4: a spawning token names its unit, a prisoner its race."""
    _refused("setup.tokens[0]", tokens=[{"kind": "special", "zone": "heart",
                                             "ability": "spawn"}])
    _refused("setup.tokens[0]", tokens=[{"kind": "prisoner", "zone": "heart"}])


def test_WC_17_4_a_good_token_is_taken() -> None:
    """WC-17.4: a well-formed spawning token replaces the scenario's."""
    st = scenario(tokens=[{"kind": "special", "zone": "heart", "ability": "spawn",
                           "unit": "ranged"}])
    assert [(t.zone, t.unit) for t in st.tokens] == [("heart", "ranged")]


# ---------------------------------------------------------------------------- positions


def test_WC_6_4_no_ground_piece_in_a_Mountain() -> None:
    """WC-6.4, WC-2.7: melee, ranged units and workers never stand in a Mountain; flyers do."""
    for kind in ("melee", "ranged", "workers"):
        _refused("setup.pieces", "ne_peak", "WC-6.4",
                 pieces=[{"seat": 0, "zone": "ne_peak", kind: 1}, ORCS])
    st = scenario(pieces=[{"seat": 0, "zone": "ne_peak", "flying": 1}, ORCS])
    assert pieces(st, "ne_peak", 0) == {"flying": 1}


def test_WC_5_1_WC_5_2_at_most_three_units_and_three_workers_per_zone() -> None:
    """WC-5.1: no more than 3 units of a side in a zone; WC-5.2: nor 3 workers; WC-5.3: 3 of
    each together are fine."""
    _refused("setup.pieces", "nw_town", "WC-5.1",
             pieces=[{"seat": 0, "zone": "nw_town", "melee": 2, "ranged": 1, "flying": 1},
                     ORCS])
    _refused("setup.pieces", "nw_town", "WC-5.1",
             pieces=[{"seat": 0, "zone": "nw_town", "melee": 5}, ORCS])
    _refused("setup.pieces", "nw_town", "WC-5.2",
             pieces=[{"seat": 0, "zone": "nw_town", "workers": 4}, ORCS])
    st = scenario(pieces=[{"seat": 0, "zone": "nw_town", "melee": 3, "workers": 3},
                          {"seat": 1, "zone": "nw_town", "melee": 3}, ORCS])
    assert pieces(st, "nw_town", 0) == {"melee": 3, "workers": 3}


def test_WC_15_4_partners_share_the_limits() -> None:
    """WC-15.4: in a team game the Humans and Night Elves count together."""
    _refused("setup.pieces", "heart", "WC-15.4", game="generic-4p",
             pieces=[{"seat": 0, "zone": "heart", "melee": 2},
                     {"seat": 2, "zone": "heart", "melee": 2},
                     {"seat": 1, "zone": "ne_town", "melee": 1},
                     {"seat": 3, "zone": "sw_town", "melee": 1}])


def test_WC_19_6_WC_5_7_Nordrassil_Undead_may_overfill_home() -> None:
    """WC-19.6, WC-5.7: the Undead may stand more than 3 strong in their own outpost or Town
    Hall zone, never elsewhere."""
    st = scenario(game="nordrassil", pieces=[
        {"seat": 0, "zone": "moonglade", "melee": 1, "outposts": 1},
        {"seat": 2, "zone": "west_camp", "melee": 4, "ranged": 1, "outposts": 1},
        {"seat": 2, "zone": "undead_town", "melee": 5}])
    assert pieces(st, "west_camp", 2) == {"melee": 4, "ranged": 1, "outposts": 1}
    _refused("setup.pieces", "west_barrens", "WC-5.1", game="nordrassil", pieces=[
        {"seat": 0, "zone": "moonglade", "melee": 1, "outposts": 1},
        {"seat": 2, "zone": "west_barrens", "melee": 4}])
    _refused("setup.pieces", "west_outpost", "WC-15.4", game="nordrassil", pieces=[
        {"seat": 0, "zone": "moonglade", "melee": 1, "outposts": 1},
        {"seat": 1, "zone": "west_outpost", "melee": 4, "outposts": 1}])


def test_WC_A7_no_more_builders_than_workers() -> None:
    """WC-A7, WC-10.12: each unfinished outpost has its builder among the zone's workers."""
    _refused("setup.pieces", "building", "WC-A7",
             pieces=[{"seat": 0, "zone": "nw_town", "workers": 1, "building": 2}, ORCS])


def test_WC_A4_no_more_moved_pieces_than_pieces() -> None:
    """WC-A4: the pieces that already moved are among those there."""
    _refused("setup.pieces", "moved_melee", "WC-A4",
             pieces=[{"seat": 0, "zone": "nw_town", "melee": 1, "moved_melee": 3}, ORCS])
    _refused("setup.pieces", "moved_workers", "WC-A4",
             pieces=[{"seat": 0, "zone": "nw_town", "moved_workers": 1}, ORCS])


def test_WC_10_4_WC_10_6_one_trainee_per_building() -> None:
    """WC-10.4: a building holds one trainee; WC-10.6: one worker at a time on the panel."""
    _refused("setup.players[0].training", "WC-10.4", phase="deployment",
             players=[{"training": {"melee": 2}}, {}])
    _refused("setup.players[0].training", "WC-10.4", phase="deployment",
             players=[{"training": {"ranged": 1}}, {}])
    _refused("setup.players[0].training", "WC-10.6", phase="deployment",
             players=[{"training": {"workers": 2}}, {}])
    st = scenario(phase="deployment", players=[{"buildings": {"melee": 2},
                                                "training": {"melee": 3}}, {}])
    assert st.players[0].training == {"melee": 3}


def test_WC_2_1_WC_10_8_WC_10_11_WC_10_13_the_box_is_the_limit() -> None:
    """WC-2.1: no more pieces than the race owns; WC-10.8: trainees count; WC-10.11: building
    cards; WC-10.13: outposts."""
    many = [{"seat": 0, "zone": z, "workers": 3} for z in ("nw_town", "nw_mine", "nw_wood")]
    _refused("setup.players[0]", "9 workers", "WC-2.1", pieces=[*many, ORCS])
    melee = [{"seat": 0, "zone": z, "melee": 3} for z in ("nw_town", "nw_mine", "nw_wood")]
    _refused("setup.players[0]", "11 melee", "WC-10.8", phase="deployment",
             pieces=[*melee, {"seat": 0, "zone": "heart", "melee": 1}, ORCS],
             players=[{"buildings": {"melee": 1}, "training": {"melee": 1}}, {}])
    _refused("setup.players[0].buildings", "WC-10.11",
             players=[{"buildings": {"melee": 2}, "constructing": ["melee"]}, {}])
    outposts = [{"seat": 0, "zone": z, "outposts": 1} for z in ("nw_mine", "nw_wood", "heart")]
    _refused("setup.pieces", "outposts", "WC-10.13",
             pieces=[{"seat": 0, "zone": "nw_town", "melee": 1}, *outposts, ORCS])


def test_WC_7_6_marks_only_on_Town_Halls() -> None:
    """WC-7.6, WC-2.10: the fallen-once mark goes on a Town Hall zone."""
    _refused("setup.marks", "heart", "WC-7.6", marks=["heart"])
    _refused("setup.marks", "ne_town", "WC-7.6", marks=["ne_town"])     # turned Empty (WC-X3)
    assert scenario(marks=["se_town"]).marks == frozenset({"se_town"})


def test_WC_2_10_depletion_only_on_mines_and_forests() -> None:
    """WC-2.10: depletion tokens track Gold Mines and Forests."""
    _refused("setup.depletion", "nw_town", "WC-2.10", depletion={"nw_town": "complete"})
    assert scenario(depletion={"nw_mine": "partial"}).depletion == {"nw_mine": "partial"}
