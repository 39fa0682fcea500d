"""Turns and actions (from MK-4.1), tokens and pushing (from MK-5.1), general concepts (MK-6.1 to
MK-6.7), the end of the game and withdrawal (from MK-21.1). Scenario tests use exact positions
and scripted dice.

Figures: 5 Utem Guardsman (8/8/15/3, range 0, 6 live clicks), 3 Utem Crossbowman tough
(8/8/15/1, range 10, 6 live clicks), 61 Wood Golem weak (Toughness on clicks 0-1)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.core.errors import IllegalAction
from grimorio.games.mage_knight.rules import turn
from tests.mage_knight.mkkit import CROSSBOW, GUARD, act, events, illegal, legal, mk_state, w


def duel(**fields: Any) -> Any:
    """a1 crossbowman (seat 0) at (10, 2) facing north, a2 guardsman at (20, 2); b1 guardsman
    (seat 1) at (10, 10) facing south, b2 guardsman at (30, 30)."""
    setup: dict[str, Any] = {
        "players": [{"army": [CROSSBOW, GUARD]}, {"army": [GUARD, GUARD]}],
        "warriors": {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [20, 2]},
                     "b1": {"at": [10, 10], "facing": 270}, "b2": {"at": [30, 30]}}}
    for key, value in fields.items():
        if key in ("a1", "a2", "b1", "b2"):
            if "eliminated" in value:
                setup["warriors"][key] = value
            else:
                setup["warriors"][key].update(value)
        else:
            setup[key] = value
    return mk_state(setup)


MISS = [3, 3]            # 6 + 8 = 14 against defense 15


# ------------------------------------------------------------------------------ turns

def test_turn_order_and_actions_per_turn() -> None:
    # MK-4.1 the first player, then clockwise; MK-4.2 build total / 100 actions, the same
    # every turn.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2]}, "b1": {"at": [2, 20], "facing": 0},
                            "c1": {"at": [20, 37]}}, first_player=1, active=1)
    assert st.active == 1 and st.players[1].actions_left == 2 and st.turn == 1
    act(st, "end")
    assert st.active == 2 and st.players[2].own_turns == 1
    act(st, "end")
    assert st.active == 0
    act(st, "end")
    assert st.active == 1 and st.players[1].own_turns == 2 and st.round == 1


def test_build_total_sets_the_actions() -> None:
    # MK-4.2, Table 2: 300 points, 3 actions; losing warriors never lowers the number.
    st = mk_state(options={"build_total": 300})
    assert st.players[0].actions_left == 3
    lossy = duel(a2={"eliminated": True})
    assert lossy.players[0].actions_left == 2


def test_one_action_per_warrior_and_pass_spends_one() -> None:
    # MK-4.4 at most one action per warrior per turn, a pass included; MK-4.5 (d) a pass
    # spends one of the turn's actions and leaves no token (MK-5.1).
    st = duel()
    act(st, "pass a1")
    assert st.players[0].actions_left == 1 and w(st, "a1").tokens == 0
    illegal(st, "pass a1", "MK-4.4")
    illegal(st, "shoot a1 at b1", "MK-4.4")
    assert "pass a1" not in legal(st) and "pass a2" in legal(st)


def test_only_own_warriors_on_the_table_and_not_captive() -> None:
    # MK-4.7 own warriors on the table; MK-12.5 a captive gets no actions.
    st = duel(a2={"at": [11.25, 10], "facing": 180, "captive": "b1"},
              a1={"at": [30, 2]})
    illegal(st, "pass b2", "MK-4.7")
    illegal(st, "pass c1", "MK-4.7")
    st2 = duel(b1={"at": [11.25, 10], "facing": 180, "captive": "a2"}, a2={"at": [12.5, 10]})
    illegal(st2, "pass a2", "MK-12.5")
    st3 = duel(a2={"eliminated": True})
    illegal(st3, "pass a2", "MK-4.7")
    assert turn.may_act(st3, "zz", False) is not None


def test_turn_ends_when_actions_run_out_and_unused_are_lost() -> None:
    # MK-4.6 and MK-4.8: with 2 actions the turn is over after two actions; a player may end
    # it early and unused actions are lost; more actions than warriors are lost too.
    st = duel()
    st.script_dice(MISS)
    act(st, "pass a2", "shoot a1 at b1")                 # MK-4.8: one then another, turn over
    assert st.active == 1 and st.players[0].actions_left == 0
    act(st, "pass b1", "pass b2")
    assert st.active == 0
    act(st, "end")
    assert st.active == 1 and st.players[0].actions_left == 0
    lone = mk_state()                                     # one warrior, two actions
    act(lone, "pass a1")
    assert lone.active == 1


def test_each_action_resolves_before_the_next() -> None:
    # MK-4.3: pushing and everything else of an action happen before the next choice.
    st = duel(players=[{"army": [CROSSBOW, GUARD], "own_turns": 1}, {"army": [GUARD, GUARD]}],
              a1={"busy_turns": [1], "tokens": 1})
    st.script_dice(MISS)
    produced = act(st, "shoot a1 at b1")
    kinds = [e.kind for e in produced]
    assert kinds.index("miss") < kinds.index("pushed") < kinds.index("damage")
    assert st.current_player == 0 and w(st, "a1").click == 1


# ------------------------------------------------------------------------------ tokens

def test_tokens_and_their_removal() -> None:
    # MK-5.1 a non-pass action puts a token; MK-5.2 at the end of the player's turn the tokens
    # of his previous turn come off, this turn's stay.
    st = duel(players=[{"army": [CROSSBOW, GUARD], "own_turns": 1}, {"army": [GUARD, GUARD]}],
              a2={"tokens": 1, "token_turn": 1})
    st.script_dice(MISS)
    act(st, "shoot a1 at b1")
    assert w(st, "a1").tokens == 1 and w(st, "a1").token_turn == 2
    act(st, "end")
    assert w(st, "a1").tokens == 1 and w(st, "a2").tokens == 0


def test_pushing_second_token_and_third_turn_ban() -> None:
    # MK-5.3 a second consecutive turn of non-pass actions pushes: 1 click after the action;
    # MK-5.4 two tokens, kept through the next own turn; MK-5.5 and MK-5.6 no third turn in a
    # row, but a pass is allowed; MK-5.7 exactly 1 click, even after a miss.
    st = duel(players=[{"army": [CROSSBOW, GUARD], "own_turns": 1}, {"army": [GUARD, GUARD]}],
              a1={"busy_turns": [1], "tokens": 1})
    st.script_dice(MISS)
    act(st, "shoot a1 at b1")
    assert w(st, "a1").tokens == 2 and w(st, "a1").click == 1
    assert events(st, "pushed")[0].rule == "MK-5.3"
    act(st, "end", "end")                                # P1's turn 2 ends, P2's turn
    assert st.active == 0 and st.players[0].own_turns == 3
    assert w(st, "a1").tokens == 2                       # kept through turn 3
    illegal(st, "shoot a1 at b1", "MK-5.5")
    assert "pass a1" in legal(st) and "shoot a1 at b1" not in legal(st)
    act(st, "pass a1", "end", "end")
    assert w(st, "a1").tokens == 0                       # gone when turn 3 ended
    # Turn 4: the pass in turn 3 reset the count (MK-5.6).
    assert turn.may_act(st, "a1", True) is None
    st.script_dice(MISS)
    act(st, "shoot a1 at b1")
    assert w(st, "a1").tokens == 1 and w(st, "a1").click == 1


def test_pushing_ignores_toughness() -> None:
    # MK-5.7, MK-20.4, MK-A20: Toughness does not reduce the pushing click.
    st = mk_state(players=[{"army": [61], "own_turns": 1}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "busy_turns": [1]},
                            "b1": {"at": [10, 11.25], "facing": 270}})
    assert st.has("a1", "toughness")
    turn.record_action(st, "a1", True)
    turn.apply_pushing(st, ["a1"])
    assert w(st, "a1").click == 1
    turn.apply_pushing(st, ["a1"])                       # once per action
    assert w(st, "a1").click == 1


def test_helpers_for_rules_modules() -> None:
    # MK-4.4 pass counts as the action; MK-5.6 busy turns keep the last two non-pass turns.
    st = mk_state(players=[{"army": [GUARD], "own_turns": 3}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "busy_turns": [2, 3]}, "b1": {"at": [10, 30]}})
    refusal = turn.may_act(st, "a1", True)
    assert isinstance(refusal, IllegalAction) and refusal.rule == "MK-5.5"
    assert turn.may_act(st, "a1", False) is None
    turn.record_action(st, "a1", False)
    assert w(st, "a1").acted_turn == 4 and w(st, "a1").busy_turns == (2, 3)
    refusal = turn.may_act(st, "a1", False)
    assert isinstance(refusal, IllegalAction) and refusal.rule == "MK-4.4"


# ------------------------------------------------------------------------------ concepts

def test_friends_and_opponents() -> None:
    # MK-6.3: allies are friendly; a captive stays friendly to its owner's side.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "captive": "b1"},
                            "b1": {"at": [10, 3.25], "facing": 270},
                            "c1": {"at": [20, 37]}},
                  options={"teams": "1,2,2"})
    assert st.friendly("b1", "c1") and st.friendly(1, 2) and st.opposing("a1", "b1")
    assert st.counts("a1") and not st.counts("b1")          # MK-12.15


def test_measuring_is_centre_to_centre_and_contact() -> None:
    # MK-6.1 distances between base centres; MK-6.2 and MK-G4 base contact within ε; MK-24.2
    # contact is decided by base geometry with that tolerance and lasts until a figure moves.
    st = duel(b1={"at": [10, 3.25]})
    assert st.touching("a1") == ["b1"] and st.touching("b1") == ["a1"]
    st2 = duel(b1={"at": [10, 3.27]})
    assert st2.touching("a1") == []


def test_line_of_fire_can_be_checked_any_time() -> None:
    # MK-6.6: checking a LOF is a question that changes nothing.
    st = duel()
    before = st.digest()
    lof = st.field.line_of_fire(st.body("a1"), st.body("b1"), st.bodies())
    assert lof is not None and st.digest() == before


def test_never_target_oneself() -> None:
    # MK-6.7 (with combat): no attack or healing on the warrior itself.
    st = duel()
    with pytest.raises(IllegalAction):
        st.apply("shoot a1 at a1")
    with pytest.raises(IllegalAction):
        st.apply("heal a1 at a1")


# ------------------------------------------------------------------------------ the end

def test_last_side_standing_ends_the_game() -> None:
    # MK-21.1 (1), MK-21.2 tested after the action: b1 is left Demoralized (MK-18.5), so only
    # seat 0's side still counts.
    st = duel(b1={"click": 3}, b2={"eliminated": True})
    assert not st.is_terminal()
    st.script_dice([6, 6])                               # critical hit: 1 + 1 clicks
    act(st, "shoot a1 at b1")
    assert w(st, "b1").click == 5 and st.has("b1", "demoralized")
    assert st.is_terminal() and st.end_reason == "one_side"
    assert st.returns() == [1.0, -1.0]


def test_pushing_can_end_the_game() -> None:
    # MK-21.2: pushing is part of the action; MK-A28 nobody of the other side damaged it, so
    # its points are split among the opposing players (here one).
    st = mk_state(players=[{"army": [61], "own_turns": 1}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "busy_turns": [1], "click": 6},
                            "b1": {"at": [10, 3.25], "facing": 270}})
    st.script_dice([2, 3])                               # 5 + 4 = 9 against 15: a miss
    act(st, "fight a1 at b1")
    assert st.is_terminal() and w(st, "a1").eliminated
    assert st.players[1].vp_eliminated == 23 and st.winners == (1,)


def test_agreement_ends_the_game() -> None:
    # MK-21.1 (3): every other player still in agrees, in turn; one no keeps playing.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2]}, "b1": {"at": [2, 20], "facing": 0},
                            "c1": {"at": [20, 37]}})
    act(st, "offer-end")
    assert st.current_player == 1 and legal(st) == ["agree yes", "agree no"]
    act(st, "agree yes")
    assert st.current_player == 2
    act(st, "agree no")
    assert st.current_player == 0 and not st.is_terminal()
    illegal(st, "offer-end", "MK-21.1")                  # once per turn
    act(st, "end", "offer-end", "agree yes", "agree yes")
    assert st.is_terminal() and st.end_reason == "agreement"


def test_round_limit_ends_at_the_end_of_a_turn() -> None:
    # MK-X9 and MK-A32: the limit is checked when a turn ends; the last turn is finished.
    st = mk_state(options={"round_limit": 2})
    act(st, "end", "end", "end")
    assert not st.is_terminal() and st.active == 1
    act(st, "pass b1")
    assert st.is_terminal() and st.end_reason == "round_limit"
    assert st.returns() == [0.0, 0.0]                    # same VP, same points: shared


def test_withdrawal() -> None:
    # MK-21.3 a player may withdraw in his turn; MK-21.4 his captive warriors score for their
    # holders; MK-21.5 his figures leave and his captives go free; MK-4.1 he is skipped.
    st = mk_state(players=[{"army": [GUARD, GUARD]}, {"army": [GUARD, GUARD]},
                           {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "captive": "b1"},
                            "a2": {"at": [20, 2]},
                            "b1": {"at": [10, 3.25], "facing": 270},
                            "b2": {"at": [2, 20], "facing": 0, "captive": "c1"},
                            "c1": {"at": [3.25, 20]}},
                  active=1, first_player=1)
    act(st, "withdraw")
    assert st.players[1].withdrawn and st.players[1].out
    assert st.players[0].vp_eliminated == 13                # MK-21.4
    assert not w(st, "b1").placed and not w(st, "b2").placed
    assert w(st, "c1").captor is None and w(st, "a1").captive is None   # MK-21.5
    assert not st.is_terminal() and st.active == 2
    act(st, "end")
    assert st.active == 0
    act(st, "end")
    assert st.active == 2                                    # seat 1 is skipped (MK-4.1)
    act(st, "withdraw")
    assert st.is_terminal() and st.winners == (0,)          # MK-21.2 after a withdrawal


def test_player_with_only_captives_is_out() -> None:
    # MK-4.1, MK-A31: nothing on the table but captives puts a player out; MK-12.15 and
    # MK-A30 the end condition then finds a single side.
    st = mk_state(players=[{"army": [GUARD, GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "captive": "b1"},
                            "a2": {"at": [20, 2]},
                            "b1": {"at": [10, 3.25], "facing": 270},
                            "c1": {"at": [20, 37]}})
    assert st.players[1].out and not st.is_terminal()
    act(st, "end")
    assert st.active == 2


def test_demoralized_keep_a_player_in_but_do_not_count() -> None:
    # MK-A31 Demoralized warriors keep their player in; MK-18.5 and MK-A30 they do not count
    # for the end condition.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD, GUARD]}],
                  warriors={"a1": {"at": [10, 2]}, "b1": {"at": [10, 30], "click": 4},
                            "b2": {"at": [20, 30]}})
    assert st.has("b1", "demoralized") and not st.counts("b1") and not st.is_terminal()
    st2 = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}],
                   warriors={"a1": {"at": [10, 2]}, "b1": {"at": [10, 30], "click": 4}})
    assert st2.is_terminal() and not st2.players[1].out
    assert st2.end_reason == "one_side"


def test_nobody_left_ends_the_game() -> None:
    # MK-A30: no side with warriors that count also ends it.
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "click": 4}, "b1": {"at": [10, 30],
                                                                     "click": 4}})
    assert st.is_terminal() and st.end_reason == "no_side"


def test_game_over_leaves_nothing_to_do() -> None:
    # MK-21.6: taking figures back has no effect in the engine; the position simply ends.
    st = mk_state(options={"round_limit": 1})
    act(st, "end", "end")
    assert st.is_terminal() and st.legal_actions() == [] and st.current_player is None


def test_charge_from_contact_follows_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-X15: other editions' wording is not used; the seed sets no "not in contact at the
    # start of the turn" condition on Charge (Charge is on no Rebellion dial, MK-X7).
    from tests.mage_knight.mkkit import grant

    grant(monkeypatch, {"a1": ("charge",)})
    st = mk_state(warriors={"a1": {"at": [10, 2], "facing": 90},
                            "b1": {"at": [10, 3.25], "facing": 270}})
    st.script_dice([5, 3])
    act(st, "move a1 facing 90 charge=b1")
    assert w(st, "b1").click == 3 and w(st, "a1").tokens == 1


def test_a_game_fought_to_its_end_has_no_offer_to_stop() -> None:
    # MK-X17, MK-21.1 (3): with end_by_agreement false, offer-end is refused and never offered.
    st = mk_state(options={"end_by_agreement": False})
    assert "offer-end" not in legal(st) and "end" in legal(st)
    illegal(st, "offer-end", "MK-X17")
