"""Spellbooks of the full game (Chapter VIII): read a plain-text spellbook and check it.

A spellbook file is plain UTF-8 text (the format is in docs/games/mage-wars-data.md)::

    # my first Wizard book          <- '#' starts a comment, anywhere on a line
    mage: wizard air                <- the mage, and the Wizard's elemental school (MW-S10)
    name: Storm caller              <- optional
    2 Relámpago                     <- a count and a card name, Spanish or English
    1 Lightning Ring

Card names are matched without regard to case, accents or punctuation, against each card's
English and Spanish names, the other spellings the seed prints (`aliases`, MW-B17) and the
apprentice lists' entries; a name that matches none is read as the one card whose names hold all
its words (``2 Wolf`` is Timber Wolf), and the report says so.

`check` prices every line (MW-8.5 to MW-8.12) and lists every broken rule of Chapter VIII with
its id and the points arithmetic: the budget (MW-8.3), copy limits (MW-8.13, MW-8.14) and
restrictions (MW-8.16, MW-8.17). `fit_core_sets` checks that some books, built at once, fit in N
Core Sets (MW-8.21, the counts of data/core-counts.yaml). Rule ids are in docs/rules/mage-wars.md.
"""

from __future__ import annotations

import re
import stat
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data

STARTER_DIR = data.DATA_DIR / "spellbooks"
NOVICE_COST = 1                 # MW-8.12
COPIES_LEVEL_1 = 6              # MW-8.13
COPIES_HIGHER = 4               # MW-8.13
COPIES_EPIC = 1                 # MW-8.14

SCHOOL_NAMES = {
    "dark": Text("dark", "oscura"), "holy": Text("holy", "sagrada"), "mind": Text("mind", "mente"),
    "arcane": Text("arcane", "arcana"), "war": Text("war", "guerra"),
    "nature": Text("nature", "naturaleza"), "earth": Text("earth", "tierra"),
    "air": Text("air", "aire"), "water": Text("water", "agua"), "fire": Text("fire", "fuego"),
}
STANDING = {1: Text("trained", "entrenada"), 2: Text("untrained", "sin entrenar"),
            3: Text("opposed", "opuesta")}
_HEADER = re.compile(r"([^\W\d][\w ]*?)\s*:\s*(.*)")
_CARD_LINE = re.compile(r"([0-9]+)\s*[x×]?\s+(\S.*)", re.IGNORECASE)
MAX_COUNT_DIGITS = 9           # a longer count is no card count (and no int to read)
MAX_BYTES = 256 * 1024         # far above any spellbook (a few hundred lines)
MAX_LINE = 200                 # characters in a line, comments aside
MAX_LINES = 1000               # lines read (a 120-point book needs far fewer)
_MAGE_KEYS = ("mage", "mago")
_FEMININE = frozenset({"priestess"})     # la Sacerdotisa; el Brujo, el Hechicero…
_NAME_KEYS = ("name", "nombre")


def _the(mage: data.Mage, before: str = "") -> str:
    """The mage's Spanish name with its article, after `before` ('de', 'para'): 'del Brujo',
    'de la Sacerdotisa'."""
    article = "la" if mage.id in _FEMININE else "el"
    if before == "de" and article == "el":
        return f"del {mage.name.es}"
    return " ".join(w for w in (before, article, mage.name.es) if w)


def normalize(text: str) -> str:
    """Lowercase, without accents or punctuation, single spaces ('&' is 'and')."""
    text = unicodedata.normalize("NFKD", text.replace("&", " and "))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _stem(word: str) -> str:
    """A word without a plural ending (Lobos, Halcones), for loose matching only."""
    if word.endswith("es") and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and len(word) > 3:
        return word[:-1]
    return word


# ------------------------------------------------------------------------------- the file

@dataclass(frozen=True, slots=True)
class Entry:
    """One card line: where it is, what was written and the card it names."""

    line: int
    count: int
    written: str
    card: data.Card
    loose: bool = False      # read by its words, not by an exact name


@dataclass(frozen=True, slots=True)
class Problem:
    """A broken rule (or an unreadable line, `rule` None), with the line it comes from."""

    rule: str | None
    lines: tuple[int, ...]
    text: Text


@dataclass(frozen=True, slots=True)
class Book:
    """A spellbook as read from its text: the mage, its element, the card lines and the
    problems found while reading."""

    source: str
    name: str | None
    mage: data.Mage | None
    element: str | None
    entries: tuple[Entry, ...]
    problems: tuple[Problem, ...]

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.entries)

    def copies(self, card_id: str) -> int:
        return sum(entry.count for entry in self.entries if entry.card.id == card_id)


@cache
def _index() -> dict[str, str]:
    """Every exact name (normalized) to its card id: English and Spanish names, aliases and
    the apprentice lists' entries. A name naming two cards is a data error."""
    d = data.shipped()
    names: dict[str, str] = {}

    def add(name: str, card_id: str) -> None:
        key = normalize(name)
        if names.get(key, card_id) != card_id:
            raise data.DataError(f"the card name {name!r} names {names[key]} and {card_id}")
        names[key] = card_id

    for card in d.all_cards:
        for name in (card.name.en, card.name.es, *card.aliases):
            add(name, card.id)
    for book in d.apprentice.spellbooks:
        for entry in book.entries:
            add(entry.listed_as, entry.card)
    return names


def find_card(written: str) -> tuple[list[data.Card], bool]:
    """The cards a written name may be: one card matched exactly (loose False), else every card
    whose names hold all the written words (loose True; plural endings aside)."""
    d = data.shipped()
    key = normalize(written)
    exact = _index().get(key)
    if exact is not None:
        return [d.card(exact)], False
    words = [_stem(w) for w in key.split()]
    found: dict[str, data.Card] = {}
    for have, card_id in _loose_index():
        if words and all(w in have for w in words):
            found[card_id] = d.card(card_id)
    return sorted(found.values(), key=lambda c: c.id), True


@cache
def _loose_index() -> tuple[tuple[frozenset[str], str], ...]:
    """Each exact name's words without plural endings, with its card id (`find_card`)."""
    return tuple((frozenset(_stem(w) for w in name.split()), card_id)
                 for name, card_id in _index().items())


def _mage(value: str, lineno: int) -> tuple[data.Mage | None, str | None, list[Problem]]:
    """`mage: <class> [<element>]`, in English or Spanish (Señor de las Bestias, aire…)."""
    d = data.shipped()
    text = normalize(value)
    for mage in d.mages:
        for name in sorted({mage.id, normalize(mage.name.en), normalize(mage.name.es)},
                           key=len, reverse=True):
            if text == name or text.startswith(name + " "):
                return (mage, *_element(mage, text[len(name):].strip(), lineno))
    known = ", ".join(m.id for m in d.mages)
    return None, None, [Problem("MW-8.2", (lineno,), Text(
        f"'{value}' is not a mage: the mage is one of {known}",
        f"'{value}' no es un mago: el mago es uno de {known}"))]


def _element(mage: data.Mage, text: str, lineno: int) -> tuple[str | None, list[Problem]]:
    """The elemental school the Wizard picks (MW-7.31, MW-S10); no other mage picks one."""
    choices = mage.training.choose_one_of
    school = next((s for s, n in SCHOOL_NAMES.items() if text in (s, normalize(n.es))), None)
    if not choices and text:
        return None, [Problem("MW-S10", (lineno,), Text(
            f"the {mage.name.en} picks no elemental school ('{text}')",
            f"{_the(mage)} no elige escuela elemental ('{text}')"))]
    if choices and school not in choices:
        options = ", ".join(choices)
        return None, [Problem("MW-S10", (lineno,), Text(
            f"the {mage.name.en} must pick one elemental school for the book: "
            f"mage: {mage.id} <{options.replace(', ', '|')}>"
            + (f" ('{text}' is not one)" if text else ""),
            f"{_the(mage)} debe elegir una escuela elemental para el libro: "
            f"mago: {mage.id} <{'|'.join(normalize(SCHOOL_NAMES[c].es) for c in choices)}>"
            + (f" ('{text}' no lo es)" if text else "")))]
    return school, []


def parse(text: str, source: str = "spellbook") -> Book:
    """Read a spellbook's text; what cannot be read becomes a problem of the book."""
    mage: data.Mage | None = None
    element: str | None = None
    name: str | None = None
    entries: list[Entry] = []
    problems: list[Problem] = []
    seen_mage = False
    card_lines = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) > MAX_LINE:            # no card name is this long (and no regex runs)
            problems.append(Problem(None, (lineno,), Text(
                f"a line of {len(line)} characters is no spellbook line",
                f"una línea de {len(line)} caracteres no es una línea de libro")))
            continue
        card_lines += 1
        if card_lines > MAX_LINES:
            problems.append(Problem(None, (lineno,), Text(
                f"more than {MAX_LINES} lines: the rest is not read",
                f"más de {MAX_LINES} líneas: el resto no se lee")))
            break
        header = _HEADER.fullmatch(line)
        card_line = _CARD_LINE.fullmatch(line)
        if header and not card_line:
            key = normalize(header.group(1))
            if key in _MAGE_KEYS and not seen_mage:
                seen_mage = True
                mage, element, found = _mage(header.group(2), lineno)
                problems += found
            elif key in _MAGE_KEYS:
                problems.append(Problem("MW-8.2", (lineno,), Text(
                    "a spellbook is built for one mage: a second 'mage:' line",
                    "un libro se hace para un solo mago: segunda línea 'mago:'")))
            elif key in _NAME_KEYS:
                name = header.group(2).strip() or None
            else:
                problems.append(_unreadable(lineno, raw))
            continue
        if card_line and len(card_line.group(1).lstrip("0")) > MAX_COUNT_DIGITS:
            problems.append(Problem(None, (lineno,), Text(
                f"a count of {len(card_line.group(1))} digits is no card count",
                f"un número de {len(card_line.group(1))} cifras no es una cantidad de "
                "cartas")))
            continue
        if not card_line or int(card_line.group(1)) < 1:
            problems.append(_unreadable(lineno, raw))
            continue
        entry, problem = _entry(lineno, int(card_line.group(1)), card_line.group(2).strip())
        if entry is not None:
            entries.append(entry)
        if problem is not None:
            problems.append(problem)
    if not seen_mage:
        problems.insert(0, Problem("MW-8.2", (), Text(
            "no 'mage:' line: the mage's card sets the book's limits (e.g. 'mage: warlock')",
            "falta la línea 'mago:': la carta del mago fija los límites del libro "
            "(p. ej. 'mago: brujo')")))
    return Book(source, name, mage, element, tuple(entries), tuple(problems))


def _unreadable(lineno: int, raw: str) -> Problem:
    return Problem(None, (lineno,), Text(
        f"cannot read '{raw.strip()}': a card line is a count and a card name ('2 Lobo')",
        f"no se entiende '{raw.strip()}': una línea de cartas es un número y un nombre "
        "('2 Lobo')"))


def _entry(lineno: int, count: int, written: str) -> tuple[Entry | None, Problem | None]:
    cards, loose = find_card(written)
    if len(cards) == 1:
        return Entry(lineno, count, written, cards[0], loose), None
    if not cards:
        return None, Problem("MW-8.1", (lineno,), Text(
            f"'{written}' is no spell card grimorio knows",
            f"'{written}' no es ninguna carta de hechizo que grimorio conozca"))
    some = "; ".join(f"{c.name.en} ({c.name.es})" for c in cards[:6])
    more = "…" if len(cards) > 6 else ""
    return None, Problem("MW-8.1", (lineno,), Text(
        f"'{written}' could be several cards: {some}{more}",
        f"'{written}' puede ser varias cartas: {some}{more}"))


class UnreadableBook(ValueError):
    """A spellbook file that is no spellbook text: not a regular file, too large or not
    UTF-8."""


def read(path: Path) -> Book:
    """A spellbook file (UTF-8); OSError if it cannot be opened, UnreadableBook if it is not a
    regular file, is larger than MAX_BYTES or is not UTF-8 text (read at most MAX_BYTES + 1
    bytes, so a device or a huge file costs nothing)."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise UnreadableBook(f"{path}: not a regular file")
    with path.open("rb") as handle:
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise UnreadableBook(f"{path}: too large for a spellbook (more than {MAX_BYTES} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableBook(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse(text, path.name)


def starter_path(mage_class: str) -> Path:
    """The shipped starter spellbook of a class (Chapter VIII, MW-8.20)."""
    if mage_class not in data.MAGE_CLASSES:
        raise KeyError(f"no starter spellbook for {mage_class!r}")
    return STARTER_DIR / f"{mage_class}.txt"


def starter(mage_class: str) -> Book:
    return read(starter_path(mage_class))


# ------------------------------------------------------------------------------- prices

@dataclass(frozen=True, slots=True)
class SchoolPart:
    """One school's share of a spell's price: level × multiplier (MW-8.6 to MW-8.8)."""

    school: str
    level: int
    multiplier: int

    @property
    def points(self) -> int:
        return self.level * self.multiplier

    def explain(self, lang: str) -> str:
        return (f"{SCHOOL_NAMES[self.school].get(lang)} {self.level} × {self.multiplier} "
                f"{STANDING[self.multiplier].get(lang)}")


@dataclass(frozen=True, slots=True)
class Price:
    """The spell points one copy of a card costs a mage, and how (MW-8.5 to MW-8.12)."""

    card: data.Card
    parts: tuple[SchoolPart, ...]
    novice: bool
    rule: str

    @property
    def points(self) -> int:
        return NOVICE_COST if self.novice else sum(p.points for p in self.parts)

    def explain(self, lang: str) -> str:
        if self.novice:
            return Text(f"novice: {NOVICE_COST}", f"novicio: {NOVICE_COST}").get(lang)
        parts = " + ".join(p.explain(lang) for p in self.parts)
        if self.card.school_mode == "any":
            options = "/".join(SCHOOL_NAMES[s].get(lang) for s, _ in self.card.school)
            parts = Text(f"any of {options}, the cheapest: ",
                         f"una de {options}, la más barata: ").get(lang) + parts
        return f"{parts} = {self.points}"


def price(card: data.Card, mage: data.Mage, element: str | None = None) -> Price:
    """What one copy of `card` costs `mage` (with `element` picked, for the Wizard)."""
    if card.has("novice"):
        return Price(card, (), True, "MW-8.12")
    parts = [SchoolPart(school, level, mage.training.multiplier(school, element))
             for school, level in card.school]
    if card.school_mode == "any":
        cheapest = min(parts, key=lambda p: p.points)        # the first listed on a tie
        return Price(card, (cheapest,), False, "MW-8.10")
    rule = "MW-8.11" if card.school_mode == "all" else \
        {1: "MW-8.6", 2: "MW-8.7", 3: "MW-8.8"}[parts[0].multiplier]
    return Price(card, tuple(parts), False, rule)


# ------------------------------------------------------------------------------- the check

@dataclass(frozen=True, slots=True)
class Line:
    entry: Entry
    price: Price

    @property
    def points(self) -> int:
        return self.entry.count * self.price.points


@dataclass(frozen=True, slots=True)
class Report:
    """A checked spellbook: each line's price, the total against the mage's budget and every
    broken rule (empty: the book is legal)."""

    book: Book
    lines: tuple[Line, ...]
    total: int
    budget: int | None
    violations: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def pending(self) -> tuple[data.Card, ...]:
        """The book's cards the engine cannot play yet (status pending)."""
        seen: dict[str, data.Card] = {}
        for entry in self.book.entries:
            if entry.card.pending:
                seen.setdefault(entry.card.id, entry.card)
        return tuple(seen.values())

    def render(self, lang: str = "en") -> str:
        return "\n".join(_render(self, lang))


def check(book: Book) -> Report:
    """Price every line for the book's mage and list every broken rule of Chapter VIII."""
    violations = list(book.problems)
    mage = book.mage
    if mage is None or any(p.rule == "MW-S10" for p in book.problems):
        return Report(book, (), 0, mage.spell_points if mage else None, tuple(violations))
    lines = tuple(Line(entry, price(entry.card, mage, book.element)) for entry in book.entries)
    total = sum(line.points for line in lines)
    if total > mage.spell_points:
        violations.append(Problem("MW-8.3", (), Text(
            f"the cards cost {total} spell points, {total - mage.spell_points} more than the "
            f"{mage.name.en}'s {mage.spell_points}",
            f"las cartas cuestan {total} puntos de hechizo, {total - mage.spell_points} más que "
            f"los {mage.spell_points} {_the(mage, 'de')}")))
    for card_id in dict.fromkeys(entry.card.id for entry in book.entries):
        at = tuple(e.line for e in book.entries if e.card.id == card_id)
        violations += _card_rules(data.shipped().card(card_id), book.copies(card_id), at, mage,
                                  book.element)
    return Report(book, lines, total, mage.spell_points, tuple(violations))


def _card_rules(card: data.Card, copies: int, at: tuple[int, ...], mage: data.Mage,
                element: str | None) -> list[Problem]:
    """Copy limits (MW-8.13, MW-8.14) and restrictions (MW-8.16, MW-8.17) of one card."""
    out: list[Problem] = []
    en, es = card.name.en, card.name.es
    if card.has("epic") and copies > COPIES_EPIC:
        out.append(Problem("MW-8.14", at, Text(
            f"{copies} copies of {en}, an Epic spell: at most {COPIES_EPIC}",
            f"{copies} copias de {es}, un hechizo épico: como mucho {COPIES_EPIC}")))
    limit = COPIES_LEVEL_1 if card.level == 1 else COPIES_HIGHER
    if copies > limit:
        which = Text("level 1", "de nivel 1") if card.level == 1 else \
            Text("level 2 or more", "de nivel 2 o más")
        out.append(Problem("MW-8.13", at, Text(
            f"{copies} copies of {en}, a level {card.level} spell: at most {limit} of a "
            f"{which.en} spell",
            f"{copies} copias de {es}, de nivel {card.level}: como mucho {limit} de un hechizo "
            f"{which.es}")))
    for trait in card.traits:
        if trait.keyword == "class-only" and trait.mage_class != mage.id:
            owner_mage = data.shipped().mage(str(trait.mage_class))
            owner = owner_mage.name
            out.append(Problem("MW-8.16", at, Text(
                f"{en} is for the {owner.en} only, not the {mage.name.en}",
                f"{es} es solo para {_the(owner_mage)}, no para {_the(mage)}")))
        if trait.keyword == "school-only" and trait.school not in mage.training.schools(element):
            school = SCHOOL_NAMES[str(trait.school)]
            out.append(Problem("MW-8.17", at, Text(
                f"{en} is only for mages trained in {school.en}; the {mage.name.en} is not",
                f"{es} es solo para magos entrenados en la escuela {school.es}; "
                f"{_the(mage)} no lo está")))
    return out


# ------------------------------------------------------------------------------- the report

def _render(report: Report, lang: str) -> list[str]:
    book, mage = report.book, report.book.mage
    title = book.source + (f" ({book.name})" if book.name else "")
    out = [title]
    if mage is not None:
        element = f", {SCHOOL_NAMES[book.element].get(lang)}" if book.element else ""
        out.append(Text(f"mage: {mage.name.en}{element}, {mage.spell_points} spell points "
                        "(MW-8.2, MW-8.3)",
                        f"mago: {mage.name.es}{element}, {mage.spell_points} puntos de hechizo "
                        "(MW-8.2, MW-8.3)").get(lang))
    if report.lines:
        width = max(len(f"{line.entry.count} {_card_name(line.entry, lang)}")
                    for line in report.lines)
        for line in report.lines:
            entry = line.entry
            label = f"{entry.count} {_card_name(entry, lang)}"
            each = Text("each", "cada una").get(lang)
            out.append(f"  {entry.line:>3}  {label:<{width}}  {line.price.explain(lang)} {each},"
                       f" × {entry.count} = {line.points}  ({line.price.rule})")
        count = Text(f"{book.size} cards", f"{book.size} cartas").get(lang)
        out.append(Text(f"total: {report.total} of {report.budget} spell points, {count}",
                        f"total: {report.total} de {report.budget} puntos de hechizo, {count}")
                   .get(lang))
    if report.legal:
        out.append(Text("legal: the book keeps every rule of Chapter VIII",
                        "válido: el libro cumple todas las reglas del capítulo VIII").get(lang))
    else:
        out.append(Text(f"illegal: {len(report.violations)} problem(s)",
                        f"no válido: {len(report.violations)} problema(s)").get(lang))
        for problem in report.violations:
            where = Text("line", "línea").get(lang) if len(problem.lines) == 1 else \
                Text("lines", "líneas").get(lang)
            place = f" ({where} {', '.join(map(str, problem.lines))})" if problem.lines else ""
            rule = problem.rule or Text("format", "formato").get(lang)
            out.append(f"  {rule}{place}: {problem.text.get(lang)}")
    loose = [e for e in book.entries if e.loose]
    for entry in loose:
        out.append(Text(f"  note (line {entry.line}): '{entry.written}' read as "
                        f"{entry.card.name.en}",
                        f"  nota (línea {entry.line}): '{entry.written}' se lee como "
                        f"{entry.card.name.es}").get(lang))
    if report.pending:
        out.append(Text(f"note: {len(report.pending)} of its cards have data only and cannot be "
                        "played yet (status pending)",
                        f"nota: {len(report.pending)} de sus cartas solo tienen datos y aún no se "
                        "pueden jugar (estado pendiente)").get(lang))
    return out


def _card_name(entry: Entry, lang: str) -> str:
    card = entry.card
    other = card.name.en if lang == "es" else card.name.es
    shown = card.name.get(lang)
    return shown if other == shown else f"{shown} ({other})"


# ------------------------------------------------------------------------------- collections

COLLECTIONS = ("core",)        # --collection: what a player owns (core: N Core Set boxes)


@dataclass(frozen=True, slots=True)
class Need:
    """One card of a collection check: the copies the books need together and the copies
    `sets` Core Sets hold (`each` per box; None when the count is unknown)."""

    card: data.Card
    needed: int
    sets: int
    each: int | None

    @property
    def held(self) -> int | None:
        return None if self.each is None else self.sets * self.each

    @property
    def short(self) -> bool:
        """More copies needed than held; an unknown count is never short, only unknown."""
        return self.each is not None and self.needed > self.sets * self.each


@dataclass(frozen=True, slots=True)
class Collection:
    """Whether some spellbooks, built at once, fit in `sets` Core Sets (MW-8.21)."""

    sets: int
    needs: tuple[Need, ...]

    @property
    def short(self) -> tuple[Need, ...]:
        return tuple(need for need in self.needs if need.short)

    @property
    def unknown(self) -> tuple[Need, ...]:
        return tuple(need for need in self.needs if need.each is None)

    @property
    def fits(self) -> bool:
        """No card short; cards of unknown count are reported apart and do not fail."""
        return not self.short

    def render(self, lang: str = "en") -> str:
        return "\n".join(_render_collection(self, lang))


def fit_core_sets(books: tuple[Book, ...] | list[Book], sets: int = 1) -> Collection:
    """MW-8.21: do `books` fit in `sets` Core Sets at once? Each card's copies, summed over the
    books, against `sets` × the copies one box holds (data.core_counts())."""
    if sets < 1:
        raise ValueError(f"sets must be at least 1, not {sets}")
    needed: dict[str, int] = {}
    cards: dict[str, data.Card] = {}
    for book in books:
        for entry in book.entries:
            needed[entry.card.id] = needed.get(entry.card.id, 0) + entry.count
            cards.setdefault(entry.card.id, entry.card)
    counts = data.core_counts()
    return Collection(sets, tuple(Need(cards[cid], n, sets, counts.count(cid))
                                  for cid, n in needed.items()))


def _sets_text(sets: int) -> Text:
    plural = sets > 1
    return Text(f"{sets} Core Set" + ("s" if plural else ""),
                f"{sets} caja básica" if not plural else f"{sets} cajas básicas")


def _render_collection(check: Collection, lang: str) -> list[str]:
    boxes = _sets_text(check.sets)
    short = len(check.short)
    if check.fits:
        out = [Text(f"collection: the book fits in {boxes.en} (MW-8.21)",
                    f"colección: el libro cabe en {boxes.es} (MW-8.21)").get(lang)]
    else:
        out = [Text(f"collection: the book does not fit in {boxes.en}: not enough copies of "
                    f"{short} card(s) (MW-8.21)",
                    f"colección: el libro no cabe en {boxes.es}: faltan copias de {short} "
                    "carta(s) (MW-8.21)").get(lang)]
    for need in check.short:
        held = need.held or 0
        missing = need.needed - held
        out.append("  MW-8.21: " + Text(
            f"{need.needed} {need.card.name.en} needed, {need.sets} × {need.each} = {held} in "
            f"{boxes.en}: {missing} short",
            f"se necesitan {need.needed} {need.card.name.es}, hay {need.sets} × {need.each} = "
            f"{held} en {boxes.es}: " + ("falta" if missing == 1 else "faltan") + f" {missing}")
            .get(lang))
    for need in check.unknown:
        why = data.core_counts().reason(need.card.id)
        out.append(Text(f"  note: {need.needed} {need.card.name.en} needed; how many a Core Set "
                        "holds is unknown" + (f" ({why})" if why else ""),
                        f"  nota: se necesitan {need.needed} {need.card.name.es}; no se sabe "
                        "cuántas tiene una caja básica" + (f" ({why})" if why else ""))
                   .get(lang))
    return out
