"""Swiss and top-cut rounds, and the audit trail of their clocks (`ClockChange`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class RoundStage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    TOP_CUT = "top_cut", _("Top cut")


class RoundStatus(models.TextChoices):
    PLAYING = "playing", _("Playing")
    COMPLETE = "complete", _("Complete")  # every result confirmed


class Round(models.Model):
    # No related_name "rounds": Event.rounds is the number of Swiss rounds.
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    # The phase of the event it belongs to (models.phases).
    phase = models.ForeignKey("tournaments.Phase", on_delete=models.CASCADE,
                              related_name="phase_rounds")
    number = models.PositiveSmallIntegerField()  # 1.. over Swiss and top-cut rounds
    stage = models.CharField(max_length=10, choices=RoundStage.choices, default=RoundStage.SWISS)
    status = models.CharField(max_length=10, choices=RoundStatus.choices,
                              default=RoundStatus.PLAYING)
    seed = models.BigIntegerField(default=0)  # the seed the pairing used, to replay it
    # {"lines": [...], "players": {"R12": "alice", ...}}: the pairing's own explanation, whose
    # lines name players by id, and the names those ids stood for.
    explanation = models.JSONField(default=dict, blank=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    paired_at = models.DateTimeField()
    completed_at = models.DateTimeField(null=True, blank=True)
    # The round clock (tournaments.selectors.clock computes the time left from these, so a
    # refresh or a second device shows the same): its length, fixed when it starts from the
    # event's `round_minutes`; when it started; when it was paused (None while it runs); the
    # seconds it spent paused before that; the minutes the organizer added.
    clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    clock_added_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            # With the event row lock, this makes pairing a round happen once.
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
            models.CheckConstraint(
                condition=Q(clock_started_at__isnull=True, clock_paused_at__isnull=True)
                | Q(clock_started_at__isnull=False, clock_minutes__isnull=False),
                name="a_started_clock_has_a_length"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class ClockAction(models.TextChoices):
    START = "start", _("Started")
    PAUSE = "pause", _("Paused")
    RESUME = "resume", _("Resumed")
    ADD = "add", _("Minutes added")
    EXTEND = "extend", _("Extra time for a table")


class ClockChange(models.Model):
    """The audit trail of a round's clock: one row per start, pause, resume, minutes added
    to the round, or extra time given to one table (`match` set), never edited."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clock_changes")
    match = models.ForeignKey("tournaments.Match", null=True, blank=True,
                              on_delete=models.CASCADE, related_name="clock_changes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+")  # None: by pairing
    action = models.CharField(max_length=10, choices=ClockAction.choices)
    minutes = models.PositiveSmallIntegerField(default=0)  # added (add, extend)
    note = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.round}: clock {self.action} at {self.at:%Y-%m-%d %H:%M}"
