"""The mutation school's cards (effects/mutation.py) on the wwkit layout: blue on a1, red on a5
(column a is an open line), round 2, blue to play. Dice are scripted with `sc.dice`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.wiz_war.wwkit import edge_kind, end_turn, hand, make, wiz


def play(sc: Any, *actions: str) -> None:
    """Act, passing any counter window an attack opens for its victim (WW-X18)."""
    for action in actions:
        sc.act(action)
        while sc.doc["decisions"] and sc.doc["decisions"][-1]["kind"] == "CounterWindow" \
                and action.startswith(("punch", "use")):
            sc.act("pass")


def spells(sc: Any) -> list[str]:
    return [s["card"] for s in sc.doc["spells"]]


def treasure_square(sc: Any, name: str) -> str | None:
    found: str | None = next(t for t in sc.doc["treasures"] if t["name"] == name)["square"]
    return found


# ---- absorb-spell ----------------------------------------------------------------------------
def test_absorb_spell_takes_the_card() -> None:
    """absorb-spell (WW-7.6, WW-X18): the fireball is cancelled, red takes the card, the boost
    of a boosted spell stays discarded; blue's attack is used all the same (WW-A17)."""
    sc = make(hands={"blue": ["zot", "energy-5"], "red": ["absorb-spell"]})
    sc.act("play zot red with energy-5 mode=damage", "counter absorb-spell", "pass")
    assert wiz(sc, "red")["life"] == 15 and hand(sc, "red") == ["zot"]
    assert "energy-5" in sc.doc["discard"] and "zot" not in sc.doc["discard"]
    assert "absorb-spell" in sc.doc["discard"] and sc.doc["casts"] == []


def test_absorb_spell_not_mundane() -> None:
    """absorb-spell: a mundane card opens no window, so it cannot be absorbed (WW-7.6)."""
    sc = make(hands={"blue": ["pick-lock"], "red": ["absorb-spell"]}, blue={"square": "g3"})
    sc.act("play pick-lock g3e")
    assert sc.doc["decisions"] == [] and hand(sc, "red") == ["absorb-spell"]


def test_absorbed_card_is_played_later() -> None:
    """absorb-spell: the lasting spell never comes into play (WW-X16); red later casts the
    absorbed Create Wall himself on his turn (WW-7.2)."""
    sc = make(hands={"blue": ["create-wall"], "red": ["absorb-spell"]})
    sc.act("play create-wall a2s", "counter absorb-spell", "pass")
    assert edge_kind(sc, "a2s") is None and spells(sc) == []
    end_turn(sc)
    sc.act("play create-wall a4s", "pass")
    assert edge_kind(sc, "a4s") == "wall" and sc.doc["spells"][0]["caster"] == 1


# ---- adrenaline ------------------------------------------------------------------------------
def test_adrenaline_two_attacks() -> None:
    """adrenaline (WW-5.5 allowance 2): two punches in one turn, not a third."""
    sc = make(hands={"blue": ["adrenaline"], "red": []}, red={"square": "a2"})
    play(sc, "play adrenaline blue", "pass", "punch red", "punch red")
    assert wiz(sc, "red")["life"] == 13 and sc.doc["turn"]["attacks"] == 2
    sc.illegal("punch red", rule="WW-5.5")


def test_adrenaline_on_another_wizard_and_expiry() -> None:
    """adrenaline on red (WW-9.4 in LOS): red may attack twice on his turn; the temporary spell
    (1 token without a boost, WW-X16) ends at blue's next Time Passes (WW-4.3, WW-4.4)."""
    sc = make(hands={"blue": ["adrenaline"], "red": []}, red={"square": "a2"})
    sc.act("play adrenaline red", "pass")
    assert sc.doc["spells"][0]["targets"] == ["red"]
    end_turn(sc)
    play(sc, "punch blue", "punch blue")
    assert wiz(sc, "blue")["life"] == 13
    end_turn(sc)
    assert spells(sc) == []


def test_adrenaline_stunned() -> None:
    """adrenaline with WW-X13: a stunned wizard attacks once and moves, or twice without
    moving."""
    sc = make(hands={"blue": [], "red": []}, red={"square": "a2"},
              spells=[{"card": "adrenaline", "caster": "blue", "targets": ["blue"],
                       "energy": 3, "tokens": 3}],
              blue={"stun": 1})
    play(sc, "punch red", "move e")
    sc.illegal("punch red", rule="WW-X13")
    sc2 = make(hands={"blue": [], "red": []}, red={"square": "a2"},
               spells=[{"card": "adrenaline", "caster": "blue", "targets": ["blue"],
                        "energy": 3, "tokens": 3}],
               blue={"stun": 1})
    play(sc2, "punch red", "punch red")
    sc2.illegal("move e", rule="WW-X13")


def test_without_adrenaline_one_attack() -> None:
    """WW-5.5: the usual allowance is one attack; WW-X13 stunned who moved may not attack."""
    sc = make(hands={"blue": [], "red": []}, red={"square": "a2"}, blue={"stun": 1})
    sc.act("move e")
    sc.illegal("punch red", rule="WW-X13")


# ---- forms -----------------------------------------------------------------------------------
def test_golem_form() -> None:
    """golem-form: maintained (WW-X16); base move 2 from the next turn; punch 2; damage taken
    2 lower (WW-X10); only counters (WW-7.2); a treasure costs 1 MP and movement goes on
    (WW-X14)."""
    sc = make(hands={"blue": ["golem-form", "fireball"], "red": ["fireball"]},
              red={"square": "a2"})
    sc.act("play golem-form", "pass")
    assert spells(sc) == ["golem-form"]
    sc.illegal("play fireball red", rule="WW-7.2")
    play(sc, "punch red")
    assert wiz(sc, "red")["life"] == 13
    end_turn(sc)
    sc.act("play fireball blue", "pass")
    assert wiz(sc, "blue")["life"] == 12
    end_turn(sc)
    assert sc.doc["turn"]["mp"] == 2


def test_golem_picks_up_treasure_for_1_mp() -> None:
    """golem-form, WW-X14: the pickup costs 1 MP and does not end movement."""
    sc = make(hands={"blue": [], "red": []}, blue={"square": "b2"},
              spells=[{"card": "golem-form", "caster": "blue", "targets": []}])
    sc.act("pickup treasure:blue1")
    assert sc.doc["turn"]["mp"] == 1 and not sc.doc["turn"]["stopped"]
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "c2"


def test_one_form_at_a_time() -> None:
    """A new form ends the old one (grimorio's reading, WW-X16); the form's base move
    applies on the next turn (werewolf 4)."""
    sc2 = make(hands={"blue": ["werewolf-form"], "red": []},
               spells=[{"card": "big-man-form", "caster": "blue", "targets": []}])
    sc2.act("play werewolf-form", "pass")
    assert spells(sc2) == ["werewolf-form"] and "big-man-form" in sc2.doc["discard"]
    end_turn(sc2)
    end_turn(sc2)
    assert sc2.doc["turn"]["mp"] == 4


@pytest.mark.parametrize(("old", "new"), [("werewolf-form", "gnome-form"),
                                          ("gnome-form", "werewolf-form"),
                                          ("big-man-form", "mist-body"),
                                          ("mist-body", "big-man-form")])
def test_gnome_form_and_mist_body_are_forms_too(old: str, new: str) -> None:
    """gnome-form and mist-body are forms (grimorio's reading, WW-X16): cast on a wizard in
    another form they end it, and a form cast on a gnome or on mist ends that."""
    sc = make(hands={"blue": [new], "red": []},
              spells=[{"card": old, "caster": "blue", "targets": []}])
    sc.act(f"play {new}")
    while sc.state.current_player == 1:
        sc.act("pass")
    assert spells(sc) == [new] and old in sc.doc["discard"]


def test_werewolf_punch_rolls() -> None:
    """werewolf-form: the punch deals the d4 roll (WW-X8, WW-X19); counters only (WW-7.2)."""
    sc = make(hands={"blue": ["zot"], "red": []}, red={"square": "a2"},
              spells=[{"card": "werewolf-form", "caster": "blue", "targets": []}])
    sc.illegal("play zot red mode=stun", rule="WW-7.2")
    sc.dice(3)
    play(sc, "punch red")
    assert wiz(sc, "red")["life"] == 12


def test_slime_form() -> None:
    """slime-form: passes a red door (WW-X4 lifted) and leaves the treasure on the near side
    (WW-X14); entering red's square deals 1 (not an attack); no attacks (WW-5.5)."""
    sc = make(hands={"blue": [], "red": []}, blue={"square": "g3", "treasures": ["red1"]},
              red={"square": "h3"},
              spells=[{"card": "slime-form", "caster": "blue", "targets": []}])
    sc.illegal("punch red", rule="WW-5.5")
    sc.act("move e")
    assert wiz(sc, "blue")["square"] == "h3" and treasure_square(sc, "red1") == "g3"
    assert wiz(sc, "red")["life"] == 14 and not sc.doc["turn"]["attacked"]


def test_slime_cast_casts_counters_only() -> None:
    """slime-form: casting it is a neutral maintained spell (WW-7.10, WW-X16); then only
    counters (WW-7.2)."""
    sc = make(hands={"blue": ["slime-form", "create-wall"], "red": []})
    sc.act("play slime-form", "pass")
    sc.illegal("play create-wall a2s", rule="WW-7.2")


def test_big_man_blocks_los_and_entry() -> None:
    """big-man-form (WW-X5, WW-X2): his square stops LOS beyond it and nobody enters it;
    Dispel ends the form (WW-10.8)."""
    sc = make(hands={"blue": ["big-man-form"], "red": ["fireball", "dispel"]},
              red={"square": "a4"}, blue={"square": "a3"})
    sc.act("play big-man-form", "pass")
    end_turn(sc)
    sc.illegal("move n", rule="WW-X21")
    sc.act("play fireball blue", "pass")         # he himself is seen
    assert wiz(sc, "blue")["life"] == 10
    sc.act("play dispel spell:big-man-form@blue", "pass")
    assert spells(sc) == []
    sc.act("move n")
    assert wiz(sc, "red")["square"] == "a3"


def test_big_man_shields_the_line() -> None:
    """big-man-form, WW-X5: a wizard behind the big man is out of LOS."""
    sc = make(hands={"blue": ["create-wall"], "red": []}, red={"square": "a3"},
              spells=[{"card": "big-man-form", "caster": "red", "targets": []}])
    sc.illegal("play create-wall a4s", rule="WW-9.4")
    assert "play create-wall a2s" in sc.legal()
    sc.act("move s")
    assert wiz(sc, "blue")["square"] == "a2"
    sc.illegal("move s", rule="WW-X21")


def test_big_man_pushes() -> None:
    """big-man-form: stepping into red's square pushes red one square on (WW-X2); punch 3."""
    sc = make(hands={"blue": [], "red": []}, blue={"square": "a1"}, red={"square": "a2"},
              spells=[{"card": "big-man-form", "caster": "blue", "targets": []}])
    play(sc, "punch red")
    assert wiz(sc, "red")["life"] == 12
    sc.act("move s")
    assert wiz(sc, "blue")["square"] == "a2" and wiz(sc, "red")["square"] == "a3"


def test_big_man_cannot_push_into_a_wall() -> None:
    """big-man-form: a wizard who cannot be pushed on blocks the step (grimorio's reading)."""
    sc = make(hands={"blue": [], "red": []}, blue={"square": "a1"}, red={"square": "a2"},
              edges={"a2s": "wall"},
              spells=[{"card": "big-man-form", "caster": "blue", "targets": []}])
    sc.illegal("move s", rule="WW-X21")


# ---- disease ---------------------------------------------------------------------------------
def test_disease() -> None:
    """disease (WW-7.4 attack on the cast turn): entering red's square deals 3 physical, once
    per turn; the attack is used."""
    sc = make(hands={"blue": ["disease"], "red": []}, red={"square": "a2"})
    sc.act("play disease", "pass")
    assert spells(sc) == ["disease"] and sc.doc["turn"]["attacked"]
    sc.act("move s")
    assert wiz(sc, "red")["life"] == 12
    sc.act("move n", "move s")      # out and back: no second hit this turn
    assert wiz(sc, "red")["life"] == 12
    sc.illegal("punch red", rule="WW-5.5")


def test_disease_first_turn() -> None:
    """disease is an attack: not in the first turn (WW-5.6)."""
    sc = make(round=1, hands={"blue": ["disease"], "red": []})
    sc.illegal("play disease", rule="WW-5.6")


# ---- extra-arms ------------------------------------------------------------------------------
def test_extra_arms_hand_limit_and_treasure() -> None:
    """extra-arms: items leave the hand limit (WW-6.7); a treasure pickup does not end
    movement, one treasure at most (WW-X14)."""
    sc = make(hands={"blue": ["extra-arms"] + ["energy-4"] * 5, "red": []},
              blue={"square": "b2", "items": ["large-rock"], "treasures": ["red2"]})
    sc.act("play extra-arms", "pass")
    sc.illegal("pickup treasure:blue1", rule="WW-X14")
    sc.act("drop treasure:red2", "pickup treasure:blue1", "move e")
    assert wiz(sc, "blue")["square"] == "c2"
    sc.act("end", "discard none")        # 5 hand + 1 spell (the item is free) = 6: draw 1
    assert "draw 1" in sc.legal()


def test_extra_arms_sweep() -> None:
    """extra-arms: `use extra-arms` punches every wizard within reach (WW-X8), as the attack."""
    sc = make(hands={"blue": [], "red": []}, red={"square": "a2"},
              spells=[{"card": "extra-arms", "caster": "blue", "targets": []}])
    play(sc, "use extra-arms")
    assert wiz(sc, "red")["life"] == 14 and sc.doc["turn"]["attacked"]
    sc.illegal("punch red", rule="WW-5.5")


def test_extra_arms_sweep_rolls_mightstone() -> None:
    """extra-arms + mightstone: the sweep is a punch (WW-X8): 1 + the d4 (3) physical; red,
    attacked, is asked first (WW-X18)."""
    sc = make(hands={"blue": [], "red": []}, red={"square": "a2"},
              blue={"items": ["mightstone"]},
              spells=[{"card": "extra-arms", "caster": "blue", "targets": []}])
    sc.dice(3)
    sc.act("use extra-arms")
    assert [(d["kind"], d["seat"]) for d in sc.doc["decisions"]] == [("CounterWindow", 1)]
    sc.act("pass")
    assert wiz(sc, "red")["life"] == 11


def test_extra_arms_sweep_victim_may_answer() -> None:
    """extra-arms, WW-X18: the swept wizard gets the attack window; red teleports away with a
    counter, out of sight: the sweep misses him."""
    sc = make(hands={"blue": [], "red": ["teleport"]}, red={"square": "a2"},
              spells=[{"card": "extra-arms", "caster": "blue", "targets": []}])
    sc.act("use extra-arms", "counter teleport b4", "pass")
    assert wiz(sc, "red")["square"] == "b4" and wiz(sc, "red")["life"] == 15
    assert sc.doc["turn"]["attacked"] and sc.events(kind="miss", rule="WW-X18")


# ---- heave-ho --------------------------------------------------------------------------------
def test_heave_ho() -> None:
    """heave-ho: mundane attack (no window); 4 squares down column a = 4 physical; the treasure
    lands in red's square (WW-X14)."""
    sc = make(hands={"blue": ["heave-ho"], "red": []}, blue={"treasures": ["red1"]})
    sc.act("play heave-ho red treasure:red1")
    assert sc.doc["decisions"] == [] and wiz(sc, "red")["life"] == 11
    assert treasure_square(sc, "red1") == "a5" and wiz(sc, "blue")["treasures"] == []


def test_heave_ho_needs_a_carried_treasure_and_empty_square() -> None:
    """heave-ho: no carried treasure (WW-7.3); a square target must be empty (WW-10.9)."""
    sc = make(hands={"blue": ["heave-ho"], "red": []}, blue={"treasures": ["red1"]},
              red={"treasures": ["blue1"]})
    sc.illegal("play heave-ho red treasure:blue1", rule="WW-7.3")
    sc.illegal("play heave-ho a5 treasure:red1", rule="WW-10.9")
    sc.act("play heave-ho a3 treasure:red1")
    assert treasure_square(sc, "red1") == "a3"


def test_heave_ho_strength_doubles() -> None:
    """heave-ho with strength: the physical damage is doubled (4 -> 8)."""
    sc = make(hands={"blue": ["heave-ho"], "red": []}, blue={"treasures": ["red1"]},
              spells=[{"card": "strength", "caster": "blue", "targets": [], "energy": 0,
                       "tokens": 2}])
    sc.act("play heave-ho red treasure:red1")
    assert wiz(sc, "red")["life"] == 7


# ---- mad-dash --------------------------------------------------------------------------------
def test_mad_dash() -> None:
    """mad-dash: MP doubled (WW-5.2), treasures dropped, no treasure pickup this turn
    (WW-X14); next turn the ban is gone."""
    sc = make(hands={"blue": ["mad-dash"], "red": []}, blue={"treasures": ["red1"]})
    sc.act("move s", "play mad-dash", "pass")
    assert sc.doc["turn"]["mp"] == 4 and treasure_square(sc, "red1") == "a2"
    sc.illegal("pickup treasure:red1", rule="WW-X14")
    end_turn(sc)
    end_turn(sc)
    sc.act("pickup treasure:red1", "pass")   # red, its owner, passes (WW-X18)
    assert wiz(sc, "blue")["treasures"] == ["red1"]


# ---- strength --------------------------------------------------------------------------------
def test_strength_doubles_punch_and_expires() -> None:
    """strength: physical damage doubled (punch 1 -> 2); temporary (WW-X16) with energy 4
    tokens."""
    sc = make(hands={"blue": ["strength", "energy-4"], "red": []}, red={"square": "a2"})
    play(sc, "play strength with energy-4", "pass", "punch red")
    assert wiz(sc, "red")["life"] == 13 and sc.doc["spells"][0]["tokens"] == 4


def test_strength_wrench() -> None:
    """strength: `use strength` is an attack (WW-5.5); d4 2-4 takes the treasure (WW-X19);
    a 1 fails."""
    base: dict[str, Any] = {"hands": {"blue": [], "red": []}, "red": {
        "square": "a1", "treasures": ["blue1"], "items": ["large-rock"]},
        "spells": [{"card": "strength", "caster": "blue", "targets": [], "energy": 0,
                    "tokens": 2}]}
    sc = make(**base)
    sc.dice(3)
    play(sc, "use strength red treasure:blue1")
    assert wiz(sc, "blue")["treasures"] == ["blue1"] and sc.doc["turn"]["attacked"]
    sc.illegal("use strength red item:large-rock", rule="WW-5.5")
    sc2 = make(**base)
    sc2.dice(1)
    play(sc2, "use strength red item:large-rock")
    assert wiz(sc2, "red")["items"] == ["large-rock"]


def test_strength_wrench_refusals() -> None:
    """strength: only from a wizard in your square (WW-9.2); not a second treasure (WW-X14)."""
    sc = make(hands={"blue": [], "red": []}, red={"treasures": ["blue1"]},
              blue={"treasures": ["red1"]},
              spells=[{"card": "strength", "caster": "blue", "targets": [], "energy": 0,
                       "tokens": 2}])
    sc.illegal("use strength red treasure:blue1", rule="WW-9.2")
    sc2 = make(hands={"blue": [], "red": []}, red={"square": "a1", "treasures": ["blue1"]},
               blue={"treasures": ["red1"]},
               spells=[{"card": "strength", "caster": "blue", "targets": [], "energy": 0,
                        "tokens": 2}])
    sc2.illegal("use strength red treasure:blue1", rule="WW-X14")


# ---- stretch ---------------------------------------------------------------------------------
def test_stretch_pickup_treasure() -> None:
    """stretch mode=pickup: a treasure lying in LOS (b2 seen from d2, WW-9.4) is taken and
    movement ends (WW-X14)."""
    sc = make(hands={"blue": ["stretch"], "red": []})
    sc.illegal("play stretch treasure:blue1 mode=pickup", rule="WW-9.4")
    sc2 = make(hands={"blue": ["stretch"], "red": []}, blue={"square": "d2"})
    sc2.act("play stretch treasure:blue1 mode=pickup", "pass")
    assert wiz(sc2, "blue")["treasures"] == ["blue1"] and sc2.doc["turn"]["stopped"]


def test_stretch_drop_and_choice() -> None:
    """stretch mode=drop: with two carried things the caster chooses which (WW-7.2)."""
    sc = make(hands={"blue": ["stretch"], "red": []},
              blue={"treasures": ["red1"], "items": ["large-rock"]})
    sc.act("play stretch a4 mode=drop", "pass")
    assert sc.doc["decisions"][0]["kind"] == "Choice"
    sc.act("choose treasure:red1")
    assert treasure_square(sc, "red1") == "a4" and wiz(sc, "blue")["items"] == ["large-rock"]


def test_stretch_punch_is_the_attack() -> None:
    """stretch mode=punch: a punch at range (WW-X8) that uses the attack (WW-5.5); not in the
    first turn (WW-5.6); the other modes are no attack."""
    sc = make(hands={"blue": ["stretch", "stretch"], "red": []})
    sc.act("play stretch red mode=punch", "pass")
    assert wiz(sc, "red")["life"] == 14 and sc.doc["turn"]["attacked"]
    sc.illegal("play stretch red mode=punch", rule="WW-5.5")
    sc2 = make(round=1, hands={"blue": ["stretch"], "red": []})
    sc2.illegal("play stretch red mode=punch", rule="WW-5.6")
    sc2.illegal("play stretch red", rule="WW-7.3")


# ---- wallivore -------------------------------------------------------------------------------
def test_wallivore() -> None:
    """wallivore: a stone wall of your square is eaten (WW-X7) and you heal 2 (WW-X10)."""
    sc = make(hands={"blue": ["wallivore"], "red": []}, blue={"life": 10},
              edges={"a1s": "wall"})
    assert "play wallivore a1s" in sc.legal()
    sc.act("play wallivore a1s", "pass")
    assert edge_kind(sc, "a1s") is None and wiz(sc, "blue")["life"] == 12


def test_wallivore_refusals() -> None:
    """wallivore: not the outer wall or a door (WW-X7); not a wall away from you (WW-9.3)."""
    sc = make(hands={"blue": ["wallivore"], "red": []}, edges={"a2s": "wall"})
    sc.illegal("play wallivore a1n", rule="WW-X7")
    sc.illegal("play wallivore a2s", rule="WW-9.3")
