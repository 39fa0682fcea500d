"""The fast paths of the engine agree with the plain rules they stand for.

* `legal.is_legal` (the yes/no behind every checked action) says yes exactly when `legal.why_not`
  finds no reason, on every listed action and on many near misses;
* the cached targets, declarations and dispel options equal what a state with empty caches
  works out, and `_pool_sizes` equals the explained pools;
* troops and items shared copy-on-write are never changed in place: neither the original nor a
  clone, nor the shipped scenario's template, whatever is played (miscasts included);
* a quiet copy (no messages) plays exactly like a loud one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wh6kit import BASE, troop

import grimorio
from grimorio.core.actions import Action
from grimorio.games.wh6_magic import legal
from grimorio.games.wh6_magic.actions import (
    DONE,
    END,
    KEEP,
    NODISPEL,
    NOFREE,
    RECOVER,
    REROLL,
    Bound,
    Cast,
    Dispel,
    Free,
    Scroll,
)
from grimorio.games.wh6_magic.model import Character, ItemState, Unit
from grimorio.games.wh6_magic.rules.phase import (
    _pool_sizes,
    _pools_explained,
    dispel_dice,
    power_dice,
)
from grimorio.games.wh6_magic.rules.targets import legal_targets
from grimorio.games.wh6_magic.state import Wh6State

GOLDEN = Path(__file__).resolve().parent / "golden_playthroughs.json"


def _variety() -> dict[str, Any]:
    """The rules-test battle with a bit of everything: a Dwarf army with a Runesmith, a point
    spell, items of every kind (one capped power item, one scroll that works against IF), Magic
    Resistance, a mounted wizard, a fleeing unit with a bound rod, a spell already in play."""
    data: dict[str, Any] = json.loads(json.dumps(BASE))
    data.pop("pools")
    data["items"] = [
        {"id": "ward_scroll", "name": "Ward scroll", "kind": "auto_dispel", "uses": 1,
         "works_vs_if": True},
        {"id": "small_stone", "name": "Small stone", "kind": "power_dice", "dice": 1, "uses": 1},
    ]
    data["sides"][1]["army"]["dwarf"] = True
    troop(data, "w1")["spells"] = [*troop(data, "w1")["spells"], "comet", "fireball"]
    troop(data, "w1")["items"] = ["power_stone", "small_stone", "tome_of_recasting"]
    troop(data, "w1")["level"] = 3
    troop(data, "w2")["items"] = ["staff_of_sorcery", "dispel_scroll"]
    troop(data, "u1")["items"] = ["storm_rod"]
    troop(data, "u1")["magic_resistance"] = 2
    troop(data, "e1")["items"] = ["ward_scroll", "warding_charm", "staff_of_sorcery"]
    troop(data, "e1")["mount"] = {"kind": "monstrous", "name": "Wyvern", "wounds": 3,
                                  "toughness": 5, "points": 120}
    troop(data, "e2")["items"] = ["ember_ring", "dispel_scroll"]
    troop(data, "e2")["dispel_dice"] = 1
    troop(data, "e2")["dispel_bonus"] = 1
    troop(data, "u2")["items"] = ["totem_of_morko"]
    troop(data, "u4")["fleeing"] = True
    troop(data, "u4")["items"] = ["storm_rod"]
    data["in_play"] = [{"spell": "hex", "caster": "e1", "target": "u1"}]
    return data


def _sink() -> dict[str, Any]:
    games: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    setup: dict[str, Any] = next(g["setup"] for g in games if g["setup"])
    return setup


CASES: list[tuple[dict[str, Any], Any]] = [
    ({}, None), ({"scenario": "wizard-duel"}, None), ({"dispel_stacking": "all"}, None),
    ({"turns": 3}, "sink"), ({"turns": 3}, "variety"), ({"turns": 2, "first": 1}, "variety"),
]


def _setup(kind: Any) -> dict[str, Any] | None:
    return None if kind is None else _sink() if kind == "sink" else _variety()


def _positions(options: dict[str, Any], kind: Any, seeds: range) -> Iterator[Wh6State]:
    """Every position of random games (each yielded before its move is made)."""
    game = grimorio.load_game("wh6-magic", **options)
    for seed in seeds:
        state = game.new_initial_state(seed, _setup(kind))
        assert isinstance(state, Wh6State)
        rng = random.Random(seed)
        while not state.is_terminal():
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


# ------------------------------------------------------------------------------ near misses

def _near_misses(st: Wh6State, listed: list[Action]) -> set[Action]:
    """The listed actions, some of them (up to 25, spread over the list) changed a little in
    every way, and the bare actions."""
    chars, units, items = list(st.char_map), list(st.unit_map), list(st.item_map)
    spells = [*sorted({s for c in st.char_map.values() for s in c.spells}), "nope"]
    targets = ["", *units, *chars, "10,10", "999,5", "mount:e1"]
    out: set[Action] = {*listed, END, REROLL, KEEP, NODISPEL, NOFREE, DONE, RECOVER}
    for a in listed[::max(1, len(listed) // 25)]:
        if isinstance(a, Cast):
            out |= {Cast(a.wizard, a.spell, n, a.target, a.items) for n in (0, a.dice + 1, 9)}
            out |= {Cast(a.wizard, a.spell, a.dice, t, a.items) for t in targets}
            out |= {Cast(w, a.spell, a.dice, a.target, a.items) for w in chars}
            out |= {Cast(a.wizard, s, a.dice, a.target, a.items) for s in spells}
            out |= {Cast(a.wizard, a.spell, a.dice, a.target, (i,)) for i in items}
            out |= {Cast(a.wizard, a.spell, 1, a.target, (i, i)) for i in items[:2]}
        elif isinstance(a, Dispel):
            out |= {Dispel(n, a.by, a.items, a.spell) for n in (-1, 0, a.dice + 1, 30)}
            out |= {Dispel(a.dice, b, a.items, a.spell) for b in ["", *chars, "u1"]}
            out |= {Dispel(a.dice, a.by, (i,), a.spell) for i in items}
            out |= {Dispel(a.dice, a.by, (*a.items, *a.items), a.spell)}
            out |= {Dispel(a.dice, a.by, a.items, r) for r in ("", "r1", "r2", "r9")}
        elif isinstance(a, Bound):
            out |= {Bound(b, a.item, a.target) for b in [*units, *chars]}
            out |= {Bound(a.bearer, i.split(".")[1], a.target) for i in items}
            out |= {Bound(a.bearer, a.item, t) for t in targets}
        elif isinstance(a, Scroll):
            out |= {Scroll(b, a.spell) for b in [*units, *chars]}
            out |= {Scroll(a.bearer, r) for r in ("", "r1", "r9")}
        elif isinstance(a, Free):
            out |= {Free(w, a.spell, a.target) for w in chars}
            out |= {Free(a.wizard, s, a.target) for s in spells}
            out |= {Free(a.wizard, a.spell, t) for t in targets}
    return out


@pytest.mark.parametrize(("options", "kind"), CASES)
def test_fast_legality_agrees_with_the_explained_refusals(options: dict[str, Any],
                                                          kind: Any) -> None:
    """Also: declarations, bound items and free spells on units and characters are legal exactly
    when listed (the list is complete for them)."""
    checked = 0
    for st in _positions(options, kind, range(2)):
        listed = st.legal_actions()
        for a in listed:
            assert legal.why_not(st, a) is None, a.notation()
        listed_set = set(listed)
        for a in _near_misses(st, listed):
            slow = legal.why_not(st, a) is None
            assert legal.is_legal(st, a) == slow, (a.notation(), legal.why_not(st, a))
            assert st._is_legal(a) == slow, a.notation()
            if isinstance(a, Cast | Bound | Free) and "," not in a.target and \
                    len(getattr(a, "items", ())) <= 1:
                assert (a in listed_set) == slow, a.notation()
            checked += 1
    assert checked > 500


# ------------------------------------------------------------------------------ caches

def _fresh(st: Wh6State) -> Wh6State:
    """A copy that has to work everything out again."""
    twin = st.clone()
    twin.troops_changed()  # empties the target, shape, declaration and dispel caches
    twin._legal = twin._legal_ids = None
    return twin


@pytest.mark.parametrize(("options", "kind"), CASES)
def test_cached_derived_data_equals_a_fresh_computation(options: dict[str, Any],
                                                        kind: Any) -> None:
    for st in _positions(options, kind, range(4)):
        for (side, spell_id), cached in st.target_cache.items():
            assert cached == tuple(legal_targets(st, side, st.spell(spell_id)))
        for ref, shape in st._shapes.items():
            assert shape == _fresh(st).shape(ref)
        assert [a.notation() for a in st.legal_actions()] == \
            [a.notation() for a in _fresh(st).legal_actions()]
        if st.stack.top is not None:
            power, power_parts = power_dice(st, st.active)
            dispel, dispel_parts = dispel_dice(st, st.opponent)
            assert _pool_sizes(st) == (power, dispel)
            assert _pools_explained(st) == (power, power_parts, dispel, dispel_parts)


# ------------------------------------------------------------------------------ copy-on-write

FROZEN: dict[int, object] = {}  # id -> the object itself, kept alive so that ids stay unique


@pytest.fixture
def guarded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Units, characters and item instances whose id is in FROZEN refuse any change."""
    for cls in (Unit, Character, ItemState):
        def guard(self: Any, name: str, value: Any, cls: type = cls) -> None:
            if id(self) in FROZEN:
                raise AssertionError(f"a shared {cls.__name__} ({self.id}) was changed: {name}")
            object.__setattr__(self, name, value)
        monkeypatch.setattr(cls, "__setattr__", guard)
    yield
    FROZEN.clear()


def _freeze(st: Wh6State) -> None:
    FROZEN.update((id(o), o) for o in [*st.unit_map.values(), *st.char_map.values(),
                                       *st.item_map.values()])


@pytest.mark.parametrize(("options", "kind"), CASES)
def test_shared_troops_and_items_are_never_changed_in_place(guarded: None, options: dict[str, Any],
                                                            kind: Any) -> None:
    """Before each move the state is cloned, so that every object is shared; the move must copy
    what it changes. The clone, played on its own, must not disturb the original either."""
    game = grimorio.load_game("wh6-magic", **options)
    first = game.new_initial_state(0, _setup(kind))
    assert isinstance(first, Wh6State)
    for seed in range(4):
        state = game.new_initial_state(seed, _setup(kind))
        assert isinstance(state, Wh6State)
        rng = random.Random(seed)
        while not state.is_terminal():
            twin = state.clone(quiet=True)
            before = twin.document()
            FROZEN.clear()
            _freeze(first)  # for a shipped scenario these are the template's own objects
            _freeze(state)
            action = rng.choice(state.legal_actions())
            state.apply(action)
            assert twin.document() == before
            twin.apply_unchecked(action)  # the twin too copies before it changes anything
            assert twin.document() == state.document()


MISCASTS = [(a, b) for a in range(1, 7) for b in range(1, 7) if a <= b]


def _miscast_setup() -> dict[str, Any]:
    data = _variety()
    troop(data, "w1").update({"in_unit": "u1", "x": 60, "y": 30, "contacts": ["u1:2", "e2"]})
    troop(data, "w2")["mount"] = {"kind": "shared", "with": "w1", "name": "Griffon",
                                  "wounds": 3, "toughness": 5, "points": 100}
    return data


@pytest.mark.parametrize("table", MISCASTS)
def test_every_miscast_result_copies_what_it_changes_and_plays_quietly_alike(
        guarded: None, table: tuple[int, int]) -> None:
    """A miscast (1, 1) with every table roll, then the game played out, on a loud state, a
    clone and a quiet copy: the same positions and dice throughout, nothing shared changed."""
    game = grimorio.load_game("wh6-magic", turns=2)
    for seed in (1, 2):
        loud = game.new_initial_state(seed, _miscast_setup())
        assert isinstance(loud, Wh6State)
        loud.script_dice([1, 1, *table])
        quiet = loud.clone(quiet=True)
        rng = random.Random(seed)
        action: Action = Cast("w1", "zap", 2, "u2")
        while True:
            _freeze(loud)
            twin = loud.clone()
            before = twin.document()
            loud.apply(action)
            quiet.apply_unchecked(action)
            assert twin.document() == before
            assert loud.digest() == quiet.digest()
            FROZEN.clear()
            if loud.is_terminal():
                break
            assert [a.notation() for a in loud.legal_actions()] == \
                [a.notation() for a in quiet.legal_actions()]
            action = rng.choice(loud.legal_actions())
