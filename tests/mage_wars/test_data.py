"""The mage-wars data files: cards, apprentice spellbooks, keywords and arenas.

They are checked against the rulebook (the seed) as restated in docs/rules/mage-wars.md. (The
comparisons with the original specifications and the publisher's card texts, which live outside
the project, are tools/reference_audit.py's: the suite never reads them.)
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from grimorio.core import rules_ref
from grimorio.games.mage_wars import data as mw
from grimorio.games.mage_wars.data import DataError

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules" / "mage-wars.md"

# The rulebook's apprentice lists (Chapter I, p. 3), as the seed prints them: Spanish entry, count.
RULEBOOK = {
    "beastmaster": {
        "Piel de Oso": 1, "Capa Elemental": 1, "Bastón de las Bestias": 1, "Zorros": 3,
        "Lagarto Esmeralda": 1, "Macho Alfa Garraroja": 1, "Oso Garra de Acero": 1, "Lobos": 2,
        "Fuerza de Oso": 2, "Velocidad de Guepardo": 1, "Regeneración": 1,
        "Piel de Rinoceronte": 2, "Grito Salvaje": 1, "Carga": 2, "Dispersar": 1, "Disolver": 1,
        "Curación en Masa": 1, "Curación Menor": 1, "Llamada a la Bestia": 1, "Géiser": 2,
        "Chorro de Aire": 1},
    "priestess": {
        "Cinturón Regenerativo": 1, "Bastón de Asyra": 1, "Cuero de Dragón del Viento": 1,
        "Clérigos de Asyra": 2, "Brogan Bloodstone": 1, "Unicornios": 2, "Arqueros Reales": 2,
        "Protección Divina": 1, "Pacificar": 2, "Piel de Rinoceronte": 1, "Terreno Sagrado": 1,
        "Dispersar": 1, "Disolver": 1, "Empujón de Fuerza": 1, "Curación en Masa": 1,
        "Curación": 1, "Curación Menor": 1, "Dormir": 1, "Fogonazo Cegador": 1, "Pilar de Luz": 2},
    "warlock": {
        "Armadura Demoníaca": 1, "Látigo Infernal": 1, "Guantes de Cuero": 1,
        "Asesino Oscuro": 1, "Diablillo Ígneo": 2, "Diablo Incandescente": 1,
        "Goran, Hombre Lobo": 1, "Centinela Esqueleto": 1, "Agonía": 1, "Fuerza de Oso": 1,
        "Vínculo Mortal": 1, "Debilidad": 1, "Podredumbre Mortal": 1, "Rompemagos": 1,
        "Marca de la Muerte": 1, "Vampirismo": 1, "Dispersar": 1, "Drenar Vida": 1,
        "Explotar": 1, "Empujón de Fuerza": 1, "Ataque Vampírico": 2, "Bola de Fuego": 1,
        "Tormenta de Fuego": 1, "Llamarada": 2},
    "wizard": {
        "Cota de Dragón": 1, "Bastón de los Arcanos": 1, "Capa Supresora": 1, "Hidra": 1,
        "Arquero Gorgona": 1, "Sanguijuela de Maná": 2, "Basilisco Petrificador": 1,
        "Drenaje de Esencia": 1, "Prisión de Fuerza": 1, "Dispersar": 1, "Disolver": 1,
        "Curación Menor": 2, "Dormir": 1, "Robar Encantamiento": 1, "Teleportar": 1,
        "Rayos Encadenados": 1, "Electrificar": 1, "Relámpago": 2},
}
# The rulebook's sizes and counts per type (MW-A1).
COMPOSITION = {
    "beastmaster": (28, {"equipment": 3, "creature": 8, "enchantment": 6, "incantation": 8,
                         "attack": 3}),
    "priestess": (25, {"equipment": 3, "creature": 7, "enchantment": 5, "incantation": 7,
                       "attack": 3}),
    "warlock": (27, {"equipment": 3, "creature": 6, "enchantment": 8, "incantation": 6,
                     "attack": 4}),
    "wizard": (21, {"equipment": 3, "creature": 5, "enchantment": 2, "incantation": 7,
                    "attack": 4}),
}
# Rule lines of the reference, MW-X-n.m (Codex) ids included.
RULE_LINE = re.compile(r"^\s*[-*]\s+\*\*(MW-(?:X-)?[A-Z]?[0-9]+(?:\.[0-9]+)*)\*\*\s*(.*)$")


@pytest.fixture(scope="module")
def data() -> mw.MageWarsData:
    return mw.load()


def reference_rules() -> dict[str, str]:
    """Every rule id of docs/rules/mage-wars.md with the heading it sits under."""
    rules: dict[str, str] = {}
    section = ""
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        elif match := RULE_LINE.match(line):
            rules[match.group(1)] = section
    return rules


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+−-]+", text.lower())


# ------------------------------------------------------------------------------- spellbooks

def test_every_spellbook_card_resolves_to_a_card(data: mw.MageWarsData) -> None:
    """MW-1.9, MW-1.10: each entry of the four books names a card record."""
    ids = {card.id for card in data.cards}
    for book in data.apprentice.spellbooks:
        for entry in book.entries:
            assert entry.card in ids, f"{book.mage_class}: {entry.card}"
    used = {entry.card for book in data.apprentice.spellbooks for entry in book.entries}
    # cards.yaml holds the apprentice books' cards; the Core Set's (core-set.yaml) join
    # `data.cards` as they are implemented (issue 8)
    apprentice = yaml.safe_load((mw.DATA_DIR / "cards.yaml").read_text(encoding="utf-8"))
    assert used == {c["id"] for c in apprentice["cards"]} <= ids, \
        "every card of cards.yaml belongs to some apprentice book"


@pytest.mark.parametrize("mage_class", sorted(COMPOSITION))
def test_book_sizes_and_types_match_the_rulebook(data: mw.MageWarsData, mage_class: str) -> None:
    """MW-A1: the books hold 28, 25, 27 and 21 cards, with the rulebook's count per type."""
    size, by_type = COMPOSITION[mage_class]
    book = data.apprentice.spellbook(mage_class)
    assert book.total == book.size == size
    counts: dict[str, int] = {}
    for entry in book.entries:
        kind = data.card(entry.card).type
        counts[kind] = counts.get(kind, 0) + entry.count
    assert counts == by_type == dict(book.by_type)


@pytest.mark.parametrize("mage_class", sorted(RULEBOOK))
def test_books_list_exactly_the_rulebook_entries(data: mw.MageWarsData, mage_class: str) -> None:
    """MW-1.9, MW-1.10, MW-A1: every Spanish entry and count of the seed's list, nothing else."""
    book = data.apprentice.spellbook(mage_class)
    assert {entry.listed_as: entry.count for entry in book.entries} == RULEBOOK[mage_class]


def test_warlock_book_adds_the_three_cards_the_module_deck_lacks(data: mw.MageWarsData) -> None:
    """MW-A1: the OCTGN deck has 24 cards; the rulebook's three extra ones are in the book."""
    book = data.apprentice.spellbook("warlock")
    for card_id in ("dark-pact-slayer", "goran-werewolf-pet", "force-push"):
        assert book.copies(card_id) == 1
        assert any("MW-A1" in note for note in data.card(card_id).notes)


def test_restricted_cards_sit_only_in_their_class_book(data: mw.MageWarsData) -> None:
    """MW-8.16, MW-S4: class-only cards in their class's book; Dark-only ones in the Warlock's."""
    for book in data.apprentice.spellbooks:
        for entry in book.entries:
            for trait in data.card(entry.card).traits:
                if trait.keyword == "class-only":
                    assert trait.mage_class == book.mage_class, entry.card
                if trait.keyword == "school-only":
                    assert (trait.school, book.mage_class) == ("dark", "warlock"), entry.card


# ------------------------------------------------------------------------------- the mage

def test_apprentice_mage_values(data: mw.MageWarsData) -> None:
    """MW-1.6, MW-1.7, MW-1.8 (MW-A2), MW-2.9, MW-5.6: level 6, 24 life, channeling 10, armor 0,
    10 mana, a quick 3-die melee attack and nothing else."""
    mage = data.apprentice.mage
    assert (mage.level, mage.life, mage.channeling, mage.armor, mage.starting_mana) == (
        6, 24, 10, 0, 10)
    (attack,) = mage.attacks
    assert (attack.speed, attack.kind, attack.dice, attack.range) == (
        "quick", "melee", 3, mw.Span(0, 0))
    assert [c.id for c in data.apprentice.classes] == list(mw.MAGE_CLASSES)


# ------------------------------------------------------------------------------- card rules

def test_card_types_follow_their_chapter_v_rules(data: mw.MageWarsData) -> None:
    """MW-5.21 creatures at range 0; MW-5.75 enchantments cast for 2 with a reveal cost;
    MW-5.104, MW-5.106 equipment on a mage at range 0-2; MW-6.8 one bar per attack spell."""
    for card in data.cards:
        if card.type == "creature":
            assert card.range == mw.Span(0, 0) and card.life \
                and (card.armor is not None or card.has("incorporeal"))   # Whirling Spirit
        if card.type == "enchantment":
            assert card.cost.cast == 2 and card.cost.reveal is not None
        if card.type == "equipment":
            assert card.range == mw.Span(0, 2) and card.equipment_slot is not None
        if card.type == "attack":
            assert len(card.attacks) == 1 and card.attacks[0].speed is None


def test_cards_agree_with_the_seed_examples(data: mw.MageWarsData) -> None:
    """MW-6.137-MW-6.141 (Brogan), MW-7.11 (wolf level 2), MW-7.24 (Slayer level 3),
    MW-6.114 (Imp's Flame Immunity), MW-4.28 (archer range 1-2), MW-5.6 and MW-X-7.29 (costs)."""
    brogan = data.card("brogan-bloodstone")
    (blade,) = brogan.attacks
    assert (brogan.armor, brogan.life, blade.dice) == (4, 11, 4)
    assert [(t.keyword, t.value) for t in blade.traits if t.keyword == "piercing"] == [
        ("piercing", 3)]
    assert any(t.damage_type == "lightning" and t.value == 2 for t in brogan.traits)
    assert data.card("timber-wolf").level == 2
    assert data.card("dark-pact-slayer").level == 3
    assert any(t.keyword == "immunity" and t.damage_type == "flame"
               for t in data.card("firebrand-imp").traits)
    bow = data.card("royal-archer").attacks[0]
    assert (bow.speed, bow.kind, bow.range) == ("full", "ranged", mw.Span(1, 2))
    assert any(a.has("counterstrike") for a in data.card("darkfenne-hydra").attacks)
    sleep, teleport = data.card("sleep").cost.formula, data.card("teleport").cost.formula
    assert sleep is not None and teleport is not None
    assert [sleep.by_level(n) for n in (1, 2, 3, 4, 6)] == [4, 5, 6, 8, 12]
    assert (teleport.per_distance(4), teleport.per_distance(0)) == (12, 3)


def test_effect_bands_read_the_d12(data: mw.MageWarsData) -> None:
    """MW-6.38, MW-6.40: Fireball gives one Burn on 4-10 and two on 11 or more."""
    fireball = data.card("fireball").attacks[0]
    assert [fireball.effect_for(n) for n in (3, 4, 10, 11, 14)] == [
        (), ("burn",), ("burn",), ("burn", "burn"), ("burn", "burn")]


def test_every_card_has_both_languages_and_provisional_cards_say_why(
        data: mw.MageWarsData) -> None:
    """Every name and summary exists in English and Spanish; provisional effects are noted."""
    for card in data.cards:
        assert card.name.en and card.name.es and card.summary.en and card.summary.es
        if card.provisional:
            assert any("PROVISIONAL" in note for note in card.notes), card.id
    assert sorted(c.id for c in data.cards if c.provisional) == ["death-link", "ghoul-rot"]


# ------------------------------------------------------------------------------- keywords

def test_every_keyword_a_card_uses_is_a_codex_rule(data: mw.MageWarsData) -> None:
    """Each keyword a card uses cites a Codex rule (MW-X-…) or a Codex supplement rule (MW-S…)
    that exists in docs/rules/mage-wars.md, under a Codex or supplement heading."""
    rules = reference_rules()
    known = {keyword.id: keyword for keyword in data.keywords}
    used = {word for card in data.cards for word in card.keywords()}
    used |= {t.keyword for a in data.apprentice.mage.attacks for t in a.traits}
    assert used <= set(known)
    for word in sorted(used):
        rule = known[word].rule
        assert rule in rules, f"{word}: {rule} is not in the reference"
        if re.fullmatch("MW" + r"-5\.\d+", rule):     # spelt so no id is cited
            # a keyword the Codex lacks, defined in Chapter V (LoS Obstructed, mandatory,
            # one-use): Core Set cards in play use them since issue 8 (as test_core_data's lint)
            continue
        assert re.fullmatch(r"MW-X-\d+\.\d+|MW-S\d+", rule), f"{word}: {rule} is not a Codex id"
        assert _in_codex_parts(rule), f"{word}: {rule} sits before the Codex"


def _in_codex_parts(rule: str) -> bool:
    """True when `rule` is written in Part 3 (the Codex) or Part 4 (its supplement)."""
    text = REFERENCE.read_text(encoding="utf-8")
    return text.index("# Part 3: the Codex") < text.index(f"**{rule}**")


# ------------------------------------------------------------------------------- arenas

def test_arenas_and_start_zones(data: mw.MageWarsData) -> None:
    """MW-1.4, MW-1.5, MW-2.3, MW-2.5, MW-A3: 2×3 and 3×4 grids, mages in opposite corners;
    MW-2.2 and MW-4.27: adjacency and distance; MW-X-7.19: the random push table."""
    apprentice, full = data.arenas.get("apprentice"), data.arenas.get("full")
    assert (len(apprentice.zones), len(full.zones)) == (6, 12)
    assert apprentice.start_zones == ("A1", "C2") and full.start_zones == ("A1", "C4")
    assert apprentice.distance("A1", "C2") == 3 and full.distance("A1", "C4") == 5
    assert apprentice.adjacent("B1") == ("A1", "B2", "C1")
    assert full.distance("A1", "B2") == 2, "a diagonal neighbour is 2 zones away"
    assert [data.arenas.push_direction(n) for n in (1, 4, 9, 12)] == [
        "north", "east", "south", "west"]
    perimeter = data.arenas.perimeter
    assert perimeter.passage_blocked and perimeter.los_obstructed and perimeter.stops_flying


# ------------------------------------------------------------------------------- the reference

def test_reference_parses_and_holds_every_spec_rule() -> None:
    """The core parser reads the reference; with MW-X ids it holds all 621 rules of the three
    specifications and one reading per ambiguity (26 + 36 + 25: MW-B28 to MW-B35 are the
    multiplayer readings, MW-B36 what a silent trigger tells)."""
    rules = reference_rules()
    text = REFERENCE.read_text(encoding="utf-8")
    core = {m.group(1) for line in text.splitlines() if (m := rules_ref.RULE_LINE.match(line))}
    assert core <= set(rules)
    assert {r for r in rules if not r.startswith("MW-X-")} <= core, "chapter ids parse"
    assert len([r for r in rules if re.fullmatch(r"MW-\d+\.\d+", r)]) == 426
    assert len([r for r in rules if r.startswith("MW-X-")]) == 195
    for letter, count in (("A", 26), ("B", 36), ("C", 25)):
        assert len([r for r in rules if re.fullmatch(rf"MW-{letter}\d+", r)]) == count


def test_every_rule_cited_by_the_data_exists(data: mw.MageWarsData) -> None:
    """Rule ids named in the data files (rules fields and notes) are all in the reference."""
    rules = reference_rules()
    cited = set(data.apprentice.mage.rules)
    for arena in data.arenas.arenas:
        cited |= set(arena.rules)
    cited |= set(data.arenas.perimeter.rules)
    for path in sorted(mw.DATA_DIR.glob("*.yaml")):
        cited |= set(re.findall(r"MW-(?:X-)?[A-Z]?\d+(?:\.\d+)*", path.read_text("utf-8")))
    assert sorted(cited - set(rules)) == []


# ------------------------------------------------------------------------------- validation

def _copy(tmp_path: Path) -> Path:
    for path in mw.DATA_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def _edit(path: Path, change: object) -> None:
    content = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(content)
    path.write_text(yaml.safe_dump(content, allow_unicode=True), encoding="utf-8")


@pytest.mark.parametrize(("file", "change", "message"), [
    ("cards.yaml", lambda d: d["cards"][0].update(speed="slow"), "field 'speed' must be one of"),
    ("cards.yaml", lambda d: d["cards"][0].update(colour="red"), "'colour' is not a known field"),
    ("cards.yaml", lambda d: d["cards"][0]["cost"].update(cast=3), "enchantment is 2"),
    ("cards.yaml", lambda d: d["cards"][0].update(traits=[{"keyword": "sneaky"}]),
     "'sneaky' is not in keywords.yaml"),
    ("apprentice.yaml", lambda d: d["spellbooks"][0]["cards"][0].update(count=2),
     "add up to 29, but size says 28"),
    ("apprentice.yaml", lambda d: d["spellbooks"][2]["cards"].pop(3), "add up to 26"),
    ("arenas.yaml", lambda d: d["arenas"][0].update(start_zones=["A1", "D9"]), "'D9'"),
])
def test_bad_data_is_refused_with_the_file_and_field(
        tmp_path: Path, file: str, change: object, message: str) -> None:
    """Malformed data raises DataError naming the file, the entry and the field."""
    folder = _copy(tmp_path)
    _edit(folder / file, change)
    with pytest.raises(DataError, match=re.escape(message)) as error:
        mw.load(folder)
    assert file in str(error.value)
