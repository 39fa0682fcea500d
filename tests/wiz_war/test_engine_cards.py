"""Playing cards: energy, counters, items, lasting spells, and every cantrip card."""

from __future__ import annotations

from grimorio.testing import scenario
from tests.wiz_war.test_engine_combat import THREE
from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


def test_fireball_hits_in_los() -> None:
    """WW-7.4 attack spell, WW-9.4 LOS along column a, WW-X10 5 magical fire damage."""
    sc = make(hands={"blue": ["fireball"], "red": []})
    sc.act("play fireball red")
    assert sc.doc["decisions"][0]["kind"] == "CounterWindow"     # WW-X18: red may answer
    sc.act("pass")
    assert wiz(sc, "red")["life"] == 10 and "fireball" in sc.doc["discard"]


def test_fireball_out_of_sight() -> None:
    """WW-9.4, WW-X5: b3 is not on a line blue sees from a1."""
    sc = make(hands={"blue": ["fireball"], "red": []}, red={"square": "b3"})
    sc.illegal("play fireball red", rule="WW-9.4")


def test_fireball_cracks_a_wall() -> None:
    """WW-X7, WW-10.5: 5 damage gives 1 crack to a wall."""
    sc = make(hands={"blue": ["fireball"], "red": []}, edges={"a2s": "wall"})
    sc.act("play fireball a2s", "pass")
    assert sc.state.board.peek_edge(*sc.state.board.parse_edge("a2s")).cracks == 1  # type: ignore[attr-defined]


def test_energy_is_spent_not_played() -> None:
    """WW-7.7, WW-A18: energy cards boost; they have no effect of their own."""
    sc = make(hands={"blue": ["energy-6"], "red": []})
    sc.illegal("play energy-6", rule="WW-7.7")


def test_only_one_boost_per_spell() -> None:
    """WW-X17: one card boosts a spell (Add aside)."""
    sc = make(hands={"blue": ["zot", "energy-4", "energy-5"], "red": []})
    sc.illegal("play zot red with energy-4+energy-5 mode=damage", rule="WW-X17")


def test_zot_damage_equals_energy() -> None:
    """Zot!: damage = the spell's energy (WW-X17); the boost card is spent (WW-7.7, WW-7.8)."""
    sc = make(hands={"blue": ["zot", "energy-5"], "red": []})
    sc.illegal("play zot red mode=damage", rule="WW-X17")
    sc.act("play zot red with energy-5 mode=damage", "pass")
    assert wiz(sc, "red")["life"] == 10 and hand(sc, "blue") == []
    assert set(sc.doc["discard"]) == {"zot", "energy-5"}


def test_zot_stun() -> None:
    """Zot!: two stun tokens (WW-X13, WW-4.5)."""
    sc = make(hands={"blue": ["zot"], "red": []})
    sc.act("play zot red mode=stun", "pass")
    assert wiz(sc, "red")["stun"] == 2


def test_full_shield_counters_and_the_attack_is_used() -> None:
    """WW-7.6, WW-X18, WW-A16 (the active player is asked about the counter on his own turn),
    WW-A17 (the countered attack spell still used the attack)."""
    sc = make(hands={"blue": ["fireball"], "red": ["full-shield"]}, red={"square": "a2"})
    sc.act("play fireball red")
    assert sc.state.current_player == 1 and "counter full-shield" in sc.legal()
    sc.act("counter full-shield")
    assert sc.state.current_player == 0 and sc.legal() == ["pass"]
    sc.act("pass")
    assert wiz(sc, "red")["life"] == 15 and sc.doc["casts"] == []
    assert {"fireball", "full-shield"} <= set(sc.doc["discard"])
    sc.illegal("punch red", rule="WW-5.5")


def test_full_shield_only_for_spells_aimed_at_you() -> None:
    """WW-7.6: Full Shield answers only a spell that targets its holder."""
    sc = make(hands={"blue": ["create-wall"], "red": ["full-shield"]})
    sc.act("play create-wall a2s")
    assert sc.legal() == ["pass"]
    sc.illegal("counter full-shield", rule="WW-7.6")


def test_negate_neutral() -> None:
    """WW-7.6, WW-7.10: a neutral spell is cancelled as it is cast."""
    sc = make(hands={"blue": ["create-wall"], "red": ["negate-neutral"]})
    sc.act("play create-wall a2s", "counter negate-neutral", "pass")
    assert edge_kind(sc, "a2s") is None and sc.doc["spells"] == []


def test_counter_window_order() -> None:
    """WW-X18: every living player but the caster, from the active player's left."""
    sc = scenario("wiz-war", setup={**THREE, "hands": {"blue": ["create-wall"], "red": [],
                                                       "yellow": []},
                                    "wizards": {"blue": {"square": "a1"}, "red": {"square": "a2"},
                                                "yellow": {"square": "a5"}}}, players=3)
    sc.act("play create-wall a3s")
    assert sc.state.current_player == 1
    sc.act("pass")
    assert sc.state.current_player == 2
    sc.act("pass")
    assert edge_kind(sc, "a3s") == "wall"


def test_create_wall_is_maintained() -> None:
    """Create Wall (WW-10.1): a wall on an empty edge; a maintained spell (WW-X16) counting
    toward the hand (WW-6.6); ending it removes the wall. An occupied edge is refused (WW-A15)."""
    sc = make(hands={"blue": ["create-wall", "create-wall"], "red": []})
    sc.act("play create-wall a2s", "pass")
    assert edge_kind(sc, "a2s") == "wall" and sc.doc["spells"][0]["card"] == "create-wall"
    sc.illegal("play create-wall a2s", rule="WW-A15")
    sc.act("end-spell create-wall")
    assert edge_kind(sc, "a2s") is None and sc.doc["spells"] == []


def test_wall_blocks_los() -> None:
    """WW-X3, WW-X5: a created wall cuts the column."""
    sc = make(hands={"blue": ["create-wall", "fireball"], "red": []})
    sc.act("play create-wall a2s", "pass")
    sc.illegal("play fireball red", rule="WW-9.4")


def test_dispel_ends_a_spell() -> None:
    """Dispel (WW-10.8): ends a non-instant spell; its wall goes."""
    sc = make(hands={"blue": ["create-wall"], "red": ["dispel"]})
    sc.act("play create-wall a2s", "pass")
    end_turn(sc)
    sc.act("play dispel spell:create-wall@blue", "pass")
    assert sc.doc["spells"] == [] and edge_kind(sc, "a2s") is None


def test_pick_lock_is_mundane_and_opens_once() -> None:
    """Pick Lock: the red door g3e opens for blue's next passage (WW-X4), no counter window
    (mundane); it closes behind him."""
    sc = make(hands={"blue": ["pick-lock"], "red": ["negate-neutral"]}, blue={"square": "g3"})
    sc.illegal("move e", rule="WW-X4")
    sc.act("play pick-lock g3e")
    assert sc.doc["decisions"] == []
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "h3"
    sc.illegal("move w", rule="WW-X4")


def test_pick_lock_needs_a_door() -> None:
    """Pick Lock targets a door (WW-10.3)."""
    sc = make(hands={"blue": ["pick-lock"], "red": []})
    sc.illegal("play pick-lock a1s", rule="WW-10.3")


def test_rotate_sector_moves_what_stands_on_it() -> None:
    """Rotate Sector (WW-10.6): half a turn takes f1 to j5, with the wizard and treasures."""
    sc = make(hands={"blue": ["rotate-sector"], "red": []}, red={"square": "f1"})
    sc.act("play rotate-sector sector:red turn=2", "pass")
    assert wiz(sc, "red")["square"] == "j5"
    squares = {t["name"]: t["square"] for t in sc.doc["treasures"]}
    assert squares["red1"] == "j5" and squares["red2"] == "f1"


def test_large_rock_is_thrown() -> None:
    """Large Rock: an item (WW-7.9) carried, thrown as the attack (WW-X9) for 2 physical
    damage; it then lies in the target's square as an object (WW-X15, WW-10.5)."""
    sc = make(hands={"blue": ["large-rock"], "red": []})
    sc.act("play large-rock")
    assert wiz(sc, "blue")["items"] == ["large-rock"] and sc.doc["decisions"] == []
    sc.act("use large-rock red", "pass")     # red's attack window (WW-X18)
    assert wiz(sc, "red")["life"] == 13 and wiz(sc, "blue")["items"] == []
    assert sc.doc["objects"][0]["square"] == "a5" and sc.doc["turn"]["attacked"]


def test_large_rock_first_turn() -> None:
    """WW-5.6: throwing is an attack."""
    sc = make(round=1, blue={"items": ["large-rock"]})
    sc.illegal("use large-rock red", rule="WW-5.6")


def test_drop_object() -> None:
    """Drop Object: the target drops the named carried item or treasure (WW-X15)."""
    sc = make(hands={"blue": ["drop-object"], "red": []},
              red={"items": ["large-rock"], "treasures": ["blue1"]})
    sc.illegal("play drop-object red item:fireball", rule="WW-7.3")
    sc.act("play drop-object red treasure:blue1", "pass")
    assert next(t for t in sc.doc["treasures"] if t["name"] == "blue1")["square"] == "a5"


def test_destroy_wall() -> None:
    """Destroy Wall: the wall goes (WW-X7) and wizards on both sides take 2 (not an attack)."""
    sc = make(hands={"blue": ["destroy-wall"], "red": []}, red={"square": "a2"},
              edges={"a1s": "wall"})
    sc.act("play destroy-wall a1s", "pass")
    assert edge_kind(sc, "a1s") is None
    assert wiz(sc, "blue")["life"] == 13 and wiz(sc, "red")["life"] == 13
    assert not sc.doc["turn"]["attacked"]


def test_destroy_wall_not_outer() -> None:
    """WW-X3, WW-X7: the outer wall is indestructible."""
    sc = make(hands={"blue": ["destroy-wall"], "red": []})
    sc.illegal("play destroy-wall a1n", rule="WW-X7")


def test_around_the_corner() -> None:
    """Around the Corner: the next spell's LOS bends once (a1 -> a5 -> c5), WW-9.4."""
    sc = make(hands={"blue": ["around-the-corner", "fireball"], "red": []},
              red={"square": "c5"})
    sc.illegal("play fireball red", rule="WW-9.4")
    sc.act("play around-the-corner", "pass", "play fireball red", "pass")
    assert wiz(sc, "red")["life"] == 10 and not sc.doc["turn"]["corner"]


def test_spells_only_in_own_turn() -> None:
    """WW-7.11, WW-5.7: red cannot play on blue's turn (the action is blue's to take)."""
    sc = make(hands={"blue": [], "red": ["fireball"]})
    sc.illegal("play fireball blue", rule="WW-7.2")


def test_legal_list_covers_cards() -> None:
    """The menu lists boosted and unboosted plays and both Zot! modes."""
    sc = make(hands={"blue": ["zot", "energy-5", "create-wall"], "red": []})
    legal = sc.legal()
    assert "play zot red with energy-5 mode=damage" in legal
    assert "play zot red mode=stun" in legal and "boost energy-5" in legal
    assert any(a.startswith("play create-wall") for a in legal)

