"""The elemental school's cards (effects/elemental.py) on the wwkit layout.

Blue starts on a1, red on a5; a1..e1 (wall on e1e), a5..e5 and column a are open lines; b1s and
g3s are stone walls, g3e a red door. Every test names its card key and the rules it checks.
"""

from __future__ import annotations

from typing import Any

from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.state import WizWarState
from tests.wiz_war.wwkit import edge_kind, end_turn, make, wiz


def spells(sc: Any) -> list[str]:
    return [s["card"] for s in sc.doc["spells"]]


def state(sc: Any) -> WizWarState:
    st = sc.state
    assert isinstance(st, WizWarState)
    return st


# ---- fog ---------------------------------------------------------------------------------------
def test_fog_limits_los_to_one_square() -> None:
    """fog: a temporary spell (WW-X16, energy tokens) through the LOS path (WW-X5): a1 no longer
    sees a5 (WW-9.4); ending it restores the line."""
    sc = make(hands={"blue": ["fog", "energy-4", "fireball"], "red": []})
    sc.act("play fog with energy-4", "pass")
    assert spells(sc) == ["fog"] and sc.doc["spells"][0]["tokens"] == 4
    sc.illegal("play fireball red", rule="WW-9.4")
    assert not any(a.startswith("play fireball") for a in sc.legal())
    sc.act("end-spell fog")
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10


def test_fog_keeps_the_next_square_and_the_punch() -> None:
    """fog: one square is still seen (WW-X5): a fireball at a2 and the punch (WW-X8) work; a3
    is out of sight for every wizard (red too)."""
    sc = make(hands={"blue": ["fog", "fireball"], "red": []}, red={"square": "a2"})
    sc.act("play fog", "pass")
    assert "punch red" in sc.legal()
    st = state(sc)
    a3 = st.board.parse_square("a3")
    assert not vocab.sees(st, 0, a3) and vocab.sees(st, 1, a3)
    assert not vocab.sees(st, 1, st.board.parse_square("a4"))
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10


def test_fog_ends_when_its_tokens_run_out() -> None:
    """fog: temporary with 1 token unboosted; it ends at the caster's next Time Passes (WW-4.3,
    WW-4.4) and LOS comes back."""
    sc = make(hands={"blue": ["fog"], "red": ["fireball"]})
    sc.act("play fog", "pass")
    end_turn(sc)
    sc.illegal("play fireball blue", rule="WW-9.4")
    end_turn(sc)
    assert spells(sc) == [] and "fog" in sc.doc["discard"]
    assert vocab.sees(state(sc), 0, state(sc).board.parse_square("a5"))


# ---- lightning-bolt ----------------------------------------------------------------------------
def test_lightning_bolt_runs_its_energy() -> None:
    """lightning-bolt: aimed by the neighbour a2, energy 4 runs a2..a5; red on a3 takes 3
    magical damage and 1 stun token (WW-X10, WW-X13); it is the turn's attack (WW-7.4)."""
    sc = make(hands={"blue": ["lightning-bolt", "energy-4"], "red": []}, red={"square": "a3"})
    sc.act("play lightning-bolt a2 with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 12 and wiz(sc, "red")["stun"] == 1
    assert wiz(sc, "blue")["life"] == 15 and sc.doc["turn"]["attacked"]


def test_lightning_bolt_turns_back_at_a_wall() -> None:
    """lightning-bolt: the wall a3s turns it back; it re-enters a3, then a2 (red hit again) and
    a1 (the caster is hit): 5 squares. One stun token per victim (card notes)."""
    sc = make(hands={"blue": ["lightning-bolt", "energy-5"], "red": []}, red={"square": "a2"},
              edges={"a3s": "wall"})
    sc.act("play lightning-bolt a2 with energy-5", "pass")
    assert wiz(sc, "red")["life"] == 9 and wiz(sc, "red")["stun"] == 1
    assert wiz(sc, "blue")["life"] == 12 and wiz(sc, "blue")["stun"] == 1


def test_lightning_bolt_refusals() -> None:
    """lightning-bolt: needs energy (WW-X17), a neighbouring square as its direction (WW-9.3),
    and is an attack (WW-5.6: not in the first turn)."""
    sc = make(hands={"blue": ["lightning-bolt", "energy-4"], "red": []})
    sc.illegal("play lightning-bolt a2", rule="WW-X17")
    sc.illegal("play lightning-bolt a3 with energy-4", rule="WW-9.3")
    assert "play lightning-bolt a2 with energy-4" in sc.legal()
    first = make(round=1, hands={"blue": ["lightning-bolt", "energy-4"], "red": []})
    first.illegal("play lightning-bolt a2 with energy-4", rule="WW-5.6")


# ---- mist-body ---------------------------------------------------------------------------------
def test_mist_body_passes_doors_not_stone() -> None:
    """mist-body: the red door g3e is passed (WW-X4 waived), the stone wall g3s still blocks
    (WW-X3); the spell is maintained and counts toward the hand (WW-X16, WW-6.6)."""
    sc = make(hands={"blue": ["mist-body"], "red": []}, blue={"square": "g3"})
    sc.illegal("move e", rule="WW-X4")
    sc.act("play mist-body", "pass")
    assert spells(sc) == ["mist-body"] and vocab.hand_count(state(sc), 0) == 1
    sc.illegal("move s", rule="WW-X3")
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "h3"


def test_mist_body_cannot_attack() -> None:
    """mist-body: no attack spell and no punch while in mist (WW-5.5); one at a time (WW-X16);
    ending it lifts that."""
    sc = make(hands={"blue": ["mist-body", "mist-body", "fireball"], "red": []},
              red={"square": "a2"})
    sc.act("play mist-body", "pass")
    sc.illegal("play fireball red", rule="WW-5.5")
    sc.illegal("punch red", rule="WW-5.5")
    sc.illegal("play mist-body", rule="WW-X16")
    sc.act("end-spell mist-body")
    sc.act("punch red", "pass")              # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 14


def test_mist_body_cannot_be_attacked() -> None:
    """mist-body: an attack on the mist wizard does nothing (the damage is evaded, WW-X10), the
    attack is still used (WW-5.5); a Dispel ends the spell (WW-10.8)."""
    sc = make(hands={"blue": ["fireball", "dispel"], "red": []},
              spells=[{"card": "mist-body", "caster": "red"}])
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 15 and sc.events(kind="evade")
    sc.act("play dispel spell:mist-body@red", "pass")
    assert spells(sc) == []


# ---- stone-block -------------------------------------------------------------------------------
def test_stone_block_blocks_los_and_movement() -> None:
    """stone-block: an object on an empty square in LOS (WW-10.9) that blocks LOS (WW-X5) and
    movement (WW-X21); ending the maintained spell removes it (WW-X16)."""
    sc = make(hands={"blue": ["stone-block", "fireball"], "red": []})
    sc.act("play stone-block a2", "pass")
    assert [(o["kind"], o["square"]) for o in sc.doc["objects"]] == [("stone-block", "a2")]
    sc.illegal("play fireball red", rule="WW-9.4")
    sc.illegal("move s", rule="WW-X21")
    sc.act("end-spell stone-block")
    assert sc.doc["objects"] == [] and spells(sc) == []
    sc.act("move s")
    assert wiz(sc, "blue")["square"] == "a2"


def test_stone_block_needs_an_empty_square() -> None:
    """stone-block: a square holding a wizard is refused (WW-10.9); out of LOS too (WW-9.4)."""
    sc = make(hands={"blue": ["stone-block"], "red": []})
    sc.illegal("play stone-block a5", rule="WW-10.9")
    sc.illegal("play stone-block b3", rule="WW-9.4")
    assert any(a.startswith("play stone-block") for a in sc.legal())


def test_broken_stone_block_ends_the_spell() -> None:
    """stone-block: once its block is gone the spell ends at the caster's Time Passes
    (WW-4.2, WW-X16), so it stops taking a hand slot."""
    sc = make(hands={"blue": ["stone-block"], "red": []})
    sc.act("play stone-block a2", "pass")
    st = state(sc)
    vocab.destroy_object(st, st.objects[0])
    end_turn(sc)
    end_turn(sc)
    assert spells(sc) == [] and "stone-block" in sc.doc["discard"]


# ---- stone-spikes ------------------------------------------------------------------------------
def test_stone_spikes_throw() -> None:
    """stone-spikes: a temporary spell (WW-X16); `use` throws a spike at a wizard in LOS for 3
    physical damage, the turn's attack (WW-X9, WW-5.5)."""
    sc = make(hands={"blue": ["stone-spikes", "energy-4"], "red": []})
    sc.act("play stone-spikes with energy-4", "pass")
    assert sc.doc["spells"][0]["tokens"] == 4 and sc.doc["turn"]["attacked"] is False
    assert "use stone-spikes red" in sc.legal()
    sc.act("use stone-spikes red", "pass")   # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 12 and sc.doc["turn"]["attacked"]
    sc.illegal("use stone-spikes red", rule="WW-5.5")
    end_turn(sc)
    end_turn(sc)
    sc.act("use stone-spikes red", "pass")
    assert wiz(sc, "red")["life"] == 9


def test_stone_spikes_range_and_end() -> None:
    """stone-spikes: LOS only (WW-9.4); no throw once the spell's token is gone (WW-4.4)."""
    sc = make(hands={"blue": ["stone-spikes"], "red": []}, red={"square": "b3"})
    sc.act("play stone-spikes", "pass")
    sc.illegal("use stone-spikes red", rule="WW-9.4")
    end_turn(sc)
    end_turn(sc)
    assert spells(sc) == []
    sc.illegal("use stone-spikes red", rule="WW-7.9")


# ---- wall-of-fire ------------------------------------------------------------------------------
def test_wall_of_fire_burns_who_crosses() -> None:
    """wall-of-fire: a fire barrier on an open edge (WW-10.1); it does not block LOS (WW-X5);
    red crossing it takes 4 magical damage, not an attack and no VP for blue (WW-X11)."""
    sc = make(hands={"blue": ["wall-of-fire", "fireball"], "red": []}, red={"square": "a3"})
    sc.act("play wall-of-fire a2s", "pass")
    assert edge_kind(sc, "a2s") == "fire" and spells(sc) == ["wall-of-fire"]
    assert "play fireball red" in sc.legal()
    end_turn(sc)
    sc.act("move n")
    assert wiz(sc, "red")["square"] == "a2" and wiz(sc, "red")["life"] == 11
    sc.act("move s")
    assert wiz(sc, "red")["life"] == 7 and wiz(sc, "blue")["vp"] == 0


def test_wall_of_fire_ends_with_its_spell() -> None:
    """wall-of-fire: the barrier goes when the maintained spell ends (WW-X16); crossing is then
    harmless; a closed edge is refused (WW-10.1)."""
    sc = make(hands={"blue": ["wall-of-fire"], "red": []})
    sc.illegal("play wall-of-fire b1s", rule="WW-10.1")
    sc.act("play wall-of-fire a1s", "pass")
    sc.act("end-spell wall-of-fire")
    assert edge_kind(sc, "a1s") is None
    sc.act("move s")
    assert wiz(sc, "blue")["life"] == 15


def test_wall_of_fire_burns_a_pushed_wizard() -> None:
    """wall-of-fire: a knock-back across the barrier counts as crossing (card notes)."""
    sc = make(hands={"blue": ["wall-of-fire", "waterbolt", "energy-4"], "red": []},
              red={"square": "a3"})
    sc.act("play wall-of-fire a3s", "pass")
    sc.act("play waterbolt red with energy-4 push=1", "pass")
    assert wiz(sc, "red")["square"] == "a4" and wiz(sc, "red")["life"] == 8


def test_wall_of_fire_counters_a_water_spell() -> None:
    """wall-of-fire as a counter (WW-7.6, WW-X18): a waterbolt is cancelled; both cards are
    discarded and nothing stays in play; the countered attack is still used (WW-A17)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": ["wall-of-fire"]})
    sc.act("play waterbolt red with energy-4")
    assert "counter wall-of-fire" in sc.legal()
    sc.act("counter wall-of-fire", "pass")
    assert wiz(sc, "red")["life"] == 15 and spells(sc) == []
    assert {"waterbolt", "wall-of-fire"} <= set(sc.doc["discard"])
    assert sc.doc["turn"]["attacked"]


def test_wall_of_fire_only_counters_water() -> None:
    """wall-of-fire answers water spells only (WW-7.6): a fireball cannot be countered."""
    sc = make(hands={"blue": ["fireball"], "red": ["wall-of-fire"]})
    sc.act("play fireball red")
    assert sc.legal() == ["pass"]
    sc.illegal("counter wall-of-fire", rule="WW-7.6")


# ---- waterbolt ---------------------------------------------------------------------------------
def test_waterbolt_splits_damage_and_knock_back() -> None:
    """waterbolt: energy 5 as push=2 and 3 damage (WW-X17); the push goes away from the caster
    along the column (a3 -> a5)."""
    sc = make(hands={"blue": ["waterbolt", "energy-5"], "red": []}, red={"square": "a3"})
    sc.act("play waterbolt red with energy-5 push=2", "pass")
    assert wiz(sc, "red")["life"] == 12 and wiz(sc, "red")["square"] == "a5"


def test_waterbolt_all_damage_or_all_push() -> None:
    """waterbolt: push=0 is all damage; push beyond the wall is lost (card notes)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []})
    sc.act("play waterbolt red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 11
    sc2 = make(hands={"blue": ["waterbolt", "energy-4"], "red": []}, red={"square": "a3"})
    sc2.act("play waterbolt red with energy-4 push=4", "pass")
    assert wiz(sc2, "red")["life"] == 15 and wiz(sc2, "red")["square"] == "a5"


def test_waterbolt_on_oneself_takes_a_direction() -> None:
    """waterbolt on the caster: `dir=` says where he is knocked (card notes); `dir=` is refused
    when the target lies on a line (WW-X5)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []})
    sc.illegal("play waterbolt blue with energy-4 push=2", rule="WW-X5")
    sc.illegal("play waterbolt red with energy-4 push=2 dir=s", rule="WW-X5")
    sc.act("play waterbolt blue with energy-4 push=2 dir=s", "pass")
    assert wiz(sc, "blue")["square"] == "a3" and wiz(sc, "blue")["life"] == 13


def test_waterbolt_refusals() -> None:
    """waterbolt: no energy (WW-X17), push above the energy (WW-X17), pushing an object or an
    edge without fire (WW-7.3)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []},
              objects=[{"kind": "rosebush", "square": "a3"}])
    sc.illegal("play waterbolt a3:rosebush", rule="WW-X17")
    sc.illegal("play waterbolt a3:rosebush with energy-4 push=1", rule="WW-7.3")
    sc.illegal("play waterbolt a1s with energy-4", rule="WW-7.3")
    sc.illegal("play waterbolt a3:rosebush with energy-4 push=7", rule="WW-X17")


def test_waterbolt_destroys_a_fire_cloak() -> None:
    """waterbolt + fire-cloak: the water ends the cloak before it can burn back (card notes);
    the cloak goes to the discard pile (WW-X15)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []}, red={"square": "a2",
              "items": ["fire-cloak"]})
    sc.act("play waterbolt red with energy-4", "pass")
    assert wiz(sc, "red")["life"] == 11 and wiz(sc, "red")["items"] == []
    assert wiz(sc, "blue")["life"] == 15 and "fire-cloak" in sc.doc["discard"]


def test_waterbolt_douses_a_wall_of_fire() -> None:
    """waterbolt on a Wall of Fire edge ends that spell and its barrier (WW-X16)."""
    sc = make(hands={"blue": ["wall-of-fire", "waterbolt", "energy-4"], "red": []})
    sc.act("play wall-of-fire a2s", "pass")
    sc.act("play waterbolt a2s with energy-4", "pass")
    assert edge_kind(sc, "a2s") is None and spells(sc) == []


# ---- fire-cloak --------------------------------------------------------------------------------
def test_fire_cloak_punch() -> None:
    """fire-cloak: an item (WW-7.9, WW-X15) carried; the punch (WW-X8) deals 1 + 2."""
    sc = make(hands={"blue": ["fire-cloak"], "red": []}, red={"square": "a2"})
    sc.act("play fire-cloak")
    assert wiz(sc, "blue")["items"] == ["fire-cloak"] and vocab.hand_count(state(sc), 0) == 1
    sc.act("punch red", "pass")              # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 12


def test_fire_cloak_burns_a_close_attacker() -> None:
    """fire-cloak: the puncher next to the carrier takes 2 magical fire damage back, not an
    attack (WW-X10, WW-X11)."""
    sc = make(hands={"blue": [], "red": []}, red={"square": "a2", "items": ["fire-cloak"]})
    sc.act("punch red", "pass")              # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 14 and wiz(sc, "blue")["life"] == 13


def test_fire_cloak_ignores_a_distant_attacker() -> None:
    """fire-cloak: a fireball from 4 squares away is not answered (card notes: neighbouring)."""
    sc = make(hands={"blue": ["fireball"], "red": []}, red={"items": ["fire-cloak"]})
    sc.act("play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10 and wiz(sc, "blue")["life"] == 15


# ---- windrider ---------------------------------------------------------------------------------
def test_windrider_flies_until_the_wall() -> None:
    """windrider: energy 5 east from a1 stops before the wall e1e after 4 squares; no MP spent
    (WW-5.2)."""
    sc = make(hands={"blue": ["windrider", "energy-5"], "red": []})
    sc.act("play windrider with energy-5 dir=e", "pass")
    assert wiz(sc, "blue")["square"] == "e1" and sc.doc["turn"]["mp"] == 3


def test_windrider_stops_before_a_wizard() -> None:
    """windrider: a wizard in the way stops the flight before his square (card notes)."""
    sc = make(hands={"blue": ["windrider", "energy-4"], "red": []}, red={"square": "d1"})
    sc.act("play windrider with energy-4 dir=e", "pass")
    assert wiz(sc, "blue")["square"] == "c1"


def test_windrider_through_a_wall_of_fire() -> None:
    """windrider + wall-of-fire: flying across the barrier burns (card notes)."""
    sc = make(hands={"blue": ["windrider", "energy-4", "wall-of-fire"], "red": []})
    sc.act("play wall-of-fire b1e", "pass")
    sc.act("play windrider with energy-4 dir=e", "pass")
    assert wiz(sc, "blue")["square"] == "e1" and wiz(sc, "blue")["life"] == 11


def test_windrider_refusals() -> None:
    """windrider: a direction is needed (WW-7.3), energy too (WW-X17); the outer wall blocks at
    once (WW-X3)."""
    sc = make(hands={"blue": ["windrider", "energy-4"], "red": []})
    sc.illegal("play windrider with energy-4", rule="WW-7.3")
    sc.illegal("play windrider dir=e", rule="WW-X17")
    sc.illegal("play windrider with energy-4 dir=n", rule="WW-X3")
    assert "play windrider with energy-4 dir=e" in sc.legal()


def test_waterbolt_washes_away_tacks() -> None:
    """waterbolt on tacks removes them (card notes; WW-X21)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []},
              objects=[{"kind": "tacks", "square": "a3"}])
    sc.act("play waterbolt a3:tacks with energy-4", "pass")
    assert sc.doc["objects"] == []


def test_waterbolt_menu() -> None:
    """waterbolt: the menu offers each split once (no direction without a knock-back,
    WW-7.3)."""
    sc = make(hands={"blue": ["waterbolt", "energy-4"], "red": []})
    plays = [a for a in sc.legal() if a.startswith("play waterbolt")]
    assert "play waterbolt red with energy-4 dir=away push=0" in plays
    assert len(plays) == 5
    sc.illegal("play waterbolt red with energy-4 dir=n", rule="WW-7.3")
