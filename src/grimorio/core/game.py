"""A `Game` is the immutable rules plus options; it creates `State`s."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from grimorio.core.errors import InvalidAction, ScenarioError
from grimorio.core.i18n import Text

if TYPE_CHECKING:
    from grimorio.core.actions import Action
    from grimorio.core.state import State


@dataclass(frozen=True, slots=True)
class ContentCoverage:
    """How much of a game's content (cards, figures, abilities) has behaviour implemented;
    `missing` names what is not, each with the reason (`grimorio rules <game> --untested`)."""

    what: Text
    implemented: int
    total: int
    missing: tuple[tuple[str, str], ...] = ()

    def summary(self, lang: str) -> str:
        return f"{self.what.get(lang)} {self.implemented}/{self.total}"


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: its default, type, help and allowed values."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, name: str, value: Any) -> Any:
        """The value converted to the default's type, or a ValueError that names the option."""
        kind = type(self.default)
        try:
            converted = _convert(kind, value)
        except (TypeError, ValueError):
            raise ValueError(f"option {name}={value!r} must be {kind.__name__}") from None
        if self.choices is not None and converted not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {name}={value!r} must be one of: {allowed}")
        if self.minimum is not None and converted < self.minimum:
            raise ValueError(f"option {name}={value!r} must be at least {self.minimum}")
        if self.maximum is not None and converted > self.maximum:
            raise ValueError(f"option {name}={value!r} must be at most {self.maximum}")
        return converted


def _convert(kind: type, value: Any) -> Any:
    if kind is bool and isinstance(value, str):
        lowered = value.lower()
        if lowered not in ("true", "false", "1", "0", "yes", "no"):
            raise ValueError(value)
        return lowered in ("true", "1", "yes")
    if kind is int and isinstance(value, bool | float):
        raise TypeError(value)
    return kind(value)


class Game(ABC):
    """Rules and options. Subclasses set the class attributes and the two factory hooks."""

    id: ClassVar[str]
    name: ClassVar[Text]
    rule_prefix: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    perfect_information: ClassVar[bool] = True
    options_spec: ClassVar[dict[str, Option]] = {}

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.options_spec))
        if unknown:
            known = ", ".join(sorted(self.options_spec)) or "none"
            raise ValueError(f"{self.id}: unknown option {unknown[0]!r} (options: {known})")
        values = {name: spec.default for name, spec in self.options_spec.items()}
        for name, value in options.items():
            values[name] = self.options_spec[name].check(name, value)
        self.options = MappingProxyType(values)

    @classmethod
    def content_coverage(cls) -> list[ContentCoverage]:
        """Games with content as data (cards, dials) report what their code implements."""
        return []

    @classmethod
    def deferred_rules(cls) -> dict[str, str]:
        """Rules of the reference deliberately left for later work, each with the reason (the
        coverage report lists them apart from plain untested rules)."""
        return {}

    @property
    def num_players(self) -> int:
        return int(self.options.get("players", self.min_players))

    def new_initial_state(self, seed: int = 0, setup: dict[str, Any] | None = None) -> State:
        """The first position. `setup` is a scenario description in the game's documented form."""
        if setup is not None and not isinstance(setup, dict):
            raise ScenarioError("a setup is a mapping")
        return self._new_state(seed, setup)

    @abstractmethod
    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State: ...

    @abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """Read the game's notation; raises InvalidAction."""

    def action_from(self, state: State, action: Action | str) -> Action:
        if isinstance(action, str):
            return self.parse_action(state, action)
        if not hasattr(action, "notation"):
            raise InvalidAction(f"not an action: {action!r}")
        return action

    def seat_name(self, seat: int, lang: str = "en") -> str:
        """How a seat is called in `lang`: P1, P2… in English, J1, J2… (jugador) in Spanish."""
        return Text(f"P{seat + 1}", f"J{seat + 1}").get(lang)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"


class SetupModuleGame(Game):
    """A game whose states come from its setup module (`setup_module`, a dotted module name):
    `new_game(game, seed)` for a fresh game, `from_setup(game, seed, setup)` for a scenario.
    The module is imported on first use, so a game's rules load only when it is played."""

    setup_module: ClassVar[str]

    def _new_state(self, seed: int, setup: dict[str, Any] | None) -> State:
        module = importlib.import_module(self.setup_module)
        if setup is not None:
            state: State = module.from_setup(self, seed, setup)
        else:
            state = module.new_game(self, seed)
        return state
