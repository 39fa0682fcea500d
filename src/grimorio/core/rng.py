"""Randomness lives in the state: a seeded stream, plus scripted values for tests and scenarios.

The stream is splitmix64: its whole state is one 64-bit integer, so cloning a state for search
and fingerprinting it for record digests cost next to nothing, and it is the same on every
platform and Python version (records replay anywhere).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, MutableSequence
from typing import TypeVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Dice:
    """The state's source of randomness.

    Scripted values are used first, in order; then the seeded stream. `draws` counts every value
    taken, so callers can tell when new information was revealed.
    """

    __slots__ = ("_script", "_state", "draws", "seed")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is an integer, not {seed!r}")
        self.seed = seed
        self._state = seed & MASK
        self._script: deque[int] = deque()
        self.draws = 0

    def script(self, values: Iterable[int]) -> None:
        """Queue values that the next draws will return, whatever their number of sides."""
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"scripted die values are positive integers, not {value!r}")
            self._script.append(value)

    @property
    def scripted_left(self) -> int:
        return len(self._script)

    def _next64(self) -> int:
        self._state = z = (self._state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def _uniform(self, span: int) -> int:
        """Uniform in [0, span): rejection keeps it exact (no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % span
        while True:
            value = self._next64()
            if value < limit:
                return value % span

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll `n` dice of `sides` faces."""
        return tuple(self.randint(1, sides) for _ in range(n))

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]; a scripted value must fall in that range."""
        self.draws += 1
        if self._script:
            value = self._script.popleft()
            if not low <= value <= high:
                raise ValueError(f"scripted value {value} is outside {low}..{high}")
            return value
        return low + self._uniform(high - low + 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place with the seeded stream (scripts do not apply)."""
        self.draws += 1
        for i in range(len(items) - 1, 0, -1):
            j = self._uniform(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self, reseed: int | None = None) -> Dice:
        """An exact copy, or with `reseed` an independent stream (for search: no peeking ahead)."""
        twin = Dice.__new__(Dice)
        twin.draws = self.draws
        if reseed is None:
            twin.seed = self.seed
            twin._state = self._state
            twin._script = deque(self._script)
        else:
            twin.seed = reseed
            twin._state = reseed & MASK
            twin._script = deque()
        return twin

    def fingerprint(self) -> str:
        """The stream position, for digests (stable across processes and platforms)."""
        return f"{self._state:016x}:{','.join(map(str, self._script))}"
