"""Fixes to the engine found after it was complete (simultaneous upkeep deaths, attack costs in
the menu, the Staff of Beasts as a quickcast, setup objects' entry round) and rules that had no
test of their own, each checked as far as Apprentice mode makes it checkable.
"""

from __future__ import annotations

import collections
import random
import re
from pathlib import Path
from typing import Any

import pytest

import grimorio
from grimorio.games.mage_wars import conditions, data, hooks, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.model import MAGE_CARD
from grimorio.games.mage_wars.rules import casting, movement
from grimorio.games.mage_wars.rules import round as round_rules
from grimorio.games.mage_wars.rules.casting import FINISH, Cast
from grimorio.games.mage_wars.setup import full_book
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import (
    acts,
    ask,
    events,
    faces,
    options,
    pass_windows,
    scenario,
)

U = data.TraitUse
ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules" / "mage-wars.md"


# ---------------------------------------------------------------------------- MW-A9 in Upkeep

def test_both_mages_falling_in_the_same_upkeep_is_a_draw() -> None:
    """MW-A9, MW-3.1: Rot kills the warlock (o1, first in the queue) and Ghoul Rot the
    beastmaster in the same Upkeep step: the step's damage is settled before the end check,
    so it is a draw, not a win for the second mage."""
    st = scenario({"phase": "upkeep",
                   "players": [{"damage": 23, "markers": {"rot": 1}}, {"damage": 22}],
                   "objects": [{"card": "ghoul-rot", "controller": 0, "host": 2}]})
    assert st.is_terminal() and st.winner is None
    assert events(st, "game-over")[0].rule == "MW-A9"
    assert len(events(st, "game-over")) == 1


def test_one_mage_falling_in_upkeep_still_loses() -> None:
    """MW-3.1: only the beastmaster falls (Ghoul Rot's 2 on 22 damage): the warlock wins,
    after the whole step (the warlock's own Rot still hurts it)."""
    st = scenario({"phase": "upkeep",
                   "players": [{"damage": 0, "markers": {"rot": 1}}, {"damage": 22}],
                   "objects": [{"card": "ghoul-rot", "controller": 0, "host": 2}]})
    assert st.is_terminal() and st.winner == 0 and st.obj(1).damage == 1


# ---------------------------------------------------------------------------- MW-A14 in the menu

def pacified(mana: int) -> MageWarsState:
    """A wolf (o3, seat 1) under a face-up Pacify at its menu, next to the warlock."""
    return scenario({"phase": "menu", "activate": 3,
                     "players": [{"zone": "A1"}, {"zone": "C2", "mana": mana}],
                     "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                                 {"card": "pacify", "controller": 0, "host": 3}]})


def test_the_menu_leaves_out_attacks_whose_known_cost_cannot_be_paid() -> None:
    """MW-A14, MW-6.20: with 1 mana the pacified wolf is not offered its attack; with 2 it
    is, asking the menu (a pure query) marks nothing, and Pay Costs then takes the 2."""
    assert not any(o.startswith("attack") for o in options(pacified(1)))
    st = pacified(2)
    for _ in range(3):
        assert "attack 1 o1" in options(st)
        st.changed()
    assert st.once == frozenset()
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert st.player(1).mana == 0 and events(st, "attack-cost")


def test_the_cost_preview_matches_what_pay_costs_asks() -> None:
    """MW-A14: `hooks.attack_cost_preview` asks what `hooks.declare_cost` would, and only
    the latter marks Pacify's first attack of the round."""
    from grimorio.games.mage_wars.rules.combat import AttackInfo

    st = pacified(5)
    info = AttackInfo(attacker=3, defender=1, card="timber-wolf", index=1, kind="melee",
                      spell=None, zone_attack=False, strike=1, is_counterstrike=False,
                      first_of_action=True)
    assert hooks.attack_cost_preview(st, info) == 2 and st.once == frozenset()
    assert hooks.declare_cost(st, info) == 2 and st.once
    assert hooks.attack_cost_preview(st, info) == 0


# ---------------------------------------------------------------------------- Staff of Beasts

def staff_game(**player: Any) -> MageWarsState:
    """The beastmaster (o1, A1) wearing the Staff of Beasts (o3), a wolf (o4) beside her; her
    action turn is next."""
    return scenario({"players": [{"class": "beastmaster", "zone": "A1", **player},
                                 {"class": "warlock"}],
                     "objects": [{"card": "staff-of-beasts", "host": 1},
                                 {"card": "timber-wolf", "controller": 0, "zone": "A1"}]})


def test_the_staff_of_beasts_power_is_a_quickcast_before_a_turn() -> None:
    """MW-3.24, MW-3.25: the staff's power is a quick spell, so the mage may use it as her
    quickcast just before activating a creature (`quickcast ability …`); the quickcast marker
    and the staff's ready marker turn over (MW-3.8), and an activation must follow."""
    st = staff_game()
    assert "quickcast ability beast-command o4 opt=melee" in options(st)
    acts(st, "quickcast ability beast-command o4 opt=melee")
    assert st.player(0).quickcast is False and "beast-command" in st.obj(3).used
    assert st.player(0).mana == 8 and traits.traits(st, 4).value("melee") == 2
    assert events(st, "quickcast-power")[0].rule == "MW-3.24"
    assert options(st) == ["activate o1", "activate o4"]


def test_the_staff_power_is_offered_after_a_turn_without_planned_spells() -> None:
    """MW-3.25: right after her creature's turn the beastmaster, with no spell planned, is
    still offered her quickcast for the staff's power; not once the power is used (MW-3.8)."""
    st = staff_game()
    acts(st, "activate o4", "end")
    assert ask(st) == "QuickcastAsk"
    assert "quickcast ability beast-command o4 opt=heal" in options(st)
    used = staff_game()
    used.obj(3).used = frozenset({"beast-command"})
    used.changed()
    acts(used, "activate o4", "end")
    assert ask(used) != "QuickcastAsk"


# ---------------------------------------------------------------------------- setups

def test_setup_objects_entered_in_an_earlier_round_unless_said() -> None:
    """Setups (docs/games/mage-wars.md): a placed creature counts as summoned before this
    round, so Rouse the Beast (creatures summoned this round) cannot take it; with
    `entered_round` equal to the round it can."""
    def rouse(entered: dict[str, Any]) -> list[tuple[str, ...]]:
        st = scenario({"round": 3, "players": [{"class": "beastmaster",
                                                "planned": ["rouse-the-beast"], "mana": 20},
                                               {}],
                       "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1",
                                    "active": False, **entered}]})
        assert st.obj(3).entered_round == entered.get("entered_round", 2)
        return casting.spell_targets(st, 1, st.card("rouse-the-beast"))
    assert rouse({}) == []
    assert rouse({"entered_round": 3}) == [("o3",)]


# ---------------------------------------------------------------------------- the round

def test_quickcast_is_once_a_round() -> None:
    """MW-X-13.7, MW-3.9: used just before her turn, the priestess's quickcast is not offered
    after it nor in the closing window, planned spells left or not; Reset gives it back."""
    st = scenario({"players": [{"class": "priestess", "damage": 6,
                                "planned": ["minor-heal", "heal"], "mana": 30},
                               {"active": False}]})
    st.script_dice(faces(normal=(1, 1, 1, 1, 1)))
    acts(st, "quickcast minor-heal o1", "activate o1", "end")
    assert ask(st) == "PlanAsk" and st.round == 2 and st.player(0).quickcast is True
    assert not any(e.kind == "announce" and e.data.get("card") == "heal" for e in st.events)


def test_after_a_move_every_quick_action_is_offered() -> None:
    """MW-X-2.3, MW-X-2.4: after moving into the zone of a stunned wolf (it cannot hinder,
    MW-4.16), the mage may guard, cast a quick spell, move again or attack it; the full spell
    is gone."""
    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"zone": "A1", "planned": ["flameblast", "firestorm"],
                                "mana": 30}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A2",
                                "markers": {"stun": 1}}]})
    assert any(o.startswith("cast firestorm") for o in options(st))
    acts(st, "move A2")
    pass_windows(st)
    now = options(st)
    assert {"guard", "move A1", "move B2", "cast flameblast o3", "attack 1 o3"} <= set(now)
    assert not any(o.startswith("cast firestorm") for o in now)


def test_the_move_sequence_runs_its_six_steps_in_order() -> None:
    """MW-X-13.6: declare, pay costs, leave (hindering by the zone left is noted), walls,
    movement (only now the zone changes), enter."""
    st = scenario({"phase": "menu", "activate": 3,
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"}]})
    frame = movement.Move(3, "B1")
    st.frames.append(frame)
    seen: list[tuple[int, str | None]] = []
    while st.frames and st.frames[-1] is frame:
        seen.append((frame.stage, st.obj(3).zone))
        frame.step(st)
    stages = [s for s, _ in seen]
    wanted = [movement.DECLARE, movement.PAY, movement.LEAVE, movement.WALLS, movement.PLACE,
              movement.ENTER, movement.DONE]
    assert list(dict.fromkeys(stages)) == wanted
    zones = dict(seen)
    assert zones[movement.PLACE] == "A1" and zones[movement.ENTER] == "B1"


# ---------------------------------------------------------------------------- Chapter I

def random_states(classes: str, seed: int, rounds: int = 5) -> list[MageWarsState]:
    """Every position of a random game (clones), for checks over whole games."""
    game = grimorio.load_game("mage-wars", classes=classes, round_limit=rounds,
                              mirror=len(set(classes.split(","))) == 1)
    st = game.new_initial_state(seed)
    assert isinstance(st, MageWarsState)
    rng = random.Random(seed)
    out = [st.clone()]
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
        clone = st.clone()
        assert isinstance(clone, MageWarsState)
        out.append(clone)
    return out


MATCHES = ("beastmaster,priestess", "warlock,wizard")


@pytest.fixture(scope="module")
def games() -> list[list[MageWarsState]]:
    return [random_states(m, n) for n, m in enumerate(MATCHES)]


def test_no_chapter_seven_ability_exists(games: list[list[MageWarsState]]) -> None:
    """MW-1.3, MW-1.7, MW-A4: the Apprentice mage has no traits and no abilities; in whole
    random games every `ability` action comes from a card in play that prints it (no mage
    ability such as the full game's Restore or Arcane Zap)."""
    for states in games:
        for st in states:
            printed = {a.id for o in st.objs.values() for a in st.card(o.card).abilities}
            for text in (a.notation() for a in st.legal_actions()):
                if "ability " in text:
                    assert text.split("ability ")[1].split()[0] in printed, text
            assert st.card(MAGE_CARD).abilities == () and st.card(MAGE_CARD).traits == ()


def test_apprentice_arena_and_fixed_books(games: list[list[MageWarsState]]) -> None:
    """MW-1.11, MW-2.3: the Apprentice game uses half the board (6 zones), the full arena
    option all 12; MW-1.9: each player plays its class's book as listed, unbuilt."""
    for states in games:
        st = states[0]
        assert len(st.arena.zones) == 6
        for player in st.players:
            assert sorted(player.book) == full_book(player.mage_class)
    full = scenario(None, arena="full")
    assert len(full.arena.zones) == 12 and full.obj(2).zone == "C4"


def held_cards(st: MageWarsState, seat: int) -> list[str]:
    """Every card of a player's book wherever it is now: book, planned, discard, held spells,
    objects it owns, and spells being cast that are nowhere else yet."""
    p = st.player(seat)
    out = [*p.book, *p.planned, *p.discard, *p.assigned.values(), *p.bound.values()]
    out += [o.card for o in st.objs.values() if o.owner == seat and o.card != MAGE_CARD]
    for f in st.frames:
        if isinstance(f, Cast) and f.seat == seat and not f.bound and (
                f.stage < FINISH or st.card(f.card).type in ("attack", "incantation")):
            out.append(f.card)
    return sorted(out)


def test_the_spellbook_does_not_change_during_a_game(games: list[list[MageWarsState]]) -> None:
    """MW-2.12, MW-1.10: during a game every card of a player's book is somewhere (book,
    planned, in play, discard pile, being cast), each copy once; nothing comes in or goes
    out. Between games the book may change (another class)."""
    for states in games:
        for st in states:
            for player in st.players:
                assert held_cards(st, player.seat) == full_book(player.mage_class)
    assert full_book("beastmaster") != full_book("priestess")


def test_sidebars_are_rules_like_any_other() -> None:
    """MW-1.12: the boxed sidebars of Chapters I-V are rules: each sidebar section of the
    reference holds rule ids, and the Apprentice ones among them are cited by tests."""
    from grimorio.core.rules_ref import cited_ids, python_files_in_tests
    from grimorio.games.mage_wars.scope import deferred_rules

    text = REFERENCE.read_text(encoding="utf-8")
    cited = cited_ids("MW", python_files_in_tests(ROOT))
    sidebars = 0
    for section in re.split(r"\n(?=### )", text):
        title = section.splitlines()[0]
        if not title.startswith("### ") or "sidebar" not in title:
            continue
        sidebars += 1
        ids = re.findall(r"\*\*(MW-[\d.]+)\*\*", section)
        assert ids, title
        core = [i for i in ids if i not in deferred_rules()]
        assert all(i in cited for i in core), (title, [i for i in core if i not in cited])
    assert sidebars >= 6


# ---------------------------------------------------------------------------- Chapters II and V

def test_more_than_ten_creatures_and_unlimited_markers() -> None:
    """MW-2.6, MW-A23, MW-5.23: the box's 10 action markers limit nothing: with 10 wolves
    in play the beastmaster summons an eleventh, and all eleven active creatures (mage
    included) may be activated; condition markers never run out."""
    wolves = [{"card": "timber-wolf", "controller": 0, "zone": "B1"} for _ in range(10)]
    st = scenario({"phase": "menu", "activate": 1, "objects": wolves,
                   "players": [{"class": "beastmaster", "planned": ["timber-wolf"],
                                "mana": 20}, {}]})
    acts(st, "cast timber-wolf A1")
    pass_windows(st)
    mine = [o for o in st.objs.values() if o.is_creature and o.controller == 0]
    assert len(mine) == 12
    assert len(round_rules.active_creatures(st, 0)) == 10       # o1 acted, the new one waits
    assert conditions.add(st, 3, "burn", 25, "MW-A23") == 25 and st.obj(3).count("burn") == 25


def test_every_card_shows_its_casting_line() -> None:
    """MW-5.2: each spell has a name (English and Spanish), a type, subtypes, a casting line
    (cost or its formula, action, range, target), school and level, and its text; the upkeep
    costs are traits of the card (MW-X-12.3)."""
    d = data.shipped()
    for card in d.cards:
        assert card.name.en and card.name.es and card.summary.en and card.summary.es
        assert card.type in data.CARD_TYPES and card.speed in data.SPEEDS
        assert card.cost.cast is not None or card.cost.formula is not None, card.id
        assert isinstance(card.range, data.Span) and card.target.kind in data.TARGET_KINDS
        assert card.school and all(s in data.SCHOOLS and lv >= 0 for s, lv in card.school)
        assert isinstance(card.subtypes, tuple)
    assert any(t.keyword == "upkeep" for t in d.card("force-hold").traits)


def test_reveal_order_is_the_layering_order() -> None:
    """MW-A19, MW-5.91: two enchantments cast on the wolf in one order and revealed in the
    other apply in reveal order: attachment order and the order scripts act in follow the
    reveals, not the castings."""
    st = scenario({"phase": "menu", "activate": 1, "players": [{"mana": 20}, {}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                               {"card": "agony", "controller": 0, "host": 3,
                                "face_up": False},
                               {"card": "marked-for-death", "controller": 0, "host": 3,
                                "face_up": False}]})
    acts(st, "guard", "reveal o5", "reveal o4")
    assert [o.oid for o in st.attached(3)] == [5, 4]
    assert [o.oid for o, _ in registry.providers(st, "attack_dice")] == [5, 4]


def test_one_name_per_concept() -> None:
    """MW-A21: every keyword has its own English and Spanish name; the Damage Barrier is the
    one keyword named "Protección mágica" (no "Defensa Automática" or "Defensas Mágicas"),
    Rot is "Podrido" (never "Pútrido") as keyword and as marker, "Alcance" names only Reach."""
    words = data.shipped().keywords
    for lang in ("en", "es"):
        names = [k.name.get(lang) for k in words]
        assert len(names) == len(set(names)), lang
    spanish = {k.name.es: k.id for k in words}
    assert spanish["Protección mágica"] == "damage-barrier"
    assert "Defensa Automática" not in spanish and "Defensas Mágicas" not in spanish
    assert spanish["Podrido"] == "rot" and "Pútrido" not in spanish
    assert conditions.CONDITIONS["rot"].es == "Podrido"
    assert spanish["Alcance"] == "reach"


def test_spanish_names_name_one_card_each() -> None:
    """MW-B17: the spellings the seed's lists use (the data's Spanish name, each book's
    entry, the variants its notes record) each lead to one card id; the variant pairs of
    MW-B17 present in the apprentice data lead to the same card."""
    d = data.shipped()
    seen: dict[str, set[str]] = collections.defaultdict(set)
    for card in d.cards:
        seen[card.name.es].add(card.id)
        for note in card.notes:
            if "MW-B17" in note:
                for variant in re.findall(r"'([^']+)'", note):
                    if variant not in ("Garras", "Garras Poderosas"):
                        seen[variant].add(card.id)
    for book in d.apprentice.spellbooks:
        for entry in book.entries:
            seen[entry.listed_as].add(entry.card)
    assert all(len(ids) == 1 for ids in seen.values()), \
        {n: ids for n, ids in seen.items() if len(ids) > 1}
    pairs = [("Oso Garra de Acero", "Oso Garras de Acero"), ("Drenaje Vital", "Drenar Vida"),
             ("Explosión", "Explotar"), ("Marca de Muerte", "Marca de la Muerte"),
             ("Garra Roja, Macho Alfa", "Macho Alfa Garraroja"),
             ("Curación en Grupo", "Curación en Masa")]
    for a, b in pairs:
        assert seen[a] == seen[b], (a, b)


def test_markers_are_reminders_tied_to_one_object() -> None:
    """MW-X-10.14, MW-3.8: the Staff of Beasts' ready marker sits on the staff alone and turns
    back at Reset; condition markers sit on their creature and leave play with it."""
    st = staff_game()
    acts(st, "quickcast ability beast-command o4 opt=melee")
    assert st.obj(3).used == frozenset({"beast-command"})
    assert all(not o.used for o in st.objs.values() if o.oid != 3)
    round_rules.reset_step(st)
    assert st.obj(3).used == frozenset()
    conditions.add(st, 4, "burn", 2, "MW-X-6.1")
    from grimorio.games.mage_wars.rules import damage

    damage.destroy(st, 4, "MW-X-8.2")
    assert all(not o.markers for o in st.objs.values())


def test_removal_costs_exist_but_nothing_pays_them(games: list[list[MageWarsState]]) -> None:
    """MW-6.107, MW-6.105, MW-6.106: every condition marker has a removal cost (Sleep: the
    creature's level), but paying it does nothing by itself: no apprentice card or mage
    ability removes markers for mana (the Core Set's Lay Hands and Purify do, with `choose
    <condition>`: test_cards_core_spells.py), so no action of a random apprentice game offers
    it and taking markers off never touches mana."""
    st = scenario({"objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"}]})
    assert {n: conditions.removal_cost(st, 3, n) for n in conditions.CONDITIONS} == {
        "burn": 2, "stun": 4, "daze": 2, "weak": 2, "cripple": 4, "rot": 2,
        "sleep": traits.level(st, 3), "taunt": 2}
    conditions.add(st, 3, "weak", 1, "MW-X-6.15")
    mana = [p.mana for p in st.players]
    conditions.remove(st, 3, "weak", 1)
    assert [p.mana for p in st.players] == mana and not st.obj(3).count("weak")
    words = {w for states in games for s in states for a in s.legal_actions()
             for w in a.notation().split()}
    assert not words & {"remove", "restore", "purify"}


def test_rule_helpers_run_on_the_apprentice_flow() -> None:
    """MW-3.22: with no spawnpoint Deployment does nothing and the Action Phase follows."""
    st = scenario({"phase": "planning"})
    acts(st, "plan done", "plan done")
    kinds = [e.kind for e in st.events]
    assert "deployment" in kinds and kinds.index("phase") > kinds.index("deployment")
    assert not events(st, "summon")
    run(st)
