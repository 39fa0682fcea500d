"""Text rendering of a tic-tac-toe view."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any], lang: str) -> str:
    rows = view["state"]["board"]
    lines = ["    a b c"]
    lines += [f"  {n} {' '.join(row)}" for n, row in enumerate(rows, start=1)]
    if not view["terminal"]:
        label = "Juegan" if lang == "es" else "To move"
        lines.append(f"{label}: {view['state']['to_move']}")
    return "\n".join(lines)
