"""Attacks, damage, death and victory: punch, kill credit, elimination."""

from __future__ import annotations

from typing import Any

from grimorio.testing import scenario
from tests.wiz_war.wwkit import hand, make, wiz

THREE: dict[str, Any] = {
    "places": [{"colour": "blue", "face": "A", "row": 0, "col": 0, "rotation": 0},
               {"colour": "red", "face": "A", "row": 0, "col": 5, "rotation": 0},
               {"colour": "yellow", "face": "A", "row": 5, "col": 0, "rotation": 0}],
    "colours": ["blue", "red", "yellow"], "first": "blue", "round": 2,
    "wizards": {"blue": {"square": "a1"}, "red": {"square": "a2", "life": 1},
                "yellow": {"square": "a5"}},
    "hands": {"blue": ["energy-4"] * 5, "red": ["zot", "dispel", "fireball"], "yellow": []},
    "deck": ["energy-4"] * 5,
}


def test_punch_adjacent_in_los() -> None:
    """WW-X8, WW-9.3: 1 physical damage to a wizard in the same or an adjacent square in LOS;
    it is the turn's attack (WW-5.5)."""
    sc = make(red={"square": "a2"})
    sc.act("punch red", "pass")          # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 14 and sc.doc["turn"]["attacked"]
    sc.illegal("punch red", rule="WW-5.5")


def test_punch_needs_reach() -> None:
    """WW-X8, WW-A10: a3 is two squares away; b2 is diagonal (never adjacent)."""
    sc = make(red={"square": "a3"})
    sc.illegal("punch red", rule="WW-X8")
    sc2 = make(red={"square": "b2"})
    sc2.illegal("punch red", rule="WW-X8")
    sc3 = make(red={"square": "a1"})
    sc3.act("punch red", "pass")         # red's attack window (WW-X18)
    sc3.illegal("punch blue", rule="WW-5.5")


def test_kill_in_three_player_game() -> None:
    """WW-X10 death at 0 life, WW-1.2 and WW-X11 the killer scores 1 VP, WW-X12 the victim's
    hand goes to the killer (who discards down, WW-6.5), his turns are skipped."""
    sc = scenario("wiz-war", setup=THREE, players=3)
    sc.act("punch red", "pass")          # red's attack window (WW-X18)
    red = wiz(sc, "red")
    assert not red["alive"] and wiz(sc, "blue")["vp"] == 1
    assert sc.doc["decisions"][0] == {"kind": "ForcedDiscard", "seat": 0}
    sc.act("discard energy-4")
    assert len(hand(sc, "blue")) == 7
    sc.act("end", "discard none", "draw 0")
    assert sc.doc["active"] == 2        # red's turn is skipped


def test_last_wizard_standing_wins() -> None:
    """WW-1.5: the last wizard alive wins (and WW-1.2 the kill scored)."""
    sc = make(red={"square": "a2", "life": 1})
    sc.act("punch red", "pass")          # red's attack window (WW-X18)
    assert sc.doc["over"] and sc.doc["winner"] == 0
    assert sc.state.returns() == [1.0, -1.0]


def test_death_drops_things() -> None:
    """WW-X12: carried treasures and items drop in the square (items become objects)."""
    sc = make(red={"square": "a2", "life": 1, "items": ["large-rock"], "treasures": ["blue1"]},
              hands={"blue": [], "red": ["zot"]})
    sc.act("punch red", "pass")          # red's attack window (WW-X18)
    assert next(t for t in sc.doc["treasures"] if t["name"] == "blue1")["square"] == "a2"
    assert sc.doc["objects"][0]["card"] == "large-rock" and "zot" in hand(sc, "blue")


def test_one_attack_spell_excludes_punch() -> None:
    """WW-7.4, WW-7.5: after an attack spell no punch, and no second attack spell."""
    sc = make(hands={"blue": ["fireball", "fireball"], "red": []}, red={"square": "a2"})
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10
    sc.illegal("punch red", rule="WW-5.5")
    sc.illegal("play fireball red", rule="WW-5.5")


def test_life_never_above_twenty() -> None:
    """WW-X10: life may never exceed 20."""
    from grimorio.games.wiz_war.effects import vocab

    sc = make(blue={"life": 19})
    vocab.heal(sc.state, 0, 5)   # type: ignore[arg-type]
    assert wiz(sc, "blue")["life"] == 20
