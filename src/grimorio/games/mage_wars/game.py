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
MORE_CLASSES = ("wizard", "priestess")      # the default grows with 3 or 4 seats (MW-9.1)
FORMATS = ("auto", "ffa", "teams")          # MW-9.6, MW-9.11; auto: duel, ffa (3), teams (4)


class MageWars(SetupModuleGame):
    """Two Apprentice mages duel in the arena until one falls (MW-1.1)."""

    id: ClassVar[str] = "mage-wars"
    name: ClassVar[Text] = Text("Mage Wars", "Mage Wars")
    rule_prefix: ClassVar[str] = "MW"
    setup_module: ClassVar[str] = "grimorio.games.mage_wars.setup"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    perfect_information: ClassVar[bool] = False
    options_spec: ClassVar[dict[str, Option]] = {
        "players": Option(2, "number of mages: 2 (a duel) or 3-4 (Chapter IX, needs mode=full; "
                          "MW-9.1)", minimum=2, maximum=4),
        "format": Option("auto", "3-4 players: ffa (free-for-all, MW-9.11) or teams (2 v 2, "
                         "MW-9.6); auto: ffa for 3, teams for 4", choices=FORMATS),
        "arena": Option("apprentice", "the arena: apprentice (2x3) or full (3x4) (MW-1.4, "
                        "MW-2.3); a free-for-all plays on the free-for-all arena (6x4, MW-9.12) "
                        "unless full is chosen (MW-B28)", choices=("apprentice", "full")),
        "classes": Option(DEFAULT_CLASSES, "the mages' classes in seat order, comma "
                          "separated, one per seat; 'random' picks one (MW-1.7, MW-1.9)"),
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
        "pass_compare": Option("every_seat", "3-4 players: a seat may pass while any other "
                               "seat has more active creatures (every_seat, team-mates too) or "
                               "only an enemy seat (opponents) (MW-9.5, MW-B23)",
                               choices=("every_seat", "opponents")),
        "daze_multistrike": Option("all_miss", "a failed Daze roll makes every strike of a "
                                   "multiple attack miss, or the first only (MW-C23)",
                                   choices=("all_miss", "first_only")),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        seats = self.num_players
        self.format, self.teams = parse_format(seats, str(self.options["format"]),
                                               str(self.options["mode"]))
        classes_text = str(self.options["classes"])
        if seats > 2 and classes_text == DEFAULT_CLASSES:     # one class per seat (MW-9.1)
            classes_text = ",".join([DEFAULT_CLASSES, *MORE_CLASSES[:seats - 2]])
        books_text = str(self.options["books"])
        if seats > 2 and books_text == "starter,starter":
            books_text = ",".join(["starter"] * seats)
        mirror = bool(self.options["mirror"])
        self.classes = parse_classes(classes_text, mirror, seats)
        self.full = self.options["mode"] == "full"
        self.books: tuple[Any, ...] = (None,) * seats
        if not self.full and any(b.strip() not in ("", "starter")
                                 for b in books_text.split(",")):
            raise ValueError("option books needs mode=full: an apprentice game plays the "
                             "apprentice books (MW-A1)")
        if self.full:                       # a book file decides its seat's mage (MW-8.2)
            from grimorio.games.mage_wars import books

            self.books = books.parse_option(books_text) if seats == 2 \
                else parse_books(books_text, seats)
            classes = [c if b is None or b.mage is None else b.mage.id
                       for c, b in zip(self.classes, self.books, strict=True)]
            self.classes = parse_classes(",".join(classes), mirror, seats)

    def arena_for(self) -> str:
        """The arena a new game plays on: the Apprentice arena or the full one for a duel
        (MW-1.4, MW-7.1); the full arena for teams (MW-9.9); the free-for-all arena, or the
        full one when `arena=full` is chosen, for a free-for-all (MW-9.12, MW-B28)."""
        if self.format == "ffa":
            return "full" if self.options["arena"] == "full" else "free-for-all"
        return "full" if self.full else str(self.options["arena"])

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


def parse_classes(text: str, mirror: bool, seats: int = 2) -> tuple[str, ...]:
    """One class (or 'random') per seat, all different unless `mirror` (MW-1.9, MW-A25;
    with 3-4 seats the second core set of MW-9.2 makes a repeated class possible)."""
    names = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    if len(names) != seats:
        count = "two" if seats == 2 else str(seats)
        raise ValueError(f"option classes={text!r} must name {count} classes, comma separated")
    for name in names:
        if name != "random" and name not in data.MAGE_CLASSES:
            raise ValueError(f"option classes: unknown class {name!r} (choose from "
                             f"{', '.join(data.MAGE_CLASSES)} or random)")
    chosen = [n for n in names if n != "random"]
    twice = next((n for n in chosen if chosen.count(n) > 1), None)
    if twice is not None and not mirror:
        who = "both players are" if seats == 2 else "two players are"
        raise ValueError(f"option classes: {who} {twice}; a mirror match needs "
                         "mirror=true (MW-A25)")
    return names


def parse_format(seats: int, wanted: str, mode: str) -> tuple[str, tuple[int, ...]]:
    """The game's format (duel, ffa or teams) and each seat's team (-1: plays alone). Three or
    four mages need the full game (MW-9.1); teams are two against two, the seats alternating
    teams (MW-9.6: seats 0 and 2 against 1 and 3); the seed gives no three-player teams."""
    if seats == 2:
        if wanted != "auto":
            raise ValueError(f"option format={wanted}: a format is for 3 or 4 players "
                             "(Chapter IX); two players play a duel")
        return "duel", (-1, -1)
    if mode != "full":
        raise ValueError(f"option players={seats} needs mode=full: multiplayer games are "
                         "played with full mages (Chapter IX, MW-9.1)")
    chosen = wanted if wanted != "auto" else ("teams" if seats == 4 else "ffa")
    if chosen == "teams":
        if seats != 4:
            raise ValueError(f"option format=teams needs exactly 4 players (2 v 2, MW-9.6); "
                             f"{seats} players play ffa")
        return "teams", (0, 1, 0, 1)
    return "ffa", (-1,) * seats


def parse_books(text: str, seats: int) -> tuple[Any, ...]:
    """The option `books` for 3-4 seats: one entry per seat, `starter` or a book file."""
    from grimorio.games.mage_wars import books

    parts = [p.strip() for p in text.split(",")]
    if len(parts) != seats:
        raise ValueError(f"option books={text!r} must give {seats} entries, comma separated "
                         "(starter or a spellbook file)")
    return tuple(books.load(part) for part in parts)
