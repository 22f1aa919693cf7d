"""Announcements: a short message the organizers post to an event's players ("round 3 starts
at 14:30, tables 1-20 in the back room"), shown on the event's pages and on each registered
player's Me page until it is withdrawn."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.events import Event

# The longest announcement: a line on a phone's screen or two, not a newsletter.
MAX_ANNOUNCEMENT = 280


class Announcement(models.Model):
    """One post. The row is the record of who posted it and who withdrew it, and when: a
    withdrawn announcement is kept (and shown to the organizers), never deleted or edited."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    # Plain text; the templates escape it like any other input.
    text = models.CharField(max_length=MAX_ANNOUNCEMENT)
    posted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                  on_delete=models.SET_NULL, related_name="+")
    posted_at = models.DateTimeField()
    # Both None while it is shown.
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "-posted_at", "-id"]
        indexes = [
            # The pages read an event's live ones, newest first.
            models.Index(fields=["event", "-posted_at"], name="announcements_live",
                         condition=Q(withdrawn_at__isnull=True)),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.text[:40]}"

    @property
    def live(self) -> bool:
        return self.withdrawn_at is None
