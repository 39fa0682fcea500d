"""Scenario helper: build a position from a compact description, script dice, act by notation,
and assert on the JSON state document. Every game's rule tests are written with it.

    sc = scenario("wh6-magic", setup="...yaml...", seed=1)
    sc.dice(6, 6, 1)
    sc.act("cast w1 fireball dice=3 target=u2")
    assert sc.doc["..."] == ...
    sc.illegal("cast w1 fireball dice=9 target=u2", rule="WH6-1.6")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from grimorio.core.errors import IllegalAction, ScenarioError
from grimorio.core.events import Event
from grimorio.core.record import Match
from grimorio.core.registry import load_game
from grimorio.core.state import State


def read_setup(setup: str | Path | dict[str, Any] | None) -> dict[str, Any] | None:
    """A setup given as a mapping, YAML/JSON text, or a path to a YAML/JSON file."""
    if setup is None or isinstance(setup, dict):
        return setup
    if not isinstance(setup, (str, Path)):
        raise ScenarioError("a setup is a mapping, YAML text or a file path")
    text = setup.read_text(encoding="utf-8") if isinstance(setup, Path) else setup
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"the setup is not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a setup is a mapping")
    return data


class Scenario:
    """A match under test, with helpers that read like the rules."""

    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def doc(self) -> dict[str, Any]:
        """The state document (the game's documented JSON form of the position)."""
        document: dict[str, Any] = self.state.document()["state"]
        return document

    def dice(self, *values: int) -> Scenario:
        """The next rolls will show these values, in order."""
        self.match.script_dice(values)
        return self

    def act(self, *actions: str) -> list[Event]:
        """Apply actions in notation; returns the events they produced."""
        produced: list[Event] = []
        for action in actions:
            produced += self.match.act(action)
        return produced

    def illegal(self, action: str, rule: str | None = None) -> IllegalAction:
        """Assert that `action` is refused (citing `rule`, if given) and changes nothing."""
        before = self.state.digest()
        events = len(self.state.events)
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            if rule is not None and exc.rule != rule:
                raise AssertionError(f"refused citing {exc.rule}, expected {rule}: "
                                     f"{exc.message('en')}") from None
            assert self.state.digest() == before, "an illegal action changed the state"
            assert len(self.state.events) == events, "an illegal action logged events"
            return exc
        raise AssertionError(f"{action!r} was accepted; expected it to be illegal")

    def legal(self) -> list[str]:
        return [a.notation() for a in self.state.legal_actions()]

    def events(self, kind: str | None = None, rule: str | None = None) -> list[Event]:
        return [e for e in self.state.events
                if (kind is None or e.kind == kind) and (rule is None or e.rule == rule)]

    def rules_cited(self) -> set[str]:
        return {e.rule for e in self.state.events if e.rule}


def scenario(game_id: str, setup: str | Path | dict[str, Any] | None = None, seed: int = 0,
             **options: Any) -> Scenario:
    """Start a scenario of `game_id` from a setup description (or the game's default setup)."""
    game = load_game(game_id, **options)
    return Scenario(Match(game, seed, read_setup(setup)))


def legal_texts(state: State) -> list[str]:
    """The legal actions now, as text."""
    return [a.notation() for a in state.legal_actions()]


def act_all(state: State, *texts: str) -> list[Event]:
    """Apply each action, asserting it is legal (the message lists the options if not);
    returns the events they produced."""
    produced: list[Event] = []
    for text in texts:
        before = len(state.events)
        legal = legal_texts(state)
        assert text in legal, f"{text!r} is not legal; options: {legal}"
        state.apply(text)
        produced += state.events[before:]
    return produced
