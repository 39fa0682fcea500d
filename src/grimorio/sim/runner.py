"""One simulated game as a pure function of the configuration and the game's index.

Game ``i`` of a simulation with seed ``S`` is played with dice seed ``S + i``; with
``rotate_seats`` its seats hold the agents rotated by ``i``; the agent at each seat is seeded from
``(S, i, seat)``. So a game's result never depends on which worker played it, nor when, and any
single game can be played again alone (:func:`play_one`) or replayed from its record.
Agents with a time budget (``mcts:time=0.5``) are the exception: how far they search depends on
the machine and its load, so their games are not reproducible.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from grimorio.agents.base import Agent, make_agent, observe
from grimorio.core.game import Game
from grimorio.core.record import Match
from grimorio.core.registry import game_class, load_game

MAX_ACTIONS = 100_000


class SimulationError(Exception):
    """A configuration that cannot run, or a game that failed while being played."""


@dataclass(frozen=True)
class SimConfig:
    """Everything that decides the games of a simulation (and nothing about how they run)."""

    game: str
    agents: tuple[str, ...]
    n: int = 100
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    rotate_seats: bool = False
    max_actions: int = MAX_ACTIONS
    # The module that defines the game class, imported by workers that do not know the game yet
    # (games registered by third-party packages); filled in by `validate`.
    game_module: str | None = None

    def load(self) -> Game:
        """The game with its options (cached per process: games are immutable)."""
        return _game(self.game, self.options, self.game_module)

    def seat_agents(self, index: int) -> tuple[int, ...]:
        """Which agent (position in `agents`) sits at each seat in game `index`.

        Without rotation agent ``j`` sits at seat ``j``; with it, at seat ``(j + index) % k``.
        """
        k = len(self.agents)
        shift = index % k if self.rotate_seats else 0
        return tuple((seat - shift) % k for seat in range(k))

    def game_seed(self, index: int) -> int:
        return self.seed + index

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options), "agents": list(self.agents),
                "n": self.n, "seed": self.seed, "rotate_seats": self.rotate_seats}


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game. Everything but `seconds` (and `record`'s absence) is a pure
    function of the configuration and `index`."""

    index: int
    seed: int
    agents: tuple[int, ...]          # seat -> agent position in SimConfig.agents
    specs: tuple[str, ...]           # seat -> agent spec
    returns: tuple[float, ...]       # per seat
    length: int                      # actions played
    winners: tuple[int, ...]         # seats with the top return (several: a team or a draw)
    digest: str                      # digest of the final position
    seconds: float = 0.0
    record: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def draw(self) -> bool:
        """Several seats share the top, and it is no team's win: every seat is there, or the
        top return is not above 0 (games score a win +1, a draw 0)."""
        if len(self.winners) < 2:
            return False
        return len(self.winners) == len(self.returns) or self.returns[self.winners[0]] <= 0

    def outcome(self, seat: int) -> str:
        """``win`` (a seat with the top return: alone, or with team-mates at a positive top),
        ``draw`` (the top shared in a draw) or ``loss``."""
        if seat not in self.winners:
            return "loss"
        return "draw" if self.draw else "win"

    def seat_of(self, agent: int) -> int:
        return self.agents.index(agent)

    def to_json(self) -> dict[str, Any]:
        """One line of ``--out`` (the record is written apart, with ``--records``)."""
        return {"index": self.index, "seed": self.seed, "agents": list(self.agents),
                "specs": list(self.specs), "returns": list(self.returns), "length": self.length,
                "winners": list(self.winners), "draw": self.draw, "digest": self.digest,
                "seconds": round(self.seconds, 6)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(index=int(data["index"]), seed=int(data["seed"]),
                   agents=tuple(data["agents"]), specs=tuple(data["specs"]),
                   returns=tuple(float(r) for r in data["returns"]), length=int(data["length"]),
                   winners=tuple(data["winners"]), digest=str(data["digest"]),
                   seconds=float(data.get("seconds", 0.0)))

    def deterministic(self) -> GameResult:
        """This result without its timing: what must agree across backends and runs."""
        return GameResult(self.index, self.seed, self.agents, self.specs, self.returns,
                          self.length, self.winners, self.digest)


def winners_of(returns: Sequence[float]) -> tuple[int, ...]:
    """The seats whose return is the highest (all of them when every return is equal)."""
    top = max(returns)
    return tuple(seat for seat, value in enumerate(returns) if value == top)


def derive_seed(*parts: int) -> int:
    """A 62-bit seed from integers, the same in every process and on every platform."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def agent_seed(config: SimConfig, index: int, seat: int) -> int:
    return derive_seed(config.seed, index, seat)


def make_agents(config: SimConfig, index: int) -> list[Agent]:
    """Fresh agents for game `index`, seat by seat, each with its own seed."""
    return [make_agent(config.agents[agent], agent_seed(config, index, seat))
            for seat, agent in enumerate(config.seat_agents(index))]


def play_one(config: SimConfig, index: int, keep_record: bool = False) -> GameResult:
    """Play game `index` of the simulation; SimulationError (naming the game) if it fails."""
    seed = config.game_seed(index)
    try:
        return _play(config, index, seed, keep_record)
    except SimulationError:
        raise
    except Exception as exc:  # a bug in an agent or a game: say which game, to replay it
        raise SimulationError(f"game {index} (seed {seed}) failed: "
                              f"{type(exc).__name__}: {exc}") from exc


def _play(config: SimConfig, index: int, seed: int, keep_record: bool) -> GameResult:
    start = time.perf_counter()
    seats = config.seat_agents(index)
    agents = make_agents(config, index)
    for agent in agents:
        agent.restart()
    match = Match(config.load(), seed)
    state = match.state
    actions = 0
    while not state.is_terminal():
        if actions >= config.max_actions:
            raise SimulationError(f"game {index} (seed {seed}) did not end after "
                                  f"{config.max_actions} actions")
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(observe(state, seat), state.legal_actions())
        match.act(action, seat)
        state = match.state
        actions += 1
    returns = tuple(float(r) for r in state.returns())
    return GameResult(
        index=index, seed=seed, agents=seats,
        specs=tuple(config.agents[agent] for agent in seats), returns=returns, length=actions,
        winners=winners_of(returns), digest=state.digest(),
        seconds=time.perf_counter() - start,
        record=match.to_record() if keep_record else None,
    )


def play_chunk(config: SimConfig, indexes: Sequence[int],
               keep_records: bool = False) -> list[GameResult]:
    """Several games in a row (one task of a worker)."""
    return [play_one(config, index, keep_records) for index in indexes]


_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}


def _game(game_id: str, options: tuple[tuple[str, Any], ...], module: str | None) -> Game:
    key = (game_id, options)
    game = _GAMES.get(key)
    if game is None:
        if module is not None:
            import importlib
            try:
                game_class(game_id)
            except ValueError:
                importlib.import_module(module)  # registers the game
        game = _GAMES[key] = load_game(game_id, **dict(options))
    return game


# ---- configuration ---------------------------------------------------------------------------

def split_agents(text: str) -> list[str]:
    """``mcts:iters=200,c=1.4,random`` → [``mcts:iters=200,c=1.4``, ``random``].

    A comma-separated part that is ``key=value`` continues the previous agent's parameters;
    any other part (``random``, ``mcts:iters=200``) starts a new agent.
    """
    specs: list[str] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            raise SimulationError(f"empty agent in {text!r}")
        colon, equals = part.find(":"), part.find("=")
        is_parameter = equals >= 0 and (colon < 0 or colon > equals)
        if is_parameter:
            if not specs:
                raise SimulationError(f"{part!r} in {text!r} is a parameter with no agent")
            name, _, params = specs[-1].partition(":")
            specs[-1] = f"{name}:{params},{part}" if params else f"{name}:{part}"
        else:
            specs.append(part)
    return specs


def validate(game: str, agents: Sequence[str], n: int, seed: int = 0,
             options: dict[str, Any] | None = None, rotate_seats: bool = False) -> SimConfig:
    """A checked configuration, or SimulationError saying what is wrong (nothing is played)."""
    if n < 1:
        raise SimulationError(f"the number of games must be at least 1, not {n}")
    options = dict(options or {})
    try:
        cls = game_class(game)
        loaded = load_game(game, **options)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    specs = [spec.strip() for spec in agents]
    for spec in specs:
        try:
            make_agent(spec, 0)
        except (ValueError, TypeError) as exc:
            raise SimulationError(f"agent {spec!r}: {exc}") from None
    seats = loaded.num_players
    if len(specs) != seats:
        raise SimulationError(f"{game} has {seats} seats: give exactly {seats} agents, one per "
                              f"seat (got {len(specs)}: {', '.join(specs) or 'none'})")
    # Keep the options as given (the workers check them again when they load the game).
    return SimConfig(game=game, agents=tuple(specs), n=n, seed=seed,
                     options=tuple(sorted(options.items())), rotate_seats=rotate_seats,
                     game_module=cls.__module__)
