"""`grimorio odds`: exact casting, dispel and miscast probabilities, as tables, JSON or a plot.

The main app registers the plain function :func:`odds` with ``app.command("odds")(odds)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from grimorio.core.i18n import Text, set_lang
from grimorio.games.wh6_magic.odds import (
    MAX_DICE,
    MIN_DICE,
    CastingOdds,
    SpellOdds,
    casting_odds,
    miscast_results,
    miscast_table_odds,
    parse_policy,
    spell_odds,
)

GAMES_WITH_ODDS = ("wh6-magic",)
PLOT_DIFFICULTIES = range(3, 16)

# Short summaries of the Miscast Table rows (WH6-11.1 to WH6-11.13) for the "effect" column.
MISCAST_EFFECTS = {
    "2": Text("Explosion", "Explosión"),
    "3": Text("Thrown 3D6 cm", "Lanzado 3D6 cm"),
    "4": Text("Opponent casts a free spell", "El rival lanza un hechizo gratis"),
    "5": Text("Knocked down", "Derribado"),
    "6-7": Text("No more casting this phase", "No lanza más en esta fase"),
    "8-9": Text("Power dice lost, casting ends", "Se pierden los dados de energía"),
    "10": Text("One wound", "Una herida"),
    "11": Text("Loses a level", "Pierde un nivel"),
    "12": Text("Daemonic attack: spell goes off with IF", "Ataque demoníaco: sale con FI"),
}


@dataclass(frozen=True)
class _Row:
    """Everything computed for one number of power dice."""

    casting: CastingOdds
    spell: SpellOdds | None
    miscasts: dict[str, Fraction]


def _fail(en: str, es: str, param: str) -> typer.BadParameter:
    return typer.BadParameter(Text(en, es).get(), param_hint=param)


def _check_inputs(game: str, dice: int | None, dispel_dice: int | None, policy: str) -> None:
    """Bilingual usage errors before any computation (exit code 2)."""
    if game not in GAMES_WITH_ODDS:
        known = ", ".join(GAMES_WITH_ODDS)
        raise _fail(f"no odds for game {game!r}; games with odds: {known}",
                    f"no hay probabilidades para el juego {game!r}; juegos con ellas: {known}",
                    "GAME")
    if dice is not None and not MIN_DICE <= dice <= MAX_DICE:
        raise _fail(f"power dice must be from {MIN_DICE} to {MAX_DICE}, got {dice}",
                    f"los dados de energía van de {MIN_DICE} a {MAX_DICE}, no {dice}", "--dice")
    if dispel_dice is not None and not 0 <= dispel_dice <= MAX_DICE:
        raise _fail(f"dispel dice must be from 0 to {MAX_DICE}, got {dispel_dice}",
                    f"los dados de dispersión van de 0 a {MAX_DICE}, no {dispel_dice}",
                    "--dispel-dice")
    try:
        parse_policy(policy)
    except ValueError:
        raise _fail(f"unknown policy {policy!r}: use always, never, scroll or above:T",
                    f"política desconocida {policy!r}: usa always, never, scroll o above:T",
                    "--policy") from None


def _rows(dice: int | None, difficulty: int, dispel_dice: int | None, modifier: int,
          dispel_bonus: int, policy: str) -> list[_Row]:
    rows = []
    for n in [dice] if dice is not None else range(MIN_DICE, MAX_DICE + 1):
        spell = None if dispel_dice is None else spell_odds(
            n, difficulty, dispel_dice, modifier, dispel_bonus, policy)
        rows.append(_Row(casting_odds(n, difficulty, modifier), spell, miscast_results(n)))
    return rows


def _document(rows: list[_Row]) -> dict[str, Any]:
    """The single JSON document of ``--json``."""
    first = rows[0].casting
    return {
        "game": "wh6-magic",
        "difficulty": first.difficulty,
        "modifier": first.modifier,
        "miscast_table": {k: {"probability": float(p), "fraction": str(p)}
                          for k, p in miscast_table_odds().items()},
        "by_dice": [{
            "dice": row.casting.dice,
            "casting": row.casting.to_json(),
            "spell": None if row.spell is None else row.spell.to_json(include_casting=False),
            "miscast_results": {k: {"probability": float(p), "fraction": str(p)}
                                for k, p in row.miscasts.items()},
        } for row in rows],
    }


# --------------------------------------------------------------------------- rich rendering

def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _cell(p: Fraction) -> str:
    """Percentage over exact fraction, stacked so wide fractions do not crowd the table."""
    return f"{_pct(p)}\n{p}"


def _table(title: Text, *columns: Text, text_columns: int = 1) -> Table:
    """A table whose first ``text_columns`` columns hold words and the rest numbers."""
    table = Table(title=title.get())
    for i, column in enumerate(columns):
        table.add_column(column.get(), justify="left" if i < text_columns else "right")
    return table


def _casting_table(rows: list[_Row]) -> Table:
    """Casting outcomes: one outcome per line for one dice count, else one line per count."""
    c = rows[0].casting
    names = (Text("Miscast", "Disfunción"), Text("Irresistible Force", "Fuerza Irresistible"),
             Text("Fails", "Falla"), Text("Cast (dispellable)", "Lanzado (dispersable)"))
    rules = ("WH6-5.1", "WH6-5.2", "WH6-4.3/4.5", "WH6-4.6")
    title = Text(f"Casting vs difficulty {c.difficulty} (modifier {c.modifier:+d})",
                 f"Lanzamiento contra dificultad {c.difficulty} (modificador {c.modifier:+d})")
    if len(rows) == 1:
        title += Text(f", {c.dice} dice", f", {c.dice} dados")
        table = _table(title, Text("Outcome", "Resultado"), Text("Rule", "Regla"),
                       Text("Chance", "Probabilidad"), Text("Exact", "Exacta"),
                       text_columns=2)
        values = (c.miscast, c.irresistible, c.failed, c.cast)
        for name, rule, p in zip(names, rules, values, strict=True):
            table.add_row(name.get(), rule, _pct(p), str(p))
        return table
    table = _table(title, Text("Dice", "Dados"), *names)
    for row in rows:
        r = row.casting
        table.add_row(str(r.dice), *(_cell(p) for p in (r.miscast, r.irresistible, r.failed,
                                                        r.cast)))
    return table


def _spell_title(spell: SpellOdds) -> Text:
    return Text(
        f"Dispel: {spell.dispel_dice} dice, bonus {spell.dispel_bonus:+d}, policy {spell.policy}",
        f"Dispersión: {spell.dispel_dice} dados, bonificador {spell.dispel_bonus:+d}, "
        f"política {spell.policy}")


def _spell_table(rows: list[_Row]) -> Table:
    """Where the attempt ends once the opponent's dispel policy is applied."""
    spells = [row.spell for row in rows if row.spell is not None]
    title = _spell_title(spells[0])
    if len(spells) == 1:
        s = spells[0]
        table = _table(title, Text("Outcome", "Resultado"), Text("Chance", "Probabilidad"),
                       Text("Exact", "Exacta"))
        lines = (
            (Text("Dispel succeeds, when cast (no IF)",
                  "Dispersión con éxito, si se lanza (sin FI)"), s.dispel_chance),
            (Text("Goes off (before range)", "Sale el hechizo (antes del alcance)"), s.goes_off),
            (Text("  by Irresistible Force", "  por Fuerza Irresistible"), s.irresistible),
            (Text("  by miscast 12 (WH6-11.13)", "  por disfunción 12 (WH6-11.13)"),
             s.miscast_irresistible),
            (Text("  cast and not dispelled", "  lanzado y no dispersado"), s.cast_not_dispelled),
            (Text("Dispelled", "Dispersado"), s.dispelled),
            (Text("Failed", "Fallado"), s.failed),
            (Text("Miscast without effect", "Disfunción sin efecto"), s.miscast_no_effect),
        )
        for name, p in lines:
            table.add_row(name.get(), _pct(p), str(p))
        return table
    table = _table(title, Text("Dice", "Dados"), Text("Goes off", "Sale"),
                   Text("Dispelled", "Dispersado"), Text("Dispel chance", "Prob. dispersar"))
    for s in spells:
        table.add_row(str(s.casting.dice), _cell(s.goes_off), _cell(s.dispelled),
                      _cell(s.dispel_chance))
    return table


def _miscast_table(rows: list[_Row]) -> Table:
    """The 2D6 Miscast Table odds, and jointly with a miscast when one dice count is chosen."""
    single = rows[0] if len(rows) == 1 else None
    columns = [Text("2D6", "2D6"), Text("Effect", "Efecto"),
               Text("If miscast", "Si hay disfunción")]
    if single is not None:
        n = single.casting.dice
        columns.append(Text(f"Miscast and result, {n} dice", f"Disfunción y resultado, {n} dados"))
    title = Text("Miscast Table (WH6-10.1)", "Tabla de disfunciones (WH6-10.1)")
    table = _table(title, *columns, text_columns=2)
    for key, p in miscast_table_odds().items():
        cells = [key, MISCAST_EFFECTS[key].get(), _cell(p)]
        if single is not None:
            cells.append(_cell(single.miscasts[key]))
        table.add_row(*cells)
    return table


def _render(rows: list[_Row]) -> None:
    console = Console()
    console.print(_casting_table(rows))
    if rows[0].spell is not None:
        console.print(_spell_table(rows))
    console.print(_miscast_table(rows))


# --------------------------------------------------------------------------- plot

def _plot(path: Path, dispel_dice: int, modifier: int, dispel_bonus: int, policy: str) -> None:
    """P(cast or IF) and P(goes off) against difficulty 3-15, one line per dice count 1-6."""
    # Lazy imports: matplotlib is slow to import and only this option needs it.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(11, 4.5))
    FigureCanvasAgg(figure)  # attaches the Agg canvas, so no GUI backend is ever touched
    left, right = figure.subplots(1, 2, sharey=True)
    xs = list(PLOT_DIFFICULTIES)
    for n in range(MIN_DICE, MAX_DICE + 1):
        label = (Text("1 die", "1 dado") if n == 1 else Text(f"{n} dice", f"{n} dados")).get()
        cast = [casting_odds(n, d, modifier) for d in xs]
        off = [spell_odds(n, d, dispel_dice, modifier, dispel_bonus, policy) for d in xs]
        left.plot(xs, [100 * float(c.cast + c.irresistible) for c in cast], marker="o", label=label)
        right.plot(xs, [100 * float(s.goes_off) for s in off], marker="o", label=label)
    left.set_title(Text("Cast or Irresistible Force", "Lanzado o Fuerza Irresistible").get())
    right.set_title(Text(f"Goes off ({dispel_dice} dispel dice, {policy})",
                         f"Sale ({dispel_dice} dados de dispersión, {policy})").get())
    for axes in (left, right):
        axes.set_xlabel(Text("Difficulty", "Dificultad").get())
        axes.set_xticks(xs)
        axes.grid(alpha=0.3)
    left.set_ylabel("%")
    left.legend()
    figure.tight_layout()
    figure.savefig(path)


# --------------------------------------------------------------------------- command

def odds(
    game: str = typer.Argument(..., help="Game id; only wh6-magic has odds for now."),
    dice: int | None = typer.Option(None, "--dice", help="Power dice (1-6); all if omitted."),
    difficulty: int = typer.Option(7, "--difficulty", help="Spell difficulty."),
    dispel_dice: int | None = typer.Option(None, "--dispel-dice",
                                           help="Opponent's dispel dice (0-6)."),
    modifier: int = typer.Option(0, "--modifier", help="Added to the casting roll."),
    dispel_bonus: int = typer.Option(0, "--dispel-bonus", help="Added to the dispel roll."),
    policy: str = typer.Option("always", "--policy",
                               help="Dispel policy: always, never, scroll or above:T."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON document only."),
    plot: Path | None = typer.Option(None, "--plot", help="Write a PNG plot to this file."),
    lang: str | None = typer.Option(None, "--lang", help="Language: en or es."),
) -> None:
    """Exact odds of casting, dispelling and miscasting a spell (WH6-4.8, WH6-7.6, WH6-10.1)."""
    if lang is not None:
        try:
            set_lang(lang)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--lang") from None
    _check_inputs(game, dice, dispel_dice, policy)
    rows = _rows(dice, difficulty, dispel_dice, modifier, dispel_bonus, policy)
    if plot is not None:
        try:
            _plot(plot, dispel_dice or 0, modifier, dispel_bonus, policy)
        except OSError as error:
            raise _fail(f"cannot write the plot: {error}", f"no se puede escribir el gráfico: "
                        f"{error}", "--plot") from None
    if json_out:
        typer.echo(json.dumps(_document(rows), indent=2))
        return
    _render(rows)
    if plot is not None:
        Console().print(Text(f"Plot written to {plot}", f"Gráfico guardado en {plot}").get())
