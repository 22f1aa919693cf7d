"""Walk-ins: a guest's seat, its claim code, the guest's list."""

from __future__ import annotations

from rest_framework import serializers

from decks.api.serializers import MAX_CARDS
from decks.rules import MAX_NAME
from tournaments.api.serializers.registrations import RegistrationOut
from tournaments.rules import MAX_GUEST_NAME


class GuestIn(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_GUEST_NAME,
                                 help_text="the walk-in's name, shown on pairings and standings")


class GuestOut(serializers.Serializer):
    registration = RegistrationOut()
    claim_code = serializers.CharField(help_text="shown only now: hand it to the guest")
    claim_url = serializers.CharField(help_text="the claim page with the code filled in")


class ClaimIn(serializers.Serializer):
    code = serializers.CharField(max_length=40)


class GuestDecklistIn(serializers.Serializer):
    """The guest's list as the event's format takes it: a deck number (preconstructed
    events) or the cards (constructed events: one name per copy for The Spoils and
    Berserk)."""

    name = serializers.CharField(max_length=MAX_NAME, required=False, allow_blank=True,
                                 default="", help_text="empty: “List of <guest>”")
    cards = serializers.ListField(child=serializers.CharField(max_length=MAX_NAME),
                                  max_length=MAX_CARDS, required=False, default=list)
    preconstructed_deck = serializers.IntegerField(min_value=1, max_value=99, required=False,
                                                   allow_null=True, default=None)

