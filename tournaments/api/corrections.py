"""The organizers' corrections through the API (issue 16): undo a drop, undo the latest
round's pairing before any result, swap two players between its tables
(tournaments.services.corrections), add a late player to the round being played
(services.late_players), a no-show's match loss (services.no_shows), and the corrections
trail (selectors.corrections)."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.api.matches import match_or_404, match_response
from tournaments.api.registrations import registration_or_404, registration_response
from tournaments.api.rounds import seen_round
from tournaments.presenters.walkins import claim_path
from tournaments.selectors.corrections import corrections_of
from tournaments.selectors.matches import match_seen
from tournaments.services.corrections import registration_undrop, round_swap, round_unpair
from tournaments.services.guards import require_organizer
from tournaments.services.late_players import round_late_player_add
from tournaments.services.no_shows import match_no_show


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


# A late player, a no-show, the trail ----------------------------------------------------


class RoundLatePlayerView(APIView):
    @extend_schema(tags=["corrections"], request=s.LatePlayerIn,
                   responses={201: s.LatePlayerOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Organizers only: add a late player to round `number`, the latest Swiss round,
        while its results are not all in: per the event's `late_player_gets` they get a
        bye or a match against a new AI seat for it, then are paired like everyone."""
        event = event_or_404(pk)
        seen_round(event, number)
        data = valid(s.LatePlayerIn, request.data)
        late = round_late_player_add(event_id=event.pk, by=request.user, now=timezone.now(),
                                     number=number, registration_id=data["registration"],
                                     player=data["player"], guest_name=data["guest_name"])
        seat = registration_response(request, event, late.registration.pk).data
        code = late.claim_code
        return Response({
            "registration": seat, "match": s.MatchOut(match_seen(late.match.pk)).data,
            "claim_code": code,
            "claim_url": request.build_absolute_uri(claim_path(code)) if code else None},
            status=status.HTTP_201_CREATED)


class MatchNoShowView(APIView):
    @extend_schema(tags=["corrections"], request=s.NoShowIn,
                   responses={200: s.MatchDetailOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: the `absent` player loses the match as a no-show, once the round
        clock has run the event's `no_show_minutes` (409 `too_early` says how many are
        left). Sending it twice gives the loss once."""
        match = match_or_404(pk)
        data = valid(s.NoShowIn, request.data)
        match_no_show(match_id=match.pk, by=request.user, now=timezone.now(),
                      absent=data["absent"])
        return match_response(pk)


class EventCorrectionsView(APIView):
    @extend_schema(tags=["corrections"], responses={200: s.CorrectionOut(many=True),
                                                    **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Organizers only: the event's corrections, newest first, each with who, when, the
        round and what it did in words."""
        event = event_or_404(pk)
        require_organizer(event, request.user)
        return Response(s.CorrectionOut(corrections_of(event), many=True).data)
