"""Game records: save, load, replay to the same digest; tampering is caught at the first bad step;
undo stops at the last revealed information."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import grimorio
from grimorio.core import registry
from grimorio.core.errors import RecordError
from grimorio.core.record import Match
from tests.dicegame import DiceGame


@pytest.fixture
def dice_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test dice game, registered for one test only (the menu lists registered games)."""
    monkeypatch.setitem(registry._registered, DiceGame.id, DiceGame)


def _played(game_id: str = "tictactoe", moves: tuple[str, ...] = ("b2", "a1", "c3")) -> Match:
    match = Match(grimorio.load_game(game_id), seed=7)
    for move in moves:
        match.act(move)
    return match


def test_save_load_replays_to_same_digest(tmp_path: Path) -> None:
    match = _played()
    path = tmp_path / "game.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state.digest() == match.state.digest()
    assert [s.action for s in loaded.steps] == ["b2", "a1", "c3"]
    assert [s.seat for s in loaded.steps] == [0, 1, 0]


def test_tampered_action_names_the_first_bad_step() -> None:
    record = _played().to_record()
    record["steps"][1]["action"] = "c1"
    with pytest.raises(RecordError, match=r"^step 2: .*digest"):
        Match.from_record(record)


def test_tampered_digest_names_its_step() -> None:
    record = _played().to_record()
    record["steps"][2]["digest"] = "0" * 32
    with pytest.raises(RecordError, match=r"^step 3:"):
        Match.from_record(record)


def test_illegal_step_in_record_is_reported() -> None:
    record = _played().to_record()
    record["steps"][2]["action"] = "b2"
    with pytest.raises(RecordError, match=r"^step 3: .*does not replay"):
        Match.from_record(record)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="other"), "not a grimorio record"),
        (lambda r: r.update(version=99), "version 99"),
        (lambda r: r.update(game="chess"), "unknown game"),
        (lambda r: r.update(options={"colour": "red"}), "unknown option"),
        (lambda r: r.update(seed="x"), "seed must be an integer"),
        (lambda r: r.update(steps={}), "steps a list"),
        (lambda r: r["steps"].__setitem__(0, "b2"), "step 1: a step is an object"),
        (lambda r: r.update(initial_digest="x"), "step 0"),
    ],
)
def test_malformed_records_fail_clearly(mutate: object, message: str) -> None:
    record = copy.deepcopy(_played().to_record())
    mutate(record)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        Match.from_record(record)


def test_corrupted_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "grimorio-record", "steps": [', encoding="utf-8")
    with pytest.raises(RecordError, match="not a JSON record"):
        Match.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        Match.load(tmp_path / "missing.json")


def test_scripted_dice_are_recorded_and_replayed() -> None:
    match = Match(grimorio.load_game("tictactoe"), seed=1)
    match.script_dice([4, 2])
    match.act("a1")
    assert match.state.dice.roll(1) == (4,)
    record = json.loads(json.dumps(match.to_record()))
    assert record["steps"][0] == {"dice": [4, 2], "digest": record["steps"][0]["digest"]}
    replayed = Match.from_record(record)
    assert replayed.state.dice.scripted_left == 2


def test_undo_goes_back_one_action_when_nothing_was_revealed() -> None:
    match = _played()
    before = Match(match.game, seed=7)
    before.act("b2")
    before.act("a1")
    assert match.undo() is True
    assert match.state.digest() == before.state.digest()
    assert [s.action for s in match.steps] == ["b2", "a1"]


def test_undo_stops_at_revealed_information(dice_game: None) -> None:
    """A die rolled by an action is new information: undo never goes back past it."""
    match = Match(grimorio.load_game("test-dice"), seed=3)
    match.act("hold")
    assert match.can_undo()
    match.act("roll dice=2")
    assert match.state.information_mark == 2
    assert match.undo() is False, "undoing the roll would let the player re-roll"
    match.act("hold")
    match.act("hold")
    assert match.undo() is True and match.undo() is True
    assert match.undo() is False
    assert [s.action for s in match.steps] == ["hold", "roll dice=2"]


def test_replay_reproduces_seeded_dice(dice_game: None) -> None:
    match = Match(grimorio.load_game("test-dice", turns=4), seed=11)
    for move in ("roll dice=2", "roll dice=1", "hold", "roll dice=2"):
        match.act(move)
    replayed = Match.from_record(json.loads(json.dumps(match.to_record())))
    assert replayed.state.document() == match.state.document()
    assert replayed.state.digest() == match.state.digest()
    rolls = [e.data["dice"] for e in replayed.state.events if e.kind == "roll"]
    assert rolls == [e.data["dice"] for e in match.state.events if e.kind == "roll"]


def test_digest_is_the_same_in_another_process() -> None:
    """Records are replayed by other processes: the digest must not depend on the process."""
    import subprocess
    import sys

    code = ("import grimorio; from grimorio.core.record import Match; "
            "m = Match(grimorio.load_game('tictactoe'), seed=5); m.act('b2'); "
            "print(m.state.digest())")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout.strip() for _ in range(2)}
    here = Match(grimorio.load_game("tictactoe"), seed=5)
    here.act("b2")
    assert outputs == {here.state.digest()}
