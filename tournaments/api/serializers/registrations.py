"""The API's seats: a registration and its list, a deck check, the waitlist."""

from __future__ import annotations

from rest_framework import serializers

from decks.models import DecklistKind
from tournaments.api.serializers.fields import MAX_NOTE, player_field
from tournaments.models import (
    DeckCheckOutcome,
)


class RegistrationIn(serializers.Serializer):
    """Register yourself, or (organizers) `player`, who gets a seat without a list and
    attaches their own (`.../decklist/`). Preconstructed events take a deck number or one of
    your preconstructed list versions; constructed events one of your constructed list
    versions; draft events nothing."""

    player = player_field(required=False, allow_null=True, default=None,
                           help_text="organizers: the player to enter, without a list (the "
                                     "player attaches their own); empty: yourself")
    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="a decklist version id")

    def validate(self, attrs: dict) -> dict:
        if attrs["preconstructed_deck"] is not None and attrs["decklist_version"] is not None:
            raise serializers.ValidationError(
                {"decklist_version": "give a decklist version or a deck number, not both"})
        return attrs


class RegistrationDecklistIn(serializers.Serializer):
    """Your own list for your seat: a deck number or one of your preconstructed list versions
    (preconstructed events), one of your constructed list versions (constructed events)."""

    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="one of your decklist version ids")

    def validate(self, attrs: dict) -> dict:
        if attrs["preconstructed_deck"] is not None and attrs["decklist_version"] is not None:
            raise serializers.ValidationError(
                {"decklist_version": "give a decklist version or a deck number, not both"})
        return attrs


class RegisteredDecklistOut(serializers.Serializer):
    decklist = serializers.IntegerField(source="decklist_id")
    version = serializers.IntegerField(source="pk")
    name = serializers.CharField(help_text="the list's name when this version was saved")
    kind = serializers.ChoiceField(choices=DecklistKind.choices, source="decklist.kind")
    preconstructed_deck = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())


class RegistrationOut(serializers.Serializer):
    """A registration with `seen_version` set on it (selectors.registrations.registrations_seen)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    is_ai = serializers.BooleanField()
    checked_in = serializers.BooleanField()
    dropped = serializers.BooleanField()
    late_entry = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    decklist = RegisteredDecklistOut(
        source="seen_version", allow_null=True,
        help_text="only if you may see it: yours, as an organizer, or once lists are "
                  "published")


class DeckCheckIn(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, help_text="the seat checked")
    round = serializers.IntegerField(
        min_value=1, max_value=100, required=False, allow_null=True, default=None,
        help_text="the round the check was made in; empty: the round being played")
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField(max_length=MAX_NOTE, required=False, default="",
                                 allow_blank=True)


class DeckCheckOut(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField(source="registration.name")
    decklist_version = serializers.IntegerField(source="decklist_version_id",
                                                help_text="the version checked against")
    round = serializers.IntegerField(source="round_number", allow_null=True)
    outcome = serializers.ChoiceField(choices=DeckCheckOutcome.choices)
    note = serializers.CharField()
    by = serializers.CharField(source="by.get_username", allow_null=True, default=None)
    at = serializers.DateTimeField()


class WaitlistIn(serializers.Serializer):
    """Wait for a seat in a full event with the list you would register with (as for a
    registration: a deck number or a decklist version of yours, nothing in a draft)."""

    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)
    decklist_version = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                                default=None,
                                                help_text="a decklist version id")


class WaitlistOut(serializers.Serializer):
    position = serializers.IntegerField(
        help_text="your place on the waitlist: 1 takes the next seat freed before the start")
    waiting = serializers.IntegerField(help_text="how many players wait")
