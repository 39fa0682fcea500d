"""The mentalism cards (effects/mentalism.py), on the wwkit layout: blue a1, red a5 (column a
is an open line), round 2, blue to play; the deck holds energy-4 cards."""

from __future__ import annotations

import json
from typing import Any

from grimorio.core.state import view
from grimorio.testing import Scenario, scenario
from tests.wiz_war.test_engine_combat import THREE
from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


def _cracks(sc: Scenario, name: str) -> int:
    board = sc.state.board  # type: ignore[attr-defined]
    edge = board.peek_edge(*board.parse_edge(name))
    return -1 if edge is None else int(edge.cracks)


def _three(**hands: list[str]) -> Scenario:
    """THREE (blue a1, red a2 with 1 life, yellow a5), red at full life, with these hands."""
    setup: dict[str, Any] = {**THREE, "hands": {"blue": [], "red": [], "yellow": [], **hands}}
    setup["wizards"] = {"blue": {"square": "a1"}, "red": {"square": "a2"},
                        "yellow": {"square": "a5"}}
    return scenario("wiz-war", setup=setup, players=3)


# ---- Powerthrust ------------------------------------------------------------------------------
def test_powerthrust_energy_plus_two() -> None:
    """powerthrust: an attack (WW-7.4) in LOS (WW-9.4) for energy + 2 magical damage (WW-X10,
    WW-X17); unboosted it still deals 2."""
    sc = make(hands={"blue": ["powerthrust", "powerthrust", "energy-5"], "red": []})
    sc.act("play powerthrust red with energy-5", "pass")
    assert wiz(sc, "red")["life"] == 8 and sc.doc["turn"]["attacked"]
    assert {"powerthrust", "energy-5"} <= set(sc.doc["discard"])
    sc.illegal("play powerthrust red", rule="WW-5.5")          # one attack a turn


def test_powerthrust_cracks_a_wall_and_needs_los() -> None:
    """powerthrust on a wall (WW-10.5): 6 damage gives 2 cracks (WW-X7); b3 is out of sight
    (WW-9.4); no attack in the first turn (WW-5.6)."""
    sc = make(hands={"blue": ["powerthrust", "energy-4"], "red": []}, edges={"a2s": "wall"},
              red={"square": "b3"})
    sc.illegal("play powerthrust red", rule="WW-9.4")
    sc.act("play powerthrust a2s with energy-4", "pass")
    assert _cracks(sc, "a2s") == 2
    first = make(round=1, hands={"blue": ["powerthrust"], "red": []})
    first.illegal("play powerthrust red", rule="WW-5.6")


# ---- Psychic Storm ----------------------------------------------------------------------------
def test_psychic_storm_through_walls_not_portals() -> None:
    """psychic-storm on a3: a3 and its neighbours a2, a4, b3 (walls ignored) are struck; the
    west side of a3 is a portal to j3 (WW-X6), which the storm does not cross. The caster in
    the area is hit too; damage = energy (WW-X17)."""
    sc = make(hands={"blue": ["psychic-storm", "energy-4"], "red": []},
              blue={"square": "a2"}, red={"square": "j3"})
    sc.act("play psychic-storm a3 with energy-4", "pass")
    assert wiz(sc, "blue")["life"] == 11 and wiz(sc, "red")["life"] == 15


def test_psychic_storm_hits_behind_a_wall() -> None:
    """psychic-storm on a4 reaches b4 across the a4e wall (WW-X3 ignored by the storm); it is
    the turn's attack (WW-5.5) and needs energy (WW-X17)."""
    sc = make(hands={"blue": ["psychic-storm", "energy-6"], "red": []}, red={"square": "b4"})
    assert edge_kind(sc, "a4e") == "wall"
    sc.illegal("play psychic-storm a4", rule="WW-X17")
    assert "play psychic-storm a4 with energy-6" in sc.legal()
    sc.act("play psychic-storm a4 with energy-6", "pass")
    assert wiz(sc, "red")["life"] == 9 and wiz(sc, "blue")["life"] == 15
    assert sc.doc["turn"]["attacked"]


def test_psychic_storm_kill_scores() -> None:
    """psychic-storm: a kill by the caster's storm scores (WW-X11, WW-1.2)."""
    sc = _three(blue=["psychic-storm", "energy-4"])
    sc.act("play psychic-storm a3 with energy-4", "pass", "pass")
    assert wiz(sc, "red")["life"] == 11
    sc2 = make(hands={"blue": ["psychic-storm", "energy-4"], "red": []},
               red={"square": "a4", "life": 3})
    sc2.act("play psychic-storm a4 with energy-4", "pass")
    assert not wiz(sc2, "red")["alive"] and wiz(sc2, "blue")["vp"] == 1


# ---- Share Life -------------------------------------------------------------------------------
def test_share_life_splits_evenly() -> None:
    """share-life: 5 + 16 = 21 life, split 11 for the caster (the odd point) and 10 (WW-X10);
    not an attack, so it is allowed in the first turn (WW-5.6) and uses no attack."""
    sc = make(round=1, hands={"blue": ["share-life"], "red": []}, blue={"life": 5},
              red={"life": 16})
    sc.act("play share-life red", "pass")
    assert wiz(sc, "blue")["life"] == 11 and wiz(sc, "red")["life"] == 10
    assert not sc.doc["turn"]["attacked"]


def test_share_life_caps_and_refusals() -> None:
    """share-life: nobody passes 20 (WW-X10); only another wizard in LOS (WW-7.3, WW-9.4)."""
    sc = make(hands={"blue": ["share-life"], "red": []}, blue={"life": 19}, red={"life": 20})
    sc.illegal("play share-life blue", rule="WW-7.3")
    sc.act("play share-life red", "pass")
    assert wiz(sc, "blue")["life"] == 20 and wiz(sc, "red")["life"] == 19
    hidden = make(hands={"blue": ["share-life"], "red": []}, red={"square": "b3"})
    hidden.illegal("play share-life red", rule="WW-9.4")


# ---- Shatter ----------------------------------------------------------------------------------
def test_shatter_cracks_per_point_while_it_lasts() -> None:
    """shatter: temporary (WW-X16) with energy tokens; the caster's punch (1 damage) cracks a
    wall once (WW-X7: per point instead of per 3). Ended, the punch no longer cracks."""
    sc = make(hands={"blue": ["shatter", "energy-4"], "red": []}, edges={"a1s": "wall"})
    sc.act("play shatter with energy-4", "pass")
    spell = sc.doc["spells"][0]
    assert spell["card"] == "shatter" and spell["tokens"] == 4
    sc.act("punch a1s")
    assert _cracks(sc, "a1s") == 1
    end_turn(sc)
    end_turn(sc)
    assert sc.doc["spells"][0]["tokens"] == 3                  # WW-4.3
    sc.act("end-spell shatter", "punch a1s")
    assert _cracks(sc, "a1s") == 1 and sc.doc["spells"] == []


def test_shatter_breaks_a_wall_and_is_only_the_casters() -> None:
    """shatter: Powerthrust's 2 damage gives 2 cracks (WW-X7); red's punches are unchanged;
    the spell counts toward blue's hand limit (WW-6.6)."""
    sc = make(hands={"blue": ["shatter", "powerthrust", *["energy-4"] * 5], "red": []},
              edges={"a1s": "wall"}, red={"square": "a2"})
    sc.act("play shatter", "pass")
    assert sc.doc["spells"][0]["tokens"] == 1
    sc.act("play powerthrust a1s", "pass")
    assert _cracks(sc, "a1s") == 2
    sc.act("end", "discard none")
    sc.illegal("draw 2", rule="WW-6.2")                       # 5 cards + Shatter: room for 1
    sc.act("draw 1")
    sc.act("punch a1s")                                        # red is on the other side
    assert _cracks(sc, "a1s") == 2


# ---- Meditate ---------------------------------------------------------------------------------
def test_meditate_draws_three_then_discards_down() -> None:
    """meditate: draw 3 (WW-6.2); 5 + 3 = 8 cards is over the limit of 7, so blue discards one
    (WW-6.5); then his turn goes on in Move and Cast."""
    sc = make(hands={"blue": ["meditate", "zot", "zot", "zot", "zot", "zot"], "red": []})
    sc.act("play meditate", "pass")
    assert len(hand(sc, "blue")) == 8 and hand(sc, "blue").count("energy-4") == 3
    assert sc.doc["decisions"] == [{"kind": "ForcedDiscard", "seat": 0}]
    sc.act("discard zot")
    assert len(hand(sc, "blue")) == 7 and sc.doc["phase"] == "move" and sc.doc["decisions"] == []
    sc.act("move s")
    assert wiz(sc, "blue")["square"] == "a2"


def test_meditate_is_energy_too() -> None:
    """meditate's printed energy 3 may be spent (WW-7.8)."""
    sc = make(hands={"blue": ["meditate"], "red": []})
    sc.act("boost meditate")
    assert sc.doc["turn"]["mp"] == 6


# ---- Mental Force -----------------------------------------------------------------------------
def test_mental_force_walks_the_target() -> None:
    """mental-force: an attack (WW-7.4); red is walked a5 -> e5 along path=eeee with energy 4
    (at most 4 + 3 steps, WW-X17); his MP are not blue's."""
    sc = make(hands={"blue": ["mental-force", "energy-4"], "red": []})
    sc.act("play mental-force red with energy-4 path=eeee", "pass")
    assert wiz(sc, "red")["square"] == "e5" and sc.doc["turn"]["attacked"]
    assert sc.doc["turn"]["mp"] == 3


def test_mental_force_length_and_path() -> None:
    """mental-force: without energy at most 3 steps (WW-X17); a path is required (WW-7.3);
    the menu offers paths for it."""
    sc = make(hands={"blue": ["mental-force"], "red": []})
    sc.illegal("play mental-force red path=eeee", rule="WW-X17")
    sc.illegal("play mental-force red", rule="WW-7.3")
    sc.illegal("play mental-force red path=exe", rule="WW-7.3")
    plays = [a for a in sc.legal() if a.startswith("play mental-force red path=")]
    assert plays and len(plays) <= 4
    sc.act("play mental-force red path=nnn", "pass")
    assert wiz(sc, "red")["square"] == "a2"


def test_mental_force_walls_and_doors() -> None:
    """mental-force: each step follows the target's own movement rules: a4e is a wall (WW-X3);
    blue's door d4e is locked for red (WW-X4); the portal a3w leads to j3 (WW-X6)."""
    sc = make(hands={"blue": ["mental-force"], "red": []}, red={"square": "a4"})
    sc.illegal("play mental-force red path=e", rule="WW-X3")
    sc.act("play mental-force red path=nw", "pass")
    assert wiz(sc, "red")["square"] == "j3"
    door = make(hands={"blue": ["mental-force"], "red": []}, blue={"square": "d3"},
                red={"square": "d4"})
    door.illegal("play mental-force red path=e", rule="WW-X4")


def test_mental_force_own_door_opens() -> None:
    """mental-force: red passes his own door g3e (WW-X4) into h3."""
    sc = make(hands={"blue": ["mental-force"], "red": []}, blue={"square": "f3"},
              red={"square": "g3"})
    sc.act("play mental-force red path=e", "pass")
    assert wiz(sc, "red")["square"] == "h3"


# ---- Brain Burn -------------------------------------------------------------------------------
def test_brain_burn_target_chooses_discards() -> None:
    """brain-burn: red (the target) decides what to shed, hand cards by their place and his
    spells by name (WW-X16), then takes 1 magical damage per card and spell kept (WW-X10);
    carried items do not count."""
    sc = make(hands={"blue": ["brain-burn"], "red": ["dispel", "fireball", "zot"]},
              red={"items": ["large-rock"]},
              spells=[{"card": "create-wall", "caster": "red", "targets": ["b5e"]}])
    sc.act("play brain-burn red", "pass")
    choice = sc.doc["decisions"][-1]
    assert choice["kind"] == "Choice" and choice["seat"] == 1
    assert choice["options"] == ["1", "2", "3", "spell:create-wall", "done"]
    sc.illegal("choose 4", rule="WW-7.2")
    sc.act("choose 1")                                        # dispel, the first in his hand
    assert hand(sc, "red") == ["fireball", "zot"] and "dispel" in sc.doc["discard"]
    sc.act("choose spell:create-wall")
    assert sc.doc["spells"] == []
    assert sc.doc["decisions"][-1]["options"] == ["1", "2", "done"]
    sc.act("choose done")
    assert wiz(sc, "red")["life"] == 13 and sc.doc["decisions"] == []
    assert sc.state.current_player == 0


def test_brain_burn_kills_and_scores() -> None:
    """brain-burn: the kill is the caster's (WW-X11, WW-1.2); the hand goes to him (WW-X12)."""
    sc = make(hands={"blue": ["brain-burn"], "red": ["zot", "zot"]}, red={"life": 2})
    sc.act("play brain-burn red", "pass", "choose done")
    assert not wiz(sc, "red")["alive"] and wiz(sc, "blue")["vp"] == 1
    assert hand(sc, "blue") == ["zot", "zot"]


def test_brain_burn_empty_hand_no_question() -> None:
    """brain-burn: with nothing to shed there is no question and no damage; an attack in LOS
    only (WW-9.4)."""
    sc = make(hands={"blue": ["brain-burn"], "red": []})
    sc.act("play brain-burn red", "pass")
    assert sc.doc["decisions"] == [] and wiz(sc, "red")["life"] == 15
    hidden = make(hands={"blue": ["brain-burn"], "red": []}, red={"square": "b3"})
    hidden.illegal("play brain-burn red", rule="WW-9.4")


# ---- Thought Steal ----------------------------------------------------------------------------
def test_thought_steal_only_the_caster_sees() -> None:
    """thought-steal: blue sees red's hand (WW-2.9: a log line only he may read) and takes its
    2nd and 3rd cards; yellow's view never names red's cards; the question names places
    only. Blue is then over his limit and discards (WW-6.5)."""
    sc = _three(blue=["thought-steal", "energy-4", "energy-4", "energy-4", "energy-4",
                      "energy-4", "energy-4"],
                red=["zot", "fireball", "dispel"])
    sc.act("play thought-steal red", "pass", "pass")
    assert sc.state.current_player == 0
    assert sc.doc["decisions"][-1]["options"] == ["none", "1", "2", "3", "1,2", "1,3", "2,3"]
    shown = [e for e in view(sc.state, 0)["log"] if e["kind"] == "hand-shown"]
    assert shown and "1 dispel, 2 fireball, 3 zot" in json.dumps(shown)
    sc.act("choose 2,3")
    assert hand(sc, "red") == ["dispel"]
    assert sorted(hand(sc, "blue")) == ["energy-4"] * 6 + ["fireball", "zot"]
    assert sc.doc["decisions"] == [{"kind": "ForcedDiscard", "seat": 0}]
    yellow = json.dumps(view(sc.state, 2))
    for key in ("zot", "fireball", "dispel"):
        assert key not in yellow
    assert "fireball" in json.dumps(view(sc.state, 1)["log"])   # red knows what he lost
    sc.act("discard energy-4")
    assert sc.doc["phase"] == "move"


def test_thought_steal_none_and_refusals() -> None:
    """thought-steal: taking nothing is allowed; only another wizard (WW-7.3) in LOS
    (WW-9.4); not an attack (WW-5.6 does not stop it)."""
    sc = make(round=1, hands={"blue": ["thought-steal"], "red": ["zot"]})
    sc.illegal("play thought-steal blue", rule="WW-7.3")
    sc.act("play thought-steal red", "pass", "choose none")
    assert hand(sc, "red") == ["zot"] and hand(sc, "blue") == []
    hidden = make(hands={"blue": ["thought-steal"], "red": ["zot"]}, red={"square": "b3"})
    hidden.illegal("play thought-steal red", rule="WW-9.4")


# ---- Astral Projection ------------------------------------------------------------------------
def test_astral_projection_moves_the_point_of_casting() -> None:
    """astral-projection: from a1 blue cannot see b3 (WW-9.4); projected to a3 (2 steps), his
    next LOS spell sees b3 from there; the projection is then used up."""
    sc = make(hands={"blue": ["astral-projection", "fireball", "fireball"], "red": []},
              red={"square": "b3"})
    sc.illegal("play fireball red", rule="WW-9.4")
    assert "play astral-projection a3" in sc.legal()
    sc.act("play astral-projection a3", "pass")
    assert sc.doc["turn"]["origin"] is not None
    assert "play fireball red" in sc.legal()
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10 and sc.doc["turn"]["origin"] is None
    assert wiz(sc, "blue")["square"] == "a1"


def test_astral_projection_refusals() -> None:
    """astral-projection: the square is empty (WW-10.9: b2 holds treasure blue1) and at most
    3 steps away (WW-9.1); one projection waits at a time; the turn's end drops it."""
    sc = make(hands={"blue": ["astral-projection", "astral-projection"], "red": []})
    sc.illegal("play astral-projection b2", rule="WW-10.9")
    sc.illegal("play astral-projection e5", rule="WW-9.1")
    sc.act("play astral-projection a3", "pass")
    sc.illegal("play astral-projection a2", rule="WW-9.1")
    end_turn(sc)
    assert sc.doc["turn"]["origin"] is None
