"""The Movement phase (section 6), stacking (section 5) and the end of movement (WC-7.1 to
WC-7.5)."""

from __future__ import annotations

import random
from typing import Any

from grimorio.games.warcraft.actions import act, pending_ask
from grimorio.games.warcraft.game import SCENARIOS
from grimorio.games.warcraft.rules import movement
from tests.warcraft.wckit import acts, events, new_game, options, pieces, scenario


def _moves(st: Any, frm: str, kind: str) -> set[str]:
    """Destinations listed for one piece of `kind` from `frm`."""
    return {o.split()[2] for o in options(st) if o.startswith(f"move {frm} ")
            and o.endswith(f"{kind}=1")}


def _at(*entries: dict[str, Any], **fields: Any) -> Any:
    return scenario(pieces=list(entries), **fields)


def test_WC_6_2_ranges_of_each_piece() -> None:
    """WC-6.2: melee and ranged 1 zone; flyers and workers up to 2, never into Mountains on
    foot (WC-6.4)."""
    st = _at({"seat": 0, "zone": "nw_gate", "melee": 1, "ranged": 1, "flying": 1, "workers": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    ground = {"nw_grove", "nw_mine", "nw_tower", "nw_town"}
    assert _moves(st, "nw_gate", "melee") == ground
    assert _moves(st, "nw_gate", "ranged") == ground
    assert "nw_peak" in _moves(st, "nw_gate", "flying")                       # WC-6.4
    assert "nw_peak" not in _moves(st, "nw_gate", "workers")
    assert {"nw_shrine", "nw_wood", "nw_pass", "sw_pass", "nw_vein"} <= _moves(st, "nw_gate",
                                                                               "workers")
    assert "nw_shrine" in _moves(st, "nw_gate", "flying")


def test_WC_6_4_non_flyers_never_cross_mountains() -> None:
    """WC-6.4, WC-2.7: a worker cannot pass through a Mountain even with range to spare."""
    st = _at({"seat": 0, "zone": "nw_peak", "flying": 1}, {"seat": 0, "zone": "nw_gate",
                                                           "workers": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    reach = movement.reachable(st, 0, "nw_gate", "workers")
    assert "nw_peak" not in reach
    assert _moves(st, "nw_peak", "flying") >= {"nw_gate", "nw_tower", "nw_grove", "nw_town"}


def test_WC_6_5_encounters_halt_flyers() -> None:
    """WC-6.5: a flyer stops in the first zone holding an enemy unit, worker or outpost."""
    st = _at({"seat": 0, "zone": "nw_town", "flying": 1},
             {"seat": 1, "zone": "nw_gate", "workers": 1})
    reach = _moves(st, "nw_town", "flying")
    assert "nw_gate" in reach and "nw_tower" not in reach and "nw_peak" not in reach
    assert "nw_grove" in reach                   # round by the forest


def test_WC_6_5_outposts_halt_too() -> None:
    """WC-6.5: an enemy outpost alone halts a flyer."""
    st = _at({"seat": 0, "zone": "nw_town", "flying": 1},
             {"seat": 1, "zone": "nw_mine", "outposts": 1})
    assert "nw_gate" in _moves(st, "nw_town", "flying")
    assert movement.halts(st, 0, "nw_mine")


def test_WC_6_6_WC_6_7_WC_A5_worker_restriction() -> None:
    """WC-6.6: workers keep out of enemy-held zones unless a unit of theirs is there, one that
    moved in this phase included; WC-6.7, WC-A5: they stop there."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1, "workers": 1},
             {"seat": 1, "zone": "nw_gate", "workers": 1})
    assert "nw_gate" not in _moves(st, "nw_town", "workers")
    acts(st, "move nw_town nw_gate melee=1")
    reach = _moves(st, "nw_town", "workers")
    assert "nw_gate" in reach                                  # WC-6.6
    assert "nw_tower" not in reach                             # WC-6.7, WC-A5: it stops


def test_WC_6_6_workers_cannot_pass_enemy_workers() -> None:
    """WC-6.6: with no unit of his there, a worker may not even cross an enemy-held zone."""
    st = _at({"seat": 0, "zone": "nw_mine", "workers": 1},
             {"seat": 1, "zone": "nw_gate", "workers": 1})
    reach = movement.reachable(st, 0, "nw_mine", "workers")
    assert "nw_gate" not in reach and "nw_tower" not in reach and "nw_peak" not in reach
    assert reach == {"nw_town", "nw_wood", "nw_grove", "sw_pass", "sw_tower"}


def test_WC_5_1_WC_5_2_WC_5_3_WC_5_5_WC_A3_stacking_where_pieces_rest() -> None:
    """WC-5.1, WC-5.2: 3 units and 3 workers per zone; WC-5.3: counted apart; WC-5.5, WC-A3:
    tested where the piece ends, so a full zone may be crossed."""
    st = _at({"seat": 0, "zone": "nw_gate", "melee": 3, "workers": 3},
             {"seat": 0, "zone": "nw_town", "melee": 2, "flying": 1, "workers": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    assert "nw_gate" not in _moves(st, "nw_town", "melee")                     # WC-5.1
    assert "nw_gate" not in _moves(st, "nw_town", "workers")                   # WC-5.2
    assert "nw_tower" in _moves(st, "nw_town", "flying")                       # WC-A3
    assert "nw_tower" in _moves(st, "nw_town", "workers")
    st2 = _at({"seat": 0, "zone": "nw_gate", "melee": 3},
              {"seat": 0, "zone": "nw_town", "workers": 3},
              {"seat": 1, "zone": "se_town", "melee": 1})
    assert "move nw_town nw_gate workers=3" in options(st2)                   # WC-5.3


def test_WC_5_4_enemies_are_not_counted() -> None:
    """WC-5.4: three units may join three enemy units."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 3},
             {"seat": 1, "zone": "nw_gate", "melee": 3})
    assert "move nw_town nw_gate melee=3" in options(st)


def test_WC_15_4_partners_share_the_limits() -> None:
    """WC-15.4: in a team game the two partners count together; WC-15.3: a partner's pieces
    neither halt nor block."""
    st = scenario(game="generic-4p", pieces=[
        {"seat": 0, "zone": "nw_town", "melee": 2, "flying": 1, "workers": 1},
        {"seat": 2, "zone": "nw_gate", "melee": 2, "workers": 3}])
    assert "move nw_town nw_gate melee=1" in options(st)
    assert "move nw_town nw_gate melee=2" not in options(st)
    assert "nw_gate" not in _moves(st, "nw_town", "workers")
    assert "nw_tower" in _moves(st, "nw_town", "flying")                      # no halt


def test_WC_6_3_WC_A4_each_piece_moves_once() -> None:
    """WC-6.3, WC-A4: a piece moves once per phase; those that arrived cannot go on."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 2},
             {"seat": 1, "zone": "se_town", "melee": 1})
    acts(st, "move nw_town nw_gate melee=1")
    assert not [o for o in options(st) if o.startswith("move nw_gate")]
    assert "move nw_town nw_mine melee=1" in options(st)
    assert pieces(st, "nw_gate", 0) == {"melee": 1, "moved_melee": 1}


def test_WC_6_1_moving_nothing_is_allowed() -> None:
    """WC-6.1: any pieces, or none."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 2},
             {"seat": 1, "zone": "se_town", "melee": 1})
    assert "done" in options(st)
    acts(st, "done")
    assert st.current_player == 1


def test_WC_6_9_WC_10_14_a_builder_who_walks_away_loses_the_outpost() -> None:
    """WC-6.9, WC-10.14: the builder may leave, and the outpost is lost; WC-A8: its marker
    returns."""
    st = _at({"seat": 0, "zone": "nw_gate", "workers": 2, "building": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    acts(st, "move nw_gate nw_town workers=1")
    assert pieces(st, "nw_gate", 0)["building"] == 1
    acts(st, "move nw_gate nw_town workers=1")
    assert "building" not in pieces(st, "nw_gate", 0) if pieces(st, "nw_gate", 0) else True
    assert events(st, "outpost-lost")[0].rule == "WC-10.14"
    assert st.outposts_of(0) == 0


def test_WC_9_5_WC_6_10_a_sealed_town_hall_keeps_everyone_in() -> None:
    """WC-9.5, WC-6.10: nobody leaves a sealed Town Hall zone."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1, "workers": 1},
             {"seat": 0, "zone": "nw_gate", "melee": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    st.sealed = frozenset({"nw_town"})
    st._legal = None
    assert not [o for o in options(st) if o.startswith("move nw_town")]
    assert [o for o in options(st) if o.startswith("move nw_gate")]


def test_WC_7_4_WC_6_8_defenseless_workers_and_outposts() -> None:
    """WC-6.8: walking in on workers and an outpost starts no fight; WC-7.4: after the combats
    they are wiped out and return to the reserve (WC-A8)."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1},
             {"seat": 1, "zone": "nw_gate", "workers": 2, "outposts": 1},
             {"seat": 1, "zone": "se_town", "melee": 1, "workers": 1})
    reserve = st.reserve(1, "workers")
    acts(st, "move nw_town nw_gate melee=1", "done")
    assert pieces(st, "nw_gate", 1) == {}
    assert st.reserve(1, "workers") == reserve + 2
    assert st.outposts_of(1) == 0
    assert events(st, "defenseless")[0].rule == "WC-7.4"


def test_WC_A19_haste_and_cripple_ranges() -> None:
    """WC-A19, WC-13.21, WC-13.17: Haste +2 to at most 3, Cripple -1 to at least 0."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1, "flying": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    st.move_mods[(0, "nw_town")] = frozenset({"haste"})
    assert movement.move_range(st, 0, "nw_town", "melee") == 3
    assert movement.move_range(st, 0, "nw_town", "flying") == 3
    st.move_mods[(0, "nw_town")] = frozenset({"cripple"})
    assert movement.move_range(st, 0, "nw_town", "melee") == 0
    st.move_mods[(0, "nw_town")] = frozenset({"haste", "cripple"})
    assert movement.move_range(st, 0, "nw_town", "melee") == 2
    assert movement.move_range(st, 0, "nw_town", "flying") == 2


def test_WC_7_5_the_next_player_moves_after_the_end_of_movement() -> None:
    """WC-7.5: then the next player clockwise moves."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    acts(st, "done")
    assert st.current_player == 1 and st.phase == "movement"


def test_move_notation_takes_several_pieces() -> None:
    """WC-6.3: a group of one kind moves together; the count is limited by stacking."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 3},
             {"seat": 0, "zone": "nw_gate", "melee": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    listed = [o for o in options(st) if o.startswith("move nw_town nw_gate")]
    assert listed == ["move nw_town nw_gate melee=1", "move nw_town nw_gate melee=2"]


def test_WC_A34_called_workers_go_back_to_work() -> None:
    """WC-A34: workers fighting under Call to Arms are workers again once the Movement phase
    and its combats are over."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1},
             {"seat": 1, "zone": "se_town", "melee": 1, "militia": 2})
    assert st.units("se_town", 1) == 3 and st.on_board(1, "workers") == 2
    acts(st, "done")
    assert pieces(st, "se_town", 1) == {"melee": 1, "workers": 2}


def test_WC_2_9_an_empty_zone_does_nothing() -> None:
    """WC-2.9: walking into an Empty zone has no effect."""
    st = _at({"seat": 0, "zone": "nw_town", "melee": 1},
             {"seat": 1, "zone": "se_town", "melee": 1})
    acts(st, "move nw_town nw_gate melee=1", "done")
    assert st.board.zones["nw_gate"].type == "empty"
    assert [e.kind for e in events(st)][-3:] != ["defenseless"]


def _walk(st: Any, seat: int, start: str, kind: str) -> set[str]:
    """The plain step-by-step walk that `movement.reachable` speeds up: `can_enter` and
    `halts` at every step, within `move_range`."""
    found: set[str] = set()
    frontier = [start]
    for _ in range(movement.move_range(st, seat, start, kind)):
        nxt = []
        for here in frontier:
            for there in st.board.zones[here].adjacent:
                if there == start or not movement.can_enter(st, seat, kind, here, there):
                    continue
                if there not in found:
                    found.add(there)
                    if not movement.halts(st, seat, there):
                        nxt.append(there)
        frontier = nxt
    return found


def test_WC_6_2_WC_5_5_the_move_list_matches_the_step_by_step_rules() -> None:
    """WC-6.2 to WC-6.7, WC-5.5, WC-18.3, WC-19.9: in random games of every scenario, the
    listed moves are exactly the walk of `can_enter` and `halts` with `room` at the end."""
    checked = 0
    for name in SCENARIOS:
        st = new_game(seed=3, scenario=name)
        rng = random.Random(3)
        for _ in range(400):
            if st.is_terminal():
                break
            ask = pending_ask(st)
            if isinstance(ask, movement.MoveAsk):
                seat, expected = ask.seat, []
                for zone in sorted(z for z, sides in st.zones.items() if seat in sides):
                    force = st.zones[zone][seat]
                    carry = movement.prisoner_at(st, zone, st.players[seat].race) is not None
                    for kind in movement.MOVERS:
                        free = force.free(kind) if zone not in st.sealed else 0
                        if not free:
                            continue
                        reach = _walk(st, seat, zone, kind)
                        assert movement.reachable(st, seat, zone, kind) == reach
                        for dest in sorted(reach):
                            for n in range(1, min(free, movement.room(st, seat, dest, kind)) + 1):
                                expected.append(act("move", zone, dest, **{kind: n}))
                                if carry and kind in ("melee", "ranged", "flying"):
                                    expected.append(act("move", zone, dest, **{kind: n},
                                                        prisoner=1))
                assert movement.move_options(st, seat) == expected
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 100
