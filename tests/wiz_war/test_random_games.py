"""Random 2-, 3- and 4-player games are played to their end, and the end names a winner: the
last wizard alive, the first to 2 VP, or at the turn limit the leader on VP then life
(WW-1.4, WW-1.5, WW-X20). Only an exact tie on both leaves the game drawn."""

from __future__ import annotations

import random

import pytest

import grimorio
from grimorio.games.wiz_war.state import WizWarState


def _play_out(players: int, seed: int) -> WizWarState:
    state = grimorio.load_game("wiz-war", players=players).new_initial_state(seed)
    assert isinstance(state, WizWarState)
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    return state


def _leaders(state: WizWarState) -> list[int]:
    """The living wizards best on VP, then life (the turn-limit ranking)."""
    alive = [w for w in state.wizards if w.alive]
    best = max((w.vp, w.life) for w in alive)
    return [w.seat for w in alive if (w.vp, w.life) == best]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner(players: int) -> None:
    for seed in range(6):
        state = _play_out(players, seed)
        doc = state.document()["state"]
        returns = state.returns()
        if state.winner is None:   # only an exact tie at the turn limit leaves no winner
            assert state.round > state.turn_limit and len(_leaders(state)) > 1, seed
            assert returns == [0.0] * players
            continue
        winner = state.wizards[state.winner]
        assert winner.alive and doc["winner"] == state.winner
        assert returns[state.winner] == 1.0 and returns.count(-1.0) == players - 1
        alive = [w for w in state.wizards if w.alive]
        by_points = winner.vp >= 2 or len(alive) == 1
        assert by_points or _leaders(state) == [state.winner], seed
