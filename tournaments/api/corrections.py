"""The organizers' corrections through the API (issue 16): undo a drop, undo the latest
round's pairing before any result, swap two players between its tables
(tournaments.services.corrections), add a late player to the round being played
(services.late_players), a no-show's match loss (services.no_shows), and the corrections
trail (selectors.corrections)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.responses import errors, valid
from tournaments.api import serializers as s
from tournaments.api.events import event_or_404
from tournaments.api.matches import match_or_404, match_response
from tournaments.api.registrations import registration_or_404, registration_response
from tournaments.api.rounds import seen_round
from tournaments.models import CorrectionAction
from tournaments.presenters.walkins import claim_path
from tournaments.rules import MAX_GUEST_NAME
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


class LatePlayerIn(serializers.Serializer):
    """One of the three: a seat of the event, a person by username, a walk-in's name."""

    registration = serializers.IntegerField(
        min_value=1, required=False, allow_null=True, default=None,
        help_text="a seat of the event with no match in the round (a late entry made after "
                  "the pairing, a player or guest added since)")
    player = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.all(), required=False,
        allow_null=True, default=None, error_messages={"does_not_exist": "no player {value}"},
        help_text="a person's username: their seat if they have one, else a new seat "
                  "without a list (they attach their own)")
    guest_name = serializers.CharField(
        max_length=MAX_GUEST_NAME, required=False, allow_null=True, default=None,
        help_text="a walk-in without an account: a new guest seat, its claim code in the "
                  "answer")

    def validate(self, attrs: dict) -> dict:
        given = [k for k, v in attrs.items() if v not in (None, "")]
        if len(given) != 1:
            raise serializers.ValidationError(
                gettext("Give one of registration, player and guest_name."))
        return attrs


class LatePlayerOut(serializers.Serializer):
    registration = s.RegistrationOut()
    match = s.MatchOut(help_text="the bye, or the match against the new AI seat")
    claim_code = serializers.CharField(allow_null=True,
                                       help_text="a new guest seat's: shown only now")
    claim_url = serializers.CharField(allow_null=True)


class NoShowIn(serializers.Serializer):
    absent = serializers.IntegerField(min_value=1,
                                      help_text="the absent player's registration id")


class CorrectionOut(serializers.Serializer):
    id = serializers.IntegerField()
    action = serializers.ChoiceField(choices=CorrectionAction.choices)
    action_label = serializers.CharField()
    round = serializers.IntegerField(source="round_number", allow_null=True)
    registration = serializers.IntegerField(source="registration_id", allow_null=True,
                                            help_text="the seat it was about, if one")
    by = serializers.CharField(allow_null=True, help_text="the organizer's username")
    at = serializers.DateTimeField()
    text = serializers.CharField(help_text="what it did, in words")
    details = serializers.DictField(help_text="what was there before, by action")


class RoundLatePlayerView(APIView):
    @extend_schema(tags=["corrections"], request=LatePlayerIn,
                   responses={201: LatePlayerOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Organizers only: add a late player to round `number`, the latest Swiss round,
        while its results are not all in: per the event's `late_player_gets` they get a
        bye or a match against a new AI seat for it, then are paired like everyone."""
        event = event_or_404(pk)
        seen_round(event, number)
        data = valid(LatePlayerIn, request.data)
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
    @extend_schema(tags=["corrections"], request=NoShowIn,
                   responses={200: s.MatchDetailOut, **errors(400, 403, 404, 409)})
    def post(self, request: Request, pk: int) -> Response:
        """Organizers only: the `absent` player loses the match as a no-show, once the round
        clock has run the event's `no_show_minutes` (409 `too_early` says how many are
        left). Sending it twice gives the loss once."""
        match = match_or_404(pk)
        data = valid(NoShowIn, request.data)
        match_no_show(match_id=match.pk, by=request.user, now=timezone.now(),
                      absent=data["absent"])
        return match_response(pk)


class EventCorrectionsView(APIView):
    @extend_schema(tags=["corrections"], responses={200: CorrectionOut(many=True),
                                                    **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Organizers only: the event's corrections, newest first, each with who, when, the
        round and what it did in words."""
        event = event_or_404(pk)
        require_organizer(event, request.user)
        return Response(CorrectionOut(corrections_of(event), many=True).data)
