"""A team event's part of its event file (docs/event-file.md): `teams`, each with the file's
ids of its players by seat, and `team_matches`, each with its round, table, teams and the
file's ids of its seat matches. An individual event's file has neither."""

from __future__ import annotations

from typing import Any

from tournaments.models import Event, Match, Registration, Team, TeamMatch

__all__ = ["teams_part"]


def teams_part(event: Event, seat_ids: dict[int, int],
               match_ids: dict[int, int]) -> dict[str, Any]:
    if not event.teams_play:
        return {}
    teams = list(Team.objects.filter(event=event).order_by("created_at", "id"))
    team_ids = {team.pk: number for number, team in enumerate(teams, start=1)}
    members: dict[int, list[dict]] = {team.pk: [] for team in teams}
    for pk, team, seat in (Registration.objects.filter(event=event, team__isnull=False)
                           .order_by("seat").values_list("id", "team_id", "seat")):
        members[team].append({"seat": seat, "player": seat_ids[pk]})
    seat_matches: dict[int, list[int]] = {}
    for pk, team_match in (Match.objects.filter(round__event=event, team_match__isnull=False)
                           .order_by("table", "id").values_list("id", "team_match_id")):
        seat_matches.setdefault(team_match, []).append(match_ids[pk])
    return {
        "teams": [{"id": team_ids[t.pk], "name": t.name, "members": members[t.pk]}
                  for t in teams],
        "team_matches": [
            {"round": number, "table": table, "team_a": team_ids[a],
             "team_b": team_ids[b] if b is not None else None,
             "matches": seat_matches.get(pk, [])}
            for pk, number, table, a, b in TeamMatch.objects.filter(round__event=event)
            .order_by("round__number", "table", "id")
            .values_list("id", "round__number", "table", "team_a_id", "team_b_id")],
    }
