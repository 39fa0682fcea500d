"""Golden playthroughs: random wh6-magic games must replay exactly as recorded.

`golden_playthroughs.json` was written once, by running this module as a script
(``.venv/bin/python tests/wh6/test_wh6_golden.py --write``), from the engine as it was before
the speed work. Each game stores its options, setup (null: the shipped scenario), seed, the
notation of every action chosen (``random.Random(seed)`` picking among `legal_actions()`,
applied through the checked path), the final `digest()` and a hash of the whole event log.

The test plays the same games again and compares. It also replays each game on a quiet search
copy (no log) through `apply_unchecked`, which must reach the same final digest, and checks that
`clone()` at every step agrees with the original. Never regenerate the file to make a failing
test pass: a difference means the engine's behaviour changed.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import grimorio
from grimorio.core.state import State

GOLDEN = Path(__file__).resolve().parent / "golden_playthroughs.json"


def _kitchen_sink() -> dict[str, Any]:
    """The rules-test battle with items of every kind, a mount, a spell already in play and
    pools generated from the wizards: exercises more of the engine than the shipped scenarios."""
    from wh6kit import BASE, troop

    data = copy.deepcopy(BASE)
    data.pop("pools")
    troop(data, "w1")["items"] = ["power_stone", "tome_of_recasting", "dispel_scroll"]
    troop(data, "w2")["items"] = ["staff_of_sorcery"]
    troop(data, "e1")["items"] = ["dispel_scroll", "warding_charm", "staff_of_sorcery"]
    troop(data, "e1")["mount"] = {"kind": "monstrous", "name": "Wyvern", "wounds": 4,
                                  "toughness": 5, "armour": 5, "points": 140}
    troop(data, "e2")["items"] = ["ember_ring"]
    troop(data, "u2")["items"] = ["totem_of_morko"]
    troop(data, "u1")["magic_resistance"] = 1
    data["in_play"] = [{"spell": "hex", "caster": "e1", "target": "u1"}]
    return data


def cases() -> list[dict[str, Any]]:
    """The games of the golden file: (options, setup, seed)."""
    out: list[dict[str, Any]] = []
    out += [{"options": {}, "setup": None, "seed": s} for s in range(30)]
    out += [{"options": {"scenario": "wizard-duel"}, "setup": None, "seed": s} for s in range(5)]
    out += [{"options": {"turns": 4}, "setup": None, "seed": s} for s in range(5)]
    out += [{"options": {"dispel_stacking": "all", "first": 1}, "setup": None, "seed": s}
            for s in range(5)]
    sink = _kitchen_sink()
    out += [{"options": {"turns": 3}, "setup": sink, "seed": s} for s in range(10)]
    return out


def _events_hash(state: State) -> str:
    """The whole log as JSON, in its own order (data keys included): texts, rules, inputs."""
    body = json.dumps([e.to_json() for e in state.events], ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()[:32]


def play(case: dict[str, Any]) -> dict[str, Any]:
    """One random game through the checked path."""
    game = grimorio.load_game("wh6-magic", **case["options"])
    state = game.new_initial_state(case["seed"], copy.deepcopy(case["setup"]))
    chooser = random.Random(case["seed"])
    actions: list[str] = []
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        actions.append(action.notation())
        state.apply(action)
    return {**case, "actions": actions, "digest": state.digest(), "events": _events_hash(state),
            "returns": state.returns()}


def _load() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _label(case: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(case["options"].items()))
    return f"{opts or 'default'}{'+setup' if case['setup'] else ''}-seed{case['seed']}"


GAMES = _load() if GOLDEN.exists() else []


def test_golden_file_covers_the_cases() -> None:
    assert [(g["options"], g["setup"], g["seed"]) for g in GAMES] == \
        [(c["options"], c["setup"], c["seed"]) for c in cases()]


@pytest.mark.parametrize("golden", GAMES, ids=[_label(g) for g in GAMES])
def test_random_game_replays_exactly(golden: dict[str, Any]) -> None:
    played = play(golden)
    assert played["actions"] == golden["actions"]
    assert played["digest"] == golden["digest"]
    assert played["events"] == golden["events"]
    assert played["returns"] == golden["returns"]


@pytest.mark.parametrize("golden", GAMES[::4], ids=[_label(g) for g in GAMES[::4]])
def test_quiet_copies_and_clones_play_the_same_game(golden: dict[str, Any]) -> None:
    """A quiet search copy offers the same legal actions and reaches the same digest through
    `apply_unchecked`; a clone taken at any step agrees with the original and plays on alike."""
    game = grimorio.load_game("wh6-magic", **golden["options"])
    loud = game.new_initial_state(golden["seed"], copy.deepcopy(golden["setup"]))
    quiet = loud.clone(quiet=True)
    for step, notation in enumerate(golden["actions"]):
        legal = [a.notation() for a in loud.legal_actions()]
        assert [a.notation() for a in quiet.legal_actions()] == legal
        assert notation in legal
        action = game.parse_action(loud, notation)
        if step % 3 == 0:
            twin = loud.clone()
            assert twin.digest() == loud.digest()
            assert [a.notation() for a in twin.legal_actions()] == legal
            twin.apply(action)
        loud.apply(action)
        quiet.apply_unchecked(action)
        if step % 3 == 0:
            assert twin.digest() == loud.digest()
    assert loud.is_terminal() and quiet.is_terminal()
    assert loud.digest() == quiet.digest() == golden["digest"]
    assert quiet.events == [] and quiet.history == []


def main() -> None:  # pragma: no cover - run by hand, once
    if "--write" not in sys.argv:
        print("usage: python tests/wh6/test_wh6_golden.py --write   (overwrites the golden file)")
        return
    games = [play(case) for case in cases()]
    GOLDEN.write_text(json.dumps(games, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    steps = sum(len(g["actions"]) for g in games)
    print(f"wrote {len(games)} games, {steps} actions to {GOLDEN}")


if __name__ == "__main__":
    main()
