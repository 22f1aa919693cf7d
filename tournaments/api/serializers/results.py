"""The API's results: a score a player reports or an organizer sets, checked against the
match's format (rule C-7.5b), and a result's changes."""

from __future__ import annotations

from rest_framework import serializers

from engine.clash.match_rules import MatchFormat
from tournaments.api.serializers.fields import MAX_NOTE
from tournaments.models import (
    MatchLength,
    ResultAction,
)
from tournaments.rules import score_check

# Per count: the most games a match of any length the events offer plays (the cap of rule
# C-7.5b); the match's own format is checked in ResultIn.validate.
MAX_GAMES = max(MatchFormat(best_of=n).max_games for n in MatchLength.values)


class ResultIn(serializers.Serializer):
    """Games from player A's side, whoever sends them. With the match's `format` (a
    MatchFormat) in the context, a score it does not allow is refused with the services' error
    (code invalid_result, every reason in its problems)."""

    a_wins = serializers.IntegerField(min_value=0, max_value=MAX_GAMES)
    b_wins = serializers.IntegerField(min_value=0, max_value=MAX_GAMES)
    draws = serializers.IntegerField(min_value=0, max_value=MAX_GAMES, default=0)

    def validate(self, data: dict) -> dict:
        fmt = self.context.get("format")
        if fmt is not None:
            score_check(fmt, **{k: data[k] for k in ("a_wins", "b_wins", "draws")})
        return data


class ResultSetIn(ResultIn):
    note = serializers.CharField(max_length=MAX_NOTE, required=False, default="",
                                 allow_blank=True, help_text="why it was entered or corrected")


class ResultChangeOut(serializers.Serializer):
    at = serializers.DateTimeField()
    by = serializers.CharField(source="by.get_username", allow_null=True, default=None,
                               help_text="empty for a bye or the engine")
    action = serializers.ChoiceField(choices=ResultAction.choices)
    before = serializers.DictField()
    after = serializers.DictField()
    note = serializers.CharField()
