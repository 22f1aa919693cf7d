"""The seats' words, shared by every game of the engine and the apps that store its results.

A two-player game has seat A and seat B. The engine counts them as integers, 0 and 1, and a
game's `winner` is a seat or `DRAW` (2); records, the scenario format, the formats' procedures
(bans, drafts) and the game log write them as the letters "A" and "B", and a drawn result as
"draw"; the web layer's matches call the two players' sides "a" and "b" (`player_a`,
`report_b`, `a_wins`). This module is the one place where these names and their conversions
live. The records' on-disk spellings are these letters: never change them.

The tuples are typed as tuples of any length: the compiled build (docs/engine.md) keeps a
tuple of fixed length unboxed and would make a new tuple of it each time one is indexed by a
variable.

The other seat of `seat` is `seat ^ 1` (`other(seat)` where a call reads better than the
operator; the rules' hot path keeps the operator).
"""

from __future__ import annotations

from typing import Final

SEAT_A: Final = 0
SEAT_B: Final = 1
DRAW: Final = 2  # a game's `winner` when it ends drawn (C-7.5)
BOTH_SEATS: Final[tuple[int, ...]] = (SEAT_A, SEAT_B)

LETTER_A: Final = "A"
LETTER_B: Final = "B"
LETTERS: Final[tuple[str, ...]] = (LETTER_A, LETTER_B)  # LETTERS[seat] is the seat's letter
DRAW_NAME: Final = "draw"  # a record's `result` when the game ended drawn
RESULT_NAMES: Final[tuple[str, ...]] = (LETTER_A, LETTER_B, DRAW_NAME)  # RESULT_NAMES[winner]

SIDE_A: Final = "a"
SIDE_B: Final = "b"
SIDES: Final[tuple[str, ...]] = (SIDE_A, SIDE_B)  # the web layer's match sides, SIDES[seat]


def other(seat: int) -> int:
    """The other seat."""
    return seat ^ 1


def letter(seat: int) -> str:
    """"A" or "B" for seat 0 or 1."""
    return LETTERS[seat]


def seat_of_letter(name: str) -> int:
    """0 or 1 for "A" or "B"; ValueError for anything else."""
    if name == LETTER_A:
        return SEAT_A
    if name == LETTER_B:
        return SEAT_B
    raise ValueError(f'a seat is "A" or "B", not {name!r}')


def other_letter(name: str) -> str:
    """The letter of the other seat ("B" for "A" and "A" for "B")."""
    return LETTER_B if name == LETTER_A else LETTER_A


def result_name(winner: int | None) -> str | None:
    """A game's result as a record writes it: "A", "B" or "draw"; None while it runs."""
    return None if winner is None else RESULT_NAMES[winner]


def winner_of_result(name: str) -> int:
    """A record's result ("A", "B" or "draw") as a game's `winner`; ValueError otherwise."""
    if name == DRAW_NAME:
        return DRAW
    return seat_of_letter(name)


def side(seat: int) -> str:
    """The web layer's match side, "a" or "b", of seat 0 or 1."""
    return SIDES[seat]


def seat_of_side(name: str) -> int:
    """0 or 1 for the match side "a" or "b"; ValueError for anything else."""
    if name == SIDE_A:
        return SEAT_A
    if name == SIDE_B:
        return SEAT_B
    raise ValueError(f'a match side is "a" or "b", not {name!r}')
