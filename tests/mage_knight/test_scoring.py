"""Victory points and the winner (MK-22.1 to MK-22.7, MK-12.15, MK-A33, MK-X10)."""

from __future__ import annotations

from grimorio.games.mage_knight.rules import damage, turn
from tests.mage_knight.mkkit import ALTEM, CROSSBOW, GUARD, act, mk_state, w


def test_vp_total_counts_eliminations_captives_and_survivors() -> None:
    # MK-22.1 to MK-22.5: eliminated opposing figures + 2 x opposing captives held at the end
    # (MK-22.3) + own figures on the table and not captive, Demoralized ones included (MK-22.4:
    # a2 is Demoralized); MK-12.15 a captive earns its owner nothing.
    st = mk_state(players=[{"army": [ALTEM, GUARD], "vp_eliminated": 10},
                           {"army": [GUARD, GUARD, CROSSBOW]}],
                  warriors={"a1": {"at": [10, 2], "captive": "b1"},
                            "a2": {"at": [20, 2], "click": 4},
                            "b1": {"at": [10, 3.25], "facing": 270},
                            "b2": {"at": [30, 30]}, "b3": {"eliminated": True}})
    rows = turn.scores(st)
    assert rows[0] == {"eliminated": 10, "captives": 26, "survivors": 37 + 13, "total": 86,
                       "spent": 50}
    assert rows[1] == {"eliminated": 0, "captives": 0, "survivors": 13, "total": 13,
                       "spent": 38}


def test_captives_at_the_end_score_double() -> None:
    # MK-12.15 captives are left out of the end condition; MK-22.3 twice their value.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "captive": "b1"},
                            "b1": {"at": [10, 3.25], "facing": 270}})
    assert st.is_terminal() and st.end_reason == "one_side"
    assert st.memo["scores"][0]["total"] == 13 + 26 and st.winners == (0,)


def test_reeliminated_figures_score_again() -> None:
    # MK-22.2: a figure brought back by Necromancy and eliminated again scores again.
    st = mk_state()
    damage.eliminate(st, "b1", by_seat=0, rule="MK-9.2")
    raised = w(st, "b1")
    raised.eliminated, raised.placed, raised.click = False, True, 0
    st.touch()
    damage.eliminate(st, "b1", by_seat=0, rule="MK-9.2")
    assert st.players[0].vp_eliminated == 26


def test_tie_break_on_points_spent_then_shared() -> None:
    # MK-22.7: tied VP, fewer points spent wins; MK-A33: still tied, they share the victory.
    cheap = mk_state(players=[{"army": [GUARD], "vp_eliminated": 1}, {"army": [6]}],
                     warriors={"a1": {"at": [10, 2]}, "b1": {"at": [10, 30]}},
                     options={"round_limit": 1})
    act(cheap, "end", "end")
    assert [r["total"] for r in cheap.memo["scores"]] == [14, 14]
    assert cheap.winners == (0,) and cheap.returns() == [1.0, -1.0]
    shared = mk_state(options={"round_limit": 1})
    act(shared, "end", "end")
    assert shared.winners == (0, 1) and shared.returns() == [0.0, 0.0]


def test_three_players_with_two_sharing() -> None:
    # MK-A33: winners +1, the others -1.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [3]}],
                  warriors={"a1": {"at": [10, 2]}, "b1": {"at": [2, 20], "facing": 0},
                            "c1": {"at": [20, 37]}}, options={"round_limit": 1})
    act(st, "end", "end", "end")
    assert st.winners == (0, 1) and st.returns() == [1.0, 1.0, -1.0]


def test_withdrawn_player_keeps_his_elimination_points() -> None:
    # MK-A33 and MK-21.4: a withdrawn player keeps what he scored and is ranked; no survivors.
    st = mk_state(players=[{"army": [GUARD], "vp_eliminated": 40}, {"army": [GUARD]}])
    act(st, "withdraw")
    assert st.is_terminal()
    assert st.memo["scores"][0] == {"eliminated": 40, "captives": 0, "survivors": 0,
                                    "total": 40, "spent": 13}
    assert st.winners == (0,)


def test_team_totals_are_for_information() -> None:
    # MK-X10: each player is ranked alone; teams' totals are reported.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [ALTEM]},
                           {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2]}, "b1": {"at": [2, 20], "facing": 0},
                            "c1": {"at": [20, 37]}, "d1": {"at": [37, 20], "facing": 180}},
                  options={"teams": "1,2,1,2", "round_limit": 1})
    act(st, "end", "end", "end", "end")
    assert st.memo["team_totals"] == {"1": 50, "2": 26}
    assert st.winners == (2,)
