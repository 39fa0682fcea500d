"""Spawnpoints and the Deployment step (MW-5.52-MW-5.57, MW-3.22, MW-A11, MW-X-10.7,
MW-X-13.1). No apprentice card is a spawnpoint: the tests give the state a test-only
conjuration with the `spawnpoint` trait (creature spells only) and Channeling 2, like the Lair
of the rulebook's example.
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.core.state import view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.rules import casting, damage
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    events,
    options,
    scenario,
    shared_fake_card,
    texts,
    view_names,
)

U = data.TraitUse
LAIR = "test-lair"


@pytest.fixture(autouse=True)
def lair(monkeypatch: pytest.MonkeyPatch) -> None:
    shared_fake_card(monkeypatch, "timber-wolf", LAIR, type="conjuration", attacks=(),
                     traits=(U("spawnpoint", spell_type="creature"), U("channeling", 2)))


def game(phase: str = "planning", lairs: tuple[dict[str, Any], ...] = (), *,
         mana: tuple[int, int] = (10, 10), active: bool = True) -> MageWarsState:
    """The beastmaster (o1, A1, initiative) against the warlock (o2, C2), lairs from o3 on."""
    return scenario({"phase": phase,
                     "players": [{"class": "beastmaster", "mana": mana[0], "active": active},
                                 {"class": "warlock", "mana": mana[1], "active": active}],
                     "objects": [{"card": LAIR, **spec} for spec in lairs]})


def full_casts(st: MageWarsState) -> list[str]:
    return texts(casting.cast_options(st, 1, "full", "cast"))


def kinds(st: MageWarsState) -> list[str]:
    return [e.kind for e in st.events]


def test_deployment_initiative_player_first_creatures_in_the_spawnpoints_zone() -> None:
    """MW-3.19, MW-5.52: each player assigns one creature spell to each own spawnpoint in
    Planning; MW-3.22, MW-A11: in Deployment the initiative player casts first, then the
    other; MW-5.56: the range is from the spawnpoint, so the fox appears in its zone (B1), not
    the mage's; its 3 counters pay first and the pool the rest (MW-5.57); MW-5.22: it enters
    inactive."""
    st = game(lairs=({"controller": 0, "zone": "B1", "mana": 3},
                     {"controller": 1, "zone": "C1"}))
    assigns = [o for o in options(st) if o.startswith("assign")]
    assert "assign o3 bitterwood-fox" in assigns and "assign o3 minor-heal" not in assigns
    assert not any(o.startswith("assign o4") for o in assigns)
    acts(st, "assign o3 bitterwood-fox", "plan done")
    assert "bitterwood-fox" not in view_names(st, 1)       # MW-3.20: only the holder is known
    assert view(st, 1)["state"]["players"][0]["assigned_to"] == [3]
    acts(st, "assign o4 firebrand-imp", "plan done")
    assert ask(st) == "DeployAsk" and st.current_player == 0
    assert options(st) == ["deploy o3 bitterwood-fox B1", "pass"]
    acts(st, "deploy o3 bitterwood-fox B1")
    assert ask(st) == "DeployAsk" and st.current_player == 1
    acts(st, "deploy o4 firebrand-imp C1")
    summons = [(e.data["card"], st.obj(e.data["oid"]).zone) for e in events(st, "summon")]
    assert summons == [("bitterwood-fox", "B1"), ("firebrand-imp", "C1")]
    fox = events(st, "summon")[0].data["oid"]
    assert st.obj(fox).active is False and st.obj(fox).controller == 0
    assert st.obj(3).mana == 0 and st.player(0).mana == 8
    assert st.player(1).mana == 5 and st.player(0).assigned == {}
    order = kinds(st)
    assert order.index("deployment") > order.index("planned")
    assert order.index("phase") > max(i for i, k in enumerate(order) if k == "summon")


def test_spawnpoints_channel_and_the_preparation_steps_keep_their_order() -> None:
    """MW-5.55, MW-5.57, MW-3.10: the Lair gains 2 mana counters at each Channeling step
    (the mage's 10 go to its pool); MW-X-13.1: Initiative, Reset, Channeling, Upkeep,
    Planning, Deployment, then the Action Phase."""
    st = game("action", ({"controller": 0, "zone": "B1"},), active=False)
    assert st.round == 2 and ask(st) == "PlanAsk"
    assert st.obj(3).mana == 2 and st.player(0).mana == 20
    acts(st, "plan done", "assign o3 timber-wolf", "plan done")
    acts(st, "pass")
    round2 = [e.kind for e in st.events if e.kind in (
        "round", "reset", "channel", "planned", "deployment", "phase")]
    start = len(round2) - round2[::-1].index("round") - 1
    steps = list(dict.fromkeys(round2[start:]))
    assert steps == ["round", "reset", "channel", "planned", "deployment", "phase"]


def test_a_spawnpoint_spell_left_uncast_returns_and_only_the_spawnpoint_casts_it() -> None:
    """MW-5.53: passing in Deployment leaves the spell uncast; it goes back to the book at the
    next Planning step (MW-3.21); MW-5.52: only the spawnpoint may cast it, never the mage in
    the Action Phase. The question is asked even when nothing can be cast (here 9 mana short),
    so it tells the opponent nothing."""
    st = game(lairs=({"controller": 0, "zone": "B1"},), mana=(4, 10))
    acts(st, "assign o3 timber-wolf", "plan done", "plan done")
    assert ask(st) == "DeployAsk" and options(st) == ["pass"]
    acts(st, "pass")
    assert st.player(0).assigned == {3: "timber-wolf"}
    assert not any("timber-wolf" in o for o in full_casts(st))
    st.player(0).mana = 30
    st.changed()
    assert not any("timber-wolf" in o for o in full_casts(st))


def test_a_destroyed_spawnpoint_takes_its_spell_to_the_discard_pile() -> None:
    """MW-5.54: the spell still assigned to a destroyed spawnpoint goes to the discard pile."""
    st = game(lairs=({"controller": 0, "zone": "B1"},))
    wolves = st.player(0).book.count("timber-wolf")
    acts(st, "assign o3 timber-wolf", "plan done")
    damage.destroy(st, 3, "MW-X-8.2")
    assert st.player(0).discard == [LAIR, "timber-wolf"] and st.player(0).assigned == {}
    assert st.player(0).book.count("timber-wolf") == wolves - 1
    acts(st, "plan done")
    assert ask(st) != "DeployAsk" and not events(st, "summon")
