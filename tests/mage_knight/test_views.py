"""What each seat may see (MK-X12, MK-24.1, MK-X14): hidden army lists until deployed, no dial
index and no other click in any view, `army ?` for other seats, and resampling that redraws only
what is hidden."""

from __future__ import annotations

import json
import random

from grimorio.core.state import resample, view
from tests.mage_knight.mkkit import act, mk_state, new_game


def test_army_choice_is_hidden_until_deployed() -> None:
    # MK-X12: an army list stays hidden from the opponents until deployed.
    st = new_game(1)
    action = st.legal_actions()[1]
    assert st.describe_action(action, 1) == "army ?"
    assert st.describe_action(action, 0) == action.notation()
    act(st, "army black-powder-company")
    theirs = view(st, 1)["state"]
    assert "army" not in theirs["players"][0] and "points_spent" not in theirs["players"][0]
    assert theirs["warriors"] == {}
    seen = view(st, 1)
    assert "black-powder-company" not in json.dumps([seen["state"], seen["log"]])
    mine = view(st, 0)["state"]
    assert mine["players"][0]["army_id"] == "black-powder-company"
    assert set(mine["warriors"]) == {w.id for w in st.own_warriors(0)}


def test_armies_given_as_options_are_public() -> None:
    # MK-X12: option armies sets the lists before the game, for everyone to see.
    st = new_game(1, armies="black-powder-company,elemental-circle")
    assert view(st, 1)["state"]["players"][0]["army_id"] == "black-powder-company"
    hidden = new_game(1, hidden_armies=False)
    act(hidden, "army black-powder-company")
    assert view(hidden, 1)["state"]["players"][0]["army_id"] == "black-powder-company"


def test_deployed_armies_are_public() -> None:
    # MK-X12: once deployed, the figures and the list are public.
    st = new_game(3, armies="black-powder-company,elemental-circle", terrain="none")
    while st.phase != "play":
        st.apply(st.legal_actions()[0])
    other = view(st, 1)["state"]
    assert other["players"][0]["army_id"] == "black-powder-company"
    assert len(other["warriors"]) == len(st.warriors)


def test_views_never_show_the_dial() -> None:
    # MK-24.1 and MK-X12: no dial index and no other click in any view, only current values.
    st = mk_state()
    for seat in (None, 0, 1):
        shown = view(st, seat)["state"]["warriors"]["a1"]
        assert "click" not in shown and "dial" not in shown
        assert (shown["speed"], shown["attack"], shown["defense"], shown["damage"]) == (8, 8, 15, 3)
    assert st.document()["state"]["warriors"]["a1"]["click"] == 0


def test_owner_may_see_his_whole_dial_with_the_option() -> None:
    # MK-X12: option owner_sees_dial, collection knowledge for the owner only.
    st = mk_state(options={"owner_sees_dial": True})
    mine = view(st, 0)["state"]["warriors"]
    assert len(mine["a1"]["dial"]) == 6 and mine["a1"]["click"] == 0
    assert "dial" not in mine["b1"]
    assert "dial" not in view(st, 1)["state"]["warriors"]["a1"]


def test_dice_are_public() -> None:
    # MK-X14: every die comes from the state's generator and its result is public.
    st = new_game(1, armies="black-powder-company,elemental-circle")
    rolls = [e for e in st.events if e.kind == "roll"]
    assert rolls and all(e.visible_to is None for e in rolls)
    assert any(e["kind"] == "roll" for e in view(st, 1)["log"])


def test_resample_redraws_hidden_armies_only() -> None:
    # MK-X12: resampling redraws the armies a seat cannot see, never its own, and the view of
    # that seat does not change.
    st = new_game(1)
    act(st, "army black-powder-company")
    shown = view(st, 1)
    seen = set()
    rng = random.Random(3)
    for _ in range(12):
        twin = resample(st, 1, rng)
        assert view(twin, 1) == shown
        seen.add(twin.players[0].army)
    assert len(seen) > 1
    own = resample(st, 0, random.Random(1))
    assert own.players[0].army_id == "black-powder-company"
    assert st.players[0].army_id == "black-powder-company"


def test_frames_show_only_who_decides() -> None:
    # MK-X12: the pending decision's details stay in the full document.
    st = mk_state()
    frames = view(st, 1)["state"]["frames"]
    assert frames[-1] == {"frame": "TurnAsk", "seat": 0}


def test_resample_redraws_a_custom_army_and_keeps_every_view() -> None:
    # MK-X12: all through the setup, a seat's view of a resampled position is its view of the
    # true one; an army that seat cannot see (here a custom list no candidate matches) is
    # redrawn from the candidates, and the redrawn position plays on.
    st = new_game(2)
    act(st, "army 5,5,5,5")
    rng = random.Random(7)
    redrawn = 0
    while st.phase != "play":
        for seat in (0, 1):
            twin = resample(st, seat, rng)
            assert view(twin, seat) == view(st, seat)
            assert twin.players[seat].army == st.players[seat].army
            if seat == 1 and not any(w.placed for w in st.own_warriors(0)):
                assert twin.players[0].army != (5, 5, 5, 5)
                redrawn += 1
            if twin.legal_actions() and twin.current_player == seat:
                twin.apply(twin.legal_actions()[0])
        st.apply(st.legal_actions()[0])
    assert redrawn >= 2


def test_no_view_or_log_holds_a_dial_index_in_a_played_game() -> None:
    # MK-24.1, MK-X12: along a game with damage and healing, views and logs show the current
    # click's values only: no dial index, no whole dial, no other click.
    from tests.mage_knight.mkkit import play_random

    st = play_random(new_game(3, armies="black-powder-company,elemental-circle",
                              terrain="none", round_limit=3), 5)
    for seat in (None, 0, 1):
        shown = view(st, seat)
        text = json.dumps(shown)
        assert '"click"' not in text and '"dial"' not in text
        for warrior in shown["state"]["warriors"].values():
            assert set(warrior) >= {"speed", "attack", "defense", "damage"} or warrior[
                "eliminated"]
    assert "memo" not in view(st, 0)["state"] and "ret" not in view(st, 0)["state"]
