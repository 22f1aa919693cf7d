"""AI seats an organizer adds to an event (besides the one `fill_with_ai` keeps for an odd
count, the ones draft pods make and a late player's AI opponent): engine AI players with a
name, a level and no user. Before the start they play every round like the players; while the
rounds run they join as late entries, by the event's late-entry rule (until the round it
names is paired, services.registrations.check_late_entry), with 0 points for the rounds
already played."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, Problem
from decks.rules import engine_plays
from engine.clash.ai import LEVELS
from tournaments.models import Event, EventFormat, EventStatus, Registration
from tournaments.rules import MAX_AI_SEATS

from .guards import lock_event, require_organizer
from .registrations import check_late_entry
from .standings import results_version_bump

__all__ = ["ai_seat_add", "ai_seats_add", "default_ai_level"]

# The most AI seats one request adds (an event of 512 seats is the largest the demo runs).


def default_ai_level() -> str:
    """The level an AI seat plays at unless the organizer chose one (CLASH_AI_SEAT_LEVEL)."""
    return settings.CLASH_AI_SEAT_LEVEL


def _check_event(event: Event) -> None:
    """Conflict unless `event` takes AI seats now: a game the engine plays, not a draft (its
    pods seat AI players themselves) nor a team event (a team's seats are its players),
    before the start or as a late entry."""
    if not engine_plays(event.game):
        raise Conflict("no_ai", gettext("%(game)s has no AI players")
                                % {"game": event.game.name},
                       params={"game": event.game.name})
    if event.format == EventFormat.DRAFT:
        raise Conflict("draft_ai", gettext("in a draft event the pods seat AI players themselves"))
    if event.team_size > 1:
        raise Conflict("team_ai", gettext("%(event)s is a team event: every seat is a player "
                                          "of a team, and AI seats play in no team")
                                  % {"event": event.name}, params={"event": event.name})
    if event.status == EventStatus.RUNNING:
        check_late_entry(event)
    elif event.status != EventStatus.REGISTRATION:
        raise Conflict("registration_over", gettext("%(event)s is past its Swiss rounds: no more"
                                                    " entries")
                                            % {"event": event.name},
                       params={"event": event.name})


def _seat(event: Event, name: str, level: str, now: datetime) -> Registration:
    late = event.status == EventStatus.RUNNING
    return Registration.objects.create(event=event, player=None, is_ai=True, ai_name=name,
                                       ai_level=level, late_entry=late, checked_in=True,
                                       checked_in_at=now, created_at=now)


@transaction.atomic
def ai_seat_add(*, event_id: int, by: AbstractBaseUser, name: str, now: datetime,
                level: str = "") -> Registration:
    """One AI seat called `name` (the operator's demo names its seats). Its matches against
    other AI seats are played by the workers; a player's match against it is decided by the
    engine or settled by the organizer."""
    event = lock_event(event_id)
    require_organizer(event, by)
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise DomainError("bad_name", gettext("an AI seat needs a name of 1 to 60 characters"))
    if level and level not in LEVELS:
        raise DomainError("bad_ai_level", _level_problem(level), field="level")
    _check_event(event)
    if Registration.objects.filter(event=event, is_ai=True, ai_name=name).exists():
        raise Conflict("taken", gettext("%(event)s already has an AI seat called %(name)s")
                                % {"event": event.name, "name": name},
                       params={"event": event.name, "name": name})
    seat = _seat(event, name, level, now)
    results_version_bump(event_id=event.pk)
    return seat


def _level_problem(level: object) -> str:
    return Problem(gettext("the AI level is one of %(levels)s, not %(level)r")
                   % {"levels": ", ".join(LEVELS), "level": level}, "level")


@transaction.atomic
def ai_seats_add(*, event_id: int, by: AbstractBaseUser, count: int, level: str,
                 now: datetime) -> list[Registration]:
    """`count` AI seats playing at `level` (one of the engine's AI levels), named "AI 1",
    "AI 2", ... after the names the event's AI seats already have. Every problem of the
    input is named at once, before the event's state is checked."""
    event = lock_event(event_id)
    require_organizer(event, by)
    problems = []
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_AI_SEATS:
        problems.append(Problem(gettext("add 1 to %(most)d AI seats at once, not %(count)r")
                                % {"most": MAX_AI_SEATS, "count": count}, "count"))
    if level not in LEVELS:
        problems.append(_level_problem(level))
    if problems:
        raise DomainError("bad_ai_seats", "; ".join(problems), problems=problems)
    _check_event(event)
    taken = set(Registration.objects.filter(event=event, is_ai=True)
                .values_list("ai_name", flat=True))
    seats, number = [], 0
    while len(seats) < count:
        number += 1
        name = gettext("AI %(number)d") % {"number": number}
        if name not in taken:
            seats.append(_seat(event, name, level, now))
    results_version_bump(event_id=event.pk)
    return seats
