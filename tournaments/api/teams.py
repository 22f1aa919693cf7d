"""The team standings of a team event (selectors.teams.team_standings)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.selectors.teams import team_standings


class TeamStandingsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["standings"], responses={200: s.TeamStandingOut(many=True),
                                                  **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """A team event's team standings, best first: each team's team match points and
        record, the event's tiebreakers computed on team matches (a team's game-win % is its
        seats' matches won), and its members in seat order with their own records (the
        players' standings stay at /standings/). An individual event has no teams: []."""
        event = event_or_404(pk)
        rows = team_standings(event) if event.teams_play else []
        return Response(s.TeamStandingOut(rows, many=True).data)
