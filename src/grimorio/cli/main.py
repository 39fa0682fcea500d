"""The `grimorio` command: games, play, replay, rules, odds and an interactive menu."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from grimorio.agents.base import AGENTS, parse_spec
from grimorio.cli.mage_wars import app as mage_wars_app
from grimorio.cli.odds import odds
from grimorio.cli.options import parse_options
from grimorio.cli.play import Session
from grimorio.cli.render import show_events, show_view
from grimorio.cli.simulate import simulate
from grimorio.core.errors import RecordError, ScenarioError
from grimorio.core.i18n import Text, default_lang, set_lang
from grimorio.core.record import Match
from grimorio.core.registry import game_class, game_ids, load_game
from grimorio.core.rules_ref import coverage, load_reference
from grimorio.core.state import view
from grimorio.testing.scenario import read_setup

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="grimorio: tabletop magic-combat games played by their published rules.")
app.command("odds")(odds)
app.command("simulate")(simulate)
app.add_typer(mage_wars_app, name="mage-wars")
console = Console()

LANG_OPTION = typer.Option(None, "--lang", help="es or en (default: from the locale)")


def _fail(message: str) -> typer.Exit:
    console.print(f"[red]{message}[/red]")
    return typer.Exit(code=2)


def _lang(lang: str | None) -> str:
    try:
        set_lang(lang)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    return default_lang()


def _options(pairs: list[str]) -> dict[str, Any]:
    try:
        return dict(parse_options(pairs))
    except ValueError as exc:
        raise _fail(str(exc)) from None


@app.command()
def games(lang: str | None = LANG_OPTION) -> None:
    """List the games, their players, options and rules coverage."""
    lang = _lang(lang)
    table = Table(title=Text("Games", "Juegos").get(lang))
    for column in ("id", Text("name", "nombre").get(lang), Text("players", "jugadores").get(lang),
                   Text("options", "opciones").get(lang), Text("rules tested", "reglas con test")
                   .get(lang)):
        table.add_column(column)
    for game_id in game_ids():
        cls = game_class(game_id)
        report = _coverage(cls.id, cls.rule_prefix, cls.deferred_rules())
        players = f"{cls.min_players}" if cls.min_players == cls.max_players else \
            f"{cls.min_players}-{cls.max_players}"
        options = ", ".join(f"{k}={v.default}" for k, v in cls.options_spec.items()) or "-"
        content = "; ".join(item.summary(lang) for item in cls.content_coverage())
        table.add_row(cls.id, cls.name.get(lang), players, options,
                      f"{report}\n{content}" if content else report)
    console.print(table)


def _coverage(game_id: str, prefix: str, deferred: dict[str, str]) -> str:
    try:
        report = coverage(game_id, prefix, deferred=deferred)
    except FileNotFoundError:
        return "no reference"
    return report.summary() if report else "n/a (tests not installed)"


@app.command()
def play(
    game: str = typer.Argument(..., help="game id (see `grimorio games`)"),
    seat: list[str] = typer.Option(None, "--seat", help="human or an agent (random); one per seat"),
    seed: int | None = typer.Option(None, "--seed", help="seed of the dice (default: random)"),
    option: list[str] = typer.Option(None, "--option", "-o", help="game option key=value"),
    setup: Path | None = typer.Option(None, "--setup", help="a scenario file (YAML/JSON)"),
    save: Path | None = typer.Option(None, "--save", help="save the record here at the end"),
    lang: str | None = LANG_OPTION,
) -> None:
    """Play a game in the terminal: numbered legal actions, notation, undo, save."""
    lang = _lang(lang)
    match = _new_match(game, option or [], seed, setup)
    seats = list(seat or [])
    seats += ["human"] + ["random"] * (match.game.num_players - 1) if not seats else []
    if len(seats) != match.game.num_players:
        raise _fail(f"{game} needs {match.game.num_players} seats, got {len(seats)}")
    for spec in seats:
        if spec != "human" and parse_spec(spec)[0] not in AGENTS:
            raise _fail(f"unknown seat {spec!r}: human or one of {', '.join(sorted(AGENTS))}")
    try:
        session = Session(match, seats, lang, console, save)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    session.run()


def _new_match(game: str, option: list[str], seed: int | None, setup: Path | None) -> Match:
    try:
        loaded = load_game(game, **_options(option))
        description = read_setup(setup) if setup else None
        return Match(loaded, seed if seed is not None else random.randrange(1 << 30), description)
    except (ValueError, ScenarioError, OSError) as exc:
        raise _fail(str(exc)) from None


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a saved game record"),
    seat: int | None = typer.Option(None, "--seat", help="show this seat's view (default: "
                                    "spectator)"),
    step: bool = typer.Option(False, "--step", help="pause after every step"),
    lang: str | None = LANG_OPTION,
) -> None:
    """Step through a saved game, checking every step's digest."""
    lang = _lang(lang)
    try:
        match = Match.load(file)
    except RecordError as exc:
        raise _fail(f"{file}: {exc}") from None
    if seat is not None and not 0 <= seat < match.game.num_players:
        raise _fail(f"--seat must be 0..{match.game.num_players - 1}")
    states = match.replay_states()
    seen = 0
    for number, (entry, before, state) in enumerate(
            zip(match.steps, states[:-1], states[1:], strict=True), 1):
        if entry.action is None:
            continue
        who = match.game.seat_name(entry.seat, lang) if entry.seat is not None else "?"
        # the action as `seat` saw it when it was taken (a secret choice stays blank)
        text = before.describe_action(before.game.action_from(before, entry.action), seat)
        console.print(f"[bold]{number}.[/bold] {who}: [cyan]{text}[/cyan]")
        shown = view(state, seat)["log"]
        show_events(console, shown[seen:], lang)
        seen = len(shown)
        if step and console.input("").strip().lower() == "q":
            return
    final = view(match.state, seat)
    show_view(console, final, lang, f"{match.game.id} — {Text('final', 'final').get(lang)}")
    console.print(f"digest {match.state.digest()} ✓")


@app.command()
def rules(
    game: str = typer.Argument(..., help="game id"),
    rule_id: str | None = typer.Argument(None, help="one rule id, e.g. WH6-4.3"),
    untested: bool = typer.Option(False, "--untested", help="list rules no test cites"),
    lang: str | None = LANG_OPTION,
) -> None:
    """Print a game's rules reference, or one rule."""
    try:
        cls = game_class(game)
        reference = load_reference(cls.id)
    except (ValueError, FileNotFoundError) as exc:
        raise _fail(str(exc)) from None
    if untested:
        report = coverage(cls.id, cls.rule_prefix, deferred=cls.deferred_rules())
        if report is None:
            console.print("n/a (tests not installed)")
            return
        shown = _lang(lang)
        console.print(", ".join(report.missing) or Text("none", "ninguna").get(shown))
        for rule_id, reason in report.deferred.items():
            console.print(f"{rule_id}: {reason}")
        for row in cls.content_coverage():       # content not implemented yet, and why
            for item, reason in row.missing:
                console.print(f"{row.what.get(shown)} {item}: {reason}", markup=False)
        return
    if rule_id is None:
        console.print(Markdown(reference.text))
        return
    rule = reference.get(rule_id)
    if rule is None:
        raise _fail(f"{rule_id} is not a rule of {game}")
    console.print(f"[bold]{rule.id}[/bold] [dim]({rule.section})[/dim]\n{rule.text}")


@app.command()
def menu(lang: str | None = LANG_OPTION) -> None:
    """Choose a game, seats and language, then play (what `make run` starts)."""
    lang = _lang(lang)
    ids = game_ids()
    for number, game_id in enumerate(ids, 1):
        console.print(f"[bold]{number}[/bold] {game_id} — {game_class(game_id).name.get(lang)}")
    default = str(ids.index("wh6-magic") + 1) if "wh6-magic" in ids else "1"
    choice = _ask(Text("Game", "Juego").get(lang), default)
    game_id = ids[int(choice) - 1] if choice.isdigit() and 0 < int(choice) <= len(ids) else choice
    lang = _ask(Text("Language (en/es)", "Idioma (en/es)").get(lang), lang)
    opponent = _ask(Text("Opponent (random/human)", "Rival (random/human)").get(lang), "random")
    seed = _ask("Seed / semilla", str(random.randrange(10_000)))
    seats = ["human", opponent] if game_class(game_id).max_players >= 2 else ["human"]
    play(game_id, seats, int(seed) if seed.isdigit() else None, [], None, None, lang)


def _ask(question: str, default: str) -> str:
    try:
        answer = console.input(f"{question} [{default}]: ").strip()
    except EOFError:
        raise typer.Exit(code=0) from None
    return answer or default


@app.command("state")
def state_document(
    game: str = typer.Argument(..., help="game id"),
    seed: int = typer.Option(0, "--seed"),
    option: list[str] = typer.Option(None, "--option", "-o"),
    setup: Path | None = typer.Option(None, "--setup"),
    seat: int | None = typer.Option(None, "--seat"),
) -> None:
    """Print the initial view of a game as JSON (what a seat, or a spectator, sees)."""
    match = _new_match(game, option or [], seed, setup)
    if seat is not None and not 0 <= seat < match.game.num_players:
        raise _fail(f"--seat must be 0..{match.game.num_players - 1}")
    console.print_json(json.dumps(view(match.state, seat), ensure_ascii=False))


if __name__ == "__main__":
    app()
