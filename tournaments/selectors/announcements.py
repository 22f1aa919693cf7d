"""Reading announcements: an event's live ones (its pages, the API), all of them with who
posted and withdrew each (the dashboard), and those of a player's events (the Me page).
Newest first everywhere; each list is one query."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from tournaments.models import Announcement, Event

# The Me page shows this many, across the player's events.
FOR_PLAYER = 20
# The dashboard lists this many withdrawn ones below the live ones.
WITHDRAWN_SHOWN = 10

NEWEST_FIRST = ("-posted_at", "-id")


def announcements_live(event: Event) -> QuerySet[Announcement]:
    """The event's announcements not withdrawn, newest first."""
    return (Announcement.objects.filter(event=event, withdrawn_at__isnull=True)
            .order_by(*NEWEST_FIRST))


def announcements_withdrawn(event: Event,
                            limit: int = WITHDRAWN_SHOWN) -> list[Announcement]:
    """The event's latest withdrawn announcements, with who posted and withdrew them."""
    return list(Announcement.objects.filter(event=event, withdrawn_at__isnull=False)
                .select_related("posted_by", "withdrawn_by")
                .order_by("-withdrawn_at", "-id")[:limit])


def announcements_for_player(user: AbstractBaseUser,
                             limit: int = FOR_PLAYER) -> list[Announcement]:
    """The live announcements of every event `user` holds a seat in (dropped or not: where the
    prizes are given still concerns them), newest first, each with its event."""
    return list(Announcement.objects
                .filter(event__registrations__player=user, withdrawn_at__isnull=True)
                .select_related("event").order_by(*NEWEST_FIRST)[:limit])
