"""Polish of the multiplayer rules and the last cards (issue 8): the Gate to Voltari after a
fall (MW-B35), the order of mandatory enchantments of both seats (MW-3.5, MW-X-2.10, MW-B31),
a banished familiar in Planning (MW-S12) and the initiative after a fall (MW-9.3, MW-B29)."""

from __future__ import annotations

from typing import Any

import pytest

import grimorio
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.effects.conjurations import NameMageAsk
from grimorio.games.mage_wars.rules import damage, mandatory
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, events, faces, options, pass_windows, scenario

FOUR = "beastmaster,priestess,beastmaster,priestess"


def state(players: int, setup: dict[str, Any], **more: Any) -> MageWarsState:
    game = grimorio.load_game("mage-wars", players=players, mode="full", **more)
    st = game.new_initial_state(1, setup=setup)
    assert isinstance(st, MageWarsState)
    return st


# ---------------------------------------------------------------- Gate to Voltari (MW-B35)

def _gate_ffa() -> MageWarsState:
    """A free-for-all of four: seat 0's beastmaster (o1, A1) at its menu beside seat 1's
    priestess (o2), one point from death; seat 0's Gate to Voltari (o5) watches seat 1."""
    st = state(4, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 31}, {}, {}],
                   "objects": [{"card": "gate-to-voltari", "controller": 0, "zone": "B1"}],
                   "phase": "menu", "activate": 1},
               format="ffa", classes=FOUR, mirror=True)
    st.objs[5].memo["watched"] = 1
    st.changed()
    return st


def test_the_gate_lists_only_standing_enemy_mages() -> None:
    """MW-B35, MW-B29: a mage that has fallen, its player not out yet, is no longer a mage the
    Gate may name."""
    st = _gate_ffa()
    del st.objs[5].memo["watched"]
    st.mage_of(1).memo["destroyed"] = 1
    gate = registry.own("gate-to-voltari", "after_cast")
    assert gate is not None
    gate.after_cast(st, 1, st.card("gate-to-voltari"))
    st.changed()
    assert isinstance(st.frames[-1], NameMageAsk) and st.current_player == 0
    assert options(st) == ["name o3", "name o4"]


def test_the_gate_names_another_mage_when_its_player_goes_out() -> None:
    """MW-B35, MW-B29: once the player the Gate watched is out, the Gate's controller names
    one of the standing enemy mages, and from then on that mage's spells feed the Gate."""
    st = _gate_ffa()
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert st.players[1].out
    assert isinstance(st.frames[-1], NameMageAsk) and st.current_player == 0
    assert options(st) == ["name o3", "name o4"]
    acts(st, "name o4")
    assert st.objs[5].memo["watched"] == 3 and events(st, "gate-names")[-1].rule == "MW-B35"
    gate = registry.own("gate-to-voltari", "spell_cast")
    assert gate is not None
    spell = st.card("bear-strength")
    gate.spell_cast(st, 5, 3, spell)
    assert st.objs[5].mana == 0                 # seat 2's mage: not the one named
    gate.spell_cast(st, 5, 4, spell)
    assert st.objs[5].mana == 1
    pass_windows(st)
    assert st.frames[-1].seat == 2              # the round goes on, seat 1 passed over


def test_a_team_gate_names_the_last_enemy_mage_by_itself() -> None:
    """MW-B35, MW-9.8: in teams, when the watched enemy's player is out, the one enemy mage
    left is named without a question."""
    st = state(4, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 31}, {}, {}],
                   "objects": [{"card": "gate-to-voltari", "controller": 2, "zone": "B1"}],
                   "phase": "menu", "activate": 1},
               classes=FOUR, mirror=True)
    st.objs[5].memo["watched"] = 1
    st.changed()
    st.script_dice(faces(critical=(2, 2, 2)))
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert st.players[1].out and st.objs[5].memo["watched"] == 3
    assert not isinstance(st.frames[-1], NameMageAsk)


# ------------------------------------------------ both seats' mandatory enchantments (MW-3.5)

def _mandatory_defense() -> str:
    return next(c.id for c in data.shipped().cards if c.type == "enchantment"
                and c.defense is not None and mandatory.is_mandatory(c)
                and not mandatory.is_trap(c) and c.target.kind == "creature")


@pytest.mark.parametrize("initiative", [0, 1])
def test_duel_mandatory_defenses_of_both_seats_answer_initiative_first(initiative: int) -> None:
    """MW-3.5, MW-X-2.10, MW-B31, MW-5.97: a creature attacked with face-down mandatory
    Defenses of both players on it: the initiative player's are turned up first (before,
    seat 1's always came first)."""
    card = _mandatory_defense()
    st = scenario({"initiative": initiative,
                   "objects": [{"card": "bitterwood-fox", "controller": 0, "zone": "B2"},
                               *({"card": card, "controller": s, "host": 3, "face_up": False}
                                 for s in (0, 1))]})
    st.frames = st.frames[:1]
    assert mandatory.defense_trigger(st, 3, "melee")
    assert [f.seat for f in reversed(st.frames[1:])] == [initiative, 1 - initiative]


@pytest.mark.parametrize("initiative", [0, 1])
def test_duel_counter_enchantments_of_both_seats_answer_initiative_first(initiative: int
                                                                         ) -> None:
    """MW-3.5, MW-X-2.10, MW-B31, MW-5.13: seat 1's mage casts a quick spell at seat 0's
    fox while carrying its own player's face-down Jinx, and the fox carries seat 0's
    Nullify: both answer the spell, the initiative player's first (before, seat 0's always
    came first)."""
    st = scenario({"initiative": initiative,
                   "objects": [{"card": "bitterwood-fox", "controller": 0, "zone": "B2"},
                               {"card": "nullify", "controller": 0, "host": 3,
                                "face_up": False},
                               {"card": "jinx", "controller": 1, "host": 2,
                                "face_up": False}]})
    st.frames = st.frames[:1]
    mandatory.spell_trigger(st, 2, st.card("bear-strength"), ("o3",))
    assert [f.seat for f in reversed(st.frames[1:])] == [initiative, 1 - initiative]
    assert [f.oids for f in reversed(st.frames[1:])] == \
        ([(4,), (5,)] if initiative == 0 else [(5,), (4,)])


# ------------------------------------------------------------ a banished familiar (MW-S12)

def test_a_banished_familiar_gets_no_spell_in_planning() -> None:
    """MW-S12, MW-3.19, MW-5.41: Fellella, banished, can cast nothing while away, so in
    Planning the beastmaster may assign her no spell; planning two spells then ends the step
    by itself. Back in the arena she takes one again."""
    fellella = {"card": "fellella-pixie-familiar", "controller": 0,
                "banished": {"tokens": 2, "from": "B1"}}
    st = scenario({"phase": "planning",
                   "players": [{"class": "beastmaster"}, {"class": "warlock"}],
                   "objects": [fellella]})
    assert st.obj(3).zone is None
    assert not [o for o in options(st) if o.startswith("assign")]
    acts(st, "plan bear-strength", "plan rhino-hide")
    assert st.current_player == 1 and st.player(0).assigned == {}
    back = scenario({"phase": "planning",
                     "players": [{"class": "beastmaster"}, {"class": "warlock"}],
                     "objects": [{"card": "fellella-pixie-familiar", "controller": 0,
                                  "zone": "B1"}]})
    assert "assign o3 rhino-hide" in options(back)


# ------------------------------------------------------- the initiative after a fall (MW-9.3)

def test_after_a_fall_the_initiative_still_passes_to_the_left() -> None:
    """MW-9.3, MW-B29, MW-9.6: teams 0+2 against 1+3; once seat 1 is out the initiative goes
    on to the next player on the left still in the game, so seats 0 and 2 (one team) hold it
    in two rounds running: 0, 2, 3, 0, 2, 3."""
    st = state(4, {"initiative": 0}, classes=FOUR, mirror=True)
    damage.eliminate(st, 1)
    seen = [st.initiative]
    for _ in range(5):
        round_rules.initiative_step(st, False)
        seen.append(st.initiative)
    assert seen == [0, 2, 3, 0, 2, 3]
    assert [e.rule for e in events(st, "round")] == ["MW-3.4"] * 5
