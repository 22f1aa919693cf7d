"""CSV downloads of an event: its standings and a round's pairings, for printing and posting
at the venue. Both are public, like the pages they come from, and carry no decklists. Names
that a spreadsheet would read as formulas are written as text (core.csv_cells)."""

from __future__ import annotations

from core.csv_cells import csv_text
from tournaments.models import Event, Match, Round
from tournaments.selectors.matches import matches_by_table
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import (
    StandingColumn,
    StandingRow,
    cut_marked,
    standings_for_event,
    tiebreaker_columns,
)
from tournaments.swiss import DEFAULT_ORDER


def standings_header(columns: list[StandingColumn]) -> list[str]:
    """The standings CSV's columns: the tiebreakers (`tiebreaker_columns`) between the record
    and the seat's marks, named by their metric keys; `cut` then `place` last, so the columns
    before them stay where they were before they existed."""
    return (["rank", "name", "match_points", "wins", "losses", "draws"]
            + [column.key for column in columns] + ["dropped", "ai", "cut", "place"])


# The header of an event with the default tiebreaker order, the Magic Tournament Rules' one.
STANDINGS_HEADER = standings_header(tiebreaker_columns(DEFAULT_ORDER))
PAIRINGS_HEADER = ["table", "player_a", "player_b", "status", "a_wins", "b_wins", "draws"]


def _percent(value: float) -> str:
    return f"{value * 100:.2f}"


def _metric_cell(row: StandingRow, column: StandingColumn) -> object:
    value = getattr(row, column.key)
    return _percent(value) if column.percent else value


def standings_csv(event: Event) -> str:
    """One line per player, best first; the event's tiebreakers in its configured order,
    percentages with two decimals; `cut` is "yes" for a player the standings label for the
    top cut; `place` is the final place once it is decided (selectors.placings), else empty."""
    columns = tiebreaker_columns(event.tiebreakers)
    rows = standings_for_event(event)
    cut = cut_marked(event, rows)
    places = final_places(event, rows) or {}
    return csv_text(standings_header(columns), (
        [row.rank, row.name, row.match_points, row.wins, row.losses, row.draws,
         *(_metric_cell(row, column) for column in columns), int(row.dropped),
         int(row.is_ai), "yes" if row.registration_id in cut else "",
         places.get(row.registration_id, "")]
        for row in rows))


def _pairing_row(match: Match) -> list:
    if match.bye:
        return ["bye", match.player_a.name, "", match.status, match.a_wins, match.b_wins,
                match.draws]
    return [match.table, match.player_a.name, match.player_b.name, match.status,
            "" if match.a_wins is None else match.a_wins,
            "" if match.b_wins is None else match.b_wins,
            "" if match.draws is None else match.draws]


def pairings_csv(rnd: Round) -> str:
    """The round's tables in order, the bye last; results once confirmed."""
    return csv_text(PAIRINGS_HEADER, (_pairing_row(m) for m in matches_by_table(rnd)))
