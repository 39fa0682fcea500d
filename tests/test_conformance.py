"""The conformance suite over every registered game (DESIGN principle 10)."""

from __future__ import annotations

import pytest

import grimorio
from grimorio.core.registry import game_ids
from grimorio.testing.conformance import CHECKS

SEEDS = (0, 1, 2)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game_id", game_ids())
def test_conformance(game_id: str, check: str, seed: int) -> None:
    CHECKS[check](grimorio.load_game(game_id), seed)


def test_every_builtin_game_is_listed() -> None:
    assert {"tictactoe", "wh6-magic"} <= {cls.id for cls in grimorio.games()}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_conformance_on_a_dice_game(check: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite also runs on the test dice game, which exercises the seeded stream."""
    from grimorio.core import registry
    from tests.dicegame import DiceGame

    # Records name their game, so replay needs it registered — for this test only.
    monkeypatch.setitem(registry._registered, DiceGame.id, DiceGame)
    for seed in SEEDS:
        CHECKS[check](DiceGame(turns=4), seed)
