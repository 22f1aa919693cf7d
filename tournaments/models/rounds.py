"""Swiss and top-cut rounds."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.events import Event


class RoundStage(models.TextChoices):
    SWISS = "swiss", "Swiss"
    TOP_CUT = "top_cut", "Top cut"


class RoundStatus(models.TextChoices):
    PLAYING = "playing", "Playing"
    COMPLETE = "complete", "Complete"  # every result confirmed


class Round(models.Model):
    # No related_name "rounds": Event.rounds is the number of Swiss rounds.
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
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

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            # With the event row lock, this makes pairing a round happen once.
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"
