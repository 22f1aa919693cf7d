"""The deck lab's one model: a `LabRun` started from the lab page.

The row is the truth, the Celery chord only does the work: the chord's callback writes the
merged result and the status to the row (lab/tasks.py), and the pages read the row. A run is
running until its callback marks it done, or its error callback marks it failed with the
reason; the moves are in `LAB_RUN_TRANSITIONS` and lab/services/states.py makes them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class LabRunStatus(models.TextChoices):
    RUNNING = "running", pgettext_lazy("lab run status", "Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


LAB_RUN_TRANSITIONS: dict[str, tuple[str, ...]] = {
    LabRunStatus.RUNNING: (LabRunStatus.DONE, LabRunStatus.FAILED),
    # Both ends are final: a callback delivered again finds the run finished and does nothing.
    LabRunStatus.DONE: (),
    LabRunStatus.FAILED: (),
}


class LabRun(models.Model):
    """A deck-lab run: what was asked, the Celery ids of its chord, the games played so far
    (for the progress bar), and the merged result once the chord's callback has written it."""

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
    # Games played so far, added by the chunks as they go (lab/services/progress.py): the
    # progress bar's count, which decides nothing.
    games_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)  # LabResult.to_json() when done
    error = models.TextField(blank=True)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"lab run {self.pk}: {self.deck_label}, {self.games} games"
