"""The round (Chapter III): Preparation steps, the Action Phase, quickcast windows, action turns,
the pass rule, the round limit and the win check."""

from __future__ import annotations

from typing import Any

from grimorio.core.state import view
from tests.mage_wars.mwkit import acts, ask, events, faces, options, pass_windows, scenario

IDLE = [{"active": False, "quickcast": False}, {"active": False, "quickcast": False}]


def idle(**extra: Any) -> dict[str, Any]:
    """A setup whose Action Phase is already over: the next round starts at once."""
    return {"players": [dict(p) for p in IDLE], **extra}


def test_next_round_passes_initiative_and_resets() -> None:
    """MW-3.2, MW-3.3, MW-3.4, MW-X-2.10: when no creature is active the round ends and the
    next starts, with the initiative passed on; MW-3.6, MW-3.7, MW-3.8, MW-3.9, MW-X-2.11:
    Reset turns action, quickcast and ready markers active and keeps Guard markers; MW-3.10,
    MW-3.11, MW-X-12.1: Channeling adds 10 to the unspent mana; then Planning, initiative
    player first (MW-3.5, MW-3.18); MW-X-13.1: the steps in that order."""
    setup = idle(objects=[{"card": "timber-wolf", "controller": 1, "zone": "C2",
                           "active": False, "guard": True, "used": ["defense"]}])
    setup["players"][0]["mana"] = 7
    st = scenario(setup)
    assert st.round == 2 and st.initiative == 1
    wolf = st.obj(3)
    assert wolf.active and wolf.guard and wolf.used == frozenset()
    assert st.mage_of(0).active and st.players[0].quickcast
    assert st.players[0].mana == 17 and st.players[1].mana == 20
    assert ask(st) == "PlanAsk" and st.current_player == 1
    kinds = [e.kind for e in events(st)]
    assert kinds.index("round") < kinds.index("reset") < kinds.index("channel")


def test_planning_is_secret_and_limited_to_two() -> None:
    """MW-3.18: up to 2 spells each, initiative player first; MW-3.20: the opponent sees how
    many, not which; MW-5.7: nor the book."""
    st = scenario({"phase": "planning"})
    assert st.current_player == 0 and "plan done" in options(st)
    acts(st, "plan fireball", "plan drain-life")
    assert st.players[0].planned == ["drain-life", "fireball"]
    assert st.current_player == 1                  # two picks end the seat's planning
    theirs = view(st, 1)
    p0 = theirs["state"]["players"][0]
    assert p0["planned_count"] == 2 and "planned" not in p0 and "book" not in p0
    assert all("fireball" not in str(e) for e in theirs["log"])
    mine = view(st, 0)["state"]["players"][0]
    assert mine["planned"] == ["drain-life", "fireball"]
    acts(st, "plan done")
    assert st.players[1].planned == []


def test_unused_planned_spells_go_back_at_next_planning() -> None:
    """MW-3.21, MW-A26: a planned spell not cast stays out of the book until the next
    Planning step, then returns."""
    setup = idle()
    setup["players"][0]["planned"] = ["fireball"]
    st = scenario(setup)
    assert st.players[0].planned == [] and "fireball" in st.players[0].book


def test_upkeep_pay_or_lose() -> None:
    """MW-3.14, MW-X-12.3: each Upkeep the controller pays Upkeep +X or the object is
    destroyed to its owner's discard pile; unaffordable counts as not paying."""
    objects = [{"card": "timber-wolf", "controller": 1, "zone": "C2"},
               {"card": "force-hold", "controller": 0, "host": 3},
               {"card": "timber-wolf", "controller": 0, "zone": "A1"},
               {"card": "essence-drain", "controller": 1, "host": 5}]
    st = scenario({"phase": "upkeep", "players": [{"mana": 5}, {"mana": 1}],
                   "objects": objects})
    # Essence Drain gives its bearer (seat 0's wolf) Upkeep +2; seat 0 controls both payers
    assert ask(st) == "UpkeepAsk" and options(st) == ["upkeep pay o4", "upkeep skip o4"]
    acts(st, "upkeep pay o4")
    assert st.players[0].mana == 2
    acts(st, "upkeep skip o5")
    assert 5 not in st.objs and 6 not in st.objs
    assert "timber-wolf" in st.players[0].discard and "essence-drain" in st.players[1].discard
    st = scenario({"phase": "upkeep", "players": [{"mana": 2}, {}], "objects": objects[:2]})
    assert 4 not in st.objs and "force-hold" in st.players[0].discard
    assert any(e.kind == "upkeep-unpaid" for e in events(st))


def test_upkeep_order_decides_survival() -> None:
    """MW-3.15, MW-A22, MW-6.100, MW-X-6.1: a creature with Regenerate and Burn lets its
    controller order them; burning first can destroy it."""
    hydra = {"card": "darkfenne-hydra", "controller": 1, "zone": "C2", "damage": 13,
             "markers": {"burn": 1}}
    st = scenario({"phase": "upkeep", "objects": [hydra]})
    assert ask(st) == "UpkeepOrderAsk" and st.current_player == 1
    st.script_dice(faces(normal=(2,)))
    acts(st, "upkeep first o3 regenerate")
    assert st.obj(3).damage == 13
    st = scenario({"phase": "upkeep", "objects": [hydra]})
    st.script_dice(faces(normal=(2,)))
    acts(st, "upkeep first o3 burn")
    assert 3 not in st.objs


def test_regenerate_and_rot_in_upkeep() -> None:
    """MW-X-8.6: Regenerate heals in Upkeep with no question when nothing hurts; MW-X-6.21:
    Rot deals 1 direct damage per marker."""
    st = scenario({"phase": "upkeep", "objects": [
        {"card": "darkfenne-hydra", "controller": 1, "zone": "C2", "damage": 5},
        {"card": "timber-wolf", "controller": 1, "zone": "C2", "markers": {"rot": 2}}]})
    assert st.obj(3).damage == 3 and st.obj(4).damage == 2
    assert ask(st) == "PlanAsk"


def test_upkeep_burn_can_end_the_game() -> None:
    """MW-3.1, MW-X-6.2: Burn in Upkeep is direct damage; the win check follows it."""
    st = _with_dice({"phase": "upkeep", "players": [{"damage": 23, "markers": {"burn": 1}},
                                                    {}]}, faces(normal=(1,)))
    assert st.is_terminal() and st.winner == 1


def _with_dice(setup: dict[str, Any], dice: list[int]) -> Any:
    """A setup that starts with the Preparation step it names, with scripted dice: the
    position is built one step before and the dice scripted before running on."""
    from grimorio.games.mage_wars.flow import run

    st = scenario({**setup, "phase": "planning"})
    from grimorio.games.mage_wars.rules import round as round_rules

    step = {"upkeep": round_rules.UPKEEP}[setup["phase"]]
    st.frames = [round_rules.Round(step, first=False)]
    st.script_dice(dice)
    run(st)
    return st


def test_action_turns_alternate_and_pass_rule() -> None:
    """MW-3.29, MW-3.30, MW-3.32 (the rulebook's example), MW-X-13.2: the Warlock alone
    against the Beastmaster and a Tegu may pass; once the counts are equal he may not."""
    st = scenario({"objects": [{"card": "emerald-tegu", "controller": 1, "zone": "C2"}]})
    assert st.current_player == 0 and options(st) == ["activate o1", "pass"]
    acts(st, "pass")
    assert st.current_player == 1
    acts(st, "activate o3", "end")
    pass_windows(st)
    assert st.current_player == 0 and options(st) == ["activate o1"]


def test_no_active_creature_passes_by_itself() -> None:
    """MW-3.31: a player with no active creature passes; the other takes turns in a row;
    MW-3.33, MW-5.22: a creature summoned this round stays inactive."""
    st = scenario({"players": [{"active": False}, {}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"},
                               {"card": "timber-wolf", "controller": 1, "zone": "C2",
                                "active": False}]})
    assert st.current_player == 1 and options(st) == ["activate o2", "activate o3"]
    assert any(e.kind == "auto-pass" for e in events(st))
    acts(st, "activate o3", "end")
    pass_windows(st)
    assert st.current_player == 1 and options(st) == ["activate o2"]


def test_quickcast_windows_and_marker() -> None:
    """MW-3.23, MW-3.26, MW-X-2.9: the opening window, initiative player first; MW-3.24,
    MW-X-2.8: a quickcast turns the marker over, so it happens once a round; MW-3.27: the
    mage may still cast in its action turn; MW-3.37: the closing window comes after the
    last action turn, for mages that still have their quickcast."""
    st = scenario({"phase": "planning", "players": [{"mana": 30, "zone": "C1"}, {"mana": 30}]})
    acts(st, "plan flameblast", "plan fireball", "plan geyser", "plan done")
    assert ask(st) == "QuickcastAsk" and st.current_player == 0
    assert "quickcast flameblast o2" in options(st) and options(st)[-1] == "pass"
    st.script_dice([*faces(blank=4), 1])
    acts(st, "quickcast flameblast o2")
    assert not st.players[0].quickcast
    assert ask(st) == "QuickcastAsk" and st.current_player == 1
    acts(st, "pass")
    assert ask(st) == "TurnAsk" and st.current_player == 0
    assert not any(o.startswith("quickcast") for o in options(st))
    acts(st, "activate o1")
    assert "cast fireball o2" in options(st)             # MW-3.27
    acts(st, "end")
    acts(st, "activate o2", "end")
    assert ask(st) == "QuickcastAsk" and st.current_player == 1    # just after its turn
    acts(st, "pass")
    # MW-3.37: the closing window, only for the Beastmaster (it still has its quickcast)
    assert ask(st) == "QuickcastAsk" and st.current_player == 1
    assert [e.rule for e in events(st)][-1] != "MW-3.4"
    acts(st, "pass")
    assert st.round == 2


def test_quickcast_before_activation_then_must_activate() -> None:
    """MW-3.25, MW-A12, MW-C19, MW-3.38, MW-3.28, MW-X-13.7: a quickcast just before
    activating one of one's
    creatures (then the turn must activate, no pass) and just after its turn; passing opens
    no window."""
    st = scenario({"players": [{"planned": ["flameblast", "fireball"], "mana": 30,
                                "zone": "C1"}, {}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    assert "pass" in options(st) and "quickcast flameblast o2" in options(st)
    st.script_dice([*faces(blank=4), 1])
    acts(st, "quickcast flameblast o2")
    assert options(st) == ["activate o1"]
    acts(st, "activate o1", "end")
    assert ask(st) == "TurnAsk" and st.current_player == 1    # no quickcast left: no offer
    st = scenario({"players": [{"planned": ["flameblast"], "mana": 30, "zone": "C1"}, {}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    acts(st, "activate o1", "end")
    assert ask(st) == "QuickcastAsk" and st.current_player == 0     # just after its turn
    acts(st, "pass")
    assert ask(st) == "TurnAsk" and st.current_player == 1


def test_round_limit_ends_on_life_left() -> None:
    """MW-S9: after the last round the mage with more life left wins; equal is a draw."""
    setup = idle()
    setup["players"][0]["damage"] = 5
    st = scenario(setup, round_limit=1)
    assert st.is_terminal() and st.winner == 1 and st.returns() == [-1.0, 1.0]
    st = scenario(idle(), round_limit=1)
    assert st.is_terminal() and st.winner is None and st.returns() == [0.0, 0.0]


def test_deployment_does_nothing_without_spawnpoints() -> None:
    """MW-3.22, MW-A11: no spawnpoint in play, so Deployment casts nothing."""
    st = scenario({"phase": "planning"})
    acts(st, "plan done", "plan done")
    assert any(e.kind == "deployment" and e.rule == "MW-3.22" for e in events(st))
