"""The organizer's corrections: a late player, a no-show, the trail of corrections."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from rest_framework import serializers

from tournaments.api.serializers.registrations import RegistrationOut
from tournaments.api.serializers.rounds import MatchOut
from tournaments.models import CorrectionAction
from tournaments.rules import MAX_GUEST_NAME


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
    registration = RegistrationOut()
    match = MatchOut(help_text="the bye, or the match against the new AI seat")
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

