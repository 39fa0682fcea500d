"""The turn: phases, Time Passes, Discard and Draw, the hand limit, the turn limit."""

from __future__ import annotations

import grimorio
from tests.wiz_war.wwkit import end_turn, hand, make, wiz


def test_phases_in_order_and_next_player() -> None:
    """WW-3.1 to WW-3.4, WW-6.3: end -> discard -> draw; then red, to blue's left, begins."""
    sc = make()
    assert sc.doc["phase"] == "move" and sc.doc["active"] == 0
    sc.act("end")
    assert sc.doc["phase"] == "discard"
    sc.illegal("move s", rule="WW-5.7")
    sc.act("discard none")
    assert sc.doc["phase"] == "draw"
    sc.act("draw 2")
    assert sc.doc["active"] == 1 and sc.doc["phase"] == "move" and len(hand(sc, "blue")) == 2


def test_draw_up_to_the_limit() -> None:
    """WW-6.2, WW-6.6, WW-A5: the count includes carried items; never beyond 7."""
    sc = make(hands={"blue": ["energy-4"] * 5, "red": []}, blue={"items": ["large-rock"]})
    sc.act("end", "discard none")
    assert sc.legal() == ["draw 0", "draw 1"]
    sc.illegal("draw 2", rule="WW-6.2")


def test_discard_any_number() -> None:
    """WW-6.1: discard any cards, then draw."""
    sc = make(hands={"blue": ["zot", "dispel", "energy-5"], "red": []})
    sc.act("end", "discard zot,dispel")
    assert hand(sc, "blue") == ["energy-5"] and sc.doc["discard"][-2:] == ["zot", "dispel"]
    sc.illegal("discard zot", rule="WW-6.1")


def test_reshuffle_when_the_deck_runs_out() -> None:
    """WW-6.4, WW-A19: the discard pile becomes the deck when it runs out mid-draw."""
    sc = make(deck=["zot"], discard=["dispel"])
    sc.act("end", "discard none", "draw 2")
    assert sorted(hand(sc, "blue")) == ["dispel", "zot"] and sc.doc["deck"] == []
    assert sc.events(rule="WW-6.4")


def test_draw_stops_when_both_piles_are_empty() -> None:
    """WW-A19: nothing left to draw."""
    sc = make(deck=[], discard=[])
    sc.act("end", "discard none", "draw 2")
    assert hand(sc, "blue") == []


def test_forced_discard_over_the_limit() -> None:
    """WW-6.5, WW-6.7: a player over 7 discards down at once, one card at a time, from his
    hand first (WW-A6); even on another player's turn."""
    sc = make(first="red", hands={"blue": ["energy-4"] * 7 + ["zot"], "red": []},
              blue={"items": ["large-rock"]})
    assert sc.state.current_player == 0 and sc.doc["decisions"][0]["kind"] == "ForcedDiscard"
    sc.illegal("discard zot,energy-4", rule="WW-6.5")
    sc.illegal("discard large-rock", rule="WW-6.5")
    sc.act("discard zot")
    sc.act("discard energy-4")
    assert len(hand(sc, "blue")) == 6 and not sc.doc["decisions"]
    assert sc.state.current_player == 1


def test_time_passes_removes_energy_and_ends_spells() -> None:
    """WW-4.1, WW-4.3, WW-4.4, WW-A8, WW-A22: one energy token a turn from each of the active
    player's temporary spells; at 0 the spell ends."""
    sc = make(first="red", spells=[{"card": "invisible", "caster": "blue", "tokens": 2},
                                   {"card": "pain-link", "caster": "red", "tokens": 1}])
    assert [s["card"] for s in sc.doc["spells"]] == ["invisible"]
    assert "pain-link" in sc.doc["discard"]
    end_turn(sc)
    assert sc.doc["spells"][0]["tokens"] == 1
    end_turn(sc)
    end_turn(sc)
    assert sc.doc["spells"] == []


def test_stun_token_each_turn() -> None:
    """WW-4.5, WW-A9: one stun token is discarded per turn, each a stunned turn."""
    sc = make(first="red", blue={"stun": 2})
    end_turn(sc)
    assert wiz(sc, "blue")["stun"] == 1 and sc.doc["turn"]["stunned"]
    end_turn(sc)
    end_turn(sc)
    assert wiz(sc, "blue")["stun"] == 0 and sc.doc["turn"]["stunned"]
    end_turn(sc)
    end_turn(sc)
    assert not sc.doc["turn"]["stunned"]


def test_turn_limit() -> None:
    """WW-X20: after the last round the most VP wins, then the most life."""
    game = grimorio.load_game("wiz-war", turn_limit=2)
    from grimorio.core.record import Match
    from tests.wiz_war.wwkit import setup

    match = Match(game, 0, setup(red={"life": 10}, round=1))
    for _ in range(4):
        for action in ("end", "discard none", "draw 0"):
            match.act(action)
    assert match.state.is_terminal()
    assert match.state.returns() == [1.0, -1.0]


def test_turn_limit_ranks_only_the_living() -> None:
    """WW-X20, WW-X12: at the turn limit a dead wizard is out of the game: red, dead with 1 VP,
    does not win; yellow (alive, 0 VP, more life than blue) does."""
    from grimorio.testing import scenario

    sc = scenario("wiz-war", players=3, turn_limit=1,
                  setup={"colours": ["blue", "red", "yellow"], "first": "blue", "round": 1,
                         "wizards": {"red": {"alive": False, "vp": 1},
                                     "blue": {"life": 10}},
                         "deck": ["energy-4"] * 10})
    end_turn(sc)
    end_turn(sc)                                # red's turn is skipped (WW-X12)
    assert sc.doc["over"] and sc.doc["winner"] == 2
    assert sc.state.events[-1].rule == "WW-X20"


def test_first_turn_no_attack() -> None:
    """WW-5.6, WW-A3: no attack in a player's first turn; other actions stay legal."""
    sc = make(round=1, red={"square": "a2"})
    sc.illegal("punch red", rule="WW-5.6")
    sc.act("move s")
