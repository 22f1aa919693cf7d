"""Teams of a team event (`Event.team_size` 2 or 3): a `Team` is a name and its players'
registrations, each in a seat A, B (, C) (`Registration.team`, `Registration.seat`); a
`TeamMatch` is two teams meeting in a Swiss round, its seat matches the round's `Match`es
whose `team_match` it is (seat A plays seat A). Its result is not stored: it follows from
its seat matches once all are confirmed (tournaments.structures.teams,
tournaments.selectors.teams)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from tournaments.models.events import Event
from tournaments.models.rounds import Round

MAX_TEAM_NAME = 60


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=MAX_TEAM_NAME)
    # The player who made it: they may remove a member and reorder the seats before the start.
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "event", name="team_name_unique_per_event"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMatch(models.Model):
    """Two teams paired in a round (`team_b` None: the team's bye, each seat a bye); its
    seat matches are at tables `table`, `table` + 1, ... (None for a bye)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    team_a = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    table = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table", "id"]
        verbose_name_plural = "team matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "team_a"], name="team_a_once_a_round"),
            models.UniqueConstraint(fields=["round", "team_b"], name="team_b_once_a_round"),
            models.CheckConstraint(condition=Q(team_b__isnull=True, table__isnull=True)
                                   | Q(team_b__isnull=False, table__isnull=False),
                                   name="a_team_bye_has_no_table"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team_a} v {self.team_b or 'bye'}"
