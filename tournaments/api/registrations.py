"""Endpoints for an event's registrations and its waitlist: parse the input, call one
service, render.

Who plays in an event is public. What a user may change is the services' rule: they answer
403 (not an organizer, not your seat) or 409 (not now) as domain errors, which
core.api.errors turns into `{"error": ...}`. A registration is looked up inside its event, so a
seat of another event is a 404 like a missing one.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.models import Event, Registration
from tournaments.selectors.registrations import (
    registration_by_id,
    registrations_seen,
    waitlist_length,
    waitlist_position,
)
from tournaments.services.registrations import (
    registration_add,
    registration_check_in,
    registration_create,
    registration_decklist_attach,
    registration_drop,
    registration_remove,
    waitlist_join,
    waitlist_leave,
)


def registration_or_404(event: Event, registration_id: int) -> Registration:
    registration = registration_by_id(event, registration_id)
    if registration is None:
        raise NotFound(f"no registration {registration_id} in {event}")
    return registration


def registration_response(request: Request, event: Event, registration_id: int,
                          code: int = 200) -> Response:
    seat = next(r for r in registrations_seen(event, request.user) if r.pk == registration_id)
    return Response(s.RegistrationOut(seat).data, status=code)


class RegistrationListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["registrations"],
                   responses={200: s.RegistrationOut(many=True), **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """Everyone registered, in registration order. A decklist is shown only to whom may
        see it: its player, the event's organizers, everyone once lists are published."""
        event = event_or_404(pk)
        seats = registrations_seen(event, request.user)
        return Response(s.RegistrationOut(seats, many=True).data)

    @extend_schema(tags=["registrations"], request=s.RegistrationIn,
                   responses={201: s.RegistrationOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Enter the event yourself (in the registration window, or as a late entry), or as
        an organizer enter `player` WITHOUT a list (400 `list_by_player` if one is given):
        only the player attaches their own (`.../registrations/{id}/decklist/`).
        Preconstructed: `preconstructed_deck` or a preconstructed `decklist_version` of
        yours; constructed: a constructed `decklist_version` of yours, valid now; draft:
        neither."""
        event = event_or_404(pk)
        data = valid(s.RegistrationIn, request.data)
        decklist = {"decklist_version_id": data["decklist_version"],
                    "preconstructed_deck": data["preconstructed_deck"]}
        if data["player"] is None:
            seat = registration_create(event_id=event.pk, by=request.user, now=timezone.now(),
                                       **decklist)
        else:
            seat = registration_add(event_id=event.pk, by=request.user, player=data["player"],
                                    now=timezone.now(), **decklist)
        return registration_response(request, event, seat.pk, status.HTTP_201_CREATED)


class RegistrationDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=["registrations"], responses={200: s.RegistrationOut, **errors(404)})
    def get(self, request: Request, pk: int, registration_id: int) -> Response:
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        return registration_response(request, event, registration_id)

    @extend_schema(tags=["registrations"],
                   responses={204: None, **errors(403, 404, 409)})
    def delete(self, request: Request, pk: int, registration_id: int) -> Response:
        """Organizers only, before the event starts: take the player out. Once it runs,
        drop them instead, so their results stay."""
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        registration_remove(registration_id=registration_id, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationDropView(APIView):
    @extend_schema(tags=["registrations"], request=None,
                   responses={200: s.RegistrationOut, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int, registration_id: int) -> Response:
        """The player or an organizer: never paired again, results kept. A match being
        played still needs its result. Dropping twice changes nothing."""
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        registration_drop(registration_id=registration_id, by=request.user, now=timezone.now())
        return registration_response(request, event, registration_id)


class RegistrationCheckInView(APIView):
    @extend_schema(tags=["registrations"], request=None,
                   responses={200: s.RegistrationOut, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int, registration_id: int) -> Response:
        """The player or an organizer, before the event starts. Checking in twice changes
        nothing."""
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        registration_check_in(registration_id=registration_id, by=request.user,
                              now=timezone.now())
        return registration_response(request, event, registration_id)


class RegistrationDecklistView(APIView):
    @extend_schema(tags=["registrations"], request=s.RegistrationDecklistIn,
                   responses={200: s.RegistrationOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int, registration_id: int) -> Response:
        """The seat's player only: attach your own list to your seat (one an organizer added
        without a list), or register another of yours until the event fixes its lists (its
        start or its decklist deadline, whichever comes first). Someone else's version is
        refused exactly like a missing one."""
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        data = valid(s.RegistrationDecklistIn, request.data)
        registration_decklist_attach(registration_id=registration_id, by=request.user,
                                     now=timezone.now(),
                                     decklist_version_id=data["decklist_version"],
                                     preconstructed_deck=data["preconstructed_deck"])
        return registration_response(request, event, registration_id)


class WaitlistView(APIView):
    """The waitlist of a full event, as the event page offers it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["registrations"], request=s.WaitlistIn,
                   responses={201: s.WaitlistOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Wait for a seat: only in a full event, in its registration window, once. A seat
        freed before the start goes to the first player waiting, with their list."""
        event = event_or_404(pk)
        data = valid(s.WaitlistIn, request.data)
        waitlist_join(event_id=event.pk, by=request.user, now=timezone.now(),
                      decklist_version_id=data["decklist_version"],
                      preconstructed_deck=data["preconstructed_deck"])
        return Response(s.WaitlistOut({"position": waitlist_position(event, request.user),
                                       "waiting": waitlist_length(event)}).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(tags=["registrations"], responses={204: None, **errors(403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Leave the waitlist (not being on it changes nothing)."""
        event = event_or_404(pk)
        waitlist_leave(event_id=event.pk, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
