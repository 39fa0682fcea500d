"""Movement: MP, the speed boost, walls, doors, portals, treasures and items."""

from __future__ import annotations

from tests.wiz_war.wwkit import make, wiz


def test_three_steps_then_no_more() -> None:
    """WW-5.2, WW-X2: 3 MP, one per orthogonal step (a1 -> a2 -> a3 -> a4)."""
    sc = make()
    sc.act("move s", "move s", "move s")
    assert wiz(sc, "blue")["square"] == "a4" and sc.doc["turn"]["mp"] == 0
    sc.illegal("move s", rule="WW-5.2")


def test_movement_splits_around_other_actions() -> None:
    """WW-5.1, WW-5.4: move, punch, move again with the points left."""
    sc = make(red={"square": "a3"})
    sc.act("move s", "punch red", "pass", "move n")     # red passes his attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 14 and wiz(sc, "blue")["square"] == "a1"


def test_speed_boost_once() -> None:
    """WW-5.3, WW-A4, WW-7.8: one boost a turn, worth the card's energy; the card is spent."""
    sc = make(hands={"blue": ["energy-5", "drop-object"], "red": []})
    sc.act("boost drop-object")
    assert sc.doc["turn"]["mp"] == 5 and "drop-object" in sc.doc["discard"]
    sc.illegal("boost energy-5", rule="WW-5.3")


def test_boost_needs_an_energy_value() -> None:
    """WW-7.8: a card without an energy value cannot be spent."""
    sc = make(hands={"blue": ["zot"], "red": []})
    sc.illegal("boost zot", rule="WW-7.8")
    sc.illegal("boost energy-5", rule="WW-7.8")


def test_walls_block() -> None:
    """WW-X3: a1 has the outer wall north and west; b2's west side is a wall."""
    sc = make(blue={"square": "a1"})
    sc.illegal("move n", rule="WW-X3")
    sc.illegal("move w", rule="WW-X3")
    sc2 = make(blue={"square": "b2"})
    sc2.illegal("move w", rule="WW-X3")


def test_doors_by_colour() -> None:
    """WW-X4: blue passes the blue door d4e; red may not."""
    sc = make(blue={"square": "d4"})
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "e4"
    sc2 = make(first="red", red={"square": "e4"})
    sc2.illegal("move w", rule="WW-X4")


def test_portal() -> None:
    """WW-X6: stepping west out of a3 comes in at j3, for 1 MP."""
    sc = make(blue={"square": "a3"})
    events = sc.act("move w")
    assert wiz(sc, "blue")["square"] == "j3" and sc.doc["turn"]["mp"] == 2
    assert any(e.rule == "WW-X6" for e in events)


def test_treasure_pickup_stops_movement_and_scores_at_home() -> None:
    """WW-X14: picking up is free and ends movement; WW-1.3: an enemy treasure scores on the
    carrier's home square; the treasure leaves the game."""
    sc = make(blue={"square": "c3", "treasures": ["red1"]})
    sc.act("end", "discard none", "draw 0")      # blue is on his home but scoring needs a step
    sc2 = make(blue={"square": "c2", "treasures": ["red1"]})
    sc2.act("move s")
    assert wiz(sc2, "blue")["vp"] == 1
    assert next(t for t in sc2.doc["treasures"] if t["name"] == "red1")["scored"] is True
    sc3 = make(blue={"square": "b2"})
    sc3.act("pickup treasure:blue1")
    assert wiz(sc3, "blue")["treasures"] == ["blue1"]
    sc3.illegal("move e", rule="WW-X14")


def test_own_treasure_never_scores() -> None:
    """WW-1.3: his own treasures never score for him."""
    sc = make(blue={"square": "c2", "treasures": ["blue1"]})
    sc.act("move s")
    assert wiz(sc, "blue")["vp"] == 0


def test_two_treasures_win() -> None:
    """WW-1.4, WW-A20: 2 VP wins at once."""
    sc = make(blue={"square": "c2", "treasures": ["red1", "red2"]})
    sc.act("move s")
    assert sc.doc["over"] and sc.doc["winner"] == 0 and sc.state.is_terminal()


def test_items_drop_free_pick_up_for_one_mp() -> None:
    """WW-X15: dropping is free and leaves an object; picking it up costs 1 MP."""
    sc = make(blue={"items": ["large-rock"]})
    sc.act("drop item:large-rock")
    assert sc.doc["objects"][0]["card"] == "large-rock" and sc.doc["turn"]["mp"] == 3
    sc.act("pickup item:large-rock")
    assert wiz(sc, "blue")["items"] == ["large-rock"] and sc.doc["turn"]["mp"] == 2
    sc.illegal("pickup item:large-rock", rule="WW-X15")


def test_stunned_move_or_attack() -> None:
    """WW-X13, WW-A23: a stunned wizard who moved may not attack, and after an attack may not
    move."""
    sc = make(blue={"stun": 2, "square": "a3"}, red={"square": "a4"})
    assert sc.doc["turn"]["stunned"] and wiz(sc, "blue")["stun"] == 1
    sc.act("move s")
    sc.illegal("punch red", rule="WW-X13")
    sc2 = make(blue={"stun": 1, "square": "a3"}, red={"square": "a4"})
    sc2.act("punch red", "pass")         # red's attack window (WW-X18)
    sc2.illegal("move s", rule="WW-X13")
