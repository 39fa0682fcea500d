"""The core's own behaviour: options, notation tokens, dice, clones, views, errors and i18n."""

from __future__ import annotations

import random

import pytest

import grimorio
from grimorio.core import Text, set_lang, tokens
from grimorio.core.errors import IllegalAction, InvalidAction, NotYourDecision
from grimorio.core.i18n import default_lang
from grimorio.core.pending import Decision, DecisionStack
from grimorio.core.rng import Dice
from grimorio.core.state import view
from tests.dicegame import DiceGame


def test_unknown_game_and_options_are_clear_errors() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*tictactoe"):
        grimorio.load_game("chess")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        grimorio.load_game("tictactoe", colour="red")
    with pytest.raises(ValueError, match="at most 50"):
        DiceGame(turns=99)
    with pytest.raises(ValueError, match="must be int"):
        DiceGame(turns="many")
    assert DiceGame(turns="7").options["turns"] == 7


def test_tokens_split_verb_words_and_options() -> None:
    parsed = tokens("CAST w1 fireball dice=3 target=u2")
    assert parsed.verb == "cast" and parsed.words == ("w1", "fireball")
    assert parsed.integer("dice") == 3 and parsed.options["target"] == "u2"
    for bad in ("", "cast dice=", "cast =3", "cast dice=1 dice=2", 'cast "open'):
        with pytest.raises(InvalidAction):
            tokens(bad)
    with pytest.raises(InvalidAction, match="not a whole number"):
        tokens("roll dice=two").integer("dice")
    with pytest.raises(InvalidAction, match="unknown option 'x'"):
        tokens("roll x=1").expect_no_more(0, frozenset({"dice"}))


def test_scripted_dice_come_first_then_the_seeded_stream() -> None:
    dice = Dice(5)
    reference = Dice(5)
    dice.script([6, 6, 1])
    assert dice.roll(3) == (6, 6, 1)
    assert dice.roll(4) == reference.roll(4)
    dice.script([7])
    with pytest.raises(ValueError, match=r"outside 1\.\.6"):
        dice.roll(1)
    with pytest.raises(ValueError):
        dice.script([0])


def test_clone_for_search_draws_from_its_own_stream() -> None:
    state = DiceGame(turns=20).new_initial_state(seed=1)
    exact = state.clone()
    searched = state.clone(reseed=99)
    rolls = [state.clone().dice.roll(10) for _ in range(2)]
    assert rolls[0] == rolls[1] == exact.dice.roll(10)
    assert searched.dice.roll(10) != rolls[0]


def test_not_your_decision_and_game_over() -> None:
    state = grimorio.load_game("tictactoe").new_initial_state()
    with pytest.raises(NotYourDecision) as info:
        state.apply("b2", seat=1)
    assert "X" in info.value.message("en") and "decisión" in info.value.message("es")
    for move in ("a1", "b1", "a2", "b2", "a3"):
        state.apply(move)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("c3")


def test_view_shows_legal_actions_only_to_the_seat_to_act() -> None:
    state = grimorio.load_game("tictactoe").new_initial_state()
    assert "legal_actions" in view(state, 0)
    assert "legal_actions" not in view(state, 1)
    assert "legal_actions" not in view(state, None)


def test_resample_keeps_the_view_and_redraws_the_future() -> None:
    state = DiceGame(turns=20).new_initial_state(seed=1)
    other = grimorio.resample(state, 0, random.Random(3))
    assert view(other, 0) == view(state, 0)
    assert other.dice.roll(8) != state.clone().dice.roll(8)


def test_texts_follow_the_language_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    text = Text("hit", "impacto")
    monkeypatch.setenv("GRIMORIO_LANG", "es")
    set_lang(None)
    assert default_lang() == "es" and text.get() == "impacto"
    set_lang("en")
    assert text.get() == "hit"
    set_lang(None)
    monkeypatch.setenv("GRIMORIO_LANG", "")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert default_lang() == "en", "unknown locales fall back to English"
    with pytest.raises(ValueError):
        set_lang("fr")


def test_decision_stack_order() -> None:
    stack = DecisionStack()
    stack.push(Decision(0))
    stack.push(Decision(1))
    copy = stack.copy()
    assert stack.top == Decision(1) and stack.top.kind == "Decision"
    stack.pop()
    assert stack.top == Decision(0) and len(copy) == 2


def test_dice_are_uniform_and_shuffles_permute() -> None:
    dice = Dice(2024)
    counts = [0] * 6
    for value in dice.roll(60_000):
        counts[value - 1] += 1
    # 4 standard errors of a binomial(60000, 1/6) count: about 365.
    assert all(abs(c - 10_000) < 400 for c in counts), counts
    items = list(range(10))
    dice.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        Dice("seed")  # type: ignore[arg-type]


def test_quiet_search_copies_keep_no_log_and_play_the_same() -> None:
    state = DiceGame(turns=5).new_initial_state(seed=4)
    state.apply("roll dice=2")
    quiet = state.clone(quiet=True)
    loud = state.clone()
    assert quiet.events == [] and quiet.history == [] and len(loud.events) == 1
    for move in ("roll dice=1", "hold", "roll dice=2"):
        quiet.apply(move)
        loud.apply(move)
    assert quiet.document() == loud.document() and quiet.events == []
    assert quiet.clone().quiet and not quiet.clone(quiet=False).quiet


def test_an_observation_shows_exactly_the_seats_view() -> None:
    from grimorio.agents.base import observe

    state = grimorio.load_game("tictactoe").new_initial_state(seed=2)
    state.apply("b2")
    seen = observe(state, 1)
    assert seen.view == view(state, 1) and seen.view["legal_actions"][0] == "a1"
    assert repr(seen) == "Observation(seat=1)", "the truth never shows in a repr"
