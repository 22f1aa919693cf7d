"""Infractions recorded by an event's organizers and judges (issue 16): the usual tournament
ladder of warning, game loss, match loss and disqualification, each with the round, the player
and a note. A game loss or a match loss changes the match's result through the one result
writer (services.results), even a result the engine verified; a disqualification drops the
player. The player sees their own penalties, the organizers and judges see all, no one else
any. A penalty is never edited; one recorded in error is withdrawn (`withdrawn_at`), and a
result it changed is set again by the organizer through the result path."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.matches import Match
from tournaments.models.registrations import Registration

MAX_PENALTY_NOTE = 500


class PenaltyKind(models.TextChoices):
    WARNING = "warning", _("Warning")
    GAME_LOSS = "game_loss", _("Game loss")
    MATCH_LOSS = "match_loss", _("Match loss")
    DISQUALIFICATION = "disqualification", _("Disqualification")


class Penalty(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE,
                                     related_name="penalties")
    kind = models.CharField(max_length=20, choices=PenaltyKind.choices)
    # The round the infraction happened in (None: before round 1, for example at
    # registration or a deck check before the start).
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The match whose result a game or match loss changed; None for the other kinds.
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="penalties")
    note = models.CharField(max_length=MAX_PENALTY_NOTE)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["event", "at", "id"]
        verbose_name_plural = "penalties"
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=PenaltyKind.values),
                                   name="penalty_kind_known"),
            models.CheckConstraint(
                condition=Q(match__isnull=True)
                | Q(kind__in=[PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS]),
                name="only_a_game_or_match_loss_changes_a_match"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.registration} in {self.event}"
