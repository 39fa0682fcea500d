"""Shared helpers for the mage-knight rule tests (ENGINE owns this file; others may add functions
at the end with small edits).

    st = mk_state(players=[{"army": [5]}, {"army": [5]}],
                  warriors={"a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 20]}})
    st.script_dice([4])
    act(st, "move a1 to 10,8 facing 90")
    assert w(st, "a1").y == 8

`mk_state(...)` builds a position in play from the setup mapping of docs/games/mage-knight.md
("Setup mapping"); keyword fields are merged into `setup`, game options go in `options`. With no
`players` (or two one-figure armies and no `warriors`) it is two Utem Guardsmen (figure 5, speed
8, attack 8, defense 15, damage 3) facing each other: a1 at (10, 2) facing 90 for seat 0, b1 at
(10, 30) facing 270 for seat 1.
"""

from __future__ import annotations

from typing import Any

from grimorio.core.errors import IllegalAction
from grimorio.core.events import Event
from grimorio.games.mage_knight.game import MageKnight
from grimorio.games.mage_knight.model import Warrior
from grimorio.games.mage_knight.state import MageKnightState

GUARD = 5          # Utem Guardsman, standard: 8/8/15/3, range 0 (figure 5)
CROSSBOW = 3       # Utem Crossbowman, tough: 8/8/15/1, range 10
ALTEM = 60         # Altem Guardsman, tough: Battle Fury from click 4, Berserk on click 7

DEFAULT_PLAYERS: list[dict[str, Any]] = [{"army": [GUARD]}, {"army": [GUARD]}]
DEFAULT_WARRIORS: dict[str, dict[str, Any]] = {
    "a1": {"at": [10, 2], "facing": 90}, "b1": {"at": [10, 30], "facing": 270}}


def game(**options: Any) -> MageKnight:
    return MageKnight(**options)


def mk_state(setup: dict[str, Any] | None = None, seed: int = 1, *,
             options: dict[str, Any] | None = None, **fields: Any) -> MageKnightState:
    """A position in play from the setup mapping (`setup` and keyword `fields`)."""
    mapping: dict[str, Any] = dict(setup or {})
    mapping.update(fields)
    if "players" not in mapping:
        mapping["players"] = [dict(p) for p in DEFAULT_PLAYERS]
    sizes = [len(p.get("army", ())) if isinstance(p.get("army"), list) else 0
             for p in mapping["players"]]
    if "warriors" not in mapping and sizes == [1, 1]:
        mapping["warriors"] = {k: dict(v) for k, v in DEFAULT_WARRIORS.items()}
    opts = dict(options or {})
    opts.setdefault("players", len(mapping["players"]))
    st = MageKnight(**opts).new_initial_state(seed, setup=mapping)
    assert isinstance(st, MageKnightState)
    return st


def new_game(seed: int = 1, **options: Any) -> MageKnightState:
    """A game as `grimorio new` starts it (army choice first)."""
    st = MageKnight(**options).new_initial_state(seed)
    assert isinstance(st, MageKnightState)
    return st


def act(st: MageKnightState, *texts: str) -> list[Event]:
    """Apply each action (checked as usual); returns the events they produced."""
    before = len(st.events)
    for text in texts:
        st.apply(text)
    return st.events[before:]


def illegal(st: MageKnightState, text: str, rule: str | None = None) -> IllegalAction:
    """Assert `text` is refused (citing `rule`, if given) and changes nothing."""
    before, events = st.digest(), len(st.events)
    try:
        st.apply(text)
    except IllegalAction as exc:
        if rule is not None:
            assert exc.rule == rule, f"refused citing {exc.rule}, expected {rule}: {exc}"
        assert st.digest() == before, "a refused action changed the state"
        assert len(st.events) == events, "a refused action logged events"
        return exc
    raise AssertionError(f"{text!r} was accepted")


def w(st: MageKnightState, wid: str) -> Warrior:
    return st.warriors[wid]


def legal(st: MageKnightState) -> list[str]:
    """The legal (candidate) actions now, as text."""
    return [a.notation() for a in st.legal_actions()]


def events(st: MageKnightState, kind: str | None = None) -> list[Event]:
    return [e for e in st.events if kind is None or e.kind == kind]


def rules(st: MageKnightState) -> set[str]:
    """Every rule id the events cited."""
    return {e.rule for e in st.events if e.rule}


def play_random(st: MageKnightState, seed: int, steps: int = 20000) -> MageKnightState:
    """Random legal actions to the end (candidates only)."""
    import random

    chooser = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            return st
        st.apply(chooser.choice(st.legal_actions()))
    raise AssertionError("no end")


def grant(monkeypatch: Any, extra: dict[str, tuple[str, ...]]) -> None:
    """Give warriors abilities their dial does not show (COMBAT; Charge, Bound and
    Invulnerability are on no Rebellion dial, MK-X7): `extra` maps warrior ids to ability keys,
    shown while the warrior is on the table and not captive (MK-12.16)."""
    original = MageKnightState.abilities

    def abilities(self: MageKnightState, wid: str) -> frozenset[str]:
        shown = original(self, wid)
        more = extra.get(wid)
        w = self.warriors[wid]
        if more and w.captor is None and not w.eliminated:
            return shown | frozenset(more)
        return shown

    monkeypatch.setattr(MageKnightState, "abilities", abilities)
