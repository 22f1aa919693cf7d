"""The event pages' sockets (core/consumers.py). Each joins one group, when the page's own
permission read lets its person see the page: the pairings, standings and pods are public
(any event that exists, as their pages answer), the dashboard is its organizers'
(`is_organizer`), a match page its two players', organizers' and judges' (`may_see_match`),
a draft page its seat's pair's (`pod_seat_of`, `may_see_seat`).
Hints come at most once a second per socket: a round's results coming in at several a
second cost each open page one fetch a second."""

from __future__ import annotations

from typing import Any

from core.consumers import HintConsumer
from tournaments.models import Event
from tournaments.selectors.access import is_organizer, may_see_match
from tournaments.selectors.matches import match_in_event
from tournaments.selectors.pods import may_see_seat, pod_seat_of
from tournaments.services.live import (
    DASHBOARD,
    PODS,
    PUBLIC,
    event_group,
    match_group,
    pair_group,
)


class EventPagesConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        if not Event.objects.filter(pk=kwargs["pk"]).exists():
            return None
        return event_group(kwargs["pk"], PUBLIC)


class DashboardConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        if event is None or not is_organizer(event, user):
            return None
        return event_group(event.pk, DASHBOARD)


class MatchConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        match = match_in_event(event, kwargs["match"]) if event is not None else None
        if match is None or not may_see_match(match, user, event):
            return None
        return match_group(match.pk)


class PodsConsumer(HintConsumer):
    coalesce = 1.0

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        if not Event.objects.filter(pk=kwargs["pk"]).exists():
            return None
        return event_group(kwargs["pk"], PODS)


class DraftConsumer(HintConsumer):
    """A seat's own draft page: the pair of the person's seat in the event."""

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        event = Event.objects.filter(pk=kwargs["pk"]).first()
        seat = pod_seat_of(event, user) if event is not None else None
        if seat is None or not may_see_seat(seat, user):
            return None
        return pair_group(seat.pair_id)
