"""A compact wh6-magic battle for the rule tests, and small helpers to edit it.

Blue (side 0) casts first. Its mage w1 stands at (60, 20); the Red warriors u2 are about 36 cm
away (in range of the 60 cm test spells), the Red scouts u4 far out of range, the Red brawlers u3
engaged in combat. The test spells deal one wound with no saves, so resolving them rolls no dice
unless a test says otherwise.
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

from grimorio.core.events import Event
from grimorio.testing import Scenario, scenario

BASE_YAML = """
name: Rules test
table: {width: 180, height: 120}
pools: {power: 12, dispel: 6}
spells:
  - {id: zap, name: Zap, difficulty: 7, range_cm: 60, target: enemy_unit,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
  - {id: big_zap, name: Big zap, difficulty: 9, range_cm: 60, target: enemy_unit,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
  - {id: huge_zap, name: Huge zap, difficulty: 15, range_cm: 60, target: enemy_unit,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
  - {id: spark, name: Spark, difficulty: 3, range_cm: 60, target: enemy_unit,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
  - {id: shield, name: Shield, difficulty: 5, range_cm: null, target: self,
     effects: [{ward: {value: 5}}]}
  - {id: hex, name: Hex, difficulty: 6, range_cm: 60, target: enemy_unit, remains_in_play: true,
     effects: [{modifier: {stat: toughness, value: -1}}]}
  - {id: mend, name: Mend, difficulty: 5, range_cm: 60, target: friendly_unit,
     effects: [{heal: {count: 2}}]}
  - {id: pick, name: Pick, difficulty: 7, range_cm: 60, target: enemy_unit,
     can_target_character_in_unit: true,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
  - {id: brawl, name: Brawl, difficulty: 6, range_cm: 60, target: enemy_unit,
     can_target_engaged: true,
     effects: [{wounds: {count: 1, armour_save: false, ward_save: false}}]}
sides:
  - army:
      id: blue
      name: Blue army
      units:
        - {id: u1, name: Blue guards, models: 10, toughness: 3, armour: 5, points: 10,
           width: 10, depth: 5, x: 60, y: 30}
      characters:
        - {id: w1, name: Blue mage, level: 2, wounds: 2, toughness: 3, points: 100, x: 60, y: 20,
           spells: [zap, big_zap, huge_zap, spark, shield, hex, mend, pick, brawl]}
        - {id: w2, name: Blue adept, level: 1, wounds: 1, toughness: 3, points: 50, x: 80, y: 20,
           spells: [zap]}
  - army:
      id: red
      name: Red army
      units:
        - {id: u2, name: Red warriors, models: 20, toughness: 3, points: 5, width: 10, depth: 5,
           x: 60, y: 60}
        - {id: u3, name: Red brawlers, models: 10, toughness: 3, points: 5, width: 10, depth: 5,
           x: 100, y: 60, engaged: true}
        - {id: u4, name: Red scouts, models: 5, toughness: 3, points: 10, width: 10, depth: 5,
           x: 170, y: 110}
      characters:
        - {id: e1, name: Red mage, level: 2, wounds: 2, toughness: 3, points: 100, x: 40, y: 90,
           spells: [zap, hex, shield, big_zap]}
        - {id: e2, name: Red captain, wounds: 2, toughness: 4, points: 60, x: 120, y: 80}
        - {id: e3, name: Red chanter, level: 1, wounds: 1, toughness: 3, points: 40,
           in_unit: u2, spells: [spark]}
"""
BASE: dict[str, Any] = yaml.safe_load(BASE_YAML)


def setup(**top: Any) -> dict[str, Any]:
    """A fresh copy of the base battle, with top-level fields replaced."""
    data = copy.deepcopy(BASE)
    data.update(top)
    return data


def troop(data: dict[str, Any], troop_id: str) -> dict[str, Any]:
    """The entry of a unit or character in a setup, to edit it in place."""
    for side in data["sides"]:
        for kind in ("units", "characters"):
            for entry in side["army"].get(kind, []):
                if entry["id"] == troop_id:
                    return entry  # type: ignore[no-any-return]
    raise KeyError(troop_id)


def army(data: dict[str, Any], side: int) -> dict[str, Any]:
    return data["sides"][side]["army"]  # type: ignore[no-any-return]


def add(data: dict[str, Any], side: int, kind: str, entry: dict[str, Any]) -> None:
    """Add a unit or character to a side."""
    army(data, side).setdefault(kind, []).append(entry)


def make(data: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> Scenario:
    return scenario("wh6-magic", setup=data if data is not None else setup(), seed=seed,
                    **options)


def rules(events: list[Event]) -> list[str | None]:
    return [e.rule for e in events]


def first(events: list[Event], kind: str) -> Event:
    """The first event of `kind` (AssertionError if there is none)."""
    for event in events:
        if event.kind == kind:
            return event
    raise AssertionError(f"no {kind!r} event in {[e.kind for e in events]}")


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def rolls(events: list[Event]) -> list[list[int]]:
    return [e.data["dice"] for e in events if e.kind == "roll"]


def top(sc: Scenario) -> dict[str, Any] | None:
    pending = sc.doc["pending"]
    return pending[-1] if pending else None


def end_phase(sc: Scenario) -> None:
    """Finish the current magic phase: stop casting and skip any remains-in-play step."""
    sc.act("end")
    while sc.doc["pending"] and top(sc)["kind"] == "RemainsDispel":  # type: ignore[index]
        sc.act("done")
