"""The bots' evaluation of a mage-knight position (`grimorio.games.mage_knight.heuristic`):
expected victory points (MK-22.1 to MK-22.5) weighted by what is left on each dial, and tempo."""

from __future__ import annotations

import random
from typing import Any

import grimorio
from grimorio.agents.heuristics import evaluator_for
from grimorio.core.state import resample
from grimorio.games.mage_knight import heuristic
from grimorio.games.mage_knight.heuristic import evaluate, expected_vp
from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import ALTEM, CROSSBOW, GUARD, mk_state

FAR = {"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 30], "facing": 270}}


def duel(a: list[int], b: list[int], warriors: dict[str, dict[str, Any]] | None = None,
         **fields: Any) -> MageKnightState:
    """Armies `a` and `b` along their edges (a1, a2... 3 in apart), P2 to play unless told:
    P1's tempo does not count then."""
    placed: dict[str, dict[str, Any]] = {}
    for i in range(len(a)):
        placed[f"a{i + 1}"] = {"at": [8 + 3 * i, 2], "facing": 90}
    for i in range(len(b)):
        placed[f"b{i + 1}"] = {"at": [8 + 3 * i, 37], "facing": 270}
    placed.update(warriors or {})
    fields.setdefault("active", 1)
    fields.setdefault("first_player", 1)
    fields.setdefault("players", [{"army": a}, {"army": b}])
    return mk_state(warriors=placed, **fields)


def test_the_heuristic_is_the_bots_evaluator() -> None:
    assert evaluator_for(grimorio.load_game("mage-knight")) is heuristic.evaluate


def test_MK_22_5_even_armies_even_but_for_tempo() -> None:
    """MK-22.5: equal armies are even for the side not playing; MK-4.2: the player whose turn
    it is has his actions still to use."""
    st = duel([GUARD], [GUARD])
    assert expected_vp(st)[0] == 13.0
    assert evaluate(st, 0) < 0.0 < evaluate(st, 1)
    assert evaluate(st, 0) == -evaluate(st, 1)


def test_MK_22_4_more_surviving_points_score_higher() -> None:
    # MK-22.4: own figures on the table score their points.
    strong = duel([ALTEM, GUARD], [GUARD])
    even = duel([GUARD], [GUARD])
    assert evaluate(strong, 0) > evaluate(even, 0)
    assert evaluate(strong, 0) > 0.0 > evaluate(strong, 1)


def test_MK_1_3_damage_lowers_the_value() -> None:
    """MK-1.3, MK-1.5: each click of damage brings a warrior closer to elimination: its owner
    expects less, the opponent more (the click credited to the last damager, MK-A28)."""
    fresh = duel([GUARD], [GUARD])
    hurt = duel([GUARD], [GUARD], {"a1": {"at": [8, 2], "facing": 90, "click": 2,
                                          "last_damager": 1}})
    worse = duel([GUARD], [GUARD], {"a1": {"at": [8, 2], "facing": 90, "click": 3}})
    assert evaluate(worse, 0) < evaluate(hurt, 0) < evaluate(fresh, 0)
    assert expected_vp(hurt)[1] > expected_vp(fresh)[1]


def test_MK_18_5_demoralized_counts_less() -> None:
    # MK-18.5: a Demoralized warrior (click 4 of the Utem Guardsman) cannot fight.
    low = duel([GUARD, GUARD], [GUARD], {"a2": {"at": [11, 2], "facing": 90, "click": 4}})
    shaken = duel([GUARD, GUARD], [GUARD], {"a2": {"at": [11, 2], "facing": 90, "click": 3}})
    assert not low.is_terminal()
    assert evaluate(low, 0) < evaluate(shaken, 0)


def test_MK_22_3_captives_count_twice() -> None:
    """MK-22.3: an opposing captive held is worth twice its points; its owner no longer
    counts it (MK-22.4)."""
    free = duel([GUARD], [GUARD, CROSSBOW], {"a1": {"at": [20, 20], "facing": 0},
                                             "b2": {"at": [30, 20], "facing": 180}})
    held = duel([GUARD], [GUARD, CROSSBOW], {"a1": {"at": [20, 20], "facing": 0,
                                                    "captive": "b2"},
                                             "b2": {"at": [21.25, 20], "facing": 180}})
    assert expected_vp(held)[0] - expected_vp(free)[0] > 12 * 1.5
    assert expected_vp(held)[1] < expected_vp(free)[1]
    assert evaluate(held, 0) > evaluate(free, 0)


def test_MK_22_2_eliminations_score() -> None:
    # MK-22.2: points scored by eliminations count for the player who scored them.
    base = duel([GUARD], [GUARD])
    scored = duel([GUARD], [GUARD, CROSSBOW], {"b2": {"eliminated": True}},
                  players=[{"army": [GUARD], "vp_eliminated": 12}, {"army": [GUARD, CROSSBOW]}])
    assert expected_vp(scored)[0] == expected_vp(base)[0] + 12
    assert evaluate(scored, 0) > evaluate(base, 0)


def test_MK_5_1_tokens_cost_a_little() -> None:
    # MK-5.1, MK-5.4: a warrior with tokens must rest or be pushed.
    rested = duel([GUARD], [GUARD])
    tired = duel([GUARD], [GUARD], {"a1": {"at": [8, 2], "facing": 90, "tokens": 1}})
    assert evaluate(tired, 0) < evaluate(rested, 0)


def test_bounds_zero_sum_and_the_end_in_random_play() -> None:
    """In [-1, 1], zero-sum between two players, the returns at the end (MK-22.1), and the
    same after a resample for the seat (no hidden information in play, MK-X12)."""
    st = mk_state(players=[{"army": [GUARD, CROSSBOW]}, {"army": [GUARD, CROSSBOW]}],
                  warriors={"a1": {"at": [10, 8], "facing": 90},
                            "a2": {"at": [14, 6], "facing": 90},
                            "b1": {"at": [10, 12], "facing": 270},
                            "b2": {"at": [14, 16], "facing": 270}}, options={"round_limit": 4})
    rng = random.Random(5)
    for _ in range(400):
        values = [evaluate(st, s) for s in st.seats]
        assert all(-1.0 <= v <= 1.0 for v in values)
        if st.is_terminal():
            assert values == st.returns()
            break
        assert values[0] == -values[1]
        assert evaluate(resample(st, 0, random.Random(1)), 0) == values[0]
        st.apply(rng.choice(st.legal_actions()))
    assert st.is_terminal()
