"""A team match: two teams of 2 or 3 players, in seats A, B (and C); seat A plays seat A, B
plays B, C plays C. The team that wins more of its players' matches wins the team match;
equal counts are a draw (drawn seats count for neither team). The team match scores as a Swiss
match does: a win 3 match points, a draw 1, a loss 0.

The two teams are `a` and `b` (as the two sides of a Swiss `Match`); a seat's match is won as
the Swiss standings decide it, by the player who won more games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .model import StructureError

SEATS = ("A", "B", "C")
TEAM_SIZES = (2, 3)
WIN, DRAW, LOSS = 3, 1, 0  # match points, as a Swiss match counts them


class Outcome(StrEnum):
    """The result of one seat's match: which team's player won it, or a draw."""

    A = "a"
    B = "b"
    DRAW = "draw"


def seats_of(size: int) -> tuple[str, ...]:
    """The seats of a team of `size` players: A, B for 2; A, B, C for 3."""
    if size not in TEAM_SIZES:
        raise StructureError(f"a team has 2 or 3 players, not {size!r}")
    return SEATS[:size]


def seat_pairings(team_a: Sequence[str], team_b: Sequence[str]) -> list[tuple[str, str, str]]:
    """(seat, team a's player, team b's player) for each seat: seat A plays seat A. Each team
    lists its players in seat order."""
    if len(team_a) != len(team_b):
        raise StructureError(f"teams of {len(team_a)} and {len(team_b)} players cannot play a "
                             f"team match: both need the same number of seats")
    seats = seats_of(len(team_a))
    players = [*team_a, *team_b]
    repeated = sorted({p for p in players if players.count(p) > 1})
    if repeated:
        raise StructureError(f"{repeated[0]!r} sits in two seats")
    return list(zip(seats, team_a, team_b, strict=True))


def outcome_of(a_wins: int, b_wins: int) -> Outcome:
    """A seat's outcome from the games each player won (drawn games decide nothing)."""
    for games in (a_wins, b_wins):
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise StructureError(f"games won are whole numbers of at least 0, not {games!r}")
    if a_wins > b_wins:
        return Outcome.A
    if b_wins > a_wins:
        return Outcome.B
    return Outcome.DRAW


@dataclass(frozen=True, slots=True)
class TeamResult:
    """A team match's result: `winner` "a", "b" or None for a draw; the seats each team won
    and those drawn; each team's match points."""

    winner: str | None
    a_seats: int
    b_seats: int
    drawn_seats: int
    a_points: int
    b_points: int


def team_result(seats: Mapping[str, Outcome]) -> TeamResult:
    """The team match's result from each seat's outcome ({"A": Outcome.A, "B": ...}): every
    seat of a team of 2 (A, B) or of 3 (A, B, C), and no other."""
    size = len(seats)
    if size not in TEAM_SIZES or set(seats) != set(SEATS[:size]):
        raise StructureError(f"a team match has the seats A, B or A, B, C, not "
                             f"{', '.join(sorted(map(str, seats))) or 'none'}")
    outcomes = []
    for seat in SEATS[:size]:
        try:
            outcomes.append(Outcome(seats[seat]))
        except ValueError:
            raise StructureError(f"seat {seat}: the outcome is a, b or draw, "
                                 f"not {seats[seat]!r}") from None
    a_seats, b_seats = outcomes.count(Outcome.A), outcomes.count(Outcome.B)
    drawn = size - a_seats - b_seats
    if a_seats > b_seats:
        return TeamResult("a", a_seats, b_seats, drawn, WIN, LOSS)
    if b_seats > a_seats:
        return TeamResult("b", a_seats, b_seats, drawn, LOSS, WIN)
    return TeamResult(None, a_seats, b_seats, drawn, DRAW, DRAW)
