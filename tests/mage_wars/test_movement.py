"""Activation, the action menu and movement (Chapter IV and the Codex entries on actions,
states and movement)."""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.rules import activation, movement
from tests.mage_wars.mwkit import acts, ask, events, options, scenario


def menu(card: str, zone: str = "A1", seat: int = 1, extra: list[dict[str, Any]] | None = None,
         players: list[dict[str, Any]] | None = None, **obj: Any) -> Any:
    """A creature (o3) just activated, at its action menu; the mages stand in A1 and C2."""
    objects = [{"card": card, "controller": seat, "zone": zone, **obj}, *(extra or [])]
    return scenario({"phase": "menu", "activate": 3, "objects": objects,
                     "players": players or [{}, {}]})


def moves(st: Any) -> list[str]:
    return [o for o in options(st) if o.startswith("move")]


def test_moves_go_to_adjacent_zones_only() -> None:
    """MW-4.11, MW-2.2, MW-X-2.2: a move takes the creature into a zone sharing a side, never
    diagonally; MW-4.18, MW-4.23: it ends in the new zone; MW-A20: the relocation is
    counted."""
    st = menu("timber-wolf", zone="B1")
    assert moves(st) == ["move A1", "move B2", "move C1"]
    acts(st, "move B2")
    assert st.obj(3).zone == "B2" and st.stamps[3] == 1
    assert any(e.kind == "move" and e.rule == "MW-4.11" for e in events(st))


def test_second_move_ends_the_turn() -> None:
    """MW-4.12, MW-X-13.3: an ordinary creature may spend its quick action on a second move,
    which ends its turn; MW-4.3: nothing comes before a move."""
    st = menu("timber-wolf", zone="B1")
    acts(st, "move B2")
    assert ask(st) == "MenuAsk" and "guard" in options(st) and moves(st)
    acts(st, "move C2")
    assert ask(st) != "MenuAsk" and st.acting is None
    assert any(e.kind == "turn-end" and e.rule == "MW-3.35" for e in events(st))


def test_fast_moves_twice_then_quick_action() -> None:
    """MW-4.13, MW-5.26, MW-X-7.8: a Fast creature moves twice before its quick action, which
    is never a third move."""
    st = menu("bitterwood-fox", zone="B1", seat=0)
    acts(st, "move B2", "move C2")
    assert ask(st) == "MenuAsk" and not moves(st)
    assert "guard" in options(st) and "attack 1 o2" in options(st)


def test_slow_stops_after_moving() -> None:
    """MW-X-7.9: a Slow creature's move ends its turn; standing still it may take a full
    action (its full attack, MW-4.5)."""
    st = menu("darkfenne-hydra", zone="A2", seat=1)
    assert "attack 2 o1" not in options(st)         # o1 stands in A1, not A2
    acts(st, "move A1")
    assert st.acting is None
    st = menu("darkfenne-hydra", zone="A1", seat=1)
    assert {"attack 1 o1", "attack 2 o1"} <= set(options(st))


def test_fast_and_slow_moves_normally() -> None:
    """MW-X-7.10: Fast and Slow together make an ordinary mover (Cheetah Speed on a Slow
    hydra): one move, then a quick action that may be a second move."""
    st = menu("darkfenne-hydra", zone="A2", extra=[
        {"card": "cheetah-speed", "controller": 1, "host": 3}])
    assert traits.traits(st, 3).has("fast") and traits.traits(st, 3).has("slow")
    acts(st, "move B2")
    assert ask(st) == "MenuAsk" and moves(st) and "guard" in options(st)


def test_full_actions_only_without_a_move() -> None:
    """MW-4.2, MW-4.5, MW-4.6, MW-6.6, MW-B27, MW-X-2.4: a full attack only without moving, a
    quick attack after a move or not; MW-4.8, MW-5.3, MW-X-2.7: a mage casts a full spell
    only without moving, a quick one after a move."""
    st = menu("steelclaw-grizzly", zone="A2", seat=1, players=[{"zone": "A2"}, {}])
    assert {"attack 1 o1", "attack 2 o1"} <= set(options(st))
    acts(st, "move A1")
    assert "attack 2 o1" not in options(st)
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"zone": "B1", "planned": ["firestorm", "flameblast"], "mana": 30}, {"zone": "C1"}]})
    assert "cast firestorm C1" in options(st) and "cast flameblast o2" in options(st)
    acts(st, "move B2")
    assert "cast flameblast o2" not in options(st)           # C1 is 2 zones from B2
    assert not any(o.startswith("cast firestorm") for o in options(st))


def test_guard_and_its_removal_on_activation() -> None:
    """MW-4.7, MW-X-2.6, MW-6.115: guarding is a quick action that places a Guard marker;
    MW-4.1, MW-6.120, MW-X-2.1: activation flips the action marker and removes it."""
    st = menu("timber-wolf", zone="C2")
    acts(st, "guard")
    assert st.obj(3).guard and not st.obj(3).active
    st = scenario({"objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1",
                                "guard": True}]})
    acts(st, "activate o3")
    assert not st.obj(3).guard and not st.obj(3).active


def test_hindering_stops_further_moves() -> None:
    """MW-4.14, MW-4.15, MW-A17, MW-C18, MW-X-7.3: leaving a zone with an enemy creature
    hinders: the move is completed and no other move follows, but other quick actions stay;
    MW-4.10: a hindered creature may still attack."""
    st = menu("timber-wolf", zone="A1", seat=1)          # the enemy mage o1 is in A1
    acts(st, "move B1")
    assert not moves(st) and "guard" in options(st)
    assert any(e.kind == "hindered" for e in events(st))
    st = menu("timber-wolf", zone="B1", seat=1)
    acts(st, "move A1")                                    # entering hinders too
    assert not moves(st) and "attack 1 o1" in options(st)


def test_who_cannot_hinder() -> None:
    """MW-4.16, MW-X-7.4, MW-X-6.33, MW-X-6.41: Incapacitated and Restrained enemies do not
    hinder, and flyers and non-flyers never hinder each other (MW-5.28)."""
    for markers in ({"stun": 1}, {"cripple": 1}):
        st = menu("timber-wolf", zone="A1", seat=1, players=[{"markers": markers}, {}])
        acts(st, "move B1")
        assert moves(st), markers
    st = menu("timber-wolf", zone="A1", seat=1)
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    assert not movement.hinders(st, 3, 1)
    acts(st, "move B1")
    assert moves(st)


def test_restrained_and_incapacitated_cannot_move() -> None:
    """MW-4.19, MW-X-6.29: a Restrained creature makes no move action but may still attack;
    MW-X-6.36, MW-X-6.42: an Incapacitated creature is activated and its turn just ends."""
    st = menu("timber-wolf", zone="A1", seat=1, markers={"cripple": 1})
    assert not moves(st) and "attack 1 o1" in options(st)
    st = scenario({"objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1",
                                "markers": {"stun": 1}}]})
    acts(st, "activate o3")
    assert not st.obj(3).active and st.acting is None
    assert st.obj(3).count("stun") == 0               # MW-3.35: Stun leaves at the turn's end


def test_incapacitated_mage_may_cast_a_quick_non_attack_spell() -> None:
    """MW-X-6.44: a Stunned mage may still cast a quick spell that is not an attack, and
    nothing else."""
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"markers": {"stun": 1}, "planned": ["vampiric-strike", "flameblast"]},
        {"zone": "A1"}]})
    assert options(st) == ["cast vampiric-strike o1", "cast vampiric-strike o2", "end"]


def test_walls_block_crossing_but_not_flyers() -> None:
    """MW-5.61, MW-4.19, MW-X-7.12: a Passage Blocked wall stops a move across its border;
    MW-5.28: flyers ignore inner walls."""
    st = scenario({"phase": "menu", "activate": 3, "walls": [["A1", "A2"]],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    assert moves(st) == ["move B1"]
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    st.changed()
    assert movement.destinations(st, 3) == ["A2", "B1"]


def test_charge_sees_the_move_just_made() -> None:
    """MW-X-4.3: the creature's melee attack comes straight after its move (Charge): the
    state tells COMBAT so."""
    st = menu("highland-unicorn", zone="B1", seat=1, players=[{}, {}])
    assert not st.charging(3)
    acts(st, "move A1")
    assert st.charging(3) and st.turn_log == ("move",)


def test_bloodthirsty_must_attack_a_wounded_enemy() -> None:
    """MW-X-4.9, MW-C10: with a wounded Living enemy it can melee-attack in its zone, a
    Bloodthirsty creature must attack one: no move, no guard, no ending the turn."""
    wolf = {"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 1}
    st = menu("goran-werewolf-pet", zone="A1", seat=0, extra=[wolf])
    assert options(st) == ["attack 1 o4", "attack 2 o4"]
    st = menu("goran-werewolf-pet", zone="A1", seat=0, extra=[{**wolf, "damage": 0}])
    assert "move A2" in options(st) and "end" in options(st)


def test_reveal_window_after_activation() -> None:
    """MW-3.34, MW-5.84 (b): right after a creature is activated the players with face-down
    enchantments may reveal, before it chooses what to do."""
    st = scenario({"objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"},
                               {"card": "agony", "controller": 1, "host": 3,
                                "face_up": False}]})
    acts(st, "activate o3")
    assert ask(st) == "RevealAsk" and st.current_player == 1
    acts(st, "pass")
    assert ask(st) == "MenuAsk"


def test_cancelled_move_still_counts() -> None:
    """MW-4.19, MW-4.25, MW-A18: a move that cannot go on is cancelled, the creature stays and
    the move action is spent: no full action afterwards."""
    st = menu("timber-wolf", zone="A1", seat=1)
    st.frames.append(movement.Move(3, "C2"))            # not adjacent: cancelled at once
    from grimorio.games.mage_wars.flow import run
    run(st)
    assert st.ret == ("move", False, False) and st.obj(3).zone == "A1"
    assert any(e.kind == "move-cancelled" and e.rule == "MW-4.25" for e in events(st))
    frame = activation.Activation(3, activation.MENU, moves=1)
    assert not activation.room(st, frame).full and activation.room(st, frame).quick


def test_quick_actions_after_a_move() -> None:
    """MW-4.4, MW-X-2.3, MW-X-13.3: after a move, the quick action may be a second move, a
    quick attack, Guard or a quick spell."""
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"zone": "C1", "planned": ["flameblast"], "mana": 10}, {"zone": "A1"}],
        "objects": [{"card": "timber-wolf", "controller": 1, "zone": "B2", "active": False,
                     "markers": {"stun": 1}}]})
    acts(st, "move B1")
    assert {"move A1", "move B2", "guard", "cast flameblast o2", "end"} <= set(options(st))
    acts(st, "move B2")                    # a stunned enemy does not hinder (MW-4.16)
    assert st.acting is None               # the second move was the quick action (MW-4.12)


def test_move_order_around_enemies() -> None:
    """MW-4.17 (the rulebook's wolf): moving first into an empty zone and then into the
    enemy's is fine; moving into the enemy's zone first ends the moving there."""
    st = menu("timber-wolf", zone="C1", seat=1)            # the enemy mage o1 is in A1
    acts(st, "move B1", "move A1")
    assert st.obj(3).zone == "A1"
    st = scenario({"phase": "menu", "activate": 3, "players": [{"zone": "B1"}, {}],
                   "objects": [{"card": "bitterwood-fox", "controller": 1, "zone": "C1"}]})
    acts(st, "move B1")
    assert not moves(st)


def test_move_sequence_steps() -> None:
    """MW-4.18, MW-X-13.6: declare, pay, leave (MW-4.21: hindering by the zone left), walls,
    movement (MW-4.23: only now does the creature change zone), enter (MW-4.24: hindering by
    the zone entered); MW-4.20, MW-4.22: no apprentice card puts a cost or a wall attack on a
    move."""
    st = menu("timber-wolf", zone="A1", seat=1)
    frame = movement.Move(3, "B1")
    st.frames.append(frame)
    seen = []
    while st.frames and st.frames[-1] is frame:
        frame.step(st)
        seen.append((frame.stage, st.obj(3).zone, frame.hindered))
    assert seen[:4] == [(1, "A1", False), (2, "A1", False), (3, "A1", True), (4, "A1", True)]
    assert seen[4] == (5, "B1", True) and st.ret == ("move", True, True)


def test_reveal_window_after_a_move() -> None:
    """MW-5.84 (c), MW-4.26: when the move is over (its last step, entering the zone), the
    players with face-down enchantments may reveal before the creature goes on; MW-4.26, MW-5.84
    (d): a window also ends step 1, once the creature is committed (MW-4.19)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "C1"},
        {"card": "agony", "controller": 0, "host": 3, "face_up": False}]})
    acts(st, "move B1")
    assert ask(st) == "RevealAsk" and st.obj(3).zone == "C1"
    acts(st, "pass")
    assert ask(st) == "RevealAsk" and st.current_player == 0 and st.obj(3).zone == "B1"
    acts(st, "pass")
    assert ask(st) == "MenuAsk"
