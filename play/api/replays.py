"""The replay viewer's API: a finished game's position after any step of its record, both
hands shown, with the engine's verification. The same access as the pages: an online game for
anyone, a tournament match's game as its tournament says (play.hooks.match_games); 404 for
everyone else. The replays of the games the engine played for a tournament answer on this
viewer from tournaments/api/match_games.py."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from play.api import serializers as s
from play.presenters.replays import online_replay_target, replay_context

STEP = OpenApiParameter("step", int, description="0 (the setup) up to the record's length")


def replay_answer(request: Request, target: Any, pk: int) -> Response:
    """The replay of the game `target(pk, user)` finds (game, title, names; Http404 when
    there is none the user may watch) at the query's `step`."""
    step = valid(s.ReplayIn, request.query_params)["step"]
    try:
        game, title, names = target(pk, request.user)
        data = replay_context(game.record, step)
    except Http404 as exc:
        raise NotFound(str(exc)) from None
    check = data["check"]
    return Response(s.ReplayOut({
        "title": title, "names": names, "step": data["step"], "total": data["total"],
        "previous": data["prev"], "next": data["next"], "solo": data["solo"],
        "tokens": data["tokens"], "board": data["view"], "log": data["log"],
        "events": data["events"],
        "error": data["error"], "record": game.record,
        "verification": {"ok": check.ok, "result": check.result, "turn": check.turn,
                         "reason": check.reason},
    }).data)


class OnlineReplayView(APIView):
    permission_classes = [AllowAny]  # access is per game: online_replay_target

    @extend_schema(tags=["play"], parameters=[STEP],
                   responses={200: s.ReplayOut, **errors(400, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """A finished online game of yours, after `step` entries of its record."""
        return replay_answer(request, online_replay_target, pk)
