"""An event's judges: the organizers name them by username and remove them. A judge records
and withdraws the event's penalties (services.penalties), gives a table extra time
(services.clock) and reads the event's registered lists for deck checks; nothing else
an organizer does (selectors.access.is_judge).

A judge does not play in the event they judge (they would rule on their own matches): a player
or a person on its waitlist is not named one, and a judge gets no seat nor waitlist place
(services.guards.require_not_judge); a judge holding a seat anyway has no judge power
there (selectors.access.acts_as_judge). An organizer is not named a judge (they can do all a
judge does already).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, NotFound
from tournaments.models import Event, Registration, WaitlistEntry

from .guards import lock_event, require_organizer

__all__ = ["judge_add", "judge_remove"]


@transaction.atomic
def judge_add(*, event_id: int, by: AbstractBaseUser, user: AbstractBaseUser) -> tuple[Event, bool]:
    """Name `user` a judge of the event. Returns the event and whether this call named them
    (False: they were a judge already)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    name = user.get_username()
    if event.organizers.filter(pk=user.pk).exists():
        raise Conflict("already_organizer",
                       gettext("%(user)s organizes %(event)s: an organizer does all a judge "
                               "does already") % {"user": name, "event": event.name},
                       params={"user": name, "event": event.name})
    if Registration.objects.filter(event=event, player=user).exists():
        raise Conflict("plays_in_event",
                       gettext("%(user)s plays in %(event)s: a judge cannot rule on their own "
                               "event's matches") % {"user": name, "event": event.name},
                       params={"user": name, "event": event.name})
    if WaitlistEntry.objects.filter(event=event, player=user).exists():
        raise Conflict("waits_in_event",
                       gettext("%(user)s is on the waitlist of %(event)s: they leave it before "
                               "they can judge the event") % {"user": name, "event": event.name},
                       params={"user": name, "event": event.name})
    if event.judges.filter(pk=user.pk).exists():
        return event, False
    event.judges.add(user)
    return event, True


@transaction.atomic
def judge_remove(*, event_id: int, by: AbstractBaseUser, user_id: int) -> tuple[Event, bool]:
    """Remove a judge of the event; the penalties they recorded stay. Returns the event and
    whether this call removed them. A user who is not a judge of the event is a NotFound."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if not event.judges.filter(pk=user_id).exists():
        raise NotFound("not_a_judge", gettext("%(event)s has no judge with id %(user)d")
                       % {"event": event.name, "user": user_id},
                       params={"event": event.name, "user": user_id})
    event.judges.remove(user_id)
    return event, True
