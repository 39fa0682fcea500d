"""The Harvest phase (section 8): the resource die, gold first, depletion, builders."""

from __future__ import annotations

from typing import Any

from tests.warcraft.wckit import acts, ask, events, options, resource, scenario

POOR = [{"gold": 0, "wood": 0}, {"gold": 0, "wood": 0}]


def _harvest(*entries: dict[str, Any], dice: list[int], **fields: Any) -> Any:
    base = [{"seat": 1, "zone": "se_town", "melee": 1}]
    return scenario(pieces=[*entries, *base], phase="harvest", players=POOR, dice=dice,
                    **fields)


def test_WC_8_1_WC_8_2_WC_8_3_WC_A11_every_worker_rolls_gold_first() -> None:
    """WC-8.1: every Gold Mine and Forest with workers pays; WC-8.2, WC-8.3: gold first, one
    roll per worker; WC-A11: all of them roll; WC-8.9: onto the player's piles."""
    st = _harvest({"seat": 0, "zone": "nw_wood", "workers": 1},
                  {"seat": 0, "zone": "nw_mine", "workers": 2},
                  {"seat": 0, "zone": "nw_town", "workers": 1},
                  dice=[resource(2), resource(1), resource(2)])
    gathered = [(e.data["resource"], e.data["amount"]) for e in events(st, "harvest")]
    assert gathered == [("gold", 2), ("gold", 1), ("wood", 2)]
    assert (st.players[0].gold, st.players[0].wood) == (3, 2)
    assert events(st, "harvest")[0].rule == "WC-8.2"
    assert events(st, "harvest")[2].rule == "WC-8.3"


def test_WC_8_4_WC_2_10_a_three_wears_the_zone_down() -> None:
    """WC-8.4: a 3 pays 3, then marks the zone partly, then fully depleted (WC-2.10)."""
    st = _harvest({"seat": 0, "zone": "nw_mine", "workers": 1},
                  dice=[resource(3)])
    assert st.players[0].gold == 3
    assert st.depletion["nw_mine"] == "partial"
    st2 = _harvest({"seat": 0, "zone": "nw_mine", "workers": 1},
                   dice=[resource(3)], depletion={"nw_mine": "partial"})
    assert st2.depletion["nw_mine"] == "complete"
    assert events(st2, "depletion")[0].rule == "WC-8.4"


def test_WC_8_5_the_depleting_roll_is_the_last() -> None:
    """WC-8.5: workers roll one after another; the roll that fully depletes is the zone's last,
    while partial depletion does not stop the series."""
    st = _harvest({"seat": 0, "zone": "nw_mine", "workers": 3},
                  dice=[resource(3), resource(3), resource(1)])
    assert [e.data["amount"] for e in events(st, "harvest")] == [3, 3]
    assert st.depletion["nw_mine"] == "complete"
    assert st.players[0].gold == 6


def test_WC_8_6_a_depleted_zone_pays_nothing() -> None:
    """WC-8.6: no roll in a fully depleted zone; its workers stay."""
    st = _harvest({"seat": 0, "zone": "nw_mine", "workers": 2},
                  dice=[], depletion={"nw_mine": "complete"})
    assert not events(st, "harvest")
    assert st.zones["nw_mine"][0].workers == 2


def test_WC_8_7_WC_5_8_never_more_than_three_rolls_per_zone() -> None:
    """WC-8.7, WC-5.8: a zone holds at most 3 of one's workers, so at most 3 rolls."""
    st = _harvest({"seat": 0, "zone": "nw_mine", "workers": 3},
                  dice=[resource(1)] * 3)
    assert len(events(st, "harvest")) == 3


def test_WC_8_8_WC_A7_WC_10_15_builders_gather_only_at_the_outpost_cost() -> None:
    """WC-8.8, WC-10.15: a builder does not gather unless its owner wants it, which costs the
    outpost (WC-A7, WC-10.14)."""
    st = _harvest({"seat": 0, "zone": "nw_mine", "workers": 2, "building": 1},
                  dice=[resource(1), resource(1)])
    assert ask(st) == "BuilderAsk"
    assert options(st) == ["harvest nw_mine", "harvest nw_mine builders=1"]
    acts(st, "harvest nw_mine")
    assert len(events(st, "harvest")) == 1 and st.outposts_of(0) == 1
    st2 = _harvest({"seat": 0, "zone": "nw_mine", "workers": 2, "building": 1},
                   dice=[resource(1), resource(1)])
    acts(st2, "harvest nw_mine builders=1")
    assert len(events(st2, "harvest")) == 2 and st2.outposts_of(0) == 0
    assert events(st2, "outpost-lost")[0].rule == "WC-10.14"


def test_WC_8_11_each_player_harvests_in_turn_then_deployment() -> None:
    """WC-8.11: the next player collects; after the last, Deployment."""
    st = scenario(pieces=[{"seat": 0, "zone": "nw_mine", "workers": 1},
                          {"seat": 1, "zone": "se_mine", "workers": 1},
                          {"seat": 0, "zone": "nw_town", "melee": 1},
                          {"seat": 1, "zone": "se_town", "melee": 1}],
                  phase="harvest", dice=[resource(1), resource(2)])
    assert [e.data["seat"] for e in events(st, "harvest")] == [0, 1]
    assert st.phase in ("deployment", "spending")


def test_WC_16_5_mines_beside_town_halls_never_wear_out() -> None:
    """WC-16.5: in The Elf Gate a 3 there pays 3 and leaves no token."""
    st = scenario(game="elf-gate", phase="harvest", dice=[resource(3)],
                  pieces=[{"seat": 0, "zone": "human_mine", "workers": 1},
                          {"seat": 0, "zone": "human_town", "melee": 1}],
                  players=[{"gold": 0}])
    assert st.players[0].gold == 3
    assert "human_mine" not in st.depletion


def test_WC_2_6_WC_X10_gold_mines_give_gold_forests_wood_and_tokens_never_run_out() -> None:
    """WC-2.6: workers collect gold in Gold Mines and wood in Forests; WC-X10: depletion
    tokens never run short."""
    mines = [z.id for z in scenario().board.zones.values() if z.is_resource
             and z.id not in ("se_mine", "se_wood")]
    worked, worn = mines[:8], mines[8:]           # a race owns 8 workers (WC-2.1)
    st = _harvest(*[{"seat": 0, "zone": z, "workers": 1} for z in worked],
                  dice=[resource(3)] * 8, depletion=dict.fromkeys(worn, "partial"))
    assert len(st.depletion) >= 14 and all(st.depletion[z] == "partial" for z in worked)
    assert st.players[0].gold > 0 and st.players[0].wood > 0
