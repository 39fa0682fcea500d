"""`--plot`: win rates with their Wilson intervals, and the game-length histogram, in one PNG."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.sim.stats import Summary, Tally

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def _bars(axis: Axes, tallies: list[Tally], title: str, lang: str) -> None:
    labels = [t.label for t in tallies]
    x = list(range(len(tallies)))
    width = 0.38
    for offset, name, rates, colour in (
            (-width / 2, Text("win", "victoria").get(lang), [t.win for t in tallies], "tab:green"),
            (width / 2, Text("draw", "empate").get(lang), [t.draw for t in tallies], "tab:gray")):
        values = [r.value for r in rates]
        errors = [[max(0.0, r.value - r.interval[0]) for r in rates],
                  [max(0.0, r.interval[1] - r.value) for r in rates]]
        axis.bar([i + offset for i in x], values, width, yerr=errors, capsize=4, label=name,
                 color=colour)
    axis.set_xticks(x, labels, rotation=15 if len(labels) > 2 else 0)
    axis.set_ylim(0, 1)
    axis.set_ylabel(Text("rate (Wilson 95 %)", "tasa (Wilson 95 %)").get(lang))
    axis.set_title(title)
    axis.legend()


def plot_summary(summary: Summary, path: Path, lang: str = "en") -> None:
    """Write the report figure to `path` (PNG, matplotlib with the Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    figure, (agents, seats, lengths) = plt.subplots(1, 3, figsize=(15, 4.5))
    _bars(agents, summary.agents, Text("By agent", "Por agente").get(lang), lang)
    _bars(seats, summary.seats, Text("By seat", "Por asiento").get(lang), lang)
    bins = summary.length_histogram
    if bins:
        lengths.bar([(lo + hi) / 2 for lo, hi, _ in bins], [c for _, _, c in bins],
                    width=[hi - lo + 1 for lo, hi, _ in bins], edgecolor="black",
                    color="tab:blue")
    lengths.xaxis.set_major_locator(MaxNLocator(integer=True))
    lengths.set_xlabel(Text("actions per game", "acciones por partida").get(lang))
    lengths.set_ylabel(Text("games", "partidas").get(lang))
    lengths.set_title(Text("Game length", "Duración de la partida").get(lang))
    done = f"{summary.finished}/{summary.requested}"
    figure.suptitle(f"{summary.game} — {done} " + Text("games", "partidas").get(lang)
                    + (Text(" (interrupted)", " (interrumpida)").get(lang)
                       if summary.interrupted else ""))
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
