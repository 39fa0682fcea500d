"""The legal list is exact: every listed action passes the rules' own check (`legal.reason`).

`apply` trusts an action found in the cached list of the position and skips that check, so a
listed action the rules would refuse would be played without a word. WW-3.3: on his turn a
player takes the actions the rules allow.
"""

from __future__ import annotations

import random

import pytest

import grimorio
from grimorio.games.wiz_war import legal
from grimorio.games.wiz_war.state import WizWarState


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (2, 2), (3, 3), (4, 4)])
def test_every_listed_action_passes_the_rules_check(players: int, seed: int) -> None:
    """WW-3.3: over a random game, no listed action is refused by `legal.reason`."""
    game = grimorio.load_game("wiz-war", players=players, turn_limit=20)
    state = game.new_initial_state(seed)
    assert isinstance(state, WizWarState)
    chooser = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        for action in actions:
            refusal = legal.reason(state, action)
            assert refusal is None, f"{action.notation()} is listed but refused: {refusal}"
        state.apply(chooser.choice(actions))
