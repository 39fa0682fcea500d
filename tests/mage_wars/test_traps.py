"""Traps (MW-5.98-MW-5.103, MW-A24, MW-X-7.15, MW-4.24): face-down zone enchantments set off when
an enemy creature enters their zone by moving, being pushed or being teleported. No apprentice
card is a trap: the tests use test-only cards (`fake_card`)."""

from __future__ import annotations

from typing import Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import displace
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    events,
    faces,
    fake_card,
    options,
    pass_windows,
    scenario,
)

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def trap_card(st: MageWarsState, card_id: str = "test-snare", *, stun: bool = False,
              reveal: int = 1, one_use: bool = True) -> str:
    """A test-only trap: a zone enchantment whose 3-die attack hits the creature that set it
    off (stunning it with `stun`), one-use by default."""
    bands = (data.EffectBand(1, None, ("stun",)),) if stun else ()
    bar = data.Attack(Text("Snare", "Lazo"), None, "ranged", data.Span(0, 0), 3, None, bands,
                      (), (), False)
    kinds = (U("trap"), U("one-use")) if one_use else (U("trap"),)
    fake_card(st, "sacred-ground", card_id, subtypes=("trap",), traits=kinds, grants=(),
              cost=data.Cost(2, reveal, None), attacks=(bar,))
    return card_id


def set_trap(st: MageWarsState, zone: str, card_id: str = "test-snare", seat: int = 0) -> int:
    return st.new_obj(card_id, "enchantment", seat, seat, zone=zone, face_up=False).oid


def wolf_menu(**changes: Any) -> MageWarsState:
    """The enemy wolf (o3, A1) at its action menu; seat 0 has 10 mana."""
    setup: dict[str, Any] = {"phase": "menu", "activate": 3, "objects": [WOLF]}
    setup.update(changes)
    return scenario(setup)


def test_a_trap_is_cast_only_where_no_enemy_creature_stands() -> None:
    """MW-5.98, MW-A24: a trap goes face down on a zone without enemy creatures, checked when it
    is announced and again when it resolves (MW-5.15)."""
    st = scenario({"phase": "menu", "activate": 1, "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "B1"},
        {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False}]})
    st.players[0].planned.append(trap_card(st))
    st.changed()
    casts = {o for o in options(st) if o.startswith("cast test-snare")}
    assert casts == {"cast test-snare A1", "cast test-snare A2", "cast test-snare B2",
                     "cast test-snare C1"}
    acts(st, "cast test-snare A2")
    assert ask(st) == "RevealAsk" and st.current_player == 1      # the window after Step 1
    st.relocate(3, "A2")               # as if an enchantment revealed now had moved it
    pass_windows(st)
    assert events(st, "countered")[-1].rule == "MW-5.15"
    assert "test-snare" in st.players[0].discard
    assert not any(o.card == "test-snare" for o in st.objs.values())


def test_a_trap_goes_off_when_an_enemy_moves_in() -> None:
    """MW-5.99, MW-5.100, MW-4.24, MW-X-7.15: entering the trap's zone by a move (step 6) sets it
    off: it must be turned up (`reveal`/`decline`, MW-5.94) and acts before the creature can do
    anything else; MW-5.93 a one-use trap then goes to the discard pile; MW-4.26 a window ends
    step 5, before the traps."""
    st = wolf_menu()
    trap = set_trap(st, "B1", trap_card(st))
    acts(st, "move B1")
    assert ask(st) == "RevealAsk" and st.obj(3).zone == "A1"      # after step 1
    acts(st, "pass")
    assert ask(st) == "RevealAsk" and st.obj(3).zone == "B1"      # after step 5
    acts(st, "pass")
    assert ask(st) == "TriggerAsk" and st.current_player == 0
    assert options(st) == [f"reveal o{trap}", f"decline o{trap}"]
    st.script_dice(faces(critical=(1, 1), blank=1))
    acts(st, f"reveal o{trap}")
    assert st.players[0].mana == 10 - 1 and st.obj(3).damage == 2
    assert trap not in st.objs and "test-snare" in st.players[0].discard
    assert events(st, "trap")[0].rule == "MW-5.99"
    assert ask(st) == "MenuAsk" and "attack 1 o1" not in options(st)   # o1 is in A1


def test_pushes_and_teleports_set_traps_off_summoning_does_not() -> None:
    """MW-5.99: a push or a teleport into the zone sets its traps off; a creature summoned there
    has not entered it (MW-X-10.8), and the trap's own side sets nothing off."""
    st = wolf_menu()
    trap = set_trap(st, "B1", trap_card(st))
    displace.push(st, 3, "south", "MW-X-7.17")
    run(st)
    assert ask(st) == "TriggerAsk" and options(st)[-1] == f"decline o{trap}"
    acts(st, f"decline o{trap}")
    st = wolf_menu()
    trap = set_trap(st, "B2", trap_card(st))
    displace.teleport(st, 3, "B2", "MW-X-7.25")
    run(st)
    assert ask(st) == "TriggerAsk"
    st = scenario({"phase": "menu", "activate": 2, "players": [
        {}, {"zone": "B1", "planned": ["timber-wolf"], "mana": 20}], "objects": [
        {"card": "timber-wolf", "controller": 0, "zone": "A1"}]})
    set_trap(st, "B1", trap_card(st))
    acts(st, "cast timber-wolf B1")
    pass_windows(st)
    assert not events(st, "trap") and ask(st) != "TriggerAsk"
    st.objs[3].active = True
    displace.push(st, 3, "south", "MW-X-7.17")     # seat 0's own wolf: no enemy
    run(st)
    assert not events(st, "trap")


def test_an_unpaid_trap_is_destroyed() -> None:
    """MW-5.95, MW-C25, MW-X-11.10: the trap must be turned up, but its controller may leave it
    unpaid, and must when short of mana: destroyed with no effect."""
    st = wolf_menu(players=[{"mana": 0}, {}])
    trap = set_trap(st, "B1", trap_card(st))
    acts(st, "move B1")
    pass_windows(st)
    assert options(st) == [f"decline o{trap}"]
    acts(st, f"decline o{trap}")
    assert trap not in st.objs and "test-snare" in st.players[0].discard
    assert events(st, "reveal-unpaid")[0].rule == "MW-5.95"
    assert st.obj(3).damage == 0 and not events(st, "attack")


def test_a_trap_that_stops_the_creature_ends_its_turn() -> None:
    """MW-5.101: Stunned by a trap on entering, the creature's turn ends at once, a mage's too
    (an Incapacitated mage could otherwise still cast, MW-X-6.44)."""
    st = scenario({"phase": "menu", "activate": 2, "players": [{}, {"zone": "C1"}]})
    trap = set_trap(st, "B1", trap_card(st, stun=True))
    acts(st, "move B1")
    pass_windows(st)
    st.script_dice([*faces(blank=3), 1])
    acts(st, f"reveal o{trap}")
    pass_windows(st)
    assert events(st, "trapped")[0].rule == "MW-5.101"
    assert events(st, "turn-end")[-1].data["oid"] == 2
    assert ask(st) != "MenuAsk"


def test_several_traps_go_off_in_their_controllers_order() -> None:
    """MW-5.102: a zone may hold several traps of different names; all go off together and their
    controller orders them, turning them up one at a time."""
    st = wolf_menu(players=[{"mana": 10}, {}])
    first = set_trap(st, "B1", trap_card(st))
    second = set_trap(st, "B1", trap_card(st, "test-pit"))
    acts(st, "move B1")
    pass_windows(st)
    assert set(options(st)) == {f"reveal o{first}", f"reveal o{second}",
                                f"decline o{first}", f"decline o{second}"}
    st.script_dice([*faces(normal=(1,), blank=2), *faces(normal=(2,), blank=2)])
    acts(st, f"reveal o{second}")
    assert ask(st) == "RevealAsk" and f"reveal o{first}" not in options(st)   # it waits
    pass_windows(st)
    assert options(st) == [f"reveal o{first}", f"decline o{first}"]
    acts(st, f"reveal o{first}")
    hits = [e.data["normal"] for e in events(st, "hit")]
    assert hits == [1, 2] and first not in st.objs and second not in st.objs


def test_a_trap_turned_up_at_another_time_is_discarded() -> None:
    """MW-5.103, MW-5.96: revealed in an ordinary window, not by an enemy entering its zone, a
    trap does nothing and is discarded, unpaid."""
    st = wolf_menu()
    trap = set_trap(st, "C1", trap_card(st))
    acts(st, "move A2")
    assert ask(st) == "RevealAsk" and f"reveal o{trap}" in options(st)
    acts(st, f"reveal o{trap}")
    assert trap not in st.objs and st.players[0].mana == 10
    assert events(st, "reveal-wasted")[0].rule == "MW-5.103"
    assert not events(st, "attack")


def test_a_trap_that_stays_in_play() -> None:
    """MW-5.93, MW-5.100: a trap without one-use stays face up in its zone after going off, and
    sets nothing off any more (only face-down traps go off)."""
    st = wolf_menu()
    trap = set_trap(st, "B1", trap_card(st, one_use=False))
    acts(st, "move B1")
    pass_windows(st)
    st.script_dice(faces(blank=3))
    acts(st, f"reveal o{trap}")
    assert st.obj(trap).face_up and st.obj(trap).zone == "B1"
    displace.push(st, 3, "north", "MW-X-7.17")
    displace.push(st, 3, "south", "MW-X-7.17")
    run(st)
    assert len(events(st, "trap")) == 1
