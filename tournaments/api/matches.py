"""Endpoints for match results: the players' reports, the organizer's result, the audit trail.

A match is public like the pairings it belongs to; its history (the reports each side sent,
who corrected what) is seen only by its two players and the event's organizers, and answers
404 to anyone else.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from engine.clash.match_rules import MatchFormat
from tournaments.api import serializers as s
from tournaments.models import Match
from tournaments.selectors.access import may_see_match
from tournaments.selectors.matches import match_format, match_seen, result_history
from tournaments.services.results import result_report, result_set


def match_or_404(pk: int) -> Match:
    match = match_seen(pk)
    if match is None:
        raise NotFound(f"no match {pk}")
    return match


def _format(match: Match) -> MatchFormat:
    return match_format(match.round.event, match.round)


def match_response(pk: int) -> Response:
    return Response(s.MatchDetailOut(match_or_404(pk)).data)


class MatchDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["results"], responses={200: s.MatchDetailOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        return match_response(pk)


class MatchReportView(APIView):
    @extend_schema(tags=["results"], request=s.ResultIn,
                   responses={200: s.MatchDetailOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """The two players only: report the games from player A's side. The second
        matching report confirms the match, a different one disputes it for the organizer;
        you may change your report until the match is confirmed."""
        match = match_or_404(pk)
        data = valid(s.ResultIn, request.data, format=_format(match))
        result_report(match_id=pk, by=request.user, now=timezone.now(), **data)
        return match_response(pk)


class MatchResultView(APIView):
    @extend_schema(tags=["results"], request=s.ResultSetIn,
                   responses={200: s.MatchDetailOut, **errors(400, 403, 404, 409)})
    def put(self, request: Request, pk: int) -> Response:
        """Organizers only: enter or correct the result (confirmed at once, whatever the
        reports said), with a note for the history."""
        match = match_or_404(pk)
        data = valid(s.ResultSetIn, request.data, format=_format(match))
        result_set(match_id=pk, by=request.user, now=timezone.now(), **data)
        return match_response(pk)


class MatchHistoryView(APIView):
    @extend_schema(tags=["results"],
                   responses={200: s.ResultChangeOut(many=True), **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Every change of the result in order: who, when, what it was before and after,
        and the organizer's note. For the two players and the organizers."""
        match = match_or_404(pk)
        if not may_see_match(match, request.user):
            raise NotFound(f"no result history of match {pk} for you")
        return Response(s.ResultChangeOut(result_history(match), many=True).data)
