"""The Core Set's card counts (data/core-counts.yaml) and the collection check built on them.

Rule: MW-8.21, "One core set holds the cards for all four starter spellbooks at once." The
counts come from fan card databases (the file's header names them); `spellbook.fit_core_sets`
sums each card's copies over some books and compares them with N × the copies of one box, and
`grimorio mage-wars book check FILE --collection core [--sets N]` prints the result.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from grimorio.cli.main import app
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars import spellbook as sb

D = data.shipped()
COUNTS_FILE = data.DATA_DIR / "core-counts.yaml"
runner = CliRunner()


def _starters() -> list[sb.Book]:
    return [sb.starter(mage_class) for mage_class in data.MAGE_CLASSES]


def _flowers(copies: int) -> sb.Book:
    return sb.parse(f"mage: beastmaster\n{copies} Mana Flower\n")


# ------------------------------------------------------------------------------- the data

def test_every_count_is_a_positive_whole_number_of_a_real_card() -> None:
    """Lint of core-counts.yaml, read as plain YAML: each key is a card id of cards.yaml or
    core-set.yaml, each count a whole number of at least 1, each unknown card has a reason."""
    raw = yaml.safe_load(COUNTS_FILE.read_text(encoding="utf-8"))
    ids = {card.id for card in D.all_cards}
    assert set(raw) == {"counts", "unknown"} and raw["counts"]
    for card_id, copies in raw["counts"].items():
        assert card_id in ids, card_id
        assert isinstance(copies, int) and not isinstance(copies, bool) and copies >= 1, card_id
    for entry in raw["unknown"]:
        assert entry["card"] in ids and entry["card"] not in raw["counts"]
        assert isinstance(entry["reason"], str) and entry["reason"].strip()


def test_every_core_set_card_is_counted_or_listed_as_unknown() -> None:
    """No card of the data falls through: each has a count or a reason for having none. Today
    all 174 have a count, 323 cards in all (the file's header discusses the box's 322)."""
    counts = data.core_counts()
    listed = {cid for cid, _ in counts.counts} | {cid for cid, _ in counts.unknown}
    core = {card.id for card in D.all_cards if card.source.set == "Core"}
    assert core <= listed
    assert len(counts.counts) == 174 and not counts.unknown
    assert sum(copies for _, copies in counts.counts) == 323
    assert counts.count("mana-flower") == 5 and counts.count("adramelech-lord-of-fire") == 1
    assert counts.count("no-such-card") is None


@pytest.mark.parametrize("body, problem", [
    ("counts: {mana-flowers: 5}\nunknown: []\n", "not a card"),
    ("counts: {mana-flower: 0}\nunknown: []\n", "at least 1"),
    ("counts: {mana-flower: true}\nunknown: []\n", "at least 1"),
    ("counts: {mana-flower: '5'}\nunknown: []\n", "at least 1"),
    ("counts: {mana-flower: 5}\nunknown: [{card: mana-flower, reason: x}]\n", "already"),
    ("counts: {}\nunknown: [{card: lair}]\n", "reason"),
    ("counts: {}\nunknown: []\nextra: 1\n", "extra"),
])
def test_the_loader_refuses_a_malformed_file(tmp_path: Path, body: str, problem: str) -> None:
    path = tmp_path / "core-counts.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(data.DataError, match=problem):
        data.read_core_counts(path, frozenset(card.id for card in D.all_cards))


# ------------------------------------------------------------------------------- MW-8.21

def test_one_core_set_holds_the_four_starter_books_at_once() -> None:
    """MW-8.21: "One core set holds the cards for all four starter spellbooks at once." With the
    counts found, the four shipped books (241 cards) fit in one box, many cards exactly: the
    five Mana Flowers, Dispels, Dissolves and Minor Heals are all used."""
    check = sb.fit_core_sets(_starters())
    assert check.fits and not check.short and not check.unknown, check.render()
    assert sum(need.needed for need in check.needs) == 241
    exact = {need.card.id for need in check.needs if need.needed == need.held}
    assert {"mana-flower", "dispel", "dissolve", "minor-heal", "mage-wand"} <= exact


def test_the_collection_check_has_a_real_boundary() -> None:
    """MW-8.21 as a collection check: 6 Mana Flowers (a legal level 1 count, MW-8.13) need more
    than one box's 5 and fit in two; 5 fit in one."""
    assert sb.fit_core_sets([_flowers(5)]).fits
    one = sb.fit_core_sets([_flowers(6)])
    assert not one.fits
    (need,) = one.short
    assert (need.card.id, need.needed, need.each, need.held) == ("mana-flower", 6, 5, 5)
    assert "6 Mana Flower needed, 1 × 5 = 5 in 1 Core Set: 1 short" in one.render("en")
    assert "se necesitan 6 Flor de Maná, hay 1 × 5 = 5 en 1 caja básica: falta 1" in \
        one.render("es")
    assert sb.fit_core_sets([_flowers(6)], sets=2).fits
    assert sb.fit_core_sets([_flowers(4), _flowers(6)], sets=2).fits           # 10 of 10
    assert not sb.fit_core_sets([_flowers(5), _flowers(6)], sets=2).fits      # 11 of 10
    with pytest.raises(ValueError):
        sb.fit_core_sets([_flowers(1)], sets=0)


def test_an_unknown_count_is_reported_not_failed(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """A card whose count is unknown never makes a book fail MW-8.21; the report names it."""
    path = tmp_path / "core-counts.yaml"
    path.write_text("counts: {mana-flower: 5}\nunknown: [{card: lair, reason: no source}]\n",
                    encoding="utf-8")
    fake = data.read_core_counts(path, frozenset(card.id for card in D.all_cards))
    monkeypatch.setattr(data, "core_counts", lambda: fake)
    check = sb.fit_core_sets([sb.parse("mage: beastmaster\n9 Lair\n3 Tanglevine\n")])
    assert check.fits and not check.short
    assert sorted(need.card.id for need in check.unknown) == ["lair", "tanglevine"]
    text = check.render("en")
    assert "9 Lair needed; how many a Core Set holds is unknown (no source)" in text
    assert "3 Tanglevine needed; how many a Core Set holds is unknown" in text


# ------------------------------------------------------------------------------- the CLI

def _check(path: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["mage-wars", "book", "check", str(path), *args])
    return result.exit_code, result.output


def test_cli_without_the_option_prints_and_exits_as_before(tmp_path: Path) -> None:
    """No --collection: no collection line, and the exit code is the book's legality only."""
    path = tmp_path / "flowers.txt"
    path.write_text("mage: beastmaster\n6 Mana Flower\n", encoding="utf-8")
    code, out = _check(path, "--lang", "en")
    assert code == 0 and "collection" not in out and "MW-8.21" not in out


def test_cli_collection_core_refuses_a_book_the_sets_cannot_hold(tmp_path: Path) -> None:
    """--collection core: one box is short of a sixth Mana Flower (exit 1, MW-8.21 with the
    arithmetic, in English or Spanish); --sets 2 holds it (exit 0)."""
    path = tmp_path / "flowers.txt"
    path.write_text("mage: beastmaster\n6 Mana Flower\n", encoding="utf-8")
    code, out = _check(path, "--lang", "en", "--collection", "core")
    assert code == 1, out
    assert "legal: the book keeps every rule of Chapter VIII" in out
    assert ("collection: the book does not fit in 1 Core Set: not enough copies of 1 card(s) "
            "(MW-8.21)") in out
    assert "  MW-8.21: 6 Mana Flower needed, 1 × 5 = 5 in 1 Core Set: 1 short" in out
    code, out = _check(path, "--lang", "es", "--collection", "core")
    assert code == 1, out
    assert "colección: el libro no cabe en 1 caja básica" in out
    assert "MW-8.21: se necesitan 6 Flor de Maná, hay 1 × 5 = 5 en 1 caja básica: falta 1" in out
    code, out = _check(path, "--lang", "en", "--collection", "core", "--sets", "2")
    assert code == 0, out
    assert "collection: the book fits in 2 Core Sets (MW-8.21)" in out
    code, out = _check(path, "--lang", "es", "--collection", "core", "--sets", "2")
    assert code == 0 and "colección: el libro cabe en 2 cajas básicas (MW-8.21)" in out


def test_cli_collection_keeps_an_illegal_book_failing(tmp_path: Path) -> None:
    """A book that fits but breaks a rule still exits 1; the starter books fit one box."""
    path = tmp_path / "bad.txt"
    path.write_text("mage: priestess\n2 Madriguera\n", encoding="utf-8")
    code, out = _check(path, "--lang", "en", "--collection", "core", "--sets", "2")
    assert code == 1 and "collection: the book fits in 2 Core Sets" in out
    code, out = _check(sb.starter_path("beastmaster"), "--lang", "en", "--collection", "core")
    assert code == 0 and "collection: the book fits in 1 Core Set (MW-8.21)" in out


def test_cli_collection_usage_errors(tmp_path: Path) -> None:
    """An unknown collection, --sets without --collection or fewer than 1 set: exit 2."""
    path = tmp_path / "flowers.txt"
    path.write_text("mage: beastmaster\n1 Mana Flower\n", encoding="utf-8")
    assert _check(path, "--collection", "promo")[0] == 2
    assert _check(path, "--sets", "2")[0] == 2
    assert _check(path, "--collection", "core", "--sets", "0")[0] == 2
