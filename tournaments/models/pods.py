"""Draft pods (rule C-2.4): pods, their drafting pairs and seats."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Event
from tournaments.models.registrations import Registration


class Pod(models.Model):
    """Up to 8 seats of a draft event: they draft in pairs (seats 1 and 2, 3 and 4, ...),
    then play their Swiss rounds among themselves."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveSmallIntegerField()  # 1, 2, ... within the event
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_pod_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} pod {self.number}"


class DraftStatus(models.TextChoices):
    PICKING = "picking", _("Picking")
    DONE = "done", _("Done")  # 16 picks: each seat of the pair has its 8 cards


class DraftPair(models.Model):
    """Two seats of a pod drafting from their own shuffled Starter Kit. `record` (the engine's
    DraftRecord JSON: seed, catalogue, picks) is the truth; every pick rebuilds the draft from
    it under this row's lock."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField()  # pair n: seats 2n-1 (A) and 2n (B)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=DraftStatus.choices,
                              default=DraftStatus.PICKING)
    record = models.JSONField()
    updated_at = models.DateTimeField()
    # When the pick in progress is made by the AI's draft policy if its seat has not picked
    # (the event's pick timer); None: no timer runs (no timer set, an AI seat to pick, done).
    pick_due_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["pod", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "number"], name="one_draft_pair_per_number"),
            models.CheckConstraint(condition=Q(seed__gte=0), name="draft_seed_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.pod} pair {self.number}"


class DraftSide(models.TextChoices):
    A = "A", pgettext_lazy("seat letter", "A")
    B = "B", pgettext_lazy("seat letter", "B")


class PodSeat(models.Model):
    """A registration's place in its pod (a registration belongs to one pod) and its side in
    its pair's draft."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 1 to 8
    pair = models.ForeignKey(DraftPair, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=1, choices=DraftSide.choices)
    registration = models.OneToOneField(Registration, on_delete=models.CASCADE,
                                        related_name="pod_seat")
    # The seat's 8 cards once its pair's draft is done; a player's also become their drafted
    # decklist (Registration.decklist_version), an AI seat keeps them here.
    cards = models.JSONField(default=list, blank=True)
    # An organizer handed this seat to the AI's draft policy for the rest of its draft (an
    # absent player): who and when; cleared when it is handed back. The audit trail
    # (EventChange) keeps every hand-over.
    ai_picks_since = models.DateTimeField(null=True, blank=True)
    ai_picks_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["pod", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "number"], name="one_pod_seat_per_number"),
            models.UniqueConstraint(fields=["pair", "side"], name="one_pod_seat_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.pod} seat {self.number}"
