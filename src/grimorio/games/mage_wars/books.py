"""Spellbooks and mages of a full game (option `mode=full`, Chapters VII and VIII).

Each seat plays a starter spellbook (data/spellbooks, MW-8.20) or a book file of its own
(option `books`, or `book_file` in a setup's player), checked with spellbook.py: an illegal book
is refused with the checker's explanation (rule ids and the points arithmetic). A book file
names its mage, so it decides that seat's class; the Wizard's elemental school comes from the
book's header (MW-7.31). A full game whose books hold a card the engine does not carry out yet
(status pending, or no behaviour registered) refuses to start and names those cards, so nothing
is played half-implemented.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grimorio.games.mage_wars import data, spellbook

if TYPE_CHECKING:
    from grimorio.games.mage_wars.model import Player
    from grimorio.games.mage_wars.state import MageWarsState

STARTER = "starter"


def load(spec: str) -> spellbook.Book | None:
    """`starter` (None: the class's starter book) or the path of a book file, which must be
    legal (Chapter VIII); ValueError with the checker's report otherwise."""
    spec = spec.strip()
    if spec in ("", STARTER):
        return None
    try:
        book = spellbook.read(Path(spec).expanduser())
    except OSError as exc:
        raise ValueError(f"spellbook {spec}: cannot be read ({exc.strerror or exc})") from None
    except spellbook.UnreadableBook as exc:
        raise ValueError(f"spellbook {exc}") from None
    report = spellbook.check(book)
    if not report.legal:
        raise ValueError(f"spellbook {spec} is not legal (MW-8.3, MW-8.13-MW-8.18):\n"
                         + report.render("en"))
    return book


def parse_option(text: str) -> tuple[spellbook.Book | None, spellbook.Book | None]:
    """The option `books`: two entries in seat order, comma separated, each `starter` or a
    path."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"option books={text!r} must give two entries, comma separated "
                         "(starter or a spellbook file)")
    return load(parts[0]), load(parts[1])


def book_for(mage_class: str, book: spellbook.Book | None) -> spellbook.Book:
    return spellbook.starter(mage_class) if book is None else book


def card_ids(book: spellbook.Book) -> list[str]:
    """The book's cards as a sorted list of ids, one per copy."""
    return sorted(e.card.id for e in book.entries for _ in range(e.count))


def unplayable(cards: list[str]) -> list[str]:
    """The cards (ids, once each, sorted) the engine does not carry out yet: pending in the
    data, or with no behaviour registered (effects/registry.py)."""
    from grimorio.games.mage_wars.effects import registry

    shipped = data.shipped()
    return sorted({c for c in cards
                   if shipped.card(c).pending or not registry.implemented(c)})


def refuse_unplayable(books: list[tuple[str, list[str]]]) -> None:
    """ValueError naming every card of the books (label, cards) the engine cannot play yet."""
    lines = []
    for label, cards in books:
        missing = unplayable(cards)
        if missing:
            lines.append(f"  {label}: {', '.join(missing)}")
    if lines:
        raise ValueError("a full game needs every card of both spellbooks implemented; these "
                         "are still pending (grimorio rules mage-wars --untested says why):\n"
                         + "\n".join(lines))


def make_full(st: MageWarsState, player: Player, book: spellbook.Book | None,
              element: str | None = None) -> None:
    """Turn a seat into its full-game mage (MW-7.2, MW-7.3): the ability card's life and
    channeling, 10 mana, the book's cards, the Wizard's element (MW-7.31)."""
    mage = data.shipped().mage(player.mage_class)
    chosen = book_for(player.mage_class, book)
    player.life, player.channeling = mage.life, mage.channeling
    player.mana = mage.starting_mana
    player.book = card_ids(chosen)
    player.custom = book is not None        # a secret book of its own (state.py `_resample`)
    elements = list(st.memo.get("elements") or (None, None))
    while len(elements) <= player.seat:
        elements.append(None)
    pick = element or (chosen.element if chosen.mage is not None
                       and chosen.mage.id == mage.id else None)
    if pick is None and mage.training.choose_one_of:
        pick = mage.training.choose_one_of[0]
    elements[player.seat] = pick
    st.memo["elements"] = tuple(elements)
    st.changed()
