"""The round clock: the organizer starts it (pairing starts it when the event says so), pauses
it, resumes it and adds minutes to the round; extra time for one table (a judge call, a deck
check) goes on that match alone. The clock is timestamps on the Round, no status: the time
left is computed when it is read (`tournaments.selectors.clock`).

Each change is organizer-only (a table's extra time the event's judges give too), runs under
the event's lock then the round's (and the match's), leaves a `ClockChange` in the audit
trail, and bumps the event's results version so
the pages kept per version show the new clock. Start, pause and resume are idempotent (a
second click changes nothing); adding minutes takes the total the page showed (`seen`), so a
double click adds them once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from core.locks import lock, lock_get
from tournaments.models import ClockAction, ClockChange, Event, Match, Round, RoundStatus
from tournaments.rules import MAX_CLOCK_MINUTES
from tournaments.selectors.clock import clock_at

from .guards import lock_event, lock_event_of_match, require_judge, require_organizer
from .live import clock_changed
from .standings import results_version_bump

__all__ = [
    "clock_start_at_pairing",
    "match_time_extend",
    "round_clock_add",
    "round_clock_pause",
    "round_clock_resume",
    "round_clock_start",
]


def _lock_round(*, event_id: int, number: int, by: AbstractBaseUser) -> tuple[Event, Round]:
    event = lock_event(event_id)
    require_organizer(event, by)
    rnd = Round.objects.filter(event=event, number=number).values_list("pk", flat=True).first()
    if rnd is None:
        raise NotFound("not_found", gettext("%(event)s has no round %(round)d")
                       % {"event": event, "round": number},
                       params={"event": event.name, "round": number})
    rnd = lock_get(Round.objects.filter(pk=rnd))
    rnd.event = event
    if rnd.status == RoundStatus.COMPLETE:
        raise Conflict("round_complete", gettext("Round %(round)d is complete: its clock is over")
                       % {"round": number}, params={"round": number})
    return event, rnd


def _minutes(minutes: int) -> int:
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not (
            1 <= minutes <= MAX_CLOCK_MINUTES):
        raise DomainError("invalid_minutes",
                          gettext("Add between 1 and %(max)d minutes at once")
                          % {"max": MAX_CLOCK_MINUTES},
                          params={"max": MAX_CLOCK_MINUTES})
    return minutes


def _record(rnd: Round, *, by: AbstractBaseUser | None, action: str, now: datetime,
            minutes: int = 0, match: Match | None = None, note: str = "") -> None:
    ClockChange.objects.create(round=rnd, match=match, by=by, action=action, minutes=minutes,
                               note=note[:200], at=now)
    # The pages' clocks ask the server's clock at once (static/js/round-clock.js).
    clock_changed(event_id=rnd.event_id, match_id=match.pk if match is not None else None)
    results_version_bump(event_id=rnd.event_id)


def clock_start_at_pairing(*, rnd: Round, event: Event, by: AbstractBaseUser | None,
                           now: datetime) -> None:
    """Pairing a round starts its clock when the event says so (`clock_starts_at_pairing`);
    called by the pairing services, which hold the event's lock and made `rnd` just now."""
    if not event.clock_starts_at_pairing:
        return
    rnd.clock_minutes, rnd.clock_started_at = event.round_minutes, now
    rnd.save(update_fields=["clock_minutes", "clock_started_at"])
    ClockChange.objects.create(round=rnd, by=by, action=ClockAction.START, at=now,
                               note="started by pairing")


@transaction.atomic
def round_clock_start(*, event_id: int, number: int, by: AbstractBaseUser,
                      now: datetime) -> tuple[Round, bool]:
    """Start round `number`'s clock with the event's round length. Returns the round and
    whether this call started it (False: it was running already)."""
    event, rnd = _lock_round(event_id=event_id, number=number, by=by)
    if rnd.clock_started_at is not None:
        return rnd, False
    rnd.clock_minutes, rnd.clock_started_at = event.round_minutes, now
    rnd.save(update_fields=["clock_minutes", "clock_started_at"])
    _record(rnd, by=by, action=ClockAction.START, now=now)
    return rnd, True


@transaction.atomic
def round_clock_pause(*, event_id: int, number: int, by: AbstractBaseUser,
                      now: datetime) -> tuple[Round, bool]:
    """Pause a running clock; the time left stands until it resumes. False: already paused."""
    _, rnd = _lock_round(event_id=event_id, number=number, by=by)
    if rnd.clock_started_at is None:
        raise Conflict("clock_not_started", gettext("The clock of round %(round)d has not started")
                       % {"round": number}, params={"round": number})
    if rnd.clock_paused_at is not None:
        return rnd, False
    if clock_at(rnd, now).called:
        raise Conflict("time_called", gettext("Time is already called in round %(round)d")
                       % {"round": number}, params={"round": number})
    rnd.clock_paused_at = now
    rnd.save(update_fields=["clock_paused_at"])
    _record(rnd, by=by, action=ClockAction.PAUSE, now=now)
    return rnd, True


@transaction.atomic
def round_clock_resume(*, event_id: int, number: int, by: AbstractBaseUser,
                       now: datetime) -> tuple[Round, bool]:
    """Resume a paused clock: the pause is added to the clock's paused seconds. False: it
    was running."""
    _, rnd = _lock_round(event_id=event_id, number=number, by=by)
    if rnd.clock_paused_at is None:
        return rnd, False
    rnd.clock_paused_seconds += max(0, int((now - rnd.clock_paused_at).total_seconds()))
    rnd.clock_paused_at = None
    rnd.save(update_fields=["clock_paused_seconds", "clock_paused_at"])
    _record(rnd, by=by, action=ClockAction.RESUME, now=now)
    return rnd, True


@transaction.atomic
def round_clock_add(*, event_id: int, number: int, by: AbstractBaseUser, now: datetime,
                    minutes: int, seen: int | None = None) -> tuple[Round, bool]:
    """Add `minutes` to round `number`'s clock (started or not; after time is called too,
    which gives time back). `seen` is the added minutes the page showed: when it no longer
    matches, a second click already added them and nothing changes (False)."""
    _, rnd = _lock_round(event_id=event_id, number=number, by=by)
    minutes = _minutes(minutes)
    if seen is not None and seen != rnd.clock_added_minutes:
        return rnd, False
    if rnd.clock_started_at is not None and rnd.clock_paused_at is None:
        # Time was called at the old end: the minutes count from now, not from then (the
        # time past the end is counted as paused).
        rnd.clock_paused_seconds += max(0, int((now - _clock_end(rnd)).total_seconds()))
    rnd.clock_added_minutes += minutes
    rnd.save(update_fields=["clock_added_minutes", "clock_paused_seconds"])
    _record(rnd, by=by, action=ClockAction.ADD, now=now, minutes=minutes)
    return rnd, True


def _clock_end(rnd: Round) -> datetime:
    """When a started clock that is not paused reaches zero."""
    return rnd.clock_started_at + timedelta(minutes=rnd.clock_minutes + rnd.clock_added_minutes,
                                            seconds=rnd.clock_paused_seconds)


@transaction.atomic
def match_time_extend(*, match_id: int, by: AbstractBaseUser, now: datetime, minutes: int,
                      note: str = "", seen: int | None = None) -> tuple[Match, bool]:
    """Extra time for one table: `minutes` more than the round's clock, shown on that match
    page and kept in the clock's trail with `note` (a judge call, a deck check). `seen` as
    in `round_clock_add`, the table's extra minutes the page showed."""
    event = lock_event_of_match(match_id)
    # The event's judges give extra time too (a judge call, a deck check).
    require_judge(event, by)
    minutes = _minutes(minutes)
    (rnd,), (match,) = lock(Round.objects.filter(matches=match_id),
                            Match.objects.filter(pk=match_id))
    if match.bye:
        raise Conflict("bye", gettext("A bye has no table to give time to"), params={})
    if rnd.status == RoundStatus.COMPLETE:
        raise Conflict("round_complete", gettext("Round %(round)d is complete: its clock is over")
                       % {"round": rnd.number}, params={"round": rnd.number})
    if seen is not None and seen != match.extra_minutes:
        return match, False
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes"])
    _record(rnd, by=by, action=ClockAction.EXTEND, now=now, minutes=minutes, match=match,
            note=note)
    return match, True
