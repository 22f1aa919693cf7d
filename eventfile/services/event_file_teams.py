"""A team event's teams and team matches read back from its event file
(services.event_file_checks.teams checked them): the teams with their seats, and each team
match linked to its seat matches."""

from __future__ import annotations

from datetime import datetime

from eventfile.services.event_file_fields import Data
from tournaments.models import Event, Match, Registration, Team, TeamMatch

__all__ = ["teams_restore"]


def teams_restore(*, event: Event, teams: list[Data], team_matches: list[Data],
                  seats: dict[int, Registration], matches: dict[int, Match],
                  now: datetime) -> None:
    made: dict[object, Team] = {}
    for data in teams:
        team = Team.objects.create(event=event, name=data["name"], created_by=None,
                                   created_at=now)
        made[data["id"]] = team
        for seat, player in data["members"]:
            Registration.objects.filter(pk=seats[player].pk).update(team=team, seat=seat)
    rounds = {m.round.number: m.round for m in matches.values()}
    for data in team_matches:
        team_match = TeamMatch.objects.create(
            round=rounds[data["round"]], team_a=made[data["team_a"]],
            team_b=made[data["team_b"]] if data["team_b"] is not None else None,
            table=data["table"])
        Match.objects.filter(pk__in=[matches[m].pk for m in data["matches"]]).update(
            team_match=team_match)
