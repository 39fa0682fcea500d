"""Rules no other test file covers: components and card data (WW-2.4, WW-2.10, WW-7.1, WW-8.1,
WW-8.2, WW-9.1, WW-A1, WW-A2), the turn (WW-3.2, WW-3.3, WW-3.5), Time Passes (WW-4.2, WW-4.6,
WW-A7), ranges (WW-9.2, WW-9.5, WW-A11), target types (WW-10.2, WW-10.4, WW-10.7, WW-10.9,
WW-A13, WW-A14), items and objects (WW-A12, WW-X21), the hand limit (WW-A24) and the d4
(WW-X19). Scenarios use the fixed layout of `wwkit` (blue a1, red a5, blue's turn, round 2)."""

from __future__ import annotations

import copy
import dataclasses
from itertools import combinations
from typing import Any

import pytest
import yaml

import grimorio
from grimorio.core.errors import NotYourDecision
from grimorio.games.wiz_war import cards as card_data
from grimorio.games.wiz_war.cards import (
    DURATIONS,
    RANGES,
    SCHOOLS,
    SELECTABLE,
    TAGS,
    TYPES,
    CardDataError,
    copies_in,
    deck_keys,
    load_cards,
    parse_card,
)
from grimorio.games.wiz_war.effects import registry, vocab
from grimorio.games.wiz_war.effects.registry import Script, default_slots
from grimorio.games.wiz_war.rules.casting import RANGE_RULE
from grimorio.games.wiz_war.state import WizWarState
from grimorio.testing import Scenario, scenario
from tests.wiz_war.test_engine_combat import THREE
from tests.wiz_war.wwkit import end_turn, hand, make, wiz


def _st(sc: Scenario) -> WizWarState:
    st = sc.state
    assert isinstance(st, WizWarState)
    return st


def _sq(sc: Scenario, name: str) -> int:
    return _st(sc).board.parse_square(name)


def _wizard_target(sc: Scenario, colour: str) -> vocab.Target:
    found = vocab.read_target(_st(sc), colour)
    assert found is not None
    return found


# ---- components and card data ----------------------------------------------------------------
def test_portals_lie_beside_the_board() -> None:
    """WW-2.4, WW-X6: stepping west through the opening of a3 comes out on j3, at the other end
    of row 3, for 1 MP like any step."""
    sc = make(blue={"square": "a3"})
    st = _st(sc)
    assert st.board.through_portal(_sq(sc, "a3"), 3)
    assert st.board.beyond(_sq(sc, "a3"), 3) == _sq(sc, "j3")
    sc.act("move w")
    assert wiz(sc, "blue")["square"] == "j3" and sc.doc["turn"]["mp"] == 2


def test_token_piles_never_run_out() -> None:
    """WW-2.10, WW-A1: stun, energy and crack tokens are counts in the state, never limited
    by a supply: a wizard with 9 stun tokens gets 2 more from Zot!; a temporary spell keeps its
    energy tokens and a wall its cracks."""
    sc = make(hands={"blue": ["zot", "fireball"], "red": []}, red={"stun": 9},
              spells=[{"card": "acid-bath", "caster": "blue", "targets": ["red"],
                       "tokens": 7}])
    sc.act("play zot red mode=stun", "pass")
    assert wiz(sc, "red")["stun"] == 11
    assert sc.doc["spells"][0]["tokens"] == 6       # blue's Time Passes took one (WW-4.3)
    sc2 = make(hands={"blue": ["fireball"], "red": []}, edges={"a2s": "wall"})
    sc2.act("play fireball a2s", "pass")
    assert sc2.doc["board"]["edges"]["a2s"] == {"kind": "wall", "cracks": 1}


def test_five_card_types() -> None:
    """WW-7.1: every card has one or two of the five types, each type is used, and the
    engine treats each as such: energy is only spent (WW-7.7), a counter only answers
    (WW-7.6), an item is carried (WW-X15), an attack uses the turn's attack (WW-5.5), a neutral
    spell does not."""
    cards = load_cards()
    assert all(1 <= len(c.types) <= 2 and set(c.types) <= set(TYPES) for c in cards.values())
    assert {t for c in cards.values() for t in c.types} == set(TYPES)
    sc = make(hands={"blue": ["energy-5", "full-shield", "large-rock", "zot", "create-wall"],
                     "red": []})
    sc.illegal("play energy-5", rule="WW-7.7")
    sc.illegal("play full-shield", rule="WW-7.6")
    sc.act("play create-wall a1e", "pass")
    assert not sc.doc["turn"]["attacked"]
    sc.act("play large-rock")
    assert wiz(sc, "blue")["items"] == ["large-rock"]
    sc.act("play zot red mode=stun", "pass")
    assert sc.doc["turn"]["attacked"]


ANATOMY = {"types": "type", "name": "title", "range": "range icon", "tags": "trait",
           "summary": "effect", "school": "school", "energy": "energy value",
           "duration": "duration"}


def test_every_card_record_shows_the_eight_things() -> None:
    """WW-8.1: type, title (in both languages), range, trait, effect (our summary, both
    languages), school, energy value and duration are in every record, and a record missing
    one is refused by name."""
    with card_data.DATA.open(encoding="utf-8") as handle:
        records: list[dict[str, Any]] = yaml.safe_load(handle)
    for record in records:
        assert set(ANATOMY) <= set(record), record["key"]
    for card in load_cards().values():
        assert card.types and card.range in RANGES and card.school in SCHOOLS
        assert card.name.get("en") and card.name.get("es")
        assert card.summary.get("en") and card.summary.get("es")
        assert card.tags <= set(TAGS) and card.duration in DURATIONS
        assert card.energy >= 0 and (card.energy > 0) >= (card.types == ("energy",))
    for field in ANATOMY:
        broken = {k: v for k, v in records[0].items() if k != field}
        with pytest.raises(CardDataError, match=field):
            parse_card(broken, 0)


def test_the_effect_names_the_target_kind_and_the_range_how_far() -> None:
    """WW-8.2: a card's targets decide what may be aimed at (Zot! at a sector, Dispel at a
    wizard are refused, WW-7.3), its range how far (Zot! out of LOS is refused, WW-9.4)."""
    assert default_slots(load_cards()["dispel"]) == (frozenset({"spell"}),)
    sc = make(hands={"blue": ["zot", "dispel"], "red": []})
    sc.illegal("play zot sector:red mode=stun", rule="WW-7.3")
    sc.illegal("play dispel red", rule="WW-7.3")
    sc_far = make(hands={"blue": ["zot"], "red": []}, red={"square": "b3"})
    sc_far.illegal("play zot red mode=stun", rule="WW-9.4")


def test_four_ranges() -> None:
    """WW-9.1: every card has one of the four ranges, each is used, each refusal cites its own
    rule; from a1, red on a2 is adjacent and in LOS, on a5 only in LOS, on b3 only anywhere."""
    cards = load_cards().values()
    assert {c.range for c in cards} == set(RANGES) == set(RANGE_RULE)
    assert RANGE_RULE == {"caster": "WW-9.2", "adjacent": "WW-9.3", "los": "WW-9.4",
                          "anywhere": "WW-9.5"}
    expected = {"a2": {"adjacent", "los", "anywhere"}, "a5": {"los", "anywhere"},
                "b3": {"anywhere"}}
    for square, ranges in expected.items():
        sc = make(red={"square": square})
        red = _wizard_target(sc, "red")
        assert {r for r in RANGES if vocab.in_range(_st(sc), 0, r, red)} == ranges


def test_caster_range_is_the_wizard_himself() -> None:
    """WW-9.2: with caster range only the caster (or his own square) is in range, not even a
    wizard standing in the same square, nor the square next to him."""
    sc = make(red={"square": "a1"})
    st = _st(sc)
    blue, red = _wizard_target(sc, "blue"), _wizard_target(sc, "red")
    assert vocab.in_range(st, 0, "caster", blue)
    assert not vocab.in_range(st, 0, "caster", red)
    assert vocab.in_range(st, 0, "adjacent", red)
    own = vocab.Target("square", "a1", _sq(sc, "a1"))
    next_door = vocab.Target("square", "a2", _sq(sc, "a2"))
    assert vocab.in_range(st, 0, "caster", own) and not vocab.in_range(st, 0, "caster", next_door)


def test_anywhere_needs_no_line_of_sight() -> None:
    """WW-9.5: Rotate Sector (anywhere) turns red's sector though blue sees none of it; Fog
    (anywhere, the whole board) needs no target at all."""
    sc = make(hands={"blue": ["rotate-sector", "fog"], "red": []})
    st = _st(sc)
    assert not any(sq in st.visible_from(_sq(sc, "a1")) for sq in st.board.sector_squares(1))
    sc.act("play rotate-sector sector:red turn=2", "pass")
    assert sc.doc["board"]["places"][1]["rotation"] == 2
    sc.act("play fog", "pass")
    assert [s["card"] for s in sc.doc["spells"]] == ["fog"]


def test_line_of_sight_reaches_any_distance() -> None:
    """WW-A11: LOS range has no length limit: four squares down column a, and through the
    portal of a3 along row 3 to red's home h3."""
    sc = make(hands={"blue": ["zot"], "red": []}, blue={"square": "a3"},
              red={"square": "h3"})
    assert _st(sc).board.distance(_sq(sc, "a3"), _sq(sc, "h3")) == 3
    sc.act("play zot red mode=stun", "pass")
    assert wiz(sc, "red")["stun"] == 2
    far = make(hands={"blue": ["zot"], "red": []})
    far.act("play zot red mode=stun", "pass")
    assert wiz(far, "red")["stun"] == 2


def test_seven_decks_six_selectable() -> None:
    """WW-A1: 168 cards: six schools of 24 and the cantrip twelve printed twice (White and
    Black); grimorio ships one cantrip deck. WW-A2: any three of the six schools, never the
    cantrip; WW-A25: 84 cards."""
    cards = load_cards().values()
    per_school = {s: sum(copies_in(c, s) for c in cards) for s in SCHOOLS}
    assert per_school == {"cantrip": 12, **{s: 24 for s in SELECTABLE}}
    assert 2 * per_school["cantrip"] + sum(per_school[s] for s in SELECTABLE) == 168
    assert SELECTABLE == ("alchemy", "conjuring", "elemental", "mentalism", "mutation",
                          "thaumaturgy")
    for three in combinations(SELECTABLE, 3):
        game = grimorio.load_game("wiz-war", schools=",".join(three))
        doc = game.new_initial_state(1).document()["state"]
        assert len(doc["deck"]) + sum(len(w["hand"]) for w in doc["wizards"]) == 84
        assert len(deck_keys(load_cards(), three)) == 84
    with pytest.raises(ValueError):
        grimorio.load_game("wiz-war", schools="cantrip,alchemy,mutation")


# ---- the turn ----------------------------------------------------------------------------------
def test_the_active_player() -> None:
    """WW-3.2: the turn's player is the active player; only he moves and plays, even while
    another player answers a counter window."""
    sc = make(hands={"blue": ["fireball"], "red": ["full-shield"]})
    assert sc.doc["active"] == 0 == sc.state.current_player
    assert sc.events(kind="turn", rule="WW-3.2")
    with pytest.raises(NotYourDecision):
        sc.state.apply("move n", 1)
    sc.act("play fireball red")
    assert sc.state.current_player == 1 and sc.doc["active"] == 0
    assert sc.legal() == ["pass", "counter full-shield"]      # red answers, nothing more
    with pytest.raises(NotYourDecision):
        sc.state.apply("pass", 0)
    sc.act("pass")
    end_turn(sc)
    assert sc.doc["active"] == 1 == sc.state.current_player
    assert [e.data["seat"] for e in sc.events(kind="turn", rule="WW-3.2")][-1] == 1


def test_the_three_phases_never_change_order() -> None:
    """WW-3.3: Time Passes (the stun token goes at once), then Move and Cast (no discarding or
    drawing yet), then Discard and Draw (no moving, no going back)."""
    sc = make(blue={"stun": 1}, hands={"blue": ["zot"], "red": []})
    assert wiz(sc, "blue")["stun"] == 0 and sc.doc["turn"]["stunned"]
    assert sc.doc["phase"] == "move"
    sc.illegal("discard zot", rule="WW-6.1")
    sc.illegal("draw 1", rule="WW-6.2")
    sc.act("end")
    sc.illegal("move s", rule="WW-5.7")
    sc.illegal("play zot red mode=stun", rule="WW-5.7")
    sc.illegal("end", rule="WW-3.3")
    sc.illegal("draw 1", rule="WW-6.2")
    sc.act("discard none")
    sc.illegal("discard zot", rule="WW-6.1")
    sc.illegal("end", rule="WW-3.3")
    sc.act("draw 1")
    assert sc.doc["active"] == 1 and sc.doc["phase"] == "move"


def test_turns_go_on_until_someone_wins() -> None:
    """WW-3.5: blue, red and yellow take turns round after round; the second VP ends the game
    at once (WW-1.4) and no one has a turn after it."""
    data = copy.deepcopy(THREE)
    data["wizards"]["blue"]["vp"] = 1
    sc = scenario("wiz-war", setup=data, players=3)
    for seat in (1, 2, 0):
        end_turn(sc)
        assert sc.doc["active"] == seat and not sc.state.is_terminal()
    assert sc.doc["round"] == 3
    sc.act("punch red")
    while not sc.state.is_terminal() and "pass" in sc.legal():   # any answer window: let it go
        sc.act("pass")
    assert sc.state.is_terminal() and sc.doc["winner"] == 0
    assert sc.state.legal_actions() == [] and sc.state.current_player is None


def test_random_games_always_have_a_next_decision() -> None:
    """WW-3.5: until the end there is always someone to act with something legal to do."""
    import random

    for seed in range(3):
        state = grimorio.load_game("wiz-war", turn_limit=5).new_initial_state(seed)
        chooser = random.Random(seed)
        while not state.is_terminal():
            assert state.current_player is not None and state.legal_actions()
            state.apply(chooser.choice(state.legal_actions()))
        assert state.legal_actions() == []


# ---- Time Passes ----------------------------------------------------------------------------
def _acid(tokens: int, first: str) -> Scenario:
    """Blue's Acid Bath on red, with `tokens` energy tokens left, at the start of `first`'s
    turn."""
    return make(first=first, spells=[{"card": "acid-bath", "caster": "blue",
                                      "targets": ["red"], "tokens": tokens}])


def test_time_passes_resolves_the_active_players_spells() -> None:
    """WW-4.2, WW-A7: step 1 runs the "when time passes" effects of the active player's own
    spells: blue's Acid Bath burns red in blue's Time Passes, not in red's."""
    sc = _acid(3, "red")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["spells"][0]["tokens"] == 3
    end_turn(sc)
    assert sc.doc["active"] == 0
    assert wiz(sc, "red")["life"] == 13 and sc.doc["spells"][0]["tokens"] == 2
    assert sc.events(kind="damage", rule="WW-4.2")
    end_turn(sc)
    assert wiz(sc, "red")["life"] == 13


def test_the_last_token_still_lets_the_effect_happen() -> None:
    """WW-4.6: step 1 comes before step 2, so the spell's effect happens on the turn its last
    token goes; then it ends (WW-4.4)."""
    sc = _acid(1, "blue")
    assert wiz(sc, "red")["life"] == 13
    assert sc.doc["spells"] == [] and "acid-bath" in sc.doc["discard"]
    kinds = [e.kind for e in sc.state.events]
    assert kinds.index("damage") < kinds.index("spell-ends")


# ---- target types ----------------------------------------------------------------------------
@pytest.fixture
def creature_card(monkeypatch: pytest.MonkeyPatch) -> str:
    """Drop Object reread as a card that takes only a creature (none exists in the base game):
    a record with `targets: [creature]` and a script with the default slots."""
    cards = load_cards()
    registry.script("zot")                                  # load the school modules first
    monkeypatch.setitem(registry._SCRIPTS, "creature-probe", Script())
    monkeypatch.setitem(cards, "drop-object", dataclasses.replace(
        cards["drop-object"], targets=("creature",), effect="creature-probe"))
    return "drop-object"


def test_a_creature_only_card_has_no_target_but_is_energy(creature_card: str) -> None:
    """WW-10.2, WW-A13: no creatures exist, so a card that takes only a creature is never in
    the menus and any target is refused (WW-7.3); it still boosts (energy 2, WW-7.8)."""
    sc = make(hands={"blue": [creature_card, "zot"], "red": []}, red={"square": "a2"},
              objects=[{"kind": "rosebush", "square": "a3"}])
    legal = sc.legal()
    assert not [a for a in legal if a.startswith(f"play {creature_card}")]
    for target in ("red", "a3:rosebush", "a2"):
        sc.illegal(f"play {creature_card} {target}", rule="WW-7.3")
    assert f"boost {creature_card}" in legal
    sc.act(f"boost {creature_card}")
    assert sc.doc["turn"]["mp"] == 5 and hand(sc, "blue") == ["zot"]


def test_every_creature_target_finds_nothing() -> None:
    """WW-A13: cards listing creatures among their targets are only ever offered wizards,
    objects and squares; no target reads as a creature."""
    sc = make(hands={"blue": ["zot", "fireball"], "red": []},
              objects=[{"kind": "rosebush", "square": "a3"}])
    st = _st(sc)
    assert vocab.read_target(st, "creature") is None
    kinds = {t.kind for name in vocab.all_targets(st, 0, frozenset(registry.KINDS))
             if (t := vocab.read_target(st, name)) is not None}
    assert "creature" not in kinds and {"wizard", "object"} <= kinds


def test_the_game_board_as_a_target() -> None:
    """WW-10.4: Fog is aimed at the whole board: no target may be named, and in play it
    shortens every wizard's LOS, red's as well as blue's."""
    sc = make(hands={"blue": ["fog", "zot"], "red": []})
    sc.illegal("play fog a2", rule="WW-7.3")
    sc.act("play fog", "pass")
    st = _st(sc)
    assert sc.doc["spells"][0]["targets"] == []
    assert sorted(st.board.square_name(s) for s in st.visible_from(_sq(sc, "a5"))) == \
        ["a4", "a5", "b5"]
    sc.illegal("play zot red mode=stun", rule="WW-9.4")


def test_self_means_the_caster() -> None:
    """WW-10.7: Meditate works on the caster: it takes no target and blue draws 3."""
    sc = make(hands={"blue": ["meditate"], "red": []})
    sc.illegal("play meditate red", rule="WW-7.3")
    sc.act("play meditate", "pass")
    assert hand(sc, "blue") == ["energy-4"] * 3 and wiz(sc, "red")["hand_size"] == 0


def test_empty_squares() -> None:
    """WW-10.9, WW-A14: a square with a treasure, an object (a dropped item too) or a wizard
    is not empty; a home square with nothing on it is. Rosebush needs an empty square."""
    sc = make(hands={"blue": ["rosebush", "rosebush"], "red": []}, blue={"square": "c2"},
              objects=[{"item": "large-rock", "square": "d2"}])
    st = _st(sc)
    empty = {n: vocab.is_empty(st, _sq(sc, n)) for n in ("b2", "c2", "c3", "d2", "a5", "e1")}
    assert empty == {"b2": False, "c2": False, "c3": True, "d2": False, "a5": False,
                     "e1": True}
    sc.illegal("play rosebush b2", rule="WW-10.9")       # blue1's start, treasure on it
    sc.illegal("play rosebush d2", rule="WW-10.9")       # a dropped rock
    sc.act("play rosebush c3", "pass")                   # blue's own home, empty
    assert [(o["kind"], o["square"]) for o in sc.doc["objects"]] == [
        ("item", "d2"), ("rosebush", "c3")]


# ---- items, objects, the hand limit, the d4 ---------------------------------------------------
def test_items_are_carried_objects_lie_on_the_board() -> None:
    """WW-A12: an item card is carried (public, in `items`); dropped, it becomes an object of
    kind `item` on the square (WW-X15), and picking it up again costs 1 MP."""
    sc = make(blue={"items": ["large-rock"]})
    assert wiz(sc, "blue")["items"] == ["large-rock"] and sc.doc["objects"] == []
    sc.act("drop item:large-rock")
    assert wiz(sc, "blue")["items"] == []
    assert [(o["kind"], o["card"], o["square"]) for o in sc.doc["objects"]] == [
        ("item", "large-rock", "a1")]
    sc.act("pickup item:large-rock")
    assert wiz(sc, "blue")["items"] == ["large-rock"] and sc.doc["turn"]["mp"] == 2


def test_the_hand_limit_is_the_current_maximum() -> None:
    """WW-A24: where the rules say seven, the current hand limit counts: carrying Brainstone
    (+2) blue may draw up to 9 cards in all, and is not made to discard at 8."""
    plain = make(hands={"blue": ["energy-4"] * 6, "red": []}, blue={"items": ["large-rock"]})
    plain.act("end", "discard none")
    assert plain.legal() == ["draw 0"]
    stone = make(hands={"blue": ["energy-4"] * 6, "red": []}, blue={"items": ["brainstone"]})
    assert vocab.hand_limit(_st(stone), 0) == 9
    stone.act("end", "discard none")
    assert stone.legal() == ["draw 0", "draw 1", "draw 2"]
    stone.act("draw 1")
    assert wiz(stone, "blue")["hand_size"] == 7 and not stone.doc["decisions"]


def test_a_random_direction_is_a_d4() -> None:
    """WW-X19: 1 north, 2 east, 3 south, 4 west, each roll logged with the rule."""
    sc = make()
    sc.dice(1, 2, 3, 4)
    st = _st(sc)
    assert [vocab.random_direction(st) for _ in range(4)] == [0, 1, 2, 3]
    rolls = [e for e in st.events if e.kind == "roll" and e.rule == "WW-X19"]
    assert len(rolls) == 4


def test_objects_on_the_board() -> None:
    """WW-X21: a stone block stops LOS and movement; a rosebush stops LOS only; a dropped item
    and tacks stop neither."""
    cases = {"stone-block": (True, True), "rosebush": (True, False), "tacks": (False, False)}
    for kind, (blocks_los, blocks_move) in cases.items():
        sc = make(hands={"blue": ["zot"], "red": []}, blue={"square": "a2"},
                  objects=[{"kind": kind, "square": "a3"}])
        st = _st(sc)
        assert (not vocab.sees(st, 0, _sq(sc, "a5"))) is blocks_los, kind
        assert (vocab.can_step(st, 0, 2) is not None) is blocks_move, kind
    item = make(hands={"blue": ["zot"], "red": []}, blue={"square": "a2"},
                objects=[{"item": "large-rock", "square": "a3"}])
    item.act("move s")
    assert wiz(item, "blue")["square"] == "a3"
    item.act("play zot red mode=stun", "pass")
    assert wiz(item, "red")["stun"] == 2
    block = make(blue={"square": "a2"}, objects=[{"kind": "stone-block", "square": "a3"}])
    block.illegal("move s", rule="WW-X21")
