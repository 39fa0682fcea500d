"""Command-line helpers shared by the commands."""

from __future__ import annotations


def parse_options(pairs: list[str]) -> dict[str, str]:
    """`--option key=value` pairs as a mapping; ValueError names the malformed pair."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes key=value, not {pair!r}")
        options[key] = value
    return options
