"""The round clock, read: the time left computed from the timestamps stored on the Round (and
a table's extra minutes on its Match), never from a counter in a page, so a refresh or a
second device shows the same time left.

A clock that started at S with a length of L minutes, A minutes added and P seconds spent
paused before now ends at S + L + A + P; while paused since Q, the time left stands at what
it was at Q. A table with E extra minutes ends E minutes after the round. Time is called when
the time left reaches zero (rule C-7.5c says what happens to the game being played).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from tournaments.models import Match, Round


@dataclass(frozen=True)
class Clock:
    """A clock as the pages and the API show it at `now`."""

    started: bool
    paused: bool
    seconds_left: int  # >= 0; the whole length before the clock starts
    deadline: datetime | None  # when time is called if nothing changes; None until started
    now: datetime
    extra_minutes: int = 0  # the table's own, already counted in the two above

    @property
    def running(self) -> bool:
        return self.started and not self.paused and self.seconds_left > 0

    @property
    def called(self) -> bool:
        """Time is called: the clock started and reached zero."""
        return self.started and self.seconds_left == 0

    @property
    def minutes_left(self) -> int:
        """Whole minutes left, rounded up (what a page without script shows: "1 minute"
        until the last second)."""
        return -(-self.seconds_left // 60)

    @property
    def shown(self) -> str:
        """The time left as M:SS (or H:MM:SS), as the script shows it too."""
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def clock_at(rnd: Round, now: datetime, *, extra_minutes: int = 0) -> Clock:
    """The clock of round `rnd` at `now`, for a table with `extra_minutes` of its own."""
    extra = timedelta(minutes=extra_minutes)
    if rnd.clock_started_at is None:
        length = timedelta(minutes=(rnd.clock_minutes or rnd.event.round_minutes)
                           + rnd.clock_added_minutes) + extra
        return Clock(started=False, paused=False, seconds_left=int(length.total_seconds()),
                     deadline=None, now=now, extra_minutes=extra_minutes)
    end = (rnd.clock_started_at
           + timedelta(minutes=rnd.clock_minutes + rnd.clock_added_minutes,
                       seconds=rnd.clock_paused_seconds) + extra)
    paused = rnd.clock_paused_at is not None
    # Paused: the time left stands where it was when the pause began.
    at = rnd.clock_paused_at if paused else now
    left = max(0, int((end - at).total_seconds()))
    # The deadline if the clock went on from now (a paused clock's moves with now).
    deadline = now + timedelta(seconds=left)
    return Clock(started=True, paused=paused, seconds_left=left, deadline=deadline, now=now,
                 extra_minutes=extra_minutes)


def clock_run_seconds(rnd: Round, now: datetime) -> int:
    """How long round `rnd`'s clock has run at `now`, its pauses not counted: 0 before it
    starts, the whole length (with the minutes added) once time is called. A no-show counts
    from this (services.no_shows)."""
    if rnd.clock_started_at is None:
        return 0
    length = (rnd.clock_minutes + rnd.clock_added_minutes) * 60
    return max(0, length - clock_at(rnd, now).seconds_left)


def match_clock(match: Match, now: datetime) -> Clock:
    """The clock of one table: its round's, plus the table's extra time."""
    return clock_at(match.round, now, extra_minutes=match.extra_minutes)


def clock_changes_of(rnd: Round):  # noqa: ANN201
    """The round's clock trail, oldest first, with who made each change."""
    return rnd.clock_changes.select_related("by", "match").order_by("id")


def round_for_clock(event_id: int, number: int) -> Round | None:
    """Round `number` of the event with its event, for its clock alone: one small query (a
    page's countdown asks for it once a minute)."""
    return (Round.objects.select_related("event").filter(event_id=event_id, number=number)
            .first())
