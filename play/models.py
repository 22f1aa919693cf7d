"""Online games: a player against an AI seat or the solo automaton, played over HTTP.

The row is the truth. It holds the engine setup (seed, decks or solo options and draft picks)
and `actions`, every action token applied so far; a request rebuilds the game from them with
the engine (play/positions.py), so a refresh or a lost connection loses nothing. Business logic
lives in services.py and selectors.py, not here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class GameKind(models.TextChoices):
    DUEL = "duel", "Duel"  # rule C-2.1: two players (here: a person against an AI seat)
    SOLO = "solo", "Solo"  # rule C-8: a person against the automaton


class GameStatus(models.TextChoices):
    DRAFTING = "drafting", "Drafting"  # the solo draft's pick step (C-8.1)
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"


class OnlineGame(models.Model):
    kind = models.CharField(max_length=10, choices=GameKind.choices)
    status = models.CharField(max_length=10, choices=GameStatus.choices,
                              default=GameStatus.PLAYING)
    # Seat A is always a person; seat B is a person, an AI seat (`ai_level`) or, in solo,
    # the automaton (neither).
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="online_games_a")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="online_games_b")
    ai_level = models.CharField(max_length=20, blank=True)
    seed = models.BigIntegerField()
    # Duel: {"A": [8 names], "B": [8 names]}, the cards before the shuffle (C-2.6).
    decks = models.JSONField(default=dict, blank=True)
    # Solo (C-8.1): the format, the player's preconstructed deck or draft picks, the level
    # (0 for a quick game) and the options (C-8.9).
    solo_format = models.CharField(max_length=30, blank=True)
    solo_deck = models.PositiveSmallIntegerField(null=True, blank=True)
    picks = models.JSONField(default=list, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    options = models.JSONField(null=True, blank=True)
    # Every action token applied so far, in order (engine/clash/actions.py): the truth.
    actions = models.JSONField(default=list, blank=True)
    # The engine's game record once the game is over (GameRecord or SoloRecord JSON).
    record = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=4, blank=True)  # "A", "B", "draw" or ""
    created_at = models.DateTimeField()
    last_activity_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-last_activity_at", "-pk"]
        indexes = [models.Index(fields=["player_a", "status"]),
                   models.Index(fields=["player_b", "status"])]
        constraints = [
            # Solo has no second seat; a duel's seat B is a person or an AI seat, not both.
            models.CheckConstraint(
                condition=(Q(kind="solo", player_b__isnull=True, ai_level="")
                           | Q(kind="duel", player_b__isnull=True) & ~Q(ai_level="")
                           | Q(kind="duel", player_b__isnull=False, ai_level="")),
                name="online_game_seats_fit_the_kind"),
            models.CheckConstraint(condition=Q(winner__in=["", "A", "B", "draw"]),
                                   name="online_game_winner_known"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} game {self.pk}"


class SoloResult(models.Model):
    """A player's finished solo game (C-8.8): kept for their solo record."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="solo_results")
    game = models.OneToOneField(OnlineGame, on_delete=models.CASCADE, related_name="solo_result")
    level = models.PositiveSmallIntegerField()  # 0: quick game; 1-5: custom (C-8.9)
    won = models.BooleanField()
    result = models.CharField(max_length=4)  # "A" (the player), "B" (the automaton), "draw"
    turns = models.PositiveIntegerField()
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["-finished_at", "-pk"]
