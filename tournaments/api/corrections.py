"""The organizers' corrections through the API (issue 16): undo a drop, undo the latest
round's pairing before any result, swap two players between its tables
(tournaments.services.corrections)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404, registration_or_404, registration_response
from tournaments.api.rounds import seen_round
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair


class RegistrationUndropView(APIView):
    @extend_schema(tags=["corrections"], request=None,
                   responses={200: s.RegistrationOut, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int, registration_id: int) -> Response:
        """Organizers only: bring a dropped player back; they are paired again from the next
        round on. A seat that has not dropped is left as it is."""
        event = event_or_404(pk)
        registration_or_404(event, registration_id)
        registration_undrop(registration_id=registration_id, by=request.user,
                            now=timezone.now())
        return registration_response(request, event, registration_id)


class RoundUnpairView(APIView):
    @extend_schema(tags=["corrections"], request=None,
                   responses={204: None, **errors(403, 404, 409)})
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Organizers only: undo the pairing of round `number`, the latest Swiss round, while
        none of its results is in (409 `results_in` once one is). The event waits for round
        `number` to be paired again; pairing it with nothing changed gives the same tables
        (the same seed)."""
        event = event_or_404(pk)
        seen_round(event, number)
        round_unpair(event_id=event.pk, by=request.user, now=timezone.now(), number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwapView(APIView):
    @extend_schema(tags=["corrections"], request=s.RoundSwapIn,
                   responses={200: s.RoundDetailOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Organizers only: swap two players (seat ids) between their tables of round
        `number`, the latest Swiss round, while none of its results is in."""
        event = event_or_404(pk)
        seen_round(event, number)
        seats = valid(s.RoundSwapIn, request.data)
        round_swap(event_id=event.pk, by=request.user, now=timezone.now(), number=number,
                   **seats)
        return Response(s.RoundDetailOut(seen_round(event, number)).data)
