"""The four scenarios' special rules and goals (sections 16 to 19, WC-A28 to WC-A31)."""

from __future__ import annotations

from typing import Any

from grimorio.games.warcraft.actions import run
from grimorio.games.warcraft.model import NEUTRAL
from grimorio.games.warcraft.rules import movement, scenarios
from tests.warcraft.wckit import acts, ask, events, options, pieces, resource, scenario

POOR = {"gold": 0, "wood": 0}


# ---------------------------------------------------------------------------- The Elf Gate

def _gate(extra: list[dict[str, Any]], **fields: Any) -> Any:
    homes = [{"seat": 1, "zone": "orc_town", "melee": 1},
             {"seat": 2, "zone": "undead_town", "melee": 1}]
    return scenario(game="elf-gate", pieces=[*extra, *homes], **fields)


def test_WC_16_6_holding_the_gate_wins() -> None:
    """WC-16.6: a unit in D at the end of one's turn, with fewer than 3 enemy units around D
    (neutrals included), wins."""
    st = _gate([{"seat": 0, "zone": "elf_gate", "flying": 1},
                {"seat": NEUTRAL, "zone": "guard_a", "ranged": 2}],
               phase="spending", players=[POOR, POOR, POOR])
    assert st.winners == (0,)
    assert events(st, "game-over")[0].rule == "WC-16.6"


def test_WC_16_6_three_enemies_around_the_gate_stop_it() -> None:
    st = _gate([{"seat": 0, "zone": "elf_gate", "flying": 1},
                {"seat": NEUTRAL, "zone": "guard_a", "ranged": 2},
                {"seat": 1, "zone": "guard_b", "melee": 1}],
               phase="spending", players=[POOR, POOR, POOR])
    assert not st.is_terminal()


def test_WC_16_3_WC_A28_neutrals_never_move_and_halt_everyone() -> None:
    """WC-16.3: the neutrals belong to nobody and never move; WC-A28: they halt moving units
    and keep workers out like any enemy."""
    st = _gate([{"seat": 0, "zone": "human_field", "flying": 1, "workers": 1},
                {"seat": NEUTRAL, "zone": "guard_a", "ranged": 2}])
    assert movement.halts(st, 0, "guard_a")
    reach = movement.reachable(st, 0, "human_field", "flying")
    assert "guard_a" in reach and "trail_a" in reach
    assert "guard_a" not in movement.reachable(st, 0, "human_field", "workers")
    assert all(s in (0, 1, 2) for s in st.seats)


def test_WC_16_1_WC_16_2_three_players_without_teams() -> None:
    """WC-16.1: Humans, Orcs and Undead, no teams."""
    st = _gate([{"seat": 0, "zone": "human_town", "melee": 1}])
    assert st.enemies(0, 1) and st.enemies(1, 2) and st.enemies(0, 2)


# ---------------------------------------------------------------------------- Necromancers

NECRO = [{"seat": 1, "zone": "human_town", "melee": 1, "workers": 1}]


def _march(extra: list[dict[str, Any]], **fields: Any) -> Any:
    return scenario(game="march-of-the-necromancers", pieces=[*extra, *NECRO], **fields)


def test_WC_17_3_necromancers_move_like_workers_and_never_together() -> None:
    """WC-17.3: up to 2 zones, the worker restriction, never in the same zone; WC-A29: counted
    as workers for stacking."""
    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1},
                 {"seat": 0, "zone": "site_c", "necromancers": 1},
                 {"seat": 1, "zone": "site_d", "melee": 1}])
    reach = {o.split()[2] for o in options(st) if o.startswith("move west_crypt")}
    assert "site_c" not in reach                                    # never together
    assert "site_d" not in reach                                    # worker restriction
    assert {"west_moor", "site_a", "west_deadwood"} <= reach
    assert "middle_mine" in reach                                   # 2 zones


def test_WC_17_3_a_necromancer_alone_with_enemy_units_dies() -> None:
    """WC-17.3: at the end of a Movement phase, a Necromancer sharing a zone with enemy units
    and no Undead unit dies; WC-17.10: with both dead the Humans win."""
    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1},
                 {"seat": 0, "zone": "east_crypt", "necromancers": 1, "melee": 1},
                 {"seat": 1, "zone": "west_moor", "melee": 1}], phase="movement", active=1)
    acts(st, "move west_moor west_crypt melee=1", "done")
    assert st.on_board(0, "necromancers") == 1
    assert events(st, "defenseless")[0].rule == "WC-17.3"
    assert not st.is_terminal()


def test_WC_17_10_killing_both_necromancers_wins() -> None:
    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1},
                 {"seat": 1, "zone": "west_moor", "melee": 1}], phase="movement", active=1)
    acts(st, "move west_moor west_crypt melee=1", "done")
    assert st.winners == (1,)


def test_WC_17_4_WC_17_5_sites_raise_free_units() -> None:
    """WC-17.4: a Necromancer on A yields a melee unit in the Undead Harvest phase; WC-17.5:
    not past 3 units."""
    st = _march([{"seat": 0, "zone": "site_a", "necromancers": 1},
                 {"seat": 0, "zone": "site_b", "necromancers": 1, "ranged": 3}],
                phase="harvest")
    assert pieces(st, "site_a", 0) == {"necromancers": 1, "melee": 1}
    assert pieces(st, "site_b", 0)["ranged"] == 3
    assert events(st, "spawn")[0].rule == "WC-17.4"


def test_WC_17_6_WC_A29_free_upgrades() -> None:
    """WC-17.6, WC-A29: a Necromancer in D or E grants a free upgrade, two types with both."""
    st = _march([{"seat": 0, "zone": "site_d", "necromancers": 1},
                 {"seat": 0, "zone": "site_e", "necromancers": 1}], phase="harvest")
    assert ask(st) == "FreeUpgradeAsk"
    acts(st, "upgrade ranged")
    assert options(st) == ["upgrade melee", "upgrade flying"]
    acts(st, "upgrade flying")
    assert st.players[0].levels == {"melee": 1, "ranged": 2, "flying": 2}
    assert st.players[0].gold == 0


def test_WC_17_7_human_units_destroy_the_tokens() -> None:
    """WC-17.7: a Human unit in a site at the end of a Movement phase destroys its token;
    WC-17.10: A, B and C destroyed win for the Humans."""
    tokens = [{"kind": "special", "zone": "site_a", "ability": "spawn", "unit": "melee",
               "alive": False},
              {"kind": "special", "zone": "site_b", "ability": "spawn", "unit": "ranged",
               "alive": False},
              {"kind": "special", "zone": "site_c", "ability": "spawn", "unit": "flying"}]
    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1},
                 {"seat": 1, "zone": "west_moor", "melee": 1}],
                phase="movement", active=1, tokens=tokens)
    acts(st, "move west_moor site_c melee=1", "done")
    assert not st.tokens[2].alive
    assert events(st, "token-destroyed")[0].rule == "WC-17.7"
    assert st.winners == (1,)


def test_WC_17_8_the_undead_never_train_or_build() -> None:
    """WC-17.8: no training, building or outposts for the Undead."""
    from grimorio.games.warcraft.rules import spending

    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1, "workers": 1}],
                phase="spending", players=[{"gold": 9, "wood": 9}, POOR])
    assert spending.options(st, 0, "", ()) == [spending.DONE]
    assert st.turn == 2                          # nothing for the Undead to decide


def test_WC_17_9_the_human_home_mine_never_wears_out() -> None:
    """WC-17.9: the Gold Mine and Forest beside the Human Town Hall never deplete."""
    st = _march([{"seat": 0, "zone": "west_crypt", "necromancers": 1},
                 {"seat": 1, "zone": "human_mine", "workers": 1}],
                phase="harvest", active=1, dice=[resource(3)])
    assert "human_mine" not in st.depletion and st.players[1].gold == 8


def test_WC_17_10_WC_A29_the_undead_win_by_the_generic_capture() -> None:
    """WC-17.10: taking the Human Town Hall twice; WC-A29: the Undead cannot lose it."""
    st = scenario(game="march-of-the-necromancers", phase="movement", active=0,
                  marks=["human_town"], pieces=[
                      {"seat": 0, "zone": "human_wood", "melee": 1},
                      {"seat": 0, "zone": "west_crypt", "necromancers": 1},
                      {"seat": 1, "zone": "human_town", "workers": 2},
                      {"seat": 1, "zone": "west_gate", "melee": 1}])
    acts(st, "move human_wood human_town melee=1", "done", "done")
    assert st.winners == (0,)
    assert {e.rule for e in events(st, "game-over")} <= {"WC-17.10", "WC-1.6"}


# ---------------------------------------------------------------------------- The Prisoners

def _prison(extra: list[dict[str, Any]], **fields: Any) -> Any:
    homes = [{"seat": 1, "zone": "elf_town", "melee": 1}]
    return scenario(game="the-prisoners", pieces=[*extra, *homes], **fields)


def test_WC_18_3_WC_A30_walls_stop_melee_and_ranged_units() -> None:
    """WC-18.3: melee and ranged units cannot cross a wall; WC-A30: flyers and workers can."""
    st = _prison([{"seat": 0, "zone": "orc_road", "melee": 1, "ranged": 1, "flying": 1,
                   "workers": 1}])
    for kind in ("melee", "ranged"):
        assert "prison_a" not in movement.reachable(st, 0, "orc_road", kind)
    for kind in ("flying", "workers"):
        assert "prison_a" in movement.reachable(st, 0, "orc_road", kind)


def test_WC_18_4_WC_18_5_carrying_the_leader_home_wins() -> None:
    """WC-18.4: a unit brings its own race's prisoner along; WC-18.5, WC-A30: arriving in the
    Town Hall zone is a rescue and wins at once."""
    tokens = [{"kind": "prisoner", "zone": "orc_mine", "race": "orc"},
              {"kind": "prisoner", "zone": "prison_a", "race": "night_elf"}]
    st = _prison([{"seat": 0, "zone": "orc_mine", "melee": 1}], tokens=tokens)
    assert "move orc_mine orc_town melee=1 prisoner=1" in options(st)
    assert all(o.startswith("move orc_mine") for o in options(st) if "prisoner" in o)
    acts(st, "move orc_mine orc_town melee=1 prisoner=1")
    assert st.tokens[0].zone == "orc_town"
    assert st.winners == (0,)
    assert events(st, "game-over")[0].rule == "WC-18.5"


# ---------------------------------------------------------------------------- Nordrassil

ELF, HUMAN, UNDEAD, ORC = 0, 1, 2, 3
NORD = [{"seat": ELF, "zone": "moonglade", "melee": 1, "outposts": 1},
        {"seat": UNDEAD, "zone": "undead_town", "melee": 1},
        {"seat": UNDEAD, "zone": "west_camp", "outposts": 1, "melee": 1}]


def _nord(extra: list[dict[str, Any]], **fields: Any) -> Any:
    return scenario(game="nordrassil", pieces=[*NORD, *extra], **fields)


def test_WC_19_5_WC_19_7_phases_the_scenario_takes_away() -> None:
    """WC-19.5: the Undead only move; WC-19.7: the allies neither harvest nor deploy."""
    st = _nord([], phase="harvest")
    phases = {(e.data["phase"], e.data["seat"]) for e in events(st, "phase")}
    assert not {p for p in phases if p[0] in ("harvest", "deployment")}
    assert ("spending", UNDEAD) not in phases
    assert scenarios.skips(st, UNDEAD, "spending") and not scenarios.skips(st, ELF, "spending")


def test_WC_19_8_furion_draws_at_the_close_of_every_turn() -> None:
    """WC-19.8: the Night Elf player draws one card each turn and sets it aside."""
    st = _nord([], phase="spending", active=HUMAN)
    assert st.turn == 2
    assert len(st.players[ELF].aside) == 1 and st.players[ELF].hand == []
    assert events(st, "draw")[-1].rule == "WC-19.8"


def test_WC_19_10_WC_A31_the_last_card_completes_the_spell() -> None:
    """WC-19.10, WC-A31 (d): drawing the Night Elf deck's last card wins for the allies."""
    st = _nord([], phase="spending", active=HUMAN,
               players=[{"hand": [], "deck_top": ["haste"], "deck": []}])
    assert st.is_terminal() and set(st.winners) == {ELF, HUMAN, ORC}


def test_WC_19_9_empty_zones_are_closed() -> None:
    """WC-19.9, WC-A31: no piece enters an Empty zone."""
    st = _nord([{"seat": UNDEAD, "zone": "west_barrens", "flying": 1}], phase="movement",
               active=UNDEAD)
    reach = movement.reachable(st, UNDEAD, "west_barrens", "flying")
    assert "pit" not in reach and "west_chasm" not in reach
    assert "glade" in reach


def test_WC_19_10_the_night_elf_outpost_falling_wins_for_the_undead() -> None:
    """WC-19.10, WC-A31 (a): the Night Elf outpost destroyed as defenseless (WC-7.4)."""
    st = scenario(game="nordrassil", phase="movement", active=UNDEAD, pieces=[
        {"seat": ELF, "zone": "moonglade", "outposts": 1},
        {"seat": ELF, "zone": "west_grove", "melee": 1},
        {"seat": UNDEAD, "zone": "glade", "melee": 1}])
    acts(st, "move glade moonglade melee=1", "done")
    assert st.winners == (UNDEAD,)


def test_WC_19_6_WC_A31_killed_undead_come_back() -> None:
    """WC-19.6, WC-A31 (b): a killed Undead unit waits until the combat is over, then returns
    to the closest Undead outpost or Town Hall zone free of enemy units."""
    st = _nord([{"seat": UNDEAD, "zone": "west_barrens", "ranged": 1}], phase="movement",
               active=UNDEAD)
    reserve = st.reserve(UNDEAD, "ranged")
    st.remove_units("west_barrens", UNDEAD, "ranged", 1, "WC-11.9")
    assert st.players[UNDEAD].dead == {"west_barrens ranged": 1}
    assert st.reserve(UNDEAD, "ranged") == reserve
    scenarios.after_combat(st)
    st._legal = None
    assert options(st) == ["respawn undead_town", "respawn west_camp"]     # a tie: 2 steps
    acts(st, "respawn west_camp")
    assert pieces(st, "west_camp", UNDEAD)["ranged"] == 1
    assert events(st, "respawn")[0].rule == "WC-19.6"
    run(st)


def test_WC_5_7_returning_undead_may_overfill() -> None:
    """WC-5.7, WC-19.6: Nordrassil's returning Undead disregard the limit."""
    st = _nord([{"seat": UNDEAD, "zone": "undead_town", "melee": 2}], phase="movement",
               active=UNDEAD)
    st.remove_units("undead_town", UNDEAD, "melee", 1, "WC-11.9")
    st.force("undead_town", UNDEAD).melee += 1             # the zone is full again
    assert st.units("undead_town", UNDEAD) == 3
    scenarios.after_combat(st)
    st._legal = None
    acts(st, "respawn undead_town")
    assert st.units("undead_town", UNDEAD) == 4


def test_WC_X5_WC_X9_scenario_boards_and_names() -> None:
    """WC-X5: every scenario carries its own board; WC-X9: names in English and Spanish."""
    for name in ("elf-gate", "march-of-the-necromancers", "the-prisoners", "nordrassil"):
        st = scenario(game=name)
        assert st.board.id == name and st.scenario.name.es and st.scenario.name.en
