"""Push, collision and teleport (rules/displace.py)."""

from __future__ import annotations

import pytest

from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import displace
from tests.mage_wars.mwkit import acts, ask, duel, events, faces, fake_card, options, scenario

WOLF = {"card": "timber-wolf", "controller": 1, "zone": "B1"}


def test_push_straight_away() -> None:
    """MW-X-7.17: a push moves the creature one zone straight away from its origin; MW-X-7.24
    it is no move action and nothing hinders it."""
    st = duel([WOLF, {"card": "timber-wolf", "controller": 0, "zone": "C1"}])
    displace.push(st, 3, "A1", "MW-X-7.17")
    assert st.objs[3].zone == "C1" and events(st, "push")[-1].data["direction"] == "south"


def test_push_direction_choice() -> None:
    """MW-X-7.18, MW-C13: from a diagonal origin the pusher picks among the ways that take the
    target further; from its own zone, any of the four."""
    st = duel([{**WOLF, "zone": "B2"}])
    displace.push(st, 3, "A1", "MW-X-7.17", seat=0)
    run(st)
    assert ask(st) == "PushAsk" and options(st) == ["push east", "push south"]
    acts(st, "push south")
    assert st.objs[3].zone == "C2"
    st2 = duel([WOLF])
    displace.push(st2, 3, "B1", "MW-X-7.18", seat=0)
    run(st2)
    assert options(st2) == ["push north", "push east", "push south", "push west"]


def test_random_push() -> None:
    """MW-X-7.19: the effect die picks the direction: 1-3 north, 4-6 east, 7-9 south, 10-12
    west."""
    st = duel([WOLF])
    st.script_dice([5])
    displace.push(st, 3, displace.RANDOM, "MW-X-7.19")
    assert st.objs[3].zone == "B2"


def test_collision_with_the_arena_edge() -> None:
    """MW-X-7.22, MW-X-7.12, MW-C14: pushed into the edge, the creature stays and takes an
    Unavoidable 3-die typeless attack; armor applies; no barrier answers it."""
    st = duel([WOLF, {"card": "demonhide-armor", "host": 2}])
    displace.push(st, 3, "west", "MW-X-7.22")
    st.script_dice(faces(normal=(2, 2), critical=(1,)))
    run(st)
    assert st.objs[3].zone == "B1" and st.objs[3].damage == 3
    assert events(st, "collide") and not events(st, "barrier")


def test_walls_and_flyers(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-5.61, MW-X-7.20: a Passage Blocked wall stops a push and the creature collides;
    MW-X-7.23 a pushed flyer crosses an inner wall but collides with the edge."""
    setup = {"players": [{"zone": "A1"}, {"zone": "C2"}], "walls": [["B1", "B2"]],
             "objects": [WOLF, {**WOLF, "zone": "B1"}]}
    st = scenario(setup)
    monkeypatch.setattr(hooks, "grants", lambda s: [(4, data.TraitUse("flying"))])
    st.changed()
    st.script_dice(faces(blank=3))
    displace.push(st, 3, "east", "MW-5.61")
    run(st)
    assert st.objs[3].zone == "B1" and events(st, "collide")
    displace.push(st, 4, "east", "MW-X-7.23")
    assert st.objs[4].zone == "B2"


def test_unmovable_and_conjurations() -> None:
    """MW-X-7.21: pushes do nothing to Unmovable creatures (Force Hold) or conjurations;
    MW-X-6.29, MW-X-7.24 a merely Restrained creature can be pushed."""
    st = duel([WOLF, {"card": "force-hold", "controller": 0, "host": 3},
               {**WOLF, "markers": {"cripple": 1}}])
    displace.push(st, 3, "south", "MW-X-7.21")
    assert st.objs[3].zone == "B1" and events(st, "no-push")
    displace.push(st, 5, "south", "MW-X-7.24")
    assert st.objs[5].zone == "C1" and traits.is_restrained(st, 5)
    fake_card(st, "timber-wolf", "test-totem", type="conjuration", attacks=())
    totem = st.new_obj("test-totem", "conjuration", 1, 1, zone="B1").oid
    displace.push(st, totem, "south", "MW-X-7.21")
    assert st.objs[totem].zone == "B1"


def test_teleport() -> None:
    """MW-X-7.25, MW-X-7.28: teleport moves a creature straight to a zone, Unmovable or not;
    MW-X-7.26, MW-X-7.27 to its own zone too, and attached conjurations are destroyed while
    enchantments and damage go along."""
    st = duel([{**WOLF, "damage": 2}, {"card": "force-hold", "controller": 0, "host": 3}])
    fake_card(st, "timber-wolf", "test-vine", type="conjuration", attacks=())
    vine = st.new_obj("test-vine", "conjuration", 0, 0, host=3).oid
    displace.teleport(st, 3, "B1", "MW-X-7.27")
    assert vine not in st.objs and 4 in st.objs and st.stamps[3] == 1
    displace.teleport(st, 3, "C2", "MW-X-7.25")
    assert st.objs[3].zone == "C2" and st.objs[3].damage == 2
