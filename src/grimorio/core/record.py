"""Game records: seed, options, setup and the action list, with a state digest after every step.

A `Match` is a game being played (or replayed): it keeps the record, checks digests on replay,
and undoes moves back to, and never past, the last point where new information came out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimorio.core.actions import Action
from grimorio.core.errors import RecordError, RulesError
from grimorio.core.events import Event
from grimorio.core.game import Game
from grimorio.core.registry import load_game
from grimorio.core.state import State

FORMAT = "grimorio-record"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a record: an action by a seat, or dice scripted before the next action."""

    action: str | None
    seat: int | None
    digest: str
    dice: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.action is None:
            return {"dice": list(self.dice), "digest": self.digest}
        return {"seat": self.seat, "action": self.action, "digest": self.digest}


@dataclass
class Match:
    """A game in progress with its record. Every action from outside enters through `act`."""

    game: Game
    seed: int = 0
    setup: dict[str, Any] | None = None
    state: State = field(init=False)
    steps: list[Step] = field(default_factory=list)
    initial_digest: str = field(init=False)
    _undo_floor: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state(self.seed, self.setup)
        self.initial_digest = self.state.digest()

    def act(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply an action (checked); returns the events it produced."""
        before_events = len(self.state.events)
        before_mark = self.state.information_mark
        actor = self.state.current_player
        applied = self.state.apply(action, seat)
        self.steps.append(Step(applied.notation(), actor, self.state.digest()))
        if self.state.information_mark != before_mark:
            self._undo_floor = len(self.steps)
        return self.state.events[before_events:]

    def script_dice(self, values: Sequence[int]) -> None:
        """Script the next rolls; recorded so that the replay rolls the same."""
        self.state.script_dice(values)
        self.steps.append(Step(None, None, self.state.digest(), tuple(values)))

    def can_undo(self) -> bool:
        return len(self._action_indexes()) > 0 and self._action_indexes()[-1] >= self._undo_floor

    def _action_indexes(self) -> list[int]:
        return [i for i, step in enumerate(self.steps) if step.action is not None]

    def undo(self) -> bool:
        """Take back the last action if no new information came out since; False if not."""
        if not self.can_undo():
            return False
        last = self._action_indexes()[-1]
        self.steps = self.steps[:last]
        self.state = self._rebuild(len(self.steps))
        return True

    def _rebuild(self, count: int) -> State:
        state = self.game.new_initial_state(self.seed, self.setup)
        for step in self.steps[:count]:
            _replay_step(self.game, state, step)
        return state

    # ---- files -------------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.id,
            "options": dict(self.game.options),
            "seed": self.seed,
            "setup": self.setup,
            "initial_digest": self.initial_digest,
            "steps": [step.to_json() for step in self.steps],
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), indent=1, ensure_ascii=False),
                              encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Match:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read {path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON record ({exc.msg} at line {exc.lineno})") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """Replay a record, checking the digest of every step; RecordError at the first bad one."""
        game, seed, setup, raw_steps = _read_header(data)
        try:
            match = cls(game, seed, setup)
        except (RulesError, ValueError, KeyError, TypeError) as exc:
            raise RecordError(f"the setup does not load: {exc}") from None
        if data.get("initial_digest") != match.initial_digest:
            raise RecordError("the initial position does not match its digest", step=0)
        for number, raw in enumerate(raw_steps, start=1):
            step = _read_step(raw, number)
            before_mark = match.state.information_mark
            try:
                _replay_step(game, match.state, step)
            except (RulesError, ValueError) as exc:
                raise RecordError(f"'{step.action or step.dice}' does not replay: {exc}",
                                  step=number) from None
            if match.state.digest() != step.digest:
                raise RecordError("the position after this step does not match its digest",
                                  step=number)
            match.steps.append(step)
            if step.action is not None and match.state.information_mark != before_mark:
                match._undo_floor = len(match.steps)
        return match

    def replay_states(self) -> list[State]:
        """The position before the first step and after each step."""
        state = self.game.new_initial_state(self.seed, self.setup)
        states = [state.clone()]
        for step in self.steps:
            _replay_step(self.game, state, step)
            states.append(state.clone())
        return states


def _replay_step(game: Game, state: State, step: Step) -> None:
    if step.action is None:
        state.script_dice(step.dice)
    else:
        state.apply(step.action, step.seat)


def _read_header(data: Any) -> tuple[Game, int, dict[str, Any] | None, list[Any]]:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a grimorio record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported "
                          f"(this grimorio reads version {VERSION})")
    options = data.get("options", {})
    seed, setup, steps = data.get("seed"), data.get("setup"), data.get("steps")
    if not isinstance(options, dict) or not isinstance(steps, list):
        raise RecordError("options must be an object and steps a list")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("seed must be an integer")
    if setup is not None and not isinstance(setup, dict):
        raise RecordError("setup must be an object or null")
    try:
        game = load_game(str(data.get("game")), **options)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return game, seed, setup, steps


def _read_step(raw: Any, number: int) -> Step:
    if not isinstance(raw, dict) or not isinstance(raw.get("digest"), str):
        raise RecordError("a step is an object with a digest", step=number)
    if "dice" in raw:
        dice = raw["dice"]
        if not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
            raise RecordError("scripted dice must be a list of integers", step=number)
        return Step(None, None, raw["digest"], tuple(dice))
    action, seat = raw.get("action"), raw.get("seat")
    if not isinstance(action, str) or not (seat is None or isinstance(seat, int)):
        raise RecordError("an action step has a text action and a seat", step=number)
    return Step(action, seat, raw["digest"])
