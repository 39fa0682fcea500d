"""Wiz-War (8th edition) on the grimorio core.

Rule ids (WW-n.m, WW-An, WW-Xn) are in docs/rules/wiz-war.md; the notation, the state document
and the setup mapping are in docs/games/wiz-war.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grimorio.core.actions import Action
from grimorio.core.errors import ScenarioError
from grimorio.core.game import ContentCoverage, Game, Option
from grimorio.core.i18n import Text
from grimorio.core.rng import Dice
from grimorio.core.state import State
from grimorio.games.wiz_war import cards as card_data
from grimorio.games.wiz_war.actions import parse
from grimorio.games.wiz_war.board import COLOURS, Board, SectorPlace
from grimorio.games.wiz_war.effects import registry
from grimorio.games.wiz_war.model import Treasure
from grimorio.games.wiz_war.rules import turn as turn_rules
from grimorio.games.wiz_war.setup import apply_setup
from grimorio.games.wiz_war.state import WizWarState

DEFAULT_SCHOOLS = "alchemy,elemental,mentalism"


class WizWar(Game):
    """2 to 4 wizards race for two victory points in a maze (WW-1.1)."""

    id: ClassVar[str] = "wiz-war"
    name: ClassVar[Text] = Text("Wiz-War", "Wiz-War")
    rule_prefix: ClassVar[str] = "WW"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    perfect_information: ClassVar[bool] = False
    options_spec: ClassVar[dict[str, Option]] = {
        "players": Option(2, "number of players (WW-1.1)", minimum=2, maximum=4),
        "schools": Option(DEFAULT_SCHOOLS, "three schools added to the cantrip deck, comma "
                          "separated (WW-2.7, WW-2.8)"),
        "face": Option("A", "sector board side: A (new) or B (classic) (WW-2.2)",
                       choices=("A", "B")),
        "turn_limit": Option(40, "rounds before the game ends on points (WW-X20)", minimum=1,
                             maximum=1000),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.schools = parse_schools(str(self.options["schools"]))

    @classmethod
    def content_coverage(cls) -> list[ContentCoverage]:
        cards = card_data.load_cards()
        done = sum(1 for c in cards.values()
                   if c.types == ("energy",) or registry.implemented(c.effect))
        return [ContentCoverage(Text("cards", "cartas"), done, len(cards))]

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        cards = card_data.load_cards()
        if setup is not None:
            return apply_setup(self, seed, cards, setup)
        dice = Dice(seed)
        colours = list(COLOURS)
        dice.shuffle(colours)                                   # WW-2.1
        colours = colours[:self.num_players]
        board = Board.build(colours, str(self.options["face"]), dice)   # WW-2.3, WW-X1
        keys = tuple(card_data.deck_keys(cards, self.schools))  # WW-2.7, WW-A25
        st = WizWarState(self, seed, cards, keys, board, tuple(colours),
                         int(self.options["turn_limit"]))
        st.dice = dice
        place_treasures(st)
        st.deck = list(range(len(keys)))
        st.dice.shuffle(st.deck)
        for wiz in st.wizards:                                  # WW-2.9
            wiz.hand, st.deck = st.deck[-5:], st.deck[:-5]
        st.first = st.dice.randint(1, len(colours)) - 1         # WW-2.12
        turn_rules.begin_turn(st, st.first)
        return st

    def parse_action(self, state: State, text: str) -> Action:
        assert isinstance(state, WizWarState)
        return parse(state.board, state.colours, text)


def place_treasures(st: WizWarState) -> None:
    """Two treasures per player on his treasure start squares (WW-2.6)."""
    for colour in st.colours:
        for n, sq in enumerate(st.board.treasure_starts(colour), start=1):
            st.treasures.append(Treasure(colour, n, sq))


def parse_schools(text: str) -> tuple[str, ...]:
    """Three distinct selectable schools (WW-2.7: never the cantrip, which is always in)."""
    schools = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    if len(schools) != 3 or len(set(schools)) != 3:
        raise ValueError(f"option schools={text!r} must name three different schools")
    bad = [s for s in schools if s not in card_data.SELECTABLE]
    if bad:
        raise ValueError(f"option schools: unknown school {bad[0]!r} "
                         f"(choose from {', '.join(card_data.SELECTABLE)})")
    return schools


def fixed_places(colours: list[str], raw: Any) -> Board:
    """A board from the setup's `places` list (ScenarioError on bad input)."""
    if not isinstance(raw, list) or len(raw) != len(colours):
        raise ScenarioError("places: one {colour, face, row, col, rotation} per player")
    places = []
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise ScenarioError("places: each entry is a mapping")
        try:
            places.append(SectorPlace(str(entry["colour"]), str(entry.get("face", "A")),
                                      int(entry["row"]), int(entry["col"]),
                                      int(entry.get("rotation", 0))))
        except (KeyError, TypeError, ValueError) as exc:
            raise ScenarioError(f"places: bad entry {dict(entry)!r}: {exc}") from None
    try:
        return Board.from_places(places)
    except ValueError as exc:
        raise ScenarioError(f"places: {exc}") from None
