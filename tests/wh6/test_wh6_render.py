"""The terminal panel of a wh6-magic view, in both languages."""

from __future__ import annotations

from grimorio.core.state import view
from grimorio.games.wh6_magic.render import render
from grimorio.testing import scenario


def _at_reroll_offer() -> dict[str, object]:
    sc = scenario("wh6-magic", seed=3)
    sc.dice(2, 2, 1)
    sc.act("cast w1 fireball dice=3 target=w3")
    assert sc.state.legal_actions() and {"reroll", "keep"} <= set(sc.legal())
    return view(sc.state, 0)


def test_a_declared_attempt_shows_its_dice_but_no_total_yet() -> None:
    """Before the re-roll decision the result is not worked out (WH6-6.3): no '= 0'."""
    shown = _at_reroll_offer()
    english = render(shown, "en")
    assert "Attempt: w1 fireball → w3 (dice 2+2+1; declared)" in english
    assert "= 0" not in english


def test_the_panel_is_in_spanish_when_asked() -> None:
    spanish = render(_at_reroll_offer(), "es")
    assert "Intento: w1 fireball → w3 (dados 2+2+1; declarado)" in spanish
    assert "Dados de energía" in spanish and "repetir o conservar los dados" in spanish
