"""Hidden information (WC-3.7, WC-13.3, WC-A36): no seat's view shows another seat's hand or
any deck's order; the log names drawn cards to their owner only; replays from a seat hide the
same; and a view does not change when only hidden cards are redrawn (resample)."""

from __future__ import annotations

import json
import random

import grimorio
from grimorio.core.record import Match
from grimorio.core.state import State, resample, view
from grimorio.games.warcraft.state import WarcraftState
from tests.warcraft.wckit import new_game, scenario

PRIVATE = ("hand", "aside")


def check_view(st: WarcraftState, seat: int | None) -> None:
    shown = view(st, seat)
    for entry in shown["state"]["players"]:
        assert "deck" not in entry                                   # nobody knows the order
        if entry["seat"] != seat:
            assert not set(PRIVATE) & set(entry), (seat, entry["seat"])
    for event in shown["log"]:
        cards = event.get("data", {}).get("cards")
        if isinstance(cards, list) and event["kind"] == "drawn":
            assert event["data"]["seat"] == seat
    assert all(set(f) <= {"frame", "seat", "timing"} for f in shown["state"]["frames"])


def walk(st: WarcraftState, rng: random.Random, limit: int = 400, every: int = 7) -> None:
    steps = 0
    while not st.is_terminal() and steps < limit:
        for seat in (None, *st.seats):
            check_view(st, seat)
        if steps % every == 0:
            for seat in st.seats:
                other = resample(st, seat, random.Random(steps))
                assert view(other, seat) == view(st, seat), (steps, seat)
        st.apply(rng.choice(st.legal_actions()))
        steps += 1


def test_WC_3_7_the_view_shows_only_ones_own_hand() -> None:
    """WC-3.7: only the owner sees his hand; the others see its size."""
    st = scenario(hands=True, players=[{"hand": ["haste", "resources"]},
                                       {"hand": ["devour"]}])
    mine = view(st, 0)["state"]["players"]
    assert mine[0]["hand"] == ["haste", "resources"] and "hand" not in mine[1]
    assert mine[1]["hand_size"] == 1 and mine[1]["deck_size"] == 20
    spectator = view(st, None)["state"]["players"]
    assert all("hand" not in p for p in spectator)
    assert "deck" in st.document()["state"]["players"][0]


def test_WC_3_7_resample_redraws_other_hands_and_every_deck() -> None:
    """WC-3.7: a resample keeps the seat's own hand and the others' sizes, and redraws the
    rest."""
    st = new_game(4, races="human,undead")
    hands = set()
    for k in range(8):
        twin = resample(st, 0, random.Random(k))
        assert isinstance(twin, WarcraftState)
        assert twin.players[0].hand == st.players[0].hand
        assert len(twin.players[1].hand) == len(st.players[1].hand)
        assert sorted(twin.players[1].hand + twin.players[1].deck) == sorted(
            st.players[1].hand + st.players[1].deck)
        hands.add(tuple(sorted(twin.players[1].hand)))
    assert len(hands) > 1


def test_random_games_of_every_scenario_hide_what_they_must() -> None:
    """WC-3.7, WC-A36: every view in random games of each scenario."""
    for index, name in enumerate(("generic-2p", "generic-4p", "elf-gate",
                                  "march-of-the-necromancers", "the-prisoners", "nordrassil")):
        st = new_game(index, scenario=name, turn_limit=4)
        walk(st, random.Random(index))


def test_record_replayed_from_each_seat_hides_the_same() -> None:
    """WC-3.7: a saved record replayed step by step shows no seat another's hand."""
    game = grimorio.load_game("warcraft", races="orc,night_elf", turn_limit=3)
    match = Match(game, 21)
    rng = random.Random(21)
    while not match.state.is_terminal():
        match.act(rng.choice(match.state.legal_actions()))
    replayed = Match.from_record(json.loads(json.dumps(match.to_record())))
    states: list[State] = replayed.replay_states()
    assert len(states) > 20
    for state in states:
        assert isinstance(state, WarcraftState)
        for seat in (None, 0, 1):
            check_view(state, seat)



def test_WC_2_15_resources_are_open_information() -> None:
    """WC-2.15: everyone's gold and wood are in every view."""
    st = scenario(players=[{"gold": 4, "wood": 7}, {"gold": 1, "wood": 2}])
    shown = view(st, 1)["state"]["players"][0]
    assert (shown["gold"], shown["wood"]) == (4, 7)
