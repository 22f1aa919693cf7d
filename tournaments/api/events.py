"""Endpoints for events: parse the input, call one service, render (their registrations and
waitlist: api/registrations.py).

Events are public. What a user may change is the services' rule: they answer 403 (not an
organizer) or 409 (not now) as domain errors, which core.api.errors turns into
`{"error": ...}`.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.errors import inputs_named
from core.api.responses import ErrorOut, errors, valid
from tournaments.api import serializers as s
from tournaments.models import Event
from tournaments.selectors.access import may_read_deck_checks
from tournaments.selectors.events import events_listed, viewer_of
from tournaments.selectors.registrations import (
    deck_checks_of,
)
from tournaments.services.decklists import deck_check_record, event_lists_publish
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_complete, event_create, event_start, organizer_add
from tournaments.services.guards import require_organizer


def event_or_404(pk: int) -> Event:
    """Every event is public: only a missing one is a 404."""
    # With its results version (`selectors.results_version`): one query for both.
    event = (Event.objects.select_related("game", "standings_state")
             .defer("standings_state__final").filter(pk=pk).first())
    if event is None:
        raise NotFound(f"no event {pk}")
    return event


def seen_event(request: Request, pk: int) -> Event:
    """The event (every event is public) with `viewer` set for the asking user."""
    event = events_listed().filter(pk=pk).first()
    if event is None:
        raise NotFound(f"no event {pk}")
    event.viewer = viewer_of(event, request.user)
    return event


def event_response(request: Request, pk: int, code: int = 200) -> Response:
    return Response(s.EventDetailOut(seen_event(request, pk)).data, status=code)


# Events ---------------------------------------------------------------------------------


class FormatIsAFilter(DefaultContentNegotiation):
    """On the event list `?format=draft` filters by the event's format; DRF would otherwise
    read it as the renderer to use (and answer 404 for an unknown one)."""

    class settings:  # noqa: N801 - stands in for DRF's api_settings
        URL_FORMAT_OVERRIDE = None


class EventListView(ListAPIView):
    """Events, newest first; filter by status, format and game."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    content_negotiation_class = FormatIsAFilter
    serializer_class = s.EventOut

    def get_queryset(self):  # noqa: ANN201
        return events_listed(**valid(s.EventFilterIn, self.request.query_params))

    @extend_schema(tags=["events"], parameters=[s.EventFilterIn],
                   responses={200: s.EventOut(many=True), **errors(400)})
    def get(self, request: Request, *args, **kwargs) -> Response:  # noqa: ANN002, ANN003
        return super().get(request, *args, **kwargs)

    @extend_schema(tags=["events"], request=s.EventCreateIn,
                   responses={201: s.EventDetailOut, **errors(400, 403)})
    def post(self, request: Request) -> Response:
        """A new event in registration; you become its organizer. Without `rounds` the
        number of Swiss rounds comes from the player count when it starts."""
        data = valid(s.EventCreateIn, request.data)
        event = event_create(by=request.user, now=timezone.now(), **data)
        return event_response(request, event.pk, status.HTTP_201_CREATED)


class EventDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["events"], responses={200: s.EventDetailOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The event's settings and state, and `you`: whether you organize it and your
        seat."""
        return event_response(request, pk)

    @extend_schema(tags=["events"], request=s.EventUpdateIn,
                   responses={200: s.EventDetailOut, **errors(400, 403, 404, 409)})
    def patch(self, request: Request, pk: int) -> Response:
        """Organizers only: change the settings sent. Until the event is complete its name,
        description, venue, start, time zone, round length (a running clock keeps its
        length), clock, no-show minutes, late player and late entry (not below a round
        already paired); during registration the rest too (a capacity below the seats taken
        is refused, a larger one seats the waitlist in order). 409 names each setting that
        cannot change now; nothing is saved unless all of it is."""
        # An organizer's check before the input's: nobody else learns what it would refuse.
        require_organizer(event_or_404(pk), request.user)
        changes = valid(s.EventUpdateIn, request.data)
        event_update(event_id=pk, by=request.user, now=timezone.now(), changes=changes)
        return event_response(request, pk)


class EventOrganizersView(APIView):
    @extend_schema(tags=["events"], request=s.OrganizerAddIn,
                   responses={200: s.EventDetailOut, **errors(400, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: make another user an organizer too (again: no change)."""
        user = valid(s.OrganizerAddIn, request.data)["username"]
        organizer_add(event_id=pk, by=request.user, user=user)
        return event_response(request, pk)


START_ASKS = OpenApiResponse(ErrorOut, description=(
    "not possible now (`bad_transition`, `too_few_players`), or the start asks first: "
    "`seats_without_list` names each seat that would play without a list, one entry of "
    "`details` per seat (code `no_list`, params `registration` and `name`); "
    "`pods_empty_seats` (a draft) names each pod with places for AI seats (code "
    "`empty_seats`, params `pod`, `seats`, `players`, `empty`). Nothing has changed."))


class EventStartView(APIView):
    @extend_schema(tags=["events"], request=s.EventStartIn,
                   responses={200: s.EventDetailOut, **errors(400, 403, 404), 409: START_ASKS})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: registration -> running. With check-in required, players who
        have not checked in are dropped. Starting a running event again changes nothing.

        The start asks first. Seats without a list (a person's seat still in, without a
        registered list, in a preconstructed or constructed event) answer 409
        `seats_without_list` naming them, unless `drop_without_list` gives exactly their ids:
        then they are dropped and the event starts. Waiting is not starting: each player
        attaches their list, the organizer enters a guest's. In a draft, pod places left
        empty (a no-show's, an odd pod's) answer 409 `pods_empty_seats` unless
        `ai_in_empty_seats` is their number: AI players take them. An answer that no longer
        matches (a list attached meanwhile) is asked again, with what is true now."""
        require_organizer(event_or_404(pk), request.user)
        data = valid(s.EventStartIn, request.data)
        event_start(event_id=pk, by=request.user, now=timezone.now(),
                    drop_without_list=data.get("drop_without_list"),
                    ai_in_empty_seats=data.get("ai_in_empty_seats"))
        return event_response(request, pk)


class EventCompleteView(APIView):
    @extend_schema(tags=["events"], request=None,
                   responses={200: s.EventDetailOut, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: the last Swiss round (no top cut) or the final is confirmed, and
        the event is complete. Completing it again changes nothing."""
        event_complete(event_id=pk, by=request.user, now=timezone.now())
        return event_response(request, pk)


class EventListsPublishView(APIView):
    @extend_schema(tags=["events"], request=None,
                   responses={200: s.EventDetailOut, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only, once the lists are fixed (the event has started or its decklist
        deadline has passed): publish the registered lists, so everyone sees each seat's
        registered version (never a later edit). Publishing again changes nothing."""
        event_lists_publish(event_id=pk, by=request.user, now=timezone.now())
        return event_response(request, pk)


class EventDeckChecksView(APIView):
    @extend_schema(tags=["events"], responses={200: s.DeckCheckOut(many=True),
                                               **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Organizers only (not the judges): the event's deck checks, newest first."""
        event = event_or_404(pk)
        if not may_read_deck_checks(event, request.user):
            require_organizer(event, request.user)  # refused with the organizers' message
        return Response(s.DeckCheckOut(deck_checks_of(event), many=True).data)

    @extend_schema(tags=["events"], request=s.DeckCheckIn,
                   responses={201: s.DeckCheckOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only, while the event is played: record a deck check of a seat against
        its registered version (who and when are the request's)."""
        event = event_or_404(pk)
        data = valid(s.DeckCheckIn, request.data)
        with inputs_named({"round_number": "round", "registration_id": "registration"}):
            check = deck_check_record(event_id=event.pk, registration_id=data["registration"],
                                      by=request.user, now=timezone.now(),
                                      round_number=data["round"], outcome=data["outcome"],
                                      note=data["note"])
        return Response(s.DeckCheckOut(check).data, status=status.HTTP_201_CREATED)
