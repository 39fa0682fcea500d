"""Setup (Chapter II), the game options and the scenario setup mapping."""

from __future__ import annotations

from typing import Any

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.games.mage_wars import data
from tests.mage_wars.mwkit import acts, ask, events, options, scenario


def test_new_game_places_mages_and_rolls_initiative() -> None:
    """MW-1.5, MW-1.6, MW-2.5, MW-2.7, MW-2.8, MW-2.9, MW-2.10: o1 and o2 in opposite corners
    with 10 mana, life 24, channeling 10, active markers and their whole book; MW-2.11,
    MW-A8: the d12 roll repeats ties and the winner chooses."""
    game = grimorio.load_game("mage-wars")
    st = game.new_initial_state(4, setup=None)
    st2 = scenario(None, seed=4)
    assert st.digest() == st2.digest()
    st = scenario(None, seed=4)
    # the seed's own roll already happened; build one with scripted dice instead
    doc = st.document()["state"]
    mages = {o["oid"]: o for o in doc["objects"]}
    assert mages[1]["zone"] == "A1" and mages[2]["zone"] == "C2"
    assert all(m["active"] and m["kind"] == "mage" for m in mages.values())
    for p, cls in zip(doc["players"], ("warlock", "beastmaster"), strict=True):
        assert p["mana"] == 10 and p["life"] == 24 and p["channeling"] == 10 and p["quickcast"]
        assert p["class"] == cls
        assert len(p["book"]) == data.shipped().apprentice.spellbook(cls).size
    assert ask(st) == "InitiativeAsk"
    assert options(st) == ["initiative first", "initiative second"]


def test_initiative_ties_roll_again() -> None:
    """MW-2.11, MW-A8: equal d12 results are rolled again; the higher roller chooses, and
    `initiative second` gives the token to the other player."""
    game = grimorio.load_game("mage-wars")
    from grimorio.games.mage_wars.rules import round as round_rules
    from grimorio.games.mage_wars.setup import add_mage
    from grimorio.games.mage_wars.state import MageWarsState

    st = MageWarsState(game, 1)
    add_mage(st, 0, "warlock", "A1")
    add_mage(st, 1, "beastmaster", "C2")
    st.frames = [round_rules.Round(), round_rules.Start()]
    st.script_dice([5, 5, 3, 9])
    from grimorio.games.mage_wars.flow import run
    run(st)
    assert [e.kind for e in events(st) if e.kind.startswith("initiative")] == ["initiative-tie"]
    assert st.current_player == 1
    acts(st, "initiative second")
    assert st.initiative == 0
    # Round 1 keeps the chosen holder (MW-3.4) and Channeling gives 20 mana (MW-3.12)
    assert st.round == 1 and st.players[0].mana == 20 and st.players[1].mana == 20
    assert ask(st) == "PlanAsk" and st.current_player == 0


def test_arena_option_full_starts_in_a1_and_c4() -> None:
    """MW-2.3, MW-2.5, MW-A3: the full arena is 3 x 4 with the mages in A1 and C4."""
    st = scenario(None, arena="full")
    assert st.mage_of(0).zone == "A1" and st.mage_of(1).zone == "C4"
    assert len(st.arena.zones) == 12


def test_classes_option() -> None:
    """MW-1.7, MW-1.9, MW-A25: two classes; the same one twice needs mirror=true; random picks
    a class with the seed, another than the opponent's unless mirror."""
    with pytest.raises(ValueError, match="mirror"):
        grimorio.load_game("mage-wars", classes="wizard,wizard")
    with pytest.raises(ValueError, match="unknown class"):
        grimorio.load_game("mage-wars", classes="wizard,druid")
    with pytest.raises(ValueError, match="two classes"):
        grimorio.load_game("mage-wars", classes="wizard")
    st = scenario(None, classes="wizard,wizard", mirror=True)
    assert [p.mage_class for p in st.players] == ["wizard", "wizard"]
    for seed in range(8):
        st = scenario(None, seed=seed, classes="random,priestess")
        assert st.players[0].mage_class in data.MAGE_CLASSES
        assert st.players[0].mage_class != "priestess"


def test_other_options_are_checked() -> None:
    """MW-S9, MW-B3, MW-C5, MW-C9, MW-C23: the rule options take only their listed values."""
    game = grimorio.load_game("mage-wars", round_limit=5, damage_barrier_limit="per_attack_action",
                              damage_barrier_targets="enemy", vampiric_cap="total_life",
                              daze_multistrike="first_only")
    assert game.options["round_limit"] == 5
    with pytest.raises(ValueError):
        grimorio.load_game("mage-wars", vampiric_cap="all")
    with pytest.raises(ValueError):
        grimorio.load_game("mage-wars", round_limit=0)


def test_setup_builds_players_and_objects() -> None:
    """The setup mapping: mages o1/o2, objects o3… in order, books minus what is planned or in
    play (MW-1.10), equipment controlled by its wearer (MW-5.107)."""
    st = scenario({"round": 2, "initiative": 1, "players": [
        {"class": "warlock", "mana": 20, "damage": 3, "zone": "B1", "markers": {"burn": 1},
         "planned": ["fireball"]},
        {"class": "beastmaster", "quickcast": False}],
        "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 2},
                    {"card": "rhino-hide", "controller": 0, "host": 3, "face_up": False},
                    {"card": "leather-gloves", "host": 1}]})
    assert st.round == 2 and st.initiative == 1
    assert st.players[0].mana == 20 and st.mage_of(0).damage == 3
    assert st.mage_of(0).zone == "B1" and st.mage_of(0).markers == {"burn": 1}
    assert st.players[0].planned == ["fireball"]
    assert st.players[0].book.count("fireball") == data.shipped().apprentice.spellbook(
        "warlock").copies("fireball") - 1
    assert not st.players[1].quickcast
    wolf, hide, gloves = st.obj(3), st.obj(4), st.obj(5)
    assert wolf.controller == 1 and wolf.zone == "A1" and wolf.damage == 2 and wolf.active
    assert hide.host == 3 and not hide.face_up and hide.kind == "enchantment"
    assert gloves.controller == 0 and gloves.slots == ("gloves",)
    assert "timber-wolf" in st.players[1].book     # two wolves: one left
    assert st.current_player == 1                  # the initiative player's action turn


@pytest.mark.parametrize("setup, words", [
    ({"bogus": 1}, "unknown setup field"),
    ({"players": [{}]}, "exactly two"),
    ({"players": [{"zone": "D9"}, {}]}, "not a zone"),
    ({"players": [{"class": "druid"}, {}]}, "not a mage class"),
    ({"players": [{"planned": ["no-such-card"]}, {}]}, "unknown card"),
    ({"players": [{"mana": -1}, {}]}, "at least 0"),
    ({"players": [{"markers": {"hungry": 1}}, {}]}, "not a condition"),
    ({"objects": [{"card": "timber-wolf"}]}, "needs a zone"),
    ({"objects": [{"card": "rhino-hide", "controller": 0}]}, "host or a zone"),
    ({"objects": [{"card": "timber-wolf", "zone": "A1"},
                  {"card": "bearskin", "host": 3}]}, "mage as host"),
    ({"objects": [{"card": "fireball", "zone": "A1"}]}, "never stays in play"),
    ({"objects": [{"card": "timber-wolf", "zone": "A1", "oid": 1}]}, "at least 3"),
    ({"objects": [{"card": "timber-wolf", "zone": "A1", "colour": "red"}]}, "unknown field"),
    ({"phase": "menu"}, "activate"),
    ({"phase": "dinner"}, "phase"),
    ({"walls": [["A1", "B2"]]}, "walls"),
    ({"initiative": 2}, "initiative"),
])
def test_bad_setups_are_refused(setup: dict[str, Any], words: str) -> None:
    """A malformed setup raises ScenarioError naming the problem (an attack spell or an
    incantation never becomes an object, MW-X-10.1)."""
    with pytest.raises(ScenarioError, match=words):
        scenario(setup)


def test_phase_menu_and_planning() -> None:
    """Phase `menu` starts at the named creature's action menu, activated (MW-4.1); phase
    `planning` at the Planning step, initiative player first (MW-3.18)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "C2", "guard": True}]})
    assert ask(st) == "MenuAsk" and st.current_player == 1
    assert not st.obj(3).active and not st.obj(3).guard and st.acting == 3
    st = scenario({"phase": "planning", "initiative": 1})
    assert ask(st) == "PlanAsk" and st.current_player == 1
