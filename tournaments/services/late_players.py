"""A late player added to the round already paired (issue 16, corrections): the organizer
seats a player who arrived after the pairing, in the latest Swiss round while its results
are not all in. The player is one of:

- a seat of the event with no match in that round (a late entry made after the pairing, a
  player the organizer added, a guest seat), also found by its player's username;
- a new seat: a username (`registration_add`'s seat, without a list) or a guest's name (a
  walk-in's seat with its claim code, services/walkins.py).

Per the event's `late_player_gets` they get, for that round:

- a bye: a confirmed bye match, made as the pairing makes them (services/byes.py);
- a match against a new AI seat, at a new table after the last: it is played like any match
  against an AI seat (online against the engine, or settled by the organizer), and the AI
  seat is dropped as it is made, so it plays that one match and is never paired again.

From the next round on the player is paired like everyone else. Refused when the round's
results are all in (the player is paired from the next round instead), when the player
already plays in the round, for a dropped seat or an AI seat, in a draft (its pods were
seated at the start, rule C-2.4) and in a round robin (its groups were drawn at the
start). Under the event's lock, like every correction; kept as a
`Correction` (LATE).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from decks.rules import engine_plays
from tournaments.models import (
    Correction,
    CorrectionAction,
    Event,
    EventFormat,
    LatePlayerGets,
    Match,
    Registration,
    Round,
    RoundStatus,
)

from .byes import bye_write
from .corrections import latest_swiss_round
from .engine_jobs import jobs_for_round
from .guards import lock_event, require_organizer
from .registrations import organizer_seat
from .standings import results_version_bump
from .walkins import guest_name_clean, guest_seat_create

__all__ = ["LatePlayer", "round_late_player_add"]


@dataclass(frozen=True)
class LatePlayer:
    """What adding a late player made: the seat, its match in the round (the bye, or the
    match against the new AI seat), and a new guest seat's claim code (shown once)."""

    registration: Registration
    match: Match
    claim_code: str | None = None

    @property
    def bye(self) -> bool:
        return self.match.bye


@transaction.atomic
def round_late_player_add(*, event_id: int, by: AbstractBaseUser, now: datetime, number: int,
                          registration_id: int | None = None,
                          player: AbstractBaseUser | None = None,
                          guest_name: str | None = None) -> LatePlayer:
    """Seat one late player in round `number`, the latest Swiss round (the round the
    organizer saw, so a click after the next pairing refuses): an existing seat
    (`registration_id`), a person by account (`player`) or a walk-in (`guest_name`)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    given = [x for x in (registration_id, player, guest_name) if x not in (None, "")]
    if len(given) != 1:
        raise DomainError("one_late_player", gettext(
            "Give one late player: a seat of the event, a username or a guest's name"))
    if guest_name is not None:
        guest_name = guest_name_clean(guest_name)
    if event.format == EventFormat.DRAFT:
        raise Conflict("draft_no_late_player",
                       gettext("%(event)s is a draft: its pods were seated when it started, "
                               "so no player can join a round late") % {"event": event.name},
                       params={"event": event.name})
    if event.round_robin:
        raise Conflict("round_robin_no_late_player",
                       gettext("%(event)s is a round robin: its groups were drawn when it "
                               "started, so no player can join a round late")
                       % {"event": event.name}, params={"event": event.name})
    if event.double_elimination:
        raise Conflict("double_elimination_no_late_player",
                       gettext("%(event)s is a double elimination: its bracket was seeded "
                               "when it started, so no player can join a round late")
                       % {"event": event.name}, params={"event": event.name})
    if event.single_elimination:
        raise Conflict("single_elimination_no_late_player",
                       gettext("%(event)s is a single elimination: its bracket was seeded "
                               "when it started, so no player can join a round late")
                       % {"event": event.name}, params={"event": event.name})
    rnd = latest_swiss_round(event, number)
    if rnd.status == RoundStatus.COMPLETE:
        raise Conflict("round_complete",
                       gettext("The results of round %(round)d are all in: it is too late to "
                               "add a player to it") % {"round": rnd.number},
                       params={"round": rnd.number})
    ai_match = event.late_player_gets == LatePlayerGets.AI_MATCH
    if ai_match and not engine_plays(event.game):
        raise Conflict("no_ai", gettext("%(game)s has no AI players: set the event to give a "
                                        "late player a bye") % {"game": event.game.name},
                       params={"game": event.game.name})
    code = None
    if registration_id is not None:
        seat = Registration.objects.filter(pk=registration_id, event=event).first()
        if seat is None:
            raise NotFound("no_such_registration", gettext("No such player in %(event)s")
                           % {"event": event.name}, params={"event": event.name})
    elif player is not None:
        # Someone with a seat already (a late entry made after the pairing) keeps it.
        seat = Registration.objects.filter(event=event, player=player).first()
    else:
        seat = None
    new_seat = seat is None
    if not new_seat:
        _check_seat(seat, event, rnd)
    elif player is not None:
        seat = organizer_seat(event=event, player=player, now=now)
    else:
        seat, code = guest_seat_create(event=event, name=guest_name, now=now)
    match = (_ai_match(event, rnd, seat, now) if ai_match
             else bye_write(rnd=rnd, registration=seat, by=by, now=now, note="late player"))
    Correction.objects.create(
        event=event, action=CorrectionAction.LATE, registration=seat, round_number=rnd.number,
        details={"gets": event.late_player_gets, "match": match.pk, "table": match.table,
                 "ai_seat": match.player_b_id, "new_seat": new_seat, "guest": seat.is_guest},
        by=by, at=now)
    results_version_bump(event_id=event.pk)
    return LatePlayer(registration=seat, match=match, claim_code=code)


def _check_seat(seat: Registration, event: Event, rnd: Round) -> None:
    if seat.is_ai:
        raise DomainError("ai_seat", gettext("An AI seat is not a late player"))
    if seat.dropped:
        raise Conflict("dropped", gettext("%(player)s has dropped from %(event)s: undo the "
                                          "drop first") % {"player": seat.name,
                                                           "event": event.name},
                       params={"player": seat.name, "event": event.name})
    tables = list(Match.objects.filter(round=rnd).filter(Q(player_a=seat) | Q(player_b=seat))
                  .values_list("table", flat=True)[:1])
    if tables:
        playing = tables[0]  # None: the bye
        where = (gettext("at table %(table)d") % {"table": playing} if playing
                 else gettext("with a bye"))
        raise Conflict("already_in_round",
                       gettext("%(player)s already plays in round %(round)d, %(where)s")
                       % {"player": seat.name, "round": rnd.number, "where": where},
                       params={"player": seat.name, "round": rnd.number, "table": playing})


def _ai_match(event: Event, rnd: Round, seat: Registration, now: datetime) -> Match:
    """A match against a new AI seat at the next free table. The seat is a late entry (so
    the pairing never takes it for the event's odd-seat AI, rounds._seat_ai) and dropped
    from the start: it plays this match only."""
    taken = set(Registration.objects.filter(event=event, is_ai=True)
                .values_list("ai_name", flat=True))
    number = 1
    while (name := gettext("Late AI %(number)d") % {"number": number}) in taken:
        number += 1
    ai = Registration.objects.create(event=event, player=None, is_ai=True, ai_name=name,
                                     checked_in=True, checked_in_at=now, late_entry=True,
                                     dropped=True, dropped_at=now, created_at=now)
    table = (Match.objects.filter(round=rnd).aggregate(last=Max("table"))["last"] or 0) + 1
    match = Match.objects.create(round=rnd, table=table, player_a=seat, player_b=ai,
                                 is_ai_match=True)
    # As a pairing does: a match between two AI seats would go to the workers (this one has
    # a person in it, so it is played online or settled like other matches against an AI).
    jobs_for_round(round_id=rnd.pk, now=now)
    return match
