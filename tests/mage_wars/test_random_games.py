"""Random games of all 16 class matchups reach an end without error (MW-1.1, MW-3.1, MW-S9),
with every legal list non-empty and unique until then."""

from __future__ import annotations

import itertools

import pytest

import grimorio
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import play_busy

PAIRS = list(itertools.product(data.MAGE_CLASSES, repeat=2))


@pytest.mark.parametrize("first, second", PAIRS)
def test_random_game_ends(first: str, second: str) -> None:
    """MW-1.1, MW-3.1, MW-A9, MW-S9: a game ends by a mage's fall or the round limit; mirror
    matches need mirror=true (MW-A25)."""
    seed = PAIRS.index((first, second))
    game = grimorio.load_game("mage-wars", classes=f"{first},{second}",
                              mirror=first == second, round_limit=12)
    st = game.new_initial_state(seed)
    assert isinstance(st, MageWarsState)
    play_busy(st, seed, busy=0.7, limit=20_000)
    assert st.round <= 12
    assert [p.mage_class for p in st.players] == [first, second]
