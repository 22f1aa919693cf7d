"""The API's team standings of a team event: one row per team, its members under it."""

from __future__ import annotations

from rest_framework import serializers


class TeamMemberOut(serializers.Serializer):
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField()
    seat = serializers.CharField(help_text='"A", "B" or "C": seat A plays seat A')
    wins = serializers.IntegerField(help_text="the player's own matches won")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    dropped = serializers.BooleanField()


class TeamStandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    name = serializers.CharField()
    match_points = serializers.IntegerField(help_text="team match points: 3 a team match "
                                                      "won (more seats won), 1 a draw")
    wins = serializers.IntegerField(help_text="team matches won, a bye included")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    omw = serializers.FloatField(help_text="opponents' team-match-win %, 0 to 1")
    gw = serializers.FloatField(help_text="seat-win %: the share of its seats' matches won, "
                                          "0 to 1")
    ogw = serializers.FloatField(help_text="opponents' seat-win %, 0 to 1")
    dropped = serializers.BooleanField(help_text="a player of the team dropped: it is not "
                                                 "paired again")
    members = TeamMemberOut(many=True)
