"""The API's rounds: pairing, swaps, the top cut, and a round's tables as the reader sees them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.serializers.fields import status_field
from tournaments.models import (
    MatchBracket,
    MatchStatus,
    RoundStage,
    RoundStatus,
)
from tournaments.presenters.explanations import explanation_codes, round_explanation
from tournaments.selectors.rounds import round_label


class RoundPairIn(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1, max_value=100,
        help_text="the round you mean to pair (the next one): sending it twice pairs it once")


class RoundSwapIn(serializers.Serializer):
    first = serializers.IntegerField(min_value=1, help_text="a player's registration id")
    second = serializers.IntegerField(min_value=1, help_text="the player to swap tables with")


class TopCutAdvanceIn(RoundPairIn):
    number = serializers.IntegerField(
        min_value=1, max_value=100,
        help_text="the bracket round you mean to pair: sending it twice pairs it once")


class SeatOut(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    is_ai = serializers.BooleanField()


class ResultOut(serializers.Serializer):
    a_wins = serializers.IntegerField()
    b_wins = serializers.IntegerField()
    draws = serializers.IntegerField()


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="empty for a bye")
    player_a = SeatOut()
    player_b = SeatOut(allow_null=True, help_text="empty for a bye")
    status = status_field(MatchStatus)
    result = serializers.SerializerMethodField(help_text="games from A's side, once confirmed")
    is_ai_match = serializers.BooleanField()
    engine_verified = serializers.BooleanField()
    bracket = serializers.ChoiceField(
        choices=MatchBracket.choices,
        help_text="empty for a Swiss, round-robin or single-elimination match; third_place; "
                  "a double elimination's winners, losers or final (the reset is the final's "
                  "second round)")

    @extend_schema_field(ResultOut(allow_null=True))
    def get_result(self, match) -> dict | None:  # noqa: ANN001
        if match.status != MatchStatus.CONFIRMED:
            return None
        return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


class MatchDetailOut(MatchOut):
    event = serializers.IntegerField(source="round.event_id")
    round = serializers.IntegerField(source="round.number")


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.SerializerMethodField(help_text="Round 3, Semifinals, Final, ...")
    stage = serializers.ChoiceField(choices=RoundStage.choices)
    status = status_field(RoundStatus)
    paired_at = serializers.DateTimeField()
    completed_at = serializers.DateTimeField(allow_null=True)
    matches = MatchOut(many=True, help_text="by table number, the bye last")

    def get_label(self, rnd) -> str:  # noqa: ANN001
        return round_label(rnd)


class RoundDetailOut(RoundOut):
    explanation = serializers.SerializerMethodField(
        help_text="how the round was paired, in the request's language (Accept-Language)")
    explanation_codes = serializers.SerializerMethodField(
        help_text="each line of `explanation` as a stable code and its params (a player is "
                  "R and the registration's id), or null for a line stored as text")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_explanation(self, rnd) -> list[str]:  # noqa: ANN001
        return round_explanation(rnd)

    @extend_schema_field(serializers.ListField(child=serializers.DictField(allow_null=True)))
    def get_explanation_codes(self, rnd) -> list[dict | None]:  # noqa: ANN001
        return explanation_codes(rnd.explanation)
