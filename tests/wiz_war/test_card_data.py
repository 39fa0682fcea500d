"""The card data lint: every shipped card record is well formed, resolves to a script, and is
exercised by a test; the decks have the sizes the rules give (WW-2.7, WW-A25, WW-8.1)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from grimorio.games.wiz_war import cards as card_data
from grimorio.games.wiz_war.effects import registry
from grimorio.games.wiz_war.game import WizWar

TESTS = Path(__file__).resolve().parent
CARDS = card_data.load_cards()


def test_every_record_resolves_to_a_script() -> None:
    """Lint: each card's `effect` names a registered script (energy cards need none: they are
    only ever spent, WW-7.7), and no script is left without a card."""
    missing = [c.key for c in CARDS.values()
               if c.types != ("energy",) and not registry.implemented(c.effect)]
    assert missing == []
    effects = {c.effect for c in CARDS.values()}
    registry.implemented("fireball")   # loads every school module
    orphans = sorted(set(registry._SCRIPTS) - effects)
    assert orphans == [], f"scripts with no card: {orphans}"


def test_the_coverage_report_counts_every_card() -> None:
    """`grimorio games` shows cards implemented / listed; all 91 distinct cards are in."""
    (report,) = WizWar.content_coverage()
    assert (report.implemented, report.total) == (91, len(CARDS)) == (91, 91)


def test_scripts_override_only_known_hooks() -> None:
    """A hook a script defines under a misspelt name would silently never run."""
    for effect, instance in registry._SCRIPTS.items():
        own = {name for cls in type(instance).__mro__[:-1] if cls is not registry.Script
               for name in vars(cls) if not name.startswith("_")}
        hook_like = {n for n in own if n.startswith(("on_", "can_"))}
        unknown = hook_like - set(registry.HOOKS) - {"on_end", "on_choice", "on_item_lost",
                                                     "on_item_gained"}
        assert not unknown, f"{effect}: unknown hook-like members {sorted(unknown)}"


@pytest.mark.parametrize("school, size", [("cantrip", 12)] +
                         [(s, 24) for s in card_data.SELECTABLE])
def test_each_school_deck_has_its_size(school: str, size: int) -> None:
    """White Cantrip is 12 cards, every other school 24 (WW-A25, WW-2.7)."""
    total = sum(n for c in CARDS.values() for s, n in c.copies if s == school)
    assert total == size


def test_the_default_deck_has_84_cards() -> None:
    """Cantrip + alchemy, elemental, mentalism: 12 + 3 × 24 (WW-2.8, WW-A25)."""
    keys = card_data.deck_keys(CARDS, ("alchemy", "elemental", "mentalism"))
    assert len(keys) == 84
    assert Counter(keys)["fireball"] == 3


def test_every_card_has_its_anatomy_in_both_languages() -> None:
    """Type, title, range, targets, school, energy value and duration on every record (WW-8.1),
    with a summary in our words in English and Spanish."""
    for card in CARDS.values():
        assert card.types and card.range in card_data.RANGES and card.duration
        assert card.name.get("en") and card.name.get("es")
        summary_en, summary_es = card.summary.get("en"), card.summary.get("es")
        assert 20 <= len(summary_en) <= 320 and 20 <= len(summary_es) <= 380, card.key
        if card.is_a("energy"):
            assert card.energy >= 4, card.key


def test_every_card_is_played_by_a_test() -> None:
    """Each card key appears in at least one test file other than this one, so every card's
    behaviour is exercised (the per-card scenario tests)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py")
                     if p.name != Path(__file__).name)
    untested = [k for k in CARDS if not re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)]
    assert untested == []


def test_a_malformed_record_is_refused_with_its_place() -> None:
    """Bad data fails loudly and names the card and the field."""
    records = yaml.safe_load(card_data.DATA.read_text(encoding="utf-8"))
    records[0]["range"] = "far"
    with pytest.raises(card_data.CardDataError, match=records[0]["key"]):
        card_data.parse_cards(records)
