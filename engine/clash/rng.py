"""The engine's own pseudo-random generator: SplitMix64, with named streams.

Why not `random`: a game record must replay identically on any machine and any Python
version, and the standard library promises neither `random.shuffle` nor `randrange` to stay
the same across versions. SplitMix64 is a few lines of integer arithmetic whose output is
fixed by its definition, so the test vectors in `tests/engine/test_rng.py` freeze it.

Algorithm (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    return z ^ (z >> 31)

Streams: `Rng.stream(seed, purpose)` starts a generator whose state is the SplitMix64 mix of
`seed` XOR the 64-bit FNV-1a hash of the UTF-8 purpose name ("shuffle-A", "coin", ...), so each
use of randomness in a game draws from its own sequence and adding a draw to one purpose never
shifts another.

`below(n)` maps one 64-bit draw x to floor(x * n / 2**64) (multiply-shift, no loop): the
bias is below n / 2**64, under one in 10**12 for any n the engine uses. `shuffle` is
Fisher-Yates from the last index down.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@lru_cache(maxsize=1024)
def fnv1a64(text: str) -> int:
    """64-bit FNV-1a of the UTF-8 bytes of `text` (used to name streams)."""
    h = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * _FNV_PRIME) & _MASK
    return h


class Rng:
    """A SplitMix64 generator. Not thread-safe; one per purpose."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        self._state = seed & _MASK

    @classmethod
    def stream(cls, seed: int, purpose: str) -> Rng:
        """An independent generator for one purpose of one seeded thing (a game, a draft)."""
        return cls(_mix(((seed & _MASK) ^ fnv1a64(purpose)) & _MASK))

    def next_u64(self) -> int:
        s = (self._state + _GOLDEN) & _MASK
        self._state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """An integer in [0, n): the high bits of the 64-bit draw times n (multiply-shift)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        s = (self._state + _GOLDEN) & _MASK
        self._state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        if not n:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(n)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the last index down (each j is `below(i + 1)`,
        written out)."""
        s = self._state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._state = s

    def random(self) -> float:
        """A float in [0, 1) from the top 53 bits."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        self._state = state & _MASK
