"""The reaction cards (effects/reactions.py): counters to attacks and pickups, and the energy
cards Add and Powerstone. Layout: tests/wiz_war/wwkit.py (blue a1, red a5, column a open)."""

from __future__ import annotations

from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


# ---- teleport -------------------------------------------------------------------------------
def test_teleport_on_own_turn_stops_movement() -> None:
    """teleport (WW-7.2): a1 to d1, 3 steps; no more moving this turn (WW-X14's stop)."""
    sc = make(hands={"blue": ["teleport"], "red": []})
    sc.act("play teleport d1", "pass")
    assert wiz(sc, "blue")["square"] == "d1"
    sc.illegal("move w", rule="WW-X14")


def test_teleport_range_and_landing() -> None:
    """teleport: at most 4 steps (WW-9.2); never into a stone block (WW-X21)."""
    sc = make(hands={"blue": ["teleport"], "red": []},
              objects=[{"kind": "stone-block", "square": "b1"}])
    sc.illegal("play teleport e3", rule="WW-9.2")
    sc.illegal("play teleport b1", rule="WW-X21")


def test_teleport_counter_against_a_spell() -> None:
    """teleport as a counter (WW-7.6, WW-X18): red leaves column a; the fireball misses."""
    sc = make(hands={"blue": ["fireball"], "red": ["teleport"]})
    sc.act("play fireball red", "counter teleport b4", "pass")
    assert wiz(sc, "red")["square"] == "b4" and wiz(sc, "red")["life"] == 15
    assert sc.doc["turn"]["attacked"]


# ---- invisible, gnome form ---------------------------------------------------------------------
def test_invisible_counter_evades_on_high_roll() -> None:
    """invisible: cast as a counter it rolls against the attack at once; 3 evades (WW-X19)."""
    sc = make(hands={"blue": ["fireball"], "red": ["invisible"]})
    sc.dice(3)
    sc.act("play fireball red", "counter invisible", "pass")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["spells"][0]["card"] == "invisible"


def test_invisible_fails_on_a_one() -> None:
    """invisible: a 1 does not evade."""
    sc = make(hands={"blue": ["fireball"], "red": ["invisible"]})
    sc.dice(1)
    sc.act("play fireball red", "counter invisible", "pass")
    assert wiz(sc, "red")["life"] == 10


def test_gnome_form_moves_two_and_evades_low() -> None:
    """gnome-form: base move 2 (WW-5.2) from the next turn; a d4 of 1-2 evades an attack."""
    sc = make(hands={"blue": ["gnome-form", "gnome-form"], "red": ["fireball"]})
    sc.act("play gnome-form", "pass")
    sc.illegal("play gnome-form", rule="WW-7.3")
    end_turn(sc)
    sc.dice(2)
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["life"] == 15
    end_turn(sc)
    assert sc.doc["turn"]["mp"] == 2


# ---- pain link, featherweight -----------------------------------------------------------------
def test_pain_link_mirrors_attack_damage() -> None:
    """pain-link (WW-X10): as a counter, the fireball's 5 is dealt back to blue (no attack)."""
    sc = make(hands={"blue": ["fireball"], "red": ["pain-link"]})
    sc.act("play fireball red", "counter pain-link", "pass")
    assert wiz(sc, "red")["life"] == 10 and wiz(sc, "blue")["life"] == 10


def test_featherweight_pushes_instead_of_damage() -> None:
    """featherweight: 5 damage from the north pushes red a3 to a5 (2 squares), then the
    border stops him and he takes the 3 left (WW-X10, WW-X3)."""
    sc = make(hands={"blue": ["fireball"], "red": ["featherweight"]}, red={"square": "a3"})
    sc.act("play fireball red", "counter featherweight", "pass")
    assert wiz(sc, "red")["square"] == "a5" and wiz(sc, "red")["life"] == 12


# ---- flood, wall of earth ----------------------------------------------------------------------
def test_flood_forbids_fire_cards() -> None:
    """flood: while it lasts nobody may play a fire card (WW-7.2)."""
    sc = make(hands={"blue": ["flood"], "red": ["fireball"]})
    sc.act("play flood", "pass")
    assert sc.doc["spells"][0]["card"] == "flood"
    end_turn(sc)
    sc.illegal("play fireball blue", rule="WW-7.2")


def test_flood_counter_stops_a_fire_attack() -> None:
    """flood as a counter when attacked: the fire attack being cast is stopped (WW-7.6)."""
    sc = make(hands={"blue": ["fireball"], "red": ["flood"]})
    sc.act("play fireball red", "counter flood", "pass")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["spells"][0]["card"] == "flood"


def test_wall_of_earth_blocks_the_line() -> None:
    """wall-of-earth: raised on a3s, it cuts blue's column: the fireball is blocked; the wall
    then falls (WW-X18, WW-X5)."""
    sc = make(hands={"blue": ["fireball"], "red": ["wall-of-earth"]})
    sc.act("play fireball red", "counter wall-of-earth a3s", "pass")
    assert wiz(sc, "red")["life"] == 15 and edge_kind(sc, "a3s") is None


def test_wall_of_earth_off_the_line_does_nothing() -> None:
    """wall-of-earth: an edge not between them does not block (red still takes 5)."""
    sc = make(hands={"blue": ["fireball"], "red": ["wall-of-earth"]})
    sc.act("play fireball red", "counter wall-of-earth a5e", "pass")
    assert wiz(sc, "red")["life"] == 10


# ---- null powder, ward, shield -----------------------------------------------------------------
def test_null_powder_cancels_a_spell_at_its_carrier() -> None:
    """null-powder: discarded from the carried items as a counter (WW-7.6, WW-7.9)."""
    sc = make(hands={"blue": ["zot"], "red": []}, red={"items": ["null-powder"]})
    sc.act("play zot red mode=stun", "counter null-powder", "pass")
    assert wiz(sc, "red")["stun"] == 0 and wiz(sc, "red")["items"] == []
    assert "null-powder" in sc.doc["discard"]


def test_null_powder_in_hand_cannot_answer() -> None:
    """null-powder must be carried first (WW-7.9)."""
    sc = make(hands={"blue": ["zot"], "red": ["null-powder"]})
    sc.act("play zot red mode=stun")
    sc.illegal("counter null-powder", rule="WW-7.9")


def test_null_powder_ends_a_spell_on_your_turn() -> None:
    """null-powder: `use` on your turn ends one spell in play (WW-X16)."""
    sc = make(blue={"items": ["null-powder"]},
              spells=[{"card": "create-wall", "caster": "red", "targets": ["a2s"]}])
    sc.act("use null-powder spell:create-wall@red")
    assert sc.doc["spells"] == [] and wiz(sc, "blue")["items"] == []


def test_ward_keeps_the_treasure_on_a_high_roll() -> None:
    """ward: 3 magical damage; a d4 of 4 keeps the treasure with blue (WW-X19)."""
    sc = make(hands={"blue": [], "red": ["ward"]}, blue={"square": "f1"})
    sc.dice(4)
    sc.act("pickup treasure:red1", "counter ward blue", "pass")
    assert wiz(sc, "blue")["life"] == 12 and wiz(sc, "blue")["treasures"] == ["red1"]


def test_shield_boosted_against_a_thrown_rock() -> None:
    """shield: energy + 2 off; a rock's 2 damage is fully absorbed (WW-X9)."""
    sc = make(hands={"blue": [], "red": ["shield"]}, blue={"items": ["large-rock"]})
    sc.act("use large-rock red", "counter shield", "pass")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["spells"] == []


# ---- add, powerstone ---------------------------------------------------------------------------
def test_add_combines_two_cards_for_the_next_spell() -> None:
    """add (WW-X17): energy-4 + energy-5 = 9 for the next spell; no other boost on it."""
    sc = make(hands={"blue": ["add", "zot", "energy-4", "energy-5", "energy-6"], "red": []})
    sc.illegal("play add with energy-4", rule="WW-X17")
    sc.act("play add with energy-4+energy-5", "pass")
    assert sc.doc["turn"]["added"] == 9
    sc.illegal("play zot red with energy-6 mode=damage", rule="WW-X17")
    sc.act("play zot red mode=damage", "pass")
    assert wiz(sc, "red")["life"] == 6 and sc.doc["turn"]["added"] == 0
    assert hand(sc, "blue") == ["energy-6"]


def test_two_boosts_still_refused_without_add() -> None:
    """WW-X17: only Add takes two cards."""
    sc = make(hands={"blue": ["zot", "energy-4", "energy-5"], "red": []})
    sc.illegal("play zot red with energy-4+energy-5 mode=damage", rule="WW-X17")


def test_powerstone_adds_one_per_card() -> None:
    """powerstone (WW-X17, WW-5.3): a speed boost of energy-4 gives 5 MP; a zot with
    energy-4 deals 5."""
    sc = make(hands={"blue": ["zot", "energy-4", "energy-4"], "red": []},
              blue={"items": ["powerstone"]})
    sc.act("boost energy-4")
    assert sc.doc["turn"]["mp"] == 8
    sc.act("play zot red with energy-4 mode=damage", "pass")
    assert wiz(sc, "red")["life"] == 10


def test_powerstone_lost_to_fire() -> None:
    """powerstone: fire damage to its carrier destroys it (WW-X10)."""
    sc = make(hands={"blue": [], "red": ["fireball"]}, first="red",
              blue={"items": ["powerstone"]})
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["items"] == [] and "powerstone" in sc.doc["discard"]
