"""What the standings page of a team event shows above the players' table: the team
standings (selectors.teams.team_standings), each team's members under it with their own
records, as text ready for templates/tournaments/_team_standings.html."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import formats

from tournaments.models import Event
from tournaments.selectors.standings import METRIC_TEXT, POINTS, StandingColumn
from tournaments.selectors.teams import team_standings

__all__ = ["shown_teams"]


def shown_teams(event: Event, url: Callable[[int], str],
                columns: Sequence[StandingColumn]) -> str:
    """The team standings' part, its tiebreakers in the event's order (`columns`)."""
    point = formats.get_format("DECIMAL_SEPARATOR")
    teams = []
    for row in team_standings(event):
        teams.append(SimpleNamespace(
            team_id=row.team_id, name=row.name, rank=str(row.rank), dropped=row.dropped,
            match_points=str(row.match_points), record=f"{row.wins}-{row.losses}-{row.draws}",
            metrics=tuple(_shown(getattr(row, c.key), c.percent, point) for c in columns),
            members=[SimpleNamespace(seat=m.seat, name=m.name, url=url(m.registration_id),
                                     record=f"{m.wins}-{m.losses}-{m.draws}",
                                     dropped=m.dropped)
                     for m in row.members]))
    return render_to_string("tournaments/_team_standings.html", {
        "event": event, "teams": teams, "columns": columns, "points": METRIC_TEXT[POINTS],
        "width": 3 + len(columns)})


def _shown(value: float, percent: bool, point: str) -> str:
    return (f"{value * 100:.1f}" if percent else str(value)).replace(".", point)
