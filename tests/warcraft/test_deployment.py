"""The Deployment phase (section 9): trainees, buildings and outposts come into play."""

from __future__ import annotations

from typing import Any

from tests.warcraft.wckit import acts, ask, events, options, scenario

ENEMY = {"seat": 1, "zone": "se_town", "melee": 1}
POOR = {"gold": 0, "wood": 0}


def _deploy(player: dict[str, Any], *entries: dict[str, Any]) -> Any:
    st = scenario(pieces=[*entries, ENEMY], phase="deployment",
                  players=[{**POOR, **player}, POOR])
    assert ask(st) == "DeployAsk" and st.current_player == 0
    return st


def test_WC_9_2_trainees_go_to_the_town_hall_or_an_outpost() -> None:
    """WC-9.2: to the Town Hall zone or a finished outpost's zone; the building is free
    again."""
    st = _deploy({"training": {"melee": 1, "workers": 1}},
                 {"seat": 0, "zone": "nw_town", "melee": 1},
                 {"seat": 0, "zone": "heart", "workers": 1, "outposts": 1})
    assert {"deploy melee nw_town", "deploy melee heart", "deploy workers nw_town",
            "deploy workers heart"} <= set(options(st))
    acts(st, "deploy melee heart")
    assert st.zones["heart"][0].melee == 1 and st.players[0].training == {"melee": 0,
                                                                           "workers": 1}
    assert events(st, "deploy")[0].rule == "WC-9.2"


def test_WC_9_3_a_finished_building_sends_its_worker_home() -> None:
    """WC-9.3: the building is finished and its worker returns to the Town Hall zone."""
    st = _deploy({"constructing": ["ranged"]}, {"seat": 0, "zone": "nw_town", "melee": 1})
    acts(st, "finish ranged")
    assert st.players[0].buildings == {"ranged": 1}
    assert st.zones["nw_town"][0].workers == 1


def test_WC_9_4_WC_9_9_WC_A6_an_outpost_finished_now_receives_pieces() -> None:
    """WC-9.4: the outpost is finished and its builder free; WC-9.9, WC-A6: units may arrive
    there in the same phase."""
    st = _deploy({"training": {"melee": 1}},
                 {"seat": 0, "zone": "nw_mine", "workers": 1, "building": 1},
                 {"seat": 0, "zone": "nw_town", "melee": 3})
    assert "deploy melee nw_mine" not in options(st)
    acts(st, "finish outpost nw_mine", "deploy melee nw_mine")
    force = st.zones["nw_mine"][0]
    assert (force.outposts, force.building, force.melee) == (1, 0, 1)


def test_WC_9_5_arriving_in_an_occupied_town_hall_seals_it() -> None:
    """WC-9.5: new pieces may arrive with enemy units there; then nobody leaves."""
    st = _deploy({"training": {"melee": 1}},
                 {"seat": 1, "zone": "nw_town", "melee": 2})
    acts(st, "deploy melee nw_town")
    assert "nw_town" in st.sealed
    assert events(st, "sealed")[0].rule == "WC-9.5"


def test_WC_9_6_WC_5_6_no_room_no_arrival() -> None:
    """WC-9.6, WC-5.6: placing pieces never overfills a zone; the piece stays in training."""
    st = _deploy({"training": {"melee": 1, "workers": 1}},
                 {"seat": 0, "zone": "nw_town", "melee": 3, "workers": 2})
    assert "deploy melee nw_town" not in options(st)
    assert "deploy workers nw_town" in options(st)


def test_WC_9_7_a_worker_with_no_room_keeps_the_building_unfinished() -> None:
    """WC-9.7: a fourth worker may not come home, so the building waits."""
    st = _deploy({"constructing": ["ranged"], "training": {"melee": 1}},
                 {"seat": 0, "zone": "nw_town", "workers": 3})
    assert "finish ranged" not in options(st)


def test_WC_13_19_a_summoned_building_needs_no_room() -> None:
    """WC-13.19: a building begun without a worker is finished with no worker coming back."""
    st = _deploy({"constructing": [{"kind": "flying", "worker": False}]},
                 {"seat": 0, "zone": "nw_town", "workers": 3})
    acts(st, "finish flying")
    assert st.zones["nw_town"][0].workers == 3 and st.players[0].buildings == {"flying": 1}


def test_WC_9_8_WC_9_10_holding_back_and_declaring_the_end() -> None:
    """WC-9.8: anything may stay unfinished; WC-9.10: `done` ends the phase and the next
    player deploys."""
    st = _deploy({"training": {"melee": 1}, "constructing": ["ranged"]},
                 {"seat": 0, "zone": "nw_town", "melee": 1})
    acts(st, "done")
    assert st.players[0].training == {"melee": 1}
    assert st.players[0].constructing == (("ranged", True),)
    assert st.current_player != 0 or st.phase != "deployment"


def test_WC_9_1_purchases_arrive_in_a_later_turn() -> None:
    """WC-9.1: a unit trained in Spending comes into play at the next turn's Deployment."""
    st = scenario(pieces=[{"seat": 0, "zone": "nw_town", "melee": 1}, ENEMY],
                  phase="spending", players=[{"gold": 1, "wood": 1}, POOR])
    acts(st, "train melee", "done")
    assert st.turn == 2
    acts(st, "done", "done")                  # both Movement phases
    assert ask(st) == "DeployAsk"
    acts(st, "deploy melee nw_town")
    assert st.zones["nw_town"][0].melee == 2
