"""Warcraft: The Board Game on the grimorio core.

Rule ids (WC-n.m, WC-An, WC-Xn) are in docs/rules/warcraft.md; the notation, the state document
and the setup mapping are in docs/games/warcraft.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from grimorio.core.actions import Action
from grimorio.core.errors import InvalidAction
from grimorio.core.game import Option, SetupModuleGame
from grimorio.core.i18n import Text
from grimorio.core.state import State
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import WCAction, canonical

SCENARIOS = ("generic-2p", "generic-4p", "elf-gate", "march-of-the-necromancers",
             "the-prisoners", "nordrassil")


class Warcraft(SetupModuleGame):
    """Two to four races move, harvest, deploy and spend until one side wins (section 1)."""

    id: ClassVar[str] = "warcraft"
    name: ClassVar[Text] = Text("Warcraft: The Board Game", "Warcraft: el Juego de Tablero")
    rule_prefix: ClassVar[str] = "WC"
    setup_module: ClassVar[str] = "grimorio.games.warcraft.setup"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    perfect_information: ClassVar[bool] = False
    options_spec: ClassVar[dict[str, Option]] = {
        "scenario": Option("generic-2p", "the scenario (WC-1.2): generic-2p, generic-4p, "
                           "elf-gate, march-of-the-necromancers, the-prisoners, nordrassil",
                           choices=SCENARIOS),
        "races": Option("random", "the races of a generic game's random seats, comma separated "
                        "in seat order, or 'random' (WC-3.2)"),
        "turn_limit": Option(25, "turns before the game stops (WC-X13)", minimum=1,
                             maximum=1000),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.scenario = data.scenario(str(self.options["scenario"]))
        self.races = parse_races(str(self.options["races"]), self.scenario)

    @property
    def num_players(self) -> int:
        return self.scenario.players

    def parse_action(self, state: State, text: str) -> Action:
        if not isinstance(text, str) or not text.strip():
            raise InvalidAction("empty action")
        return WCAction(canonical(text))


def parse_races(text: str, scenario: data.Scenario) -> tuple[str, ...] | None:
    """The races for the scenario's `random` seats, or None to draw them (WC-3.2)."""
    if text.strip().lower() == "random":
        return None
    names = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    randoms = [s for s in scenario.seats if s.race == "random"]
    if len(names) != len(randoms):
        raise ValueError(f"option races={text!r} must name {len(randoms)} race(s) for "
                         f"{scenario.id}, comma separated, or be 'random'")
    fixed = {s.race for s in scenario.seats if s.race != "random"}
    for name in names:
        if name not in data.RACES:
            raise ValueError(f"option races: unknown race {name!r} (choose from "
                             f"{', '.join(data.RACES)})")
    if len(set(names)) != len(names) or fixed & set(names):
        raise ValueError(f"option races={text!r}: one race per player (WC-1.1)")
    return names
