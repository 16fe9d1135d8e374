"""A seeded generator whose whole state is one integer, so it lives inside game state.

splitmix64: tiny, fast, good enough for shuffles and dice, and its state survives a JSON
round trip (unlike `random.Random`'s 625-word state). Same seed, same draws, on every machine.
"""
from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


class Rng:
    def __init__(self, state: int, rigged: list[int] | None = None) -> None:
        self.state = state & MASK64
        self.rigged = [] if rigged is None else rigged  # die results a test set: rolled first

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n), by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        if self.rigged:
            value = self.rigged.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"a rigged roll of {value} on a {sides}-sided die")
            return value
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def rig(state: dict[str, Any], *rolls: int) -> None:
    """Tests: the next die rolls of this game are `rolls`, in order (chance set directly)."""
    state.setdefault("rigged", []).extend(rolls)


@contextmanager
def rng_of(state: dict[str, Any]) -> Iterator[Rng]:
    """Borrow the generator stored at state["rng"] (and any rigged rolls) and write its new state back."""
    rng = Rng(state["rng"], state.get("rigged"))
    try:
        yield rng
    finally:
        state["rng"] = rng.state
