"""Free spins (MK-7.10, MK-7.11, MK-A18, MK-G5) and Polearm (MK-20.2, MK-A35) after a move.
Exact coordinates, scripted dice; contact at 1.25 in.

Figures: 5 Utem Guardsman (speed 8), 20 Crystal Bladesman (standard), 61 Wood Golem
(Toughness), 100 Royal Pikeman (Polearm on clicks 0-1)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import GUARD, act, events, illegal, legal, mk_state, w

BLADESMAN, GOLEM, PIKEMAN = 20, 61, 100


def meeting(mover: int = GUARD, target: int = GUARD, **fields: Any) -> MageKnightState:
    """a1 (`mover`) at 10,2 facing north; b1 (`target`) at 10,10 facing east; a2, b2 away."""
    warriors: dict[str, Any] = {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [30, 2], "facing": 90},
                                "b1": {"at": [10, 10], "facing": 0},
                                "b2": {"at": [30, 30], "facing": 270}}
    warriors.update(fields)
    return mk_state({"players": [{"army": [mover, GUARD]}, {"army": [target, GUARD]}],
                     "warriors": warriors})


def test_seed_example_the_bladesman_spins_to_face_the_guardsman() -> None:
    # MK-7.12: Derek's Guardia Utem (speed 8) moves until it touches Brian's Espadachín de
    # Cristal; Brian may spin the Espadachín to face the Guardia with its front arc (MK-7.10).
    st = meeting(target=BLADESMAN)
    act(st, "move a1 to 10,8.75 facing 90")
    assert st.current_player == 1                                       # Brian decides
    assert legal(st) == ["spin b1 270", "spin b1 no"]
    act(st, "spin b1 270")
    assert w(st, "b1").facing == 270 and st.current_player == 0
    assert events(st, "spin")[0].rule == "MK-7.10"


def test_spin_must_bring_the_mover_into_the_front_arc() -> None:
    # MK-7.10, MK-G5: any facing whose front arc (90° wide) contains the direction of the
    # mover (270° from b1); MK-7.11 free: no token, no action.
    st = meeting()
    act(st, "move a1 to 10,8.75 facing 90")
    illegal(st, "spin b1 0", "MK-G5")
    illegal(st, "spin b2 270", "MK-7.10")
    act(st, "spin b1 310")
    b1 = w(st, "b1")
    assert b1.facing == 310 and b1.tokens == 0 and b1.acted_turn == -1
    assert st.players[1].actions_left == 0


def test_spin_may_be_declined() -> None:
    # MK-7.11: the controller may decline.
    st = meeting()
    act(st, "move a1 to 10,8.75 facing 90", "spin b1 no")
    assert w(st, "b1").facing == 0 and events(st, "spin")[0].rule == "MK-7.11"


def test_only_figures_newly_touched_at_the_end_may_spin() -> None:
    # MK-A18: a figure already touching the mover when the move began does not qualify, nor
    # does a friendly figure (MK-7.10: opposing figures).
    st = meeting(a1={"at": [10, 8.75], "facing": 90}, a2={"at": [11.25, 8.75]})
    st.script_dice([6])
    act(st, "move a1 to 8.75,10 facing 0")
    assert st.current_player == 0 and not events(st, "spin")
    st = meeting(a2={"at": [14, 6], "facing": 90})
    act(st, "move a1 to 12.75,6 facing 90")
    assert not events(st, "spin") and st.touching("a1") == ["a2"]


def test_every_new_opposing_contact_is_asked_in_turn() -> None:
    # MK-7.10: each figure touched may spin, asked to its owner one after the other.
    st = meeting(b2={"at": [11.25, 8.75], "facing": 90})
    act(st, "move a1 to 10,8.75 facing 90")
    assert legal(st)[-1] == "spin b1 no"
    act(st, "spin b1 no")
    assert legal(st) == ["spin b2 180", "spin b2 no"]
    act(st, "spin b2 180")
    assert w(st, "b2").facing == 180 and st.current_player == 0


def test_polearm_strikes_after_the_spin() -> None:
    # MK-20.2, MK-A35: the spin is taken first (MK-7.11); if the Pikeman's front arc then
    # touches the figure that moved into contact, that figure takes 1 click.
    st = meeting(target=PIKEMAN)
    act(st, "move a1 to 10,8.75 facing 90", "spin b1 270")
    assert w(st, "a1").click == 1
    kinds = [e.kind for e in st.events]
    assert kinds.index("spin") < kinds.index("polearm") < kinds.index("damage")
    assert events(st, "polearm")[0].rule == "MK-20.2"


def test_polearm_needs_the_front_arc_after_the_spin() -> None:
    # MK-20.2: declining the spin leaves the mover outside the front arc: no click.
    st = meeting(target=PIKEMAN)
    act(st, "move a1 to 10,8.75 facing 90", "spin b1 no")
    assert w(st, "a1").click == 0 and not events(st, "polearm")
    st = meeting(target=PIKEMAN, b1={"at": [10, 10], "facing": 270})
    act(st, "move a1 to 10,8.75 facing 90", "spin b1 no")
    assert w(st, "a1").click == 1                                       # it faced it already


def test_polearm_is_reduced_by_toughness() -> None:
    # MK-A35, MK-20.4: Toughness takes the click off.
    st = meeting(mover=GOLEM, target=PIKEMAN, a1={"at": [10, 5], "facing": 90})
    act(st, "move a1 to 10,8.75 facing 90", "spin b1 270")
    assert w(st, "a1").click == 0
    assert events(st, "polearm")[0].data["clicks"] == 0


def test_polearm_does_not_fire_on_a_figure_already_touching() -> None:
    # MK-A35: only a figure that was not touching when its move began.
    st = meeting(target=PIKEMAN, a1={"at": [10, 8.75], "facing": 90},
                 b1={"at": [10, 10], "facing": 300})
    st.script_dice([6])
    act(st, "move a1 to 11.08,9.38 facing 150")
    assert st.touching("a1") == ["b1"] and w(st, "a1").click == 0
    assert not events(st, "spin") and not events(st, "polearm")


def test_a_figure_touched_by_several_formation_members_is_asked_once() -> None:
    # MK-A57, MK-7.10: one spin, toward either member that touched it.
    st = mk_state({"players": [{"army": [GUARD, GUARD, GUARD]}, {"army": [GUARD]}],
                   "warriors": {"a1": {"at": [10, 2], "facing": 90},
                                "a2": {"at": [11.25, 2], "facing": 90},
                                "a3": {"at": [12.5, 2], "facing": 90},
                                "b1": {"at": [10.63, 8.08], "facing": 0}}})
    act(st, "move a1 to 10,7 facing 90 & a2 to 11.25,7 facing 90 & a3 to 12.5,7 facing 90")
    assert legal(st) == ["spin b1 239.7", "spin b1 299.9", "spin b1 no"]
    act(st, "spin b1 299.9")
    assert len(events(st, "spin")) == 1 and w(st, "b1").facing == 299.9
