"""Randomness lives in the state: a seeded stream, plus scripted values for tests and scenarios."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable


class Dice:
    """The state's source of randomness.

    Scripted values are used first, in order; then the seeded stream. `draws` counts every value
    taken, so callers can tell when new information was revealed.
    """

    __slots__ = ("_rng", "_script", "draws", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
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
        return self._rng.randint(low, high)

    def shuffle(self, items: list[object]) -> None:
        """Shuffle in place with the seeded stream (scripts do not apply to shuffles)."""
        self.draws += 1
        self._rng.shuffle(items)

    def clone(self, reseed: int | None = None) -> Dice:
        """An exact copy, or with `reseed` an independent stream (for search: no peeking ahead)."""
        twin = Dice.__new__(Dice)
        twin.draws = self.draws
        if reseed is None:
            twin.seed = self.seed
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
            twin._script = deque(self._script)
        else:
            twin.seed = reseed
            twin._rng = random.Random(reseed)
            twin._script = deque()
        return twin

    def fingerprint(self) -> int:
        """A hash of the stream position, for digests."""
        return hash((self._rng.getstate(), tuple(self._script)))
