"""Core Set enchantments and incantations (issue 8): one scenario or more per card that left
`pending` (effects/enchantments.py, effects/incantations.py and the data-only ones), and the Trap
keyword with real trap cards (MW-X-7.15).

Default positions: the warlock (seat 0, mage o1) against the beastmaster (seat 1, mage o2);
objects get oids 3, 4, … in list order. Dice are scripted (`faces`).
"""

from __future__ import annotations

import random
from typing import Any

from grimorio.core.state import resample, view
from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.rules import casting, damage
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    duel,
    events,
    faces,
    options,
    pass_windows,
    scenario,
    view_names,
)

WOLF = "timber-wolf"        # 10 life, armor 2, a quick 4-die melee bite
ENEMY_WOLF = {"card": WOLF, "controller": 1, "zone": "A1"}


def menu(objects: list[dict[str, Any]], activate: int = 1, *,
         players: tuple[dict[str, Any], dict[str, Any]] | None = None,
         **setup: Any) -> MageWarsState:
    """A position at the action menu of `activate` (mages in A1 and C2 unless told)."""
    seats = players or ({"zone": "A1"}, {"zone": "C2"})
    return scenario({"players": list(seats), "phase": "menu", "activate": activate,
                     "objects": objects, **setup})


def to_trigger(st: MageWarsState) -> None:
    """Pass the reveal windows up to the next decision that is not one."""
    while ask(st) == "RevealAsk":
        acts(st, "pass")


# ---------------------------------------------------------------------------- data-only cards

def test_block_is_a_mandatory_one_use_defense() -> None:
    """MW-5.93, MW-5.94, MW-5.97, MW-6.88: attacked, the mage's hidden Block must come up at
    the Avoid Attack step; paid, it avoids the wolf's bite with no roll, then goes to the
    discard pile."""
    st = duel([ENEMY_WOLF, {"card": "block", "controller": 0, "host": 1, "face_up": False}],
              activate=3)
    acts(st, "attack 1 o1")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and options(st) == ["reveal o4", "decline o4"]
    acts(st, "reveal o4")
    assert st.obj(1).damage == 0 and st.players[0].mana == 10 - 2
    assert 4 not in st.objs and "block" in st.players[0].discard


def test_cobra_reflexes_defends_once_a_round_and_magebinds() -> None:
    """MW-6.82, MW-6.85: Cobra Reflexes avoids on 7 or more, once a round; MW-X-11.11 on a
    mage its reveal cost is 5 + Magebind 2."""
    st = duel([ENEMY_WOLF, {"card": "cobra-reflexes", "controller": 0, "host": 1}],
              activate=3)
    assert casting.reveal_cost(st, 4) == 7
    acts(st, "attack 1 o1")
    to_trigger(st)
    assert ask(st) == "DefenseAsk" and "defend o4" in options(st)
    st.script_dice([7])
    acts(st, "defend o4")
    pass_windows(st)
    assert st.obj(1).damage == 0 and events(st, "defense")[0].data["avoided"] is True
    assert ("defense", 4) in st.once


def test_circle_of_lightning_answers_a_melee_hit() -> None:
    """MW-6.47, MW-6.48: the enchanted mage's Damage Barrier (2 Lightning dice) attacks the
    wolf that bit it."""
    st = duel([ENEMY_WOLF, {"card": "circle-of-lightning", "controller": 0, "host": 1}],
              activate=3)
    st.script_dice([*faces(critical=(1,), blank=3), *faces(critical=(2,)), 1, 1])
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert st.obj(1).damage == 1
    assert events(st, "barrier") and st.obj(3).damage == 2


def test_eagle_wings_gives_flying() -> None:
    """MW-5.28: the wolf with Eagle Wings flies (MW-5.33 unless it guards)."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": "eagle-wings", "controller": 0, "host": 3}], activate=3)
    assert traits.is_flying(st, 3)
    assert not traits.is_flying(st, 1)


def test_bull_endurance_raises_life() -> None:
    """MW-X-8.3: Life +4 moves the wolf's maximum from 10 to 14, not its damage."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1", "damage": 3},
               {"card": "bull-endurance", "controller": 0, "host": 3}], activate=3)
    assert traits.life(st, 3) == 14 and st.obj(3).damage == 3
    assert damage.remaining_life(st, 3) == 11


def test_poisoned_blood_stops_healing() -> None:
    """MW-X-8.8: a creature with Finite Life cannot heal."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1", "damage": 3},
               {"card": "poisoned-blood", "controller": 1, "host": 3}], activate=3)
    assert traits.traits(st, 3).has("finite-life")
    assert damage.heal(st, 3, 2, "MW-6.99") == 0 and st.obj(3).damage == 3


def test_perfect_strike_makes_the_next_melee_attack_unavoidable() -> None:
    """MW-6.76, MW-6.90: after Perfect Strike the wolf's bite is Unavoidable: the mage's
    Cobra Reflexes is not offered; the grant ends with that attack."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "C2"},
               {"card": "cobra-reflexes", "controller": 1, "host": 2}],
              players=({"zone": "C2", "planned": ["perfect-strike"]}, {"zone": "C2"}))
    acts(st, "cast perfect-strike o3")
    pass_windows(st)
    bar = st.card(WOLF).attacks[0]
    assert traits.attack_traits(st, 3, bar).has("unavoidable")
    assert st.players[0].mana == 10 - 2


def test_piercing_strike_gives_piercing_three() -> None:
    """MW-X-4.5: after Piercing Strike the wolf's next melee attack has Piercing +3."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "C2"}],
              players=({"zone": "C2", "planned": ["piercing-strike"]}, {"zone": "C2"}))
    acts(st, "cast piercing-strike o3")
    pass_windows(st)
    bar = st.card(WOLF).attacks[0]
    assert traits.attack_traits(st, 3, bar).value("piercing") == 3


def test_hellfire_trap_burns_the_creature_that_walks_in() -> None:
    """MW-X-7.15, MW-5.99, MW-5.100: the wolf moving into the trap's zone sets it off; paid, it
    attacks the wolf with 4 Flame dice, Unavoidable; MW-5.93 then it is discarded."""
    st = menu([ENEMY_WOLF, {"card": "hellfire-trap", "controller": 0, "zone": "B1",
                            "face_up": False}], activate=3)
    acts(st, "move B1")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and options(st) == ["reveal o4", "decline o4"]
    st.script_dice([*faces(critical=(2, 1), blank=2), 1])
    acts(st, "reveal o4")
    pass_windows(st)
    assert st.obj(3).damage == 3 and st.players[0].mana == 10 - 2
    assert 4 not in st.objs and "hellfire-trap" in st.players[0].discard


# ---------------------------------------------------------------------------- scripted enchantments

def test_chains_of_agony_hurts_each_move() -> None:
    """MW-4.20, MW-6.97: the cursed wolf takes 1 direct damage when it moves."""
    st = menu([ENEMY_WOLF, {"card": "chains-of-agony", "controller": 0, "host": 3}],
              activate=3)
    acts(st, "move B1")
    pass_windows(st)
    assert st.obj(3).zone == "B1" and st.obj(3).damage == 1


def test_decoy_pays_out_when_revealed_or_destroyed_hidden() -> None:
    """MW-X-8.2: revealed (free), Decoy is destroyed and its controller gains 2 mana; destroyed
    while hidden (a Dispel, say) it pays out too. It may go on a zone or an object."""
    st = menu([{"card": "decoy", "controller": 0, "zone": "A1", "face_up": False}],
              players=({"zone": "A1", "planned": ["decoy"]}, {"zone": "C2"}))
    assert {"cast decoy A2", "cast decoy o1"} <= set(options(st))
    acts(st, "move A2")
    assert ask(st) == "RevealAsk" and "reveal o3" in options(st)
    acts(st, "reveal o3")
    assert 3 not in st.objs and st.players[0].mana == 12 and "decoy" in st.players[0].discard
    st = menu([{"card": "decoy", "controller": 0, "host": 2, "face_up": False}])
    damage.destroy(st, 3, "MW-X-8.2")
    assert st.players[0].mana == 12


def test_divine_intervention_takes_the_mage_out_of_the_attack() -> None:
    """MW-X-7.25, MW-6.19: revealed after the wolf declares its bite, Divine Intervention
    teleports the mage to a zone its controller picks; the attack is cancelled (the defender
    moved) and the card is spent (MW-5.93)."""
    st = duel([ENEMY_WOLF, {"card": "divine-intervention", "controller": 0, "host": 1,
                            "face_up": False}], activate=3, players=({"mana": 12}, {}))
    acts(st, "attack 1 o1")
    assert ask(st) == "RevealAsk" and "reveal o4" in options(st)
    acts(st, "reveal o4")
    assert ask(st) == "ZoneAsk" and "choose C2" in options(st)
    acts(st, "choose C2")
    pass_windows(st)
    assert st.obj(1).zone == "C2" and st.obj(1).damage == 0 and st.players[0].mana == 2
    assert 4 not in st.objs and "divine-intervention" in st.players[0].discard


def test_force_sword_works_at_full_value_while_dazed_and_stunned() -> None:
    """MW-6.91, MW-X-6.37, MW-X-6.11: a stunned, dazed mage may still use Force Sword, with no
    −2: an 8 avoids the bite."""
    st = duel([ENEMY_WOLF, {"card": "force-sword", "controller": 0, "host": 1}], activate=3,
              players=({"markers": {"daze": 1, "stun": 1}}, {}))
    acts(st, "attack 1 o1")
    to_trigger(st)
    assert ask(st) == "DefenseAsk" and "defend o4" in options(st)
    st.script_dice([8])
    acts(st, "defend o4")
    pass_windows(st)
    assert st.obj(1).damage == 0 and events(st, "defense")[0].data["avoided"] is True


def test_force_orb_only_against_ranged_attacks() -> None:
    """MW-6.89: Force Orb is no Defense against the wolf's melee bite; MW-X-11.11 Magebind +1."""
    st = duel([ENEMY_WOLF, {"card": "force-orb", "controller": 0, "host": 1}], activate=3)
    assert casting.reveal_cost(st, 4) == 4
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert not events(st, "defense") and ask(st) != "DefenseAsk"


def test_maim_wings_grounds_a_flyer() -> None:
    """MW-5.28: Maim Wings takes Flying away, even the one Eagle Wings gives."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "eagle-wings", "controller": 1, "host": 3},
               {"card": "maim-wings", "controller": 0, "host": 3}])
    assert not traits.is_flying(st, 3)
    del st.objs[5]
    st.changed()
    assert traits.is_flying(st, 3)


def test_retaliate_counterstrikes_once_then_goes() -> None:
    """MW-6.116, MW-6.59, MW-5.93: the wolf with Retaliate counterstrikes the mage's quick
    melee attack; after that first counterstrike Retaliate is destroyed."""
    st = duel([ENEMY_WOLF, {"card": "retaliate", "controller": 1, "host": 3}],
              players=({}, {"zone": "C2"}))
    st.script_dice([*faces(normal=(1, 1, 1)), *faces(blank=4)])
    acts(st, "attack 1 o3")
    pass_windows(st)
    assert ask(st) == "CounterAsk" and options(st) == ["counterstrike 1", "no-counterstrike"]
    acts(st, "counterstrike 1")
    assert 4 not in st.objs and "retaliate" in st.players[1].discard
    assert events(st, "counterstrike")


def test_teleport_trap_sends_the_intruder_away() -> None:
    """MW-X-7.15, MW-5.99, MW-X-7.25: the wolf walking into the trap's zone is teleported by the
    trap's controller to a zone at most 2 zones away; the trap is spent (MW-5.93)."""
    st = menu([ENEMY_WOLF, {"card": "teleport-trap", "controller": 0, "zone": "B1",
                            "face_up": False}], activate=3)
    acts(st, "move B1")
    to_trigger(st)
    acts(st, "reveal o4")
    assert ask(st) == "ZoneAsk"
    assert set(options(st)) == {f"choose {z}" for z in st.arena.zones
                                if st.arena.distance("B1", z) <= 2}
    acts(st, "choose C2")
    assert st.obj(3).zone == "C2" and 4 not in st.objs
    assert "teleport-trap" in st.players[0].discard


def test_turn_to_stone_petrifies_and_waits_for_a_quiet_moment() -> None:
    """MW-X-6.36, MW-X-12.3: the stone wolf is Incapacitated with Armor +6 and Upkeep +4;
    MW-5.84: its controller may not reveal it in the middle of an attack, only between
    actions."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "B1"},
               {"card": "turn-to-stone", "controller": 0, "host": 3}])
    assert traits.is_incapacitated(st, 3) and traits.armor(st, 3) == 8
    assert traits.traits(st, 4).value("upkeep") == 4
    st = duel([ENEMY_WOLF, {"card": "turn-to-stone", "controller": 0, "host": 3,
                            "face_up": False}], activate=3)
    acts(st, "attack 1 o1")
    assert ask(st) == "RevealAsk" and options(st) == ["pass"]
    st = duel([ENEMY_WOLF, {"card": "turn-to-stone", "controller": 0, "host": 3,
                            "face_up": False}], activate=3)
    acts(st, "guard")
    assert ask(st) == "RevealAsk" and "reveal o4" in options(st)


# ---------------------------------------------------------------------------- incantations

def test_drain_power_moves_mana_between_mages() -> None:
    """MW-X-12.1, MW-6.99: 8 dice (normal and critical alike) = 7: the beastmaster loses 7 of
    its 10 mana and the warlock gains them, after paying 16."""
    st = menu([], players=({"zone": "A1", "mana": 20, "planned": ["drain-power"]},
                           {"zone": "B1", "mana": 10}))
    st.script_dice(faces(normal=(2, 2, 1), critical=(2,), blank=4))
    acts(st, "cast drain-power o2")
    pass_windows(st)
    assert st.players[1].mana == 3 and st.players[0].mana == 20 - 16 + 7


def test_knockdown_incapacitates_until_the_round_ends() -> None:
    """MW-X-6.36: the knocked-down wolf is Incapacitated this round; the round's end lifts it;
    MW-X-7.21 an Unmovable target is not affected."""
    st = menu([ENEMY_WOLF], players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    pass_windows(st)
    assert traits.is_incapacitated(st, 3)
    traits.end_of_round(st)
    assert not traits.is_incapacitated(st, 3)
    st = menu([ENEMY_WOLF, {"card": "force-hold", "controller": 0, "host": 3}],
              players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    pass_windows(st)
    assert not st.obj(3).temp and events(st, "no-effect")[0].rule == "MW-X-7.21"


def test_knockdown_lifts_as_the_target_starts_its_action_turn() -> None:
    """MW-X-6.36, MW-4.1: Knockdown lasts until the target's next action turn begins or the
    round ends, whichever comes first: a wolf knocked down before it has acted is freed as
    its own turn starts; one that has had its turn this round stays down until the round
    ends."""
    from grimorio.games.mage_wars.rules import activation

    st = menu([ENEMY_WOLF], players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    pass_windows(st)
    assert traits.is_incapacitated(st, 3)
    activation.begin(st, 3)
    assert not traits.is_incapacitated(st, 3)
    st = menu([ENEMY_WOLF], players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    st.obj(3).active = False          # the wolf has had its action turn this round
    acts(st, "cast knockdown o3")
    pass_windows(st)
    activation.begin(st, 1)
    assert traits.is_incapacitated(st, 3)


def test_purge_magic_destroys_every_enchantment_on_the_target() -> None:
    """MW-X-8.2: hidden or revealed, both enchantments on the wolf go to their owners' discard
    piles."""
    st = menu([ENEMY_WOLF, {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False},
               {"card": "agony", "controller": 0, "host": 3}],
              players=({"zone": "A1", "mana": 20, "planned": ["purge-magic"]}, {"zone": "C2"}))
    acts(st, "cast purge-magic o3")
    pass_windows(st)
    assert 4 not in st.objs and 5 not in st.objs and 3 in st.objs
    assert "rhino-hide" in st.players[1].discard and "agony" in st.players[0].discard


def test_seeking_dispel_cannot_be_answered_by_a_reveal() -> None:
    """MW-5.84, MW-5.20: while Seeking Dispel is cast at the hidden Rhino Hide, its controller
    may not reveal it; then it is destroyed."""
    st = menu([ENEMY_WOLF, {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False}],
              players=({"zone": "A1", "planned": ["seeking-dispel"]}, {"zone": "C2"}))
    assert "cast seeking-dispel o4" in options(st)
    acts(st, "cast seeking-dispel o4")
    assert ask(st) == "RevealAsk" and st.current_player == 1 and options(st) == ["pass"]
    pass_windows(st)
    assert 4 not in st.objs and "rhino-hide" in st.players[1].discard


def test_shift_enchantment_moves_an_own_enchantment() -> None:
    """MW-5.20, MW-5.81: the warlock moves its hidden Rhino Hide from itself to its wolf for 1
    mana (X = 1 face down); a revealed one (Enfeeble) costs its level, 2."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": "rhino-hide", "controller": 0, "host": 1, "face_up": False},
               {"card": "enfeeble", "controller": 0, "host": 2}],
              players=({"zone": "A1", "planned": ["shift-enchantment"]}, {"zone": "A2"}))
    assert "cast shift-enchantment o5 o3" in options(st)
    assert casting.spell_cost(st, 1, st.card("shift-enchantment"), ("o5", "o3")) == 2
    acts(st, "cast shift-enchantment o4 o3")
    pass_windows(st)
    assert st.obj(4).host == 3 and st.players[0].mana == 9


def test_resurrection_brings_a_wolf_back() -> None:
    """MW-5.21, MW-5.22: the destroyed wolf comes back from the discard pile, inactive, in the
    caster's zone; X = 9 + level 2."""
    st = menu([], players=({"zone": "B1", "mana": 20, "planned": ["resurrection"],
                            "discard": ["timber-wolf"]}, {"zone": "C2"}))
    assert "cast resurrection opt=timber-wolf" in options(st)
    acts(st, "cast resurrection opt=timber-wolf")
    pass_windows(st)
    wolf = next(o for o in st.objs.values() if o.card == WOLF)
    assert wolf.zone == "B1" and wolf.controller == 0 and not wolf.active
    assert st.players[0].discard == ["resurrection"] and st.players[0].mana == 20 - 11


def test_resurrection_of_an_animal_offers_the_pet_token() -> None:
    """MW-7.11: an animal that comes into play on the Beastmaster's side by any means, here
    brought back by Resurrection, may become his Pet at once for level + 1 mana."""
    st = scenario({"players": [{"zone": "B2", "mana": 30, "planned": ["resurrection"],
                                "discard": ["timber-wolf"]}, {"zone": "C4"}],
                   "phase": "menu", "activate": 1}, mode="full", classes="beastmaster,warlock")
    acts(st, "cast resurrection opt=timber-wolf")
    while options(st) == ["pass"]:
        acts(st, "pass")
    wolf = next(o.oid for o in st.objs.values() if o.card == WOLF)
    assert options(st) == [f"bond o{wolf}", "bond none"]
    acts(st, f"bond o{wolf}")
    assert st.mage_of(0).memo["bond"] == wolf and st.players[0].mana == 30 - 11 - 3


def test_lay_hands_heals_then_takes_paid_conditions_off() -> None:
    """MW-6.99, MW-6.105, MW-S4: the priestess heals her wolf with 12 dice, then pays 2 to take
    its Burn marker off and keeps the Weak one."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1", "damage": 5,
                "markers": {"burn": 1, "weak": 1}}],
              players=({"zone": "A1", "class": "priestess", "mana": 20,
                        "planned": ["lay-hands"]}, {"zone": "C2"}))
    st.script_dice(faces(normal=(1, 1, 1), blank=9))
    acts(st, "cast lay-hands o3")
    pass_windows(st)
    assert st.obj(3).damage == 2 and ask(st) == "RemovalAsk"
    assert options(st) == ["choose burn", "choose weak", "choose done"]
    acts(st, "choose burn", "choose done")
    assert st.obj(3).markers == {"weak": 1} and st.players[0].mana == 20 - 9 - 2


def test_purify_removes_poison_for_its_costs() -> None:
    """MW-6.105, MW-X-5.5: Purify offers the poison condition (not Burn) and the face-up poison
    enchantment (2 + its reveal cost 3); X is what is paid."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1", "markers": {"burn": 1, "weak": 1}},
               {"card": "poisoned-blood", "controller": 1, "host": 3}],
              players=({"zone": "A1", "class": "priestess", "planned": ["purify"]},
                       {"zone": "C2"}))
    acts(st, "cast purify o3")
    pass_windows(st)
    assert ask(st) == "RemovalAsk"
    assert options(st) == ["choose weak", "choose o4", "choose done"]
    acts(st, "choose o4", "choose weak")
    assert 4 not in st.objs and st.obj(3).markers == {"burn": 1}
    assert st.players[0].mana == 10 - 5 - 2 and ask(st) != "RemovalAsk"


# ---------------------------------------------------------------------------- counters (MW-5.13)

def test_nullify_counters_a_spell_aimed_at_its_creature() -> None:
    """MW-5.13, MW-5.94, MW-5.93: the warlock's Knockdown on the wolf sets off the hidden
    Nullify at the Counter step; paid, the spell is countered (discarded, mana lost) and
    Nullify is spent."""
    st = menu([ENEMY_WOLF, {"card": "nullify", "controller": 1, "host": 3, "face_up": False}],
              players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and st.current_player == 1
    assert options(st) == ["reveal o4", "decline o4"]
    acts(st, "reveal o4")
    pass_windows(st)
    assert not traits.is_incapacitated(st, 3) and events(st, "countered")[-1].rule == "MW-5.13"
    assert "knockdown" in st.players[0].discard and st.players[0].mana == 10 - 3
    assert 4 not in st.objs and "nullify" in st.players[1].discard


def test_nullify_left_unpaid_lets_the_spell_through() -> None:
    """MW-5.95: turned up unpaid, Nullify is destroyed and the spell resolves."""
    st = menu([ENEMY_WOLF, {"card": "nullify", "controller": 1, "host": 3, "face_up": False}],
              players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    acts(st, "decline o4")
    pass_windows(st)
    assert traits.is_incapacitated(st, 3) and 4 not in st.objs


def test_jinx_sends_a_quick_spell_back_to_the_book() -> None:
    """MW-5.13, MW-5.94: the jinxed warlock casts a quick spell; Jinx comes up at the Counter
    step and the spell goes back to the spellbook, its 3 mana refunded."""
    st = menu([ENEMY_WOLF, {"card": "jinx", "controller": 1, "host": 1, "face_up": False}],
              players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and st.current_player == 1
    acts(st, "reveal o4")
    pass_windows(st)
    assert not traits.is_incapacitated(st, 3) and st.players[0].mana == 10
    assert "knockdown" in st.players[0].book and "knockdown" not in st.players[0].discard
    assert 4 not in st.objs and st.players[1].mana == 10 - 1


def test_jinx_on_arcane_zap_puts_no_card_in_the_book() -> None:
    """MW-7.43, MW-7.40, MW-5.94: Jinx catches the Wizard's Arcane Zap (a quick spell) and
    refunds its mana; the Zap is no card, so nothing goes into the spellbook, and the round's
    use stays spent."""
    st = scenario({"players": [{"zone": "B2", "planned": []}, {"zone": "C4"}],
                   "phase": "menu", "activate": 1,
                   "objects": [{"card": WOLF, "controller": 1, "zone": "B2"},
                               {"card": "jinx", "controller": 1, "host": 1, "face_up": False}]},
                  mode="full", classes="wizard,warlock")
    book = list(st.players[0].book)
    acts(st, "cast arcane-zap o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk"
    acts(st, "reveal o4")
    pass_windows(st)
    assert st.obj(3).damage == 0 and st.players[0].mana == 10
    assert st.players[0].book == book and "arcane-zap" not in st.players[0].discard
    assert not any("arcane-zap" in t for t in options(st))


def test_jinx_catches_a_quick_summoned_animal() -> None:
    """MW-7.9, MW-5.94: a level 1 animal is a quick spell for the Beastmaster in every
    respect, so Jinx catches it: back to the book, its mana refunded."""
    st = scenario({"players": [{"zone": "B2", "planned": ["bitterwood-fox"]}, {"zone": "C4"}],
                   "phase": "menu", "activate": 1,
                   "objects": [{"card": "jinx", "controller": 1, "host": 1, "face_up": False}]},
                  mode="full", classes="beastmaster,warlock")
    acts(st, "cast bitterwood-fox B2")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and st.current_player == 1
    acts(st, "reveal o3")
    pass_windows(st)
    assert not any(o.card == "bitterwood-fox" for o in st.objs.values())
    assert "bitterwood-fox" in st.players[0].book and st.players[0].mana == 10


# Reverse Magic (MW-5.13, MW-5.94, MW-5.93): the spell is taken over and turned on its caster

REVERSE = {"card": "reverse-magic", "controller": 1, "host": 3, "face_up": False}


def test_reverse_magic_turns_knockdown_on_its_caster_out_of_range() -> None:
    """MW-5.13, MW-5.94, MW-5.93, MW-5.16: the warlock's Knockdown on the wolf sets off the
    hidden Reverse Magic at the Counter step; paid (5), the beastmaster takes the spell over and
    it hits the warlock although he stands 3 zones from her mage (no range check); the card goes
    to its owner's discard pile, Reverse Magic to its own."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["knockdown"]},
                                              {"zone": "C2"}))
    assert st.arena.distance("A1", "C2") == 3
    acts(st, "cast knockdown o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and st.current_player == 1
    acts(st, "reveal o4")
    pass_windows(st)
    assert traits.is_incapacitated(st, 1) and not traits.is_incapacitated(st, 3)
    assert events(st, "take-over")[-1].rule == "MW-5.13"
    assert st.players[0].mana == 10 - 3 and st.players[1].mana == 10 - 5
    assert "knockdown" in st.players[0].discard and "knockdown" not in st.players[1].discard
    assert 4 not in st.objs and "reverse-magic" in st.players[1].discard


def test_reverse_magic_left_unpaid_lets_the_spell_through() -> None:
    """MW-5.95: turned up unpaid, Reverse Magic is destroyed and the spell hits the wolf."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["knockdown"]},
                                              {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    acts(st, "decline o4")
    pass_windows(st)
    assert traits.is_incapacitated(st, 3) and not traits.is_incapacitated(st, 1)
    assert 4 not in st.objs and not events(st, "take-over")


def test_reverse_magic_ignores_its_own_sides_spells() -> None:
    """MW-5.94, MW-5.13: only an opponent's incantation or enchantment sets it off: the
    beastmaster's own Rhino Hide on the wolf does not."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "C2"}, REVERSE], activate=2,
              players=({"zone": "A1"}, {"zone": "C2", "planned": ["rhino-hide"]}))
    acts(st, "cast rhino-hide o3")
    to_trigger(st)
    assert ask(st) != "TriggerAsk" and not events(st, "spell-trigger")


def test_reverse_magic_makes_new_choices_and_pays_the_difference() -> None:
    """MW-5.13, MW-5.10, MW-5.12, MW-X-7.25: a Teleport of the wolf (1 zone, 3 mana) is taken
    over; the beastmaster picks a new zone for the warlock among those her own mage could
    choose (`choose o1 <zone>`), only those she can pay for, and pays what the longer jump costs
    beyond the 3 already paid."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["teleport"]},
                                              {"zone": "C2"}))
    acts(st, "cast teleport o3 B1")
    to_trigger(st)
    acts(st, "reveal o4")
    assert ask(st) == "TakeOverAsk" and st.current_player == 1
    assert "choose o1 C1" in options(st) and "choose o1 B1" in options(st)
    assert "choose o1 C2" not in options(st)        # 3 zones: 9 mana, 6 more than she has
    assert all(t.startswith("choose o1 ") for t in options(st))
    acts(st, "choose o1 C1")
    pass_windows(st)
    assert st.obj(1).zone == "C1" and st.obj(3).zone == "A1"
    assert st.players[1].mana == 10 - 5 - 3 and st.players[0].mana == 10 - 3
    assert "teleport" in st.players[0].discard


def test_reverse_magic_counters_a_spell_its_caster_cannot_take() -> None:
    """MW-5.15, MW-5.5: Sleep (a Non-Mage spell) turned on the warlock has no legal target:
    it is countered and discarded; the wolf stays awake."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["sleep"]},
                                              {"zone": "C2"}))
    acts(st, "cast sleep o3")
    to_trigger(st)
    acts(st, "reveal o4")
    pass_windows(st)
    assert events(st, "take-over-fails")[-1].rule == "MW-5.15"
    assert events(st, "countered")[-1].rule == "MW-5.13"
    assert "sleep" in st.players[0].discard and not st.obj(3).markers.get("sleep")
    assert not st.obj(1).markers.get("sleep")


def test_reverse_magic_cannot_take_a_spell_its_mage_may_not_control() -> None:
    """MW-8.18: the beastmaster is not trained in Dark magic, so she cannot take over the
    warlock's Drain Life: Reverse Magic is spent and the spell goes on at the wolf."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["drain-life"],
                                               "mana": 20}, {"zone": "C2"}))
    st.script_dice(faces(normal=(1,) * 5))
    acts(st, "cast drain-life o3")
    to_trigger(st)
    acts(st, "reveal o4")
    pass_windows(st)
    assert events(st, "take-over-barred")[-1].rule == "MW-8.18"
    assert st.obj(3).damage == 5 and st.obj(1).damage == 0 and 4 not in st.objs


def test_reverse_magic_hands_an_enchantment_over_face_down() -> None:
    """MW-5.75, MW-5.78, MW-5.92, MW-5.16, MW-5.94: the warlock's face-down Agony on the wolf is
    taken over: it lands face down on the warlock, controlled by the beastmaster and still
    owned by the warlock. The hidden Reverse Magic is named only once revealed; the Agony
    is named to the beastmaster only once she controls it, and then both seats know it."""
    st = menu([ENEMY_WOLF, REVERSE], players=({"zone": "A1", "planned": ["agony"]},
                                              {"zone": "C2"}))
    acts(st, "cast agony o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk"
    assert "reverse-magic" not in view_names(st, 0) and "agony" not in view_names(st, 1)
    acts(st, "reveal o4")
    pass_windows(st)
    agony = next(o for o in st.objs.values() if o.card == "agony")
    assert agony.host == 1 and agony.controller == 1 and agony.owner == 0 and not agony.face_up
    assert "reverse-magic" in view_names(st, 0) and "agony" in view_names(st, 1)
    assert next(o for o in view(st, 0)["state"]["objects"]
                if o["oid"] == agony.oid)["card"] == "agony"
    for n in range(6):                  # known to both: a resample keeps it (MW-5.78)
        for seat in (0, 1):
            twin = resample(st, seat, random.Random(n))
            assert isinstance(twin, MageWarsState) and twin.obj(agony.oid).card == "agony"
    damage.destroy(st, agony.oid, "MW-5.16")
    assert "agony" in st.players[0].discard and "agony" not in st.players[1].discard


def test_reverse_magic_set_off_is_resampled_as_a_card_that_answers_the_spell() -> None:
    """MW-5.94, MW-5.13, MW-5.78: while the trigger waits, the warlock knows only that a card
    answering his spell is there: resampling for him redraws it as Reverse Magic or Nullify,
    never as an enchantment that Knockdown would not set off."""
    st = menu([ENEMY_WOLF, REVERSE],
              players=({"zone": "A1", "planned": ["knockdown"]},
                       {"zone": "C2", "book": ["nullify", "rhino-hide", "bear-strength"]}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    assert ask(st) == "TriggerAsk"
    drawn = {resample_card(st, n) for n in range(24)}
    assert drawn == {"reverse-magic", "nullify"}


def resample_card(st: MageWarsState, n: int) -> str:
    twin = resample(st, 0, random.Random(n))
    assert isinstance(twin, MageWarsState)
    return twin.obj(4).card


def test_reverse_magic_then_nullify_on_the_caster() -> None:
    """MW-5.13, MW-5.94: turned on the warlock, the spell is now an opponent's spell aimed at
    him, so his own hidden Nullify answers it: countered, to his discard pile."""
    st = menu([ENEMY_WOLF, REVERSE,
               {"card": "nullify", "controller": 0, "host": 1, "face_up": False}],
              players=({"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}))
    acts(st, "cast knockdown o3")
    to_trigger(st)
    acts(st, "reveal o4")
    assert ask(st) == "TriggerAsk" and st.current_player == 0
    assert options(st) == ["reveal o5", "decline o5"]
    acts(st, "reveal o5")
    pass_windows(st)
    assert not traits.is_incapacitated(st, 1) and not traits.is_incapacitated(st, 3)
    assert events(st, "countered")[-1].rule == "MW-5.13"
    assert "knockdown" in st.players[0].discard and "nullify" in st.players[0].discard


# ---------------------------------------------------------------------------- keyword grants

def test_harmonize_adds_channeling_to_an_object_that_has_it() -> None:
    """MW-X-12.2, MW-C20: Harmonize on the mage raises its channeling by 1; Magebind +2 on a
    mage (MW-X-11.11). It may only go on an object with channeling: not on a wolf."""
    from grimorio.games.mage_wars.rules import round as rounds

    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"},
               {"card": "harmonize", "controller": 0, "host": 1}],
              players=({"zone": "A1", "planned": ["harmonize"]}, {"zone": "C2"}))
    assert rounds.mage_channeling(st, 0) == st.players[0].channeling + 1
    assert casting.reveal_cost(st, 4) == 4
    assert "cast harmonize o2" not in options(st) and "cast harmonize o3" not in options(st)
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"}],
              players=({"zone": "A1", "planned": ["harmonize"]}, {"zone": "A2"}))
    assert "cast harmonize o1" in options(st) and "cast harmonize o3" not in options(st)


def test_hawkeye_gives_ranged_plus_one() -> None:
    """MW-X-4.1: the archer with Hawkeye rolls 4 + 1 dice on its ranged attack."""
    st = menu([{"card": "royal-archer", "controller": 0, "zone": "A2"},
               {"card": "hawkeye", "controller": 0, "host": 3}], activate=3,
              players=({"zone": "A2"}, {"zone": "A1"}))
    st.script_dice(faces(blank=5))
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"] == [5]


def test_mongoose_agility_and_evade_make_elusive() -> None:
    """MW-X-7.6: an Elusive creature ignores enemy guards and is not hindered; Mongoose Agility
    lasts, Evade until the end of the round."""
    from grimorio.games.mage_wars.rules import combat, movement

    guard = {"card": WOLF, "controller": 1, "zone": "A1", "guard": True}
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"}, guard,
               {"card": "mongoose-agility", "controller": 0, "host": 3}], activate=3)
    assert combat.guards(st, 3) == [] and not movement.hinders(st, 3, 4)
    st = menu([{"card": WOLF, "controller": 0, "zone": "A1"}, guard],
              players=({"zone": "A1", "planned": ["evade"]}, {"zone": "C2"}))
    assert combat.guards(st, 3) == [4]
    acts(st, "cast evade o3")
    pass_windows(st)
    assert traits.traits(st, 3).has("elusive") and combat.guards(st, 3) == []
    traits.end_of_round(st)
    assert not traits.traits(st, 3).has("elusive")


def test_reverse_attack_turns_the_bite_on_the_wolf() -> None:
    """MW-5.97, MW-6.26, MW-5.93: the mage's hidden Reverse Attack must come out when the wolf
    bites; paid, the bite misses the mage and hits the wolf itself (its own 4 dice against its
    armor 2); then the card is spent."""
    st = duel([ENEMY_WOLF, {"card": "reverse-attack", "controller": 0, "host": 1,
                            "face_up": False}], activate=3)
    acts(st, "attack 1 o1")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and options(st) == ["reveal o4", "decline o4"]
    st.script_dice(faces(normal=(2, 2), critical=(1,), blank=1))
    acts(st, "reveal o4")
    pass_windows(st)
    assert st.obj(1).damage == 0 and st.obj(3).damage == 4 - 2 + 1
    assert events(st, "reversed")[0].rule == "MW-6.26"
    assert 4 not in st.objs and "reverse-attack" in st.players[0].discard


def test_battle_fury_follows_a_bite_with_another() -> None:
    """MW-6.9, MW-X-1.7: after Battle Fury the wolf's first melee attack is followed, in the
    same attack action, by a quick melee attack it chooses (here on the enemy mage again);
    only once; one Battle Fury per creature a round."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "B1"}],
              players=({"zone": "B1", "planned": ["battle-fury", "battle-fury"]},
                       {"zone": "B1"}))
    acts(st, "cast battle-fury o3")
    pass_windows(st)
    assert st.obj(3).memo["battle_fury"] == st.round
    assert not any(o.startswith("cast battle-fury o3") for o in options(st))
    st = menu([{"card": WOLF, "controller": 0, "zone": "B1"}], activate=3,
              players=({"zone": "B1"}, {"zone": "B1"}))
    st.obj(3).memo["battle_fury"] = st.round
    st.script_dice([*faces(normal=(1,), blank=3), *faces(normal=(2,), blank=3)])
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert ask(st) == "FuryAsk" and {"attack 1 o2", "no-attack"} <= set(options(st))
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert ask(st) != "FuryAsk" and st.obj(3).memo["battle_fury"] == 0
    assert len([e for e in events(st, "roll") if e.rule == "MW-6.27"]) == 2
    assert events(st, "battle-fury")[0].data["target"] == 2


def test_harmonize_cast_and_revealed_on_the_mage() -> None:
    """MW-5.86, MW-X-12.2: cast face down on its own mage and revealed at once (2 + 2 + Magebind
    2), Harmonize stays (the mage is a legal object) and adds 1 to its channeling."""
    from grimorio.games.mage_wars.rules import round as rounds

    st = menu([], players=({"zone": "A1", "planned": ["harmonize"]}, {"zone": "C2"}))
    acts(st, "cast harmonize o1")
    assert ask(st) == "RevealAsk" and "reveal o3" in options(st)
    acts(st, "reveal o3")
    pass_windows(st)
    assert st.obj(3).face_up and st.players[0].mana == 10 - 2 - 4
    assert rounds.mage_channeling(st, 0) == st.players[0].channeling + 1
