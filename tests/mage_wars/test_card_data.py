"""The card registry (effects/registry.py): every card of cards.yaml is carried out (by its data
or by a script), every card is exercised by some test, and the content coverage tells the truth.

MW-1.2 (the Rule of Magic: a card's own behaviour), MW-S6 (each card's behaviour is its summary),
MW-5.83 (a hidden enchantment does nothing, so it provides no hook).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grimorio.games.mage_wars import data, hooks, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.game import MageWars
from tests.mage_wars.mwkit import scenario

HERE = Path(__file__).parent
CARDS = data.shipped().cards
IDS = [c.id for c in CARDS]
# Files that name every card for other reasons (the data loader tests, this file).
NOT_SCENARIOS = {"test_data.py", "test_card_data.py"}


def test_every_card_resolves() -> None:
    """MW-1.2, MW-S6: each card is either data-only or has a script."""
    missing = [cid for cid in IDS if not registry.implemented(cid)]
    assert missing == []


def test_registry_names_only_real_cards() -> None:
    """DATA_ONLY and the scripts name cards of cards.yaml, nothing else (and the full mages'
    own pseudo cards: the mage object and the innate spells, effects/mages.py, MW-B15)."""
    from grimorio.games.mage_wars.effects import mages
    from grimorio.games.mage_wars.model import MAGE_CARD

    known = {c.id for c in data.shipped().all_cards} | {MAGE_CARD} | mages.INNATE_IDS
    assert sorted(registry.DATA_ONLY - known) == []
    assert sorted(set(registry.scripts()) - known) == []


def _data_enough(card: data.Card) -> bool:
    """What the engine reads from the data by itself (traits.py, combat.py, casting.py):
    no ability boxes, no extra numbers (healing dice aside), grants it knows how to give."""
    if card.abilities:
        return False
    params = set(dict(card.params))
    if card.type == "incantation":
        return params <= {"heal_dice"} and card.target.kind != "zone" \
            and all(g.to in ("target", "friendly-animals-in-arena") for g in card.grants)
    if params:
        return False
    if card.type in ("equipment", "enchantment"):
        return all(g.to == "bearer" or g.to in traits.AURAS for g in card.grants) \
            and (card.type == "equipment" or bool(card.grants)
                 or card.defense is not None or bool(card.attacks))   # Block, a trap (issue 8)
    if card.type == "creature":
        return all(g.to in traits.AURAS for g in card.grants)
    if card.type == "conjuration":      # walls, arena-wide grants, auras (issue 8)
        return all(g.to in traits.AURAS or g.to in traits.ARENA_WIDE for g in card.grants)
    return card.type == "attack" and len(card.attacks) == 1


@pytest.mark.parametrize("card_id", sorted(registry.DATA_ONLY))
def test_data_only_cards_need_nothing_else(card_id: str) -> None:
    """A card listed as data-only has nothing the generic rules cannot read (MW-S6)."""
    assert _data_enough(data.shipped().card(card_id)), card_id


def test_cards_needing_behaviour_have_scripts() -> None:
    """Every card whose data the generic rules cannot carry out fully has a script."""
    for card in CARDS:
        if not _data_enough(card):
            assert registry.script(card.id) is not None, card.id


def test_every_card_appears_in_a_scenario_test() -> None:
    """Each card id of cards.yaml is named in some test file of tests/mage_wars (other than
    the data loader's tests and this file)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("*.py"))
                     if p.name not in NOT_SCENARIOS)
    named = {cid for cid in IDS if re.search(rf"(?<![a-z-]){re.escape(cid)}(?![a-z-])", text)}
    assert sorted(set(IDS) - named) == []


def test_content_coverage_tells_the_truth() -> None:
    """`cards 71/174`: every card of cards.yaml is implemented, over every card with data
    (the Core Set's pending ones included, test_core_data.py)."""
    rows = MageWars.content_coverage()
    assert len(rows) == 1
    row = rows[0]
    assert len(CARDS) >= 71 and row.total == len(data.shipped().all_cards) == 174
    assert row.implemented == sum(1 for cid in IDS if registry.implemented(cid)) == len(CARDS)


def test_face_down_enchantments_provide_nothing() -> None:
    """MW-5.83: a face-down Agony provides no attack-dice hook; turned up, it does."""
    st = scenario({"players": [{"zone": "A1"}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                               {"card": "agony", "controller": 0, "host": 3,
                                "face_up": False}]})
    assert registry.providers(st, "attack_dice") == []
    st.obj(4).face_up = True
    st.changed()
    assert [o.oid for o, _ in registry.providers(st, "attack_dice")] == [4]


def test_hooks_delegate_to_scripts() -> None:
    """hooks.py consults the registry: own hooks by card, provider hooks by object."""
    st = scenario({"players": [{"zone": "A1"}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                               {"card": "agony", "controller": 0, "host": 3}]})

    class Atk:
        attacker, defender, kind, spell, is_counterstrike = 3, 1, "melee", None, False

    assert hooks.attack_dice(st, Atk()) == -2
    assert hooks.declare_cost(st, Atk()) == 0
    assert hooks.grants(st) == []
    assert hooks.spell_targets(st, 1, st.card("fireball")) is None
    assert hooks.resolve_spell(st, 1, st.card("bear-strength"), ("o3",), {}) is False


def test_register_refuses_a_second_script() -> None:
    """One script per card."""
    with pytest.raises(ValueError):
        registry.register("agony")(type("Again", (registry.Script,), {}))
