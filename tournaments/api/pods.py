"""Endpoints of the draft pod and rating API: parse the input, call one service or reader,
render. Pods and ratings are public; a seat's draft is seen by its player, its partner and
the event's organizers (403 for anyone else); only the seat's player picks for it. A pick
out of turn or of a card not on the table answers 409 with the engine's reason; the same
pick sent twice changes nothing. Every answer about a draft first makes the picks whose time
ran out (the pick timer: services.pods.drafts_read_repair). Only the event's organizers hand
a seat to the AI or back (403 for anyone else)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView, RetrieveAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors
from core.errors import Forbidden
from decks.services.catalogue import clash_game
from tournaments.api import serializers as s
from tournaments.models import Event, Pod, PodSeat
from tournaments.selectors.pods import draft_seat_view, may_see_seat, pod_seat_of, pods_listed
from tournaments.selectors.ratings import ratings_leaderboard
from tournaments.services.pods import (
    draft_pick,
    draft_seat_to_ai,
    draft_seat_to_player,
    drafts_read_repair,
)


@extend_schema(tags=["draft pods"], responses={200: s.PodOut(many=True), **errors(404)})
class EventPodListView(ListAPIView):
    """The pods of a draft event: their seats and each pair's draft progress."""

    permission_classes = [AllowAny]
    serializer_class = s.PodOut
    pagination_class = None

    def get_queryset(self):  # noqa: ANN201
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        drafts_read_repair(event_id=event.pk, now=timezone.now())
        return pods_listed(event)


@extend_schema(tags=["draft pods"], responses={200: s.PodOut, **errors(404)})
class PodDetailView(RetrieveAPIView):
    permission_classes = [AllowAny]
    serializer_class = s.PodOut

    def get_queryset(self):  # noqa: ANN201
        event_id = Pod.objects.filter(pk=self.kwargs["pk"]).values_list("event_id",
                                                                        flat=True).first()
        if event_id is not None:
            drafts_read_repair(event_id=event_id, now=timezone.now())
        return pods_listed()


def _seat_response(seat: PodSeat) -> Response:
    drafts_read_repair(event_id=seat.pod.event_id, now=timezone.now())
    return Response(s.DraftStateOut(draft_seat_view(seat).to_json()).data)


def _visible_seat(request: Request, pk: int) -> PodSeat:
    seat = PodSeat.objects.select_related("pod__event", "registration").filter(pk=pk).first()
    if seat is None:
        raise NotFound(f"no pod seat {pk}")
    if not may_see_seat(seat, request.user):
        raise Forbidden("not_your_seat", gettext("only the seat's player, their partner in the "
                                                 "draft and the organizers see this draft"))
    return seat


class MyDraftView(APIView):
    @extend_schema(tags=["draft pods"], responses={200: s.DraftStateOut, **errors(403, 404)})
    def get(self, request: Request, event_id: int) -> Response:
        """Your seat's draft in this event: the revealed cards, whose pick it is, your
        cards and your partner's."""
        event = get_object_or_404(Event, pk=event_id)
        seat = pod_seat_of(event, request.user)
        if seat is None:
            raise NotFound(f"you have no seat in a pod of {event}")
        return _seat_response(seat)


class SeatDraftView(APIView):
    @extend_schema(tags=["draft pods"], responses={200: s.DraftStateOut, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """A seat's draft, for its player, its partner and the event's organizers."""
        return _seat_response(_visible_seat(request, pk))


class SeatPickView(APIView):
    @extend_schema(tags=["draft pods"], request=s.PickIn,
                   responses={200: s.DraftStateOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Take a revealed card for your seat. An AI partner answers at once; 409 when it is
        not your pick or the card is not on the table; the same pick again changes
        nothing."""
        serializer = s.PickIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not PodSeat.objects.filter(pk=pk).exists():
            raise NotFound(f"no pod seat {pk}")
        draft_pick(seat_id=pk, by=request.user, card=serializer.validated_data["card"],
                   now=timezone.now())
        return _seat_response(PodSeat.objects.select_related("registration", "pod").get(pk=pk))


class SeatHandView(APIView):
    @extend_schema(tags=["draft pods"], request=s.SeatHandIn,
                   responses={200: s.PodSeatOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """An organizer hands a seat to the AI's draft policy for the rest of its draft
        (`ai: true`, an absent player: it picks at once if it is the seat's turn, and each of
        its picks is marked) or back to its player (`ai: false`); the audit trail records
        who. 409 once the pair's draft is done or for a seat the AI already holds (an AI
        seat, a dropped player); the same request twice changes nothing."""
        serializer = s.SeatHandIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        hand = draft_seat_to_ai if serializer.validated_data["ai"] else draft_seat_to_player
        hand(seat_id=pk, by=request.user, now=timezone.now())
        seat = PodSeat.objects.select_related("registration", "pair").get(pk=pk)
        return Response(s.PodSeatOut(seat).data)


@extend_schema(tags=["ratings"], parameters=[s.RatingFilterIn], responses={
    200: s.RatingOut(many=True), **errors(400),
    404: OpenApiResponse(description="no such page of the leaderboard")})
class RatingListView(ListAPIView):
    """The leaderboard of a game and format: OpenSkill ratings, highest ordinal
    (mu - 3 sigma) first."""

    permission_classes = [AllowAny]
    serializer_class = s.RatingOut

    def get_queryset(self):  # noqa: ANN201
        serializer = s.RatingFilterIn(data=self.request.query_params)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return ratings_leaderboard(game=data.get("game") or clash_game(),
                                   format=data["event_format"])
