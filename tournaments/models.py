"""Tournament models. Business logic lives in services.py and selectors.py, not here."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class EventFormat(models.TextChoices):
    PRECONSTRUCTED = "preconstructed", "Preconstructed"
    DRAFT = "draft", "Draft"
    CONSTRUCTED = "constructed", "Constructed"


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", "Registration"
    RUNNING = "running", "Running"
    TOP_CUT = "top_cut", "Top cut"
    COMPLETE = "complete", "Complete"


class Event(models.Model):
    name = models.CharField(max_length=120)
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="events")
    format = models.CharField(max_length=20, choices=EventFormat.choices)
    match_length = models.PositiveSmallIntegerField(default=3)  # best of 1 or 3
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # None: from player count
    top_cut = models.PositiveSmallIntegerField(default=0)  # 0, 4 or 8
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_events")
    registration_opens = models.DateTimeField(null=True, blank=True)
    registration_closes = models.DateTimeField(null=True, blank=True)
    decklist_deadline = models.DateTimeField(null=True, blank=True)
    lists_published = models.BooleanField(default=False)
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=20, choices=EventStatus.choices,
                              default=EventStatus.REGISTRATION)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="registrations")
    # The decklist version the player plays; before the deadline it follows their edits.
    decklist_version = models.ForeignKey("decks.DecklistVersion", null=True, blank=True,
                                         on_delete=models.PROTECT, related_name="registrations")
    dropped = models.BooleanField(default=False)
    checked_in = models.BooleanField(default=False)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_registration_per_player"),
        ]
