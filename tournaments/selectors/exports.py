"""CSV downloads of an event: its standings and a round's pairings, for printing and posting
at the venue. Both are public, like the pages they come from, and carry no decklists. Names
that a spreadsheet would read as formulas are written as text (core.csv_cells)."""

from __future__ import annotations

from core.csv_cells import csv_text
from tournaments.models import Event, Match, MatchBracket, MatchStatus, Phase, Round
from tournaments.selectors.matches import matches_by_table
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import (
    StandingColumn,
    StandingRow,
    cut_marked,
    standings_for_event,
    tiebreaker_columns,
)
from tournaments.selectors.teams import team_columns, team_outline
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
    # A round robin's rows carry their group last (the rank is then the rank in it).
    groups = any(row.group for row in rows)
    # A team event's rows carry the player's team, seat and the team's rank last.
    teams = team_columns(event) if event.teams_play else None
    return csv_text(standings_header(columns) + (["group"] if groups else [])
                    + (["team", "seat", "team_rank"] if teams is not None else []), (
        [row.rank, row.name, row.match_points, row.wins, row.losses, row.draws,
         *(_metric_cell(row, column) for column in columns), int(row.dropped),
         int(row.is_ai), "yes" if row.registration_id in cut else "",
         places.get(row.registration_id, ""), *([row.group] if groups else []),
         *(teams.get(row.registration_id, ("", "", "")) if teams is not None else [])]
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


# The names `simulate_event --json` gives the structures (its --structure names them alike).
STRUCTURE_NAMES = {"swiss": "swiss", "round_robin": "round-robin",
                   "single_elimination": "single-elimination",
                   "double_elimination": "double-elimination"}


def _winner(match: Match) -> str | None:
    if match.player_b_id is None:
        return match.player_a.name
    if match.status != MatchStatus.CONFIRMED or match.a_wins == match.b_wins:
        return None
    return (match.player_a if match.a_wins > match.b_wins else match.player_b).name


def event_outline(event: Event) -> dict:
    """The whole event as one JSON object (`simulate_event --json`): the final places, best
    first (selectors.placings; without a top cut, the standings' ranks), and each phase's
    structure with its matches: round, the two players (b None for a bye), the winner (None
    for a draw or a match not decided), "bracket": "third_place" for a match for third
    place, a double elimination's "winners", "losers" or "final" (the reset is the second
    "final"), and a round robin's "group". A team event's places and matches are its teams'
    (selectors.teams.team_outline)."""
    if event.teams_play:
        return team_outline(event)
    rows = standings_for_event(event)
    places = final_places(event, rows) or {row.registration_id: row.rank for row in rows}
    names = {row.registration_id: row.name for row in rows}
    order = {row.registration_id: index for index, row in enumerate(rows)}
    placings = [(places[pk], names[pk]) for pk in sorted(
        (pk for pk in places if pk in names), key=lambda pk: (places[pk], order[pk]))]
    phases = []
    for phase in Phase.objects.filter(event=event).order_by("number"):
        group = {pk: number for number, members in enumerate(phase.group_members, start=1)
                 for pk in members}  # a round robin's
        matches = []
        for m in (Match.objects.filter(round__phase=phase)
                  .select_related("round", "player_a__player", "player_b__player")
                  .order_by("round__number", "table", "id")):
            out = {"round": m.round.number, "a": m.player_a.name,
                   "b": m.player_b.name if m.player_b_id else None, "winner": _winner(m)}
            if m.bracket != MatchBracket.MAIN:  # third_place; winners, losers, final
                out["bracket"] = m.bracket
            if m.player_a_id in group:
                out["group"] = group[m.player_a_id]
            matches.append(out)
        phases.append({"structure": STRUCTURE_NAMES[phase.structure], "matches": matches})
    return {"placings": [{"place": place, "player": name} for place, name in placings],
            "phases": phases}
