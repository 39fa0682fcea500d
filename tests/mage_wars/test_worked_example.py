"""The rulebook's worked example "Brogan contra la Hidra" (MW-6.137-MW-6.141), step by step.

The apprentice data has Brogan Bloodstone (Lightning +2, armor 4, Vorpal Blade: 4 dice,
Piercing +3), the Darkfenne Hydra (armor 1, a quick bite with Counterstrike) and Bear Strength
(Melee +2). Two cards of the example are missing, so the test makes stand-ins on this state only:
- Circle of Lightning: an enchantment on the Hydra with a 2-die Lightning Damage Barrier; its
  effect bands (Daze 7-9, Stun 10+) are the test's own, since the card is not in the data;
  the example's effect roll (1 + 2 = 3) gives nothing under any band starting above 3;
- Cobra Reflexes: an enchantment on Brogan giving a 1x Defense; 7 is the test's threshold (the
  example only says that 8 is enough).
Our Vorpal Blade is also Unavoidable, which changes nothing: the Hydra has no Defense.
"""

from __future__ import annotations

import pytest

from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.rules import combat
from tests.mage_wars.mwkit import acts, ask, duel, events, faces, fake_card, options

CIRCLE = data.Attack(data.Text("Circle of Lightning", "Círculo del Rayo"), None, "damage-barrier",
                     None, 2, "lightning", (data.EffectBand(7, 9, ("daze",)),
                                            data.EffectBand(10, None, ("stun",))), (), (), False)


def test_brogan_against_the_hydra(monkeypatch: pytest.MonkeyPatch) -> None:
    """MW-6.137: Brogan, Dazed, with Bear Strength, Cobra Reflexes and Lightning +2, attacks the
    Hydra (Circle of Lightning, Counterstrike, no Defense) with his Vorpal Blade."""
    st = duel([{"card": "brogan-bloodstone", "controller": 0, "zone": "A1",
                "markers": {"daze": 1}},
               {"card": "darkfenne-hydra", "controller": 1, "zone": "A1"},
               {"card": "bear-strength", "controller": 0, "host": 3}], activate=3)
    fake_card(st, "rhino-hide", "circle-of-lightning", attacks=(CIRCLE,), grants=(
        data.Grant("bearer", None, None, (data.TraitUse("damage-barrier"),)),))
    fake_card(st, "rhino-hide", "cobra-reflexes", grants=())
    st.new_obj("circle-of-lightning", "enchantment", 1, 1, host=4)
    cobra = st.new_obj("cobra-reflexes", "enchantment", 0, 0, host=3).oid
    monkeypatch.setattr(combat, "defense_sources", lambda s, oid: [
        combat.Defense(cobra, 7, True)] if oid == 3 else [])

    # MW-6.138: no cost; Brogan is Dazed and rolls 7, enough; the Hydra has no Defense.
    # MW-6.139: Bear Strength makes 6 dice; 3 critical points are 3 damage, 2 normal points
    # with Piercing +3 (armor 1 falls to 0) are 2 more: 5; one strike only.
    # MW-6.140: the barrier strikes at once, Unavoidable (no Cobra Reflexes); Lightning +2
    # makes its 2 dice 4 and adds 2 to the effect roll; 1 critical + 5 normal against armor 4:
    # 2 damage; the effect roll 1 + 2 = 3 gives nothing.
    st.script_dice([7, *faces(critical=(2, 1), normal=(2,), blank=3),
                    *faces(normal=(2, 2, 1), critical=(1,)), 1])
    acts(st, "attack 1 o4")
    assert [e.data["dice"] for e in events(st, "roll") if e.rule == "MW-6.23"] == [[7]]
    assert [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"] == [6, 4]
    assert st.objs[4].damage == 5 and events(st, "hit")[0].data["armor"] == 0
    assert st.objs[3].damage == 2 and events(st, "hit")[1].data["effect"] == 3
    assert st.objs[3].markers == {"daze": 1} and not events(st, "defense")

    # MW-6.141: the Hydra counterstrikes; Brogan answers with Cobra Reflexes: 10 − 2 for his
    # Daze marker is 8, enough; the counterstrike is avoided and Cobra Reflexes is spent.
    assert ask(st) == "CounterAsk"
    acts(st, "counterstrike 1")
    assert options(st) == [f"defend o{cobra}", "no-defense"]
    st.script_dice([10])
    acts(st, f"defend o{cobra}")
    assert events(st, "defense")[-1].data["modifier"] == -2
    assert events(st, "defense")[-1].data["avoided"] and st.objs[3].damage == 2
    assert ("defense", cobra) in st.once
    # End Attack: Brogan's action turn ends and his Daze marker leaves (MW-6.69, MW-X-6.12).
    assert events(st, "turn-end") and st.objs[3].markers == {}
