"""A fixed 2-player wiz-war layout for the engine's rule tests, and small helpers.

Blue (seat 0) has the west sector, red (seat 1) the east one, both face A, unrotated:

* homes: blue c3, red h3; treasures: blue1 b2, blue2 d4, red1 f1, red2 j5;
* column a (a1..a5) and the rows a1..e1 and a5..e5 are open lines of sight;
* blue doors on d4e and e3e, red doors on g3e; the portal a3w <-> j3e;
* by default blue stands on a1 and red on a5 (in LOS, 4 squares apart), it is round 2 (attacks
  allowed) and blue's turn has begun; hands are empty unless a test gives them; the deck holds
  ten energy-4 cards.
"""

from __future__ import annotations

import copy
from typing import Any

from grimorio.testing import Scenario, scenario

BASE: dict[str, Any] = {
    "places": [{"colour": "blue", "face": "A", "row": 0, "col": 0, "rotation": 0},
               {"colour": "red", "face": "A", "row": 0, "col": 5, "rotation": 0}],
    "colours": ["blue", "red"],
    "first": "blue",
    "round": 2,
    "wizards": {"blue": {"square": "a1"}, "red": {"square": "a5"}},
    "hands": {"blue": [], "red": []},
    "deck": ["energy-4"] * 10,
}


def setup(**changes: Any) -> dict[str, Any]:
    """The base setup with top-level fields replaced; `blue=`/`red=` update a wizard."""
    data = copy.deepcopy(BASE)
    for colour in ("blue", "red"):
        if colour in changes:
            data["wizards"][colour].update(changes.pop(colour))
    data.update(changes)
    return data


def make(seed: int = 0, **changes: Any) -> Scenario:
    """A scenario on the base layout (see `setup`)."""
    return scenario("wiz-war", setup=setup(**changes), seed=seed)


def wiz(sc: Scenario, colour: str) -> dict[str, Any]:
    """A wizard's entry of the state document."""
    found: dict[str, Any] = next(w for w in sc.doc["wizards"] if w["colour"] == colour)
    return found


def hand(sc: Scenario, colour: str) -> list[str]:
    cards: list[str] = wiz(sc, colour)["hand"]
    return cards


def edge_kind(sc: Scenario, name: str) -> str | None:
    """What stands on an edge now (None: open)."""
    from grimorio.games.wiz_war.state import WizWarState

    st = sc.state
    assert isinstance(st, WizWarState)
    sq, d = st.board.parse_edge(name)
    edge = st.board.peek_edge(sq, d)
    return None if edge is None else edge.kind


def end_turn(sc: Scenario) -> None:
    """Finish the active player's turn without discarding or drawing."""
    sc.act("end", "discard none", "draw 0")
