"""An event's decklists after registration: deck checks and publishing the lists.

- `deck_check_record`: during the event an organizer checks a player's deck against the
  version their seat registered, and records who, when, in which round, the outcome and a
  note: a `DeckCheck`, part of the event's audit trail that only its organizers read.
- `event_lists_publish`: the organizer publishes the registered lists. From then on the
  visibility rules (`decks.selectors.visible_versions`) show every seat's registered version
  to everyone, on the event's pages, the player pages and the replays; a later edit of a
  list makes a version no event follows, and it stays its owner's alone. Lists are
  published once they are fixed (the event has started or its deadline has passed), so
  what is published is what is played.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound, Problem
from tournaments.models import DeckCheck, DeckCheckOutcome, Event, EventStatus, Registration, Round

from .guards import lock_event, require_organizer
from .standings import results_version_bump

__all__ = ["deck_check_record", "event_lists_publish"]

_MAX_NOTE = 200
_CHECKED_WHILE = (EventStatus.RUNNING, EventStatus.TOP_CUT)


@transaction.atomic
def deck_check_record(*, event_id: int, registration_id: int, by: AbstractBaseUser,
                      outcome: str, now: datetime, round_number: int | None = None,
                      note: str = "") -> DeckCheck:
    """Record a deck check of the seat against its registered version. `round_number` None:
    the round being played (the last one paired). Only the event's organizers, while the
    event runs or plays its top cut."""
    event = lock_event(event_id)
    require_organizer(event, by)
    registration = Registration.objects.filter(pk=registration_id, event=event).first()
    if registration is None:
        raise NotFound("not_found", gettext("No registration %(registration)s in %(event)s")
                                    % {"registration": registration_id, "event": event.name},
                       params={"registration": registration_id, "event": event.name})
    if event.status not in _CHECKED_WHILE:
        raise Conflict("not_running", gettext("Deck checks are recorded while %(event)s is "
                                              "played: it is %(status)s")
                                      % {"event": event.name,
                                         "status": event.get_status_display().lower()},
                       params={"event": event.name, "status": event.status})
    if registration.decklist_version_id is None:
        raise Conflict("no_list", gettext("%(player)s has no registered list to check")
                                  % {"player": registration.name},
                       params={"player": registration.name})
    problems = []
    if outcome not in DeckCheckOutcome.values:
        problems.append(Problem(gettext("The outcome is one of %(values)s, not %(outcome)s")
                                % {"values": ", ".join(DeckCheckOutcome.values),
                                   "outcome": repr(outcome)}, "outcome"))
    if len(note) > _MAX_NOTE:
        problems.append(Problem(gettext("The note is longer than %(most)s characters")
                                % {"most": _MAX_NOTE}, "note"))
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    if round_number is None:
        round_number = rounds[-1] if rounds else None
    elif round_number not in rounds:
        problems.append(Problem((gettext("%(event)s has no round %(round)s yet: its rounds are "
                                         "1 to %(last)s") if rounds else
                                 gettext("%(event)s has no round %(round)s yet"))
                                % {"event": event.name, "round": round_number,
                                   "last": rounds[-1] if rounds else None}, "round_number"))
    if problems:
        raise DomainError("invalid_deck_check", "; ".join(problems), problems=problems)
    return DeckCheck.objects.create(
        event=event, registration=registration,
        decklist_version_id=registration.decklist_version_id, round_number=round_number,
        outcome=outcome, note=note.strip(), by=by, at=now)


@transaction.atomic
def event_lists_publish(*, event_id: int, by: AbstractBaseUser, now: datetime) -> Event:
    """Publish the event's registered lists (organizers only, once the lists are fixed).
    Publishing them again changes nothing."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.lists_published:
        return event
    if not event.lists_fixed(now):
        raise Conflict("lists_not_fixed",
                       (gettext("The lists of %(event)s still follow their players' edits: "
                                "publish them once they are fixed, when the event starts or its "
                                "decklist deadline passes")
                        if event.decklist_deadline else
                        gettext("The lists of %(event)s still follow their players' edits: "
                                "publish them once they are fixed, when the event starts"))
                       % {"event": event.name},
                       params={"event": event.name})
    event.lists_published = True
    event.lists_published_at = now
    event.lists_published_by = by
    event.save(update_fields=["lists_published", "lists_published_at", "lists_published_by"])
    # The pairings, the bracket and the players' pages link the replays a visitor may now
    # watch: the pages kept for the old version are out of date.
    results_version_bump(event_id=event.pk)
    return event
