"""Setting up (section 3 and the scenarios' setups) and the strict setup mapping."""

from __future__ import annotations

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.games.warcraft.model import NEUTRAL
from tests.warcraft.wckit import events, new_game, pieces, scenario


def test_WC_3_4_WC_3_5_WC_3_6_WC_3_7_the_generic_setup() -> None:
    """WC-3.4: 5 gold and 5 wood; WC-3.5: 3 melee units and 3 workers at home; WC-3.6: every
    stack at level 1; WC-3.7: a shuffled deck of 21 and a hand of 3 (WC-13.1, WC-13.2)."""
    st = new_game(5, races="human,orc")
    for seat, home in ((0, "nw_town"), (1, "se_town")):
        player = st.players[seat]
        assert (player.gold, player.wood) == (5, 5)
        assert pieces(st, home, seat) == {"melee": 3, "workers": 3}
        assert player.levels == {"melee": 1, "ranged": 1, "flying": 1}
        assert len(player.hand) == 3 and len(player.deck) == 18
    assert {e.rule for e in events(st, "draw")} == {"WC-3.7"}


def test_WC_3_2_two_races_drawn_at_random() -> None:
    """WC-3.2: two players draw two different races; WC-3.3: each with its own pieces."""
    seen = set()
    for seed in range(12):
        st = new_game(seed)
        races = [p.race for p in st.players]
        assert len(set(races)) == 2
        seen.update(races)
    assert len(seen) == 4


def test_WC_3_8_chance_decides_the_first_player() -> None:
    """WC-3.8: the First Player is drawn."""
    firsts = {new_game(seed).first for seed in range(10)}
    assert firsts == {0, 1}
    assert events(new_game(1), "roll")[-1].rule == "WC-3.8"


def test_WC_X4_WC_3_2_four_player_seats_and_teams() -> None:
    """WC-X4: Humans NW, Orcs NE, Night Elves SE, Undead SW; WC-3.2, WC-15.1: Humans with Night
    Elves, Orcs with Undead."""
    st = new_game(2, scenario="generic-4p")
    assert [p.race for p in st.players] == ["human", "orc", "night_elf", "undead"]
    assert st.allied(0, 2) and st.allied(1, 3) and st.enemies(0, 1)


def test_WC_X3_two_player_board_turns_the_empty_homes() -> None:
    """WC-X3, WC-3.1: in the two-player game the unused Town Halls are Empty zones."""
    st = new_game(2)
    assert st.board.zones["ne_town"].type == "empty"
    assert [p.town_hall for p in st.players] == ["nw_town", "se_town"]


def test_WC_16_2_WC_16_3_elf_gate_setup() -> None:
    """WC-16.2: three players, the far mines and forests fully depleted; WC-16.3: the
    neutrals at level 2 in A, B, C (ranged) and D (flyers)."""
    st = new_game(1, scenario="elf-gate")
    assert [p.race for p in st.players] == ["human", "orc", "undead"]
    assert st.depletion["old_mine_a"] == "complete"
    assert pieces(st, "guard_a", NEUTRAL) == {"ranged": 2}
    assert pieces(st, "elf_gate", NEUTRAL) == {"flying": 3}
    assert st.strength(NEUTRAL, "ranged") == st.lib.races["night_elf"].units["ranged"].card(
        2).strength.value
    assert st.enemies(0, NEUTRAL) and st.enemies(NEUTRAL, 2)


def test_WC_17_2_necromancers_setup() -> None:
    """WC-17.2: the Undead have two Necromancers, no panel and no piles, and go first."""
    st = new_game(1, scenario="march-of-the-necromancers")
    undead = st.players[0]
    assert undead.race == "undead" and not undead.panel and not undead.piles
    assert st.on_board(0, "necromancers") == 2 and st.first == 0
    assert pieces(st, "human_town", 1) == {"melee": 3, "workers": 3}
    assert sum(1 for t in st.tokens if t.kind == "special") == 5


def test_WC_18_2_prisoners_setup() -> None:
    """WC-18.2: Orcs and Night Elves, 3 workers and 3 melee units each, prisoners in A and B
    (WC-18.1)."""
    st = new_game(1, scenario="the-prisoners")
    assert [p.race for p in st.players] == ["orc", "night_elf"]
    prisoners = {t.race: t.zone for t in st.tokens if t.kind == "prisoner"}
    assert prisoners == {"night_elf": "prison_a", "orc": "prison_b"}
    assert len(st.board.walls) == 4


def test_WC_19_2_WC_19_3_WC_19_4_nordrassil_setup() -> None:
    """WC-19.2: no piles, every type at its top card; WC-19.3: the allies against the Undead,
    the Night Elves first; WC-19.4: the outposts B, C, D, E and F."""
    st = new_game(1, scenario="nordrassil")
    assert st.first == st.seat_of_race("night_elf")
    assert all(not p.piles for p in st.players)
    elf = st.seat_of_race("night_elf")
    undead = st.seat_of_race("undead")
    assert elf is not None and undead is not None
    assert st.unit_card(elf, "ranged").upgrade.value is None
    assert st.enemies(elf, undead) and st.allied(elf, st.seat_of_race("orc") or 0)
    assert st.outposts_of(undead) == 2 and st.outposts_of(elf) == 1


def test_setup_mapping_is_strict() -> None:
    """Unknown fields and cards that are not in the deck are refused."""
    game = grimorio.load_game("warcraft", races="human,orc")
    with pytest.raises(ScenarioError, match="unknown field"):
        game.new_initial_state(1, setup={"bogus": 1})
    with pytest.raises(ScenarioError, match="not"):
        game.new_initial_state(1, setup={"players": [{"hand": ["devour"]}]})
    with pytest.raises(ScenarioError, match="zone"):
        game.new_initial_state(1, setup={"pieces": [{"seat": 0, "zone": "nowhere"}]})
    with pytest.raises(ScenarioError, match="phase"):
        game.new_initial_state(1, setup={"phase": "lunch"})


def test_setup_mapping_places_cards_and_pieces() -> None:
    st = scenario(players=[{"hand": ["haste"], "deck_top": ["resources", "town_portal"],
                            "levels": {"melee": 2}, "gold": 7}],
                  pieces=[{"seat": 0, "zone": "heart", "flying": 2},
                          {"seat": 1, "zone": "se_town", "melee": 1}])
    player = st.players[0]
    assert player.hand == ["haste"] and player.deck[:2] == ["resources", "town_portal"]
    assert len(player.deck) == 20 and player.gold == 7 and player.levels["melee"] == 2
    assert pieces(st, "heart", 0) == {"flying": 2} and pieces(st, "nw_town", 0) == {}


def test_races_option_is_checked() -> None:
    with pytest.raises(ValueError, match="race"):
        grimorio.load_game("warcraft", races="human,human")
    with pytest.raises(ValueError, match="race"):
        grimorio.load_game("warcraft", races="human")
    assert grimorio.load_game("warcraft", scenario="generic-4p").num_players == 4


def test_WC_A25_WC_13_1_four_decks_of_21_experience_cards() -> None:
    """WC-A25, WC-13.1: the 84 "spell cards" are the four 21-card experience decks."""
    st = new_game(1, scenario="generic-4p")
    assert sum(len(p.hand) + len(p.deck) for p in st.players) == 84
