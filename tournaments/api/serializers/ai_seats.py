"""Adding AI seats to an event."""

from __future__ import annotations

from rest_framework import serializers

from engine.clash.ai import LEVELS
from tournaments.rules import MAX_AI_SEATS


class AISeatsIn(serializers.Serializer):
    count = serializers.IntegerField(min_value=1, max_value=MAX_AI_SEATS, default=1,
                                     help_text="how many AI seats to add")
    ai_level = serializers.ChoiceField(
        choices=list(LEVELS), required=False,
        help_text="the engine's AI level they play at (docs/ai.md); default: the server's "
                  "CLASH_AI_SEAT_LEVEL")

