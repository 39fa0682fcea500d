"""The four full-game mages as data (mages.yaml, Chapter VII): statistics, training, the Wizard's
elemental choice and the parameters of their abilities, and the loader's checks.

What the abilities do in play is later work of issue 8; these tests check only the numbers the
scripts will read. Rules: MW-7.3 to MW-7.8, MW-7.15, MW-7.21, MW-7.31, MW-B26, MW-S10, MW-S6.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from grimorio.games.mage_wars import data as mw
from grimorio.games.mage_wars.data import DataError
from tests.mage_wars.test_data import reference_rules

D = mw.shipped()


def test_every_mage_starts_with_ten_mana_at_level_six() -> None:
    """MW-7.3: 10 starting mana whatever the class; MW-7.5: a level 6 creature whose subtype is
    its race (the Wizard is Human)."""
    assert [m.id for m in D.mages] == ["beastmaster", "priestess", "warlock", "wizard"]
    assert {(m.starting_mana, m.level) for m in D.mages} == {(10, 6)}
    assert D.mage("wizard").subtypes == ("mage", "human")
    races = {c.id: c.subtypes for c in D.apprentice.classes}
    assert all(m.subtypes == races[m.id] for m in D.mages)


def test_the_ability_card_holds_everything() -> None:
    """MW-7.4: class, spell points, life, armor, channeling, subtype, training, abilities and
    attacks; MW-7.6 and MW-B26: armor comes from the card and is 0 for all four."""
    for mage in D.mages:
        assert mage.name.en and mage.name.es and mage.spell_points > 0
        assert mage.life > 0 and mage.channeling > 0 and mage.training.trained
        assert mage.abilities and mage.attacks
        assert mage.armor == 0


@pytest.mark.parametrize(("mage_id", "life", "channeling", "trained", "opposed"), [
    ("beastmaster", 36, 9, ("nature",), ("fire",)),        # MW-7.8
    ("priestess", 32, 10, ("holy",), ("dark",)),           # MW-7.15, MW-S10 (opposed Dark)
    ("warlock", 38, 9, ("dark", "fire"), ("holy",)),       # MW-7.21
    ("wizard", 32, 10, ("arcane",), ()),                   # MW-7.31, MW-S10
])
def test_statistics_and_training(mage_id: str, life: int, channeling: int,
                                 trained: tuple[str, ...], opposed: tuple[str, ...]) -> None:
    """MW-7.8, MW-7.15, MW-7.21, MW-7.31: life, channeling and training as the seed gives them
    (the seed's channeling 9 for the Beastmaster and the Warlock wins over the module's 10,
    MW-S6), and a basic melee attack of 3 dice as a quick action for every mage."""
    mage = D.mage(mage_id)
    assert (mage.life, mage.channeling) == (life, channeling)
    assert (mage.training.trained, mage.training.opposed) == (trained, opposed)
    (basic,) = [a for a in mage.attacks if a.kind == "melee"]
    assert (basic.dice, basic.speed, basic.range) == (3, "quick", mw.Span(0, 0))


def test_spell_points_and_the_wizards_elemental_choice() -> None:
    """MW-S10, MW-7.31: 120 spell points each; the Wizard is trained in Arcane plus the one
    elemental school chosen for the book, and never in Dark."""
    assert {m.spell_points for m in D.mages} == {120}
    wizard = D.mage("wizard").training
    assert wizard.choose_one_of == ("earth", "air", "water", "fire")
    assert wizard.schools("fire") == ("arcane", "fire") and wizard.schools() == ("arcane",)
    assert [wizard.multiplier(s, "fire") for s in ("arcane", "fire", "air", "dark")] == [
        1, 1, 2, 2]
    assert all(not m.training.choose_one_of for m in D.mages if m.id != "wizard")
    assert D.mage("warlock").training.multiplier("holy") == 3


def test_special_tokens_one_of_each() -> None:
    """MW-7.7: Pet, Bloodreaper and Voltaric Shield, one of each, each on one ability."""
    tokens = [a.token for m in D.mages for a in m.abilities if a.token]
    assert sorted(tokens) == ["bloodreaper", "pet", "voltaric-shield"]


def test_ability_parameters_for_the_scripts() -> None:
    """The numbers of every ability (their rules are cited by the data and exist): Combat
    Skill's Melee +1, Quick Summoning's level 1 animals, the bonds' level + 1 costs and gains,
    Divine Reward's 1 life, Restore's range 0-1, the Voltaric Shield's 2 mana and 3 damage,
    Arcane Zap's 1 mana, range 0-1, 3 Ethereal dice, once a round."""
    reference = reference_rules()
    melee = mw.TraitUse("melee", 1)
    assert D.mage("beastmaster").traits == (melee,) == D.mage("warlock").traits
    assert D.mage("priestess").traits == () == D.mage("wizard").traits
    quick = D.mage("beastmaster").ability("quick-summoning")
    assert quick.applies_to == mw.SpellFilter("creature", ("animal",), 1, ())
    assert quick.per_turn == 1
    pet = D.mage("beastmaster").ability("pet")
    assert pet.cost is not None and pet.cost.resource == "mana" and pet.cost.for_level(2) == 3
    assert pet.applies_to is not None and pet.applies_to.excluding == ("legendary",)
    assert pet.traits == (melee, mw.TraitUse("armor", 1), mw.TraitUse("life", 3))
    assert pet.traits_with_mage == (melee,)
    reaper = D.mage("warlock").ability("bloodreaper")
    assert reaper.cost is not None and reaper.cost.resource == "life"
    assert reaper.cost.for_level(D.card("dark-pact-slayer").level) == 4
    assert reaper.traits == (mw.TraitUse("bloodthirsty", 2),) and reaper.param("heal") == 2
    assert D.mage("warlock").ability("curse-binding").per_round == 1
    reward = D.mage("priestess").ability("divine-reward")
    assert reward.param("life") == 1 and reward.per_round == 1
    assert set(reward.triggers) == {"holy-incantation-resolved", "holy-enchantment-revealed"}
    for speed in ("quick", "full"):
        restore = D.mage("priestess").ability(f"restore-{speed}")
        assert restore.speed == speed and restore.range == mw.Span(0, 1)
    shield = D.mage("wizard").ability("voltaric-shield")
    assert shield.cost == mw.AbilityCost("mana", 2, 0) and shield.param("prevent") == 3
    zap = D.mage("wizard").ability("arcane-zap")
    assert zap.attack is not None and zap.cost is not None and zap.cost.amount == 1
    assert (zap.attack.kind, zap.attack.range, zap.attack.dice) == ("ranged", mw.Span(0, 1), 3)
    assert zap.attack.has("ethereal") and zap.per_round == 1 and zap.speed == "quick"
    for mage in D.mages:
        assert set(mage.rules) <= set(reference), mage.id
        for ability in mage.abilities:
            assert ability.rules and set(ability.rules) <= set(reference), ability.id
            assert all(re.fullmatch(r"MW-(7\.\d+|B\d+)", r) for r in ability.rules), ability.id


# ------------------------------------------------------------------------------- validation

def _copy(tmp_path: Path) -> Path:
    for path in mw.DATA_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def _mages(d: dict[str, list[dict[str, object]]], index: int) -> dict[str, object]:
    return d["mages"][index]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: _mages(d, 0).update(level=5), "(MW-7.5)"),
    (lambda d: _mages(d, 1).update(starting_mana=12), "(MW-7.3)"),
    (lambda d: _mages(d, 1).update(colour="white"), "'colour' is not a known field"),
    (lambda d: _mages(d, 2).update(subtypes=["mage", "elf"]), "apprentice.yaml says"),
    (lambda d: d["mages"].pop(), "exactly one mage per class"),
    (lambda d: _mages(d, 0)["training"].update(opposed=["nature"]), "names 'nature' twice"),
    (lambda d: _mages(d, 3)["training"].update(choose_one_of=["arcane"]),
     "which is not one of earth, air, water, fire"),
    (lambda d: _mages(d, 3)["abilities"][0].update(token="pet"), "(MW-7.7)"),
    (lambda d: _mages(d, 0)["abilities"][2].pop("cost"), "'cost' is needed by a bond ability"),
    (lambda d: _mages(d, 0)["abilities"][0].update(per_round=1),
     "'per_round' does not go on a passive ability"),
    (lambda d: _mages(d, 0)["abilities"][0].update(rules=[]), "must cite the rules"),
    (lambda d: _mages(d, 3)["abilities"][1].update(range=[0, 1]), "(MW-6.72)"),
    (lambda d: _mages(d, 0)["abilities"][1]["applies_to"].update(excluding=["huge"]),
     "'huge'"),
])
def test_bad_mage_data_is_refused(tmp_path: Path, change: object, message: str) -> None:
    """A malformed mages.yaml raises DataError naming the file, the entry and the field."""
    folder = _copy(tmp_path)
    path = folder / "mages.yaml"
    content = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(content)
    path.write_text(yaml.safe_dump(content, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)) as error:
        mw.load(folder)
    assert "mages.yaml" in str(error.value)
