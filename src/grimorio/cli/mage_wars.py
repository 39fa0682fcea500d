"""`grimorio mage-wars …`: commands of the Mage Wars full game that are not play.

`grimorio mage-wars book check FILE` reads a plain-text spellbook and checks it against Chapter
VIII (the format and the rules are in docs/games/mage-wars-data.md); it exits with 0 for a legal
book, 1 for an illegal one and 2 when the file cannot be read. With `--collection core` (and
`--sets N`, default 1) it also checks that N Core Sets hold the copies the book needs (MW-8.21)
and exits with 1 when they do not. `grimorio mage-wars book starter CLASS` prints a shipped
starter spellbook, a starting point for one's own.
The main app registers this group with ``app.add_typer(app, name="mage-wars")``.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from grimorio.core.i18n import default_lang, set_lang
from grimorio.games.mage_wars import data, spellbook

app = typer.Typer(no_args_is_help=True, help="Mage Wars (full game): spellbooks.")
book_app = typer.Typer(no_args_is_help=True,
                       help="Spellbooks: check one against Chapter VIII, or print a starter.")
app.add_typer(book_app, name="book")
console = Console()

LANG_OPTION = typer.Option(None, "--lang", help="es or en (default: from the locale)")
COLLECTION_OPTION = typer.Option(
    None, "--collection", help="also check the copies against a collection: core (Core Sets)")
SETS_OPTION = typer.Option(None, "--sets", min=1,
                           help="how many Core Sets the collection has (default 1)")


def _lang(lang: str | None) -> str:
    try:
        set_lang(lang)
    except ValueError as exc:
        console.print(str(exc), markup=False, style="red")
        raise typer.Exit(code=2) from None
    return default_lang()


@book_app.command("check")
def check(
    file: Path = typer.Argument(..., help="a spellbook: 'mage: <class> [<element>]' and lines "
                                "like '2 Lobo' or '2 Timber Wolf'"),
    lang: str | None = LANG_OPTION,
    collection: str | None = COLLECTION_OPTION,
    sets: int | None = SETS_OPTION,
) -> None:
    """Check a spellbook: each card's spell points, the total and every broken rule."""
    lang = _lang(lang)
    if collection is not None and collection not in spellbook.COLLECTIONS:
        console.print(f"unknown collection {collection!r}: choose one of "
                      f"{', '.join(spellbook.COLLECTIONS)}", markup=False, style="red")
        raise typer.Exit(code=2)
    if sets is not None and collection is None:
        console.print("--sets needs --collection core", markup=False, style="red")
        raise typer.Exit(code=2)
    try:
        book = spellbook.read(file)
    except spellbook.UnreadableBook as exc:
        console.print(str(exc), markup=False, style="red")
        raise typer.Exit(code=2) from None
    except OSError as exc:
        console.print(f"{file}: {exc.strerror or exc}", markup=False, style="red")
        raise typer.Exit(code=2) from None
    report = spellbook.check(book)
    console.print(report.render(lang), markup=False, highlight=False, soft_wrap=True)
    fits = True
    if collection is not None:
        owned = spellbook.fit_core_sets([book], sets or 1)
        console.print(owned.render(lang), markup=False, highlight=False, soft_wrap=True)
        fits = owned.fits
    raise typer.Exit(code=0 if report.legal and fits else 1)


@book_app.command("starter")
def starter(
    mage_class: str = typer.Argument(..., help=f"one of {', '.join(data.MAGE_CLASSES)}"),
) -> None:
    """Print a starter spellbook of Chapter VIII (MW-8.20), ready to copy and change."""
    try:
        path = spellbook.starter_path(mage_class.strip().lower())
    except KeyError:
        console.print(f"no starter spellbook for {mage_class!r}: choose one of "
                      f"{', '.join(data.MAGE_CLASSES)}", markup=False, style="red")
        raise typer.Exit(code=2) from None
    console.print(path.read_text(encoding="utf-8"), markup=False, highlight=False, end="")
