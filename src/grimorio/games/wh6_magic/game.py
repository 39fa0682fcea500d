"""Warhammer Fantasy 6th edition, the magic phase, on the grimorio core.

Rule ids (WH6-n.m, WH6-An, WH6-Xn) are in docs/rules/wh6-magic.md; the notation, the state
document and the scenario format are in docs/games/wh6-magic.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from grimorio.core.actions import Action
from grimorio.core.game import Game, Option
from grimorio.core.i18n import Text
from grimorio.core.rng import Dice
from grimorio.core.state import State
from grimorio.games.wh6_magic.actions import parse
from grimorio.games.wh6_magic.data import scenario_names
from grimorio.games.wh6_magic.setup import build
from grimorio.games.wh6_magic.state import Wh6State

# The first position of each shipped scenario, per set of options: a new game is a copy of it
# with its own dice. Its troops are shared copy-on-write and never changed (see `Wh6State`), and
# so are its caches of targets and legal declarations, valid until a game's troops change.
_TEMPLATES: dict[tuple[tuple[str, Any], ...], Wh6State] = {}
_MAX_TEMPLATES = 64


class Wh6Magic(Game):
    """Two armies alternate magic phases for a number of game turns; spells score points."""

    id: ClassVar[str] = "wh6-magic"
    name: ClassVar[Text] = Text("Warhammer 6th ed.: the magic phase",
                                "Warhammer 6ª ed.: la fase de magia")
    rule_prefix: ClassVar[str] = "WH6"
    options_spec: ClassVar[dict[str, Option]] = {
        "scenario": Option("border-clash", "shipped scenario to play (data/scenarios)",
                           choices=scenario_names()),
        "turns": Option(2, "game turns; each is one magic phase per side", minimum=1,
                        maximum=20),
        "first": Option(-1, "side that casts first (0 or 1; -1: as the scenario says, else 0)",
                        choices=(-1, 0, 1)),
        "dispel_stacking": Option("recommended", "which dispel bonuses add up: the annotators' "
                                  "'recommended' reading (WH6-8.1 to 8.3) or 'all' (WH6-A13)",
                                  choices=("recommended", "all")),
    }

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        if setup is not None:
            battle, forces = build(dict(self.options), setup)
            return Wh6State(self, seed, battle, forces)
        dice = Dice(seed)  # checks the seed first, as a fresh state would
        key = tuple(sorted(self.options.items()))
        template = _TEMPLATES.get(key)
        if template is None:  # a shipped scenario is read and checked once per set of options
            battle, forces = build(dict(self.options), None)
            template = Wh6State(self, 0, battle, forces)
            if len(_TEMPLATES) >= _MAX_TEMPLATES:
                _TEMPLATES.clear()
            _TEMPLATES[key] = template
        state = template.clone()
        state.game, state.dice = self, dice
        return state

    def parse_action(self, state: State, text: str) -> Action:
        return parse(text)

    def seat_name(self, seat: int, lang: str = "en") -> str:
        return Text(f"side {seat}", f"bando {seat}").get(lang)
