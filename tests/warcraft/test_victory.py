"""Victory points, the Town Hall check, elimination, teams and the turn limit (section 1, WC-7.6 to
WC-7.8, section 14, section 15, WC-X13)."""

from __future__ import annotations

from typing import Any

from grimorio.games.warcraft.rules import victory
from tests.warcraft.wckit import acts, events, new_game, options, scenario

POOR = {"gold": 0, "wood": 0}
OBJECTIVES = ("heart", "nw_tower", "ne_tower", "se_tower", "sw_tower")   # 2 VP each


def test_WC_14_1_WC_14_2_everyone_opens_on_three() -> None:
    """WC-14.2: a unit in one's own Town Hall zone is worth its 3 VP."""
    st = new_game(3, races="human,orc")
    assert [victory.vp(st, s) for s in st.seats] == [3, 3]


def test_WC_14_1_the_three_sources_of_vp() -> None:
    """WC-14.1 (a) laid Victory Point cards, (b) types at their top card, (c) Objectives and
    Town Halls held by a unit; workers give no control."""
    st = scenario(pieces=[{"seat": 0, "zone": "heart", "melee": 1},
                          {"seat": 0, "zone": "nw_shrine", "workers": 1},
                          {"seat": 1, "zone": "se_town", "melee": 1}],
                  players=[{"laid": ["victory_point"], "levels": {"flying": 3}}])
    assert victory.card_vp(st, 0) == 1
    assert victory.upgrade_vp(st, 0) == 1
    assert victory.zone_vp(st, [0]) == 2
    assert victory.vp(st, 0) == 4


def test_WC_14_3_WC_A15_an_enemy_town_hall_scores_for_its_occupier() -> None:
    """WC-14.3, WC-A15 (a): whoever keeps a unit in a Town Hall zone scores it."""
    st = scenario(pieces=[{"seat": 0, "zone": "se_town", "melee": 1},
                          {"seat": 1, "zone": "se_gate", "melee": 1}])
    assert victory.vp(st, 0) == 3 and victory.vp(st, 1) == 0


def test_WC_A15_a_team_counts_a_shared_zone_once() -> None:
    """WC-A15 (b), WC-14.5: partners' VP add up, a zone both hold counting once."""
    st = scenario(game="generic-4p", pieces=[{"seat": 0, "zone": "heart", "melee": 1},
                                             {"seat": 2, "zone": "heart", "ranged": 1}])
    assert victory.side_vp(st, 0) == 2 == victory.side_vp(st, 2)


def _rich(seat: int, extra: list[dict[str, Any]]) -> list[dict[str, Any]]:
    home = "nw_town" if seat == 0 else "se_town"
    return [{"seat": seat, "zone": z, "melee": 1} for z in (home, *OBJECTIVES)] + extra


def test_WC_1_3_WC_14_4_fifteen_vp_at_the_end_of_ones_turn() -> None:
    """WC-1.3, WC-14.4: 15 VP as one's own turn ends wins; the other is not counted then."""
    st = scenario(pieces=_rich(0, [{"seat": 1, "zone": "se_town", "melee": 1}]),
                  phase="spending", players=[{**POOR, "laid": ["victory_point"] * 2}, POOR])
    assert victory.vp(st, 0) == 15
    assert st.is_terminal() and st.winners == (0,)
    assert st.returns() == [1.0, -1.0]
    assert events(st, "game-over")[0].rule == "WC-14.4"


def test_WC_14_4_fourteen_is_not_enough() -> None:
    st = scenario(pieces=_rich(0, [{"seat": 1, "zone": "se_town", "melee": 1}]),
                  phase="spending", players=[{**POOR, "laid": ["victory_point"]}, POOR])
    assert victory.vp(st, 0) == 14 and not st.is_terminal()


def test_WC_1_4_WC_14_5_WC_15_8_a_team_wins_at_thirty() -> None:
    """WC-1.4, WC-14.5: the team's VP together reach 30 at the end of a member's turn."""
    pieces = [{"seat": 0, "zone": z, "melee": 1} for z in (
        "nw_town", "ne_town", "sw_town", *OBJECTIVES, "nw_shrine", "ne_shrine")]
    pieces += [{"seat": 2, "zone": z, "melee": 1} for z in ("se_town", "se_shrine",
                                                            "sw_shrine")]
    st = scenario(game="generic-4p", pieces=pieces, phase="spending",
                  players=[{**POOR, "laid": ["victory_point"] * 3}, POOR,
                           {**POOR, "laid": ["victory_point"]}, POOR])
    assert victory.side_vp(st, 0) == 30
    assert st.winners == (0, 2)
    assert events(st, "game-over")[0].rule == "WC-14.5"


def _check(marks: list[str], extra: list[dict[str, Any]], game: str = "generic-2p",
           active: int = 1) -> Any:
    """A position where the last mover ends his Movement phase: the Town Hall check."""
    st = scenario(game=game, pieces=extra, marks=marks, phase="movement", active=active)
    acts(st, "done")
    return st


def test_WC_7_6_first_capture_marks_the_town_hall() -> None:
    """WC-7.6: enemy units in a Town Hall zone at the check leave a permanent mark."""
    st = _check([], [{"seat": 1, "zone": "nw_town", "melee": 1},
                     {"seat": 0, "zone": "nw_gate", "melee": 1}])
    assert st.marks == {"nw_town"} and not st.is_terminal()
    assert events(st, "town-hall-mark")[0].rule == "WC-7.6"


def test_WC_7_7_WC_A1_WC_1_6_second_capture_eliminates() -> None:
    """WC-7.7, WC-A1: occupied again once marked: the owner is out; WC-1.5: his pieces leave
    the board; WC-1.6: the last one left wins."""
    st = _check(["nw_town"], [{"seat": 1, "zone": "nw_town", "melee": 1},
                              {"seat": 0, "zone": "nw_gate", "melee": 1, "workers": 1}])
    assert st.players[0].eliminated
    assert st.on_board(0, "melee") == 0 and st.on_board(0, "workers") == 0
    assert st.winners == (1,)
    assert events(st, "eliminated")[0].rule == "WC-7.7"
    assert events(st, "game-over")[0].rule == "WC-1.6"


def test_WC_7_8_only_the_board_at_the_check_counts() -> None:
    """WC-7.8: units that left the Town Hall before the check do not count."""
    st = scenario(pieces=[{"seat": 1, "zone": "nw_town", "melee": 1},
                          {"seat": 0, "zone": "se_town", "melee": 1}],
                  marks=["nw_town"], phase="movement", active=1)
    acts(st, "move nw_town nw_gate melee=1", "done")
    assert not st.players[0].eliminated and not st.is_terminal()


def test_WC_1_5_WC_15_8_a_partner_falls_too() -> None:
    """WC-1.5, WC-15.8: an eliminated player's partners go with him."""
    st = _check(["nw_town"], [{"seat": 1, "zone": "nw_town", "melee": 1},
                              {"seat": 2, "zone": "se_gate", "melee": 1},
                              {"seat": 3, "zone": "sw_town", "melee": 1}],
                game="generic-4p", active=3)
    assert st.players[0].eliminated and st.players[2].eliminated
    assert st.winners == (1, 3)


def test_WC_A27_a_check_that_empties_the_table_is_a_draw() -> None:
    """WC-A27 (a), WC-1.7: both sides out at once: a draw."""
    st = _check(["nw_town", "ne_town"], [{"seat": 1, "zone": "nw_town", "melee": 1},
                                         {"seat": 0, "zone": "ne_town", "melee": 1}],
                game="generic-4p", active=3)
    assert st.is_terminal() and st.winners == ()
    assert st.returns() == [0.0] * 4


def test_WC_1_7_WC_A32_the_eliminated_are_passed_over() -> None:
    """WC-1.7, WC-A32: a player who is out takes no phases and is never First Player."""
    st = scenario(game="elf-gate", pieces=[
        {"seat": 0, "zone": "human_town", "melee": 1},
        {"seat": 2, "zone": "undead_town", "melee": 1}],
        players=[POOR, {**POOR, "eliminated": True}, POOR], phase="spending", active=2)
    assert st.turn == 2 and st.first == 2
    acts(st, "done")
    assert st.current_player == 0


def test_WC_X13_the_turn_limit_ranks_by_vp() -> None:
    """WC-X13: at the limit the side with most VP wins; a tie is a draw."""
    st = scenario(pieces=[{"seat": 0, "zone": "nw_town", "melee": 1},
                          {"seat": 0, "zone": "heart", "melee": 1},
                          {"seat": 1, "zone": "se_town", "melee": 1}],
                  phase="spending", players=[POOR, POOR], turn_limit=1)
    assert st.is_terminal() and st.winners == (0,)
    assert events(st, "game-over")[0].rule == "WC-X13"
    tie = scenario(pieces=[{"seat": 0, "zone": "nw_town", "melee": 1},
                           {"seat": 1, "zone": "se_town", "melee": 1}],
                   phase="spending", players=[POOR, POOR], turn_limit=1)
    assert tie.is_terminal() and tie.winners == ()


def test_WC_X13_scenarios_without_vp_end_in_a_draw() -> None:
    st = scenario(game="the-prisoners", phase="spending", players=[POOR, POOR], turn_limit=1)
    assert st.is_terminal() and st.winners == ()


def test_WC_14_6_scenario_goals_are_tested_when_they_may_happen() -> None:
    """WC-14.6: a rescue wins on arrival, in the middle of a Movement phase."""
    st = scenario(game="the-prisoners", pieces=[{"seat": 0, "zone": "orc_mine", "melee": 1},
                                                {"seat": 1, "zone": "elf_town", "melee": 1}],
                  tokens=[{"kind": "prisoner", "zone": "orc_mine", "race": "orc"}])
    acts(st, "move orc_mine orc_town melee=1 prisoner=1")
    assert st.is_terminal() and st.phase == "movement"


def test_WC_A26_a_victory_point_card_laid_at_the_end_of_ones_turn_counts() -> None:
    """WC-A26, WC-13.24: the card may be laid just before one's own end-of-turn check."""
    pieces = _rich(0, [{"seat": 1, "zone": "se_town", "melee": 1}])
    st = scenario(pieces=pieces, phase="spending",
                  players=[{**POOR, "hand": ["victory_point"],
                            "laid": ["victory_point"]}, POOR])
    assert victory.vp(st, 0) == 14 and st.current_player == 0
    acts(st, "pass")                                  # the Resources window (WC-A36)
    assert "play victory_point" in options(st)
    acts(st, "play victory_point")
    assert st.winners == (0,)
