"""The Spending phase (section 10): training, building, outposts, upgrades, costs and limits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.warcraft.wckit import acts, ask, events, options, scenario

HOME = [{"seat": 0, "zone": "nw_town", "melee": 3, "workers": 3},
        {"seat": 1, "zone": "se_town", "melee": 3, "workers": 3}]


def _spend(player: dict[str, Any], pieces: list[dict[str, Any]] | None = None,
           races: str = "human,orc") -> Any:
    st = scenario(pieces=pieces or HOME, phase="spending", players=[player, {}], races=races)
    assert ask(st) == "SpendAsk" and st.current_player == 0
    return st


def test_WC_10_1_one_kind_of_purchase_per_phase() -> None:
    """WC-10.1: after a training, building and upgrading are closed; spending nothing too."""
    st = _spend({"gold": 9, "wood": 9})
    assert {"train melee", "build ranged", "upgrade melee", "done"} <= set(options(st))
    acts(st, "train melee")
    assert not [o for o in options(st) if o.split()[0] in ("build", "upgrade", "outpost")]
    assert "train workers" in options(st)


def test_WC_10_2_WC_10_5_no_paying_with_tokens_one_lacks() -> None:
    """WC-10.2: a purchase needs the tokens; WC-10.5: melee units cost 1 gold and 1 wood."""
    st = _spend({"gold": 1, "wood": 1})
    acts(st, "train melee")
    assert (st.players[0].gold, st.players[0].wood) == (0, 0)
    assert options(st) == ["done"]
    assert events(st, "train")[0].rule == "WC-10.3"
    poor = scenario(pieces=HOME, phase="spending", players=[{"gold": 1, "wood": 0}, {}])
    assert poor.current_player == 1            # nothing affordable: nothing to decide


def test_WC_10_3_WC_10_4_WC_10_7_one_trainee_per_building() -> None:
    """WC-10.3, WC-10.4: each finished building holds one trainee; WC-10.7: the panel's melee
    building is one of them, and ranged units need a ranged building."""
    st = _spend({"gold": 9, "wood": 9, "buildings": {"melee": 1}})
    assert "train ranged" not in options(st)
    acts(st, "train melee", "train melee")
    assert "train melee" not in options(st)
    assert st.players[0].training == {"melee": 2}


def test_WC_10_6_workers_one_at_a_time() -> None:
    """WC-10.6: workers train only on the panel's worker building."""
    st = _spend({"gold": 9, "wood": 9})
    acts(st, "train workers")
    assert "train workers" not in options(st)


def test_WC_10_8_WC_2_1_no_marker_left_no_training() -> None:
    """WC-10.8, WC-2.1: 10 melee units in play and training is the most."""
    pieces = [{"seat": 0, "zone": z, "melee": 3} for z in ("nw_town", "nw_gate", "nw_mine")]
    pieces += [{"seat": 0, "zone": "nw_wood", "melee": 1, "workers": 1}, HOME[1]]
    st = _spend({"gold": 9, "wood": 9}, pieces)
    assert st.reserve(0, "melee") == 0
    assert "train melee" not in options(st)


def test_WC_10_9_WC_10_16_building_and_outpost_together() -> None:
    """WC-10.9: a worker leaves the Town Hall zone for the building card, and 2 gold and 2
    wood are paid; WC-10.16: an outpost in the same phase makes 4 and 4; WC-10.12: a worker of
    that zone becomes its builder."""
    st = _spend({"gold": 4, "wood": 4},
                [*HOME, {"seat": 0, "zone": "nw_mine", "workers": 1}])
    acts(st, "build ranged", "outpost nw_mine")
    player = st.players[0]
    assert (player.gold, player.wood) == (0, 0)
    assert player.constructing == (("ranged", True),)
    assert st.zones["nw_town"][0].workers == 2
    assert st.zones["nw_mine"][0].building == 1
    assert events(st, "outpost-start")[0].rule == "WC-10.12"


def test_WC_10_10_no_worker_at_home_no_building() -> None:
    """WC-10.10: without a worker in the Town Hall zone nothing can be built."""
    st = _spend({"gold": 9, "wood": 9},
                [{"seat": 0, "zone": "nw_town", "melee": 3},
                 {"seat": 0, "zone": "nw_mine", "workers": 1}, HOME[1]])
    assert not [o for o in options(st) if o.startswith("build")]
    assert "outpost nw_mine" in options(st)


def test_WC_10_11_building_cards_cap_the_buildings() -> None:
    """WC-10.11: 2 melee building cards, finished and unfinished together."""
    st = _spend({"gold": 9, "wood": 9, "buildings": {"melee": 1}, "constructing": ["melee"]})
    assert "build melee" not in options(st)
    assert "build flying" in options(st)


def test_WC_10_13_two_outposts_at_most() -> None:
    """WC-10.13: finished and unfinished outposts count together."""
    st = _spend({"gold": 9, "wood": 9},
                [*HOME, {"seat": 0, "zone": "nw_mine", "workers": 2, "outposts": 1,
                         "building": 1}])
    assert not [o for o in options(st) if o.startswith("outpost")]


def test_WC_10_17_WC_A9_upgrades_need_finished_buildings() -> None:
    """WC-10.17: the top card's requirement in buildings, 2 gold and 2 wood, and every unit of
    the type follows the new card; WC-A9: only finished buildings count, the panel's melee
    building among them."""
    st = _spend({"gold": 9, "wood": 9, "constructing": ["ranged"]})
    assert "upgrade melee" in options(st)                          # the printed building
    assert "upgrade ranged" not in options(st)                     # WC-A9: unfinished
    acts(st, "upgrade melee")
    assert st.players[0].levels["melee"] == 2
    assert st.strength(0, "melee") == st.lib.races["human"].units["melee"].card(2).strength.value
    assert (st.players[0].gold, st.players[0].wood) == (7, 7)


def test_WC_10_18_WC_A10_one_upgrade_per_type_per_phase() -> None:
    """WC-10.18, WC-A10: several types may rise, each once."""
    st = _spend({"gold": 9, "wood": 9, "buildings": {"melee": 1, "ranged": 1}})
    acts(st, "upgrade melee")
    assert "upgrade melee" not in options(st)
    acts(st, "upgrade ranged")
    assert st.players[0].levels == {"melee": 2, "ranged": 2, "flying": 1}


def test_WC_10_19_the_top_card_ends_the_upgrades() -> None:
    """WC-10.19: a type at its VP card cannot rise further."""
    st = _spend({"gold": 9, "wood": 9, "levels": {"melee": 3}, "buildings": {"melee": 2}})
    assert "upgrade melee" not in options(st)


@pytest.mark.parametrize(("level", "buildings", "allowed"), [
    (1, 0, True), (2, 0, False), (2, 1, True), (3, 1, False), (3, 2, True)])
def test_WC_10_20_the_orc_melee_track(level: int, buildings: int, allowed: bool) -> None:
    """WC-10.20: Orc melee level n wants n melee buildings (the printed one counts)."""
    st = scenario(pieces=HOME, phase="spending", active=1, races="human,orc",
                  players=[{}, {"gold": 9, "wood": 9, "levels": {"melee": level},
                                "buildings": {"melee": buildings} if buildings else {}}])
    assert ("upgrade melee" in options(st)) == allowed


def test_WC_10_20_orc_level_four() -> None:
    """WC-10.20: at level 4 Orc melee units have Strength 5 and Area Attack."""
    st = scenario(pieces=HOME, races="human,orc", players=[{}, {"levels": {"melee": 4}}])
    assert st.strength(1, "melee") == 5 and st.ability(1, "melee") == "area_attack"


def test_WC_10_5_WC_X7_orc_flyers_cost_two_and_two() -> None:
    """WC-10.5: the Orc flying building asks 2 gold and 2 wood; WC-X7 for the others."""
    st = scenario(pieces=HOME, phase="spending", active=1, races="human,orc",
                  players=[{}, {"gold": 2, "wood": 2, "buildings": {"flying": 1}}])
    acts(st, "train flying")
    assert (st.players[1].gold, st.players[1].wood) == (0, 0)


def test_WC_10_21_the_turn_ends_after_every_spending_phase() -> None:
    """WC-10.21, WC-4.3: once both have spent, the next turn begins with the other player
    First."""
    st = scenario(pieces=HOME, phase="spending", players=[{"gold": 0, "wood": 0},
                                                         {"gold": 0, "wood": 0}])
    assert st.turn == 2 and st.first == 1 and st.phase == "movement"
    assert st.current_player == 1


def test_WC_15_2_WC_A39_a_partner_may_hand_over_resources() -> None:
    """WC-15.2, WC-A39: in his Spending phase a player asks a partner once; the partner gives
    a token at a time or stops."""
    st = scenario(game="generic-4p", phase="spending",
                  pieces=[{"seat": 0, "zone": "nw_town", "melee": 1, "workers": 1}],
                  players=[{"gold": 0, "wood": 1}, {}, {"gold": 2, "wood": 0}, {}])
    assert options(st)[0] == "request p3" and "request p2" not in options(st)
    acts(st, "request p3")
    assert ask(st) == "GiveAsk" and st.current_player == 2
    assert options(st) == ["give gold", "done"]
    acts(st, "give gold", "done")
    assert (st.players[0].gold, st.players[2].gold) == (1, 1)
    assert "request p3" not in options(st) and "train melee" in options(st)
    assert events(st, "give")[0].rule == "WC-15.2"


def test_WC_2_12_WC_2_2_every_unit_of_a_type_follows_its_card() -> None:
    """WC-2.12: the building's cost; WC-2.2: all of a player's units of a type share the top
    card, trainees included."""
    st = _spend({"gold": 9, "wood": 9, "training": {"melee": 1}})
    before = st.strength(0, "melee")
    acts(st, "upgrade melee")
    assert st.strength(0, "melee") == before + 1
    race = st.lib.races["human"]
    assert race.units["ranged"].cost.value.gold == 2     # WC-2.12 (WC-X7's stand-in)
