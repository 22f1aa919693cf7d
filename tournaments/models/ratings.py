"""Ratings: a player's OpenSkill rating per game and format, and the events applied to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.events import Event, EventFormat


class Rating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating in one game and format."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="ratings")
    game = models.ForeignKey("decks.CardGame", on_delete=models.PROTECT, related_name="+")
    format = models.CharField(max_length=20, choices=EventFormat.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # mu - 3 sigma: the leaderboard's order
    matches = models.PositiveIntegerField(default=0)
    events = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["game", "format", "-ordinal", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "format"],
                                    name="one_rating_per_game_and_format"),
        ]
        indexes = [models.Index(fields=["game", "format", "-ordinal"],
                                name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} {self.format}: {self.ordinal:.2f}"


class RatedEvent(models.Model):
    """A completed event whose matches were applied to the ratings: each applies once."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="rated")
    matches = models.PositiveIntegerField()  # the matches that counted
    applied_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.event} rated"
