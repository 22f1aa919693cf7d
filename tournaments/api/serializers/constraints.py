"""The organizer's pairing constraints: a seat's awarded byes and fixed table, and the pairs
kept apart (organizers only)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.rules import MAX_AWARDED_BYES, MAX_KEPT_APART_NOTE, MAX_TABLE


class SeatConstraintsIn(serializers.Serializer):
    # The ranges and the rules of when are the service's (400 invalid_constraint, 409).
    awarded_byes = serializers.IntegerField(
        required=False,
        help_text=f"byes for the first rounds, 0 to {MAX_AWARDED_BYES}; changes only while "
                  "the rounds it covers, before and after, are not paired")
    fixed_table = serializers.IntegerField(
        required=False, allow_null=True,
        help_text=f"the table the player always plays at, 1 to {MAX_TABLE}; null: any table; "
                  "one seat per table in an event (409 table_taken)")


class SeatConstraintOut(serializers.Serializer):
    registration_id = serializers.IntegerField()
    player = serializers.CharField(source="name")
    dropped = serializers.BooleanField()
    awarded_byes = serializers.IntegerField()
    fixed_table = serializers.IntegerField(allow_null=True)


class KeptApartIn(serializers.Serializer):
    first_id = serializers.IntegerField(help_text="a player's seat in this event")
    second_id = serializers.IntegerField(help_text="another player's seat in this event")
    note = serializers.CharField(required=False, default="", allow_blank=True,
                                 help_text=f"why, at most {MAX_KEPT_APART_NOTE} characters")


class KeptApartOut(serializers.Serializer):
    id = serializers.IntegerField()
    first_id = serializers.IntegerField()
    first = serializers.CharField(source="first_name")
    second_id = serializers.IntegerField()
    second = serializers.CharField(source="second_name")
    note = serializers.CharField(help_text="plain text: escape it where you show it")


class ConstraintsOut(serializers.Serializer):
    seats = SeatConstraintOut(many=True, help_text="every player's seat, AI seats left out")
    apart = KeptApartOut(many=True, help_text="the pairings that must not happen")
