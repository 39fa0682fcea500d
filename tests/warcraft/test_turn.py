"""The turn (section 4): phases in order, seat by seat, the First Player's rotation, and the
card windows' public opening (WC-A36)."""

from __future__ import annotations

from grimorio.games.warcraft.rules import turn
from tests.warcraft.wckit import acts, ask, events, options, scenario

POOR = {"gold": 0, "wood": 0}
HOMES = [{"seat": 0, "zone": "nw_town", "melee": 1, "workers": 1},
         {"seat": 1, "zone": "se_town", "melee": 1, "workers": 1}]


def test_WC_4_1_WC_4_2_phases_in_order_seat_by_seat() -> None:
    """WC-4.1: Movement, Harvest, Deployment, Spending; WC-4.2: within each, the First Player
    then clockwise."""
    st = scenario(pieces=HOMES, players=[{"gold": 1, "wood": 1}, {"gold": 1, "wood": 1}])
    acts(st, "done", "done", "train melee", "done", "train melee", "done")
    phases = [(e.data["phase"], e.data["seat"]) for e in events(st, "phase")]
    assert phases[:8] == [("movement", 0), ("movement", 1), ("harvest", 0), ("harvest", 1),
                          ("deployment", 0), ("deployment", 1), ("spending", 0),
                          ("spending", 1)]
    assert events(st, "phase")[0].rule == "WC-4.2"


def test_WC_4_3_the_first_player_passes_clockwise() -> None:
    """WC-4.3: after every Spending phase, the next seat clockwise leads."""
    st = scenario(game="generic-4p", phase="spending", players=[POOR] * 4)
    assert st.turn == 2 and st.first == 1
    assert events(st, "turn")[0].rule == "WC-4.3"
    assert turn.next_first(st) == 2


def test_WC_4_4_WC_A2_a_turn_ends_with_ones_own_spending() -> None:
    """WC-4.4, WC-A2: the win check comes as the player finishes his own Spending phase, before
    the next player spends."""
    st = scenario(pieces=HOMES, phase="spending",
                  players=[{"gold": 1, "wood": 1}, {"gold": 1, "wood": 1}])
    assert ask(st) == "SpendAsk" and st.current_player == 0
    acts(st, "done")
    assert ask(st) == "SpendAsk" and st.current_player == 1


def test_WC_4_4_a_skipped_spending_still_ends_the_turn() -> None:
    """WC-4.4, WC-A31 (c): in Nordrassil the Undead have no Spending phase, yet their turn ends
    at its place: a unit in Nordrassil then wins (WC-19.10)."""
    st = scenario(game="nordrassil", phase="spending", active=2, pieces=[
        {"seat": 2, "zone": "nordrassil", "melee": 1},
        {"seat": 0, "zone": "moonglade", "melee": 1, "outposts": 1}])
    assert st.winners and 2 in st.winners


def test_WC_A36_card_windows_open_on_public_facts() -> None:
    """WC-A36: a seat holding cards is offered the window even without a playable card, and
    a seat with an empty hand is not."""
    st = scenario(pieces=HOMES, players=[{"hand": ["victory_point"]}, {"hand": []}])
    assert turn.could_hold(st, 0, "own_movement_start")
    assert not turn.could_hold(st, 1, "opponent_movement_start")
    assert ask(st) == "CardWindow" and "pass" in options(st)


def test_WC_6_11_call_to_arms_window_when_enemy_units_reach_workers() -> None:
    """WC-6.11, WC-13.5: a unit walking in on a player's workers opens his window, naming the
    zone in `st.memo["entered"]`."""
    st = scenario(pieces=[{"seat": 0, "zone": "nw_gate", "workers": 1},
                          {"seat": 0, "zone": "nw_town", "melee": 1},
                          {"seat": 1, "zone": "nw_tower", "melee": 1}],
                  players=[{"hand": ["call_to_arms"]}, {}], active=1)
    acts(st, "move nw_tower nw_gate melee=1")
    assert ask(st) == "CardWindow" and st.current_player == 0
    assert st.frames[-1].public()["timing"] == "enemy_enters_workers_zone"
    assert st.memo["entered"] == ["nw_gate", 1]
    assert "pass" in options(st)


def test_WC_8_10_renew_is_offered_as_the_harvest_opens() -> None:
    """WC-8.10: Renew only as one's own Harvest phase opens."""
    st = scenario(races="night_elf,orc", phase="harvest",
                  pieces=[{"seat": 0, "zone": "nw_town", "melee": 1},
                          {"seat": 1, "zone": "se_town", "melee": 1}],
                  depletion={"nw_wood": "partial"}, players=[{"hand": ["renew"]}, {}])
    assert ask(st) == "CardWindow" and st.frames[-1].public()["timing"] == "own_harvest_start"


def test_WC_A33_movement_effects_last_until_the_turn_closes() -> None:
    """WC-A33: Haste and Cripple on a zone run to the end of the whole table's turn."""
    st = scenario(pieces=HOMES, phase="spending", players=[POOR, {"gold": 1, "wood": 1}])
    st.move_mods[(0, "nw_town")] = frozenset({"cripple"})
    acts(st, "done")
    assert st.turn == 2 and st.move_mods == {}
