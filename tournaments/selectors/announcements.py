"""Reading announcements: an event's live ones (its pages, the API), the live and the latest
withdrawn with who posted and withdrew each (the dashboard), and those of a player's events
(the Me page). Newest first; each is one query."""

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


def announcements_board(event: Event, withdrawn_shown: int = WITHDRAWN_SHOWN,
                        ) -> tuple[list[Announcement], list[Announcement]]:
    """The dashboard's two lists, in one query, with who posted and withdrew each: the live
    ones newest first, and the `withdrawn_shown` latest withdrawn (an event posts a few dozen
    at most, so reading them all is cheap)."""
    rows = list(Announcement.objects.filter(event=event)
                .select_related("posted_by", "withdrawn_by").order_by(*NEWEST_FIRST))
    withdrawn = sorted((a for a in rows if not a.live),
                       key=lambda a: (a.withdrawn_at, a.pk), reverse=True)
    return [a for a in rows if a.live], withdrawn[:withdrawn_shown]


def announcements_for_player(user: AbstractBaseUser,
                             limit: int = FOR_PLAYER) -> list[Announcement]:
    """The live announcements of every event `user` holds a seat in (dropped or not: where the
    prizes are given still concerns them), newest first, each with its event."""
    return list(Announcement.objects
                .filter(event__registrations__player=user, withdrawn_at__isnull=True)
                .select_related("event").order_by(*NEWEST_FIRST)[:limit])
