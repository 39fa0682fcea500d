"""The bots' evaluation of a mage-wars position (`grimorio.games.mage_wars.heuristic`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grimorio.games.mage_wars.heuristic import evaluate, worth
from tests.mage_wars.geokit import build, random_setup, random_walk


def _duel(**changes: Any) -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"class": "warlock", "zone": "A1"},
                                     {"class": "beastmaster", "zone": "C2"}]
    for key, value in changes.items():
        seat, field = int(key[-1]), key[:-2]
        players[seat][field] = value
    return {"phase": "planning", "players": players}


def test_even_start_is_even() -> None:
    """MW-1.6: both Apprentice mages start alike, so neither is ahead."""
    st = build(_duel())
    assert evaluate(st, 0) == pytest.approx(0.0)
    assert evaluate(st, 0) == -evaluate(st, 1)


def test_damage_to_the_enemy_mage_scores() -> None:
    """MW-1.1, MW-5.25: the side whose mage has more life left is ahead."""
    hurt = build(_duel(damage_1=12))
    assert evaluate(hurt, 0) > 0.3
    assert evaluate(hurt, 1) == -evaluate(hurt, 0)
    worse = build(_duel(damage_1=20))
    assert evaluate(worse, 0) > evaluate(hurt, 0)


def test_creatures_and_mana_count() -> None:
    """MW-5.22, MW-3.10: a creature in play and more mana in the pool are worth something."""
    base = build(_duel())
    wolf = build({**_duel(), "objects": [{"card": "timber-wolf", "controller": 0,
                                          "zone": "A1"}]})
    rich = build(_duel(mana_0=20))
    assert worth(wolf, 0) > worth(base, 0) and evaluate(wolf, 0) > 0
    assert evaluate(rich, 0) > 0


def test_conditions_hurt() -> None:
    """MW-X-6.1, MW-X-6.6: Burn and Stun markers weigh against their bearer."""
    burnt = build(_duel(markers_0={"burn": 2, "stun": 1}))
    assert evaluate(burnt, 0) < 0


def test_hidden_enchantment_identity_not_read() -> None:
    """MW-5.78: a face-down enchantment counts the same whatever card it is."""
    def with_card(card: str) -> float:
        st = build({**_duel(), "objects": [{"card": card, "controller": 1, "host": 1,
                                            "face_up": False}]})
        return evaluate(st, 0)
    assert with_card("agony") == with_card("enfeeble")


@pytest.mark.parametrize("seed", range(10))
def test_range_and_zero_sum_in_random_play(seed: int) -> None:
    """MW-1.1: in [-1, 1], exactly zero-sum; the returns at the end."""
    rng = random.Random(300 + seed)
    st = build(random_setup(rng), seed)
    for position in random_walk(st, rng, 30):
        a, b = evaluate(position, 0), evaluate(position, 1)
        assert -1.0 <= a <= 1.0 and a == -b
        if position.is_terminal():
            assert a == position.returns()[0]
