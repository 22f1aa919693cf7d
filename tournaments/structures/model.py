"""What every bracket of tournaments.structures is made of: matches whose two sides come from
a seed, from the winner or the loser of an earlier match, or from nobody (a bye).

A bracket (single_elimination.py, double_elimination.py) is fixed before any match is played:
its `matches` in the order they are played (by round, then by position in the round). Its
results (match id -> the winner's name) decide who fills each side as the event goes
(`sides(results)`), and the final places once every match is decided (`placings(results)`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class StructureError(ValueError):
    """Input a structure cannot be built or played from; the message names the problem."""


class From(StrEnum):
    """Where one side of a bracket match comes from."""

    SEED = "seed"      # the player of seed `ref` (1 is the top seed)
    WINNER = "winner"  # the winner of match `ref`
    LOSER = "loser"    # the loser of match `ref` (double elimination, third place)
    NOBODY = "nobody"  # a bye: the other side advances without playing


@dataclass(frozen=True, slots=True)
class Side:
    source: From
    ref: int = 0

    @staticmethod
    def seed(number: int) -> Side:
        return Side(From.SEED, number)

    @staticmethod
    def winner_of(match: int) -> Side:
        return Side(From.WINNER, match)

    @staticmethod
    def loser_of(match: int) -> Side:
        return Side(From.LOSER, match)


NOBODY = Side(From.NOBODY)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of a bracket. `id` counts from 1 in playing order; `round` from 1 within its
    `bracket` ("winners", "losers", "final", "third_place")."""

    id: int
    round: int
    bracket: str
    a: Side
    b: Side
