"""Shared helpers for the mage-wars rule tests (FLOW owns this file; others may add functions at
the end with small edits).

    st = scenario({"players": [{"zone": "A1"}, {"zone": "A1"}], "phase": "menu",
                   "activate": 1})
    acts(st, "attack 1 o2")
    st.script_dice(faces(normal=(2,), critical=(1,)))

Setups are the mapping of docs/games/mage-wars.md ("Setup mapping"); by default it is the
Action Phase of round 1 with the warlock (seat 0, o1 in A1) against the beastmaster (seat 1,
o2 in C2), seat 0 holding the initiative.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grimorio
from grimorio.core.events import Event
from grimorio.games.mage_wars import books, data, spellbook
from grimorio.games.mage_wars.state import MageWarsState
from grimorio.testing.conformance import check_invariants
from grimorio.testing.scenario import act_all, legal_texts

# d6 faces of the attack die (MW-S1): 1-2 blank, 3 one normal, 4 two normal, 5 one critical,
# 6 two critical.
_NORMAL = {1: 3, 2: 4}
_CRITICAL = {1: 5, 2: 6}


def scenario(setup: dict[str, Any] | None = None, seed: int = 1, **options: Any
             ) -> MageWarsState:
    """A position from a setup mapping (None: a new game with that seed)."""
    game = grimorio.load_game("mage-wars", **options)
    st = game.new_initial_state(seed, setup=setup if setup is not None else None)
    assert isinstance(st, MageWarsState)
    return st


def acts(st: MageWarsState, *texts: str) -> list[Event]:
    """Apply each action, asserting it is legal (grimorio.testing.act_all)."""
    return act_all(st, *texts)


def options(st: MageWarsState) -> list[str]:
    """The legal actions now, as text."""
    return legal_texts(st)


def events(st: MageWarsState, kind: str | None = None) -> list[Event]:
    """The events logged so far, of one kind or all."""
    return [e for e in st.events if kind is None or e.kind == kind]


def rules(st: MageWarsState) -> set[str]:
    """Every rule id the events cited."""
    return {e.rule for e in st.events if e.rule}


def faces(normal: tuple[int, ...] = (), critical: tuple[int, ...] = (), blank: int = 0
          ) -> list[int]:
    """d6 values that give these attack-die results (MW-S1): `normal=(2, 1)` → [4, 3]."""
    return [_NORMAL[v] for v in normal] + [_CRITICAL[v] for v in critical] + [1] * blank


def play_random(st: MageWarsState, rng: random.Random, limit: int = 20_000) -> int:
    """Play random legal actions to the end (or `limit` steps); returns the steps taken."""
    steps = 0
    while not st.is_terminal() and steps < limit:
        legal = st.legal_actions()
        assert legal, "no legal action before the end"
        st.apply(rng.choice(legal))
        steps += 1
    return steps


IDLE = ("pass", "end", "plan done")


def play_busy(st: MageWarsState, seed: int, busy: float,
              each: Callable[[MageWarsState], None] | None = None,
              limit: int = 40_000) -> None:
    """Play random legal actions to the end (within `limit` steps), preferring (with
    probability `busy`) any action but passing, ending and planning nothing, so that games fill
    the arena; the engine's invariants, a non-empty legal list without repeats and `each` (if
    any) are checked before every step."""
    rng = random.Random(seed)
    for _ in range(limit):
        check_invariants(st)
        if st.is_terminal():
            break
        legal = st.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if each is not None:
            each(st)
        active = [a for a in legal if a.notation() not in IDLE]
        st.apply(rng.choice(active if active and rng.random() < busy else legal))
    assert st.is_terminal() and st.over


def pass_windows(st: MageWarsState) -> None:
    """Answer `pass` while the pending decision is a reveal or quickcast window."""
    while not st.is_terminal() and options(st)[-1:] == ["pass"] \
            and type(st.frames[-1]).__name__ in ("RevealAsk", "QuickcastAsk"):
        st.apply("pass")


def obj(st: MageWarsState, oid: int) -> dict[str, Any]:
    """An object's entry of the state document."""
    found: dict[str, Any] = next(o for o in st.document()["state"]["objects"]
                                 if o["oid"] == oid)
    return found


def ask(st: MageWarsState) -> str:
    """The kind of the pending decision (its frame class name)."""
    return type(st.frames[-1]).__name__


# ---- COMBAT's helpers -----------------------------------------------------------------------

def fake_card(st: MageWarsState, base: str, new_id: str, **changes: Any) -> None:
    """Give this state alone a test-only card: a copy of card `base` with `changes` (for
    cards the apprentice data lacks: a conjuration, a Defense, Circle of Lightning)."""
    import dataclasses

    st.cards = {**st.cards, new_id: dataclasses.replace(st.card(base), id=new_id, **changes)}
    st.changed()


def duel(objects: list[dict[str, Any]], activate: int = 1, zones: tuple[str, str] = ("A1", "A1"),
         players: tuple[dict[str, Any], dict[str, Any]] = ({}, {}), **options: Any
         ) -> MageWarsState:
    """Both mages (o1, o2) in `zones`, `objects` from o3 on, and creature `activate` at its
    action menu."""
    setup = {"players": [{"zone": zones[0], **players[0]}, {"zone": zones[1], **players[1]}],
             "objects": objects, "phase": "menu", "activate": activate}
    return scenario(setup, **options)


# ---- EXTRAS-B's helpers -----------------------------------------------------------------------

def shared_fake_card(monkeypatch: Any, base: str, new_id: str, **changes: Any) -> None:
    """Like `fake_card`, but known to every state built during the test, so a setup may place
    it: added to the shared card index, which `monkeypatch` restores after the test (for
    familiars, spawnpoints and Spellbind items, which no apprentice card is)."""
    import dataclasses

    from grimorio.games.mage_wars.state import card_index

    card = dataclasses.replace(card_index()[base], id=new_id, **changes)
    monkeypatch.setitem(card_index(), new_id, card)


def view_names(st: MageWarsState, seat: int | None) -> str:
    """The view of `seat` as JSON text, log included, its own legal actions left out (to look
    for card names that must stay hidden)."""
    import json

    from grimorio.core.state import view

    seen = view(st, seat)
    seen.pop("legal_actions", None)
    return json.dumps(seen)


def texts(actions: Any) -> list[str]:
    """The notation of a list of actions (`casting.cast_options` and the like)."""
    return [a.notation() for a in actions]


def menu(objects: list[dict[str, Any]], activate: int, *players: dict[str, Any],
         **setup: Any) -> MageWarsState:
    """Object `activate` at its action menu; both mages in A1 unless `players` say otherwise."""
    seats = list(players) if players else [{"zone": "A1"}, {"zone": "A1"}]
    return scenario({"players": seats, "phase": "menu", "activate": activate,
                     "objects": objects, **setup})


def dice_rolled(st: MageWarsState) -> list[int]:
    """How many attack dice each Roll Dice step rolled (MW-6.27)."""
    return [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"]


def attack(st: MageWarsState, text: str, *dice: int) -> None:
    """Script the dice, take the attack action, then pass the reveal windows it opens."""
    st.script_dice(list(dice))
    acts(st, text)
    pass_windows(st)


def playable_book(tmp: Path, mage_class: str) -> Path:
    """The class's starter book, without any pending card, written to a file in `tmp` (still
    legal: fewer points, fewer copies)."""
    starter = spellbook.starter(mage_class)
    counts = Counter(c for c in books.card_ids(starter) if not books.unplayable([c]))
    mage = f"{mage_class} {starter.element}" if starter.element else mage_class
    lines = [f"mage: {mage}"] + [f"{n} {data.shipped().card(c).name.en}"
                                 for c, n in sorted(counts.items())]
    path = tmp / f"{mage_class}.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert spellbook.check(spellbook.read(path)).legal
    return path
