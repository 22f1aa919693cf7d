"""Endpoints of an event's penalties and judges.

Penalties: the organizers and judges of the event list all of them (withdrawn ones too),
record and withdraw them; a player lists their own live ones; anyone else signed in gets an
empty list, never a hint that a penalty exists. Judges: the organizers name them by username
and remove them; the organizers and judges list them. The services decide (403 for anyone
else); a seat or penalty of another event is a 404 like a missing one.
"""

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
from tournaments.selectors.penalties import penalties_seen
from tournaments.services.guards import require_judge
from tournaments.services.judges import judge_add, judge_remove
from tournaments.services.penalties import penalty_record, penalty_withdraw


class EventPenaltiesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], responses={200: s.PenaltyOut(many=True), **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The penalties you may see, newest first: all of them for the organizers and
        judges, your own standing ones for a player, none for anyone else."""
        event = event_or_404(pk)
        return Response(s.PenaltyOut(penalties_seen(event, request.user), many=True).data)

    @extend_schema(tags=["events"], request=s.PenaltyIn,
                   responses={201: s.PenaltyOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers and judges: record a penalty. A game loss gives the opponent one game
        of the player's match in that round, a match loss the match, a disqualification
        drops the player (and loses their open match of the latest round); each changes the
        result through the one result writer, an engine-verified one too."""
        data = valid(s.PenaltyIn, request.data)
        penalty = penalty_record(event_id=pk, by=request.user, now=timezone.now(),
                                 registration_id=data["registration_id"], kind=data["kind"],
                                 note=data["note"], round_number=data.get("round_number"),
                                 seen=data.get("seen"))
        return Response(s.PenaltyOut(penalty).data, status=status.HTTP_201_CREATED)


class EventPenaltyWithdrawView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], request=None,
                   responses={200: s.PenaltyOut, **errors(403, 404)})
    def post(self, request: Request, pk: int, penalty_id: int) -> Response:
        """Organizers and judges: withdraw a penalty recorded in error (kept, with who and
        when). A result it changed stays until an organizer sets it. Again: no change."""
        penalty, _changed = penalty_withdraw(event_id=pk, penalty_id=penalty_id,
                                             by=request.user, now=timezone.now())
        return Response(s.PenaltyOut(penalty).data)


class EventJudgesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], responses={200: s.JudgeOut(many=True), **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Organizers and judges: the event's judges by username."""
        event = event_or_404(pk)
        require_judge(event, request.user)
        return Response(s.JudgeOut(event.judges.order_by("username"), many=True).data)

    @extend_schema(tags=["events"], request=s.JudgeIn,
                   responses={200: s.JudgeOut(many=True), **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: name a judge (again: no change). An organizer or a player of the
        event cannot be its judge (409)."""
        user = valid(s.JudgeIn, request.data)["username"]
        event, _added = judge_add(event_id=pk, by=request.user, user=user)
        return Response(s.JudgeOut(event.judges.order_by("username"), many=True).data)


class EventJudgeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["events"], responses={204: None, **errors(403, 404)})
    def delete(self, request: Request, pk: int, user_id: int) -> Response:
        """Organizers only: remove a judge; the penalties they recorded stay."""
        judge_remove(event_id=pk, by=request.user, user_id=user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
