"""The API's standings: one row per seat, every metric."""

from __future__ import annotations

from rest_framework import serializers


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField()
    match_points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    # Every metric, whatever the event's order; the answer lists the event's tiebreakers
    # first, in its configured order (the event's `tiebreakers`).
    omw = serializers.FloatField(help_text="opponents' match-win %, 0 to 1")
    gw = serializers.FloatField(help_text="game-win %, 0 to 1")
    ogw = serializers.FloatField(help_text="opponents' game-win %, 0 to 1")
    dropped = serializers.BooleanField()
    is_ai = serializers.BooleanField()
    cut = serializers.BooleanField(
        help_text="labelled for the top cut, as on the standings page: once the cut is made, "
                  "seeded into it; before, would make it if the Swiss rounds ended now")
    place = serializers.IntegerField(
        allow_null=True, help_text="the final place once decided: after the top cut's final, "
                                   "the cut's places then everyone else's from the cut's size "
                                   "+ 1 in Swiss order; without a cut, the rank once the "
                                   "event is complete; null before")
    group = serializers.IntegerField(
        required=False,
        help_text="a round robin's group (the rank is then the rank in the group); only in a "
                  "round robin's standings")

    def to_representation(self, instance: object) -> dict:
        out = super().to_representation(instance)
        if out.get("group") is None:
            out.pop("group", None)  # Swiss rows have no group
        return out
