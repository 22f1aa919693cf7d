"""The audit trail of an event's settings changed after it was created (services.event_edit):
one row per save that changed anything, never edited, with each changed setting's value
before and after."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.events import Event


class EventChange(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="changes")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()
    # {field: [before, after]}, the values as JSON (a time as ISO 8601, None for empty), in
    # the order of the event's settings.
    changes = models.JSONField(default=dict)

    class Meta:
        ordering = ["event", "-at", "-id"]

    def __str__(self) -> str:
        return f"{self.event}: {', '.join(self.changes)} changed at {self.at:%Y-%m-%d %H:%M}"
