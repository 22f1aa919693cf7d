"""The audit trail of the organizers' corrections (issue 16): a drop undone, a round's pairing
undone before any result, two players swapped between tables, a late player added after
pairing, a no-show's match loss. One row per correction, never
edited; `details` keeps what was there before, since an undone pairing's matches are gone."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class CorrectionAction(models.TextChoices):
    UNDROP = "undrop", _("Drop undone")
    UNPAIR = "unpair", _("Pairing undone")
    SWAP = "swap", _("Players swapped")
    LATE = "late", _("Late player added")
    NO_SHOW = "no_show", _("No-show match loss")


class Correction(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="corrections")
    action = models.CharField(max_length=10, choices=CorrectionAction.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The seat a drop was undone for, the late player, the no-show; None for the other
    # actions (they name seats in details).
    registration = models.ForeignKey("tournaments.Registration", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    # undrop: {"dropped_at": ...}; unpair: {"seed": ..., "tables": [[table, a, b], ...]} (seat
    # ids, b None for the bye); swap: {"tables": [t1, t2], "seats": [r1, r2]}; late: {"gets",
    # "match", "table", "ai_seat", "new_seat", "guest"}; no_show: {"match", "table",
    # "absent_side", "score", "minutes"}.
    details = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField()

    class Meta:
        ordering = ["event", "at", "id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} in {self.event} at {self.at:%Y-%m-%d %H:%M}"
