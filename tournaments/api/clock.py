"""Endpoints of the round clock: read it (anyone, like the pairings), and the organizer's
start, pause, resume, minutes added to the round and extra time for one table.

Each answer is the clock as the server computes it at that moment, with the server's time,
so a page's countdown (static/js/round-clock.js) counts from the right moment.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.api.matches import match_or_404
from tournaments.models import Match, Round
from tournaments.selectors.clock import clock_at, match_clock, round_for_clock
from tournaments.services.clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)


def round_clock_out(rnd: Round, now: datetime) -> dict:
    clock = clock_at(rnd, now)
    return s.RoundClockOut({
        **vars(clock), "running": clock.running, "called": clock.called,
        "number": rnd.number, "minutes": rnd.clock_minutes or rnd.event.round_minutes,
        "added_minutes": rnd.clock_added_minutes}).data


def match_clock_out(match: Match, now: datetime) -> dict:
    clock = match_clock(match, now)
    return s.MatchClockOut({**vars(clock), "running": clock.running, "called": clock.called,
                             "match": match.pk, "table": match.table}).data


def _answer(pk: int, number: int) -> Response:
    rnd = round_for_clock(pk, number)
    if rnd is None:
        event_or_404(pk)
        raise NotFound(f"event {pk} has no round {number}")
    return Response(round_clock_out(rnd, timezone.now()))


class RoundClockView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["clock"], responses={200: s.RoundClockOut, **errors(404)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        """The round's clock now: the time left, the deadline, paused or not, time called."""
        return _answer(pk, number)


def _clock_action(service, summary: str):  # noqa: ANN001, ANN202
    class RoundClockActionView(APIView):
        @extend_schema(tags=["clock"], request=None, summary=summary,
                       responses={200: s.RoundClockOut, **errors(403, 404, 409)})
        def post(self, request: Request, pk: int, number: int) -> Response:
            event = event_or_404(pk)
            service(event_id=event.pk, number=number, by=request.user, now=timezone.now())
            return _answer(pk, number)

    RoundClockActionView.__name__ = service.__name__.title().replace("_", "") + "View"
    RoundClockActionView.__doc__ = summary
    return RoundClockActionView


RoundClockStartView = _clock_action(
    round_clock_start, "Organizers only: start the round's clock (again: nothing changes).")
RoundClockPauseView = _clock_action(
    round_clock_pause, "Organizers only: pause the clock (again: nothing changes).")
RoundClockResumeView = _clock_action(
    round_clock_resume, "Organizers only: resume a paused clock (again: nothing changes).")


class RoundClockAddView(APIView):
    @extend_schema(tags=["clock"], request=s.ClockAddIn,
                   responses={200: s.RoundClockOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Organizers only: add minutes to the round's clock (1 to 60). With `seen`, a
        repeated request adds them once."""
        event = event_or_404(pk)
        data = valid(s.ClockAddIn, request.data)
        round_clock_add(event_id=event.pk, number=number, by=request.user, now=timezone.now(),
                        **data)
        return _answer(pk, number)


class MatchTimeView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["clock"], responses={200: s.MatchClockOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The table's clock now: its round's with the table's extra time."""
        return Response(match_clock_out(match_or_404(pk), timezone.now()))

    @extend_schema(tags=["clock"], request=s.MatchTimeIn,
                   responses={200: s.MatchClockOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: extra time for this table (a judge call, a deck check), with a
        note for the clock's trail."""
        match_or_404(pk)
        data = valid(s.MatchTimeIn, request.data)
        match_time_extend(match_id=pk, by=request.user, now=timezone.now(), **data)
        return Response(match_clock_out(match_or_404(pk), timezone.now()))
