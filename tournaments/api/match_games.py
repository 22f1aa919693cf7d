"""Online play's endpoints that belong to tournaments (URLs under /api/play/:
tournaments/api/urls.py): start or resume a match's game online, and the replay of
a game the engine played for a match, on play's replay viewer. The replay's access is the
page's (tournaments/presenters/match_games.py): the match's players and the organizers until
the event publishes its lists (a game between AI seats for anyone), once the match is over
for a game the server seeded; 404 for everyone else."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors
from play.api import serializers as s
from play.api.replays import STEP, replay_answer
from play.presenters.games import game_state
from tournaments.presenters.match_games import engine_replay_target
from tournaments.services.online_games import match_online_game_start


class MatchGameView(APIView):
    @extend_schema(tags=["play"], request=None,
                   responses={200: s.GameStateOut, **errors(404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Start the match's next game online, or resume the one in progress. Only the
        match's two players; 409 when the match is decided or cannot be played online."""
        game = match_online_game_start(match_id=pk, user=request.user, now=timezone.now())
        game.refresh_from_db()  # as it stands once an AI seat's reply, sent on commit, ran
        return Response(s.GameStateOut(game_state(game, request.user)).data)


class EngineReplayView(APIView):
    permission_classes = [AllowAny]  # access is per game: engine_replay_target

    @extend_schema(tags=["play"], parameters=[STEP],
                   responses={200: s.ReplayOut, **errors(400, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """A finished tournament game (played online, by the workers or replayed from an
        uploaded record), after `step` entries of its record."""
        return replay_answer(request, engine_replay_target, pk)
