"""The conformance suite with 3 and 4 players (the shared suite runs the default, 2), and the
hidden information of wiz-war's views (WW-2.9: hands are secret; the deck order is unknown)."""

from __future__ import annotations

import random

import pytest

import grimorio
from grimorio.core.state import resample, view
from grimorio.testing.conformance import CHECKS
from tests.wiz_war.wwkit import make


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("players", [3, 4])
def test_conformance_more_players(players: int, check: str) -> None:
    """WW-1.1: 2 to 4 players (a short turn limit keeps the suite quick, WW-X20)."""
    CHECKS[check](grimorio.load_game("wiz-war", players=players, turn_limit=8), 1)


def test_view_hides_other_hands_and_the_deck() -> None:
    """WW-2.9: each player sees his own hand; others' as counts; the deck as a size."""
    sc = make(hands={"blue": ["zot"], "red": ["fireball", "dispel"]})
    mine = view(sc.state, 0)["state"]
    assert mine["wizards"][0]["hand"] == ["zot"] and "hand" not in mine["wizards"][1]
    assert mine["wizards"][1]["hand_size"] == 2 and mine["deck"] == 10


def test_resample_keeps_counts_and_own_hand() -> None:
    """Resampling redeals only what the seat cannot see."""
    st = grimorio.load_game("wiz-war").new_initial_state(5)
    twin = resample(st, 0, random.Random(1))
    a, b = st.document()["state"], twin.document()["state"]
    assert a["wizards"][0]["hand"] == b["wizards"][0]["hand"]
    assert len(a["deck"]) == len(b["deck"])
    hidden = [sorted(d["deck"] + d["wizards"][1]["hand"]) for d in (a, b)]
    assert hidden[0] == hidden[1]
    assert view(st, 0) == view(twin, 0)


def test_random_play_never_stalls() -> None:
    """Random games end (by victory or the turn limit, WW-X20) with an action always legal."""
    game = grimorio.load_game("wiz-war")
    for seed in range(3):
        st = game.new_initial_state(seed)
        chooser = random.Random(seed)
        while not st.is_terminal():
            actions = st.legal_actions()
            assert actions
            st.apply(chooser.choice(actions))
        assert st.document()["state"]["over"]
