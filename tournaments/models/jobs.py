"""Engine work for a match, done by a Celery worker."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.matches import Match


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", pgettext_lazy("engine job status", "Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")  # gave up after the attempt cap: the organizer decides


class MatchJob(models.Model):
    """Engine work for one match (AI seats playing it out), done by a Celery worker.

    The row is the truth, the broker only a doorbell: a task carries the job id, the worker
    locks the row, and a finished job is never redone, so a task delivered twice, or a late
    worker finishing an attempt already retried, changes nothing. The sweeper re-queues a job
    whose running worker stopped beating or whose message the broker no longer holds
    (core/deliveries.py), up to a cap on messages per job."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="job")
    status = models.CharField(max_length=10, choices=JobStatus.choices,
                              default=JobStatus.QUEUED)
    seed = models.BigIntegerField()
    attempts = models.PositiveSmallIntegerField(default=0)  # runs started
    # The job's latest message: its token (the task id; a delivery carrying another token was
    # replaced and does nothing), how many messages were sent, and the queue they went to.
    delivery = models.CharField(max_length=36, blank=True)
    deliveries = models.PositiveSmallIntegerField(default=0)
    queue = models.CharField(max_length=200, blank=True)
    queued_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    # Stamped every few seconds by the worker running it (CLASH_JOB_HEARTBEAT_SECONDS).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Why it failed: a stable code and its params, put into the reader's language when read
    # (presenters.job_errors), and the English text (all that jobs failed before the codes have).
    error = models.TextField(blank=True)
    error_code = models.CharField(max_length=40, blank=True)
    error_params = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["status", "queued_at"])]
