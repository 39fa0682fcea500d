"""`grimorio play`: a game in the terminal between people and bots, with explained rulings."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console

from grimorio.agents.base import Agent, make_agent, observe
from grimorio.cli.render import show_events, show_view
from grimorio.core.errors import RulesError
from grimorio.core.i18n import Text
from grimorio.core.record import Match
from grimorio.core.state import view

T = {
    "prompt": Text("Action (number or notation; 'help' for commands)",
                   "Acción (número o notación; 'help' para los comandos)"),
    "help": Text("Commands: a number or an action in notation; undo; save [FILE]; log; quit.",
                 "Comandos: un número o una acción en notación; undo; save [FICHERO]; log; quit."),
    "undone": Text("Undone.", "Deshecho."),
    "no_undo": Text("Nothing to undo since the last revealed information (dice, cards).",
                    "No se puede deshacer más allá de la última información revelada (dados, "
                    "cartas)."),
    "saved": Text("Saved to", "Guardado en"),
    "over": Text("Game over. Returns", "Fin de la partida. Resultados"),
    "bye": Text("Left the game.", "Partida abandonada."),
    "your_view": Text("view of", "vista de"),
    "plays": Text("plays", "juega"),
    "legal": Text("Legal actions", "Acciones legales"),
}


@dataclass
class Session:
    """A terminal game: the match, who sits where, and the language."""

    match: Match
    seats: list[str]
    lang: str
    console: Console
    save_path: Path | None = None
    agents: dict[int, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, spec in enumerate(self.seats):
            if spec != "human":
                self.agents[seat] = make_agent(spec, seed=self.match.seed * 31 + seat)

    @property
    def humans(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec == "human"]

    def viewer(self) -> int | None:
        """Whose view the log shows: the one human, else the spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> None:
        state = self.match.state
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            if player in self.agents:
                self._bot_turn(player)
            elif not self._human_turn(player):
                self.console.print(T["bye"].get(self.lang))
                return
            state = self.match.state
        self._finish()

    def _bot_turn(self, seat: int) -> None:
        state = self.match.state
        action = self.agents[seat].act(observe(state, seat), state.legal_actions())
        name = self.match.game.seat_name(seat, self.lang)
        # shown as the log is: to the one human at the table, else as to a spectator
        shown = state.describe_action(action, self.viewer())
        self.console.print(f"[bold]{name}[/bold] {T['plays'].get(self.lang)}: "
                           f"[cyan]{shown}[/cyan]")
        self._show_new(self.match.act(action, seat))

    def _human_turn(self, seat: int) -> bool:
        """One human decision; False when the player quits."""
        state = self.match.state
        name = self.match.game.seat_name(seat, self.lang)
        shown = view(state, seat)
        show_view(self.console, shown, self.lang, f"{name} — {T['your_view'].get(self.lang)}")
        legal = shown["legal_actions"]
        items = [f"[bold]{i}[/bold] {a}" for i, a in enumerate(legal, start=1)]
        self.console.print(f"{T['legal'].get(self.lang)}:")
        self.console.print(Columns(items, padding=(0, 3)))
        while True:
            try:
                raw = self.console.input(f"{T['prompt'].get(self.lang)} > ").strip()
            except EOFError:
                return False
            outcome = self._command(raw, legal, seat)
            if outcome is not None:
                return outcome

    def _command(self, raw: str, legal: list[str], seat: int) -> bool | None:
        """Handle one line: True when play moves on, False to quit, None to ask again."""
        word, _, rest = raw.partition(" ")
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", ""):
            self.console.print(T["help"].get(self.lang))
            return None
        if word == "undo":
            done = self._undo(seat)
            self.console.print(T["undone" if done else "no_undo"].get(self.lang))
            return True if done else None
        if word == "save":
            self._save(Path(rest.strip()) if rest.strip() else None)
            return None
        if word == "log":
            show_events(self.console, view(self.match.state, seat)["log"], self.lang)
            return None
        action = legal[int(raw) - 1] if raw.isdigit() and 1 <= int(raw) <= len(legal) else raw
        try:
            self._show_new(self.match.act(action, seat))
        except RulesError as exc:
            self.console.print(f"[red]{_escape(exc.message(self.lang))}[/red]")
            return None
        return True

    def _undo(self, seat: int) -> bool:
        """Take back this seat's last action and the bots' replies after it."""
        undone = False
        while self.match.can_undo():
            last = [step for step in self.match.steps if step.action is not None][-1]
            undone = self.match.undo()
            if last.seat == seat:
                return True
        return undone

    def _show_new(self, events: list[Any]) -> None:
        seat = self.viewer()
        show_events(self.console, [e for e in events if e.visible(seat)], self.lang)

    def _save(self, path: Path | None) -> None:
        target = path or self.save_path or Path(f"{self.match.game.id}-{self.match.seed}.json")
        self.match.save(target)
        self.console.print(f"{T['saved'].get(self.lang)} {target}")

    def _finish(self) -> None:
        state = self.match.state
        seat = self.viewer()
        show_view(self.console, view(state, seat), self.lang, self.match.game.id)
        returns = ", ".join(f"{self.match.game.seat_name(i, self.lang)} {r:+g}"
                            for i, r in enumerate(state.returns()))
        self.console.print(f"[bold]{T['over'].get(self.lang)}:[/bold] {returns}")
        if self.save_path is not None:
            self._save(self.save_path)


def _escape(text: str) -> str:
    return text.replace("[", r"\[")

