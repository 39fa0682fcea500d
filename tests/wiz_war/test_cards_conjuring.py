"""The conjuring cards (effects/conjuring.py), on the wwkit layout: blue a1, red a5, column a and
rows 1 and 5 open, round 2 (attacks allowed), blue to play."""

from __future__ import annotations

import random
from typing import Any

from grimorio.core.state import resample, view
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.state import WizWarState
from grimorio.testing import Scenario
from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


def _st(sc: Scenario) -> WizWarState:
    st = sc.state
    assert isinstance(st, WizWarState)
    return st


def _objects(sc: Scenario, kind: str) -> list[dict[str, Any]]:
    return [o for o in sc.doc["objects"] if o["kind"] == kind]


def _spells(sc: Scenario) -> list[str]:
    return [s["card"] for s in sc.doc["spells"]]


# ---- ka-bong -----------------------------------------------------------------------------------
def test_ka_bong_hits_and_stuns() -> None:
    """ka-bong: 4 physical damage (WW-X10) to a wizard in LOS (WW-9.4) and 1 stun token
    (WW-X13); it is the turn's attack (WW-5.5)."""
    sc = make(hands={"blue": ["ka-bong", "ka-bong"], "red": []})
    sc.act("play ka-bong red", "pass")
    assert wiz(sc, "red")["life"] == 11 and wiz(sc, "red")["stun"] == 1
    assert sc.doc["turn"]["attacked"]
    sc.illegal("play ka-bong red", rule="WW-5.5")


def test_ka_bong_first_turn_and_range() -> None:
    """ka-bong is an attack: not in the first turn (WW-5.6); LOS only (WW-9.4)."""
    sc = make(round=1, hands={"blue": ["ka-bong"], "red": []})
    sc.illegal("play ka-bong red", rule="WW-5.6")
    sc = make(hands={"blue": ["ka-bong"], "red": []}, red={"square": "b3"})
    sc.illegal("play ka-bong red", rule="WW-9.4")


def test_ka_bong_breaks_a_bush() -> None:
    """ka-bong on an object: 4 damage is 1 crack (WW-X7), enough for a rosebush (WW-X21)."""
    sc = make(hands={"blue": ["ka-bong"], "red": []},
              objects=[{"kind": "rosebush", "square": "a3"}])
    sc.act("play ka-bong a3:rosebush", "pass")
    assert _objects(sc, "rosebush") == []


# ---- fire-darts --------------------------------------------------------------------------------
def test_fire_darts_split_between_targets() -> None:
    """fire-darts: energy 4 = 4 darts of 1 magical fire damage (WW-X17, WW-X10); the first
    burns the rosebush (any fire destroys it, WW-X7), the three left over hit red."""
    sc = make(hands={"blue": ["fire-darts", "energy-4"], "red": []},
              objects=[{"kind": "rosebush", "square": "b1"}])
    sc.act("play fire-darts b1:rosebush red with energy-4", "pass")
    assert _objects(sc, "rosebush") == [] and wiz(sc, "red")["life"] == 12
    assert set(sc.doc["discard"]) >= {"fire-darts", "energy-4"}


def test_fire_darts_needs_energy_and_no_extra_targets() -> None:
    """fire-darts: no boost, no dart (WW-X17); no more targets than darts (WW-X17)."""
    sc = make(hands={"blue": ["fire-darts", "energy-4"], "red": []})
    sc.illegal("play fire-darts red", rule="WW-X17")
    sc.illegal("play fire-darts red red red red red with energy-4", rule="WW-X17")
    assert "play fire-darts red with energy-4" in sc.legal()
    sc.act("play fire-darts red red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 11


# ---- rosebush / thornbush ----------------------------------------------------------------------
def test_rosebush_blocks_los_and_hurts() -> None:
    """rosebush: a maintained creation (WW-X16) on an empty square in LOS; it blocks LOS
    (WW-X5) but not movement; entering it costs 3 physical damage, no attack (WW-X21); ending
    the spell removes it."""
    sc = make(hands={"blue": ["rosebush", "ka-bong"], "red": []})
    sc.illegal("play rosebush a1", rule="WW-10.9")
    sc.act("play rosebush a3", "pass")
    assert _objects(sc, "rosebush")[0]["square"] == "a3" and _spells(sc) == ["rosebush"]
    assert vocab.hand_count(_st(sc), 0) == 2              # the spell counts (WW-6.6)
    sc.illegal("play ka-bong red", rule="WW-9.4")
    end_turn(sc)
    sc.act("move n", "move n")
    assert wiz(sc, "red")["square"] == "a3" and wiz(sc, "red")["life"] == 12
    end_turn(sc)
    sc.act("end-spell rosebush")
    assert _objects(sc, "rosebush") == [] and "rosebush" in sc.doc["discard"]


def test_rosebush_burnt_ends_the_spell() -> None:
    """rosebush: fire destroys it (WW-X7) and the spell that made it ends (WW-X16)."""
    sc = make(hands={"blue": ["rosebush", "fireball"], "red": []})
    sc.act("play rosebush a3", "pass", "play fireball a3:rosebush", "pass")
    assert _objects(sc, "rosebush") == [] and _spells(sc) == []
    assert {"rosebush", "fireball"} <= set(sc.doc["discard"])


def test_thornbush_stops_and_stuns() -> None:
    """thornbush: entering costs 1 physical damage and 1 stun token (WW-X13) and ends the
    wizard's movement this turn (WW-X14 reading); it is dispelled like any spell (WW-10.8)."""
    sc = make(hands={"blue": ["thornbush"], "red": ["dispel"]})
    sc.act("play thornbush a3", "pass")
    end_turn(sc)
    sc.act("move n", "move n")
    red = wiz(sc, "red")
    assert red["square"] == "a3" and red["life"] == 14 and red["stun"] == 1
    sc.illegal("move n", rule="WW-X14")
    sc.act("play dispel spell:thornbush@blue", "pass")
    assert _objects(sc, "thornbush") == [] and _spells(sc) == []


# ---- swap --------------------------------------------------------------------------------------
def test_swap_trades_squares_and_ends_movement() -> None:
    """swap: the caster and a wizard in LOS (WW-9.4) trade squares; the caster moves no more
    this turn, boost or not (WW-X14 reading)."""
    sc = make(hands={"blue": ["swap", "energy-4"], "red": []})
    sc.act("play swap red", "pass")
    assert wiz(sc, "blue")["square"] == "a5" and wiz(sc, "red")["square"] == "a1"
    assert sc.doc["turn"]["mp"] == 0 and not sc.doc["turn"]["attacked"]
    sc.act("boost energy-4")
    sc.illegal("move e", rule="WW-X14")


def test_swap_into_a_rosebush() -> None:
    """swap: both wizards enter their new squares, so the bush red stands in hurts blue
    (WW-X21); a wizard cannot swap with himself (WW-7.3)."""
    sc = make(hands={"blue": ["rosebush", "swap", "swap"], "red": []})
    sc.act("play rosebush a3", "pass")
    end_turn(sc)
    sc.act("move n", "move n")
    end_turn(sc)
    sc.illegal("play swap blue", rule="WW-7.3")
    sc.act("play swap red", "pass")
    assert wiz(sc, "blue")["square"] == "a3" and wiz(sc, "blue")["life"] == 12
    assert wiz(sc, "red")["square"] == "a1" and wiz(sc, "red")["life"] == 12


# ---- create-door -------------------------------------------------------------------------------
def test_create_door_on_a_wall() -> None:
    """create-door: on a stone wall in LOS, a door of the caster's colour (WW-X4): he passes,
    red is locked out; closed doors block LOS (WW-X5); ending the spell puts the wall back."""
    sc = make(hands={"blue": ["create-door", "ka-bong"], "red": []}, edges={"a2s": "wall"})
    sc.act("play create-door a2s", "pass")
    assert edge_kind(sc, "a2s") == "door" and _spells(sc) == ["create-door"]
    sc.act("move s", "move s")
    assert wiz(sc, "blue")["square"] == "a3"
    end_turn(sc)
    sc.act("move n", "move n")
    assert wiz(sc, "red")["square"] == "a3"
    sc.illegal("move n", rule="WW-X4")
    end_turn(sc)
    sc.act("end-spell create-door")
    assert edge_kind(sc, "a2s") == "wall"


def test_create_door_on_an_open_edge_and_refusals() -> None:
    """create-door: an open edge line works (and reopens when the spell ends); never the outer
    border or a door (WW-10.1). The door cuts LOS (WW-X5)."""
    sc = make(hands={"blue": ["create-door", "ka-bong"], "red": []},
              edges={"a3s": "door:red"})
    sc.illegal("play create-door a1n", rule="WW-10.1")
    sc.illegal("play create-door a3s", rule="WW-10.1")
    sc.act("play create-door a1s", "pass")
    assert edge_kind(sc, "a1s") == "door"
    sc.illegal("play ka-bong red", rule="WW-9.4")
    sc.act("end-spell create-door")
    assert edge_kind(sc, "a1s") is None


# ---- glue --------------------------------------------------------------------------------------
def test_glue_an_item() -> None:
    """glue: temporary (WW-X16: tokens = energy); a lying item in LOS cannot be picked up
    (WW-X15) while it lasts; when its tokens run out (WW-4.4) it can."""
    sc = make(hands={"blue": ["glue", "energy-4"], "red": []},
              objects=[{"item": "large-rock", "square": "a3"}])
    sc.act("play glue a3:large-rock with energy-4", "pass")
    assert sc.doc["spells"][0]["tokens"] == 4
    end_turn(sc)
    sc.act("move n", "move n")
    sc.illegal("pickup item:large-rock", rule="WW-X14")


def test_glue_a_treasure_not_a_carried_one() -> None:
    """glue: a lying treasure is glued (WW-X14); a carried one cannot be (WW-7.3)."""
    sc = make(hands={"blue": ["glue", "glue"], "red": []}, blue={"square": "f2"},
              red={"square": "f1", "treasures": ["blue1"]})
    sc.illegal("play glue treasure:blue1", rule="WW-7.3")
    sc.act("play glue treasure:red1", "pass")
    end_turn(sc)
    sc.illegal("pickup treasure:red1", rule="WW-X14")


# ---- handful-of-tacks --------------------------------------------------------------------------
def test_tacks_scattered_and_stepped_on() -> None:
    """handful-of-tacks: an item (WW-7.9); used on an adjacent empty square (WW-9.3, WW-10.9),
    not an attack; anyone entering takes 3 physical damage (WW-X21); the scattered tacks no
    longer count toward the hand (WW-6.6)."""
    sc = make(hands={"blue": ["handful-of-tacks"], "red": []})
    sc.act("play handful-of-tacks")
    assert wiz(sc, "blue")["items"] == ["handful-of-tacks"]
    sc.illegal("use handful-of-tacks a3", rule="WW-9.3")
    sc.illegal("use handful-of-tacks a1", rule="WW-10.9")
    sc.act("use handful-of-tacks a2")
    assert wiz(sc, "blue")["items"] == [] and _objects(sc, "tacks")[0]["square"] == "a2"
    assert not sc.doc["turn"]["attacked"] and vocab.hand_count(_st(sc), 0) == 0
    end_turn(sc)
    sc.act("move n", "move n", "move n")
    assert wiz(sc, "red")["square"] == "a2" and wiz(sc, "red")["life"] == 12


# ---- dust-cloud --------------------------------------------------------------------------------
def test_dust_cloud_blocks_and_blinds() -> None:
    """dust-cloud: blocks LOS (WW-X5); a wizard inside sees only his own square (WW-X21), so
    red in a2 cannot target blue next door."""
    sc = make(hands={"blue": ["dust-cloud", "ka-bong"], "red": ["ka-bong"]},
              red={"square": "a4"})
    sc.act("play dust-cloud a2", "pass")
    sc.illegal("play ka-bong red", rule="WW-9.4")
    end_turn(sc)
    sc.act("move n", "move n")
    assert wiz(sc, "red")["square"] == "a2"
    assert not vocab.sees(_st(sc), 1, _st(sc).board.parse_square("a1"))
    sc.illegal("play ka-bong blue", rule="WW-9.4")


def test_dust_cloud_random_way_out() -> None:
    """dust-cloud: a step out goes where the d4 says (WW-X19): 2 (east) bumps the a2e wall,
    the MP is spent in place; 3 (south) leads to a3 whatever was asked."""
    sc = make(hands={"blue": ["dust-cloud"], "red": []}, red={"square": "a4"})
    sc.act("play dust-cloud a2", "pass")
    end_turn(sc)
    sc.act("move n", "move n")
    sc.dice(2)
    sc.act("move n")
    assert wiz(sc, "red")["square"] == "a2" and sc.doc["turn"]["mp"] == 0
    sc = make(hands={"blue": ["dust-cloud"], "red": []}, red={"square": "a3"})
    sc.act("play dust-cloud a2", "pass")
    end_turn(sc)
    sc.act("move n")
    sc.dice(3)
    sc.act("move n")
    assert wiz(sc, "red")["square"] == "a3"


# ---- booby-trap --------------------------------------------------------------------------------
def _trap(sc: Scenario, squares: str = "b1 c1 d1 e1", trap: str = "c1") -> None:
    sc.act(f"play booby-trap {squares}", "pass")
    assert sc.doc["decisions"][-1]["kind"] == "Choice"
    sc.act(f"choose {trap}")


def test_booby_trap_blanks_then_the_trap() -> None:
    """booby-trap: four tokens on empty squares anywhere (WW-9.5); blanks turned up by an enemy
    go; the trap deals 4 magical damage, not an attack (WW-X11: no kill credit), and every
    token goes with the spell (WW-X21). The caster's own steps spring nothing."""
    sc = make(hands={"blue": ["booby-trap"], "red": []}, red={"square": "e2"})
    sc.illegal("play booby-trap b1 b1 d1 e1", rule="WW-7.3")
    sc.illegal("play booby-trap a1 c1 d1 e1", rule="WW-10.9")
    _trap(sc)
    assert len(_objects(sc, "trap")) == 4 and _spells(sc) == ["booby-trap"]
    sc.act("move e")                                     # blue on b1: his own token
    assert len(_objects(sc, "trap")) == 4
    end_turn(sc)
    sc.act("move n")                                     # e1: blank
    assert len(_objects(sc, "trap")) == 3 and wiz(sc, "red")["life"] == 15
    sc.act("move w")                                     # d1: blank
    sc.act("move w")                                     # c1: the trap
    assert wiz(sc, "red")["life"] == 11
    assert _objects(sc, "trap") == [] and _spells(sc) == []


def test_booby_trap_is_hidden_from_other_seats() -> None:
    """booby-trap: which token is the trap is hidden information (WW-2.9): red's view shows
    four identical tokens, blue's shows his trap; a resample for red keeps exactly one trap
    among the four tokens, on any of them."""
    sc = make(hands={"blue": ["booby-trap"], "red": []}, red={"square": "e2"})
    _trap(sc)
    st = _st(sc)
    red_tokens = [o for o in view(st, 1)["state"]["objects"] if o["kind"] == "trap"]
    assert len(red_tokens) == 4
    assert all("secret" not in o["data"] for o in red_tokens)
    assert len({str(sorted(o["data"].items())) for o in red_tokens}) == 1
    blue_tokens = [o for o in view(st, 0)["state"]["objects"] if o["kind"] == "trap"]
    assert [o["square"] for o in blue_tokens if o["data"]["secret"]] == ["c1"]
    assert not [e for e in view(st, 1)["log"] if e["kind"] == "trap-armed"]
    assert [e for e in view(st, 0)["log"] if e["kind"] == "trap-armed"]
    rng = random.Random(7)
    places = set()
    for _ in range(30):
        twin = resample(st, 1, rng)
        armed = [o for o in twin.objects if o.kind == "trap" and o.data["secret"]]
        assert len(armed) == 1
        places.add(twin.board.square_name(armed[0].square))
    assert len(places) > 1
    own = next(o for o in resample(st, 0, rng).objects if o.data.get("secret"))
    assert own.square == st.board.parse_square("c1")          # the owner's resample keeps it


def test_booby_trap_dispelled() -> None:
    """booby-trap: Dispel ends the spell and every token goes (WW-10.8, grimorio's reading)."""
    sc = make(hands={"blue": ["booby-trap"], "red": ["dispel"]}, red={"square": "e2"})
    _trap(sc)
    end_turn(sc)
    sc.act("play dispel spell:booby-trap@blue", "pass")
    assert _objects(sc, "trap") == [] and _spells(sc) == []
    assert "booby-trap" in sc.doc["discard"] and hand(sc, "red") == []
