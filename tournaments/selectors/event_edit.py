"""An event's settings changes (services.event_edit), read."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event, EventChange


def changes_of(event: Event) -> QuerySet[EventChange]:
    """The event's changes, newest first, with who made each."""
    return EventChange.objects.filter(event=event).select_related("by").order_by("-at", "-id")
