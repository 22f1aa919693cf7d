"""The organizer's pairing constraints (issue 35): byes awarded for the first rounds, a table a
player always plays at, and pairs of players who must not be paired.

- Awarded byes (0 to `MAX_AWARDED_BYES`): the seat has a bye in each of the first rounds
  (made by the one bye writer when the round is paired, services.rounds). They change only
  while the rounds they cover, before and after, are all still to pair, never past the
  event's Swiss rounds, and not for an AI seat.
- A fixed table (1 to `MAX_TABLE`, or none): one seat per table in an event; it holds from the
  next round paired (a top-cut round too) until the event is complete.
- A pair kept apart: two seats of the event, with an optional note; added or removed until
  the event is complete. The Swiss pairing avoids it just below a rematch.

Each runs under the event's lock; a refused change writes nothing. Each change leaves an
`EventChange` (the event's audit trail, read on the edit page) with who, when, and the value
before and after.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, DomainError, NotFound, Problem
from tournaments.models import Event, EventChange, EventStatus, KeptApart, Registration
from tournaments.rules import MAX_AWARDED_BYES, MAX_KEPT_APART_NOTE, MAX_TABLE
from tournaments.selectors.rounds import last_swiss_round

from .guards import lock_event, require_organizer
from .standings import results_version_bump

__all__ = ["SEAT_CONSTRAINTS", "kept_apart_add", "kept_apart_remove", "seat_constraints_set"]

SEAT_CONSTRAINTS = ("awarded_byes", "fixed_table")


def _open_event(event_id: int, by: AbstractBaseUser) -> Event:
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete",
                       gettext("%(event)s is complete: its pairings no longer change")
                       % {"event": event.name}, params={"event": event.name})
    return event


def _seat(event: Event, registration_id: object, field: str) -> Registration:
    """A human seat of `event`; a seat of another event reads like a missing one."""
    seat = None
    if isinstance(registration_id, int) and not isinstance(registration_id, bool):
        seat = (Registration.objects.select_related("player__profile")
                .filter(pk=registration_id, event=event).first())
    if seat is None:
        raise NotFound("not_found", gettext("%(event)s has no seat %(seat)s")
                       % {"event": event.name, "seat": registration_id},
                       params={"event": event.name, "seat": registration_id}, field=field)
    if seat.is_ai:
        raise DomainError("ai_seat", gettext("%(player)s is an AI seat: pairing constraints "
                                             "are for players") % {"player": seat.name},
                          params={"player": seat.name}, field=field)
    return seat


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@transaction.atomic
def seat_constraints_set(*, event_id: int, registration_id: int, by: AbstractBaseUser,
                         now: datetime, changes: Mapping[str, object],
                         ) -> tuple[Registration, dict[str, list]]:
    """Set the seat's `awarded_byes` and/or `fixed_table` (the keys of `changes`; a value
    given as it is changes nothing). Returns the seat and what changed, {field: [before,
    after]}; nothing changed: {} and nothing written."""
    event = _open_event(event_id, by)
    seat = _seat(event, registration_id, "registration")
    problems: list[str] = []
    for field in changes:
        if field not in SEAT_CONSTRAINTS:
            problems.append(Problem(gettext("%(field)s is not a pairing constraint of a seat")
                                    % {"field": field}, field))
    byes = changes.get("awarded_byes", seat.awarded_byes)
    if not _whole(byes) or not 0 <= byes <= MAX_AWARDED_BYES:
        problems.append(Problem(gettext("Awarded byes must be a whole number from 0 to "
                                        "%(most)d, not %(value)r")
                                % {"most": MAX_AWARDED_BYES, "value": byes}, "awarded_byes"))
    table = changes.get("fixed_table", seat.fixed_table)
    if table is not None and (not _whole(table) or not 1 <= table <= MAX_TABLE):
        problems.append(Problem(gettext("The fixed table must be a whole number from 1 to "
                                        "%(most)d, or empty, not %(value)r")
                                % {"most": MAX_TABLE, "value": table}, "fixed_table"))
    if problems:
        raise DomainError("invalid_constraint", "; ".join(problems), problems=problems)
    wanted = {f: v for f, v in (("awarded_byes", byes), ("fixed_table", table))
              if v != getattr(seat, f)}
    if not wanted:
        return seat, {}
    if "awarded_byes" in wanted:
        _byes_check(event, seat, byes)
    if "fixed_table" in wanted and table is not None:
        holder = (Registration.objects.select_related("player__profile")
                  .filter(event=event, fixed_table=table).exclude(pk=seat.pk).first())
        if holder is not None:
            raise Conflict("table_taken", gettext("Table %(table)d is already fixed for "
                                                  "%(player)s: free it first, or choose "
                                                  "another table")
                           % {"table": table, "player": holder.name},
                           params={"table": table, "player": holder.name},
                           field="fixed_table")
    before = {f: getattr(seat, f) for f in wanted}
    for field, value in wanted.items():
        setattr(seat, field, value)
    seat.save(update_fields=list(wanted))
    changed = {f: [before[f], wanted[f]] for f in wanted}
    EventChange.objects.create(event=event, by=by, at=now, changes={
        f: [{"player": seat.name, "value": old}, {"player": seat.name, "value": new}]
        for f, (old, new) in changed.items()})
    results_version_bump(event_id=event.pk)
    return seat, changed


def _byes_check(event: Event, seat: Registration, byes: int) -> None:
    """Awarded byes change only before the rounds they cover (before and after) are paired,
    within the event's Swiss rounds; a round robin awards none (its groups' tables say who
    plays whom every round)."""
    if event.round_robin and byes:
        raise Conflict("round_robin_no_byes", gettext(
            "%(event)s is a round robin: every player of a group meets every other, so it "
            "awards no byes") % {"event": event.name}, params={"event": event.name},
            field="awarded_byes")
    if event.double_elimination and byes:
        raise Conflict("double_elimination_no_byes", gettext(
            "%(event)s is a double elimination: its byes go to the top seeds, so it awards "
            "none") % {"event": event.name}, params={"event": event.name},
            field="awarded_byes")
    if event.single_elimination and byes:
        raise Conflict("single_elimination_no_byes", gettext(
            "%(event)s is a single elimination: its byes go to the top seeds, so it awards "
            "none") % {"event": event.name}, params={"event": event.name},
            field="awarded_byes")
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise Conflict("swiss_over", gettext("The Swiss rounds of %(event)s are over: awarded "
                                             "byes no longer change")
                       % {"event": event.name}, params={"event": event.name},
                       field="awarded_byes")
    paired = last_swiss_round(event) or 0
    if paired > min(seat.awarded_byes, byes):
        raise Conflict("byes_paired", ngettext(
            "Round %(round)d of %(event)s is already paired: %(player)s's awarded byes can "
            "only change for rounds not paired yet",
            "Rounds 1 to %(round)d of %(event)s are already paired: %(player)s's awarded byes "
            "can only change for rounds not paired yet", paired)
            % {"round": paired, "event": event.name, "player": seat.name},
            params={"round": paired, "event": event.name, "player": seat.name},
            field="awarded_byes")
    if event.rounds and byes > event.rounds:
        raise DomainError("too_many_byes", ngettext(
            "%(event)s has %(rounds)d Swiss round: it cannot award %(byes)d byes",
            "%(event)s has %(rounds)d Swiss rounds: it cannot award %(byes)d byes",
            event.rounds) % {"event": event.name, "rounds": event.rounds, "byes": byes},
            params={"event": event.name, "rounds": event.rounds, "byes": byes},
            field="awarded_byes")


@transaction.atomic
def kept_apart_add(*, event_id: int, first_id: int, second_id: int, note: str,
                   by: AbstractBaseUser, now: datetime) -> KeptApart:
    """List two seats of the event as a pairing that must not happen."""
    event = _open_event(event_id, by)
    if event.round_robin:
        raise Conflict("round_robin_no_apart", gettext(
            "%(event)s is a round robin: every player of a group meets every other, so no "
            "pairing can be kept apart") % {"event": event.name},
            params={"event": event.name}, field="second")
    if event.double_elimination:
        raise Conflict("double_elimination_no_apart", gettext(
            "%(event)s is a double elimination: its brackets follow the seeds, so no pairing "
            "can be kept apart") % {"event": event.name},
            params={"event": event.name}, field="second")
    if event.single_elimination:
        raise Conflict("single_elimination_no_apart", gettext(
            "%(event)s is a single elimination: its bracket follows the seeds, so no pairing "
            "can be kept apart") % {"event": event.name},
            params={"event": event.name}, field="second")
    first, second = _seat(event, first_id, "first"), _seat(event, second_id, "second")
    if first.pk == second.pk:
        raise DomainError("same_player", gettext("Choose two different players to keep apart"),
                          field="second")
    note = note.strip() if isinstance(note, str) else note
    if not isinstance(note, str) or len(note) > MAX_KEPT_APART_NOTE:
        raise DomainError("invalid_note", gettext("The note is text of at most %(most)d "
                                                  "characters") % {"most": MAX_KEPT_APART_NOTE},
                          params={"most": MAX_KEPT_APART_NOTE}, field="note")
    low, high = sorted((first, second), key=lambda seat: seat.pk)
    if KeptApart.objects.filter(first=low, second=high).exists():
        raise Conflict("already_apart", gettext("%(player)s and %(opponent)s are already kept "
                                                "apart") % {"player": low.name,
                                                            "opponent": high.name},
                       params={"player": low.name, "opponent": high.name})
    pair = KeptApart.objects.create(event=event, first=low, second=high, note=note, by=by,
                                    at=now)
    EventChange.objects.create(event=event, by=by, at=now, changes={
        "kept_apart": [None, {"players": [low.name, high.name], "note": note}]})
    return pair


@transaction.atomic
def kept_apart_remove(*, event_id: int, pair_id: int, by: AbstractBaseUser,
                      now: datetime) -> None:
    """The two seats of pair `pair_id` may be paired again."""
    event = _open_event(event_id, by)
    pair = (KeptApart.objects.select_related("first__player__profile",
                                             "second__player__profile")
            .filter(pk=pair_id, event=event).first())
    if pair is None:
        raise NotFound("not_found", gettext("%(event)s has no pair kept apart %(pair)s")
                       % {"event": event.name, "pair": pair_id},
                       params={"event": event.name, "pair": pair_id})
    EventChange.objects.create(event=event, by=by, at=now, changes={
        "kept_apart": [{"players": [pair.first.name, pair.second.name], "note": pair.note},
                       None]})
    pair.delete()
