"""Endpoints of online play: parse the input, call one service, answer the game as the
caller's seat sees it. A game exists only for its two players: anyone else gets 404, as for a
missing game. Domain errors answer 400 (an illegal action, with the engine's message) or 409
(a stale `seen`, not your turn) through core.api.errors."""

from __future__ import annotations

import secrets

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from play.api import serializers as s
from play.models import Invitation, OnlineGame
from play.presenters.games import game_brief, game_state
from play.selectors import (
    game_for,
    game_seat_of,
    games_of,
    invitation_by_code,
    solo_record_of,
    solo_results_of,
)
from play.services import (
    duel_start,
    invitation_cancel,
    invitation_create,
    invitation_join,
    online_game_act,
    online_game_ban,
    online_game_read_repair,
    solo_draft_pick,
    solo_start,
)


def mine_or_404(request: Request, pk: int) -> tuple[OnlineGame, int]:
    game = game_for(request.user, pk)
    if game is None:
        raise NotFound(gettext("no game %(pk)s") % {"pk": pk})
    return game, game_seat_of(game, request.user)


def state_response(request: Request, pk: int, code: int = status.HTTP_200_OK) -> Response:
    game, _ = mine_or_404(request, pk)
    return Response(s.GameStateOut(game_state(game, request.user)).data, status=code)


def invitation_out(invitation: Invitation, user: object) -> dict:
    game = invitation.game
    players = (game.player_a_id, game.player_b_id) if game else ()
    return {"code": invitation.code, "created_by": invitation.created_by.get_username(),
            "deck": invitation.deck, "status": invitation.status,
            "game": game.pk if game and getattr(user, "pk", None) in players else None}


class GameListView(APIView):
    @extend_schema(tags=["play"], responses={200: s.GameBriefOut(many=True)})
    def get(self, request: Request) -> Response:
        """Your online games, latest activity first (at most 100)."""
        games = list(games_of(request.user)[:100])
        return Response(s.GameBriefOut(
            [game_brief(g, game_seat_of(g, request.user)) for g in games], many=True).data)

    @extend_schema(tags=["play"], request=s.DuelIn,
                   responses={201: s.GameStateOut, **errors(400)})
    def post(self, request: Request) -> Response:
        """Start a duel against an AI seat with a preconstructed deck (rule C-2.3)."""
        data = valid(s.DuelIn, request.data)
        game = duel_start(player=request.user, deck=data["deck"], ai_level=data["ai_level"],
                          seed=secrets.randbelow(2**62), now=timezone.now())
        return state_response(request, game.pk, status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(tags=["play"], responses={200: s.GameStateOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The game as your seat sees it: your hand, the public board, the opponent's hand
        size; your legal actions when it is your turn. Polling it while an AI seat's reply
        is owed too long sends that reply to the workers again."""
        game, _ = mine_or_404(request, pk)
        online_game_read_repair(game=game, now=timezone.now())
        return state_response(request, pk)


class GameActionView(APIView):
    @extend_schema(tags=["play"], request=s.ActionIn,
                   responses={200: s.GameStateOut, **errors(400, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Apply one action. 409 when `seen` is stale or it is not your turn, 400 with the
        engine's message when the rules refuse it; nothing is stored then."""
        mine_or_404(request, pk)
        data = valid(s.ActionIn, request.data)
        online_game_act(game_id=pk, user=request.user, token=data["action"], seen=data["seen"],
                        now=timezone.now())
        return state_response(request, pk)


class GameBanView(APIView):
    @extend_schema(tags=["play"], request=s.GameBanIn,
                   responses={200: s.GameStateOut, **errors(400, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Ban a card of the opponent's list in a constructed match game (rule C-2.5)."""
        mine_or_404(request, pk)
        data = valid(s.GameBanIn, request.data)
        online_game_ban(game_id=pk, user=request.user, card=data["card"], seen=data["seen"],
                        now=timezone.now())
        return state_response(request, pk)


class GamePickView(APIView):
    @extend_schema(tags=["play"], request=s.SoloPickIn,
                   responses={200: s.GameStateOut, **errors(400, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Keep one of the four revealed cards of the solo draft (rule C-8.1); the automaton
        gets the other three. After the eighth pick the game starts. 409 when `seen` is stale
        or the draft is over, 400 for a card that is not among the four."""
        mine_or_404(request, pk)
        data = valid(s.SoloPickIn, request.data)
        solo_draft_pick(game_id=pk, user=request.user, card=data["card"], seen=data["seen"],
                        now=timezone.now())
        return state_response(request, pk)


class SoloGameView(APIView):
    @extend_schema(tags=["play"], request=s.SoloIn,
                   responses={201: s.GameStateOut, **errors(400)})
    def post(self, request: Request) -> Response:
        """Start a solo game against the automaton (rule C-8): a quick game (level 0) or a
        custom level 1-5 whose options add up to it (C-8.9; the 400 says what would fit),
        from the solo draft (the game starts with its pick step) or a preconstructed deck."""
        data = valid(s.SoloIn, request.data)
        game = solo_start(player=request.user, fmt=data["fmt"], level=data["level"],
                          options=dict(data.get("options") or {}), deck=data.get("deck"),
                          seed=secrets.randbelow(2**62), now=timezone.now())
        return state_response(request, game.pk, status.HTTP_201_CREATED)


class SoloRecordView(APIView):
    @extend_schema(tags=["play"], responses={200: s.SoloRecordOut})
    def get(self, request: Request) -> Response:
        """Your solo record: played and won by level, and your latest solo games."""
        results = [{"game": r.game_id, "level": r.level, "won": r.won, "result": r.result,
                    "turns": r.turns, "finished_at": r.finished_at}
                   for r in solo_results_of(request.user)[:100]]
        return Response(s.SoloRecordOut({"by_level": solo_record_of(request.user),
                                         "results": results}).data)


class InvitationListView(APIView):
    @extend_schema(tags=["play"], request=s.InvitationIn,
                   responses={201: s.InvitationOut, **errors(400)})
    def post(self, request: Request) -> Response:
        """Invite a person to a duel: share the answer's `code`."""
        data = valid(s.InvitationIn, request.data)
        invitation = invitation_create(player=request.user, deck=data["deck"],
                                       code=secrets.token_hex(6), now=timezone.now())
        invitation = invitation_by_code(invitation.code)
        return Response(s.InvitationOut(invitation_out(invitation, request.user)).data,
                        status=status.HTTP_201_CREATED)


def invitation_or_404(code: str) -> Invitation:
    invitation = invitation_by_code(code)
    if invitation is None:
        raise NotFound(gettext("no invitation has this code"))
    return invitation


class InvitationDetailView(APIView):
    @extend_schema(tags=["play"], responses={200: s.InvitationOut, **errors(404)})
    def get(self, request: Request, code: str) -> Response:
        """An invitation by its code; its game's id only for the game's two players."""
        return Response(s.InvitationOut(invitation_out(invitation_or_404(code),
                                                       request.user)).data)


class InvitationCancelView(APIView):
    @extend_schema(tags=["play"], request=None,
                   responses={200: s.InvitationOut, **errors(404, 409)})
    def post(self, request: Request, code: str) -> Response:
        """Cancel your open invitation: nobody can join it any more. 404 unless it is yours,
        409 once someone has taken it."""
        invitation_cancel(code=code, player=request.user, now=timezone.now())
        return Response(s.InvitationOut(invitation_out(invitation_or_404(code),
                                                       request.user)).data)


class InvitationJoinView(APIView):
    @extend_schema(tags=["play"], request=s.JoinIn,
                   responses={201: s.GameStateOut, **errors(400, 404, 409)})
    def post(self, request: Request, code: str) -> Response:
        """Join with your deck: the duel starts. 409 for your own invitation or one that
        someone else took."""
        invitation_or_404(code)
        data = valid(s.JoinIn, request.data)
        game = invitation_join(code=code, player=request.user, deck=data["deck"],
                               seed=secrets.randbelow(2**62), now=timezone.now())
        return state_response(request, game.pk, status.HTTP_201_CREATED)
