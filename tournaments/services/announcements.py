"""Announcements: the organizers post a short message to their event's players and withdraw
it when it no longer holds.

- `announcement_post`: plain text (the pages escape it), 1 to `MAX_ANNOUNCEMENT` characters
  once the surrounding blanks are cut; posted in any state of the event (the doors open, the
  next round's start, where the prizes are given).
- `announcement_withdraw`: hides it from the pages; withdrawing it again changes nothing.

The row records who posted and withdrew it, and when: the event's record of its
announcements, kept whole (nothing is deleted or edited). Both lock the event first, like every
organizer's action, and bump the results version: the pairings page, kept for visitors under
that version, shows the announcements too.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import DomainError, NotFound
from core.locks import lock_one
from tournaments.models import MAX_ANNOUNCEMENT, Announcement

from .guards import lock_event, require_organizer
from .standings import results_version_bump

__all__ = ["announcement_post", "announcement_withdraw"]


def _announcement_problems(text: str) -> list[str]:
    """What is wrong with `text` as an announcement (empty: nothing)."""
    if not text.strip():
        return [_("The announcement is empty: write the message to the players")]
    if len(text.strip()) > MAX_ANNOUNCEMENT:
        return [_("The announcement is longer than %(limit)d characters: it has %(length)d")
                % {"limit": MAX_ANNOUNCEMENT, "length": len(text.strip())}]
    return []


@transaction.atomic
def announcement_post(*, event_id: int, by: AbstractBaseUser, text: str,
                      now: datetime) -> Announcement:
    """Post `text` to the event's players (organizers only)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    problems = _announcement_problems(text)
    if problems:
        raise DomainError("invalid_announcement", problems[0], problems=problems,
                          params={"limit": MAX_ANNOUNCEMENT})
    announcement = Announcement.objects.create(event=event, text=text.strip(), posted_by=by,
                                               posted_at=now)
    results_version_bump(event_id=event.pk)
    return announcement


@transaction.atomic
def announcement_withdraw(*, event_id: int, announcement_id: int, by: AbstractBaseUser,
                          now: datetime) -> tuple[Announcement, bool]:
    """Withdraw the event's announcement (organizers only). An id of another event's
    announcement reads like a missing one. Returns it and whether this call withdrew it."""
    event = lock_event(event_id)
    require_organizer(event, by)
    announcement = lock_one(Announcement.objects.filter(pk=announcement_id, event=event))
    if announcement is None:
        raise NotFound("not_found",
                       _("No announcement %(announcement)d in %(event)s")
                       % {"announcement": announcement_id, "event": event.name},
                       params={"announcement": announcement_id, "event": event.name})
    if announcement.withdrawn_at is not None:
        return announcement, False
    announcement.withdrawn_at = now
    announcement.withdrawn_by = by
    announcement.save(update_fields=["withdrawn_at", "withdrawn_by"])
    results_version_bump(event_id=event.pk)
    return announcement, True
