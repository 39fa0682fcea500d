"""The thaumaturgy cards (effects/thaumaturgy.py) on the wwkit layout (see tests/wiz_war/wwkit.py:
blue a1, red a5, column a open; blue doors d4e and e3e, red door g3e)."""

from __future__ import annotations

from grimorio.games.wiz_war.board import Edge
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.state import WizWarState
from grimorio.testing import Scenario
from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


def _st(sc: Scenario) -> WizWarState:
    st = sc.state
    assert isinstance(st, WizWarState)
    return st


def _edge(sc: Scenario, name: str) -> Edge:
    board = _st(sc).board
    edge = board.peek_edge(*board.parse_edge(name))
    assert edge is not None
    return edge


def _objects(sc: Scenario) -> set[tuple[str, str]]:
    return {(o["square"], o["card"] or o["kind"]) for o in sc.doc["objects"]}


# ---- anti-anti -----------------------------------------------------------------------------
def test_anti_anti_cancels_a_counter_and_opens_no_window() -> None:
    """anti-anti (WW-7.6, WW-X18): red's Full Shield answers blue's Fireball; blue's Anti-Anti
    cancels the Full Shield, opens no window of its own (it cannot be cancelled) and the
    Fireball lands (WW-X10)."""
    sc = make(hands={"blue": ["fireball", "anti-anti"], "red": ["full-shield"]})
    sc.act("play fireball red", "counter full-shield")
    assert sc.state.current_player == 0 and "counter anti-anti" in sc.legal()
    sc.act("counter anti-anti")
    assert sc.doc["decisions"] == [] and sc.doc["casts"] == []
    assert wiz(sc, "red")["life"] == 10
    assert {"fireball", "full-shield", "anti-anti"} <= set(sc.doc["discard"])


def test_anti_anti_answers_only_counters_to_your_spells() -> None:
    """anti-anti (WW-7.6): a plain attack spell is no counter, so Anti-Anti cannot answer it."""
    sc = make(hands={"blue": ["fireball"], "red": ["anti-anti"]})
    sc.act("play fireball red")
    assert sc.legal() == ["pass"]
    sc.illegal("counter anti-anti", rule="WW-7.6")


# ---- backlash ------------------------------------------------------------------------------
def test_backlash_cancels_and_hurts_the_caster() -> None:
    """backlash (WW-7.6): red cancels blue's Zot! (energy 5) aimed at him; blue takes 5 magical
    damage (WW-X10); the countered attack still used blue's attack (WW-A17)."""
    sc = make(hands={"blue": ["zot", "energy-5"], "red": ["backlash"]})
    sc.act("play zot red with energy-5 mode=damage", "counter backlash", "pass")
    assert wiz(sc, "red")["life"] == 15 and wiz(sc, "blue")["life"] == 10
    assert sc.doc["casts"] == [] and sc.doc["turn"]["attacked"]


def test_backlash_kill_scores_for_the_holder() -> None:
    """backlash, WW-X11: the damage is the holder's own spell, so a kill scores 1 VP."""
    sc = make(hands={"blue": ["zot", "energy-5"], "red": ["backlash"]}, blue={"life": 4})
    sc.act("play zot red with energy-5 mode=damage", "counter backlash", "pass")
    assert not wiz(sc, "blue")["alive"] and wiz(sc, "red")["vp"] == 1


def test_backlash_only_attacks_aimed_at_you() -> None:
    """backlash (WW-7.6): Create Wall is no attack spell aimed at red."""
    sc = make(hands={"blue": ["create-wall"], "red": ["backlash"]})
    sc.act("play create-wall a2s")
    sc.illegal("counter backlash", rule="WW-7.6")


def test_anti_anti_beats_backlash() -> None:
    """anti-anti against backlash (WW-7.6, WW-X18): blue's Zot! lands and blue is unharmed."""
    sc = make(hands={"blue": ["zot", "energy-5", "anti-anti"], "red": ["backlash"]})
    sc.act("play zot red with energy-5 mode=damage", "counter backlash", "counter anti-anti")
    assert wiz(sc, "red")["life"] == 10 and wiz(sc, "blue")["life"] == 15


# ---- globe of pain -------------------------------------------------------------------------
def test_globe_of_pain_flies_around_corners() -> None:
    """globe-of-pain (WW-9.1, WW-X2): c2 is out of blue's LOS but 5 steps away (a1 b1 c1 d1
    d2 c2); the damage is the spell's energy (WW-X17)."""
    sc = make(hands={"blue": ["globe-of-pain", "energy-4"], "red": []}, red={"square": "c2"})
    assert "play globe-of-pain red with energy-4" in sc.legal()
    sc.illegal("play globe-of-pain red", rule="WW-X17")
    sc.act("play globe-of-pain red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 11 and sc.doc["turn"]["attacked"]


def test_globe_of_pain_range_is_six_steps() -> None:
    """globe-of-pain (WW-9.1): d4 is 7 steps from a1."""
    sc = make(hands={"blue": ["globe-of-pain", "energy-4"], "red": []}, red={"square": "d4"})
    sc.illegal("play globe-of-pain red with energy-4", rule="WW-9.1")


def test_globe_of_pain_stops_at_blockers_not_objects() -> None:
    """globe-of-pain (WW-X21): a rosebush on a3 is flown past (b3 in 3 steps); a stone block
    there stops the globe (b3 is then 7 steps away)."""
    hands = {"blue": ["globe-of-pain", "energy-4"], "red": []}
    sc = make(hands=hands, red={"square": "b3"}, objects=[{"kind": "rosebush", "square": "a3"}])
    sc.act("play globe-of-pain red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 11
    sc = make(hands=hands, red={"square": "b3"},
              objects=[{"kind": "stone-block", "square": "a3"}])
    sc.illegal("play globe-of-pain red with energy-4", rule="WW-9.1")


def test_globe_of_pain_not_through_locked_doors() -> None:
    """globe-of-pain (WW-X4): red's door g3e is locked for blue, so h3 is 7 steps from g3."""
    sc = make(hands={"blue": ["globe-of-pain", "energy-4"], "red": []},
              blue={"square": "g3"}, red={"square": "h3"})
    sc.illegal("play globe-of-pain red with energy-4", rule="WW-9.1")


# ---- gravity -------------------------------------------------------------------------------
def test_gravity_drops_everything_and_stops_pick_ups() -> None:
    """gravity (WW-X16, WW-X15, WW-X14): every wizard drops his items and treasures; while it
    lasts nobody picks up; it is temporary (1 token) and ends at blue's next Time Passes
    (WW-4.3, WW-4.4)."""
    sc = make(hands={"blue": ["gravity"], "red": []},
              blue={"items": ["large-rock"], "treasures": ["red1"]},
              red={"items": ["master-key"]})
    sc.act("play gravity", "pass")
    assert wiz(sc, "blue")["items"] == [] and wiz(sc, "blue")["treasures"] == []
    assert wiz(sc, "red")["items"] == []
    assert _objects(sc) == {("a1", "large-rock"), ("a5", "master-key")}
    assert next(t for t in sc.doc["treasures"] if t["name"] == "red1")["square"] == "a1"
    assert sc.doc["spells"][0]["tokens"] == 1
    sc.illegal("pickup item:large-rock", rule="WW-X14")
    sc.illegal("pickup treasure:red1", rule="WW-X14")
    end_turn(sc)
    sc.illegal("pickup item:master-key", rule="WW-X14")
    end_turn(sc)
    assert sc.doc["spells"] == []
    sc.act("pickup item:large-rock")
    assert wiz(sc, "blue")["items"] == ["large-rock"]


# ---- master key ----------------------------------------------------------------------------
def test_master_key_opens_a_door_for_one_passage() -> None:
    """master-key (WW-7.9, WW-X4): an item; its use opens red's door g3e for blue's next
    passage (no counter window: an item use is no spell); it closes behind him; it can be used
    again."""
    sc = make(hands={"blue": ["master-key"], "red": []}, blue={"square": "g3"})
    sc.act("play master-key")
    assert wiz(sc, "blue")["items"] == ["master-key"]
    sc.illegal("move e", rule="WW-X4")
    assert "use master-key g3e" in sc.legal()
    sc.act("use master-key g3e")
    assert sc.doc["decisions"] == [] and sc.doc["turn"]["unlocked"]
    sc.illegal("use master-key g3e", rule="WW-X4")
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "h3"
    sc.illegal("move w", rule="WW-X4")
    sc.act("use master-key g3e", "move w")
    assert wiz(sc, "blue")["square"] == "g3"


def test_master_key_refusals() -> None:
    """master-key: a door only (WW-10.3); not your own door, never a sealed one (WW-X4)."""
    sc = make(hands={"blue": ["seal-door"], "red": []},
              blue={"square": "e3", "items": ["master-key"]})
    sc.illegal("use master-key e2s", rule="WW-10.3")
    sc.illegal("use master-key e3e", rule="WW-X4")
    sc = make(hands={"blue": ["seal-door"], "red": []},
              blue={"square": "g3", "items": ["master-key"]})
    sc.act("play seal-door g3e", "pass")
    sc.illegal("use master-key g3e", rule="WW-X4")


# ---- pass through wall ---------------------------------------------------------------------
def test_pass_through_wall_once() -> None:
    """pass-through-wall (WW-X3): blue on a2 crosses the wall a2e once (1 MP), not back."""
    sc = make(hands={"blue": ["pass-through-wall"], "red": []}, blue={"square": "a2"})
    sc.illegal("move e", rule="WW-X3")
    assert "play pass-through-wall a2e" in sc.legal()
    sc.act("play pass-through-wall a2e", "pass", "move e")
    assert wiz(sc, "blue")["square"] == "b2" and sc.doc["turn"]["mp"] == 2
    assert edge_kind(sc, "a2e") == "wall"
    sc.illegal("move w", rule="WW-X3")


def test_pass_through_wall_refusals() -> None:
    """pass-through-wall: not a door (WW-10.1), not an open edge, not the outer wall (WW-X3)."""
    sc = make(hands={"blue": ["pass-through-wall"], "red": []}, blue={"square": "e3"})
    sc.illegal("play pass-through-wall e3e", rule="WW-10.1")
    sc.illegal("play pass-through-wall e3n", rule="WW-10.1")
    sc = make(hands={"blue": ["pass-through-wall"], "red": []})
    sc.illegal("play pass-through-wall a1n", rule="WW-X3")
    sc = make(hands={"blue": ["pass-through-wall"], "red": []}, edges={"a1s": "fire"})
    sc.illegal("play pass-through-wall a1s", rule="WW-10.1")


def test_pass_through_wall_is_for_the_caster_only() -> None:
    """pass-through-wall (WW-X3): the opening is blue's; it is gone when his turn ends."""
    sc = make(hands={"blue": ["pass-through-wall"], "red": []}, blue={"square": "a2"},
              red={"square": "a2"})
    sc.act("play pass-through-wall a2e", "pass")
    end_turn(sc)
    assert sc.doc["turn"]["unlocked"] == []
    sc.illegal("move e", rule="WW-X3")


# ---- seal door -----------------------------------------------------------------------------
def test_seal_door_holds_even_its_owner() -> None:
    """seal-door (WW-X4, WW-X16): blue seals his own door e3e; nobody passes it, blue neither;
    the spell counts toward his hand (WW-6.6); ending it lifts the seal."""
    sc = make(hands={"blue": ["seal-door", "seal-door"], "red": []}, blue={"square": "e3"})
    sc.act("play seal-door e3e", "pass")
    assert _edge(sc, "e3e").sealed and sc.doc["spells"][0]["card"] == "seal-door"
    assert _st(sc).board.document() != _st(make()).board.document()
    sc.illegal("move e", rule="WW-X3")
    sc.illegal("play seal-door e3e", rule="WW-X4")
    assert vocab.hand_count(_st(sc), 0) == 2
    sc.act("end-spell seal-door", "move e")
    assert not _edge(sc, "e3e").sealed and wiz(sc, "blue")["square"] == "f3"


def test_seal_door_ends_on_dispel_and_needs_a_door() -> None:
    """seal-door: a door only (WW-10.3); Dispel ends it and the door opens again (WW-10.8)."""
    sc = make(hands={"blue": ["seal-door"], "red": ["dispel"]}, blue={"square": "g3"})
    sc.illegal("play seal-door g2s", rule="WW-10.3")
    sc.act("play seal-door g3e", "pass")
    end_turn(sc)
    sc.act("play dispel spell:seal-door@blue", "pass")
    assert sc.doc["spells"] == [] and not _edge(sc, "g3e").sealed


# ---- slow death ----------------------------------------------------------------------------
def test_slow_death_hurts_per_card_drawn() -> None:
    """slow-death (WW-X16, WW-6.2): red takes 1 magical damage per card he draws while it
    lasts; it ends at blue's next Time Passes (1 token, WW-4.4); then drawing is harmless."""
    sc = make(hands={"blue": ["slow-death"], "red": []})
    sc.act("play slow-death red", "pass")
    assert sc.doc["turn"]["attacked"] and sc.doc["spells"][0]["tokens"] == 1
    sc.act("end", "discard none", "draw 0")
    sc.act("end", "discard none", "draw 2")
    assert wiz(sc, "red")["life"] == 13 and len(hand(sc, "red")) == 2
    assert sc.doc["spells"] == []
    sc.act("end", "discard none", "draw 0", "end", "discard none", "draw 1")
    assert wiz(sc, "red")["life"] == 13


def test_slow_death_kill_gives_no_vp() -> None:
    """slow-death, WW-X11: lingering damage kills without credit; blue is the last alive
    (WW-1.5)."""
    sc = make(hands={"blue": ["slow-death"], "red": []}, red={"life": 2})
    sc.act("play slow-death red", "pass")
    end_turn(sc)
    sc.act("end", "discard none", "draw 2")
    assert not wiz(sc, "red")["alive"] and wiz(sc, "blue")["vp"] == 0
    assert sc.doc["over"] and sc.doc["winner"] == 0 and sc.doc["active"] == 1   # no new turn


def test_slow_death_refusals() -> None:
    """slow-death: an attack (WW-5.6: not in the first turn); another wizard only (WW-7.3)."""
    sc = make(hands={"blue": ["slow-death"], "red": []})
    sc.illegal("play slow-death blue", rule="WW-7.3")
    sc = make(hands={"blue": ["slow-death"], "red": []}, round=1)
    sc.illegal("play slow-death red", rule="WW-5.6")


# ---- wizardblade ---------------------------------------------------------------------------
def test_wizardblade_strikes_with_a_discarded_card() -> None:
    """wizardblade (WW-X9, WW-7.8): blue discards energy-5 for 5 magical damage to red beside
    him; it is the turn's attack (WW-5.5)."""
    sc = make(hands={"blue": ["energy-5", "energy-4"], "red": []},
              blue={"items": ["wizardblade"]}, red={"square": "a2"})
    legal = sc.legal()
    assert "use wizardblade red energy=5" in legal and "use wizardblade red energy=4" in legal
    assert "use wizardblade red energy=6" not in legal
    sc.illegal("use wizardblade red", rule="WW-7.8")
    sc.illegal("use wizardblade red energy=6", rule="WW-7.8")
    sc.act("use wizardblade red energy=5", "pass")   # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 10 and hand(sc, "blue") == ["energy-4"]
    assert "energy-5" in sc.doc["discard"] and sc.doc["turn"]["attacked"]
    sc.illegal("use wizardblade red energy=4", rule="WW-5.5")


def test_wizardblade_reach_and_cracks() -> None:
    """wizardblade: adjacent reach (WW-9.3); a wall gets 1 crack per point (WW-X7)."""
    sc = make(hands={"blue": ["energy-4", "energy-4"], "red": []},
              blue={"items": ["wizardblade"]}, edges={"a1s": "wall"})
    sc.illegal("use wizardblade red energy=4", rule="WW-9.3")
    sc.act("use wizardblade a1s energy=4")
    assert _edge(sc, "a1s").cracks == 4


def test_wizardblade_is_an_item() -> None:
    """wizardblade (WW-7.9): played, it is carried; it needs no target to play."""
    sc = make(hands={"blue": ["wizardblade"], "red": []})
    assert "play wizardblade" in sc.legal()
    sc.act("play wizardblade")
    assert wiz(sc, "blue")["items"] == ["wizardblade"]


# ---- yoink ---------------------------------------------------------------------------------
def test_yoink_takes_an_item() -> None:
    """yoink (WW-7.4, WW-X15): blue takes red's Large Rock; it is now blue's carried item."""
    sc = make(hands={"blue": ["yoink"], "red": []}, red={"items": ["large-rock"]})
    assert "play yoink red item:large-rock" in sc.legal()
    sc.act("play yoink red item:large-rock", "pass")
    assert wiz(sc, "blue")["items"] == ["large-rock"] and wiz(sc, "red")["items"] == []
    assert sc.doc["objects"] == [] and sc.doc["turn"]["attacked"]


def test_yoink_refusals() -> None:
    """yoink (WW-7.3): never a treasure, only an item the target carries."""
    sc = make(hands={"blue": ["yoink"], "red": []}, red={"treasures": ["blue1"]})
    sc.illegal("play yoink red treasure:blue1", rule="WW-7.3")
    sc.illegal("play yoink red item:large-rock", rule="WW-7.3")

