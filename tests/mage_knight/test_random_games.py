"""Random standard games played to their end, with the table's invariants checked after every
action: bases never overlap (MK-G4, MK-A45), every base stays on the table, a captive touches
its captor (MK-12.4), tokens are 0, 1 or 2 (MK-5.1, MK-5.4), dials stay on live clicks or the
figure is out (MK-1.5), and the game ends with one side left or at the round limit (MK-21.1,
MK-X9). The players never offer to stop (MK-X17), so every game is fought out."""

from __future__ import annotations

import random
from typing import Any

import pytest

import grimorio
from grimorio.games.mage_knight import geometry as geo
from grimorio.games.mage_knight.state import MageKnightState

QUITTING = ("offer-end", "withdraw")


def check_table(st: MageKnightState) -> None:
    bodies = st.bodies()
    low, high = -st.eps, st.size + st.eps
    for i, a in enumerate(bodies):
        assert low <= a.x - a.r and a.x + a.r <= high and low <= a.y - a.r and a.y + a.r <= high
        for b in bodies[i + 1:]:
            assert not geo.overlapping(a, b, st.eps), (a, b)
    for w in st.warriors.values():
        assert w.tokens in (0, 1, 2)
        if w.placed and not w.eliminated:
            assert not st.figure(w.id).is_ko(w.click)
        if w.captor is not None and w.placed:
            captor = st.warriors[w.captor]
            assert captor.captive == w.id and not captor.eliminated
            if not st.frames or type(st.frames[-1]).__name__ != "CaptiveAsk":
                assert geo.touching(st.body(w.id), st.body(captor.id), st.eps), w.id


def fight_out(seed: int, **options: Any) -> MageKnightState:
    game = grimorio.load_game("mage-knight", end_by_agreement=False, **options)
    st = game.new_initial_state(seed)
    assert isinstance(st, MageKnightState)
    chooser = random.Random(seed)
    while not st.is_terminal():
        texts = [a.notation() for a in st.legal_actions()]
        st.apply(chooser.choice([t for t in texts if not t.startswith(QUITTING)] or texts))
        if st.phase == "play":
            check_table(st)
    return st


@pytest.mark.parametrize("seed", range(4))
def test_random_200_point_standard_games_are_fought_to_an_end(seed: int) -> None:
    # MK-23.1 to MK-23.6: the standard game's defaults (200 points, two pieces each, no
    # elevated terrain).
    st = fight_out(seed)
    assert st.end_reason in ("one_side", "round_limit")
    assert sorted(st.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(("players", "teams", "seed"), [(3, "", 5), (4, "1,2,1,2", 6)])
def test_random_games_of_three_and_four_players_with_elevated_terrain(
        players: int, teams: str, seed: int) -> None:
    # MK-X8 edges clockwise, MK-X10 teams, MK-A30 the end by side; elevated terrain allowed.
    st = fight_out(seed, players=players, teams=teams, elevated_terrain=True, round_limit=12)
    assert st.end_reason in ("one_side", "round_limit")
    # MK-X10: even with allies every player is ranked on his own points.
    assert max(st.returns()) == 1.0 or set(st.returns()) == {0.0}
