"""Mage Wars on the grimorio core: Apprentice mode, and the full game (option `mode=full`: the
four full mages of mages.yaml with their abilities, effects/mages.py; spellbooks checked by
spellbook.py and loaded by books.py; the Core Set cards as they are implemented).

Rule ids (MW-n.m, MW-X-n.m, MW-An, MW-Bn, MW-Cn, MW-Sn) are in docs/rules/mage-wars.md; the
notation, the state document and the setup mapping are in docs/games/mage-wars.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from grimorio.core.actions import Action
from grimorio.core.errors import InvalidAction
from grimorio.core.game import ContentCoverage, Option, SetupModuleGame
from grimorio.core.i18n import Text
from grimorio.core.state import State
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import MWAction, canonical

DEFAULT_CLASSES = "warlock,beastmaster"      # the rulebook's advice for a first game (MW-1.9)


class MageWars(SetupModuleGame):
    """Two Apprentice mages duel in the arena until one falls (MW-1.1)."""

    id: ClassVar[str] = "mage-wars"
    name: ClassVar[Text] = Text("Mage Wars", "Mage Wars")
    rule_prefix: ClassVar[str] = "MW"
    setup_module: ClassVar[str] = "grimorio.games.mage_wars.setup"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    perfect_information: ClassVar[bool] = False
    options_spec: ClassVar[dict[str, Option]] = {
        "arena": Option("apprentice", "the arena: apprentice (2x3) or full (3x4) (MW-1.4, "
                        "MW-2.3)", choices=("apprentice", "full")),
        "classes": Option(DEFAULT_CLASSES, "the two mages' classes in seat order, comma "
                          "separated; 'random' picks one (MW-1.7, MW-1.9)"),
        "mirror": Option(False, "allow both players the same class (MW-A25)"),
        "mode": Option("apprentice", "apprentice mages and books, or the full game: the four "
                       "full mages with their abilities on the 3x4 arena (MW-7.1, MW-7.2)",
                       choices=("apprentice", "full")),
        "books": Option("starter,starter", "full game: each seat's spellbook, comma separated: "
                        "starter or a spellbook file, which names its mage (MW-8.20)"),
        "round_limit": Option(30, "rounds before the game ends on life left (MW-S9)",
                              minimum=1, maximum=10_000),
        "damage_barrier_limit": Option("per_round", "a Damage Barrier attacks an attacker once "
                                       "per round or once per attack action (MW-B3)",
                                       choices=("per_round", "per_attack_action")),
        "damage_barrier_targets": Option("any", "Damage Barriers answer any melee attacker or "
                                         "enemies only (MW-C9)", choices=("any", "enemy")),
        "vampiric_cap": Option("remaining_life", "Vampiric counts damage up to the target's "
                               "remaining life or its total life (MW-C5)",
                               choices=("remaining_life", "total_life")),
        "daze_multistrike": Option("all_miss", "a failed Daze roll makes every strike of a "
                                   "multiple attack miss, or the first only (MW-C23)",
                                   choices=("all_miss", "first_only")),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.classes = parse_classes(str(self.options["classes"]), bool(self.options["mirror"]))
        self.full = self.options["mode"] == "full"
        self.books: tuple[Any, Any] = (None, None)
        if not self.full and any(b.strip() not in ("", "starter")
                                 for b in str(self.options["books"]).split(",")):
            raise ValueError("option books needs mode=full: an apprentice game plays the "
                             "apprentice books (MW-A1)")
        if self.full:                       # a book file decides its seat's mage (MW-8.2)
            from grimorio.games.mage_wars import books

            self.books = books.parse_option(str(self.options["books"]))
            classes = [c if b is None or b.mage is None else b.mage.id
                       for c, b in zip(self.classes, self.books, strict=True)]
            self.classes = parse_classes(",".join(classes), bool(self.options["mirror"]))

    @classmethod
    def content_coverage(cls) -> list[ContentCoverage]:
        """Cards whose whole behaviour the engine carries out, over every card with data (the
        Core Set): those whose data is enough (`registry.DATA_ONLY`) and those with a script
        (effects/registry.py). The rest are listed with the reason: a pending card's
        `status_reason`, or "no script" for a card marked implemented that has none."""
        from grimorio.games.mage_wars.effects import registry

        cards = data.shipped().all_cards
        missing = tuple((card.id, card.status_reason or "marked implemented, but no script")
                        for card in cards if not registry.implemented(card.id))
        return [ContentCoverage(Text("cards", "cartas"), len(cards) - len(missing), len(cards),
                                missing)]

    @classmethod
    def deferred_rules(cls) -> dict[str, str]:
        """The full game's rules (Chapters VII–IX and the Codex entries no apprentice card
        uses) belong to issue 8; the coverage report lists them apart (scope.py)."""
        from grimorio.games.mage_wars.scope import deferred_rules

        return deferred_rules()

    def parse_action(self, state: State, text: str) -> Action:
        if not isinstance(text, str) or not text.strip():
            raise InvalidAction("empty action")
        return MWAction(canonical(text))


def parse_classes(text: str, mirror: bool) -> tuple[str, str]:
    """Two classes (or 'random'), different unless `mirror` (MW-1.9, MW-A25)."""
    names = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    if len(names) != 2:
        raise ValueError(f"option classes={text!r} must name two classes, comma separated")
    for name in names:
        if name != "random" and name not in data.MAGE_CLASSES:
            raise ValueError(f"option classes: unknown class {name!r} (choose from "
                             f"{', '.join(data.MAGE_CLASSES)} or random)")
    if names[0] == names[1] and names[0] != "random" and not mirror:
        raise ValueError(f"option classes: both players are {names[0]}; a mirror match needs "
                         "mirror=true (MW-A25)")
    return names[0], names[1]
