"""Online games: a player against an AI seat or the solo automaton, played over HTTP.

The row is the truth. It holds the engine setup (seed, decks or solo options and draft picks)
and `actions`, every action token applied so far; a request rebuilds the game from them with
the engine (play/selectors/positions.py), so a refresh or a lost connection loses nothing.
Business logic lives in services/ and selectors/, not here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from engine.clash.state import DEFAULT_TURN_CAP
from engine.seats import RESULT_NAMES


class GameKind(models.TextChoices):
    DUEL = "duel", _("Duel")  # rule C-2.1: two players (here: a person against an AI seat)
    SOLO = "solo", _("Solo")  # rule C-8: a person against the automaton


class GameStatus(models.TextChoices):
    DRAFTING = "drafting", _("Drafting")  # the solo draft's pick step (C-8.1)
    BANNING = "banning", _("Banning")  # a constructed match game's ban-two procedure (C-2.5)
    PLAYING = "playing", _("Playing")
    FINISHED = "finished", _("Finished")


class OnlineGame(models.Model):
    kind = models.CharField(max_length=10, choices=GameKind.choices)
    status = models.CharField(max_length=10, choices=GameStatus.choices,
                              default=GameStatus.PLAYING)
    # Each seat is a person or an AI seat (`ai_level`; at most one AI seat, and in solo the
    # automaton, which is neither). Seat A is a person except in a tournament match whose
    # player A is an AI seat: a match game keeps the match's sides, so its record is the
    # match's.
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.CASCADE, related_name="online_games_a")
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
    # Constructed match games (C-2.5): the ban-two record (engine BanRecord JSON, both lists
    # and the bans so far) while banning; `decks` holds the 8 cards each once it is done.
    bans = models.JSONField(null=True, blank=True)
    # A tournament match game: the match and the game's number in it (1, 2, 3).
    match = models.ForeignKey("tournaments.Match", null=True, blank=True,
                              on_delete=models.CASCADE, related_name="online_games")
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The turn on which the game ends drawn if nobody has won (ruling C-7.5a). A match game
    # at time (ruling C-7.5c) plays on to the turn in progress plus two: the cap is lowered
    # then, `time_called_at` says when, and the record keeps the cap it ended with, so it
    # replays with it (the cap only counts once reached, so the turns before replay alike).
    turn_cap = models.PositiveIntegerField(default=DEFAULT_TURN_CAP)
    time_called_at = models.DateTimeField(null=True, blank=True)
    # Every action token applied so far, in order (engine/clash/actions.py): the truth.
    actions = models.JSONField(default=list, blank=True)
    # The token of the latest message sent for the AI seat's reply (core/deliveries.py): a
    # delivery carrying another one was replaced and does nothing.
    ai_delivery = models.CharField(max_length=36, blank=True)
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
                condition=(Q(kind="solo", player_a__isnull=False, player_b__isnull=True,
                             ai_level="")
                           | Q(kind="duel", player_a__isnull=False, player_b__isnull=True)
                           & ~Q(ai_level="")
                           | Q(kind="duel", player_a__isnull=True, player_b__isnull=False)
                           & ~Q(ai_level="")
                           | Q(kind="duel", player_a__isnull=False, player_b__isnull=False,
                               ai_level="")),
                name="online_game_seats_fit_the_kind"),
            models.CheckConstraint(
                condition=Q(match__isnull=True, game_number__isnull=True)
                | Q(match__isnull=False, game_number__isnull=False, kind="duel"),
                name="online_game_match_has_a_game_number"),
            # One online game per game of a match: a double click never makes two.
            models.UniqueConstraint(fields=["match", "game_number"],
                                    condition=Q(match__isnull=False),
                                    name="one_online_game_per_match_game"),
            models.CheckConstraint(condition=Q(winner__in=["", *RESULT_NAMES]),
                                   name="online_game_winner_known"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} game {self.pk}"


class InvitationStatus(models.TextChoices):
    OPEN = "open", _("Waiting for an opponent")
    TAKEN = "taken", _("Taken")
    CANCELLED = "cancelled", _("Cancelled")


class Invitation(models.Model):
    """A duel between two persons, offered by link: its creator chose a preconstructed deck;
    the first other player who opens it picks theirs and the game starts (open -> taken,
    once: joining locks this row). Its creator may cancel it while it is open
    (open -> cancelled, under the same lock, so a join and a cancel never both happen)."""

    code = models.CharField(max_length=32, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                   related_name="play_invitations")
    deck = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=InvitationStatus.choices,
                              default=InvitationStatus.OPEN)
    game = models.OneToOneField(OnlineGame, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="invitation")
    created_at = models.DateTimeField()
    taken_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status="open", game__isnull=True)
                | Q(status="cancelled", game__isnull=True)
                | Q(status="taken", game__isnull=False),
                name="a_taken_invitation_has_its_game"),
        ]

    def __str__(self) -> str:
        return f"invitation {self.code}"


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
