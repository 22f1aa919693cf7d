"""Walk-ins through the API (issue 16): an organizer seats a guest and gets its claim code
once, and enters the guest's list; a signed-in person claims a guest seat with the code
(rate-limited: 429)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services.rates import RateLimited
from core.api.responses import errors, valid
from core.logins import client_ip
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.api.registrations import registration_response
from tournaments.presenters.walkins import claim_path
from tournaments.selectors.registrations import registration_by_id, seen_versions
from tournaments.services.guest_lists import guest_list_enter
from tournaments.services.walkins import registration_claim, registration_guest_add


class EventGuestsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["registrations"], request=s.GuestIn,
                   responses={201: s.GuestOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers: seat a walk-in without an account under `name`. The answer carries
        the claim code, which is not stored and is never shown again."""
        event = event_or_404(pk)
        data = valid(s.GuestIn, request.data)
        seat, code = registration_guest_add(event_id=event.pk, by=request.user,
                                            name=data["name"], now=timezone.now())
        seen = registration_response(request, event, seat.pk).data
        return Response({"registration": seen, "claim_code": code,
                         "claim_url": request.build_absolute_uri(claim_path(code))},
                        status=status.HTTP_201_CREATED)


class ClaimView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["registrations"], request=s.ClaimIn,
                   responses={200: s.RegistrationOut, **errors(400, 403, 409)})
    def post(self, request: Request) -> Response:
        """Take the guest seat `code` opens, with its results. A wrong or used code is the
        same 400 `wrong_claim_code`; 409 `already_registered` when you sit in that event;
        429 `rate_limited` after too many tries."""
        data = valid(s.ClaimIn, request.data)
        try:
            seat = registration_claim(code=data["code"], by=request.user,
                                      ip=client_ip(request), now=timezone.now())
        except RateLimited as exc:
            return Response(exc.to_json(), status=status.HTTP_429_TOO_MANY_REQUESTS,
                            headers={"Retry-After": str(exc.wait)})
        return registration_response(request, seat.event, seat.pk)


class GuestDecklistView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]  # a published list is everyone's

    @extend_schema(tags=["registrations"], responses={200: s.RegisteredDecklistOut,
                                                      **errors(404)})
    def get(self, request: Request, pk: int, registration_id: int) -> Response:
        """The list the seat holds, for whoever may see it (the event's organizers; everyone
        once the event publishes its lists; its owner once the seat is claimed). 404 alike
        for a missing seat, a seat without a list and a list you may not see."""
        event = event_or_404(pk)
        seat = registration_by_id(event, registration_id)
        seen = seen_versions(request.user, [seat]).get(registration_id) if seat else None
        if seen is None:
            raise NotFound(f"no list for seat {registration_id} in {event}")
        return Response(s.RegisteredDecklistOut(seen).data)

    @extend_schema(tags=["registrations"], request=s.GuestDecklistIn,
                   responses={200: s.RegistrationOut, **errors(400, 403, 404, 409)})
    def put(self, request: Request, pk: int, registration_id: int) -> Response:
        """Organizers: enter or change the list of a walk-in's guest seat, checked like any
        list of the event (a guest's cards are the ones they bring, vouched for by you:
        no collection check). 409 `not_a_guest` for an account's or a claimed seat,
        `lists_fixed` once the event has fixed a list entered before; 400
        `invalid_decklist` names every problem, and nothing is saved then."""
        event = event_or_404(pk)
        data = valid(s.GuestDecklistIn, request.data)
        guest_list_enter(event_id=event.pk, registration_id=registration_id, by=request.user,
                         now=timezone.now(), name=data["name"] or None, cards=data["cards"],
                         preconstructed_deck=data["preconstructed_deck"])
        return registration_response(request, event, registration_id)
