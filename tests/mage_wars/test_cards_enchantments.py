"""Enchantment cards (effects/enchantments.py and the data-only ones): one scenario or more per
card, reveal timing (MW-5.84-MW-5.90), same-named enchantments (MW-5.79, MW-5.80, MW-A7).

Default positions: the warlock (seat 0, mage o1) against the beastmaster (seat 1, mage o2);
objects get oids 3, 4, … in list order. Dice are scripted (`faces`).
"""

from __future__ import annotations

from typing import Any

from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    dice_rolled,
    events,
    faces,
    options,
    pass_windows,
    scenario,
)

WOLF = "timber-wolf"        # 10 life, armor 2, a quick 4-die melee bite


def menu(objects: list[dict[str, Any]], activate: int = 3, *,
         players: tuple[dict[str, Any], dict[str, Any]] | None = None,
         **setup: Any) -> MageWarsState:
    """A position at the action menu of `activate` (mages in A1 and C2 unless told)."""
    seats = players or ({"zone": "A1"}, {"zone": "C2"})
    return scenario({"players": list(seats), "phase": "menu", "activate": activate,
                     "objects": objects, **setup})


def upkeep(objects: list[dict[str, Any]], *,
           players: tuple[dict[str, Any], dict[str, Any]] | None = None) -> MageWarsState:
    """A position at the start of the Upkeep step (MW-3.14)."""
    seats = players or ({"zone": "A1"}, {"zone": "C2"})
    return scenario({"players": list(seats), "phase": "upkeep", "objects": objects})


def bite(st: MageWarsState, target: str, *dice: int) -> None:
    """Attack `target` with attack 1, scripting the dice, passing every reveal window."""
    st.script_dice(list(dice))
    acts(st, f"attack 1 {target}")
    pass_windows(st)


# ---------------------------------------------------------------------------- Agony

def test_agony_revealed_after_declare_attack_cuts_two_dice() -> None:
    """MW-5.90 (example), MW-5.84 (d): the Warlock reveals Agony on the wolf after the Declare
    Attack step; the wolf rolls 4 − 2 = 2 dice (MW-X-1.5); the reveal costs 3 (MW-5.86)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "agony", "controller": 0, "host": 3, "face_up": False}],
              players=({"zone": "A1", "mana": 5}, {"zone": "C2"}))
    acts(st, "attack 1 o1")
    assert ask(st) == "RevealAsk" and options(st) == ["reveal o4", "pass"]
    st.script_dice(faces(normal=(2, 1)))
    acts(st, "reveal o4")
    assert dice_rolled(st) == [2]
    assert st.player(0).mana == 2
    assert st.obj(1).damage == 3


def test_agony_face_down_does_nothing() -> None:
    """MW-5.83: a hidden Agony changes nothing: the wolf rolls its 4 dice."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "agony", "controller": 0, "host": 3, "face_up": False}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    bite(st, "o1", *faces(normal=(1, 1), blank=2))
    assert dice_rolled(st) == [4]
    assert st.obj(4).face_up is False


def test_agony_never_below_one_die() -> None:
    """MW-X-1.5: the Firebrand Imp's 2-die claws with Agony still roll 1 die."""
    st = menu([{"card": "firebrand-imp", "controller": 1, "zone": "A1"},
               {"card": "agony", "controller": 0, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    bite(st, "o1", *faces(normal=(2,)), 1)
    assert dice_rolled(st) == [1]


# ---------------------------------------------------------------------------- Bear Strength

def test_bear_strength_gives_melee_plus_two() -> None:
    """MW-X-4.2: Bear Strength (Melee +2, from its grant) makes the wolf roll 6 dice."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "bear-strength", "controller": 1, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    assert traits.traits(st, 3).value("melee") == 2
    bite(st, "o1", *faces(blank=6))
    assert dice_rolled(st) == [6]


# ---------------------------------------------------------------------------- Cheetah Speed

def test_cheetah_speed_moves_twice_and_still_attacks() -> None:
    """MW-X-7.8: a Fast creature makes two moves and then a quick action (attack, guard)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "cheetah-speed", "controller": 1, "host": 3}],
              players=({"zone": "C1"}, {"zone": "C2"}))
    acts(st, "move B1")
    pass_windows(st)
    acts(st, "move C1")
    pass_windows(st)
    assert "attack 1 o1" in options(st) and not any(o.startswith("move") for o in options(st))


def test_without_cheetah_speed_two_moves_end_the_turn() -> None:
    """MW-4.12: an ordinary creature's second move is its quick action: the turn ends."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"}],
              players=({"zone": "C1"}, {"zone": "C2"}))
    acts(st, "move B1")
    pass_windows(st)
    acts(st, "move C1")
    pass_windows(st)
    assert ask(st) != "MenuAsk"


# ---------------------------------------------------------------------------- Death Link

def test_death_link_heals_the_mage_and_hurts_the_creature() -> None:
    """MW-3.14, MW-6.97: in Upkeep the controlling mage heals 2 and the enchanted creature
    takes as much direct damage (armor does not matter)."""
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2"},
                 {"card": "death-link", "controller": 0, "host": 3}],
                players=({"zone": "A1", "damage": 5}, {"zone": "C2"}))
    assert st.obj(1).damage == 3
    assert st.obj(3).damage == 2


def test_death_link_takes_only_what_was_healed() -> None:
    """MW-6.102: healing never removes more than the damage there; an unhurt mage heals 0 and
    the creature takes nothing."""
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2"},
                 {"card": "death-link", "controller": 0, "host": 3}],
                players=({"zone": "A1", "damage": 1}, {"zone": "C2"}))
    assert st.obj(1).damage == 0 and st.obj(3).damage == 1
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2"},
                 {"card": "death-link", "controller": 0, "host": 3}])
    assert st.obj(3).damage == 0


def test_death_link_is_for_dark_mages_only() -> None:
    """MW-S4, MW-S5: Death Link is a Dark-mage-only mage spell: the beastmaster may not cast
    it even when it is planned."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "C2"}], activate=2,
              players=({"zone": "A1"}, {"zone": "C2", "planned": ["death-link"]}))
    assert not any("death-link" in o for o in options(st))
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"}], activate=1,
              players=({"zone": "A1", "planned": ["death-link"]}, {"zone": "C2"}))
    assert "cast death-link o3" in options(st)


# ---------------------------------------------------------------------------- Divine Protection

def test_divine_protection_aegis_and_magebind() -> None:
    """MW-X-4.5: Aegis 1, attacks on the creature roll 1 die fewer; MW-5.82, MW-X-11.11:
    Magebind +2 raises its reveal cost on a mage."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "C2"},
               {"card": "divine-protection", "controller": 1, "host": 2}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    assert traits.traits(st, 2).value("aegis") == 1
    bite(st, "o2", *faces(blank=3))
    assert dice_rolled(st) == [3]
    from grimorio.games.mage_wars.rules import casting

    st = menu([{"card": WOLF, "controller": 0, "zone": "C2"},
               {"card": "divine-protection", "controller": 1, "host": 2, "face_up": False},
               {"card": "divine-protection", "controller": 1, "host": 3, "face_up": False}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    printed = st.card("divine-protection").cost.reveal or 0
    assert casting.reveal_cost(st, 4) == printed + 2
    assert casting.reveal_cost(st, 5) == printed


# ---------------------------------------------------------------------------- Enfeeble

def test_enfeeble_makes_a_move_end_the_turn() -> None:
    """MW-X-7.9: Enfeeble makes the creature Slow: moving ends its turn."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "enfeeble", "controller": 0, "host": 3}],
              players=({"zone": "C1"}, {"zone": "C2"}))
    assert traits.traits(st, 3).has("slow")
    acts(st, "move B1")
    pass_windows(st)
    assert ask(st) != "MenuAsk"


# ---------------------------------------------------------------------------- Essence Drain

def test_essence_drain_revealed_at_reset_acts_in_that_upkeep() -> None:
    """MW-5.89 (example), MW-X-12.3: Essence Drain revealed in the window at the end of Reset
    makes the creature's controller pay 2 in that round's Upkeep, or lose it."""
    st = scenario({"players": [{"zone": "A1", "active": False},
                               {"zone": "C2", "active": False, "mana": 0}],
                   "phase": "action",
                   "objects": [{"card": WOLF, "controller": 1, "zone": "C2", "active": False},
                               {"card": "essence-drain", "controller": 0, "host": 3,
                                "face_up": False}]})
    assert ask(st) == "RevealAsk"
    acts(st, "reveal o4")
    assert options(st) == ["upkeep pay o3", "upkeep skip o3"]
    assert st.player(1).mana == 10
    acts(st, "upkeep pay o3")
    assert st.player(1).mana == 8 and 3 in st.objs


def test_essence_drain_unpaid_destroys_the_creature() -> None:
    """MW-3.14, MW-X-12.3: skipping the upkeep destroys the creature (and its enchantment)."""
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2"},
                 {"card": "essence-drain", "controller": 0, "host": 3}])
    acts(st, "upkeep skip o3")
    assert 3 not in st.objs and 4 not in st.objs
    assert WOLF in st.player(1).discard and "essence-drain" in st.player(0).discard


# ---------------------------------------------------------------------------- Force Hold

def test_force_hold_restrains_and_costs_upkeep() -> None:
    """MW-X-6.29: a Restrained creature makes no move actions but may act otherwise;
    MW-X-12.3: Force Hold's own Upkeep +3 is paid by its controller."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "force-hold", "controller": 0, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    assert traits.is_restrained(st, 3) and traits.traits(st, 3).has("unmovable")
    assert not any(o.startswith("move") for o in options(st))
    assert "attack 1 o1" in options(st) and "guard" in options(st)
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2"},
                 {"card": "force-hold", "controller": 0, "host": 3}])
    assert options(st) == ["upkeep pay o4", "upkeep skip o4"]
    acts(st, "upkeep skip o4")
    assert 4 not in st.objs and not traits.is_restrained(st, 3)     # MW-X-6.35


# ---------------------------------------------------------------------------- Ghoul Rot

def test_ghoul_rot_direct_damage_each_upkeep_and_finite_life() -> None:
    """MW-3.14, MW-6.97: 2 direct damage in each Upkeep step; MW-X-8.8: Finite Life stops
    the Regenerate of Regrowth (MW-X-8.7)."""
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2", "damage": 1},
                 {"card": "regrowth", "controller": 1, "host": 3},
                 {"card": "ghoul-rot", "controller": 0, "host": 3}])
    assert traits.traits(st, 3).has("finite-life")
    assert st.obj(3).damage == 3
    assert events(st, "no-heal")


# ---------------------------------------------------------------------------- Magebane

def test_magebane_hurts_the_caster_after_each_spell() -> None:
    """MW-6.97: the beastmaster under Magebane casts Cheetah Speed; once it resolves she takes
    1 direct damage."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "C2"},
               {"card": "magebane", "controller": 0, "host": 2}], activate=2,
              players=({"zone": "A1"}, {"zone": "C2", "planned": ["cheetah-speed"]}))
    acts(st, "cast cheetah-speed o3")
    pass_windows(st)
    assert st.obj(2).damage == 1
    assert any(e.rule == "MW-6.97" for e in events(st, "card-effect"))


# ---------------------------------------------------------------------------- Marked for Death

def test_marked_for_death_first_attack_only() -> None:
    """MW-X-1.5: the first attack of each creature against the marked creature in a round
    rolls 1 more die; the Hydra's Triplestrike gets it on its first strike only."""
    st = menu([{"card": "darkfenne-hydra", "controller": 1, "zone": "A1"},
               {"card": "marked-for-death", "controller": 1, "host": 1}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    st.script_dice(faces(blank=4) + faces(blank=3) + faces(blank=3))
    acts(st, "attack 2 o1")
    pass_windows(st)
    assert dice_rolled(st) == [4, 3, 3]


def test_marked_for_death_counts_per_attacker() -> None:
    """MW-X-1.5: another creature's first attack this round still gets the extra die, and a
    face-down Marked for Death gives none (MW-5.83)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "marked-for-death", "controller": 1, "host": 1}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    st.once = st.once | {("marked-for-death", 4, 99)}      # another attacker's mark
    bite(st, "o1", *faces(blank=5))
    assert dice_rolled(st) == [5]
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "marked-for-death", "controller": 1, "host": 1, "face_up": False}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    bite(st, "o1", *faces(blank=4))
    assert dice_rolled(st) == [4]


# ---------------------------------------------------------------------------- Pacify

def test_pacify_taxes_the_first_attack() -> None:
    """MW-6.20: the pacified wolf's controller pays 2 mana in the Pay Costs step."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "pacify", "controller": 0, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2", "mana": 5}))
    bite(st, "o1", *faces(normal=(1,), blank=3))
    assert st.player(1).mana == 3 and st.obj(1).damage == 1
    assert events(st, "attack-cost")


def test_pacify_unpaid_cancels_the_attack() -> None:
    """MW-6.20, MW-6.18: revealed after Declare Attack when the wolf's controller has only
    1 mana, Pacify's 2 cannot be paid: the attack is cancelled and the action is lost. A
    Pacify already face up keeps that attack off the menu instead (MW-A14)."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "pacify", "controller": 0, "host": 3, "face_up": False}],
              players=({"zone": "A1", "mana": 5}, {"zone": "C2", "mana": 1}))
    acts(st, "attack 1 o1", "reveal o4")
    pass_windows(st)
    assert events(st, "attack-cancelled") and st.obj(1).damage == 0
    assert st.player(1).mana == 1
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "pacify", "controller": 0, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2", "mana": 1}))
    assert "attack 1 o1" not in options(st) and "guard" in options(st)


def test_pacify_revealed_after_declare_taxes_that_attack() -> None:
    """MW-5.84 (d), MW-5.90: revealed after Declare Attack, Pacify already taxes the attack,
    since costs are paid in step 2."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
               {"card": "pacify", "controller": 0, "host": 3, "face_up": False}],
              players=({"zone": "A1"}, {"zone": "C2", "mana": 4}))
    acts(st, "attack 1 o1")
    st.script_dice(faces(blank=4))
    acts(st, "reveal o4")
    pass_windows(st)
    assert st.player(1).mana == 2


def test_pacify_cannot_touch_psychic_immunity() -> None:
    """MW-S8: Pacify is a Psychic spell; the Skeletal Sentry (Psychic Immunity) is no legal
    target; the wolf is."""
    st = menu([{"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A1"}], activate=1,
              players=({"zone": "A1", "class": "priestess", "planned": ["pacify"]},
                       {"zone": "C2", "class": "beastmaster"}))
    assert "cast pacify o4" in options(st)
    assert "cast pacify o3" not in options(st)


# ---------------------------------------------------------------------------- Regrowth

def test_regrowth_regenerates_two_in_upkeep() -> None:
    """MW-6.100, MW-X-8.6: Regenerate 2 heals 2 in the Upkeep step."""
    st = upkeep([{"card": WOLF, "controller": 1, "zone": "C2", "damage": 5},
                 {"card": "regrowth", "controller": 1, "host": 3}])
    assert st.obj(3).damage == 3


# ---------------------------------------------------------------------------- Rhino Hide

def rhino_setup(face_up: bool = False) -> MageWarsState:
    """Seat 0's wolf o3 (Rhino Hide o4 on it) is bitten by seat 1's wolf o5."""
    return menu([{"card": WOLF, "controller": 0, "zone": "A1"},
                 {"card": "rhino-hide", "controller": 0, "host": 3, "face_up": face_up},
                 {"card": WOLF, "controller": 1, "zone": "A1"}], activate=5,
                players=({"zone": "B1"}, {"zone": "C2"}))


def test_rhino_hide_revealed_after_avoid_cuts_that_attack() -> None:
    """MW-5.89 (example), MW-5.84 (d): Rhino Hide turned up between the Avoid Attack step and
    the dice cuts that attack's damage (armor 2 + 2)."""
    st = rhino_setup()
    acts(st, "attack 1 o3")
    acts(st, "pass")                    # the window after Declare Attack
    assert ask(st) == "RevealAsk"       # the window after Avoid Attack
    st.script_dice(faces(normal=(2, 2, 2, 2)))
    acts(st, "reveal o4")
    pass_windows(st)
    assert st.obj(3).damage == 8 - 4


def test_rhino_hide_revealed_after_the_attack_changes_nothing() -> None:
    """MW-5.87 (example): Rhino Hide revealed after the attack damaged the creature does not
    reduce that damage."""
    st = rhino_setup()
    st.script_dice(faces(normal=(2, 2, 2, 2)))
    acts(st, "attack 1 o3", "pass", "pass")
    assert st.obj(3).damage == 8 - 2
    assert ask(st) == "RevealAsk"       # after the action (MW-5.84 c)
    acts(st, "reveal o4")
    assert st.obj(3).damage == 6 and traits.armor(st, 3) == 4


# ---------------------------------------------------------------------------- Sacred Ground

def test_sacred_ground_gives_aegis_to_friendly_living_in_its_zone() -> None:
    """MW-X-4.5: Sacred Ground gives Aegis 1 to its controller's Living creatures in the zone
    only; the enemy wolf attacking there rolls 3 dice, the enemy itself gets nothing."""
    st = menu([{"card": "sacred-ground", "controller": 0, "zone": "A1"},
               {"card": WOLF, "controller": 1, "zone": "A1"}], activate=4,
              players=({"zone": "A1"}, {"zone": "C2"}))
    assert traits.traits(st, 1).value("aegis") == 1
    assert traits.traits(st, 4).value("aegis") == 0
    bite(st, "o1", *faces(blank=3))
    assert dice_rolled(st) == [3]


def test_sacred_ground_face_down_or_elsewhere_does_nothing() -> None:
    """MW-5.83: hidden, it does nothing; and it only covers its own zone."""
    st = menu([{"card": "sacred-ground", "controller": 0, "zone": "A1", "face_up": False},
               {"card": "sacred-ground", "controller": 0, "zone": "B1"}], activate=1)
    assert traits.traits(st, 1).value("aegis") == 0


# ---------------------------------------------------------------------------- Vampirism

def test_vampirism_heals_half_the_melee_damage() -> None:
    """MW-X-4.10: with Vampirism the hurt wolf heals half the damage its bite deals, rounded
    up."""
    st = menu([{"card": WOLF, "controller": 1, "zone": "A1", "damage": 6},
               {"card": "vampirism", "controller": 1, "host": 3}],
              players=({"zone": "A1"}, {"zone": "C2"}))
    bite(st, "o1", *faces(normal=(2, 1), blank=2))
    assert st.obj(1).damage == 3
    assert st.obj(3).damage == 6 - 2


# ---------------------------------------------------------------------------- same names

def test_same_named_enchantment_is_countered_on_reveal() -> None:
    """MW-5.80, MW-A7: seat 1 reveals Rhino Hide where seat 0's is already face up: it pays
    and is countered, to its owner's discard pile; only one Armor +2 counts."""
    st = scenario({"players": [{"zone": "A1", "active": False}, {"zone": "C2"}],
                   "initiative": 1, "phase": "action",
                   "objects": [{"card": WOLF, "controller": 1, "zone": "C2"},
                               {"card": "rhino-hide", "controller": 0, "host": 3},
                               {"card": "rhino-hide", "controller": 1, "host": 3,
                                "face_up": False}]})
    acts(st, "activate o3")
    assert ask(st) == "RevealAsk"
    mana = st.player(1).mana
    acts(st, "reveal o5")
    assert 5 not in st.objs and "rhino-hide" in st.player(1).discard
    assert st.player(1).mana == mana - (st.card("rhino-hide").cost.reveal or 0)
    assert any(e.rule == "MW-5.80" for e in events(st, "countered"))
    assert traits.armor(st, 3) == 4


def test_same_name_cast_refused_only_when_visible() -> None:
    """MW-5.79, MW-A7: no second Bear Strength on a creature that shows one to the caster;
    the opponent's hidden one does not block the cast (nothing leaks)."""
    shown = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
                  {"card": "bear-strength", "controller": 1, "host": 3}], activate=1,
                 players=({"zone": "A1", "planned": ["bear-strength"]}, {"zone": "C2"}))
    assert "cast bear-strength o3" not in options(shown)
    hidden = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
                   {"card": "bear-strength", "controller": 1, "host": 3, "face_up": False}],
                  activate=1,
                  players=({"zone": "A1", "planned": ["bear-strength"]}, {"zone": "C2"}))
    assert "cast bear-strength o3" in options(hidden)
    own = menu([{"card": WOLF, "controller": 1, "zone": "A1"},
                {"card": "bear-strength", "controller": 0, "host": 3, "face_up": False}],
               activate=1,
               players=({"zone": "A1", "planned": ["bear-strength"]}, {"zone": "C2"}))
    assert "cast bear-strength o3" not in options(own)
