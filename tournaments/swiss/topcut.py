"""The top cut: single elimination seeded from the standings (for 8: 1-8, 4-5, 2-7, 3-6), of
2, 4, 8, 16, 32 or 64 players."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .model import SwissError

CUT_SIZES = (2, 4, 8, 16, 32, 64)


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order so that 1 and 2 can only meet in the final: for 8,
    [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 2 or size & (size - 1):
        raise SwissError(f"a top cut needs a power of two players, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def bracket(ranked: Sequence[str], size: int) -> list[tuple[str, str]]:
    """The first-round matches of a top cut of `size` from `ranked` (best first)."""
    if size not in CUT_SIZES:
        raise SwissError(f"the top cut is 2, 4, 8, 16, 32 or 64 players, not {size}")
    if len(ranked) < size:
        raise SwissError(f"a top {size} needs {size} players, the standings have {len(ranked)}")
    seeds = seed_order(size)
    return [(ranked[seeds[i] - 1], ranked[seeds[i + 1] - 1]) for i in range(0, size, 2)]


def qualifiers(ranked: Sequence[str], size: int,
               excluded: Collection[str]) -> tuple[list[str], list[str]]:
    """Who makes a top cut of `size` from `ranked` (best first): the first `size` players not
    in `excluded` (dropped players; AI seats when the event keeps them out), each excluded
    one taking no place, so the next player takes it. Also returns the excluded players
    ranked above the last qualifier: those the cut passed over. Fewer than `size` players
    eligible: all of them (`bracket` refuses that cut)."""
    chosen: list[str] = []
    passed: list[str] = []
    for pid in ranked:
        if len(chosen) == size:
            break
        if pid in excluded:
            passed.append(pid)
        else:
            chosen.append(pid)
    return chosen, passed
