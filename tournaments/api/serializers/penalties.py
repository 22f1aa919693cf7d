"""Penalties and the event's judges."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.fields import player_field
from tournaments.models import MAX_PENALTY_NOTE, PenaltyKind


class PenaltyIn(serializers.Serializer):
    # Checked by the service, which names every problem at once (400 invalid_penalty).
    registration_id = serializers.IntegerField(help_text="the player's seat in this event")
    kind = serializers.CharField(help_text=f"one of {', '.join(PenaltyKind.values)}")
    note = serializers.CharField(allow_blank=True,
                                 help_text=f"what happened, 1 to {MAX_PENALTY_NOTE} characters")
    round_number = serializers.IntegerField(
        required=False, allow_null=True,
        help_text="a paired round of the event; omitted or null: the latest round")
    seen = serializers.IntegerField(
        required=False, allow_null=True, min_value=0,
        help_text="how many of the event's penalties you saw: if another was recorded since, "
                  "this one is refused (409 penalties_changed) rather than given twice")


class PenaltyOut(serializers.Serializer):
    id = serializers.IntegerField()
    registration_id = serializers.IntegerField()
    player = serializers.CharField(source="registration.name")
    kind = serializers.CharField(help_text=f"one of {', '.join(PenaltyKind.values)}")
    round_number = serializers.IntegerField(allow_null=True,
                                            help_text="null: before round 1")
    match_id = serializers.IntegerField(allow_null=True,
                                        help_text="the match a game or match loss changed")
    note = serializers.CharField(help_text="plain text: escape it where you show it")
    at = serializers.DateTimeField()
    by = serializers.CharField(source="by.username", allow_null=True, default=None)
    withdrawn_at = serializers.DateTimeField(allow_null=True,
                                             help_text="null while it stands")
    withdrawn_by = serializers.CharField(source="withdrawn_by.username", allow_null=True,
                                         default=None)


class JudgeIn(serializers.Serializer):
    username = player_field(help_text="the user named a judge of the event")


class JudgeOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()

