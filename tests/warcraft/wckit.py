"""Shared helpers for the warcraft rule tests (ENGINE owns this file; others may add functions at
the end with small edits).

    st = scenario(pieces=[{"seat": 0, "zone": "nw_town", "melee": 3}], phase="movement")
    acts(st, "move nw_town nw_gate melee=2", "done")
    st.script_dice([resource(3)])

`scenario(...)` builds a position from the setup mapping of docs/games/warcraft.md ("Setup
mapping"). Unless told otherwise it is the two-player generic game, Humans (seat 0, NW) against
Orcs (seat 1, SE), turn 1, and every hand empty so that no card window opens: pass
`players=[{"hand": [...]}, ...]` to give cards. Where the scenario draws the First Player,
seat 0 is First Player unless `first_player` is given.
"""

from __future__ import annotations

import random
from typing import Any

import grimorio
from grimorio.core.events import Event
from grimorio.games.warcraft.state import WarcraftState
from grimorio.testing.scenario import act_all, legal_texts

RESOURCE_FACES = (1, 1, 2, 2, 3, 3)      # WC-X2's stand-in resource die
RANDOM_FIRST = ("generic-2p", "generic-4p", "elf-gate", "the-prisoners")   # seat 0 in tests


def scenario(setup: dict[str, Any] | None = None, seed: int = 1, *,
             game: str = "generic-2p", races: str | None = None, hands: bool = False,
             turn_limit: int = 25, **fields: Any) -> WarcraftState:
    """A position: `setup` (or keyword fields) in the setup mapping's form. `hands=False` empties
    every hand not given; `races` is the game option (default human,orc for generic-2p)."""
    options: dict[str, Any] = {"scenario": game, "turn_limit": turn_limit}
    if races is not None:
        options["races"] = races
    elif game == "generic-2p":
        options["races"] = "human,orc"
    mapping: dict[str, Any] = dict(setup or {})
    mapping.update(fields)
    if "first_player" not in mapping and game in RANDOM_FIRST:
        mapping["first_player"] = 0
    if not hands:
        players = [dict(p) for p in mapping.get("players", [])]
        count = grimorio.load_game("warcraft", **options).num_players
        players += [{} for _ in range(count - len(players))]
        for p in players:
            p.setdefault("hand", [])
        mapping["players"] = players
    st = grimorio.load_game("warcraft", **options).new_initial_state(seed, setup=mapping)
    assert isinstance(st, WarcraftState)
    return st


def new_game(seed: int = 1, **options: Any) -> WarcraftState:
    """A game exactly as `grimorio new` would start it."""
    st = grimorio.load_game("warcraft", **options).new_initial_state(seed)
    assert isinstance(st, WarcraftState)
    return st


def options(st: WarcraftState) -> list[str]:
    """The legal actions now, as text."""
    return legal_texts(st)


def acts(st: WarcraftState, *texts: str) -> list[Event]:
    """Apply each action, asserting it is legal (grimorio.testing.act_all)."""
    return act_all(st, *texts)


def events(st: WarcraftState, kind: str | None = None) -> list[Event]:
    return [e for e in st.events if kind is None or e.kind == kind]


def rules(st: WarcraftState) -> set[str]:
    """Every rule id the events cited."""
    return {e.rule for e in st.events if e.rule}


def ask(st: WarcraftState) -> str:
    """The kind of the pending decision (its frame class name)."""
    return type(st.frames[-1]).__name__


def pieces(st: WarcraftState, zone: str, seat: int) -> dict[str, int]:
    """What a side has in a zone (the state document's entry)."""
    force = st.zones[zone].get(seat)
    return {} if force is None else force.to_json()


def resource(face: int) -> int:
    """A die value that shows this face of the resource die (WC-X2)."""
    return RESOURCE_FACES.index(face) + 1


def until(st: WarcraftState, frame: str, limit: int = 200) -> None:
    """Answer `done`/`pass` (or the only option) until a decision of kind `frame` is pending."""
    for _ in range(limit):
        if st.is_terminal() or ask(st) == frame:
            return
        legal = options(st)
        pick = next((a for a in ("done", "pass") if a in legal), legal[0] if len(legal) == 1
                    else None)
        assert pick is not None, f"cannot skip {ask(st)}: {legal}"
        st.apply(pick)
    raise AssertionError(f"no {frame} within {limit} steps")


def play_random(st: WarcraftState, rng: random.Random, limit: int = 20_000) -> int:
    """Play random legal actions to the end (or `limit` steps); returns the steps taken."""
    steps = 0
    while not st.is_terminal() and steps < limit:
        legal = st.legal_actions()
        assert legal, "no legal action before the end"
        st.apply(rng.choice(legal))
        steps += 1
    return steps
