"""Combat (section 11), the end of movement's combats (WC-7.1 to WC-7.3): battlefields and flanks,
who fights, rounds and steps, dice, casualties, the end and the reward; several battlefields;
teams (WC-15.5, WC-15.6, WC-A14); neutrals (WC-16.4, WC-A28); three sides (WC-A37); walls
(WC-18.3). Dice are scripted; defenders roll first (WC-A38 a)."""

from __future__ import annotations

from grimorio.games.warcraft.rules import combat
from tests.warcraft.fightkit import skip_windows, until_ask, war
from tests.warcraft.wckit import acts, ask, events, options, pieces


def _rolls(st: object) -> list[tuple[int, str, list[int]]]:
    return [(e.data["seat"], e.data["step"], e.data["dice"]) for e in events(st, "roll")
            if e.rule == "WC-11.7"]


def _losses(st: object) -> list[tuple[int, str, str]]:
    return [(e.data["seat"], e.data["zone"], e.data["piece"]) for e in events(st, "casualty")]


# ---------------------------------------------------------------------------- who fights

def test_WC_11_1_WC_11_3_a_move_into_enemy_units_makes_a_combat_the_mover_attacks() -> None:
    """WC-11.1: the zone is the battlefield; WC-11.3: the mover attacks, the other side
    defends; WC-7.1: fought once the mover stops."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}])
    st.script_dice([6, 1])
    acts(st, "move se_vein heart melee=1")
    assert not events(st, "combat")               # nothing until the mover is done (WC-7.1)
    acts(st, "done")
    start = events(st, "combat")[0]
    assert start.rule == "WC-11.1"
    assert (start.data["zone"], start.data["attacker"], start.data["defender"]) == ("heart", 1, 0)
    assert _rolls(st) == [(0, "melee", [6]), (1, "melee", [1])]
    assert pieces(st, "heart", 1) == {"melee": 1} and pieces(st, "heart", 0) == {}


def test_WC_11_7_flank_units_roll_and_every_die_at_strength_or_less_hits() -> None:
    """WC-11.7's own example: six melee units of Strength 2 (three in a flank) rolling 4, 3,
    1, 3, 2, 6 hit twice."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 3}, {"seat": 1, "zone": "sw_vein",
                                                           "melee": 3},
              {"seat": 0, "zone": "heart", "melee": 2}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}])
    st.script_dice([6, 6, 6, 4, 3, 1, 3, 2, 6])
    acts(st, "move se_vein heart melee=3", "done")
    assert _rolls(st) == [(0, "melee", [6, 6, 6]), (1, "melee", [4, 3, 1, 3, 2, 6])]
    assert [e.data["hits"] for e in events(st, "hits")] == [0, 2]
    assert ask(st) == "CasualtyAsk" and st.current_player == 0
    assert options(st) == ["casualty melee heart", "casualty melee nw_vein"]


def test_WC_11_2_other_players_stay_out_even_in_flanks() -> None:
    """WC-11.2: in The Elf Gate, the Orcs' units in a flank of a Human-Undead combat, and the
    neutrals in another flank, take no part."""
    st = war([{"seat": 2, "zone": "old_mine_a", "melee": 1},
              {"seat": 0, "zone": "ruins_a", "melee": 1},
              {"seat": 1, "zone": "trail_a", "melee": 2},
              {"seat": -1, "zone": "guard_a", "ranged": 2}], game="elf-gate", mover=2)
    st.script_dice([6, 1])
    acts(st, "move old_mine_a ruins_a melee=1", "done")
    assert _rolls(st) == [(0, "melee", [6]), (2, "melee", [1])]
    assert pieces(st, "trail_a", 1) == {"melee": 2}
    assert pieces(st, "guard_a", -1) == {"ranged": 2}
    assert pieces(st, "ruins_a", 2) == {"melee": 1}


def test_WC_11_8_a_side_without_units_of_the_type_rolls_nothing() -> None:
    """WC-11.8 and WC-11.5: the ranged step comes first, and only the side with ranged units
    rolls in it; the flying step is empty."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "ranged": 1}])
    st.script_dice([1])
    acts(st, "move se_vein heart melee=1", "done")
    assert _rolls(st) == [(0, "ranged", [1])]
    assert pieces(st, "heart", 1) == {} and pieces(st, "heart", 0) == {"ranged": 1}


def test_WC_11_17_mountain_battlefield_draws_in_every_flank_type() -> None:
    """WC-11.17: flyers fight on a Mountain, and a ground unit in a flank still joins the
    combat there; WC-11.10: its melee hits cannot touch the flyers and are dropped."""
    st = war([{"seat": 1, "zone": "nw_tower", "flying": 1},
              {"seat": 0, "zone": "nw_peak", "flying": 1},
              {"seat": 0, "zone": "nw_gate", "melee": 1}])
    # round 1: flyers miss; the flank melee unit hits, but no Orc can be picked (WC-11.10)
    # round 2: the Human flyer hits.
    st.script_dice([6, 6, 1, 1, 6])
    acts(st, "move nw_tower nw_peak flying=1", "done")
    assert _rolls(st) == [(0, "flying", [6]), (1, "flying", [6]), (0, "melee", [1]),
                          (0, "flying", [1]), (1, "flying", [6])]
    dropped = events(st, "dropped")
    assert [e.rule for e in dropped] == ["WC-11.10"]
    assert pieces(st, "nw_peak", 1) == {} and pieces(st, "nw_peak", 0) == {"flying": 1}


# ---------------------------------------------------------------------------- casualties

def test_WC_11_9_removals_alternate_defender_first() -> None:
    """WC-11.9: each side picks its own losses, battlefield or flank, the defender first, then
    the attacker, and so on."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2}, {"seat": 1, "zone": "sw_vein",
                                                           "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 2}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 2}])
    st.script_dice([1, 1, 6, 6, 1, 1, 6, 6])
    acts(st, "move se_vein heart melee=2", "done")
    seats = []
    for text in ("casualty melee nw_vein", "casualty melee sw_vein", "casualty melee nw_vein",
                 "casualty melee sw_vein"):
        seats.append(st.current_player)
        acts(st, text)
    assert seats == [0, 1, 0, 1]
    assert _losses(st)[:4] == [(0, "nw_vein", "melee"), (1, "sw_vein", "melee")] * 2


def test_WC_11_9_a_side_with_no_more_removals_lets_the_other_finish() -> None:
    """WC-11.9: with nothing more to remove, the other side takes the rest of its losses."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 3},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 2}])
    st.script_dice([1, 6, 6, 1, 6, 6])
    acts(st, "move se_vein heart melee=3", "done")
    assert st.current_player == 0 and options(st) == ["casualty melee heart",
                                                      "casualty melee nw_vein"]
    acts(st, "casualty melee nw_vein")
    assert _losses(st) == [(0, "nw_vein", "melee"), (1, "heart", "melee")]


def test_WC_11_11_casualties_beyond_the_units_are_dropped() -> None:
    """WC-11.11: three hits on a single unit kill it; the other two are dropped."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 3}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}])
    st.script_dice([6, 1, 1, 1])
    acts(st, "move se_vein heart melee=3", "done")
    assert _losses(st) == [(0, "heart", "melee")]
    assert [(e.rule, e.data["n"]) for e in events(st, "dropped")] == [("WC-11.10", 2)]


def test_WC_11_12_flank_units_do_not_keep_a_combat_going() -> None:
    """WC-11.12, WC-11.13: losing the last battlefield unit ends the combat at once, flanks
    notwithstanding, and the winner draws (WC-11.14); removing battlefield units is a quick way
    out."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 3}],
             players=[{"hand": []}, {"hand": []}])
    st.script_dice([6, 6, 6, 6, 1])
    acts(st, "move se_vein heart melee=1", "done")
    until_ask(st, "CasualtyAsk")
    acts(st, "casualty melee heart")
    skip_windows(st)
    assert len(events(st, "round")) == 1
    end = events(st, "combat-end")[0]
    assert end.rule == "WC-11.14" and end.data["winner"] == 1
    draws = [(e.rule, e.data["seat"]) for e in events(st, "draw")
             if e.rule in ("WC-11.4", "WC-11.14")]
    assert draws == [("WC-11.4", 0), ("WC-11.4", 1), ("WC-11.14", 1)]
    assert pieces(st, "nw_vein", 0) == {"melee": 3}


def test_WC_A13_an_empty_battlefield_has_no_winner() -> None:
    """WC-A13: both sides lose their last battlefield unit in the same step: nobody wins, nobody
    draws the reward; WC-11.6: the two sides hit at once."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}],
             players=[{"hand": []}, {"hand": []}])
    st.script_dice([1, 1])
    acts(st, "move se_vein heart melee=1", "done")
    skip_windows(st)
    end = events(st, "combat-end")[0]
    assert end.rule == "WC-A13" and end.data["winner"] is None
    assert not [e for e in events(st, "draw") if e.rule == "WC-11.14"]
    assert pieces(st, "heart", 0) == {} and pieces(st, "heart", 1) == {}


# ---------------------------------------------------------------------------- several combats

def test_WC_7_2_WC_11_18_the_mover_orders_neighbouring_battlefields() -> None:
    """WC-7.2: the mover picks the order; WC-11.18: the other battlefield is a flank, so its
    units fight too, and a loss taken there can head off its own combat (WC-7.3)."""
    st = war([{"seat": 1, "zone": "sw_vein", "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "se_vein",
                                                         "melee": 1}])
    acts(st, "move sw_vein heart melee=1", "move sw_vein se_vein melee=1", "done")
    assert ask(st) == "ChooseBattle" and st.current_player == 1
    assert options(st) == ["battle heart", "battle se_vein"]
    st.script_dice([6, 6, 1, 6])          # both Humans and both Orcs roll in heart's combat
    acts(st, "battle heart")
    assert _rolls(st) == [(0, "melee", [6, 6]), (1, "melee", [1, 6])]
    st.script_dice([6, 2, 5])               # round 2: the Orcs hit once
    acts(st, "casualty melee se_vein")      # the Human leaves the other battlefield
    assert pieces(st, "heart", 0) == {} and pieces(st, "se_vein", 0) == {}
    combats = [e.data["zone"] for e in events(st, "combat")]
    assert combats == ["heart"]             # se_vein's combat never happens (WC-7.3)


def test_WC_7_3_the_board_is_looked_at_again_after_each_combat() -> None:
    """WC-7.3: when one combat is over, any zone still holding both sides is fought next."""
    st = war([{"seat": 1, "zone": "sw_vein", "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "se_vein",
                                                         "melee": 1}])
    acts(st, "move sw_vein heart melee=1", "move sw_vein se_vein melee=1", "done")
    st.script_dice([6, 6, 1, 6, 6, 1, 1])
    acts(st, "battle heart", "casualty melee heart")
    assert [e.data["zone"] for e in events(st, "combat")] == ["heart", "se_vein"]


def test_combat_helpers_report_candidates() -> None:
    """WC-7.1: only contested zones with an attacker are candidates."""
    st = war([{"seat": 1, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "heart",
                                                         "melee": 1},
              {"seat": 0, "zone": "nw_town", "melee": 1}])
    assert combat.candidates(st, 1) == [("heart", 1, 0)]
    assert combat.candidates(st, 0) == [("heart", 0, 1)]


# ---------------------------------------------------------------------------- teams

def _teams() -> object:
    """Four players: Humans (0) and Night Elves (2) against Orcs (1) and Undead (3)."""
    return war([{"seat": 0, "zone": "nw_vein", "melee": 1},
                {"seat": 1, "zone": "heart", "melee": 1},
                {"seat": 2, "zone": "se_vein", "melee": 2},
                {"seat": 3, "zone": "sw_vein", "melee": 1},
                {"seat": 3, "zone": "heart", "melee": 1}],
               game="generic-4p", mover=0)


def test_WC_15_5_WC_A14_partners_declare_their_flank_units() -> None:
    """WC-15.5, WC-A14: a partner's battlefield units always fight; his flank units join all
    or none, as he says when the combat starts, defenders first (WC-11.16)."""
    st = _teams()
    acts(st, "move nw_vein heart melee=1", "done")
    assert ask(st) == "JoinAsk" and st.current_player == 3
    assert options(st) == ["join yes", "join no"]
    acts(st, "join yes")
    assert ask(st) == "JoinAsk" and st.current_player == 2
    st.script_dice([6, 6, 6, 1])
    acts(st, "join no")
    # Defenders roll first: the Orc chief, then the Undead with two units; the Night Elves'
    # flank units stay out (WC-11.3: partners with units fighting join their side).
    assert _rolls(st) == [(1, "melee", [6]), (3, "melee", [6, 6]), (0, "melee", [1])]


def test_WC_15_6_the_attacked_player_shares_out_his_side_s_losses() -> None:
    """WC-15.6, WC-A14: the member attacked in the battlefield picks among his side's units,
    named with their owner."""
    st = _teams()
    acts(st, "move nw_vein heart melee=1")
    st.script_dice([6, 6, 6, 1, 6])
    acts(st, "done", "join yes", "join yes")
    assert st.current_player == 1
    assert options(st) == ["casualty melee heart p2", "casualty melee heart p4",
                           "casualty melee sw_vein p4"]


# ---------------------------------------------------------------------------- neutrals, sides

def test_WC_16_4_WC_A28_the_neighbour_throws_and_picks_for_the_neutrals() -> None:
    """WC-16.4, WC-A28: the neutrals defend, with their flank units; the attacker's left-hand
    neighbour throws their dice and picks their losses; they draw no card."""
    st = war([{"seat": 0, "zone": "human_field", "melee": 3},
              {"seat": 0, "zone": "ruins_a", "ranged": 1},
              {"seat": -1, "zone": "guard_a", "ranged": 2},
              {"seat": -1, "zone": "elf_gate", "flying": 3}], game="elf-gate", mover=0,
             players=[{"hand": []}, {"hand": []}, {"hand": []}])
    st.script_dice([6, 6, 1])
    acts(st, "move human_field guard_a melee=3", "done")
    until_ask(st, "CasualtyAsk")
    first = next(e for e in events(st, "roll") if e.rule == "WC-11.7")
    assert first.data["seat"] == -1 and "P2" in first.text.en
    assert ask(st) == "CasualtyAsk" and st.current_player == 1
    assert options(st) == ["casualty ranged guard_a", "casualty flying elf_gate"]
    assert [e.data["seat"] for e in events(st, "draw") if e.rule == "WC-11.4"] == [0]


def test_WC_A37_three_sides_fight_in_duels_in_the_attacker_s_order() -> None:
    """WC-A37: with Orcs and neutrals both in the zone, the Human mover picks whom to fight
    first; the third side takes no part; then the zone is fought again (WC-7.3)."""
    st = war([{"seat": 0, "zone": "human_field", "melee": 1},
              {"seat": 1, "zone": "guard_a", "melee": 1},
              {"seat": -1, "zone": "guard_a", "ranged": 2}], game="elf-gate", mover=0)
    acts(st, "move human_field guard_a melee=1", "done")
    assert ask(st) == "ChooseBattle"
    assert options(st) == ["battle guard_a p2", "battle guard_a neutral"]
    st.script_dice([6, 1, 1, 6])
    acts(st, "battle guard_a p2")
    fights = [(e.data["attacker"], e.data["defender"]) for e in events(st, "combat")]
    assert fights == [(0, 1), (0, -1)]
    assert _rolls(st) == [(1, "melee", [6]), (0, "melee", [1]), (-1, "ranged", [1, 6])]
    assert pieces(st, "guard_a", -1) == {"ranged": 2} and pieces(st, "guard_a", 0) == {}


def test_WC_18_3_walls_keep_ground_units_out_of_a_flank() -> None:
    """WC-18.3: a melee unit across a wall does not flank the combat; a flyer there does."""
    st = war([{"seat": 0, "zone": "orc_hill", "melee": 1},
              {"seat": 1, "zone": "prison_a", "melee": 1},
              {"seat": 0, "zone": "orc_road", "melee": 1, "flying": 1}],
             game="the-prisoners", mover=0)
    st.script_dice([6, 6, 6, 6, 1, 6])
    acts(st, "move orc_hill prison_a melee=1", "done")
    assert _rolls(st)[:3] == [(0, "flying", [6]), (1, "melee", [6]), (0, "melee", [6])]


def test_WC_A40_a_combat_nobody_can_lose_stops() -> None:
    """WC-A40: a lone Orc flyer against a Night Elf level-2 melee unit that heals (WC-12.3):
    the melee unit cannot touch the flyer (WC-11.10), and the flyer's one hit a step is always
    healed. The combat stops with no winner and is not fought again this phase."""
    st = war([{"seat": 0, "zone": "sw_vein", "flying": 1},
              {"seat": 1, "zone": "heart", "melee": 1}],
             mover=0, races="orc,night_elf",
             players=[{"hand": [], "deck": []}, {"hand": [], "deck": [], "levels": {"melee": 2}}])
    acts(st, "move sw_vein heart flying=1", "done")
    assert [e.rule for e in events(st, "stalemate")] == ["WC-A40"]
    assert not events(st, "round") and not _rolls(st)
    end = events(st, "combat-end")
    assert len(end) == 1 and end[0].data["winner"] is None
    assert st.contested("heart") and len(events(st, "combat")) == 1


def test_WC_A40_a_fight_that_can_still_be_lost_goes_on() -> None:
    """WC-A40: with two flyer dice against one Heal, the melee unit can be lost: they fight."""
    st = war([{"seat": 0, "zone": "sw_vein", "flying": 2},
              {"seat": 1, "zone": "heart", "melee": 1}],
             mover=0, races="orc,night_elf",
             players=[{"hand": [], "deck": []}, {"hand": [], "deck": [], "levels": {"melee": 2}}])
    st.script_dice([1, 1])
    acts(st, "move sw_vein heart flying=2", "done")
    assert not events(st, "stalemate")
    assert pieces(st, "heart", 1) == {}
