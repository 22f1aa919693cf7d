"""Setting up a team event in tests: seats from the factories, teams formed through the
services as players form them."""

from __future__ import annotations

from tests.factories.tournaments import ListedSeatFactory, OrganizedEventFactory
from tests.tournaments.event_steps import now
from tournaments.models import Event, Team
from tournaments.services.teams import team_create, team_join


def team_event(teams: int, size: int, **settings) -> Event:  # noqa: ANN003
    """A preconstructed team event in registration with `teams` full teams of `size`
    players, named "Team 1", "Team 2", ... and their players "t1a", "t1b", ..."""
    event = OrganizedEventFactory(team_size=size, **settings)
    for number in range(1, teams + 1):
        form_team(event, f"Team {number}",
                  [f"t{number}{seat}" for seat in "abc"[:size]])
    return event


def form_team(event: Event, name: str, usernames: list[str]) -> Team:
    """Seats with their lists for `usernames`; the first makes team `name`, the others
    join it."""
    seats = [ListedSeatFactory(event=event, player__username=u) for u in usernames]
    team = team_create(event_id=event.pk, by=seats[0].player, now=now(), name=name)
    for seat in seats[1:]:
        team_join(event_id=event.pk, by=seat.player, team_id=team.pk)
    return team
