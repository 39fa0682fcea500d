"""The errors a ruling can raise. Each names its reason and, where a rule applies, the rule id."""

from __future__ import annotations

from grimorio.core.i18n import Text, same


class RulesError(Exception):
    """Base of every error about actions and rules."""

    def __init__(self, text: Text | str, rule: str | None = None) -> None:
        self.text = same(text) if isinstance(text, str) else text
        self.rule = rule
        super().__init__(self.message("en"))

    def message(self, lang: str | None = None) -> str:
        """The reason in `lang`, with the rule id when there is one."""
        body = self.text.get(lang)
        return f"{body} ({self.rule})" if self.rule else body


class InvalidAction(RulesError):
    """The text cannot be parsed as an action of this game."""


class IllegalAction(RulesError):
    """The action parses but is not legal now; carries the rule id and the reason."""


class NotYourDecision(RulesError):
    """Someone other than the seat whose decision it is tried to act."""


class RecordError(ValueError):
    """A game record cannot be loaded: malformed, tampered with, or not replaying."""

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        prefix = f"step {step}: " if step is not None else ""
        super().__init__(prefix + message)


class ScenarioError(ValueError):
    """A scenario or setup description is malformed."""
