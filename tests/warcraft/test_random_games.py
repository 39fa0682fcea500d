"""Random games of every scenario reach an end without error (WC-1.2, WC-1.6, WC-X13), with
every legal list non-empty and unique until then."""

from __future__ import annotations

import random

import pytest

import grimorio
from grimorio.games.warcraft.game import SCENARIOS
from grimorio.games.warcraft.state import WarcraftState
from grimorio.testing.conformance import check_invariants

RACE_PAIRS = ("human,orc", "undead,night_elf", "orc,undead", "night_elf,human")


def play(st: WarcraftState, rng: random.Random, busy: float = 0.7) -> int:
    """Random play, mostly not `done`/`pass` (so armies actually move and fight)."""
    steps = 0
    for steps in range(20_000):
        check_invariants(st)
        if st.is_terminal():
            return steps
        legal = st.legal_actions()
        active = [a for a in legal if a.notation() not in ("done", "pass")]
        st.apply(rng.choice(active if active and rng.random() < busy else legal))
    raise AssertionError("no end after 20000 steps")


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("seed", [0, 1])
def test_WC_1_2_every_scenario_plays_to_an_end(name: str, seed: int) -> None:
    """WC-1.2: each scenario is a game of its own; WC-X13: the turn limit ends the rest."""
    st = grimorio.load_game("warcraft", scenario=name, turn_limit=12).new_initial_state(seed)
    assert isinstance(st, WarcraftState)
    play(st, random.Random(seed))
    assert st.over and st.turn <= 12
    assert len(st.returns()) == st.scenario.players


@pytest.mark.parametrize("races", RACE_PAIRS)
def test_WC_1_1_two_player_generic_games_of_every_race(races: str) -> None:
    """WC-1.1, WC-1.3: every race plays the two-player generic game to its end."""
    seed = RACE_PAIRS.index(races)
    st = grimorio.load_game("warcraft", races=races, turn_limit=15).new_initial_state(seed)
    assert isinstance(st, WarcraftState)
    play(st, random.Random(seed), busy=0.85)
    assert st.over


def test_WC_1_6_some_random_games_end_before_the_limit() -> None:
    """WC-1.6, WC-14.4: random four-player games end by elimination or VP, not only by the
    limit."""
    ends = set()
    for seed in range(6):
        st = grimorio.load_game("warcraft", scenario="generic-4p",
                                turn_limit=25).new_initial_state(seed)
        assert isinstance(st, WarcraftState)
        play(st, random.Random(seed), busy=0.9)
        ends.add(st.turn < 25)
    assert True in ends
