"""The shared field reader of the data loaders (grimorio.core.datafile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimorio.core.datafile import Fields
from grimorio.core.errors import ScenarioError


class _GameError(ScenarioError):
    """Stands for a game's own DataError."""


def test_reads_fields_and_accepts_when_all_are_used() -> None:
    f = Fields({"id": "fire-ball", "n": 3, "on": True, "kind": "a"}, "spells.yaml[0]")
    assert f.id() == "fire-ball"
    assert f.integer("n", low=1, high=6) == 3
    assert f.flag("on") is True
    assert f.text("kind", choices=("a", "b")) == "a"
    assert f.has("n") and not f.has("missing")
    f.done()


def test_not_a_mapping() -> None:
    with pytest.raises(ScenarioError, match=r"^x.yaml: expected a mapping, got list$"):
        Fields([1], "x.yaml")


def test_missing_field_names_place_and_field() -> None:
    f = Fields({}, "x.yaml: entry 2")
    with pytest.raises(ScenarioError, match=r"^x.yaml: entry 2: field 'n' is missing$"):
        f.integer("n")
    with pytest.raises(ScenarioError, match="field 'name' is missing"):
        f.text("name")
    with pytest.raises(ScenarioError, match="field 'on' is missing"):
        f.flag("on")


def test_defaults_when_absent() -> None:
    f = Fields({}, "x")
    assert f.integer("n", 4) == 4
    assert f.flag("on", False) is False
    assert f.text("note", "") == ""
    assert f.text("note", None) is None
    assert f.optional_text("doubt") is None
    assert f.raw("anything", 7) == 7
    f.done()


def test_wrong_types() -> None:
    f = Fields({"n": "3", "b": True, "on": "yes", "t": "", "l": 5}, "x")
    with pytest.raises(ScenarioError, match=r"field 'n' must be a whole number, not '3'"):
        f.integer("n")
    with pytest.raises(ScenarioError, match=r"field 'b' must be a whole number, not True"):
        f.integer("b")
    with pytest.raises(ScenarioError, match=r"field 'on' must be true or false, not 'yes'"):
        f.flag("on")
    with pytest.raises(ScenarioError, match=r"field 't' must be a non-empty text, not ''"):
        f.text("t")
    with pytest.raises(ScenarioError, match=r"field 'l' must be a non-empty text, not 5"):
        f.optional_text("l")


def test_nullable_integer() -> None:
    f = Fields({"n": None}, "x")
    assert f.integer("n", nullable=True) is None
    with pytest.raises(ScenarioError, match="must be a whole number, not None"):
        f.integer("n")


def test_integer_ranges() -> None:
    f = Fields({"n": 7, "m": 0}, "x.yaml")
    with pytest.raises(ScenarioError, match=r"^x.yaml: field 'n' must be between 1 and 6, not 7$"):
        f.integer("n", low=1, high=6)
    with pytest.raises(ScenarioError, match=r"field 'm' must be at least 1, not 0"):
        f.integer("m", low=1)
    with pytest.raises(ScenarioError, match=r"field 'n' must be at most 5, not 7"):
        f.integer("n", high=5)
    assert f.integer("n", low=7, high=7) == 7
    assert f.integer("m", low=0) == 0


def test_choices_and_ids() -> None:
    f = Fields({"kind": "c", "id": "Bad Id", "other": "ok_id-2"}, "x")
    with pytest.raises(ScenarioError, match=r"field 'kind' must be one of a, b, not 'c'"):
        f.text("kind", choices=iter(("a", "b")))
    with pytest.raises(ScenarioError, match=r"field 'id' must be lowercase letters, digits, "):
        f.id()
    assert f.id("other") == "ok_id-2"


def test_blank_text_only_refused_when_the_subclass_asks() -> None:
    assert Fields({"t": "  "}, "x").text("t") == "  "

    class Strict(Fields):
        __slots__ = ()
        strip_text = True

    with pytest.raises(ScenarioError, match="must be a non-empty text, not '  '"):
        Strict({"t": "  "}, "x").text("t")


def test_unknown_key_is_refused() -> None:
    f = Fields({"id": "a", "colour": "red", "color": "red"}, "x.yaml: entry 1")
    f.id()
    f.text("colour")
    with pytest.raises(ScenarioError,
                       match=r"^x.yaml: entry 1: field 'color' is not a known field \(a typo\?\)$"):
        f.done()


def test_custom_error_class() -> None:
    with pytest.raises(_GameError, match="expected a mapping"):
        Fields("text", "x", _GameError)
    f = Fields({"n": 9}, "x", error=_GameError)
    assert isinstance(f.fail("n", "is odd"), _GameError)
    with pytest.raises(_GameError, match="field 'n' must be between 0 and 3, not 9"):
        f.integer("n", low=0, high=3)
    with pytest.raises(_GameError, match="field 'gone' is missing"):
        f.raw("gone")
    with pytest.raises(_GameError, match="field 'extra' is not a known field"):
        Fields({"extra": 1}, "x", _GameError).done()


def test_game_readers_keep_their_error_class() -> None:
    from grimorio.games.mage_knight.data import DataError as KnightError
    from grimorio.games.mage_knight.data import _Fields as KnightFields
    from grimorio.games.mage_wars.data import DataError as WarsError
    from grimorio.games.mage_wars.data import Fields as WarsFields

    with pytest.raises(WarsError, match="field 'n' must be at least 1, not 0"):
        WarsFields({"n": 0}, "x").integer("n", low=1)
    with pytest.raises(KnightError, match="field 'n' must be between 1 and 3, not 0"):
        KnightFields({"n": 0}, "x").integer("n", low=1, high=3)


def test_read_yaml_names_the_file_and_raises_the_games_error(tmp_path: Path) -> None:
    """Data files are read through one function: a missing or malformed file raises the game's
    error class with the file's name, never a bare yaml or OS error."""
    from grimorio.core.datafile import read_yaml

    class GameError(ScenarioError):
        pass

    good = tmp_path / "units.yaml"
    good.write_text("units: [1, 2]\n", encoding="utf-8")
    assert read_yaml(good) == {"units": [1, 2]}
    bad = tmp_path / "broken.yaml"
    bad.write_text("units: [1, 2\n", encoding="utf-8")
    with pytest.raises(GameError, match=r"broken\.yaml is not valid YAML"):
        read_yaml(bad, GameError)
    with pytest.raises(ScenarioError, match=r"cannot read missing\.yaml"):
        read_yaml(tmp_path / "missing.yaml")
