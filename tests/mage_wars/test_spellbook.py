"""Spellbook building (Chapter VIII): reading plain-text spellbooks, their spell-point prices,
copy limits and restrictions, the four starter spellbooks and `grimorio mage-wars book`.

Rules: MW-8.1 to MW-8.17, MW-8.19, MW-8.20, MW-8.22, MW-B18 (the starter lists rebuilt by
column), MW-S10 (spell points and the Wizard's element), the Codex's Epic (MW-X-11.2), Novice
(MW-X-11.5) and "<class> Only" (MW-X-11.7).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimorio.cli.main import app
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars import spellbook as sb

D = data.shipped()
runner = CliRunner()


def book(*lines: str, mage: str = "warlock") -> sb.Report:
    return sb.check(sb.parse("\n".join([f"mage: {mage}", *lines])))


def rules(report: sb.Report) -> list[str | None]:
    return [p.rule for p in report.violations]


def cost(card_id: str, mage: str, element: str | None = None) -> int:
    return sb.price(D.card(card_id), D.mage(mage), element).points


# ------------------------------------------------------------------------------- the file

def test_card_lines_in_either_language_with_comments_and_headers() -> None:
    """MW-8.1: any spell card may go in a book; names are English or Spanish, any case, with or
    without accents, and '#' starts a comment."""
    parsed = sb.parse("# my book\nMAGO: Señor de las Bestias\nname: Pack\n"
                      "2 lobo   # Spanish\n1 TIMBER WOLF\n3 Relampago\n1 Goran Hombre Lobo\n")
    assert parsed.mage is D.mage("beastmaster") and parsed.name == "Pack"
    assert [(e.line, e.count, e.card.id) for e in parsed.entries] == [
        (4, 2, "timber-wolf"), (5, 1, "timber-wolf"), (6, 3, "lightning-bolt"),
        (7, 1, "goran-werewolf-pet")]
    assert parsed.copies("timber-wolf") == 3 and parsed.size == 7 and not parsed.problems


def test_aliases_plurals_and_words_find_one_card() -> None:
    """MW-B17's variant spellings and the apprentice lists' plurals name one card each; a
    name that is no card's is read by its words when they fit one card only, and the report
    says how it was read."""
    assert sb.find_card("Curación en Grupo") == ([D.card("group-heal")], False)
    assert sb.find_card("Varita de Mago") == ([D.card("mage-wand")], False)
    assert sb.find_card("Zorros") == ([D.card("bitterwood-fox")], False)
    assert sb.find_card("Wolf") == ([D.card("timber-wolf")], True)
    assert sb.find_card("Lobos") == ([D.card("timber-wolf")], False)
    report = book("2 Wolf")
    assert report.legal and "'Wolf' read as Timber Wolf" in report.render("en")
    many, loose = sb.find_card("Ring")
    assert loose and len(many) > 3


def test_unreadable_lines_unknown_and_ambiguous_names_are_reported() -> None:
    """MW-8.1: a name that is no card (or several) is a problem of that line; a line that is
    not 'count name' is a format problem; the book is then illegal."""
    report = book("2 Frobnicator", "1 Ring", "two Lobo", "0 Lobo")
    assert rules(report) == ["MW-8.1", "MW-8.1", None, None]
    assert [p.lines for p in report.violations] == [(2,), (3,), (4,), (5,)]
    assert not report.legal


def test_the_mage_line_sets_the_limits() -> None:
    """MW-8.2: the mage's card gives the spell points and the training; a book without a
    mage, with an unknown one or with two has a problem."""
    assert rules(sb.check(sb.parse("2 Lobo"))) == ["MW-8.2"]
    assert rules(sb.check(sb.parse("mage: necromancer\n2 Lobo"))) == ["MW-8.2"]
    assert rules(sb.check(sb.parse("mage: wizard air\nmage: warlock\n"))) == ["MW-8.2"]
    assert book("2 Lobo", mage="hechicero tierra").book.element == "earth"


def test_the_wizard_names_his_element_and_no_one_else_does() -> None:
    """MW-S10: the Wizard's elemental school is chosen for the book in its header (Air, Earth,
    Water or Fire); without it the book cannot be priced; other mages choose none."""
    assert rules(book("1 Relámpago", mage="wizard")) == ["MW-S10"]
    assert rules(book("1 Relámpago", mage="wizard arcane")) == ["MW-S10"]
    assert rules(book("1 Relámpago", mage="warlock fire")) == ["MW-S10"]
    assert cost("lightning-bolt", "wizard", "air") == 2
    assert cost("lightning-bolt", "wizard", "fire") == 4


# ------------------------------------------------------------------------------- prices

def test_price_depends_on_level_and_training() -> None:
    """MW-8.5 to MW-8.9: trained ×1, untrained ×2, opposed ×3; the seed's Beastmaster pays 3
    for a Nature level 3 spell, 6 for a War level 3 spell and 9 for a Fire level 3 spell."""
    assert cost("tarok-the-skyhunter", "beastmaster") == 3                # Nature 3, trained
    war_3 = dataclasses.replace(D.card("battle-fury"), school=(("war", 3),), level=3)
    assert sb.price(war_3, D.mage("beastmaster")).points == 6             # untrained
    assert cost("firestorm", "beastmaster") == 9                          # Fire 3, opposed
    assert cost("firestorm", "warlock") == 3                              # the Warlock's Fire
    assert cost("pillar-of-light", "warlock") == 3                        # MW-8.8: Holy ×3
    assert [sb.price(D.card("firestorm"), D.mage(m)).rule for m in ("warlock", "wizard",
                                                                     "beastmaster")] == [
        "MW-8.6", "MW-8.7", "MW-8.8"]


def test_or_spells_take_the_cheapest_school_and_and_spells_pay_each() -> None:
    """MW-8.10: Elemental Wand (Earth, Water, Air or Fire, level 2) costs the Fire-trained
    Warlock 2. MW-8.11: Adramelech (Dark 4 & Fire 2, level 6) costs a Fire-trained Wizard
    8 + 2 = 10 and the Warlock 6."""
    wand = sb.price(D.card("elemental-wand"), D.mage("warlock"))
    assert wand.points == 2 and wand.rule == "MW-8.10" and wand.parts[0].school == "fire"
    assert cost("elemental-wand", "priestess") == 4
    adramelech = sb.price(D.card("adramelech-lord-of-fire"), D.mage("wizard"), "fire")
    assert D.card("adramelech-lord-of-fire").level == 6
    assert [(p.school, p.points) for p in adramelech.parts] == [("dark", 8), ("fire", 2)]
    assert adramelech.points == 10 and adramelech.rule == "MW-8.11"
    assert cost("adramelech-lord-of-fire", "warlock") == 6
    assert adramelech.explain("en") == "dark 4 × 2 untrained + fire 2 × 1 trained = 10"


def test_novice_spells_cost_one_point_for_anyone() -> None:
    """MW-8.12, MW-X-11.5: a Novice spell costs 1 whatever its school and the mage."""
    assert {cost("leather-boots", m) for m in data.MAGE_CLASSES} == {1}
    assert cost("shift-enchantment", "priestess") == 1
    report = book("3 Leather Boots", mage="priestess")
    assert report.total == 3 and report.lines[0].price.rule == "MW-8.12"


def test_the_total_must_fit_the_spell_points() -> None:
    """MW-8.3: the book's points add up to at most the mage's 120; over it, the report gives
    the sum and the excess, and every line's arithmetic."""
    full = book("4 Brogan Bloodstone", "4 Sacred Ground", "4 Asyran Cleric", "4 Heal",
                "2 Group Heal")
    assert full.total == 48 + 24 + 12 + 24 + 12 == 120 and full.legal
    broke = book("4 Brogan Bloodstone", "4 Sacred Ground", "4 Asyran Cleric", "4 Heal",
                 "2 Group Heal", "1 Minor Heal")
    assert broke.total == 123 and rules(broke) == ["MW-8.3"]
    text = broke.render("en")
    assert "the cards cost 123 spell points, 3 more than the Warlock's 120" in text
    assert "holy 4 × 3 opposed = 12 each, × 4 = 48  (MW-8.8)" in text
    assert "total: 123 of 120 spell points, 19 cards" in text


# ------------------------------------------------------------------------------- limits

def test_copy_limits_by_level() -> None:
    """MW-8.4, MW-8.13: several copies of a spell are allowed, at most 6 of a level 1 spell
    and 4 of a level 2 or higher one, counting every line that names the card."""
    assert book("6 Agony", "4 Fireball").legal
    report = book("4 Agony", "3 Agonía", "3 Fireball", "2 Bola de Fuego")
    assert rules(report) == ["MW-8.13", "MW-8.13"]
    assert [p.lines for p in report.violations] == [(2, 3), (4, 5)]
    assert "7 copies of Agony, a level 1 spell: at most 6" in report.render("en")
    assert "5 copias de Bola de Fuego, de nivel 2: como mucho 4" in report.render("es")


def test_epic_spells_one_copy() -> None:
    """MW-8.14, MW-X-11.2: at most one copy of an Epic spell."""
    assert book("1 Pentagram").legal
    report = book("2 Pentagram")
    assert rules(report) == ["MW-8.14"]
    assert D.card("pentagram").has("epic") and D.card("pentagram").level == 4


def test_class_and_school_restrictions() -> None:
    """MW-8.16, MW-X-11.7: a "<class> Only" spell goes only in that class's book (Lair is the
    Beastmaster's); MW-8.17: a school-only spell needs a mage trained in that school (Temple of
    Asyra needs Holy; Death Link, for Dark mages, never fits the Wizard; Huginn, for Arcane
    mages, fits him whatever his element)."""
    assert book("1 Lair", mage="beastmaster").legal
    assert rules(book("1 Lair", mage="priestess")) == ["MW-8.16"]
    assert book("1 Temple of Asyra", mage="priestess").legal
    assert rules(book("1 Temple of Asyra", mage="warlock")) == ["MW-8.17"]
    assert rules(book("1 Death Link", mage="wizard air")) == ["MW-8.17"]
    assert book("1 Huginn", mage="wizard water").legal                   # Arcane-only
    text = book("1 Lair", mage="priestess").render("es")
    assert "Madriguera es solo para el Señor de las Bestias, no para la Sacerdotisa" in text


def test_restriction_traits_are_grey_building_traits() -> None:
    """MW-8.15: the traits about building spellbooks (class or school restrictions, Novice,
    Epic) are restrictions and spell properties of the vocabulary, not traits in play."""
    kinds = {k.id: k.kind for k in D.keywords}
    assert {kinds[k] for k in ("class-only", "school-only")} == {"restriction"}
    assert {kinds[k] for k in ("novice", "epic")} == {"spell-property"}


def test_ten_schools_four_of_them_elemental() -> None:
    """MW-8.19: six major schools and four elemental ones; only elemental schools are the
    Wizard's choice."""
    assert len(data.SCHOOLS) == 10 and len(set(data.SCHOOLS)) == 10
    assert set(data.ELEMENTAL_SCHOOLS) == {"earth", "air", "water", "fire"}
    assert set(D.mage("wizard").training.choose_one_of) == set(data.ELEMENTAL_SCHOOLS)
    used = {school for card in D.all_cards for school, _ in card.school}
    assert used == set(data.SCHOOLS)


# ------------------------------------------------------------------------------- starters

# The seed's starter lists (spec section 4.10): size and count per type, as MW-B18 rebuilds them.
STARTERS = {
    "beastmaster": (68, {"equipment": 6, "conjuration": 12, "creature": 16, "enchantment": 14,
                         "incantation": 17, "attack": 3}),
    "warlock": (59, {"equipment": 8, "conjuration": 6, "creature": 14, "enchantment": 15,
                     "incantation": 10, "attack": 6}),
    "wizard": (59, {"equipment": 8, "conjuration": 5, "creature": 9, "enchantment": 15,
                    "incantation": 14, "attack": 8}),
    "priestess": (55, {"equipment": 9, "conjuration": 4, "creature": 11, "enchantment": 14,
                       "incantation": 14, "attack": 3}),
}


@pytest.mark.parametrize("mage_class", sorted(STARTERS))
def test_starter_spellbooks_are_legal_and_match_the_seed(mage_class: str) -> None:
    """MW-8.20: the four starter spellbooks are legal for their mage (each costs exactly its
    120 points); MW-B18: their sizes and counts per type are the seed's, every name read
    exactly (no loose reading), each section's comment giving its count."""
    report = sb.check(sb.starter(mage_class))
    assert report.legal, report.render("en")
    assert report.book.mage is D.mage(mage_class)
    assert report.total == report.budget == 120
    size, by_type = STARTERS[mage_class]
    assert report.book.size == size
    counts: dict[str, int] = {}
    for entry in report.book.entries:
        assert not entry.loose, entry.written
        counts[entry.card.type] = counts.get(entry.card.type, 0) + entry.count
    assert counts == by_type
    text = sb.starter_path(mage_class).read_text(encoding="utf-8")
    sections = [int(n) for n in re.findall(r"^# \w+ / \w+ \((\d+)\)", text, re.M)]
    assert sorted(sections) == sorted(by_type.values())


def test_the_wizard_starter_book_fits_only_with_air() -> None:
    """MW-S10, MW-8.20: the seed does not say the starter Wizard's element; with Air the book
    costs 120, with any other it is over budget."""
    text = sb.starter_path("wizard").read_text(encoding="utf-8")
    assert "mage: wizard air" in text
    for element in ("earth", "water", "fire"):
        other = sb.check(sb.parse(text.replace("mage: wizard air", f"mage: wizard {element}")))
        assert rules(other) == ["MW-8.3"] and other.total > 120


def test_guidance_names_real_cards() -> None:
    """MW-8.22 (guidance): every card the first-book advice names is in the data."""
    for name in ("Mage Wand", "Elemental Wand", "Moonglow Amulet", "Dispel", "Minor Heal",
                 "Dissolve", "Force Push", "Teleport", "Charge", "Knockdown", "Mana Crystal",
                 "Mana Flower", "Rhino Hide", "Bear Strength"):
        assert sb.find_card(name)[1] is False, name


# ------------------------------------------------------------------------------- the CLI

def test_cli_checks_a_book_and_exits_by_its_legality(tmp_path: Path) -> None:
    """`grimorio mage-wars book check FILE`: 0 for a legal book, 1 for an illegal one (every
    problem with its rule id), 2 for a file it cannot read; --lang es speaks Spanish."""
    good = tmp_path / "good.txt"
    good.write_text("mage: wizard air\n2 Relámpago\n", encoding="utf-8")
    result = runner.invoke(app, ["mage-wars", "book", "check", str(good)])
    assert result.exit_code == 0, result.output
    assert "air 2 × 1 trained = 2 each, × 2 = 4  (MW-8.6)" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("mage: priestess\n2 Madriguera\n7 Zorro\n", encoding="utf-8")
    result = runner.invoke(app, ["mage-wars", "book", "check", str(bad), "--lang", "es"])
    assert result.exit_code == 1
    for rule in ("MW-8.13", "MW-8.14", "MW-8.16"):
        assert rule in result.output
    assert "no válido: 3 problema(s)" in result.output
    result = runner.invoke(app, ["mage-wars", "book", "check", str(tmp_path / "none.txt")])
    assert result.exit_code == 2


def test_cli_prints_a_starter_book() -> None:
    """`grimorio mage-wars book starter CLASS` prints the shipped book (MW-8.20)."""
    result = runner.invoke(app, ["mage-wars", "book", "starter", "priestess"])
    assert result.exit_code == 0 and "mage: priestess" in result.output
    assert "3 Clérigo de Asyra" in result.output
    assert runner.invoke(app, ["mage-wars", "book", "starter", "druid"]).exit_code == 2
