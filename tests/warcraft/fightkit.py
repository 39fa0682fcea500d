"""Helpers for the combat, ability and experience-card tests (COMBAT's).

    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
              "melee": 1}], mover=1)
    st.script_dice([6, 1])
    acts(st, "move se_vein heart melee=1", "done")

`war` is a position at the start of `mover`'s moves (he is First Player) in which, unless
`players` says otherwise, nobody has a card or a deck: nothing is drawn and no card window opens.
"""

from __future__ import annotations

from typing import Any

from grimorio.games.warcraft.state import WarcraftState
from tests.warcraft.wckit import ask, options, scenario

NO_CARDS = {"hand": [], "deck": []}
SEATS = {"generic-2p": 2, "generic-4p": 4, "elf-gate": 3, "the-prisoners": 2,
         "nordrassil": 4, "march-of-the-necromancers": 2}
WINDOWS = ("PlayAsk", "CardWindow")


def war(pieces: list[dict[str, Any]], *, mover: int = 1, races: str | None = "human,orc",
        game: str = "generic-2p", players: list[dict[str, Any]] | None = None,
        **fields: Any) -> WarcraftState:
    """A Movement phase of `mover` with these pieces (and no cards unless `players` gives
    them)."""
    if players is None:
        players = [dict(NO_CARDS) for _ in range(SEATS[game])]
    return scenario(pieces=pieces, races=races if game == "generic-2p" else None, game=game,
                    first_player=mover, active=mover, phase="movement", players=players,
                    **fields)


def skip_windows(st: WarcraftState) -> None:
    """Pass every card window until another kind of decision is pending."""
    while not st.is_terminal() and ask(st) in WINDOWS:
        st.apply("pass")


def until_ask(st: WarcraftState, frame: str, limit: int = 100) -> list[str]:
    """Pass card windows until a `frame` decision is pending; its options."""
    for _ in range(limit):
        if ask(st) == frame:
            return options(st)
        assert ask(st) in WINDOWS, f"expected {frame} or a window, got {ask(st)}: {options(st)}"
        st.apply("pass")
    raise AssertionError(f"no {frame} within {limit} windows")
