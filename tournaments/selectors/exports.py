"""CSV downloads of an event: its standings and a round's pairings, for printing and posting
at the venue. Both are public, like the pages they come from, and carry no decklists."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from tournaments.models import Event, Match, Round
from tournaments.selectors.matches import matches_by_table
from tournaments.selectors.standings import standings_for_event

STANDINGS_HEADER = ["rank", "name", "match_points", "wins", "losses", "draws", "omw", "gw",
                    "ogw", "dropped", "ai"]
PAIRINGS_HEADER = ["table", "player_a", "player_b", "status", "a_wins", "b_wins", "draws"]


def _csv(header: list[str], rows: Iterable[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _percent(value: float) -> str:
    return f"{value * 100:.2f}"


def standings_csv(event: Event) -> str:
    """One line per player, best first; OMW, GW and OGW as percentages with two decimals."""
    return _csv(STANDINGS_HEADER, (
        [row.rank, row.name, row.match_points, row.wins, row.losses, row.draws,
         _percent(row.omw), _percent(row.gw), _percent(row.ogw), int(row.dropped),
         int(row.is_ai)]
        for row in standings_for_event(event)))


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
    return _csv(PAIRINGS_HEADER, (_pairing_row(m) for m in matches_by_table(rnd)))
