"""Deck-lab runs (kept apart from the tournament models: the lab becomes an app of its own)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class LabRunStatus(models.TextChoices):
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class LabRun(models.Model):
    """A deck-lab run started from the lab page: what was asked, the Celery ids to follow its
    chunks, and the merged result once the chord's callback has it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="lab_runs")
    deck_label = models.CharField(max_length=120)
    deck = models.JSONField()  # the card names tested
    field = models.JSONField()  # the preconstructed deck numbers of the field
    games = models.PositiveIntegerField()
    ai = models.CharField(max_length=20)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=LabRunStatus.choices,
                              default=LabRunStatus.RUNNING)
    result_id = models.CharField(max_length=255, blank=True)  # the chord's callback
    chunk_ids = models.JSONField(default=list)  # the chord's header, one task per chunk
    result = models.JSONField(null=True, blank=True)  # LabResult.to_json() when done
    error = models.TextField(blank=True)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"lab run {self.pk}: {self.deck_label}, {self.games} games"
