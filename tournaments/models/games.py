"""The games of a match with what replays them, and uploaded game records."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.matches import Match


class GameMode(models.TextChoices):
    ONLINE = "online", _("Played online")
    AUTO = "auto", _("Auto-played")
    REPORTED = "reported", _("Reported")


class EngineGame(models.Model):
    """One game of a match, with what replays it: its seed and the engine's game record."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()  # 1, 2, 3
    mode = models.CharField(max_length=10, choices=GameMode.choices)
    seed = models.BigIntegerField()
    record = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=4, blank=True)  # "A", "B", "draw" or "" (unfinished)
    verified = models.BooleanField(default=False)  # the engine produced or replayed it
    divergent_turn = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number"),
        ]


class UploadStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for a worker")
    VERIFIED = "verified", _("Verified by the engine")
    DIVERGENT = "divergent", _("Differs from the replay")


class GameUpload(models.Model):
    """Who uploaded the record of a reported game (an `EngineGame` in mode reported), and what
    the engine's replay made of it. A worker checks it once: pending -> verified or
    divergent; a divergent record may be replaced by a new upload, which is pending again."""

    game = models.OneToOneField(EngineGame, on_delete=models.CASCADE, related_name="upload")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                    related_name="+")
    status = models.CharField(max_length=10, choices=UploadStatus.choices,
                              default=UploadStatus.PENDING)
    note = models.CharField(max_length=200, blank=True)  # what the replay found
    uploaded_at = models.DateTimeField()
    checked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game"]

    def __str__(self) -> str:
        return f"record of game {self.game.number} of match {self.game.match_id}"
