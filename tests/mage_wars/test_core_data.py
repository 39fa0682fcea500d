"""The Core Set as data: the 103 spells no apprentice book uses (core-set.yaml), pending until the
engine carries them out; a lint over every shipped card; the content coverage that reports them;
the new fields of the card format and the loader's checks; the scope of issue 8.

Rules: MW-S6 (data from the module, read against the seed; behaviour in the summary), MW-1.2
(a card's own behaviour), the Codex entries the new keywords cite (MW-X-…).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from grimorio.cli.main import app
from grimorio.core.rules_ref import cited_ids, python_files_in_tests
from grimorio.games.mage_wars import data as mw
from grimorio.games.mage_wars.data import DataError
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.game import MageWars
from tests.mage_wars.test_data import _in_codex_parts, reference_rules

ROOT = Path(__file__).resolve().parents[2]
D = mw.shipped()
MW = "MW"
NEW_KEYWORDS = ("ranged", "life", "rage", "elusive", "pest", "climber", "incorporeal",
                "channeling-modifier", "sweeping", "taunt", "incapacitated", "epic")


def _yaml_ids(name: str) -> list[str]:
    content = yaml.safe_load((mw.DATA_DIR / name).read_text(encoding="utf-8"))
    return [card["id"] for card in content["cards"]]


def test_the_core_set_is_all_there() -> None:
    """MW-S6: 174 Core Set spells, the 71 of the apprentice books (cards.yaml, implemented) and
    103 more (core-set.yaml, pending); one id, one English name, one module record each."""
    assert len(D.all_cards) == 174
    core, waiting = _yaml_ids("core-set.yaml"), {c.id for c in D.pending}
    assert len(core) == 103 and len(_yaml_ids("cards.yaml")) == 71
    # issue 8 implements Core Set cards one by one: they join the engine's cards, in file order
    assert [c.id for c in D.cards] == _yaml_ids("cards.yaml") + [
        cid for cid in core if cid not in waiting]
    assert [c.id for c in D.pending] == [cid for cid in core if cid in waiting]
    assert {c.source.set for c in D.all_cards} == {"Core"}
    for values in ([c.id for c in D.all_cards], [c.name.en for c in D.all_cards],
                   [c.source.octgn_id for c in D.all_cards]):
        assert len(set(values)) == len(values)
    assert all(not c.pending for c in D.cards) and all(c.pending for c in D.pending)


def test_apprentice_mode_sees_only_its_cards() -> None:
    """The engine's card index and the apprentice books hold the 71 implemented cards only;
    the pending ones are data (d.card finds them) but no game can play them."""
    from grimorio.games.mage_wars.state import card_index

    assert set(card_index()) >= {c.id for c in D.cards}
    assert not set(card_index()) & {c.id for c in D.pending}
    used = {e.card for book in D.apprentice.spellbooks for e in book.entries}
    assert used == set(_yaml_ids("cards.yaml"))
    assert all(D.card(c.id).pending for c in D.pending)      # none left (MW-S11)


def test_pending_cards_say_why_and_are_not_implemented() -> None:
    """MW-1.2, MW-S6: a pending card has a reason and neither a script nor a DATA_ONLY entry;
    every implemented card is carried out by the engine."""
    for card in D.pending:
        assert card.status_reason and not registry.implemented(card.id), card.id
    for card in D.cards:
        assert card.status == "implemented" and card.status_reason is None
        assert registry.implemented(card.id), card.id


def test_content_coverage_lists_the_pending_cards() -> None:
    """`cards 71/174`, and each card not implemented with its reason, in `grimorio games`
    and `grimorio rules mage-wars --untested`."""
    (row,) = MageWars.content_coverage()
    done = len(D.cards)             # 71 apprentice cards plus the Core Set's implemented ones
    assert row.summary("en") == f"cards {done}/174" and row.summary("es") == f"cartas {done}/174"
    assert dict(row.missing) == {c.id: c.status_reason for c in D.pending}
    result = CliRunner().invoke(app, ["rules", "mage-wars", "--untested"])
    assert result.exit_code == 0
    shown = " ".join(result.output.split())
    for card in D.pending:          # none since the last seven landed (MW-S11)
        assert f"cards {card.id}: " in shown
    assert "idol-of-pestilence" not in shown and row.missing == ()


# ------------------------------------------------------------------------------- lint

def test_lint_every_shipped_card() -> None:
    """Every card of both files: names and summaries in English and Spanish, a summary that
    is not the English name, provisional cards saying why, pending reasons in a line, and
    every keyword a card uses defined by a rule of the reference: a Codex or supplement rule,
    or the Chapter V rule of a keyword the Codex lacks (mandatory, one-use, LoS obstructed)."""
    rules = reference_rules()
    known = {k.id: k for k in D.keywords}
    for card in D.all_cards:
        assert card.name.en and card.name.es and card.summary.en and card.summary.es, card.id
        assert len(card.summary.en.split()) >= 4 and len(card.summary.es.split()) >= 4, card.id
        if card.provisional:
            assert any("PROVISIONAL" in note for note in card.notes), card.id
        assert "\n" not in (card.status_reason or "")
        for word in card.keywords():
            rule = known[word].rule
            assert rule in rules, (card.id, word, rule)
            assert _in_codex_parts(rule) or re.fullmatch(r"MW-(5\.\d+)", rule), (word, rule)
        for note in card.notes:
            assert set(re.findall(r"MW-(?:X-)?[A-Z]?\d+(?:\.\d+)*", note)) <= set(rules)
        uses = [card.traits, *(bar.traits for bar in card.attacks)]
        for listed in uses:         # a trait printed twice on one card or bar is a typo
            assert len({(t.keyword, t.damage_type) for t in listed}) == len(listed), card.id


def test_new_keywords_cite_their_codex_entries() -> None:
    """Ranged +X, Life +X, Rage +X, Elusive, Pest, Climber, Incorporeal, Channeling +/-X,
    Sweeping, Taunt, Incapacitated and Epic: each in the vocabulary with the Codex entry that
    defines it, each used by some Core Set card or mage. (The ids are built, not written: this
    checks the vocabulary, not the keywords' behaviour, which is later work.)"""
    known = {k.id: k for k in D.keywords}
    codex = {"ranged": "4.1", "life": "8.3", "rage": "8.11", "elusive": "7.6", "pest": "7.7",
             "climber": "7.11", "incorporeal": "9.6", "channeling-modifier": "12.2",
             "sweeping": "3.10", "taunt": "6.26", "incapacitated": "6.36", "epic": "11.2"}
    assert {k: known[k].rule for k in NEW_KEYWORDS} == {k: f"{MW}-X-{n}"
                                                          for k, n in codex.items()}
    used = {w for card in D.all_cards for w in card.keywords()}
    used |= {t.keyword for m in D.mages for a in m.abilities for t in a.traits}
    assert set(NEW_KEYWORDS) <= used
    assert {known[k].value for k in ("ranged", "life", "rage", "channeling-modifier")} == {
        "signed"}


def test_spanish_names_and_aliases_name_one_card_each() -> None:
    """MW-B17: every Spanish name and every alias leads to one card."""
    names: dict[str, set[str]] = {}
    for card in D.all_cards:
        for name in (card.name.es, *card.aliases):
            names.setdefault(name.casefold(), set()).add(card.id)
    assert all(len(ids) == 1 for ids in names.values())
    assert D.card("mage-wand").aliases == ("Varita de Mago",)


def test_the_new_fields_are_read() -> None:
    """The format's additions for Core Set cards: a weapon-or-shield item, a both-hands bow,
    an Incorporeal object with no armor, variable attack dice, a special attack, grants on one
    damage type, X formulas, Defenses from the stat line, the spell type of Spellbind and
    spawnpoints."""
    wand = D.card("elemental-wand")
    assert (wand.equipment_slot, wand.slot_alternative, wand.both_hands) == (
        "weapon", "shield", False)
    assert wand.school_mode == "any" and wand.level == 2
    assert wand.traits[0] == mw.TraitUse("spellbind", spell_type="attack")
    assert D.card("ivarium-longbow").both_hands
    spirit = D.card("whirling-spirit")
    assert (spirit.life, spirit.armor) == (13, None) and spirit.has("incorporeal")
    blast = D.card("temple-of-light").attacks[0]
    assert (blast.dice, blast.dice_x) == (0, "temples-controlled")
    gate = D.card("gate-to-hell").attacks[0]
    assert gate.kind == "special" and gate.range is None and gate.speed is None
    (ring,) = D.card("fireshaper-ring").grants
    assert ring.damage_type == "flame" and ring.traits == (mw.TraitUse("melee", 1),
                                                           mw.TraitUse("ranged", 1))
    assert D.card("purify").cost.formula == mw.CostFormula("removal-costs")
    assert D.card("knight-of-westlock").defense == mw.DefenseSpec(8, 1, None)
    assert D.card("feral-bobcat").defense == mw.DefenseSpec(8, 1, "melee")
    assert D.card("force-orb").defense == mw.DefenseSpec(8, 1, "ranged")
    assert D.card("lair").traits[-1] == mw.TraitUse("channeling", 2)
    assert mw.TraitUse("spawnpoint", spell_type="creature") in D.card("lair").traits
    assert D.card("adramelech-lord-of-fire").attacks[1].has("sweeping")


# ------------------------------------------------------------------------------- validation

def _copy(tmp_path: Path) -> Path:
    for path in mw.DATA_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def _card(d: dict[str, list[dict[str, object]]], card_id: str) -> dict[str, object]:
    return next(c for c in d["cards"] if c["id"] == card_id)


@pytest.mark.parametrize(("file", "change", "message"), [
    ("core-set.yaml", lambda d: _card(d, "idol-of-pestilence").update(status="pending"),
     "'status_reason' is needed exactly when status is pending"),
    ("cards.yaml", lambda d: _card(d, "fireball").update(status_reason="why"),
     "'status_reason' is needed exactly when status is pending"),
    ("core-set.yaml", lambda d: _card(d, "lair").update(status="maybe"),
     "field 'status' must be one of implemented, pending"),
    ("cards.yaml", lambda d: _card(d, "fireball").update(status="pending", status_reason="x"),
     "apprentice books use only implemented cards"),
    ("core-set.yaml", lambda d: _card(d, "lair").update(slot_alternative="shield"),
     "are only for equipment"),
    ("core-set.yaml", lambda d: _card(d, "arcane-ring").update(both_hands=True),
     "both_hands' needs equipment_slot weapon"),
    ("core-set.yaml", lambda d: _card(d, "mana-crystal")["stats"].pop("armor"),
     "only an Incorporeal object prints none"),
    ("core-set.yaml", lambda d: _card(d, "thunderbolt")["attacks"][0].update(dice_x="x"),
     "'dice_x' is only for dice: X"),
    ("core-set.yaml", lambda d: _card(d, "lair").update(aliases=["Madriguera"]),
     "repeats the card's own name"),
    ("core-set.yaml", lambda d: _card(d, "lair").update(id="fireball"),
     "is in cards.yaml already"),
    ("core-set.yaml", lambda d: _card(d, "lair")["source"].update(set="Promo"),
     "not the Core Set"),
    ("core-set.yaml", lambda d: _card(d, "fog-bank")["name"].update(en="Fireball"),
     "has the name of 'fireball'"),
    ("core-set.yaml", lambda d: _card(d, "dawnbreaker-ring")["grants"][0].update(
        damage_type="acid"), "'damage_type' must be one of"),
])
def test_bad_card_data_is_refused(tmp_path: Path, file: str, change: object,
                                  message: str) -> None:
    """Malformed card data in either file raises DataError naming the file and field."""
    folder = _copy(tmp_path)
    path = folder / file
    content = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(content)
    path.write_text(yaml.safe_dump(content, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)) as error:
        mw.load(folder)
    assert file.split(".")[0] in str(error.value) or "apprentice.yaml" in str(error.value)


# ------------------------------------------------------------------------------- scope

def test_issue_8_groundwork_is_tested_and_the_rest_says_why() -> None:
    """Every id scope.py counts as done is cited by a test and no longer deferred; what stays
    deferred has the reason of its group (abilities, multiplayer, restrictions in play, Codex
    keywords in play)."""
    from grimorio.games.mage_wars import scope

    cited = cited_ids("MW", python_files_in_tests(ROOT))
    assert sorted(r for r in scope.DONE if r not in cited) == []
    deferred = scope.deferred_rules()
    assert not set(deferred) & scope.DONE
    # (Ids here are built, not written, so that this test cites none of the rules it leaves
    # deferred: a literal id in a test counts as tested.)

    def reasons(prefix: str) -> set[str]:
        return {why for rule, why in deferred.items() if rule.startswith(f"{MW}-{prefix}")}

    assert reasons("9.") == set()           # multiplayer is done (test_multiplayer*.py)
    assert reasons("7.") == set()           # the full mages are done (effects/mages.py)
    assert reasons("8.") == set()           # the Core Set counts are in (core-counts.yaml)
    assert reasons("B") == set()
    assert reasons("X-") <= {scope.CODEX, scope.SWEEPING}     # shrinking as cards land
