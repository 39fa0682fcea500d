"""Dials, damage, healing and elimination (MK-1.3 to MK-1.10, MK-11.4, MK-11.5, MK-12.6,
MK-12.12, MK-12.14, MK-A28, MK-A29), through rules/damage.py.

Figures: 5 Utem Guardsman (6 live clicks, Demoralized on 4-5), 60 Altem Guardsman (Weapon
Master and Battle Armor on 0-1, Battle Fury on 4-6, Berserk on 7), 16 Mending Priestess
(Defend on click 0, defense 15)."""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_knight.rules import abilities, damage
from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import ALTEM, GUARD, act, events, legal, mk_state, w


def pair(**warriors: Any) -> Any:
    """a1 Altem Guardsman (seat 0), a2 guardsman; b1, b2 guardsmen (seat 1)."""
    base: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90}, "a2": {"at": [20, 2]},
                            "b1": {"at": [10, 3.25], "facing": 270}, "b2": {"at": [30, 30]}}
    base.update(warriors)
    return mk_state(players=[{"army": [ALTEM, GUARD]}, {"army": [GUARD, GUARD]}],
                    warriors=base)


def test_values_and_abilities_follow_the_dial() -> None:
    # MK-1.2 four values on the dial, range on the base; MK-1.4 and MK-18.1 the start click;
    # MK-1.7 abilities come and go with the dial; MK-1.9 the base's information.
    st = pair()
    assert st.figure("a1").start == 0 and w(st, "a1").click == 0
    assert (st.value("a1", "attack"), st.figure("a1").range) == (11, 6)
    assert st.abilities("a1") == {"weapon_master", "battle_armor"}
    damage.deal(st, "a1", 4, by="b1", by_seat=1, rule="MK-9.2")
    assert st.abilities("a1") == {"battle_fury"}
    assert st.figure("a1").range == 6                       # fixed all game
    fig = st.figure("a1")
    assert (fig.points, fig.targets, fig.faction, fig.rank) == (37, 1, fig.faction, "tough")


def test_clicks_one_at_a_time_and_stop_at_ko() -> None:
    # MK-1.3 one click at a time; MK-1.5 three skulls eliminate at once and clicks still owed
    # are dropped; MK-11.5 the eliminated pool; MK-22.2 the eliminator's player scores.
    st = pair(b1={"at": [10, 3.25], "facing": 270, "click": 4})
    turned = damage.deal(st, "b1", 5, by="a1", by_seat=0, rule="MK-9.2")
    assert turned == 2 and w(st, "b1").eliminated and not w(st, "b1").placed
    assert st.players[0].vp_eliminated == 13 and w(st, "b1").last_damager == 0
    assert events(st, "eliminated")[0].rule == "MK-9.2"
    assert damage.deal(st, "b1", 1, by="a1", by_seat=0, rule="MK-9.2") == 0
    assert st.touching("a1") == []


def test_healing_stops_at_the_start() -> None:
    # MK-1.6 and MK-11.4: healing never passes the starting click; the rest is wasted.
    st = pair(b1={"at": [10, 3.25], "facing": 270, "click": 2})
    assert damage.heal(st, "b1", 5, rule="MK-19.1") == 2
    assert w(st, "b1").click == 0
    assert damage.heal(st, "b1", 1, rule="MK-19.1") == 0


def test_invulnerable_warriors_heal_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # MK-11.4 and MK-20.7 (no Rebellion dial shows Invulnerability, MK-X7: patched in).
    st = pair(b1={"at": [10, 3.25], "facing": 270, "click": 2})
    real = MageKnightState.abilities

    def patched(self: MageKnightState, wid: str) -> frozenset[str]:
        return real(self, wid) | ({"invulnerability"} if wid == "b1" else frozenset())

    monkeypatch.setattr(MageKnightState, "abilities", patched)
    assert damage.heal(st, "b1", 2, rule="MK-19.1") == 0 and w(st, "b1").click == 2


def test_captives_take_no_damage_and_no_healing() -> None:
    # MK-11.2 and MK-12.6: nothing damages or heals a captive.
    st = pair(a1={"at": [10, 2], "facing": 90, "captive": "b1"},
              b1={"at": [10, 3.25], "facing": 270, "click": 1})
    assert damage.deal(st, "b1", 2, by="a2", by_seat=0, rule="MK-9.2") == 0
    assert damage.heal(st, "b1", 1, rule="MK-19.1") == 0
    assert w(st, "b1").click == 1
    assert st.abilities("b1") == frozenset()                 # MK-12.16, MK-A36


def test_eliminating_a_controller_frees_its_captive() -> None:
    # MK-12.12: the captive is released and its owner gives it actions again; MK-1.10 its
    # owner never changed.
    st = pair(a1={"at": [10, 2], "facing": 90, "captive": "b1", "click": 7},
              b1={"at": [10, 3.25], "facing": 270})
    assert w(st, "b1").owner == 1
    damage.deal(st, "a1", 1, by="b2", by_seat=1, rule="MK-9.2")
    assert w(st, "a1").eliminated and w(st, "b1").captor is None
    assert st.players[1].vp_eliminated == 37
    act(st, "end")
    assert "pass b1" in legal(st)


def test_battle_fury_frees_the_captive_and_berserk_eliminates_it() -> None:
    # MK-12.14, MK-18.4 Battle Fury appearing frees it; MK-18.2 Berserk appearing eliminates it,
    # scored by the captor's player (MK-A29, MK-22.6).
    st = pair(a1={"at": [10, 2], "facing": 90, "captive": "b1", "click": 3},
              b1={"at": [10, 3.25], "facing": 270})
    damage.deal(st, "a1", 1, by="b2", by_seat=1, rule="MK-9.2")
    assert st.has("a1", "battle_fury") and w(st, "b1").captor is None
    assert events(st, "released")[0].rule == "MK-12.14"
    st2 = pair(a1={"at": [10, 2], "facing": 90, "captive": "b1", "click": 6},
               b1={"at": [10, 3.25], "facing": 270})
    damage.deal(st2, "a1", 1, by="b2", by_seat=1, rule="MK-9.2")
    assert st2.has("a1", "berserk") and w(st2, "b1").eliminated
    assert st2.players[0].vp_eliminated == 13 and w(st2, "a1").captive is None


def test_own_side_eliminations_score_for_the_last_damager() -> None:
    # MK-A28 and MK-22.6: eliminated by its own side (pushing, a critical miss), the figure
    # scores for the last opposing player that damaged it.
    st = pair(b1={"at": [10, 3.25], "facing": 270, "click": 5, "last_damager": 0})
    damage.deal(st, "b1", 1, by=None, by_seat=None, rule="MK-5.3")
    assert st.players[0].vp_eliminated == 13


def test_own_side_eliminations_split_or_nobody() -> None:
    # MK-A28: with no opposing damager, the points are split evenly, rounded down, among the
    # opposing players; option self_elimination_vp=nobody follows the seed's words.
    setup = {"players": [{"army": [GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
             "warriors": {"a1": {"at": [10, 2], "click": 5}, "b1": {"at": [2, 20], "facing": 0},
                          "c1": {"at": [20, 37]}}}
    st = mk_state(setup)
    damage.deal(st, "a1", 1, by="a1", by_seat=0, rule="MK-10.2")
    assert [p.vp_eliminated for p in st.players] == [0, 6, 6]
    quiet = mk_state(setup, options={"self_elimination_vp": "nobody"})
    damage.deal(quiet, "a1", 1, by=None, by_seat=None, rule="MK-5.3")
    assert [p.vp_eliminated for p in quiet.players] == [0, 0, 0]


def test_allies_score_nothing_for_each_other() -> None:
    # MK-6.3 and MK-22.2: only opposing figures score; an ally's elimination counts as its own
    # side's (MK-A28).
    st = mk_state(players=[{"army": [GUARD]}, {"army": [GUARD]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "click": 5}, "b1": {"at": [2, 20], "facing": 0},
                            "c1": {"at": [20, 37]}}, options={"teams": "1,1,2"})
    damage.deal(st, "a1", 1, by="b1", by_seat=1, rule="MK-19.5")
    assert [p.vp_eliminated for p in st.players] == [0, 0, 13]


def test_defend_is_used_automatically() -> None:
    # MK-A49 with MK-20.5 and MK-A40: a friendly Defend warrior's higher defense is taken
    # without any declaration.
    st = mk_state(players=[{"army": [GUARD, 16]}, {"army": [GUARD]}],
                  warriors={"a1": {"at": [10, 2], "click": 2}, "a2": {"at": [11.25, 2]},
                            "b1": {"at": [10, 30]}})
    assert st.value("a1", "defense") == 13 and st.has("a2", "defend")
    assert abilities.base_defense(st, "a1") == (15, "a2")


SLASHER = 109      # Slasher (weak): Berserk on click 3 only, Demoralized on click 4
BERSERKER = 46     # Dwarven Berserker (weak): Battle Fury on click 3, Berserk on 4, then 5


def captor_state(number: int, click: int) -> Any:
    """a1 (figure `number`, seat 0) at `click` holds the guardsman b1 captive."""
    return mk_state(players=[{"army": [number, GUARD]}, {"army": [GUARD, GUARD]}],
                    warriors={"a1": {"at": [10, 2], "facing": 90, "click": click,
                                     "captive": "b1"},
                              "a2": {"at": [20, 2]},
                              "b1": {"at": [10, 3.25], "facing": 270},
                              "b2": {"at": [30, 30]}})


def test_MK_1_3_MK_12_14_berserk_on_a_click_passed_over_eliminates_the_captive() -> None:
    # MK-1.3 and MK-11.3 step 5: several clicks are turned one at a time, so a captor whose
    # dial passes a Berserk click on the way gains Berserk there and eliminates its captive
    # (MK-12.14, MK-18.2), scored by the captor's player (MK-A29), even though the click it
    # ends on shows no Berserk.
    st = captor_state(SLASHER, 2)
    assert damage.deal(st, "a1", 2, by="b2", by_seat=1, rule="MK-9.2") == 2
    assert w(st, "a1").click == 4 and not st.has("a1", "berserk")
    assert w(st, "b1").eliminated and w(st, "a1").captive is None
    assert st.players[0].vp_eliminated == 13
    assert events(st, "eliminated")[0].rule == "MK-12.14"


def test_MK_1_3_MK_12_14_battle_fury_passed_over_frees_the_captive() -> None:
    # MK-1.3, MK-12.14, MK-18.4: Battle Fury showing on a click the dial only passes over
    # still frees the captive; the later Berserk click finds no captive to eliminate.
    st = captor_state(BERSERKER, 2)
    damage.deal(st, "a1", 3, by="b2", by_seat=1, rule="MK-9.2")
    assert w(st, "a1").click == 5
    assert w(st, "b1").captor is None and not w(st, "b1").eliminated
    assert events(st, "released")[0].rule == "MK-12.14"


def test_MK_1_3_MK_12_14_healing_back_over_a_berserk_click() -> None:
    # MK-1.3 and MK-12.14: healing also turns the dial one click at a time; a captor healed
    # back over its Berserk click (Slasher from click 4 to 2) eliminates its captive there.
    st = captor_state(SLASHER, 4)
    assert damage.heal(st, "a1", 2, rule="MK-20.6") == 2
    assert w(st, "a1").click == 2 and w(st, "b1").eliminated
