"""Walk-ins through the API (issue 16): an organizer seats a guest and gets its claim code
once; a signed-in person claims a guest seat with the code (rate-limited: 429)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services.rates import RateLimited
from core.api.responses import errors, valid
from core.logins import client_ip
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404, registration_response
from tournaments.services.walkins import (
    MAX_GUEST_NAME,
    registration_claim,
    registration_guest_add,
)
from tournaments.views.claims import claim_path


class GuestIn(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_GUEST_NAME,
                                 help_text="the walk-in's name, shown on pairings and standings")


class GuestOut(serializers.Serializer):
    registration = s.RegistrationOut()
    claim_code = serializers.CharField(help_text="shown only now: hand it to the guest")
    claim_url = serializers.CharField(help_text="the claim page with the code filled in")


class ClaimIn(serializers.Serializer):
    code = serializers.CharField(max_length=40)


class EventGuestsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["registrations"], request=GuestIn,
                   responses={201: GuestOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers: seat a walk-in without an account under `name`. The answer carries
        the claim code, which is not stored and is never shown again."""
        event = event_or_404(pk)
        data = valid(GuestIn, request.data)
        seat, code = registration_guest_add(event_id=event.pk, by=request.user,
                                            name=data["name"], now=timezone.now())
        seen = registration_response(request, event, seat.pk).data
        return Response({"registration": seen, "claim_code": code,
                         "claim_url": request.build_absolute_uri(claim_path(code))},
                        status=status.HTTP_201_CREATED)


class ClaimView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["registrations"], request=ClaimIn,
                   responses={200: s.RegistrationOut, **errors(400, 403, 409)})
    def post(self, request: Request) -> Response:
        """Take the guest seat `code` opens, with its results. A wrong or used code is the
        same 400 `wrong_claim_code`; 409 `already_registered` when you sit in that event;
        429 `rate_limited` after too many tries."""
        data = valid(ClaimIn, request.data)
        try:
            seat = registration_claim(code=data["code"], by=request.user,
                                      ip=client_ip(request), now=timezone.now())
        except RateLimited as exc:
            return Response(exc.to_json(), status=status.HTTP_429_TOO_MANY_REQUESTS,
                            headers={"Retry-After": str(exc.wait)})
        return registration_response(request, seat.event, seat.pk)
