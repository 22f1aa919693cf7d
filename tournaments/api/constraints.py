"""Endpoints of the organizer's pairing constraints: each seat's awarded byes and fixed
table, and the pairs of players kept apart. Organizers of the event only (403 for anyone
else); a seat or a pair of another event is a 404 like a missing one."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.selectors.constraints import pairs_apart, seat_constraints
from tournaments.services.constraints import (
    kept_apart_add,
    kept_apart_remove,
    seat_constraints_set,
)
from tournaments.services.guards import require_organizer


class EventConstraintsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], responses={200: s.ConstraintsOut, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Organizers only: every player's awarded byes and fixed table, and the pairs kept
        apart."""
        event = event_or_404(pk)
        require_organizer(event, request.user)
        return Response(s.ConstraintsOut({"seats": seat_constraints(event),
                                          "apart": pairs_apart(event)}).data)


class SeatConstraintsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], request=s.SeatConstraintsIn,
                   responses={200: s.SeatConstraintOut, **errors(400, 403, 404, 409)})
    def patch(self, request: Request, pk: int, registration_id: int) -> Response:
        """Organizers only: set a player's awarded byes (a bye in each of the first rounds,
        counted as a 2-0 win) and/or fixed table (the others are numbered around it). The
        same values again: no change."""
        require_organizer(event_or_404(pk), request.user)  # before the input is read
        data = valid(s.SeatConstraintsIn, request.data)
        seat_constraints_set(event_id=pk, registration_id=registration_id, by=request.user,
                             now=timezone.now(), changes=data)
        event = event_or_404(pk)
        row = next(r for r in seat_constraints(event) if r.registration_id == registration_id)
        return Response(s.SeatConstraintOut(row).data)


class KeptApartListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], request=s.KeptApartIn,
                   responses={201: s.KeptApartOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: list two players as a pairing that must not happen (the Swiss
        pairing avoids it just below a rematch). Listed already: 409 already_apart."""
        require_organizer(event_or_404(pk), request.user)  # before the input is read
        data = valid(s.KeptApartIn, request.data)
        pair = kept_apart_add(event_id=pk, by=request.user, now=timezone.now(), **data)
        row = next(r for r in pairs_apart(event_or_404(pk)) if r.id == pair.pk)
        return Response(s.KeptApartOut(row).data, status=status.HTTP_201_CREATED)


class KeptApartView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], request=None, responses={204: None, **errors(403, 404)})
    def delete(self, request: Request, pk: int, pair_id: int) -> Response:
        """Organizers only: the two players may be paired together again."""
        kept_apart_remove(event_id=pk, pair_id=pair_id, by=request.user, now=timezone.now())
        return Response(status=status.HTTP_204_NO_CONTENT)
