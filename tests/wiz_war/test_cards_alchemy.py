"""The alchemy cards (effects/alchemy.py) on the wwkit layout: blue on a1, red on a5, column a
an open line of sight, round 2, blue's turn."""

from __future__ import annotations

from typing import Any

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


# ---- the magic stone rule ----------------------------------------------------------------------
def test_fire_destroys_every_magic_stone_and_boomstone_blows_up() -> None:
    """Magic stones (boomstone, speedstone): red's Fireball (WW-X10, fire) destroys all of blue's
    stones; the Boomstone blast deals 4 magical fire; Bloodshard (not a stone) stays and cuts
    each dose by 1."""
    sc = make(first="red", hands={"blue": [], "red": ["fireball"]},
              blue={"items": ["boomstone", "speedstone", "bloodshard"]})
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["items"] == ["bloodshard"]
    assert wiz(sc, "blue")["life"] == 15 - 4 - 3
    assert {"boomstone", "speedstone", "fireball"} <= set(sc.doc["discard"])


def test_boomstone_blast_kill_is_credited_to_the_fire() -> None:
    """Boomstone, WW-X11: the blast set off by red's fire kills blue; red scores 1 VP."""
    sc = make(first="red", hands={"blue": [], "red": ["fireball"]},
              blue={"life": 8, "items": ["boomstone"]})
    sc.act("play fireball blue", "pass")
    assert not wiz(sc, "blue")["alive"] and wiz(sc, "red")["vp"] == 1


def test_non_fire_damage_keeps_the_stones() -> None:
    """Magic stones break only to fire damage (WW-X10): Zot! leaves them."""
    sc = make(first="red", hands={"blue": [], "red": ["zot", "energy-4"]},
              blue={"items": ["speedstone"]})
    sc.act("play zot blue with energy-4 mode=damage", "pass")
    assert wiz(sc, "blue")["items"] == ["speedstone"] and wiz(sc, "blue")["life"] == 11


# ---- acid bath ---------------------------------------------------------------------------------
def test_acid_bath_burns_in_each_time_passes() -> None:
    """Acid Bath: a temporary spell (WW-X16) with energy tokens; 2 magical damage to red in
    each of blue's Time Passes (WW-4.2); only the casting turn's attack (WW-5.5)."""
    sc = make(hands={"blue": ["acid-bath", "energy-4"], "red": []})
    sc.act("play acid-bath red with energy-4", "pass")
    assert sc.doc["spells"][0]["tokens"] == 4 and sc.doc["turn"]["attacked"]
    assert wiz(sc, "red")["life"] == 15
    end_turn(sc)
    end_turn(sc)
    assert wiz(sc, "red")["life"] == 13 and sc.doc["spells"][0]["tokens"] == 3
    assert not sc.doc["turn"]["attacked"]


def test_acid_bath_last_token_still_burns() -> None:
    """Acid Bath with no boost: 1 token; it still burns in the Time Passes it ends (WW-4.6)."""
    sc = make(hands={"blue": ["acid-bath"], "red": []})
    sc.act("play acid-bath red", "pass")
    end_turn(sc)
    end_turn(sc)
    assert wiz(sc, "red")["life"] == 13 and sc.doc["spells"] == []
    assert "acid-bath" in sc.doc["discard"]


def test_acid_bath_washed_off_by_water() -> None:
    """Acid Bath: water damage to its target ends it (WW-X16)."""
    sc = make(hands={"blue": ["acid-bath"], "red": []})
    sc.act("play acid-bath red", "pass")
    st = _st(sc)
    vocab.damage(st, vocab.Damage(1, 1, "magical", frozenset({"water"})))
    assert sc.doc["spells"] == [] and wiz(sc, "red")["life"] == 14


def test_acid_bath_first_turn() -> None:
    """Acid Bath is an attack (WW-5.6: none in the first turn)."""
    sc = make(round=1, hands={"blue": ["acid-bath"], "red": []})
    sc.illegal("play acid-bath red", rule="WW-5.6")


# ---- bloodshard --------------------------------------------------------------------------------
def test_bloodshard_is_carried_and_reduces_each_dose() -> None:
    """Bloodshard: played as an item (WW-7.9, no window); each dose is 1 lower (5 -> 4)."""
    sc = make(hands={"blue": ["bloodshard"], "red": ["fireball"]})
    sc.act("play bloodshard")
    assert wiz(sc, "blue")["items"] == ["bloodshard"] and sc.doc["decisions"] == []
    end_turn(sc)
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["life"] == 11


# ---- boomstone ---------------------------------------------------------------------------------
def test_boomstone_is_thrown_and_discarded() -> None:
    """Boomstone: thrown as the attack (WW-X9) for 4 magical fire damage, then discarded."""
    sc = make(hands={"blue": ["boomstone"], "red": []})
    sc.act("play boomstone")
    assert wiz(sc, "blue")["items"] == ["boomstone"]
    assert "use boomstone red" in sc.legal()
    sc.act("use boomstone red", "pass")      # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 11 and wiz(sc, "blue")["items"] == []
    assert "boomstone" in sc.doc["discard"] and sc.doc["turn"]["attacked"]


def test_boomstone_refusals() -> None:
    """Boomstone: an attack (WW-5.6), in LOS (WW-9.4)."""
    sc = make(round=1, blue={"items": ["boomstone"]})
    sc.illegal("use boomstone red", rule="WW-5.6")
    sc = make(blue={"items": ["boomstone"]}, red={"square": "b3"})
    sc.illegal("use boomstone red", rule="WW-9.4")


# ---- brainstone --------------------------------------------------------------------------------
def test_brainstone_draws_and_raises_the_limit() -> None:
    """Brainstone: cast, it draws 2 (WW-6.2); hand limit 9 while carried (WW-6.7)."""
    sc = make(hands={"blue": ["brainstone"], "red": []})
    sc.act("play brainstone")
    assert hand(sc, "blue") == ["energy-4", "energy-4"]
    assert vocab.hand_limit(_st(sc), 0) == 9 and vocab.hand_limit(_st(sc), 1) == 7


def test_brainstone_leaving_costs_two_chosen_cards() -> None:
    """Brainstone: dropped, its carrier discards 2 hand cards of his choice (choose, one at a
    time, by place in his sorted hand: WW-2.9); picking it up again draws nothing."""
    sc = make(hands={"blue": ["zot", "dispel", "energy-6"], "red": []},
              blue={"items": ["brainstone"]})
    sc.act("drop item:brainstone")
    top = sc.doc["decisions"][-1]
    assert top["kind"] == "Choice" and top["options"] == ["1", "2", "3"]
    sc.illegal("move s", rule="WW-7.6")
    sc.act("choose 3")                          # dispel, energy-6, zot: the 3rd is zot
    assert sc.doc["decisions"][-1]["options"] == ["1", "2"]
    sc.act("choose 1")                          # dispel
    assert hand(sc, "blue") == ["energy-6"] and sc.doc["decisions"] == []
    assert {"zot", "dispel"} <= set(sc.doc["discard"])
    sc.act("pickup item:brainstone")
    assert hand(sc, "blue") == ["energy-6"] and wiz(sc, "blue")["items"] == ["brainstone"]


def test_brainstone_lost_to_fire() -> None:
    """Brainstone, magic stone rule: fire destroys it, and its carrier discards 2 (his hand
    here holds two cards, so no question is needed)."""
    sc = make(first="red", hands={"blue": ["zot", "dispel"], "red": ["fireball"]},
              blue={"items": ["brainstone"]})
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["items"] == [] and hand(sc, "blue") == []
    assert {"brainstone", "zot", "dispel"} <= set(sc.doc["discard"])


def test_brainstone_taken_by_yoink_draws_the_first_time() -> None:
    """Brainstone: the first time a wizard gains it he draws 2 (WW-6.7): blue takes it from
    red with Yoink (WW-X15) and draws 2, red discards 2; red takes it back and draws nothing,
    having carried it before."""
    sc = make(hands={"blue": ["yoink"], "red": ["yoink", "zot", "dispel"]},
              red={"items": ["brainstone"]})
    sc.act("play yoink red item:brainstone", "pass")
    assert wiz(sc, "blue")["items"] == ["brainstone"]
    assert hand(sc, "blue") == ["energy-4", "energy-4"]
    sc.act("choose 3", "choose 1")          # red's hand: dispel, yoink, zot (WW-2.9: places)
    assert hand(sc, "red") == ["yoink"] and {"zot", "dispel"} <= set(sc.doc["discard"])
    end_turn(sc)
    sc.act("play yoink blue item:brainstone", "pass")
    assert wiz(sc, "red")["items"] == ["brainstone"] and hand(sc, "red") == []
    assert hand(sc, "blue") == []                    # 2 cards: both discarded, no question


def test_brainstone_picked_up_by_another_wizard_draws() -> None:
    """Brainstone: a dropped copy blue never carried draws him 2 when he picks it up (the
    first time he gains it, WW-6.7); the one-item pickup costs 1 MP (WW-X15)."""
    sc = make(objects=[{"item": "brainstone", "square": "a1"}])
    sc.act("pickup item:brainstone")
    assert wiz(sc, "blue")["items"] == ["brainstone"]
    assert hand(sc, "blue") == ["energy-4", "energy-4"]


# ---- fool's gold -------------------------------------------------------------------------------
def test_fools_gold_traps_the_home_sector() -> None:
    """Fool's Gold: maintained on blue's home sector (WW-X16); red picking up blue1 there takes
    3 magical damage (not an attack, no kill credit: WW-X11)."""
    sc = make(hands={"blue": ["fools-gold"], "red": []}, red={"square": "b2"})
    sc.illegal("play fools-gold sector:red", rule="WW-10.6")
    assert "play fools-gold sector:blue" in sc.legal()
    sc.act("play fools-gold sector:blue", "pass")
    assert sc.doc["spells"][0]["card"] == "fools-gold"
    end_turn(sc)
    sc.act("pickup treasure:blue1", "pass")  # blue, its owner, passes (WW-X18)
    assert wiz(sc, "red")["life"] == 12 and wiz(sc, "red")["treasures"] == ["blue1"]


def test_fools_gold_spares_its_caster() -> None:
    """Fool's Gold: the caster picking up a treasure in his sector is not hurt."""
    sc = make(hands={"blue": ["fools-gold"], "red": []}, blue={"square": "b2"})
    sc.act("play fools-gold sector:blue", "pass", "pickup treasure:blue1")
    assert wiz(sc, "blue")["life"] == 15


# ---- homunculus --------------------------------------------------------------------------------
def test_homunculus_is_created_and_walks() -> None:
    """Homunculus: an object with 5 life in an empty square in LOS (WW-10.9, WW-X21); at the
    start of blue's next turn he moves it one square (choose); ending the spell removes it."""
    sc = make(hands={"blue": ["homunculus", "homunculus"], "red": []})
    sc.illegal("play homunculus a5", rule="WW-10.9")
    sc.act("play homunculus a2", "pass")
    (obj,) = _objects(sc, "homunculus")
    assert obj["square"] == "a2" and obj["data"] == {"life": 5} and obj["owner"] == 0
    end_turn(sc)
    end_turn(sc)
    top = sc.doc["decisions"][-1]
    assert top["kind"] == "Choice" and top["options"] == ["n", "s", "stay"]   # a2e is a wall
    sc.act("choose s")
    assert _objects(sc, "homunculus")[0]["square"] == "a3"
    sc.act("end-spell homunculus")
    assert _objects(sc, "homunculus") == [] and sc.doc["spells"] == []


def test_homunculus_cannot_be_targeted() -> None:
    """Homunculus: not a valid target (WW-10.5, the card's reading)."""
    sc = make(hands={"blue": ["homunculus"], "red": []},
              blue={"items": ["universal-solvent", "boomstone"]})
    sc.act("play homunculus a3", "pass")
    assert "use universal-solvent a3:homunculus" not in sc.legal()
    sc.illegal("use universal-solvent a3:homunculus", rule="WW-10.5")
    sc.illegal("use boomstone a3:homunculus", rule="WW-10.5")


def test_homunculus_spell_ends_without_its_object() -> None:
    """Homunculus: if its object is gone (destroyed by another card), the spell ends at the
    caster's next Time Passes (WW-X16)."""
    sc = make(hands={"blue": ["homunculus"], "red": []})
    sc.act("play homunculus a2", "pass")
    st = _st(sc)
    vocab.destroy_object(st, st.objects[0])
    end_turn(sc)
    end_turn(sc)
    assert sc.doc["spells"] == [] and sc.doc["decisions"] == []


# ---- lifestone, speedstone, spellstone --------------------------------------------------------
def test_lifestone_heals_at_turn_start() -> None:
    """Lifestone: +1 life when blue's turn begins (WW-4.2), never above 20 (WW-X10)."""
    sc = make(blue={"life": 10, "items": ["lifestone"]})
    assert wiz(sc, "blue")["life"] == 11
    end_turn(sc)
    end_turn(sc)
    assert wiz(sc, "blue")["life"] == 12
    sc = make(blue={"life": 20, "items": ["lifestone"]})
    assert wiz(sc, "blue")["life"] == 20


def test_speedstone_adds_one_mp() -> None:
    """Speedstone: base move 4 while carried (WW-5.2); dropped, it gives nothing."""
    sc = make(blue={"items": ["speedstone"]})
    assert sc.doc["turn"]["mp"] == 4
    sc.act("drop item:speedstone")
    end_turn(sc)
    end_turn(sc)
    assert sc.doc["turn"]["mp"] == 3


def test_spellstone_draws_one_more() -> None:
    """Spellstone: one extra card at the start of the carrier's turn, within the hand limit
    (WW-6.2, WW-A5)."""
    sc = make(blue={"items": ["spellstone"]})
    assert hand(sc, "blue") == ["energy-4"]
    sc = make(hands={"blue": ["zot"] * 6, "red": []}, blue={"items": ["spellstone"]})
    assert len(hand(sc, "blue")) == 6


# ---- mightstone --------------------------------------------------------------------------------
def test_mightstone_adds_a_d4_to_the_punch() -> None:
    """Mightstone: the punch (WW-X8) deals 1 + d4 physical damage; menus roll nothing."""
    sc = make(blue={"items": ["mightstone"]}, red={"square": "a2"})
    assert "punch red" in sc.legal()
    sc.dice(3)
    sc.act("punch red", "pass")              # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 11


def test_mightstone_punch_cracks_a_wall() -> None:
    """Mightstone: with a 2 the punch deals 3, one crack on a wall (WW-X7)."""
    sc = make(blue={"items": ["mightstone"]}, edges={"a1s": "wall"})
    sc.dice(2)
    sc.act("punch a1s")
    st = _st(sc)
    edge = st.board.peek_edge(*st.board.parse_edge("a1s"))
    assert edge is not None and edge.cracks == 1


# ---- stone dead --------------------------------------------------------------------------------
def test_stone_dead_counts_the_stones() -> None:
    """Stone Dead: energy (WW-X17) + 1 per magic stone red carries: 4 + 2 = 6."""
    sc = make(hands={"blue": ["stone-dead", "energy-4"], "red": []},
              red={"items": ["speedstone", "lifestone", "bloodshard"]})
    sc.act("play stone-dead red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 15 - 6 + 1          # Bloodshard takes 1 off the dose


def test_stone_dead_needs_something_to_count() -> None:
    """Stone Dead: no energy and no stones is refused (WW-X17); stones alone are enough."""
    sc = make(hands={"blue": ["stone-dead"], "red": []})
    sc.illegal("play stone-dead red", rule="WW-X17")
    sc = make(hands={"blue": ["stone-dead"], "red": []}, red={"items": ["speedstone"]})
    sc.act("play stone-dead red", "pass")
    assert wiz(sc, "red")["life"] == 14


# ---- universal solvent -------------------------------------------------------------------------
def test_universal_solvent_eats_a_wall() -> None:
    """Universal Solvent: not an attack (usable in round 1, WW-5.6); the wall and the solvent
    are destroyed (WW-10.5)."""
    sc = make(round=1, hands={"blue": ["universal-solvent"], "red": []},
              edges={"a1s": "wall"})
    sc.act("play universal-solvent")
    assert "use universal-solvent a1s" in sc.legal()
    sc.act("use universal-solvent a1s")
    assert edge_kind(sc, "a1s") is None and wiz(sc, "blue")["items"] == []
    assert "universal-solvent" in sc.doc["discard"] and not sc.doc["turn"]["attacked"]


def test_universal_solvent_eats_an_object_not_the_border() -> None:
    """Universal Solvent: a rosebush in LOS goes; the outer wall cannot (WW-X3)."""
    sc = make(blue={"items": ["universal-solvent"]},
              objects=[{"kind": "rosebush", "square": "a3"}])
    sc.illegal("use universal-solvent a1n", rule="WW-X3")
    sc.act("use universal-solvent a3:rosebush")
    assert _objects(sc, "rosebush") == []


# ---- visionstone -------------------------------------------------------------------------------
def test_visionstone_sees_through_one_wall() -> None:
    """Visionstone: a LOS spell passes one wall (WW-9.4, WW-X5), not two; thrown items get no
    help."""
    sc = make(hands={"blue": ["fireball"], "red": []}, edges={"a1s": "wall"})
    sc.illegal("play fireball red", rule="WW-9.4")
    sc = make(hands={"blue": ["fireball"], "red": []}, edges={"a1s": "wall"},
              blue={"items": ["visionstone", "boomstone"]})
    sc.illegal("use boomstone red", rule="WW-9.4")
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10
    sc = make(hands={"blue": ["fireball"], "red": []}, edges={"a1s": "wall", "a3s": "wall"},
              blue={"items": ["visionstone"]})
    sc.illegal("play fireball red", rule="WW-9.4")
