"""Who may do what, and the row locks the services take.

An organizer manages only the events they organize: anyone else asking for an organizer's
action gets a Forbidden error (the API's 403), and nothing changes.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext

from core.errors import Conflict, Forbidden, NotFound
from core.locks import lock, lock_get, lock_one
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.access import is_judge, is_organizer, may_judge

__all__ = [
    "lock_event",
    "lock_event_of_match",
    "lock_match",
    "lock_registration",
    "require_judge",
    "require_not_judge",
    "require_organizer",
]


def require_organizer(event: Event, user: AbstractBaseUser | AnonymousUser | None) -> None:
    if not is_organizer(event, user):
        raise Forbidden("not_organizer", gettext("Only the organizers of %(event)s can do this")
                                         % {"event": event.name},
                        params={"event": event.name})


def require_judge(event: Event, user: AbstractBaseUser | AnonymousUser | None) -> None:
    """An organizer or a judge of the event (selectors.access.may_judge), else Forbidden;
    with the organizers' code, so a client that knew a table's extra time as the organizers'
    reads the refusal as before. A judge who holds a seat in the event is told why they may
    not (`judge_plays`)."""
    if may_judge(event, user):
        return
    if is_judge(event, user):
        raise Forbidden("judge_plays", gettext("You play in %(event)s: a judge does not rule "
                                               "on their own event") % {"event": event.name},
                        params={"event": event.name})
    raise Forbidden("not_organizer", gettext("Only the organizers and judges of %(event)s can "
                                             "do this") % {"event": event.name},
                    params={"event": event.name})


def require_not_judge(event: Event, player: AbstractBaseUser) -> None:
    """A judge of the event never takes a seat or a waitlist place in it: they rule on its
    matches and read its hidden lists (selectors.access.acts_as_judge). Every way into the
    event asks this under the event's lock, so a judge named meanwhile is seen."""
    if event.judges.filter(pk=player.pk).exists():
        name = player.get_username()
        raise Conflict("judge_of_event",
                       gettext("%(player)s is a judge of %(event)s: an organizer removes them "
                               "as judge before they can play")
                       % {"player": name, "event": event.name},
                       params={"player": name, "event": event.name})


def lock_event(event_id: int) -> Event:
    """The event row, locked until the transaction ends. Pairing, registrations and the
    status transitions of one event take this lock, so they happen one after another."""
    event = lock_one(Event.objects.filter(pk=event_id))
    if event is None:
        raise NotFound("not_found", gettext("No event %(event_id)s")
                                    % {"event_id": event_id},
                       params={"event": event_id})
    return event


def lock_event_of_match(match_id: int) -> Event:
    """The event of match `match_id`, locked (then lock the match with `lock_match`); a
    missing match is a NotFound naming it."""
    event_id = (Match.objects.filter(pk=match_id).values_list("round__event_id", flat=True)
                .first())
    if event_id is None:
        raise NotFound("not_found", gettext("No match %(match)s") % {"match": match_id},
                       params={"match": match_id})
    return lock_event(event_id)


def lock_registration(registration_id: int) -> tuple[Event, Registration]:
    """The registration's event (locked first, as everywhere) and the registration."""
    event_id = (Registration.objects.filter(pk=registration_id)
                .values_list("event_id", flat=True).first())
    if event_id is None:
        raise NotFound("not_found", gettext("No registration %(registration)s")
                                    % {"registration": registration_id},
                       params={"registration": registration_id})
    event = lock_event(event_id)
    registration = lock_get(Registration.objects.filter(pk=registration_id))
    return event, registration


def lock_match(match_id: int) -> tuple[Round, Match]:
    """The match's round, then the match, locked in that order. The round lock makes the
    last confirmation of a round see every other result of it, so the round is marked
    complete exactly once."""
    round_id = Match.objects.filter(pk=match_id).values_list("round_id", flat=True).first()
    if round_id is None:
        raise NotFound("not_found", gettext("No match %(match)s")
                                    % {"match": match_id},
                       params={"match": match_id})
    (rnd,), (match,) = lock(Round.objects.filter(pk=round_id), Match.objects.filter(pk=match_id))
    return rnd, match
