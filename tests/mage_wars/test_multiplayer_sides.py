"""Sides in games of four (Chapter IX): a team is one player for the rules (MW-9.8) — its seats
share what they know (views, action texts, private log entries, resamples: MW-B32), "friendly"
and "enemy" mean the side (MW-B34) while control stays with each seat, and the one-player limits
hold per team (Unique spells, one enchantment of a name on a target: MW-B35).

The team scenario (`team4`): seats 0 and 2 (warlock o1, wizard o3, in A1) are team 0, seats 1
and 3 (beastmaster o2, priestess o4, in C4) team 1 (MW-9.6, MW-9.9); objects start at o5.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from grimorio.core.state import resample, view
from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.effects.conjurations import NameMageAsk
from grimorio.games.mage_wars.effects.equipment import DiscountRing
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import casting, combat, displace, mandatory, movement, traps
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, events, faces, options, pass_windows, scenario

TEAMS = {"players": 4, "format": "teams", "mode": "full"}
ZONES = ("A1", "C4", "A1", "C4")


def team4(objects: list[dict[str, Any]] | None = None, *, players: list[dict[str, Any]] | None
          = None, **setup: Any) -> MageWarsState:
    """A 2 v 2 game (seats 0 and 2 against 1 and 3), the four mages o1-o4, objects from o5."""
    seats = [{"zone": zone} for zone in ZONES]
    for seat, extra in enumerate(players or []):
        seats[seat].update(extra)
    return scenario({"players": seats, "objects": objects or [], **setup}, **TEAMS)


def wolf(seat: int, zone: str = "A1", **more: Any) -> dict[str, Any]:
    return {"card": "timber-wolf", "controller": seat, "zone": zone, **more}


def card_of(st: MageWarsState, seat: int, oid: int) -> str | None:
    """The card name `seat`'s view gives object `oid` (None: hidden)."""
    doc = view(st, seat)["state"]
    return next(o["card"] for o in doc["objects"] if o["oid"] == oid)


# ---------------------------------------------------------------- shared information (MW-B32)

def test_team_mates_see_each_others_books_and_held_spells() -> None:
    """MW-9.8, MW-B32: a seat's view shows its team-mate's book and planned spells as its own;
    the enemy seats see counts only (MW-3.20, MW-5.7)."""
    st = team4(players=[{}, {"planned": ["bear-strength"]}, {"planned": ["chain-lightning"]}],
               phase="action")
    for seat, mate in ((0, 2), (2, 0), (1, 3), (3, 1)):
        players = view(st, seat)["state"]["players"]
        assert players[mate]["planned"] == st.players[mate].planned
        assert players[mate]["book"] == st.players[mate].book
        for enemy in st.enemies(seat):
            assert "planned" not in players[enemy] and "book" not in players[enemy]
            assert players[enemy]["planned_count"] == len(st.players[enemy].planned)
    spectator = view(st, None)["state"]["players"]
    assert all("planned" not in p for p in spectator)


def test_team_mates_face_down_enchantments_are_named_to_the_team_only() -> None:
    """MW-9.8, MW-B32, MW-5.78: a face-down enchantment is named to its controller and its
    team-mate, hidden from both enemy seats and spectators."""
    st = team4([wolf(2), {"card": "bear-strength", "controller": 2, "host": 5, "face_up": False}],
               phase="action")
    assert card_of(st, 2, 6) == card_of(st, 0, 6) == "bear-strength"
    assert card_of(st, 1, 6) is None and card_of(st, 3, 6) is None
    assert card_of(st, None, 6) is None


def test_secret_action_texts_show_to_the_team_mate_only() -> None:
    """MW-9.8, MW-B32, MW-3.20: a planned spell shows as `?` to the enemy seats and spectators,
    and in full to the acting seat's team-mate."""
    st = team4(phase="planning")
    assert st.current_player == 0
    plan = next(a for a in st.legal_actions() if a.notation() == "plan bear-strength")
    assert st.describe_action(plan, 0) == st.describe_action(plan, 2) == "plan bear-strength"
    assert st.describe_action(plan, 1) == st.describe_action(plan, 3) == "plan ?"
    assert st.describe_action(plan, None) == "plan ?"


def test_private_log_entries_reach_the_team_mate() -> None:
    """MW-9.8, MW-B32: a ruling shown to one seat (its planned spell) is shown to its team-mate
    too, never to the other team."""
    st = team4(phase="planning")
    acts(st, "plan bear-strength")
    private = [e for e in st.events if e.visible_to is not None]
    assert private and all(e.visible_to == frozenset({0, 2}) for e in private)
    texts = [str(e["text"]) for e in view(st, 2)["log"]]
    assert any("bear-strength" in t for t in texts)
    for enemy in (1, 3):
        assert not any("bear-strength" in str(e["text"]) for e in view(st, enemy)["log"])


def test_private_log_entries_stay_with_one_seat_in_a_duel() -> None:
    """MW-B32 changes nothing with two seats: a private ruling is for its seat alone."""
    st = scenario({"phase": "planning"})
    assert st.current_player == 0
    acts(st, "plan " + options(st)[1].split()[1])
    private = [e for e in st.events if e.visible_to is not None]
    assert private and all(e.visible_to == frozenset({0}) for e in private)


def test_resample_keeps_the_team_secrets_and_redraws_the_enemies() -> None:
    """MW-9.8, MW-B32: resampling for seat 0 keeps what its team-mate holds (book, planned
    spells, face-down enchantments) and redraws the enemy seats' hidden cards."""
    st = team4([wolf(2), {"card": "bear-strength", "controller": 2, "host": 5, "face_up": False},
                wolf(1, "C4"), {"card": "bear-strength", "controller": 1, "host": 7,
                                "face_up": False}],
               players=[{}, {"planned": ["bear-strength"]}, {"planned": ["chain-lightning"]}],
               phase="action")
    enemy_changed = False
    for n in range(20):
        twin = resample(st, 0, random.Random(n))
        for seat in (0, 2):
            assert twin.players[seat].planned == st.players[seat].planned
            assert twin.players[seat].book == st.players[seat].book
        assert twin.objs[6].card == "bear-strength"
        enemy_changed = enemy_changed or twin.objs[8].card != "bear-strength" \
            or twin.players[1].planned != st.players[1].planned
    assert enemy_changed


# ---------------------------------------------------------------- friendly and enemy (MW-B34)

def test_a_team_mates_creature_does_not_hinder() -> None:
    """MW-9.8, MW-B34, MW-4.14: only an enemy creature hinders; a team-mate's is friendly."""
    st = team4([wolf(2), wolf(1)])
    assert not movement.hinders(st, 1, 5)          # seat 2's wolf, seat 0's mage
    assert movement.hinders(st, 1, 6)              # seat 1's wolf
    assert movement.hinders(st, 6, 1) and not movement.hinders(st, 6, 2)   # the other way


def test_a_team_mates_guard_does_not_draw_attacks() -> None:
    """MW-9.8, MW-B34, MW-6.13: guards restrict a melee attack only when they are enemies."""
    st = team4([wolf(2, guard=True), wolf(0), wolf(1)])
    assert combat.guards(st, 6) == []              # seat 0's wolf beside seat 2's guard
    assert combat.guards(st, 7) == [5]             # seat 1's wolf: the guard is an enemy
    ref = traits.attacks(st, 6)[0]
    assert 7 in combat.melee_targets(st, 6, ref)


def test_traps_only_watch_for_enemies() -> None:
    """MW-9.8, MW-B34, MW-5.98, MW-A24: a trap may go on a zone holding only friendly
    creatures (a team-mate's too) but not on one with an enemy creature."""
    st = team4([wolf(2, "B1"), wolf(1, "B2")])
    trap = st.card("hellfire-trap")
    assert traps.zone_ok(st, 0, trap, "B1")
    assert not traps.zone_ok(st, 0, trap, "B2")
    assert traps.zone_ok(st, 1, trap, "B2") and not traps.zone_ok(st, 3, trap, "B1")


def test_a_team_mate_entering_sets_off_no_trap() -> None:
    """MW-9.8, MW-B34, MW-5.99: seat 0's trap stays face down when seat 2's creature comes in."""
    st = team4([wolf(2, "B1"),
                {"card": "hellfire-trap", "controller": 0, "zone": "B2", "face_up": False}])
    displace.teleport(st, 5, "B2", "MW-X-7.25")
    assert not any(isinstance(f, mandatory.Trigger) for f in st.frames)
    assert not st.objs[6].face_up


def test_traps_of_two_enemy_seats_go_off_in_turn_order() -> None:
    """MW-9.8, MW-B33, MW-5.99, MW-9.4: an enemy creature entering a zone with traps of both
    seats of the other team sets off each seat's, and each seat turns up its own, in turn order
    from the initiative holder."""
    st = team4([wolf(1, "B1"),
                {"card": "hellfire-trap", "controller": 2, "zone": "B2", "face_up": False},
                {"card": "hellfire-trap", "controller": 0, "zone": "B2", "face_up": False}],
               initiative=1)
    displace.teleport(st, 5, "B2", "MW-X-7.25")
    found = [f for f in st.frames if isinstance(f, mandatory.Trigger)]
    assert [(f.seat, f.oids) for f in reversed(found)] == [(2, (6,)), (0, (7,))]
    assert events(st, "trap")[-1].data["traps"] == [6, 7]
    run(st)
    assert st.current_player == 2 and options(st) == ["reveal o6", "decline o6"]
    acts(st, "decline o6")
    assert st.current_player == 0 and options(st) == ["reveal o7", "decline o7"]
    acts(st, "decline o7")
    assert 6 not in st.objs and 7 not in st.objs        # unpaid: destroyed (MW-5.95)


def test_auras_reach_a_team_mates_creatures() -> None:
    """MW-9.8, MW-B34: Mohktari's Regenerate aura reaches every friendly Living creature in its
    zone (a team-mate's too), never an enemy's."""
    st = team4([{"card": "mohktari-great-tree-of-life", "controller": 0, "zone": "B1"},
                wolf(2, "B1"), wolf(1, "B1"), wolf(0, "B1")])
    assert traits.traits(st, 6).value("regenerate") == 2
    assert traits.traits(st, 8).value("regenerate") == 2
    assert traits.traits(st, 7).value("regenerate") == 0


def test_friendly_animals_are_the_sides() -> None:
    """MW-9.8, MW-B34: Call of the Wild's friendly animals include a team-mate's."""
    st = team4([wolf(2), wolf(1), wolf(0)])
    assert sorted(casting.grant_receivers(st, 0, "friendly-animals-in-arena", [])) == [5, 7]
    assert casting.grant_receivers(st, 3, "friendly-animals-in-arena", []) == [6]


def test_bloodthirsty_spares_team_mates() -> None:
    """MW-9.8, MW-B34, MW-X-4.9: a Bloodthirsty creature is forced onto wounded Living enemy
    creatures only."""
    st = team4([{"card": "goran-werewolf-pet", "controller": 0, "zone": "B1"},
                wolf(2, "B1", damage=1), wolf(1, "B1", damage=1)])
    assert combat.forced_melee_targets(st, 5) == [7]


# ---------------------------------------------------------------- one player's limits (MW-B35)

def test_one_unique_spell_in_play_per_team() -> None:
    """MW-9.8, MW-B35, MW-X-11.4: with seat 0's Temple of Light in play its team-mate may not
    cast another; the other team still may."""
    st = team4([{"card": "temple-of-light", "controller": 0, "zone": "B1"}])
    temple = st.card("temple-of-light")
    assert not casting.allowed(st, 1, temple) and not casting.allowed(st, 3, temple)
    assert casting.allowed(st, 2, temple) and casting.allowed(st, 4, temple)


def test_no_two_enchantments_of_a_name_per_team_on_one_object() -> None:
    """MW-9.8, MW-B35, MW-5.79: seat 0's face-down Bear Strength on a creature stops its
    team-mate from casting another there; an enemy, who cannot see it, is not stopped."""
    st = team4([wolf(2), {"card": "bear-strength", "controller": 0, "host": 5,
                          "face_up": False}])
    bear = st.card("bear-strength")
    assert not casting.object_ok(st, 3, bear, st.objs[5])
    assert casting.object_ok(st, 2, bear, st.objs[5]) and casting.object_ok(st, 4, bear, st.objs[5])


def test_a_team_mate_may_replace_equipment() -> None:
    """MW-5.110, MW-5.111, MW-B35: equipment cast on a team-mate's mage replaces a clashing
    item; on an enemy mage the clash cancels it."""
    st = team4([{"card": "leather-gloves", "controller": 2, "host": 3}])
    gloves = st.card("leather-gloves")
    assert casting.equipment_clash(st, 0, gloves, 3) == [5]
    assert casting.equipment_clash(st, 1, gloves, 3) is None


# ---------------------------------------------------------------- control stays per seat

def test_each_seat_activates_only_its_own_creatures() -> None:
    """MW-9.8, MW-B34: a team-mate's creature is friendly, not the seat's to activate."""
    st = team4([wolf(2), wolf(0)], phase="action")
    assert st.current_player == 0
    assert "activate o6" in options(st) and "activate o5" not in options(st)


def test_sacrificial_altar_sacrifices_own_creatures_for_a_friendly_one() -> None:
    """MW-9.8, MW-B34: the Altar's controller destroys a creature it controls and owns; the
    Melee bonus may go to any friendly creature, a team-mate's too."""
    st = team4([{"card": "sacrificial-altar", "controller": 0, "zone": "B1"},
                wolf(0), wolf(2), wolf(1)])
    altar = registry.own("sacrificial-altar", "ready_powers")
    assert altar is not None
    powers = [a.notation() for a in altar.ready_powers(st, 5, 0)]
    assert "ability sacrifice o6 o7" in powers
    assert not any(p.split()[2] in ("o7", "o8") for p in powers)
    assert not any(p.endswith("o8") for p in powers)


# ---------------------------------------------------------------- more friendly and enemy cards

def test_rage_comes_from_enemy_attacks_only() -> None:
    """MW-9.8, MW-B34, MW-X-8.11: the Mountain Gorilla rages when an enemy creature's attack
    hurts it; its team-mate's wolf biting it gives no Rage marker."""
    for owner, rage in ((2, 0), (1, 1)):
        st = team4([wolf(0), {"card": "mountain-gorilla", "controller": owner, "zone": "A1"}],
                   phase="menu", activate=5)
        st.script_dice(faces(normal=(2, 2, 1), blank=1))
        acts(st, "attack 1 o6")
        assert st.objs[6].damage == 3 and combat.rage(st, 6) == rage


def test_wrath_and_pentagram_count_the_sides() -> None:
    """MW-9.8, MW-B34: Valshalla's Wrath counts an enemy's kill of a friendly creature (a
    team-mate's too); the Pentagram gains mana when a friendly creature (a team-mate's too)
    hurts an enemy one, never when it hurts a team-mate's."""
    st = team4([{"card": "valshalla-lightning-angel", "controller": 0, "zone": "B1"},
                wolf(2, "B1"), wolf(1, "B1"), wolf(3, "B1"),
                {"card": "pentagram", "controller": 0, "zone": "A1"}])
    angel = registry.own("valshalla-lightning-angel", "attack_damaged")
    rune = registry.own("pentagram", "attack_damaged")
    assert angel is not None and rune is not None
    mate_wolf = st.remove_obj(6)                       # seat 2's wolf, killed
    angel.attack_damaged(st, 5, SimpleNamespace(attacker=8), mate_wolf, 3)     # by seat 3's
    assert st.objs[5].memo.get("wrath") == 1
    st = team4([{"card": "valshalla-lightning-angel", "controller": 0, "zone": "B1"},
                wolf(2, "B1"), wolf(0, "B1")])
    mate_wolf = st.remove_obj(6)
    angel.attack_damaged(st, 5, SimpleNamespace(attacker=7), mate_wolf, 3)     # by seat 0's
    assert "wrath" not in st.objs[5].memo
    st = team4([{"card": "pentagram", "controller": 0, "zone": "A1"},
                wolf(2, "B1"), wolf(1, "B1"), wolf(0, "B1")])
    rune.attack_damaged(st, 5, SimpleNamespace(attacker=8), st.objs[6], 2)     # on a mate
    assert st.objs[5].mana == 0
    rune.attack_damaged(st, 5, SimpleNamespace(attacker=6), st.objs[7], 2)     # mate's wolf
    assert st.objs[5].mana == 1


def test_counter_enchantments_answer_the_other_team_only() -> None:
    """MW-9.8, MW-B34, MW-5.13: Nullify and Reverse Magic are set off by a spell of the other
    side aimed at their creature, never by a team-mate's."""
    for card in ("nullify", "reverse-magic"):
        st = team4([wolf(0), {"card": card, "controller": 0, "host": 5, "face_up": False}])
        script = registry.own(card, "counter_trigger")
        assert script is not None
        spell = st.card("bear-strength")
        assert not script.counter_trigger(st, 6, 3, spell, ("o5",))     # seat 2's mage
        assert script.counter_trigger(st, 6, 2, spell, ("o5",))         # seat 1's mage


def test_ravens_eye_looks_at_enemy_enchantments_only() -> None:
    """MW-9.8, MW-B34, MW-B32, MW-5.78: Huginn looks at an enemy's face-down enchantment, not
    at a team-mate's (its seat knows those already); what it learns is shared with the
    team-mate's view."""
    st = team4([{"card": "huginn-raven-familiar", "controller": 0, "zone": "A1"},
                wolf(2, "A2"), {"card": "bear-strength", "controller": 2, "host": 6,
                                "face_up": False},
                wolf(1, "A2"), {"card": "bear-strength", "controller": 1, "host": 8,
                                "face_up": False}],
               phase="menu", activate=5)
    assert "ability ravens-eye o9" in options(st)
    assert "ability ravens-eye o7" not in options(st)
    acts(st, "ability ravens-eye o9")
    assert card_of(st, 2, 9) == card_of(st, 0, 9) == "bear-strength"
    assert card_of(st, 3, 9) == "bear-strength" and card_of(st, None, 9) is None
    looked = events(st, "looked")[-1]
    assert looked.visible_to == frozenset({0, 2})


def test_group_heal_and_enchanters_ring_serve_friendly_creatures() -> None:
    """MW-9.8, MW-B34: Group Heal heals the caster's side's wounded creatures in the zone (a
    team-mate's too, not an enemy's); the Enchanter's Ring discounts an enchantment on a
    friendly creature (a team-mate's too)."""
    st = team4([wolf(2, "A1", damage=3), wolf(1, "A1", damage=3),
                {"card": "enchanters-ring", "controller": 0, "host": 1}])
    heal = registry.own("group-heal", "resolve")
    ring = registry.own("enchanters-ring", "discount")
    assert heal is not None and isinstance(ring, DiscountRing)
    st.script_dice([4] * 10)
    heal.resolve(st, 1, st.card("group-heal"), ("A1",), {})
    assert st.objs[5].damage == 0 and st.objs[6].damage == 3
    bear = st.card("bear-strength")
    assert ring.fits(st, 7, bear, 5, False) and not ring.fits(st, 7, bear, 6, False)


def test_a_push_nobody_chose_is_steered_by_the_first_enemy_in_turn_order() -> None:
    """MW-B33, MW-9.4: with no attacker to choose, the first seat of another side in turn
    order from the initiative holder picks the push's direction."""
    for initiative, chooser in ((1, 1), (3, 3), (0, 1), (2, 3)):
        st = team4([wolf(2, "B2")], initiative=initiative)
        displace.push(st, 5, "A1", "MW-X-7.17")
        assert isinstance(st.frames[-1], displace.PushAsk)
        assert st.frames[-1].seat == chooser


def test_gate_to_voltari_names_one_enemy_mage() -> None:
    """MW-B35, MW-9.8: with two enemy mages the Gate's controller names one (`name o4`); only
    that mage's spells feed it, never a team-mate's."""
    st = team4([{"card": "gate-to-voltari", "controller": 2, "zone": "A1"}])
    gate = registry.own("gate-to-voltari", "after_cast")
    assert gate is not None
    gate.after_cast(st, 3, st.card("gate-to-voltari"))
    st.changed()
    assert st.current_player == 2 and options(st) == ["name o2", "name o4"]
    acts(st, "name o4")
    spell = st.card("bear-strength")
    for caster, mana in ((2, 0), (1, 0), (4, 1)):
        gate.spell_cast(st, 5, caster, spell)
        assert st.objs[5].mana == mana
    assert events(st, "gate-names")[-1].rule == "MW-B35"
    st = team4([{"card": "gate-to-voltari", "controller": 2, "zone": "A1"}])
    st.players[1].out = True                       # one enemy left: named without asking
    gate.after_cast(st, 3, st.card("gate-to-voltari"))
    assert st.objs[5].memo["watched"] == 3 and not isinstance(st.frames[-1], NameMageAsk)


def test_steal_and_shift_enchantment_read_your_side() -> None:
    """MW-9.8, MW-B34: Steal Enchantment takes an enemy's revealed enchantment, never a
    team-mate's; Shift Enchantment moves one of the caster's side, a team-mate's too."""
    st = team4([wolf(2), wolf(1), wolf(0),
                {"card": "bear-strength", "controller": 2, "host": 5},
                {"card": "bear-strength", "controller": 1, "host": 6}])
    steal = casting.steal_targets(st, 1, st.card("steal-enchantment"))
    assert steal and all(t[0] == "o9" for t in steal)
    shift = registry.own("shift-enchantment", "spell_targets")
    assert shift is not None
    moved = shift.spell_targets(st, 1, st.card("shift-enchantment")) or []
    assert moved and all(t[0] == "o8" for t in moved)


def test_temples_help_friendly_creatures() -> None:
    """MW-9.8, MW-B34: the Temple of the Dawnbreaker offers its re-roll when a friendly
    creature (a team-mate's too) defends, never an enemy's."""
    st = team4([{"card": "temple-of-the-dawnbreaker", "controller": 0, "zone": "A1"},
                wolf(2), wolf(1)])
    temple = registry.own("temple-of-the-dawnbreaker", "offers_reroll")
    assert temple is not None
    assert temple.offers_reroll(st, 5, 6) and not temple.offers_reroll(st, 5, 7)


@pytest.mark.parametrize(("attacker", "option", "fires"),
                         [(0, "any", True), (0, "enemy", False), (1, "enemy", True)])
def test_barrier_option_enemy_spares_team_mates(attacker: int, option: str, fires: bool) -> None:
    """MW-9.8, MW-B34, MW-C9: with `damage_barrier_targets=enemy` the wizard's Demonhide
    barrier answers an enemy's melee attack but not his team-mate's."""
    st = scenario({"players": [{"zone": z} for z in ZONES], "phase": "menu", "activate": 5,
                   "initiative": attacker,
                   "objects": [wolf(attacker), {"card": "demonhide-armor", "host": 3}]},
                  damage_barrier_targets=option, **TEAMS)
    st.script_dice([*faces(critical=(1,), blank=3), 1])
    acts(st, "attack 1 o3")
    assert bool(events(st, "barrier")) is fires


def test_a_team_mates_cleric_may_serve_the_temple_of_asyra() -> None:
    """MW-9.8, MW-B34: a friendly cleric (a team-mate's too) may make its offering to the
    Temple of Asyra; an enemy's may not."""
    for seat, offers in ((2, True), (1, False)):
        st = team4([{"card": "temple-of-asyra", "controller": 0, "zone": "A1"},
                    {"card": "asyran-cleric", "controller": seat, "zone": "A1"}],
                   phase="menu", activate=6, initiative=seat)
        assert ("ability offer o5" in options(st)) is offers


def test_only_enemy_traps_make_a_mover_wait_for_them() -> None:
    """MW-9.8, MW-B34, MW-4.26: a move into a zone with face-down enchantments of another side
    opens the reveal window before step 6; a team-mate's do not."""
    st = team4([wolf(0, "B1"), {"card": "hellfire-trap", "controller": 2, "zone": "B2",
                                "face_up": False},
                {"card": "hellfire-trap", "controller": 1, "zone": "B3", "face_up": False}])
    assert not movement.traps_may_wait(st, 5, "B2")
    assert movement.traps_may_wait(st, 5, "B3")


def test_in_a_free_for_all_every_seat_is_its_own_side() -> None:
    """MW-9.11, MW-B32, MW-B34: with three players and no teams nothing is shared and every
    other seat is an enemy: planned spells stay hidden from both others, a private ruling reaches
    its seat alone, and any other seat's guard draws the attack."""
    st = scenario({"phase": "planning", "players": [{}, {"planned": ["bear-strength"]}, {}],
                   "objects": [wolf(1, guard=True), wolf(2), wolf(0)]},
                  players=3, mode="full")
    assert [st.allied(0, s) for s in range(3)] == [True, False, False]
    for seat in (0, 2):
        assert "planned" not in view(st, seat)["state"]["players"][1]
    assert combat.guards(st, 6) == [4] and combat.guards(st, 5) == [4]
    acts(st, "plan bear-strength")
    private = [e for e in st.events if e.visible_to is not None]
    assert private and all(e.visible_to == frozenset({0}) for e in private)


def test_casting_the_gate_to_voltari_asks_which_enemy_it_watches() -> None:
    """MW-B35, MW-9.8: the wizard (seat 2) casts the Gate; once it resolves he names one of the
    two enemy mages, then his turn goes on as usual (turn order, MW-9.4)."""
    st = team4(players=[{}, {}, {"mana": 20, "planned": ["gate-to-voltari"]}], phase="menu",
               activate=3, initiative=2)
    acts(st, "cast gate-to-voltari A1")
    pass_windows(st)
    assert st.current_player == 2 and options(st) == ["name o2", "name o4"]
    acts(st, "name o2")
    pass_windows(st)
    assert st.objs[5].memo["watched"] == 1 and st.current_player == 3


def test_a_taunted_creature_is_held_back_by_enemy_guards_only() -> None:
    """MW-9.8, MW-B34, MW-X-6.27, MW-C17: seat 1's wolf, Taunted by seat 0's Sosruko, must
    attack Sosruko even beside its team-mate's guard; an enemy guard (seat 2's) rules Sosruko
    out as a target, so nothing is forced."""
    for guard_seat, forced in ((3, [6]), (2, [])):
        st = team4([wolf(1, markers={"taunt": 1}),
                    {"card": "sosruko-ferret-companion", "controller": 0, "zone": "A1"},
                    wolf(guard_seat, guard=True)])
        st.objs[5].memo["taunt_by"] = 6
        assert combat.forced_melee_targets(st, 5) == forced
