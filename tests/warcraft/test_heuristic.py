"""The bots' evaluation of a warcraft position (`grimorio.games.warcraft.heuristic`)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import grimorio
from grimorio.agents.heuristics import evaluator_for
from grimorio.core.state import resample
from grimorio.games.warcraft import heuristic
from grimorio.games.warcraft.game import SCENARIOS
from grimorio.games.warcraft.heuristic import evaluate
from tests.warcraft.test_render import walk
from tests.warcraft.wckit import scenario

TWO_SIDES = ("generic-2p", "generic-4p", "march-of-the-necromancers", "the-prisoners",
             "nordrassil")

HOME = [{"seat": 0, "zone": "nw_town", "melee": 3, "workers": 3},
        {"seat": 1, "zone": "se_town", "melee": 3, "workers": 3}]


def _with(*extra: dict[str, Any], players: list[dict[str, Any]] | None = None,
          **fields: Any) -> float:
    pieces = [dict(p) for p in HOME]
    for entry in extra:
        found = next((p for p in pieces if p["seat"] == entry["seat"]
                      and p["zone"] == entry["zone"]), None)
        if found is None:
            pieces.append(dict(entry))
        else:
            found.update(entry)
    st = scenario(pieces=pieces, players=players or [], **fields)
    return evaluate(st, 0)


def test_the_heuristic_is_the_bots_evaluator() -> None:
    assert evaluator_for(grimorio.load_game("warcraft")) is heuristic.evaluate


def test_WC_3_4_even_start_is_even() -> None:
    """WC-3.4, WC-3.5: both sides start alike, so neither is ahead; zero-sum."""
    st = scenario(pieces=HOME)
    assert evaluate(st, 0) == pytest.approx(0.0)
    assert evaluate(st, 0) == -evaluate(st, 1)


def test_WC_14_1_more_vp_scores_higher() -> None:
    """WC-14.1: a laid Victory Point card, an Objective held, a fully upgraded type."""
    base = _with()
    card = _with(players=[{"laid": ["victory_point"]}])
    objective = _with({"seat": 0, "zone": "nw_tower", "melee": 1},
                      {"seat": 0, "zone": "nw_town", "melee": 2})
    top = _with(players=[{"levels": {"melee": 3}}])
    assert card > base and objective > base and top > base
    two = _with(players=[{"laid": ["victory_point", "victory_point"]}])
    assert two > card


def test_WC_11_more_units_and_stronger_units_score_higher() -> None:
    """WC-2.14, WC-11.7: an extra unit, a unit of higher Strength, fewer enemy units."""
    base = _with()
    more = _with({"seat": 0, "zone": "nw_gate", "ranged": 1})
    stronger = _with({"seat": 0, "zone": "nw_gate", "ranged": 1},
                     players=[{"levels": {"ranged": 2}}])
    fewer = _with({"seat": 1, "zone": "se_town", "melee": 2})
    assert more > base and stronger > more and fewer > base


def test_workers_resources_and_buildings_count() -> None:
    """Workers, gold and wood, buildings (WC-8.1, WC-10.1)."""
    base = _with()
    assert _with({"seat": 0, "zone": "nw_mine", "workers": 1}) > base
    assert _with(players=[{"gold": 9, "wood": 9}]) > base
    assert _with(players=[{"buildings": {"ranged": 1}}]) > base


def test_WC_7_6_enemies_in_the_town_hall_are_danger() -> None:
    """WC-7.6, WC-7.7: enemy units in the own Town Hall zone weigh heavily, more once it is
    marked; enemy units next to it weigh a little."""
    base = _with()
    near = _with({"seat": 1, "zone": "nw_gate", "melee": 1}, {"seat": 1, "zone": "se_town",
                                                               "melee": 2})
    inside = scenario(pieces=[{"seat": 0, "zone": "nw_gate", "melee": 3, "workers": 3},
                              {"seat": 1, "zone": "nw_town", "melee": 1},
                              {"seat": 1, "zone": "se_town", "melee": 2}])
    marked = scenario(pieces=[{"seat": 0, "zone": "nw_gate", "melee": 3, "workers": 3},
                              {"seat": 1, "zone": "nw_town", "melee": 1},
                              {"seat": 1, "zone": "se_town", "melee": 2}], marks=["nw_town"])
    assert near < base
    assert evaluate(inside, 0) < near - 0.2
    assert evaluate(marked, 0) < evaluate(inside, 0)


def test_WC_1_5_eliminated_is_minus_one() -> None:
    """WC-1.5: an eliminated player is lost; The Elf Gate has three sides (WC-16.1)."""
    st = scenario(game="elf-gate", players=[{}, {"eliminated": True}, {}])
    assert evaluate(st, 1) == -1.0
    assert -1.0 < evaluate(st, 0) < 1.0


def test_WC_3_7_only_what_the_seat_knows() -> None:
    """WC-3.7: the others' hands count by size only, so redrawing them changes nothing."""
    a = scenario(hands=True, players=[{"hand": ["haste"]}, {"hand": ["devour", "pillage"]}])
    b = scenario(hands=True, players=[{"hand": ["haste"]},
                                      {"hand": ["victory_point", "resources"]}])
    assert evaluate(a, 0) == evaluate(b, 0)


def test_scenario_goals_pull() -> None:
    """WC-16.6: in The Elf Gate, a unit next to the Gate is worth more than one far away;
    WC-18.5: in The Prisoners, the leader nearer home is better for its side."""
    far = scenario(game="elf-gate", pieces=[{"seat": 0, "zone": "human_town", "melee": 1},
                                           {"seat": 1, "zone": "orc_town", "melee": 1},
                                           {"seat": 2, "zone": "undead_town", "melee": 1}])
    near = scenario(game="elf-gate", pieces=[{"seat": 0, "zone": "human_field", "melee": 1},
                                            {"seat": 1, "zone": "orc_town", "melee": 1},
                                            {"seat": 2, "zone": "undead_town", "melee": 1}])
    assert evaluate(near, 0) > evaluate(far, 0)
    held = scenario(game="the-prisoners", tokens=[
        {"kind": "prisoner", "zone": "orc_fields", "race": "orc"},
        {"kind": "prisoner", "zone": "prison_a", "race": "night_elf"}])
    start = scenario(game="the-prisoners")
    orcs = next(p.seat for p in start.players if p.race == "orc")
    assert evaluate(held, orcs) > evaluate(start, orcs)


@pytest.mark.parametrize("name", SCENARIOS)
def test_range_and_zero_sum_in_random_play(name: str) -> None:
    """WC-1.2: in [-1, 1]; exactly zero-sum between two sides (teams as one, section 15); the
    returns at the end; the same for partners; unchanged by a resample for the seat."""
    for st in walk(name, 11, 300, every=15):
        values = [evaluate(st, s) for s in st.seats]
        assert all(-1.0 <= v <= 1.0 for v in values)
        if st.is_terminal():
            assert values == st.returns()
            continue
        for s in st.seats:
            for partner in st.team_of(s):
                assert values[partner] == values[s] or st.players[partner].eliminated \
                    or st.players[s].eliminated
        if name in TWO_SIDES and not any(p.eliminated for p in st.players):
            first = st.seats[0]
            other = next(s for s in st.seats if st.teams[s] != st.teams[first])
            assert values[first] == -values[other]
        twin = resample(st, 0, random.Random(1))
        assert evaluate(twin, 0) == values[0]


def test_fast_enough() -> None:
    """The bots call it at every node: well under a millisecond (about 50-100 µs of CPU)."""
    states = [st.clone() for name in SCENARIOS for st in walk(name, 3, 200, every=20)]
    start = time.process_time()
    for _ in range(10):
        for st in states:
            evaluate(st, 0)
    per_call = (time.process_time() - start) / (10 * len(states))
    assert per_call < 1e-3, per_call
