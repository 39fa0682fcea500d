"""The grimorio core: games, states, actions, decisions, dice, events, records and the registry."""

from grimorio.core.actions import Action, Tokens, tokens
from grimorio.core.errors import (
    IllegalAction,
    InvalidAction,
    NotYourDecision,
    RecordError,
    RulesError,
    ScenarioError,
)
from grimorio.core.events import Event
from grimorio.core.game import ContentCoverage, Game, Option
from grimorio.core.i18n import Text, default_lang, same, set_lang
from grimorio.core.pending import Decision, DecisionStack
from grimorio.core.record import Match
from grimorio.core.registry import game_class, game_ids, games, load_game, register
from grimorio.core.state import State, resample, view

__all__ = [
    "Action", "ContentCoverage", "Decision", "DecisionStack", "Event", "Game", "IllegalAction",
    "InvalidAction", "Match", "NotYourDecision", "Option", "RecordError", "RulesError",
    "ScenarioError", "State", "Text", "Tokens", "default_lang", "game_class", "game_ids", "games",
    "load_game", "register", "resample", "same", "set_lang", "tokens", "view",
]
