"""Pairing a round of a team event: the team Swiss (selectors.teams pairs teams as Swiss
players by team match points, with the pairer's usual no-rematch and bye rules). Each pair of
teams is a `TeamMatch` with one `Match` per seat, seat A against seat A, its tables numbered
on consecutively (the first team match at tables 1..size, the next after it); a team's bye
is a bye for each of its players. Individual matches are then reported and confirmed as in
any event, and the team match's result follows from them (selectors.teams)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser

from core.errors import Conflict, from_engine
from tournaments.models import Event, Match, Registration, Round, RoundStage, TeamMatch
from tournaments.selectors.teams import teams_view
from tournaments.structures.teams import seat_pairings
from tournaments.swiss import SwissError, pair_round

from .byes import bye_write
from .standings import results_version_bump

__all__ = ["team_round_pair"]


def team_round_pair(*, event: Event, by: AbstractBaseUser, now: datetime, number: int,
                    write) -> Round:  # noqa: ANN001 (services.rounds.round_write)
    """Round `number` of the team Swiss of `event` (locked by the caller), written by
    `write` (services.rounds.round_write) with the seat matches in team-match order."""
    view = teams_view(event)
    seats = {pid: {m.seat: m.registration_id for m in members}
             for pid, members in view.members.items()}
    try:
        pairing = pair_round(view.tournament, event.tiebreakers)
    except SwissError as exc:
        raise from_engine(exc, "cannot_pair", kind=Conflict) from None
    if pairing.round != number:
        raise AssertionError(f"{event}: the confirmed team matches end at round "
                             f"{pairing.round - 1}, the rounds at {number - 1}")
    rows = {r.pk: r for r in Registration.objects.filter(event=event, team__isnull=False)}

    def seated(pid: str) -> list[int]:
        return [pk for _, pk in sorted(seats[pid].items())]

    pairs, teams = [], []
    for a, b in pairing.pairings:
        for _, pa, pb in seat_pairings(seated(a), seated(b)):
            pairs.append((rows[pa], rows[pb]))
        teams.append((a, b))
    rnd = write(event=event, number=number, stage=RoundStage.SWISS, by=by, now=now,
                pairs=pairs, explanation={"lines": pairing.explanation, "players": view.names})
    by_player = {m.player_a_id: m for m in Match.objects.filter(round=rnd)}
    for a, b in teams:
        firsts = [by_player[pk] for pk in seated(a)]
        team_match = TeamMatch.objects.create(round=rnd, team_a_id=int(a[1:]),
                                              team_b_id=int(b[1:]),
                                              table=min(m.table for m in firsts))
        Match.objects.filter(pk__in=[m.pk for m in firsts]).update(team_match=team_match)
    if pairing.bye is not None:
        team_match = TeamMatch.objects.create(round=rnd, team_a_id=int(pairing.bye[1:]))
        for pk in seated(pairing.bye):
            bye = bye_write(rnd=rnd, registration=rows[pk], by=None, now=now)
            Match.objects.filter(pk=bye.pk).update(team_match=team_match)
    results_version_bump(event_id=event.pk)
    return rnd
