"""Where the games run: in this process, in local worker processes, or on a Ray cluster.

Every backend runs the same tasks — :func:`grimorio.sim.runner.play_chunk` over consecutive game
indexes — and each game is a pure function of the configuration and its index, so the results
are the same whatever the backend, the number of workers or the order in which games finish.
Only how fast they come changes.

Games are handed out in chunks sized from the games already finished (about a quarter of a
second of play each, so that fast games do not drown in task overhead and slow ones still move
the progress bar), with at most two chunks per worker in flight, so that stopping is quick.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from grimorio.sim.runner import GameResult, SimConfig, SimulationError, play_chunk

BACKENDS = ("local", "ray")
TARGET_CHUNK_SECONDS = 0.25
MAX_CHUNK = 256
RAY_MISSING = ("the ray backend needs Ray, an optional extra: pip install 'grimorio[ray]'")


class Backend(Protocol):
    """Runs chunks of games; `jobs` is how many run at once."""

    jobs: int

    def submit(self, config: SimConfig, chunk: list[int], keep_records: bool) -> object: ...

    def wait(self, handles: Sequence[object]) -> list[tuple[object, list[GameResult]]]:
        """At least one finished task: its handle and its results."""

    def cancel(self, handles: Sequence[object]) -> None: ...

    def close(self, interrupted: bool) -> None: ...


def default_jobs() -> int:
    return os.cpu_count() or 1


# ---- in this process -------------------------------------------------------------------------

class InProcess:
    """No workers: each chunk is played when it is waited for (``--jobs 1``, tests)."""

    jobs = 1

    def __init__(self) -> None:
        self._tasks: dict[int, tuple[SimConfig, list[int], bool]] = {}
        self._next = 0

    def submit(self, config: SimConfig, chunk: list[int], keep_records: bool) -> object:
        self._next += 1
        self._tasks[self._next] = (config, chunk, keep_records)
        return self._next

    def wait(self, handles: Sequence[object]) -> list[tuple[object, list[GameResult]]]:
        handle = handles[0]
        assert isinstance(handle, int)
        config, chunk, keep = self._tasks.pop(handle)
        return [(handle, play_chunk(config, chunk, keep))]

    def cancel(self, handles: Sequence[object]) -> None:
        for handle in handles:
            assert isinstance(handle, int)
            self._tasks.pop(handle, None)

    def close(self, interrupted: bool) -> None:
        self._tasks.clear()


# ---- local worker processes ------------------------------------------------------------------

def _worker_init() -> None:
    # Ctrl-C reaches every process of the terminal's group: only the parent handles it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool:
    """A pool of worker processes started with ``spawn`` (safe with threads in the parent)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool = ProcessPoolExecutor(max_workers=jobs,
                                         mp_context=multiprocessing.get_context("spawn"),
                                         initializer=_worker_init)

    def submit(self, config: SimConfig, chunk: list[int], keep_records: bool) -> object:
        return self._pool.submit(play_chunk, config, chunk, keep_records)

    def wait(self, handles: Sequence[object]) -> list[tuple[object, list[GameResult]]]:
        futures: list[Future[list[GameResult]]] = [h for h in handles if isinstance(h, Future)]
        done, _ = wait(futures, return_when=FIRST_COMPLETED)
        finished = [f for f in futures if f in done]  # in submission order
        return [(future, future.result()) for future in finished]

    def cancel(self, handles: Sequence[object]) -> None:
        for handle in handles:
            if isinstance(handle, Future):
                handle.cancel()

    def close(self, interrupted: bool) -> None:
        if interrupted:
            # Games being played are abandoned: stop their processes instead of waiting.
            processes = getattr(self._pool, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
        self._pool.shutdown(wait=True, cancel_futures=True)


# ---- Ray -------------------------------------------------------------------------------------

def import_ray() -> Any:
    """The ray module, or SimulationError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(RAY_MISSING) from None


class RayCluster:
    """Tasks on a Ray cluster: ``address`` (e.g. ``auto``) or a local Ray started here."""

    def __init__(self, jobs: int | None, address: str | None) -> None:
        self.ray = ray = import_ray()
        self._started = False
        if not ray.is_initialized():
            if address:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
            else:
                ray.init(address="local", num_cpus=jobs or default_jobs(),
                         include_dashboard=False, log_to_driver=False,
                         logging_level=logging.ERROR)
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.jobs = jobs or max(1, cpus)
        self._task = ray.remote(play_chunk)

    def submit(self, config: SimConfig, chunk: list[int], keep_records: bool) -> object:
        return self._task.remote(config, chunk, keep_records)

    def wait(self, handles: Sequence[object]) -> list[tuple[object, list[GameResult]]]:
        ready, _ = self.ray.wait(list(handles), num_returns=1)
        out: list[tuple[object, list[GameResult]]] = []
        for ref in ready:
            try:
                out.append((ref, self.ray.get(ref)))
            except self.ray.exceptions.RayTaskError as exc:
                cause = getattr(exc, "cause", None)
                raise SimulationError(str(cause) if cause is not None else str(exc)) from None
        return out

    def cancel(self, handles: Sequence[object]) -> None:
        for ref in handles:
            with contextlib.suppress(Exception):  # already finished or gone
                self.ray.cancel(ref, force=True)

    def close(self, interrupted: bool) -> None:
        if self._started:
            self.ray.shutdown()


def open_backend(kind: str, jobs: int | None = None, address: str | None = None,
                 n: int | None = None) -> Backend:
    """The backend `kind` with `jobs` workers (default: the cores; local never more than `n`)."""
    if kind not in BACKENDS:
        raise SimulationError(f"unknown backend {kind!r}; choose {' or '.join(BACKENDS)}")
    if jobs is not None and jobs < 1:
        raise SimulationError(f"--jobs must be at least 1, not {jobs}")
    if kind == "ray":
        return RayCluster(jobs, address)
    workers = jobs or default_jobs()
    if n is not None:
        workers = min(workers, n)
    return InProcess() if workers == 1 else LocalPool(workers)


# ---- the driver ------------------------------------------------------------------------------

@dataclass
class Chunker:
    """Consecutive game indexes in chunks of about TARGET_CHUNK_SECONDS of play."""

    n: int
    jobs: int
    next_index: int = 0
    games: int = 0
    seconds: float = 0.0

    def take(self) -> list[int]:
        remaining = self.n - self.next_index
        if remaining <= 0:
            return []
        if self.games == 0:
            size = 1
        else:
            per_game = max(self.seconds / self.games, 1e-6)
            size = int(TARGET_CHUNK_SECONDS / per_game)
        # Near the end, smaller chunks keep every worker busy until the last game.
        size = max(1, min(size, MAX_CHUNK, math.ceil(remaining / self.jobs)))
        chunk = list(range(self.next_index, self.next_index + size))
        self.next_index += size
        return chunk

    def done(self, results: Sequence[GameResult]) -> None:
        self.games += len(results)
        self.seconds += sum(result.seconds for result in results)


def iter_results(config: SimConfig, backend: Backend,
                 keep_records: bool = False) -> Iterator[GameResult]:
    """Every game's result as it finishes (in no particular order). Closing the iterator early
    cancels the work not yet finished."""
    chunker = Chunker(config.n, backend.jobs)
    pending: list[object] = []

    def fill() -> None:
        while len(pending) < 2 * backend.jobs:
            chunk = chunker.take()
            if not chunk:
                return
            pending.append(backend.submit(config, chunk, keep_records))

    try:
        fill()
        while pending:
            for handle, results in backend.wait(pending):
                pending.remove(handle)
                chunker.done(results)
                fill()
                yield from results
    finally:
        if pending:
            backend.cancel(pending)


@dataclass
class Collected:
    """The games of a run that finished, by index, and how the run went."""

    config: SimConfig
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    elapsed: float = 0.0        # seconds from the first task to the last result
    startup: float = 0.0        # seconds to start the backend (a local Ray, the pool)
    backend: str = "local"
    jobs: int = 1


def collect(config: SimConfig, backend: str = "local", jobs: int | None = None,
            address: str | None = None, keep_records: bool = False,
            on_result: Callable[[GameResult], None] | None = None,
            on_start: Callable[[int], None] | None = None,
            store_records: bool = True) -> Collected:
    """Run the simulation; Ctrl-C stops it and keeps the games finished so far.

    `on_start(jobs)` is called once the backend is up, `on_result` with every result as it
    arrives (it may save the record: with `store_records=False` the collected results drop
    them, to keep memory flat). SimulationError is raised if a game fails (after stopping the
    rest).
    """
    out = Collected(config, backend=backend)
    began = time.perf_counter()
    runner: Backend | None = None
    try:
        runner = open_backend(backend, jobs, address, config.n)
        out.jobs = runner.jobs
        out.startup = time.perf_counter() - began
        if on_start is not None:
            on_start(runner.jobs)
        began = time.perf_counter()
        results = iter_results(config, runner, keep_records)
        try:
            for result in results:
                kept = result if store_records else replace(result, record=None)
                out.results.append(kept)
                if on_result is not None:
                    on_result(result)
        finally:
            _close(results)
    except KeyboardInterrupt:
        out.interrupted = True
    except BaseException:
        if runner is not None:
            runner.close(interrupted=True)
            runner = None
        raise
    finally:
        out.elapsed = time.perf_counter() - began
        if runner is not None:
            runner.close(out.interrupted)
    out.results.sort(key=lambda result: result.index)
    return out


def _close(iterator: Iterator[GameResult]) -> None:
    close = getattr(iterator, "close", None)
    if close is not None:
        close()
