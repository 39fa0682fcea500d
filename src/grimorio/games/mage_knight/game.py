"""Mage Knight Rebellion on the grimorio core.

Rule ids (MK-n.m, MK-Gn, MK-An, MK-Xn) are in docs/rules/mage-knight.md; the notation, the
options, the setup mapping and the state document are in docs/games/mage-knight.md.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from grimorio.core.actions import Action
from grimorio.core.game import ContentCoverage, Option, SetupModuleGame
from grimorio.core.i18n import Text
from grimorio.core.state import State
from grimorio.games.mage_knight import data
from grimorio.games.mage_knight.notation import MKAction, canonical, parse

RANDOM_ARMY = "random"
TEAM_NUMBER = re.compile(r"[0-9]{1,3}")       # ASCII digits only: str.isdigit() takes '²'


class MageKnight(SetupModuleGame):
    """Two to four armies of dial-based miniatures fight on a table measured in inches."""

    id: ClassVar[str] = "mage-knight"
    name: ClassVar[Text] = Text("Mage Knight Rebellion", "Mage Knight Rebellion")
    rule_prefix: ClassVar[str] = "MK"
    setup_module: ClassVar[str] = "grimorio.games.mage_knight.setup"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    perfect_information: ClassVar[bool] = False
    options_spec: ClassVar[dict[str, Option]] = {
        "players": Option(2, "number of players, each on his own edge (MK-X8)",
                          minimum=2, maximum=4),
        "teams": Option("", "'' = each player on his own; else one team number per seat, "
                        "comma separated, e.g. 1,1,2,2 (MK-6.3, MK-X8, MK-X10)"),
        "armies": Option("", "'' = chosen in the game; else one army id or 'random' per seat, "
                         "comma separated; such lists are public (MK-2.1, MK-X12)"),
        "build_total": Option(200, "each army's build total, a multiple of 100 (MK-2.1, MK-4.2, "
                              "MK-23.2)", minimum=100, maximum=10000),
        "battlefield": Option(39.37, "side of the square battlefield, inches (MK-3.1, MK-A39)"),
        "terrain_per_player": Option(2, "terrain pieces each player adds to the pile (MK-3.2, "
                                     "MK-23.4, MK-A37)", minimum=0, maximum=2),
        "terrain": Option("pile", "'pile': players build the pile and place it; 'none': no "
                          "terrain (MK-14.1)", choices=("pile", "none")),
        "elevated_terrain": Option(False, "whether elevated pieces may go in the pile (MK-23.5)"),
        "round_limit": Option(30, "full rounds before the game stops: the engine's stand-in for "
                              "the 60-minute limit (MK-X9)", minimum=1, maximum=10000),
        "base_radius": Option(0.625, "base radius, inches (MK-A1, MK-G2, MK-X5)"),
        "front_arc": Option("figure", "front arc width: 'figure' or degrees for all (MK-A1, "
                            "MK-G3, MK-X4)"),
        "contact_tolerance": Option(0.01, "the tolerance ε of contact tests, inches (MK-G4)"),
        "path_width": Option("centre", "'centre' or 'base': what a path sweeps past figures "
                             "(MK-A4, MK-G11)", choices=("centre", "base")),
        "stop_policy": Option("reject", "a path past its first stop point is refused or cut "
                              "(MK-G12)", choices=("reject", "truncate")),
        "both_elevated_literal": Option(False, "with shooter and target elevated, no base "
                                        "blocks (MK-A8)"),
        "formation_end": Option("touching", "end test of a movement formation (MK-A13)",
                                choices=("touching", "connected")),
        "self_elimination_vp": Option("last_damager", "who scores a figure its own side "
                                      "eliminated (MK-A28)",
                                      choices=("last_damager", "nobody")),
        "dispute_rule": Option(False, "roll the etiquette die for borderline geometry "
                               "(MK-24.3, MK-A44)"),
        "owner_sees_dial": Option(False, "a figure's owner sees its whole dial (MK-X12)"),
        "hidden_armies": Option(True, "army lists stay hidden until deployed (MK-X12)"),
        "end_by_agreement": Option(True, "players may offer to stop and agree to end the "
                                   "game (MK-21.1 (3)); false: every game is fought to its "
                                   "end (MK-X17)"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.teams = parse_teams(str(self.options["teams"]), self.num_players)
        self.armies = parse_armies(str(self.options["armies"]), self.num_players,
                                   int(self.options["build_total"]))
        _check_numbers(self.options)

    @classmethod
    def content_coverage(cls) -> list[ContentCoverage]:
        """The figures of the data (docs/games/mage-knight-data.md) and their abilities: every
        one is played by the engine (the rules modules carry out each ability; Starting
        Position is only a marker on the dial, MK-18.1)."""
        lib = data.library()
        return [ContentCoverage(Text("figures", "figuras"), len(lib.figures), len(lib.figures)),
                ContentCoverage(Text("abilities", "habilidades"), len(lib.abilities),
                                len(lib.abilities))]

    def parse_action(self, state: State, text: str) -> Action:
        return MKAction(canonical(parse(text)))


def parse_teams(text: str, players: int) -> tuple[int, ...]:
    """One team number per seat; '' puts each player on a team of his own (MK-6.3)."""
    if not text.strip():
        return tuple(range(1, players + 1))
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != players or not all(TEAM_NUMBER.fullmatch(p) for p in parts):
        raise ValueError(f"option teams={text!r} must give {players} team numbers, comma "
                         "separated (e.g. 1,1,2,2)")
    teams = tuple(int(p) for p in parts)
    if len(set(teams)) < 2:
        raise ValueError(f"option teams={text!r}: at least two sides are needed (MK-21.1)")
    return teams


def parse_armies(text: str, players: int, build_total: int) -> tuple[str, ...] | None:
    """One army id or 'random' per seat, or None when armies are chosen in the game."""
    if not text.strip():
        return None
    names = tuple(p.strip().lower() for p in text.split(","))
    if len(names) != players:
        raise ValueError(f"option armies={text!r} must name {players} armies (or 'random'), "
                         "comma separated")
    lib = data.library()
    for name in names:
        if name == RANDOM_ARMY:
            continue
        army = lib.armies.get(name)
        if army is None:
            raise ValueError(f"option armies: unknown army {name!r} (known: "
                             f"{', '.join(sorted(lib.armies))}, random)")
        problems = data.army_problems(lib, army.figures, build_total)
        if problems:
            raise ValueError(f"option armies: {name} does not fit a build total of "
                             f"{build_total}: {problems[0]}")
    return names


def _check_numbers(options: Any) -> None:
    """Ranges of the options that are not whole numbers, and of front_arc."""
    if int(options["build_total"]) % 100:
        raise ValueError(f"option build_total={options['build_total']} must be a multiple of "
                         "100 (MK-2.1)")
    limits = {"battlefield": (20.0, 400.0), "base_radius": (0.1, 3.0),
              "contact_tolerance": (0.0, 0.25)}
    for name, (low, high) in limits.items():
        value = float(options[name])
        if not low <= value <= high:
            raise ValueError(f"option {name}={value} must be from {low} to {high}")
    arc = str(options["front_arc"]).strip().lower()
    if arc != "figure":
        try:
            width = float(arc)
        except ValueError:
            raise ValueError(f"option front_arc={arc!r} must be 'figure' or degrees") from None
        if not 0.0 < width <= 360.0:
            raise ValueError(f"option front_arc={arc!r} must be above 0 and at most 360")
