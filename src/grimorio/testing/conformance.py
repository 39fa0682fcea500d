"""The conformance suite: properties every registered game must have.

Each check takes a `Game` and raises AssertionError with a precise message on failure. `run_all`
runs them all; the project's tests parametrize them over `grimorio.games()`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction, InvalidAction, NotYourDecision
from grimorio.core.game import Game
from grimorio.core.record import Match
from grimorio.core.state import State, resample, view

MAX_STEPS = 20_000


def random_playthrough(game: Game, seed: int,
                       on_step: Callable[[State], None] | None = None) -> State:
    """Play uniformly random legal actions to the end, checking the invariants at every step."""
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        if on_step is not None:
            on_step(state)
        check_invariants(state)
        if state.is_terminal():
            return state
        state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError(f"{game.id}: no end after {MAX_STEPS} steps (seed {seed})")


def check_invariants(state: State) -> None:
    """Legal actions non-empty and unique until the end; returns only at the end."""
    actions = state.legal_actions()
    game_id = state.game.id
    if state.is_terminal():
        assert state.current_player is None, f"{game_id}: terminal with a player to act"
        assert actions == [], f"{game_id}: legal actions at the end"
        returns = state.returns()
        assert len(returns) == state.game.num_players, f"{game_id}: returns per seat"
        return
    player = state.current_player
    assert isinstance(player, int) and 0 <= player < state.game.num_players, \
        f"{game_id}: current player {player!r} is not a seat"
    assert actions, f"{game_id}: no legal action before the end"
    notations = [a.notation() for a in actions]
    assert len(set(notations)) == len(notations), f"{game_id}: duplicate legal actions"
    assert all(r == 0.0 for r in state.returns()), f"{game_id}: returns before the end"


def check_notation_round_trip(game: Game, seed: int) -> None:
    """Every legal action's notation parses back to the same action."""
    def round_trip(state: State) -> None:
        for action in state.legal_actions():
            parsed = game.parse_action(state, action.notation())
            assert parsed == action, f"{game.id}: {action.notation()!r} parses to {parsed!r}"
    random_playthrough(game, seed, round_trip)


def check_clone_integrity(game: Game, seed: int) -> None:
    """Acting on a clone never changes the original."""
    def act_on_clone(state: State) -> None:
        if state.is_terminal():
            return
        before = state.digest()
        twin = state.clone()
        assert twin.digest() == before, f"{game.id}: a clone differs from its original"
        chooser = random.Random(len(state.history))
        while not twin.is_terminal() and len(twin.history) < len(state.history) + 25:
            twin.apply(chooser.choice(twin.legal_actions()))
        assert state.digest() == before, f"{game.id}: acting on a clone changed the original"
    random_playthrough(game, seed, act_on_clone)


def check_seed_determinism(game: Game, seed: int) -> None:
    """The same seed and the same choices give the same game, step by step."""
    first = random_playthrough(game, seed)
    second = random_playthrough(game, seed)
    assert first.digest() == second.digest(), f"{game.id}: seed {seed} is not deterministic"
    assert [a.notation() for a in first.history] == [a.notation() for a in second.history]


def check_record_round_trip(game: Game, seed: int) -> None:
    """A saved record loads, replays to the same digest, and survives JSON."""
    match = Match(game, seed)
    chooser = random.Random(seed)
    while not match.state.is_terminal():
        match.act(chooser.choice(match.state.legal_actions()))
    record = json.loads(json.dumps(match.to_record()))
    replayed = Match.from_record(record)
    assert replayed.state.digest() == match.state.digest(), f"{game.id}: replay differs"
    assert replayed.state.returns() == match.state.returns()


def check_illegal_actions_change_nothing(game: Game, seed: int) -> None:
    """Garbage, out-of-turn and illegal actions are refused without changing the state."""
    def probe(state: State) -> None:
        if state.is_terminal():
            _expect_refusal(state, state.history[-1] if state.history else None, IllegalAction)
            return
        for junk in ("", "   ", "zzz-not-an-action", "cast", "\x00", "place z9 extra=1"):
            _expect_refusal(state, junk, InvalidAction, IllegalAction)
        player = state.current_player
        assert player is not None
        other = (player + 1) % state.game.num_players
        if other != player:
            _expect_refusal(state, state.legal_actions()[0], NotYourDecision, seat=other)
    random_playthrough(game, seed, probe)


def _expect_refusal(state: State, action: Action | str | None, *errors: type[Exception],
                    seat: int | None = None) -> None:
    if action is None:
        return
    before, events = state.digest(), len(state.events)
    try:
        state.apply(action, seat)
    except errors:
        assert state.digest() == before, f"{state.game.id}: a refused {action!r} changed state"
        assert len(state.events) == events, f"{state.game.id}: a refused action logged events"
        return
    raise AssertionError(f"{state.game.id}: {action!r} (seat {seat}) was accepted")


def check_views(game: Game, seed: int, samples: int = 3) -> None:
    """Views are JSON, never carry the dice stream, and do not depend on what resample redraws.

    A view that changed when only hidden information (what `resample` may redraw) changed would
    be leaking that information.
    """
    def probe(state: State) -> None:
        seats: list[int | None] = [None, *range(game.num_players)]
        for seat in seats:
            shown = view(state, seat)
            text = json.dumps(shown)
            assert "dice_stream" not in text and "rng" not in shown["state"]
            rng = random.Random(len(state.history))
            for _ in range(samples):
                other = resample(state, seat, rng)
                assert view(other, seat) == shown, (
                    f"{game.id}: seat {seat}'s view changed when only hidden information did")
            if seat is not None and seat != state.current_player:
                assert "legal_actions" not in shown
    random_playthrough(game, seed, probe)


CHECKS: dict[str, Callable[[Game, int], None]] = {
    "playthrough": lambda game, seed: _ignore(random_playthrough(game, seed)),
    "notation": check_notation_round_trip,
    "clone": check_clone_integrity,
    "determinism": check_seed_determinism,
    "record": check_record_round_trip,
    "illegal": check_illegal_actions_change_nothing,
    "views": check_views,
}


def _ignore(_: Any) -> None:
    return None


def run_all(game: Game, seeds: range = range(3)) -> None:
    """Run every check on `game` for each seed."""
    for seed in seeds:
        for check in CHECKS.values():
            check(game, seed)
