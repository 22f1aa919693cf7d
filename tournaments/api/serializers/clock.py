"""Input and output serializers of the round clock's endpoints."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.fields import MAX_NOTE
from tournaments.rules import MAX_CLOCK_MINUTES


class ClockOut(serializers.Serializer):
    """A clock as the server computes it now (`tournaments.selectors.clock.Clock`)."""

    started = serializers.BooleanField()
    paused = serializers.BooleanField()
    running = serializers.BooleanField()
    called = serializers.BooleanField(help_text="time is called: the clock reached zero")
    seconds_left = serializers.IntegerField(min_value=0)
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="when time is called if nothing changes (null until the "
                                   "clock starts; a paused clock's moves on with now)")
    now = serializers.DateTimeField(help_text="the server's time the answer was computed at")
    extra_minutes = serializers.IntegerField(min_value=0,
                                             help_text="the table's own extra time, included")


class RoundClockOut(ClockOut):
    round = serializers.IntegerField(source="number")
    minutes = serializers.IntegerField(help_text="the round's length")
    added_minutes = serializers.IntegerField(help_text="minutes the organizer added")


class MatchClockOut(ClockOut):
    match = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)


class ClockAddIn(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=MAX_CLOCK_MINUTES)
    seen = serializers.IntegerField(
        min_value=0, required=False, allow_null=True, default=None,
        help_text="the added minutes you saw: when they changed since, nothing is added "
                  "(a repeated request adds once)")


class MatchTimeIn(ClockAddIn):
    note = serializers.CharField(max_length=MAX_NOTE, required=False, default="",
                                 allow_blank=True, help_text="why: a judge call, a deck check")
    seen = serializers.IntegerField(
        min_value=0, required=False, allow_null=True, default=None,
        help_text="the table's extra minutes you saw: when they changed since, nothing is "
                  "added")
