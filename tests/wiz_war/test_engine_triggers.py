"""Engine windows and gaps: attack windows for punches and items (WW-X8, WW-X9, WW-X18), the
treasure pickup trigger (WW-X14), Shield's damage reduction, open questions in the document,
destroyed created walls, objects blocking movement (WW-X21), and random games with every school.
"""

from __future__ import annotations

import json
import random

import pytest

import grimorio
from grimorio.core.record import Match
from grimorio.core.state import view
from grimorio.games.wiz_war.decisions import Choice
from grimorio.games.wiz_war.effects.vocab import OBJECT_KINDS
from tests.wiz_war.wwkit import edge_kind, make, wiz


def test_punch_opens_a_window_for_the_punched_teleporter() -> None:
    """WW-X8, WW-X18: a punch waits for the punched wizard holding Teleport; he jumps out of
    sight (b3 is not on blue's lines from a1, WW-X5) and the punch misses."""
    sc = make(hands={"blue": [], "red": ["teleport"]}, red={"square": "a2"})
    sc.act("punch red")
    assert sc.doc["decisions"][0]["kind"] == "CounterWindow"
    assert sc.state.current_player == 1 and sc.doc["casts"][0]["card"] == "punch"
    assert any(a.startswith("counter teleport ") for a in sc.legal())
    sc.act("counter teleport b3", "pass")
    assert wiz(sc, "red")["square"] == "b3" and wiz(sc, "red")["life"] == 15
    assert sc.doc["casts"] == [] and sc.doc["turn"]["attacked"]


def test_punch_opens_a_window_even_without_an_answer() -> None:
    """WW-X8, WW-X18, WW-2.9: the punched wizard is asked even with no card that may answer
    (asking only those who can would reveal his hand): blue sees only that the decision is red's,
    exactly as if red held Shield; after red's `pass` the punch lands."""
    sc = make(hands={"blue": [], "red": ["fireball"]}, red={"square": "a2"})
    sc.act("punch red")
    assert sc.doc["decisions"] == [{"kind": "CounterWindow", "seat": 1, "cast": 1, "rest": []}]
    assert sc.state.current_player == 1 and sc.legal() == ["pass"]
    assert wiz(sc, "red")["life"] == 15
    seen = view(sc.state, 0)
    assert seen["current_player"] == 1 and "legal_actions" not in seen
    assert "fireball" not in json.dumps(seen)
    shielded = make(hands={"blue": [], "red": ["shield"]}, red={"square": "a2"})
    shielded.act("punch red")
    assert view(shielded.state, 0) == seen
    sc.act("pass")
    assert sc.doc["decisions"] == [] and wiz(sc, "red")["life"] == 14


def test_punch_lands_if_the_teleport_stays_in_reach() -> None:
    """WW-X8: a punched wizard who teleports still beside the puncher (a1 sees a2) is hit."""
    sc = make(hands={"blue": [], "red": ["teleport"]}, red={"square": "a3"}, blue={"square": "a2"})
    sc.act("punch red", "counter teleport a1", "pass")
    assert wiz(sc, "red")["square"] == "a1" and wiz(sc, "red")["life"] == 14


def test_thrown_item_opens_a_window() -> None:
    """WW-X9, WW-X18: a thrown Large Rock is an attack: red may answer with Teleport."""
    sc = make(hands={"blue": [], "red": ["teleport"]}, blue={"items": ["large-rock"]})
    sc.act("use large-rock red")
    assert sc.state.current_player == 1 and sc.doc["casts"][0]["verb"] == "use"
    sc.act("counter teleport b4", "pass")
    assert wiz(sc, "red")["life"] == 15 and wiz(sc, "blue")["items"] == ["large-rock"]


def test_thrown_item_hits_after_a_pass() -> None:
    """WW-X9: after the window the rock hits for 2 and lies in red's square."""
    sc = make(hands={"blue": [], "red": ["teleport"]}, blue={"items": ["large-rock"]})
    sc.act("use large-rock red", "pass")
    assert wiz(sc, "red")["life"] == 13 and sc.doc["objects"][0]["card"] == "large-rock"


def test_pickup_offers_ward_to_the_owner() -> None:
    """WW-X14, WW-X18: blue picks up red1 on f1; red (its owner) may answer with Ward: 3 magical
    damage, and a d4 of 2 makes blue drop it (ward)."""
    sc = make(hands={"blue": [], "red": ["ward"]}, blue={"square": "f1"})
    sc.act("pickup treasure:red1")
    assert sc.state.current_player == 1 and sc.legal() == ["pass", "counter ward blue"]
    sc.dice(2)
    sc.act("counter ward blue", "pass")
    assert wiz(sc, "blue")["life"] == 12 and wiz(sc, "blue")["treasures"] == []
    red1 = next(t for t in sc.doc["treasures"] if t["name"] == "red1")
    assert red1["square"] == "f1" and red1["carrier"] is None


def test_pickup_asks_the_owner_even_without_ward() -> None:
    """WW-X14, WW-X18, WW-2.9: the treasure's owner is asked even with no card that may answer
    (asking only a Ward holder would reveal his hand): blue sees only that the decision is red's,
    exactly as if red held Ward; after red's `pass` the pickup stands."""
    sc = make(hands={"blue": [], "red": ["fireball"]}, blue={"square": "f1"})
    sc.act("pickup treasure:red1")
    assert sc.doc["decisions"] == [{"kind": "CounterWindow", "seat": 1, "cast": 1, "rest": []}]
    assert sc.state.current_player == 1 and sc.legal() == ["pass"]
    seen = view(sc.state, 0)
    assert seen["current_player"] == 1 and "legal_actions" not in seen
    assert "fireball" not in json.dumps(seen)
    warded = make(hands={"blue": [], "red": ["ward"]}, blue={"square": "f1"})
    warded.act("pickup treasure:red1")
    assert view(warded.state, 0) == seen
    sc.act("pass")
    assert sc.doc["decisions"] == [] and wiz(sc, "blue")["treasures"] == ["red1"]


def test_shield_reduces_a_spell_and_a_punch() -> None:
    """shield (WW-7.6, WW-X10): a fireball's 5 becomes 3; the shield ends with the attack."""
    sc = make(hands={"blue": ["fireball"], "red": ["shield"]})
    sc.act("play fireball red", "counter shield", "pass")
    assert wiz(sc, "red")["life"] == 12 and sc.doc["spells"] == []
    assert {"fireball", "shield"} <= set(sc.doc["discard"])


def test_shield_stops_a_punch() -> None:
    """shield, WW-X8: a 1-damage punch is fully absorbed."""
    sc = make(hands={"blue": [], "red": ["shield"]}, red={"square": "a2"})
    sc.act("punch red", "counter shield", "pass")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["spells"] == []


def test_created_wall_destroyed_ends_its_spell() -> None:
    """WW-X16, WW-X7: Destroy Wall on a created wall ends its Create Wall spell."""
    sc = make(hands={"blue": ["create-wall"], "red": ["destroy-wall"]}, red={"square": "b3"})
    sc.act("play create-wall a2s", "pass", "end", "discard none", "draw 0")
    sc.act("play destroy-wall a2s", "pass")
    assert edge_kind(sc, "a2s") is None and sc.doc["spells"] == []
    assert "create-wall" in sc.doc["discard"]


@pytest.mark.parametrize("kind", sorted(k for k in OBJECT_KINDS if k != "item"))
def test_objects_block_movement_per_kind(kind: str) -> None:
    """WW-X21: a step into a square holding an object is refused exactly when its kind blocks
    movement (only the stone block)."""
    sc = make(objects=[{"kind": kind, "square": "a2"}])
    if OBJECT_KINDS[kind].blocks_move:
        sc.illegal("move s", rule="WW-X21")
    else:
        assert "move s" in sc.legal()


def test_dropped_item_does_not_block() -> None:
    """WW-X15, WW-X21: a dropped item lies in a square without blocking it."""
    sc = make(objects=[{"item": "large-rock", "square": "a2"}])
    sc.act("move s")
    assert wiz(sc, "blue")["square"] == "a2"


def _open_question(seed: int) -> Match | None:
    """Play random moves until a card asks a question (`Choice`), or None."""
    match = Match(grimorio.load_game("wiz-war", schools="alchemy,conjuring,mentalism"), seed)
    rng = random.Random(seed)
    for _ in range(3000):
        st = match.state
        if st.is_terminal():
            return None
        if isinstance(st.stack.top, Choice):          # type: ignore[attr-defined]
            return match
        match.act(rng.choice(st.legal_actions()))
    return None


def test_open_question_round_trips() -> None:
    """A position with a card's open question keeps the play it belongs to (`ctx`) in the
    document, and a record replays to the same digest (WW-7.2, records)."""
    match = next(m for m in map(_open_question, range(60)) if m is not None)
    decision = match.state.document()["state"]["decisions"][-1]
    assert decision["kind"] == "Choice" and decision["ctx"]["card"] == decision["card"]
    again = Match.from_record(match.to_record())
    assert again.state.digest() == match.state.digest()
    assert again.state.document() == match.state.document()
    option = match.state.legal_actions()[0]
    match.act(option)
    again.act(option)
    assert again.state.digest() == match.state.digest()


SCHOOL_SETS = ("alchemy,conjuring,elemental", "mentalism,mutation,thaumaturgy",
               "alchemy,mentalism,mutation", "conjuring,elemental,thaumaturgy")


@pytest.mark.parametrize(("players", "games"), [(2, 30), (4, 10)])
def test_random_games_with_every_school(players: int, games: int) -> None:
    """Random games end without error with every card of every school in some deck (WW-2.7,
    WW-X20), every legal action accepted."""
    for seed in range(games):
        game = grimorio.load_game("wiz-war", players=players,
                                  schools=SCHOOL_SETS[seed % len(SCHOOL_SETS)], turn_limit=12)
        st = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            actions = st.legal_actions()
            assert actions
            st.apply(rng.choice(actions))
        assert st.document()["state"]["over"]
