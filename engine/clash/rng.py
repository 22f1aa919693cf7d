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

Two ways of computing the same numbers. As Python, 64-bit words are Python integers kept
in [0, 2**64) by masks. In the compiled build (docs/engine.md) they are machine words (mypyc's
`i64`, whose arithmetic wraps mod 2**64 as the build compiles with -fwrapv): the state is the
same 64 bits read as a signed number, a right shift is masked to stay logical, and
multiply-shift takes x's two 32-bit halves, floor(x * n / 2**64) =
floor((hi * n + floor(lo * n / 2**32)) / 2**32), so no product needs more than 63 bits
(n < 2**31). `NATIVE` says which way runs; the test vectors hold both to the same outputs.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import Final, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")

_MASK: Final = 0xFFFFFFFFFFFFFFFF
_GOLDEN: Final = 0x9E3779B97F4A7C15
_FNV_OFFSET: Final = 0xCBF29CE484222325
_FNV_PRIME: Final = 0x100000001B3

# The same constants as signed 64-bit words (each minus 2**64), for the compiled way. Each is
# put together from its two 32-bit halves as an `i64`: a literal of 2**62 or more would be a
# Python int object there, read back into a machine word at every use.
def _halves(high: i64, low: i64) -> i64:
    return (high << 32) | low


_GOLDEN_I: Final[i64] = _halves(-0x61C88647, 0x7F4A7C15)  # -0x61C8864680B583EB
_MIX1_I: Final[i64] = _halves(-0x40A7B893, 0x1CE4E5B9)  # -0x40A7B892E31B1A47
_MIX2_I: Final[i64] = _halves(-0x6B2FB645, 0x133111EB)  # -0x6B2FB644ECCEEE15
_LOW32: Final = 0xFFFFFFFF
_NATIVE_BOUND: Final = 0x80000000  # below(n) and shuffle take the compiled way for n < 2**31


def _wraps(one: i64) -> bool:
    big: i64 = 0x7FFFFFFFFFFFFFFF
    return big + one < 0


# True in the compiled build, where `i64` arithmetic wraps; False as Python.
NATIVE: Final = _wraps(1)


def _signed(u: int) -> i64:
    """The 64-bit word `u` (in [0, 2**64)) as the compiled way keeps it."""
    return u - 0x10000000000000000 if u > 0x7FFFFFFFFFFFFFFF else u


def _word(u: int) -> i64:
    """`u` mod 2**64 as the compiled way keeps it; a number below 2**62 (a seed, mostly) is
    taken as it is, with no arithmetic on long integers."""
    if 0 <= u <= 0x3FFFFFFFFFFFFFFF:
        return u
    return _signed(u & _MASK)


def _unsigned(z: i64) -> int:
    u: int = z  # a Python integer from here, so that adding 2**64 cannot wrap
    return u + 0x10000000000000000 if u < 0 else u


def _mix_i(z: i64) -> i64:
    """`_mix` on a signed word: each right shift masked back to a logical one."""
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MIX1_I
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_I
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _high_i(z: i64, n: i64) -> i64:
    """floor(z * n / 2**64) for z read as unsigned and 0 < n < 2**31."""
    return (((z >> 32) & _LOW32) * n + (((z & _LOW32) * n) >> 32)) >> 32


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


# The words of the first 1,024 purposes named (a game's few, an event's seats): a plain
# dictionary, which the compiled build reads without the call through Python an lru_cache is.
_WORDS: Final[dict[str, int]] = {}


def _fnv1a64_word(text: str) -> int:
    """`fnv1a64(text)` as the compiled way keeps a word (signed)."""
    word = _WORDS.get(text)
    if word is None:
        word = _signed(fnv1a64(text))
        if len(_WORDS) < 1024:
            _WORDS[text] = word
    return word


def purpose_word(purpose: str) -> i64:
    """The 64-bit FNV-1a hash of a stream's purpose, as `Rng.stream_for` takes it (signed
    in the compiled build, as it keeps words)."""
    return _fnv1a64_word(purpose) if NATIVE else fnv1a64(purpose)


@mypyc_attr(acyclic=True, free_list_len=1)  # only a number: never in a reference cycle
class Rng:
    """A SplitMix64 generator. Not thread-safe; one per purpose."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        # The state: in [0, 2**64) as Python, the same bits signed when NATIVE.
        self._state: i64 = _word(seed) if NATIVE else seed & _MASK

    @classmethod
    def stream(cls, seed: int, purpose: str) -> Rng:
        """An independent generator for one purpose of one seeded thing (a game, a draft)."""
        return Rng.stream_for(seed, purpose_word(purpose))

    @staticmethod
    def stream_for(seed: int, word: i64) -> Rng:
        """`stream(seed, purpose)` for the purpose's `purpose_word`: for a caller that starts
        streams of the same few purposes again and again (each duel's shuffles and coin),
        which can name each purpose's word once."""
        if NATIVE:
            # Rng, not a class handed in: the compiled build calls a class it knows directly
            # (nothing subclasses Rng).
            rng = Rng(0)
            rng._state = _mix_i(_word(seed) ^ word)
            return rng
        return Rng(_mix(((seed & _MASK) ^ word) & _MASK))

    def next_u64(self) -> int:
        if NATIVE:
            state: i64 = self._state + _GOLDEN_I
            self._state = state
            return _unsigned(_mix_i(state))
        s: int = self._state
        s = (s + _GOLDEN) & _MASK
        self._state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """An integer in [0, n): the high bits of the 64-bit draw times n (multiply-shift)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if NATIVE:
            if n >= _NATIVE_BOUND:
                return (self.next_u64() * n) >> 64
            state: i64 = self._state + _GOLDEN_I
            self._state = state
            return _high_i(_mix_i(state), n)
        s: int = self._state
        s = (s + _GOLDEN) & _MASK
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
        if NATIVE:
            if not isinstance(items, list) or len(items) > _NATIVE_BOUND:
                for i in range(len(items) - 1, 0, -1):
                    j = self.below(i + 1)
                    items[i], items[j] = items[j], items[i]
                return
            cards = items  # a list: indexed as one, not through the sequence protocol
            state: i64 = self._state
            k: i64 = len(cards) - 1
            while k > 0:
                state += _GOLDEN_I
                m = _high_i(_mix_i(state), k + 1)
                cards[k], cards[m] = cards[m], cards[k]
                k -= 1
            self._state = state
            return
        s: int = self._state
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
        """The state as a number in [0, 2**64), in either build."""
        return _unsigned(self._state) if NATIVE else self._state

    def setstate(self, state: int) -> None:
        self._state = _word(state) if NATIVE else state & _MASK
