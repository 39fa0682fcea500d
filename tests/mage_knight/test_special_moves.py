"""Move actions that leave the warrior in place: Magic Levitation (MK-17.4, MK-G16, MK-A19,
MK-A34, MK-20.3), Necromancy (MK-18.6, MK-18.7, MK-A43) and Regeneration (MK-20.6). Exact
coordinates, scripted dice.

Figures: 145 Magus (Magic Levitation on clicks 0-1, 180° front arc), 31 Grave Robber
(Necromancy on click 0), 25 Zombie (rises whole), 34 Feral Bloodsucker (6 live clicks),
64 Troll Brawler (Regeneration on click 5), 100 Royal Pikeman (Polearm), 130 Deep Spawn
(Magic Immunity), 5 Utem Guardsman."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import GUARD, act, events, illegal, legal, mk_state, w

MAGUS, ROBBER, ZOMBIE, BLOODSUCKER, TROLL, PIKEMAN, DEEP_SPAWN = 145, 31, 25, 34, 64, 100, 130


def levitation(enemy: int = GUARD, **fields: Any) -> MageKnightState:
    """a1 Magus at 10,2 facing north; a2 Guardsman at 20,2; b1 (`enemy`) touching the Magus at
    10,3.25; b2 Guardsman far away."""
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [20, 2], "facing": 90},
                                "b1": {"at": [10, 3.25], "facing": 270},
                                "b2": {"at": [30, 30], "facing": 270}}
    warriors.update(fields)
    return mk_state({"players": [{"army": [MAGUS, GUARD]}, {"army": [enemy, GUARD]}],
                     "warriors": warriors})


# ------------------------------------------------------------------------------ Magic Levitation

def test_levitation_moves_a_touching_figure_in_a_straight_line() -> None:
    # MK-17.4, MK-G16: up to 10 in, over terrain and bases, any facing; MK-A19 nobody rolls
    # to escape, the levitator stays and takes the token (MK-5.1), the figure moved does not.
    st = levitation(a2={"at": [10, 7], "facing": 90})
    act(st, "levitate a1 b1 to 10,13.25 facing 180")
    b1, a1 = w(st, "b1"), w(st, "a1")
    assert (b1.x, b1.y, b1.facing, b1.tokens) == (10, 13.25, 180, 0)
    assert (a1.x, a1.y, a1.tokens) == (10, 2, 1)
    assert not events(st, "escape") and events(st, "levitate")[0].rule == "MK-17.4"


def test_levitation_limits() -> None:
    # MK-G16 at most 10 in; MK-6.7 never itself; MK-A19 never onto a base or off the table.
    st = levitation(a2={"at": [10, 12], "facing": 90})
    illegal(st, "levitate a1 b1 to 10,13.3 facing 0", "MK-G16")
    illegal(st, "levitate a1 a1 to 10,8 facing 0", "MK-6.7")
    illegal(st, "levitate a1 b1 to 10,12.5 facing 0", "MK-A19")
    illegal(st, "levitate a1 b1 to 0.3,3.25 facing 0", "MK-A19")
    illegal(st, "levitate a2 b1 to 10,8 facing 0", "MK-17.4")            # no levitation


def test_levitation_may_not_leave_a_figure_astride_an_elevated_edge() -> None:
    # MK-A7: a base partly on and partly off elevated terrain is never a legal place to stop,
    # and being levitated is a move (MK-A18); MK-A19 on the hill itself is fine.
    hill = {"kind": "elevated", "outline": [[5, 8], [15, 8], [15, 14], [5, 14]]}
    st = mk_state({"players": [{"army": [MAGUS, GUARD]}, {"army": [GUARD, GUARD]}],
                   "terrain": [hill],
                   "warriors": {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [20, 2], "facing": 90},
                                "b1": {"at": [10, 3.25], "facing": 270},
                                "b2": {"at": [30, 30], "facing": 270}}})
    illegal(st, "levitate a1 b1 to 10,8 facing 0", "MK-A7")
    act(st, "levitate a1 b1 to 10,11 facing 0")
    assert st.elevated("b1")


def test_levitation_needs_contact_at_the_start_of_the_turn() -> None:
    # MK-17.4: a figure that touched the levitator when the turn began, even if it has moved
    # away since; not one that came into contact during the turn.
    st = levitation(a2={"at": [8.75, 2], "facing": 90}, b1={"at": [20, 20], "facing": 270})
    act(st, "move a2 to 8.75,8 facing 90")
    act(st, "levitate a1 a2 to 8.75,16 facing 90")
    assert w(st, "a2").y == 16
    st = levitation(a2={"at": [18, 2], "facing": 90}, b1={"at": [20, 20], "facing": 270})
    act(st, "move a2 to 11.25,2 facing 90")
    illegal(st, "levitate a1 a2 to 14,2 facing 90", "MK-17.4")


def test_no_levitating_captives_or_magic_immune_figures() -> None:
    # MK-A34, MK-12.6 captives are off limits; MK-20.3 Magic Immunity.
    st = levitation(a2={"at": [11.25, 3.25], "facing": 90, "captive": "b1"})
    illegal(st, "levitate a1 b1 to 10,10 facing 0", "MK-A34")
    st = levitation(DEEP_SPAWN)
    illegal(st, "levitate a1 b1 to 10,10 facing 0", "MK-20.3")


def test_a_levitated_figure_moved_so_spins_and_polearm_follow() -> None:
    # MK-A18, MK-A35: being levitated is a move: the figures it newly touches may spin (here
    # the Pikeman's own player, not the active one) and Polearm strikes it.
    st = mk_state({"players": [{"army": [MAGUS, PIKEMAN]}, {"army": [GUARD, GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [16, 10], "facing": 0},
                                "b1": {"at": [10, 3.25], "facing": 270},
                                "b2": {"at": [30, 30], "facing": 270}}})
    act(st, "levitate a1 b1 to 14.75,10 facing 0")
    assert st.current_player == 0 and legal(st) == ["spin a2 180", "spin a2 no"]
    act(st, "spin a2 180")
    assert w(st, "b1").click == 1 and events(st, "polearm")[0].data["by"] == "a2"


def test_a_levitated_controller_brings_its_captive() -> None:
    # MK-A19, MK-12.8: its captive comes along and its player sets it down touching it.
    st = levitation(b1={"at": [10, 3.25], "facing": 270, "captive": "a2"},
                    a2={"at": [11.25, 3.25], "facing": 90})
    act(st, "levitate a1 b1 to 10,12 facing 0")
    assert st.current_player == 1 and legal(st)[0].startswith("captive a2 at")
    act(st, "captive a2 at 11.25,12 facing 90")
    assert (w(st, "a2").x, w(st, "a2").y) == (11.25, 12)


# ------------------------------------------------------------------------------ Necromancy

def graveyard(**fields: Any) -> MageKnightState:
    """a1 Grave Robber at 10,2; a2 Zombie and a3 Feral Bloodsucker in the pool; b1 far."""
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"eliminated": True}, "a3": {"eliminated": True},
                                "b1": {"at": [10, 30], "facing": 270}}
    warriors.update(fields)
    return mk_state({"players": [{"army": [ROBBER, ZOMBIE, BLOODSUCKER]}, {"army": [GUARD]}],
                     "warriors": warriors})


def test_necromancy_raises_a_zombie_whole() -> None:
    # MK-18.7, MK-A43: Zombies and Skeletons return on their starting click without a roll,
    # set down touching the necromancer, facing as its owner says; the necromancer stays and
    # takes a token (MK-5.1).
    st = graveyard()
    act(st, "raise a1 a2 at 11.25,2 facing 45")
    a2 = w(st, "a2")
    assert (a2.placed, a2.eliminated, a2.x, a2.y, a2.facing, a2.click) == (True, False, 11.25,
                                                                          2, 45, 0)
    assert not events(st, "roll") and w(st, "a1").tokens == 1 and a2.tokens == 0


def test_necromancy_rolls_damage_and_may_fail() -> None:
    # MK-18.7: d6 clicks from the start; on the skulls the figure stays in the pool.
    st = graveyard()
    st.script_dice([3])
    act(st, "raise a1 a3 at 10,3.25 facing 90")
    assert w(st, "a3").click == 3 and w(st, "a3").placed
    st = graveyard()
    st.script_dice([6])                                                 # 6 live clicks: KO
    act(st, "raise a1 a3 at 10,3.25 facing 90")
    assert w(st, "a3").eliminated and not w(st, "a3").placed
    assert not events(st, "score")                                      # MK-A57: in the pool
    assert events(st, "raise_failed")[0].rule == "MK-18.7"


def test_necromancy_limits() -> None:
    # MK-18.6 no opposing figure touching; only own eliminated figures; MK-18.7 set down
    # touching, where a base may stand (MK-A43).
    st = graveyard(b1={"at": [10, 3.25], "facing": 270})
    illegal(st, "raise a1 a2 at 11.25,2 facing 0", "MK-18.6")
    st = graveyard()
    illegal(st, "raise a1 b1 at 11.25,2 facing 0", "MK-18.6")
    illegal(st, "raise a1 a2 at 12,2 facing 0", "MK-18.7")
    st = graveyard(a1={"at": [10, 1], "facing": 90})
    illegal(st, "raise a1 a2 at 10,-0.25 facing 0", "MK-A45")


def test_raising_is_a_placement_not_a_move() -> None:
    # MK-A18: set down next to an enemy, it triggers no free spin.
    st = graveyard(b1={"at": [12.5, 2], "facing": 90})
    act(st, "raise a1 a2 at 11.25,2 facing 0")
    assert st.touching("a2") == ["a1", "b1"] and not events(st, "spin")


# ------------------------------------------------------------------------------ Regeneration

def test_regeneration_heals_d6_minus_two() -> None:
    # MK-20.6: d6 - 2, at least 0; the warrior stays where it is and takes a token.
    st = mk_state({"players": [{"army": [TROLL, GUARD]}, {"army": [GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "click": 5}, "a2": {"at": [20, 2]},
                                "b1": {"at": [10, 3.25], "facing": 270}}})
    st.script_dice([5])
    act(st, "regenerate a1")
    assert w(st, "a1").click == 2 and w(st, "a1").tokens == 1 and (w(st, "a1").x == 10)
    st = mk_state({"players": [{"army": [TROLL, GUARD]}, {"army": [GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "click": 5}, "a2": {"at": [20, 2]},
                                "b1": {"at": [10, 30], "facing": 270}}})
    st.script_dice([2])
    act(st, "regenerate a1")
    assert w(st, "a1").click == 5 and events(st, "regenerate")[0].data["clicks"] == 0
    illegal(st, "regenerate a2", "MK-20.6")


def test_a_raised_figure_returns_with_no_damager_on_record() -> None:
    # MK-A43, MK-A28: a figure Necromancy brings back starts a fresh life, so a later
    # self-elimination is not scored by whoever damaged it in its first life.
    st = graveyard()
    w(st, "a2").last_damager = 1                      # damaged by P2 before it fell
    act(st, "raise a1 a2 at 11.25,2 facing 45")
    assert w(st, "a2").placed and w(st, "a2").last_damager is None
