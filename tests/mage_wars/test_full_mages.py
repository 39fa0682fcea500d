"""The full game's mages in play (Chapter VII) and how a full game is set up: options, books,
the full arena, restrictions in play (MW-8.18). Scenarios use `mode="full"`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.games.mage_wars import books, data, spellbook, traits
from grimorio.games.mage_wars.effects import mages
from grimorio.games.mage_wars.rules import casting, damage
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, events, faces, options, scenario


def full(setup: dict[str, Any] | None = None, **opts: Any) -> MageWarsState:
    return scenario(setup, mode="full", **opts)


def menu(classes: str, objects: list[dict[str, Any]] | None = None, activate: int = 1,
         players: tuple[dict[str, Any], dict[str, Any]] = ({}, {}), zones: tuple[str, str] =
         ("B2", "B2")) -> MageWarsState:
    setup = {"players": [{"zone": zones[0], **players[0]}, {"zone": zones[1], **players[1]}],
             "objects": objects or [], "phase": "menu", "activate": activate}
    return full(setup, classes=classes)


# ---------------------------------------------------------------------------- setup and options

def test_full_mode_uses_the_full_arena_and_the_ability_cards() -> None:
    """MW-7.1: the full game is played on the whole 3x4 arena; MW-7.2: life and channeling
    from the ability card; MW-7.3: 10 mana; MW-8.20: the starter book by default."""
    st = full({"players": [{}, {}]}, classes="warlock,priestess")
    assert st.arena_id == "full" and len(st.arena.zones) == 12
    warlock, priestess = st.players
    assert (warlock.life, warlock.channeling, warlock.mana) == (38, 9, 10)
    assert (priestess.life, priestess.channeling, priestess.mana) == (32, 10, 10)
    starter = books.card_ids(spellbook.starter("warlock"))
    assert warlock.book and set(warlock.book) <= set(starter)


def test_apprentice_mode_is_unchanged() -> None:
    """MW-1.7: Apprentice mages have no abilities; the default mode stays Apprentice."""
    st = scenario({"players": [{}, {}]}, classes="warlock,wizard")
    assert st.arena_id == "apprentice" and not mages.is_full(st)
    assert traits.traits(st, 1).value("melee") == 0
    assert mages.innate_castable(st, 1) == []


def test_a_full_game_with_pending_cards_refuses_to_start() -> None:
    """MW-8.20: the starter books; a book holding a card the engine cannot play yet refuses
    the game and names the card (nothing is played half-implemented)."""
    game = grimorio.load_game("mage-wars", mode="full", classes="wizard,priestess")
    missing = books.unplayable(books.card_ids(spellbook.starter("wizard"))
                               + books.card_ids(spellbook.starter("priestess")))
    if not missing:
        assert game.new_initial_state(1) is not None
        return
    with pytest.raises(ValueError, match="still pending") as info:
        game.new_initial_state(1)
    assert missing[0] in str(info.value)


def test_refusal_names_each_pending_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-8.20: every Core Set card plays now; a card without behaviour (here Banish's
    script made to vanish) would refuse the game and be named, the others not."""
    from grimorio.games.mage_wars.effects import registry

    assert [c.id for c in data.shipped().pending] == []
    books.refuse_unplayable([("P1", ["fireball", "banish"])])
    real = registry.implemented
    monkeypatch.setattr(registry, "implemented", lambda card: card != "banish" and real(card))
    with pytest.raises(ValueError, match=r"P1: banish$"):
        books.refuse_unplayable([("P1", ["fireball", "banish"])])
    books.refuse_unplayable([("P1", ["fireball", "minor-heal"])])


def _book_text(mage_class: str) -> str:
    return spellbook.starter_path(mage_class).read_text(encoding="utf-8")


def test_a_users_book_through_the_option(tmp_path: Path) -> None:
    """MW-8.2, MW-8.3: a book file given by the option `books` decides its seat's mage; an
    illegal one is refused with the checker's explanation (rule ids and points)."""
    mine = tmp_path / "mine.txt"
    mine.write_text(_book_text("beastmaster"), encoding="utf-8")
    game = grimorio.load_game("mage-wars", mode="full", books=f"{mine},starter",
                              classes="wizard,warlock")
    assert game.classes == ("beastmaster", "warlock")
    bad = tmp_path / "bad.txt"
    bad.write_text("mage: priestess\n7 Fireball\n", encoding="utf-8")
    with pytest.raises(ValueError) as info:
        grimorio.load_game("mage-wars", mode="full", books=f"starter,{bad}")
    text = str(info.value)
    assert "not legal" in text and "MW-8.13" in text
    with pytest.raises(ValueError, match="two entries"):
        grimorio.load_game("mage-wars", mode="full", books="starter")


def test_a_users_book_through_the_setup(tmp_path: Path) -> None:
    """MW-8.3, MW-8.18: `book_file` in a setup is checked; its cards must be playable and its
    mage the seat's; `element` picks the Wizard's school (MW-7.31)."""
    small = tmp_path / "small.txt"
    small.write_text("mage: wizard fire\n2 Fireball\n1 Minor Heal\n", encoding="utf-8")
    st = full({"players": [{"book_file": str(small)}, {}]}, classes="wizard,warlock")
    assert st.players[0].book == ["fireball", "fireball", "minor-heal"]
    assert mages.element(st, 0) == "fire"
    assert mages.trained(st, 0, ()) == ("arcane", "fire")
    with pytest.raises(ScenarioError, match="not for the"):
        full({"players": [{}, {"book_file": str(small)}]}, classes="warlock,priestess")
    st = full({"players": [{"element": "water"}, {}]}, classes="wizard,warlock")
    assert mages.trained(st, 0, ()) == ("arcane", "water")
    with pytest.raises(ScenarioError, match="element"):
        full({"players": [{"element": "dark"}, {}]}, classes="wizard,warlock")
    with pytest.raises(ScenarioError, match="mode=full"):
        scenario({"players": [{"element": "air"}, {}]}, classes="wizard,warlock")


def test_restrictions_hold_in_play() -> None:
    """MW-8.18, MW-8.17: a mage that could not put a spell in its book cannot cast it: Death
    Link is for Dark mages, so the full Wizard never may, the Warlock may."""
    st = full({"players": [{"planned": ["death-link"]}, {"planned": ["death-link"]}]},
              classes="wizard,warlock")
    link = st.card("death-link")
    assert not casting.allowed(st, 1, link)
    assert casting.allowed(st, 2, link)
    assert not any("death-link" in a for a in options(st))


# ---------------------------------------------------------------------------- Beastmaster

def test_combat_skill_gives_melee_plus_one() -> None:
    """MW-7.10, MW-7.30: Combat Skill, Melee +1, so the basic melee attack rolls 4 dice."""
    st = menu("beastmaster,warlock")
    assert traits.traits(st, 1).value("melee") == 1
    assert traits.traits(st, 2).value("melee") == 1
    st.script_dice(faces(normal=(1, 1, 1, 1)))
    acts(st, "attack 1 o2")
    assert st.obj(2).damage == 4


def test_quick_summoning_makes_level_one_animals_quick() -> None:
    """MW-7.9, MW-B14: a level 1 animal creature is a quick spell for the Beastmaster: he may
    quickcast it; a level 2 animal stays a full spell."""
    st = full({"players": [{"planned": ["bitterwood-fox", "timber-wolf"]}, {}]},
              classes="beastmaster,warlock")
    texts = options(st)
    assert any(t.startswith("quickcast bitterwood-fox") for t in texts)
    assert not any(t.startswith("quickcast timber-wolf") for t in texts)
    zone = st.mage_of(0).zone
    acts(st, f"quickcast bitterwood-fox {zone}")
    while any(t.startswith("bond") for t in options(st)) or options(st) == ["pass"]:
        acts(st, "bond none" if "bond none" in options(st) else "pass")
    assert any(o.card == "bitterwood-fox" for o in st.objs.values())


def test_pet_bonding_costs_level_plus_one_and_grows_the_animal() -> None:
    """MW-7.11, MW-7.12, MW-7.13, MW-7.14: the new animal may become the Pet for level + 1
    mana; it gains Melee +1, Armor +1, Life +3, and Melee +1 more beside the Beastmaster; one
    Pet at a time."""
    st = menu("beastmaster,warlock", players=({"planned": ["timber-wolf", "timber-wolf"],
                                               "mana": 20}, {}))
    acts(st, "cast timber-wolf B2")
    assert options(st) == ["bond o3", "bond none"]
    acts(st, "bond o3")
    assert st.players[0].mana == 20 - 9 - 3
    base = st.card("timber-wolf")
    t = traits.traits(st, 3)
    assert t.value("melee") == 2 and traits.armor(st, 3) == (base.armor or 0) + 1
    assert traits.life(st, 3) == (base.life or 0) + 3
    st.relocate(3, "B3")
    assert traits.traits(st, 3).value("melee") == 1
    assert mages.bonded(st, 0) == 3
    assert not mages.may_bond(st, 0, 3)            # one token (MW-7.14)
    damage.destroy(st, 3, "MW-X-8.2")
    assert mages.bonded(st, 0) is None


def test_pet_needs_the_mana() -> None:
    """MW-7.11: the Pet's price is paid in mana; without it no bond is offered."""
    st = menu("beastmaster,warlock", players=({"planned": ["timber-wolf"], "mana": 9}, {}))
    acts(st, "cast timber-wolf B2")
    assert not any(t.startswith("bond") for t in options(st))


# ---------------------------------------------------------------------------- Warlock

def test_bloodreaper_costs_life_and_heals_with_its_first_damaging_attack() -> None:
    """MW-7.24, MW-7.25, MW-7.26, MW-7.27, MW-7.29, MW-B21: the new demon becomes the
    Bloodreaper for level + 1 life (the life is lost for good) and gains Bloodthirsty +2."""
    st = menu("warlock,wizard", players=({"planned": ["dark-pact-slayer"], "mana": 20}, {}))
    acts(st, "cast dark-pact-slayer B2", "bond o3")
    assert st.players[0].life == 38 - 4
    assert traits.traits(st, 3).value("bloodthirsty") == 2
    assert any(e.rule == "MW-7.25" for e in events(st, "life"))


def test_blood_pact_heals_the_warlock_once_a_round() -> None:
    """MW-7.28, MW-B16: the first attack each round in which the Bloodreaper deals damage
    heals the Warlock 2; later attacks that round do not."""
    st = menu("warlock,wizard", [{"card": "dark-pact-slayer", "controller": 0, "zone": "B2"}],
              activate=3, players=({"damage": 5}, {}))
    st.mage_of(0).memo["bond"] = 3
    st.changed()
    st.script_dice(faces(normal=(1,), blank=10) + [12] * 4)
    attack = next(t for t in options(st) if t.startswith("attack") and t.endswith("o2"))
    acts(st, attack)
    while st.frames and not st.is_terminal() and "defend" in " ".join(options(st)):
        acts(st, "no-defense")
    assert st.mage_of(0).damage == 3
    assert ("blood-pact", 0) in st.once
    mages.blood_pact(st, 3, 2)
    assert st.mage_of(0).damage == 3


def test_blood_pact_needs_a_creature_damaged() -> None:
    """MW-7.28, MW-B16: the Bloodreaper's heal comes from an attack that damages a creature;
    a conjuration it damages (a Mana Crystal) gives none."""
    st = menu("warlock,wizard", [{"card": "dark-pact-slayer", "controller": 0, "zone": "B2"},
                                 {"card": "mana-crystal", "controller": 1, "zone": "B2"}],
              activate=3, players=({"damage": 5}, {}))
    st.mage_of(0).memo["bond"] = 3
    st.changed()
    st.script_dice(faces(critical=(2, 2, 2, 2, 2, 2)) + [12] * 4)
    acts(st, next(t for t in options(st) if t.startswith("attack") and t.endswith("o4")))
    while st.frames and not st.is_terminal() and "defend" in " ".join(options(st)):
        acts(st, "no-defense")
    assert 4 not in st.objs or st.obj(4).damage > 0
    assert st.mage_of(0).damage == 5 and ("blood-pact", 0) not in st.once


def test_curse_binding_returns_one_curse_a_round() -> None:
    """MW-7.22, MW-7.23, MW-B20: a creature dying with the Warlock's curses gives one back
    to his book, once a round in all; other curses go to the discard pile."""
    st = full({"players": [{}, {}], "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "B2"},
        {"card": "agony", "controller": 0, "host": 3},
        {"card": "magebane", "controller": 0, "host": 3},
        {"card": "timber-wolf", "controller": 1, "zone": "B2"},
        {"card": "agony", "controller": 0, "host": 6}]}, classes="warlock,beastmaster")
    before = list(st.players[0].book)
    damage.destroy(st, 3, "MW-X-8.2")
    back = [c for c in st.players[0].book if c not in before or
            st.players[0].book.count(c) > before.count(c)]
    assert len(back) == 1 and back[0] in ("agony", "magebane")
    assert len(st.players[0].discard) == 1
    damage.destroy(st, 6, "MW-X-8.2")
    assert "agony" in st.players[0].discard
    assert any(e.rule == "MW-7.22" for e in st.events)


# ---------------------------------------------------------------------------- Priestess

def test_divine_reward_gains_life_once_a_round() -> None:
    """MW-7.16, MW-7.17, MW-7.18: a holy incantation of hers resolving gives the Priestess 1
    life, once a round; it heals nothing."""
    st = menu("priestess,warlock", players=({"planned": ["minor-heal", "minor-heal"],
                                             "damage": 6, "mana": 30}, {}))
    st.script_dice(faces(normal=(1, 1)))
    acts(st, "cast minor-heal o1")
    assert st.players[0].life == 33
    assert st.mage_of(0).damage < 6             # healed, and the life gain healed nothing
    mages.divine_reward(st, 0, st.card("minor-heal"))
    assert st.players[0].life == 33
    assert mages.has_ability(st, 0, "divine-reward")


def test_divine_reward_not_from_creatures_or_restore() -> None:
    """MW-7.17: casting a creature (holy or not) or Restore gives no life."""
    st = menu("priestess,warlock")
    mages.divine_reward(st, 0, st.card("royal-archer"))
    mages.divine_reward(st, 0, st.card(mages.RESTORE_QUICK))
    assert st.players[0].life == 32


def test_divine_reward_from_revealing_a_holy_enchantment() -> None:
    """MW-7.16: turning up a holy enchantment gives 1 life."""
    st = full({"players": [{}, {}], "objects": [
        {"card": "divine-protection", "controller": 0, "host": 1, "face_up": False}]},
        classes="priestess,warlock")
    casting.reveal(st, 3)
    assert st.players[0].life == 33


def test_restore_removes_markers_for_their_cost() -> None:
    """MW-7.19, MW-7.20, MW-B15, MW-B19: Restore is always at hand, never planned or
    discarded; quick: one marker of any creature at range 0-1 for its removal cost (an enemy
    too); full: every marker of the kinds chosen."""
    st = menu("priestess,warlock", players=({"markers": {"burn": 2, "daze": 1}, "mana": 10},
                                            {"markers": {"weak": 1}}))
    texts = options(st)
    assert "cast restore-quick o1 opt=burn" in texts
    assert "cast restore-quick o2 opt=weak" in texts
    assert "cast restore-full o1 opt=burn-daze" in texts
    acts(st, "cast restore-full o1 opt=burn-daze")
    assert st.mage_of(0).markers == {}
    assert st.players[0].mana == 10 - 2 * 2 - 2
    assert "restore-full" not in st.players[0].discard
    assert mages.RESTORE_QUICK in mages.innate_castable(st, 0)


# ---------------------------------------------------------------------------- Wizard

def test_voltaric_shield_is_switched_on_in_upkeep() -> None:
    """MW-7.32, MW-7.37: in Upkeep the Wizard may pay 2 mana to switch the shield on; it goes
    off at the end of the round."""
    st = full({"phase": "upkeep", "players": [{}, {}]}, classes="wizard,warlock")
    assert options(st) == ["shield on", "shield off"]
    acts(st, "shield on")
    assert st.players[0].mana == 8 and st.mage_of(0).memo.get(mages.SHIELD)
    mages.end_of_round(st)
    assert not st.mage_of(0).memo.get(mages.SHIELD)


def test_voltaric_shield_stops_three_of_the_first_damaging_attack() -> None:
    """MW-7.33, MW-7.34, MW-7.35, MW-7.36, MW-B22: the shield stops up to 3 damage of the
    first attack that would deal the Wizard damage, then turns off; a miss leaves it on."""
    st = menu("warlock,wizard")
    st.mage_of(1).memo[mages.SHIELD] = 1
    st.changed()
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o2")
    assert st.mage_of(1).memo.get(mages.SHIELD)              # MW-7.34
    st2 = menu("warlock,wizard")
    st2.mage_of(1).memo[mages.SHIELD] = 1
    st2.changed()
    st2.script_dice(faces(normal=(2, 2), blank=2))
    acts(st2, "attack 1 o2")
    assert st2.mage_of(1).damage == 1
    assert not st2.mage_of(1).memo.get(mages.SHIELD)


def test_voltaric_shield_never_stops_direct_damage() -> None:
    """MW-7.38: direct damage passes the shield."""
    st = menu("warlock,wizard")
    st.mage_of(1).memo[mages.SHIELD] = 1
    damage.deal(st, 2, 3, source=None, direct=True, rule="MW-6.97")
    assert st.mage_of(1).damage == 3 and st.mage_of(1).memo.get(mages.SHIELD)


def test_arcane_zap_once_a_round() -> None:
    """MW-7.39, MW-7.40, MW-7.41, MW-7.42, MW-7.43, MW-B15: the Wizard's own quick attack
    spell, range 0-1, 3 dice, Ethereal, 1 mana, once a round, never discarded; a quick spell,
    so also his quickcast."""
    st = menu("wizard,warlock", zones=("B2", "B3"))
    zap = st.card(mages.ARCANE_ZAP)
    assert zap.attacks[0].dice == 3 and zap.attacks[0].range == data.Span(0, 1)
    assert any(t.keyword == "ethereal" for t in zap.attacks[0].traits)
    assert "cast arcane-zap o2" in options(st)
    st.script_dice(faces(normal=(1, 1, 1)))
    acts(st, "cast arcane-zap o2")
    assert st.players[0].mana == 9 and st.mage_of(1).damage == 3
    assert mages.ARCANE_ZAP not in st.players[0].discard
    assert mages.innate_castable(st, 0) == []
    st2 = full({"players": [{"zone": "B2"}, {"zone": "B3"}]}, classes="wizard,warlock")
    assert "quickcast arcane-zap o2" in options(st2)


def test_a_stolen_enchantment_obeys_the_restrictions() -> None:
    """MW-8.18 (its example): Steal Enchantment cannot give the Wizard a Death Link, a Dark-
    mages-only spell; an unrestricted enchantment may be taken."""
    st = menu("wizard,warlock", [
        {"card": "timber-wolf", "controller": 1, "zone": "B2"},
        {"card": "death-link", "controller": 1, "host": 3},
        {"card": "rhino-hide", "controller": 1, "host": 3}],
        players=({"planned": ["steal-enchantment"], "mana": 40}, {}))
    texts = [t for t in options(st) if t.startswith("cast steal-enchantment")]
    assert any(t.startswith("cast steal-enchantment o5 ") for t in texts)
    assert not any(t.startswith("cast steal-enchantment o4 ") for t in texts)


def test_the_panel_shows_the_shield_and_the_bond() -> None:
    """MW-7.7: the special tokens (Voltaric Shield, Pet, Bloodreaper) are shown to both."""
    from grimorio.games.mage_wars.render import render

    st = full({"phase": "upkeep", "players": [{}, {}], "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "B2"}]},
        classes="wizard,beastmaster")
    assert "ShieldAsk" in type(st.frames[-1]).__name__
    acts(st, "shield on")
    st.mage_of(1).memo["bond"] = 3
    st.changed()
    text = render(grimorio.view(st, 1), "en")
    assert "Voltaric Shield on" in text and "bond o3" in text
    assert "Escudo voltárico activo" in render(grimorio.view(st, 0), "es")


def test_a_setup_may_give_a_full_mages_life() -> None:
    """MW-7.18, MW-7.25: life gained or lost stays; a setup can start from it."""
    st = full({"players": [{"life": 35}, {}]}, classes="priestess,warlock")
    assert st.players[0].life == 35 and st.life_left(0) == 35
    mages.gain_life(st, 1, -5, "MW-7.25")
    assert st.players[1].life == 33 and st.mage_of(1).damage == 0
