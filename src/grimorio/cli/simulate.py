"""`grimorio simulate`: many games between agents, with a progress bar and the statistics.

The main app registers the plain function :func:`simulate` with
``app.command("simulate")(simulate)``. The work is in :mod:`grimorio.sim`.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import IO, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text as RichText

from grimorio.cli.options import parse_options
from grimorio.core.i18n import Text, default_lang, set_lang
from grimorio.sim import backends
from grimorio.sim.runner import GameResult, SimConfig, SimulationError, split_agents, validate
from grimorio.sim.stats import Distribution, Rate, Summary, Tally, summarize

T = {
    "games": Text("games", "partidas"),
    "agent": Text("agent", "agente"),
    "seat": Text("seat", "asiento"),
    "wdl": Text("W/D/L", "V/E/D"),
    "win_rate": Text("win % (95 % CI)", "victoria % (IC 95 %)"),
    "draw_rate": Text("draw % (95 % CI)", "empate % (IC 95 %)"),
    "mean_return": Text("return", "retorno"),
    "returns": Text("Returns by agent", "Retornos por agente"),
    "by_agent": Text("By agent", "Por agente"),
    "by_seat": Text("By seat", "Por asiento"),
    "length": Text("Game length (actions)", "Duración de la partida (acciones)"),
    "histogram": Text("Game length histogram", "Histograma de duración"),
    "speed": Text("Speed", "Velocidad"),
    "interrupted": Text("Interrupted: the summary covers the games finished so far.",
                        "Interrumpida: el resumen cubre las partidas terminadas hasta ahora."),
    "nothing": Text("No game finished.", "No terminó ninguna partida."),
    "playing": Text("playing", "jugando"),
    "mean": Text("mean", "media"),
    "sd": Text("sd", "desv."),
    "min": Text("min", "mín"),
    "median": Text("median", "mediana"),
    "max": Text("max", "máx"),
    "value_games": Text("value×games", "valor×partidas"),
    "rotating": Text(", rotating seats", ", asientos rotados"),
}


def _fail(console: Console, message: Text | str) -> typer.Exit:
    console.print(f"[red]{message.get() if isinstance(message, Text) else message}[/red]",
                  markup=True, highlight=False)
    return typer.Exit(code=2)


def _options(pairs: list[str]) -> dict[str, Any]:
    try:
        return dict(parse_options(pairs))
    except ValueError as exc:
        raise SimulationError(str(exc)) from None


class _RateColumn(ProgressColumn):
    """Games per second, as measured by the progress bar."""

    def render(self, task: Task) -> RichText:
        speed = task.finished_speed or task.speed
        shown = "?" if speed is None else f"{speed:,.1f}"
        return RichText(f"{shown} games/s", style="progress.data.speed")


def simulate(
    game: str = typer.Argument(..., help="game id (see `grimorio games`)"),
    n: int = typer.Option(100, "-n", "--games", help="number of games"),
    agents: str = typer.Option(..., "--agents", "-a",
                               help="one agent per seat, comma-separated: "
                                    "mcts:iters=200,random"),
    seed: int = typer.Option(0, "--seed", help="game i is played with dice seed SEED+i"),
    jobs: int | None = typer.Option(None, "--jobs", "-j",
                                    help="games at once (default: the number of cores)"),
    rotate_seats: bool = typer.Option(False, "--rotate-seats",
                                      help="game i seats the agents rotated by i"),
    backend: str = typer.Option("local", "--backend", help="local (processes) or ray"),
    address: str | None = typer.Option(None, "--address",
                                       help="Ray cluster address (e.g. auto; default: start a "
                                            "local Ray)"),
    out: Path | None = typer.Option(None, "--out", help="write one JSON line per game here"),
    records: Path | None = typer.Option(None, "--records",
                                        help="save every game's record in this folder"),
    plot: Path | None = typer.Option(None, "--plot", help="write a PNG report here"),
    option: list[str] = typer.Option(None, "--option", "-o", help="game option key=value"),
    json_out: bool = typer.Option(False, "--json", help="print the summary as JSON"),
    lang: str | None = typer.Option(None, "--lang", help="es or en (default: from the locale)"),
) -> None:
    """Play many games between agents and report win rates, lengths, returns and speed."""
    # With --json, stdout holds only the JSON document: messages and progress go to stderr.
    console = Console(stderr=json_out)
    try:
        set_lang(lang)
    except ValueError as exc:
        raise _fail(console, str(exc)) from None
    lang = default_lang()
    config = _check(console, game, n, agents, seed, jobs, rotate_seats, backend, address,
                    option or [], out, plot)

    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    sink = out.open("w", encoding="utf-8") if out is not None else None
    try:
        collected = _run(console, config, backend, jobs, address, sink, records, lang)
    except SimulationError as exc:
        console.print(f"[red]{exc}[/red]", highlight=False)
        raise typer.Exit(code=1) from None
    finally:
        if sink is not None:
            sink.close()

    seat_names = [config.load().seat_name(seat) for seat in range(len(config.agents))]
    summary = summarize(collected.results, game=config.game, specs=config.agents,
                        seat_names=seat_names, seed=config.seed, requested=config.n,
                        options=dict(config.load().options), elapsed=collected.elapsed,
                        interrupted=collected.interrupted)
    if json_out:
        document = summary.to_json()
        document.update(backend=collected.backend, jobs=collected.jobs,
                        startup_seconds=collected.startup, agents_specs=list(config.agents),
                        rotate_seats=config.rotate_seats)
        typer.echo(json.dumps(document, ensure_ascii=False))
    else:
        _report(console, summary, collected, lang)
    if plot is not None and summary.finished:
        from grimorio.sim.plots import plot_summary

        plot_summary(summary, plot, lang)
        console.print(f"{Text('plot', 'gráfico').get(lang)}: {plot}", highlight=False)
    if collected.interrupted:
        raise typer.Exit(code=130)


def _check(console: Console, game: str, n: int, agents: str, seed: int, jobs: int | None,
           rotate_seats: bool, backend: str, address: str | None, option: list[str],
           out: Path | None, plot: Path | None) -> SimConfig:
    """Every check before anything starts; a clear error and exit code 2 otherwise."""
    try:
        if backend not in backends.BACKENDS:
            raise SimulationError(f"unknown backend {backend!r}; choose "
                                  f"{' or '.join(backends.BACKENDS)}")
        if jobs is not None and jobs < 1:
            raise SimulationError(f"--jobs must be at least 1, not {jobs}")
        if address is not None and backend != "ray":
            raise SimulationError("--address is for --backend ray")
        config = validate(game, split_agents(agents), n, seed, _options(option), rotate_seats)
        if backend == "ray":
            backends.import_ray()
        if plot is not None and importlib.util.find_spec("matplotlib") is None:
            raise SimulationError("--plot needs matplotlib: pip install matplotlib")
        for path in (out, plot):
            if path is not None and not path.parent.is_dir():
                raise SimulationError(f"the folder of {path} does not exist")
    except SimulationError as exc:
        raise _fail(console, str(exc)) from None
    return config


def _run(console: Console, config: SimConfig, backend: str, jobs: int | None,
         address: str | None, sink: IO[str] | None, records: Path | None,
         lang: str) -> backends.Collected:
    where = backend if backend == "local" else (f"ray {address}" if address else "ray (local)")
    agents = " vs ".join(config.agents)
    console.print(f"[bold]{config.game}[/bold]: {config.n} {T['games'].get(lang)}, {agents}, "
                  f"seeds {config.seed}..{config.seed + config.n - 1}"
                  f"{T['rotating'].get(lang) if config.rotate_seats else ''}; {where}",
                  highlight=False)
    progress = Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        MofNCompleteColumn(), _RateColumn(), TimeElapsedColumn(), TextColumn("ETA"),
        TimeRemainingColumn(), console=console, transient=False,
    )
    task = progress.add_task(T["playing"].get(lang), total=config.n, start=False)

    def started(jobs_used: int) -> None:
        # The clock starts once the backend is up (a local Ray takes seconds to start).
        progress.update(task, description=f"{T['playing'].get(lang)} ×{jobs_used}")
        progress.start_task(task)

    def arrived(result: GameResult) -> None:
        if sink is not None:
            sink.write(json.dumps(result.to_json()) + "\n")
            sink.flush()
        if records is not None and result.record is not None:
            (records / f"game-{result.index}.json").write_text(
                json.dumps(result.record, indent=1, ensure_ascii=False), encoding="utf-8")
        progress.advance(task)

    with progress:
        return backends.collect(config, backend, jobs, address, keep_records=records is not None,
                                on_result=arrived, on_start=started, store_records=False)


# ---- the report ------------------------------------------------------------------------------

def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _rate(rate: Rate) -> str:
    low, high = rate.interval
    return f"{_pct(rate.value)} ({low * 100:.1f}–{high * 100:.1f})"


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.3g}"


def _values(dist: Distribution) -> str:
    if dist.values is None:
        return "-"
    return "  ".join(f"{_number(v)}×{c}" for v, c in dist.values.items())


def _tally_table(title: str, first: str, tallies: list[Tally], lang: str) -> Table:
    games = tallies[0].games if tallies else 0
    table = Table(title=f"{title} ({games} {T['games'].get(lang)})", box=box.SIMPLE_HEAD)
    table.add_column(first)
    table.add_column(T["wdl"].get(lang), justify="right", no_wrap=True)
    table.add_column(T["win_rate"].get(lang), justify="right", no_wrap=True)
    table.add_column(T["draw_rate"].get(lang), justify="right", no_wrap=True)
    table.add_column(T["mean_return"].get(lang), justify="right", no_wrap=True)
    for t in tallies:
        table.add_row(t.label, f"{t.wins}/{t.draws}/{t.losses}", _rate(t.win), _rate(t.draw),
                      f"{t.returns.mean:+.3f}")
    return table


def _distribution_table(title: str, rows: list[tuple[str, Distribution]], lang: str) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("")
    for heading in ("mean", "sd", "min", "median", "max"):
        table.add_column(T[heading].get(lang), justify="right")
    table.add_column(T["value_games"].get(lang))
    for label, dist in rows:
        table.add_row(label, f"{dist.mean:.3f}", f"{dist.stdev:.3f}", _number(dist.minimum),
                      _number(dist.median), _number(dist.maximum), _values(dist))
    return table


def _report(console: Console, summary: Summary, collected: backends.Collected,
            lang: str) -> None:
    if summary.interrupted:
        console.print(f"[yellow]{T['interrupted'].get(lang)}[/yellow]")
    if not summary.finished:
        console.print(T["nothing"].get(lang))
        return
    console.print(_tally_table(T["by_agent"].get(lang), T["agent"].get(lang), summary.agents,
                               lang))
    console.print(_tally_table(T["by_seat"].get(lang), T["seat"].get(lang), summary.seats, lang))
    if summary.p_value is not None:
        a, b = summary.agents
        console.print(Text(
            f"{a.label} vs {b.label}: {a.wins}-{b.wins} in decisive games, sign test p = "
            f"{summary.p_value:.3g}",
            f"{a.label} contra {b.label}: {a.wins}-{b.wins} en partidas decididas, prueba de "
            f"signos p = {summary.p_value:.3g}").get(lang), highlight=False)
    rows = [(t.label, t.returns) for t in summary.agents]
    console.print(_distribution_table(T["returns"].get(lang), rows, lang))
    console.print(_distribution_table(T["length"].get(lang),
                                      [(T["games"].get(lang), summary.length)], lang))
    console.print(_histogram(summary, lang))
    speed = Text(
        f"{summary.finished} games in {summary.elapsed:.2f} s: {summary.games_per_second:,.1f} "
        f"games/s with {collected.jobs} worker(s) on {collected.backend} "
        f"({summary.cpu_seconds_per_game * 1000:.2f} ms per game; startup "
        f"{collected.startup:.2f} s)",
        f"{summary.finished} partidas en {summary.elapsed:.2f} s: "
        f"{summary.games_per_second:,.1f} partidas/s con {collected.jobs} proceso(s) en "
        f"{collected.backend} ({summary.cpu_seconds_per_game * 1000:.2f} ms por partida; "
        f"arranque {collected.startup:.2f} s)")
    console.print(f"[bold]{T['speed'].get(lang)}[/bold]: {speed.get(lang)}", highlight=False)


def _histogram(summary: Summary, lang: str) -> Table:
    table = Table(title=T["histogram"].get(lang), show_header=False, box=None)
    table.add_column(justify="right")
    table.add_column(justify="right")
    table.add_column()
    top = max((c for _, _, c in summary.length_histogram), default=0) or 1
    for low, high, count in summary.length_histogram:
        label = str(low) if low == high else f"{low}-{high}"
        table.add_row(label, str(count), "█" * max(1 if count else 0, round(30 * count / top)))
    return table
