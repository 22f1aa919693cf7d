"""The tournaments app's pure rules: checks and limits that read no row and write none, so the
selectors, forms, serializers and services all take them from here (STYLE.md, the rooms).

- Scores: which game counts a match may end with is `engine.clash.match_rules.MatchFormat`
  (rule C-7.5b); `score_check` refuses any other with one error, `ResultRefused`, the same
  for the forms, the API and the results' one writer (services.results.results_write).
- The bye: a confirmed 2-0 win with no opponent and no table (`BYE_SCORE`, defined in the
  pure Swiss core, which counts it in the standings). services.byes.bye_write makes it.
- The limits of what an organizer enters at once.
- Fixed tables: `tables_around` numbers a round's matches around the tables some players
  always play at (services.rounds.round_write).
"""

from __future__ import annotations

from core.errors import DomainError
from engine.clash.match_rules import MatchFormat
from tournaments.presenters.score_problems import score_problems
from tournaments.swiss.model import BYE_SCORE

__all__ = [
    "BYE_SCORE",
    "DRAFT_SEAT",
    "MAX_AI_SEATS",
    "MAX_AWARDED_BYES",
    "MAX_CLOCK_MINUTES",
    "MAX_GUEST_NAME",
    "MAX_KEPT_APART_NOTE",
    "MAX_RECORD_BYTES",
    "MAX_TABLE",
    "SCORE_FIELDS",
    "ResultRefused",
    "result_problems",
    "score_check",
    "tables_around",
]

# The audit trail's (EventChange) key of a draft seat an organizer handed to the AI's draft
# policy or back, "draft_seat:<pod>:<seat>", its values "player" and "ai" (services.pods).
DRAFT_SEAT = "draft_seat:"

SCORE_FIELDS = ("a_wins", "b_wins", "draws")

MAX_AI_SEATS = 64  # AI seats added at once
MAX_CLOCK_MINUTES = 60  # minutes added at once, to a round or a table
MAX_GUEST_NAME = 60  # characters of a walk-in's name
MAX_RECORD_BYTES = 200_000  # an uploaded game record
MAX_AWARDED_BYES = 3  # byes an organizer may award a player, for the first rounds
MAX_TABLE = 999  # the highest table a player's table may be fixed at
MAX_KEPT_APART_NOTE = 200  # characters of the note on a pairing that must not happen


def tables_around(fixed: list[tuple[int | None, int | None]]) -> list[tuple[int, bool]]:
    """The table of each match, given each match's players' fixed tables (the higher-ranked
    player first, None: none): a match with a fixed table plays at it (both fixed: the
    higher-ranked player's), the others take 1, 2, ... in order, skipping the tables fixed.
    Returns (table, whether it is a fixed one) for each match."""
    taken = {a if a is not None else b for a, b in fixed if a is not None or b is not None}
    tables: list[tuple[int, bool]] = []
    free = 0
    for a, b in fixed:
        if a is not None or b is not None:
            tables.append((a if a is not None else b, True))
            continue
        free += 1
        while free in taken:
            free += 1
        tables.append((free, False))
    return tables


class ResultRefused(DomainError):
    """A score the rules do not allow for the match (rule C-7.5b), with every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("invalid_result", "; ".join(problems), problems=problems)


def result_problems(*, match_length: int, top_cut: bool, a_wins: int, b_wins: int,
                    draws: int) -> list[str]:
    """Every reason the game counts cannot be a result of such a match."""
    return score_problems(MatchFormat(best_of=match_length, top_cut=top_cut), a_wins, b_wins,
                          draws)


def score_check(fmt: MatchFormat, *, a_wins: int, b_wins: int, draws: int) -> dict:
    """The score as the services store it, or `ResultRefused` if `fmt` does not allow it."""
    problems = score_problems(fmt, a_wins, b_wins, draws)
    if problems:
        raise ResultRefused(problems)
    return {"a_wins": a_wins, "b_wins": b_wins, "draws": draws}
