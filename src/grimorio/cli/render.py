"""Rendering views for the terminal: a game's own panel if it has one, else the JSON document."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.panel import Panel

from grimorio.core.events import Event
from grimorio.core.i18n import Text
from grimorio.core.registry import game_class


def render_view(view: dict[str, Any], lang: str) -> str:
    """The game's text panel for a view (module `render` in the game's package), or JSON."""
    package = game_class(view["game"]).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.render")
    except ModuleNotFoundError:
        return json.dumps(view["state"], indent=1, ensure_ascii=False)
    text: str = module.render(view, lang)
    return text


def show_view(console: Console, view: dict[str, Any], lang: str, title: str) -> None:
    console.print(Panel(render_view(view, lang), title=title, expand=False))


def show_events(console: Console, events: Iterable[Event | dict[str, Any]], lang: str) -> None:
    """Print events as explained rulings: message and rule id."""
    for event in events:
        if isinstance(event, Event):
            text, rule = event.text.get(lang), event.rule
        else:
            text, rule = Text.from_json(event["text"]).get(lang), event.get("rule")
        suffix = f" [dim]({rule})[/dim]" if rule else ""
        console.print(f"  • {_escape(text)}{suffix}")


def _escape(text: str) -> str:
    return text.replace("[", r"\[")
