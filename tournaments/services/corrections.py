"""The organizers' corrections on the day (issue 16), each one kept as a `Correction` row:

- undo a drop: the seat is paired again from the next round on; the round being played is
  not touched (the seat has no match in it, or still has the one it dropped during);
- undo the latest Swiss round's pairing while none of its matches has a result, or one on
  its way (`states.require_round_unplayed`): the round and its matches go, the event is back
  at "round N not paired", and pairing it again (`rounds.round_pair`) uses the same seed, the
  event's, so with nothing changed it gives the same pairing; after a drop, an undone drop
  or a late entry it pairs the seats as they are then;
- swap two players between tables of the latest Swiss round, by the same rule.

Each takes the event row lock first, like pairing, so a correction is before or after a
pairing or a result, never half-way through.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from core.locks import lock, lock_one
from tournaments.models import (
    Correction,
    CorrectionAction,
    Event,
    EventFormat,
    EventStatus,
    Match,
    Registration,
    Round,
    RoundStage,
)

from .guards import lock_event, lock_registration, require_organizer
from .standings import results_version_bump
from .states import require_round_unplayed

__all__ = ["latest_swiss_round", "registration_undrop", "round_swap", "round_unpair"]


@transaction.atomic
def registration_undrop(*, registration_id: int, by: AbstractBaseUser,
                        now: datetime) -> Registration:
    """An organizer brings a dropped player back: paired again from the next round on. Undoing
    the drop of a seat that has not dropped is a no-op."""
    event, registration = lock_registration(registration_id)
    require_organizer(event, by)
    if registration.is_ai:
        raise DomainError("ai_seat", gettext("The AI seat joins and leaves with the player "
                                             "count; its drop cannot be undone by hand"))
    if not registration.dropped:
        return registration
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise Conflict("swiss_over", gettext("The Swiss rounds of %(event)s are over: a drop "
                                             "stands") % {"event": event.name},
                       params={"event": event.name})
    if event.format == EventFormat.DRAFT and event.status == EventStatus.RUNNING:
        # The dropped seat's pod place went to an AI seat (pods.draft_take_over).
        raise Conflict("draft_seat_taken", gettext("An AI seat took %(player)s's place in "
                                                   "their pod: the drop stands")
                       % {"player": registration.name},
                       params={"player": registration.name})
    before = registration.dropped_at
    registration.dropped = False
    registration.dropped_at = None
    registration.save(update_fields=["dropped", "dropped_at"])
    Correction.objects.create(
        event=event, action=CorrectionAction.UNDROP, registration=registration,
        round_number=Round.objects.filter(event=event).order_by("-number")
        .values_list("number", flat=True).first(),
        details={"dropped_at": before.isoformat() if before else None}, by=by, at=now)
    results_version_bump(event_id=event.pk)
    return registration


@transaction.atomic
def round_unpair(*, event_id: int, by: AbstractBaseUser, now: datetime, number: int) -> Event:
    """An organizer undoes the pairing of round `number`, the latest Swiss round, before any
    of its results is in: the round, its matches, its bye and its clock go; the event waits
    for round `number` to be paired again. `number` is the round the organizer saw, so a
    second click refuses instead of undoing the round before."""
    event = lock_event(event_id)
    require_organizer(event, by)
    rnd = latest_swiss_round(event, number)
    require_round_unplayed(rnd)
    tables = [[m.table, m.player_a_id, m.player_b_id]
              for m in Match.objects.filter(round=rnd).order_by("table")]
    # A late player's AI seat (services.late_players) was made for its one match of this
    # round: it goes with the pairing, as the match does.
    late_ai = [b for _, _, b in tables if b is not None]
    Correction.objects.create(event=event, action=CorrectionAction.UNPAIR,
                              round_number=rnd.number,
                              details={"seed": rnd.seed, "tables": tables}, by=by, at=now)
    rnd.delete()
    (Registration.objects.filter(pk__in=late_ai, is_ai=True, late_entry=True, dropped=True)
     .exclude(pk__in=Match.objects.filter(round__event=event).values("player_a"))
     .exclude(pk__in=Match.objects.filter(round__event=event, player_b__isnull=False)
              .values("player_b"))
     .delete())
    results_version_bump(event_id=event.pk)
    return event


@transaction.atomic
def round_swap(*, event_id: int, by: AbstractBaseUser, now: datetime, number: int,
               first: int, second: int) -> tuple[Match, Match]:
    """An organizer swaps two players (seat ids) between two tables of round `number`, the
    latest Swiss round, before any of its results is in. Returns the two matches."""
    event = lock_event(event_id)
    require_organizer(event, by)
    rnd = latest_swiss_round(event, number)
    require_round_unplayed(rnd)
    if first == second:
        raise DomainError("same_player", gettext("Choose two different players to swap"))
    seats = {r.pk: r for r in Registration.objects.filter(event=event, pk__in=(first, second))}
    if len(seats) != 2:
        raise NotFound("no_such_registration", gettext("No such player in %(event)s")
                       % {"event": event.name}, params={"event": event.name})
    found = {}
    (matches,) = lock(Match.objects.filter(round=rnd, player_b__isnull=False))
    for match in matches:
        for side in ("player_a_id", "player_b_id"):
            if getattr(match, side) in seats:
                found[getattr(match, side)] = (match, side)
    for pk in (first, second):
        if seats[pk].is_ai:
            raise DomainError("ai_seat", gettext("The AI seat stays at its table: swap the "
                                                 "players around it"))
        if pk not in found:
            raise Conflict("not_at_a_table", gettext("%(player)s has no table in round "
                                                     "%(round)d (a bye, or not paired)")
                           % {"player": seats[pk].name, "round": rnd.number},
                           params={"player": seats[pk].name, "round": rnd.number})
    (one, one_side), (two, two_side) = found[first], found[second]
    if one.pk == two.pk:
        raise Conflict("same_table", gettext("%(first)s and %(second)s play each other at "
                                             "table %(table)d already")
                       % {"first": seats[first].name, "second": seats[second].name,
                          "table": one.table},
                       params={"table": one.table})
    if one_side == two_side:
        # A player plays once a round on each side (unique per round and side), checked row
        # by row: `one`'s place holds the other side's player of `two` (never on this side
        # in the round) while `first` moves over.
        other_side = "player_b_id" if one_side == "player_a_id" else "player_a_id"
        _seat_set(one, one_side, getattr(two, other_side))
    _seat_set(two, two_side, first)
    _seat_set(one, one_side, second)
    Correction.objects.create(event=event, action=CorrectionAction.SWAP,
                              round_number=rnd.number,
                              details={"tables": [one.table, two.table],
                                       "seats": [first, second]}, by=by, at=now)
    results_version_bump(event_id=event.pk)
    return one, two


def _seat_set(match: Match, side: str, registration_id: int) -> None:
    setattr(match, side, registration_id)
    match.save(update_fields=[side])


def latest_swiss_round(event: Event, number: int) -> Round:
    """Round `number`, locked, when it is the latest round of `event` (locked, running) and
    a Swiss one: the round the corrections change; a Conflict otherwise."""
    if event.status != EventStatus.RUNNING:
        raise Conflict("not_running", gettext("%(event)s is not in its Swiss rounds")
                       % {"event": event.name}, params={"event": event.name})
    # The event is locked: no round can be added between the read and the lock.
    latest = (Round.objects.filter(event=event).order_by("-number")
              .values_list("pk", flat=True).first())
    last = lock_one(Round.objects.filter(pk=latest)) if latest is not None else None
    if last is None or last.number != number or last.stage != RoundStage.SWISS:
        raise Conflict("not_latest_round", gettext("Round %(asked)d is not the round being "
                                                   "played in %(event)s: only its pairing "
                                                   "can be corrected")
                       % {"asked": number, "event": event.name},
                       params={"event": event.name, "asked": number,
                               "round": last.number if last else None})
    return last
