"""The start's answers, and AI seats the organizer adds (the dashboard's forms)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from engine.clash.ai import LEVELS
from play.forms import AI_LEVEL_NAMES
from tournaments.rules import MAX_AI_SEATS
from tournaments.services.ai_seats import default_ai_level


class StartForm(forms.Form):
    """What the dashboard's start answers (services.events.event_start): the seats without a
    list it showed, to drop (`drop`, posted once per seat), or a draft's empty pod seats it
    showed, for AI players (`ai_in_empty_seats`). Nothing posted: the start asks."""

    drop = forms.TypedMultipleChoiceField(coerce=int, required=False)
    ai_in_empty_seats = forms.IntegerField(min_value=1, required=False)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        # Any seat id is a choice here: the service checks them against the event's seats.
        posted = self.data.getlist("drop") if hasattr(self.data, "getlist") else []
        self.fields["drop"].choices = [(value, value) for value in posted]

    def answers(self) -> dict:
        """The service's keyword arguments (None: not answered)."""
        data = self.cleaned_data
        return {"drop_without_list": data["drop"] or None,
                "ai_in_empty_seats": data["ai_in_empty_seats"]}


class AISeatsForm(AccessibleForm):
    """AI seats to add (services.ai_seats.ai_seats_add): how many, and the engine's level they
    play at (the CLASH_AI_SEAT_LEVEL setting's unless chosen)."""

    count = forms.IntegerField(label=_("How many AI seats"), min_value=1,
                               max_value=MAX_AI_SEATS, initial=1)
    level = forms.ChoiceField(label=_("Their level"),
                              choices=[(lv, AI_LEVEL_NAMES.get(lv, lv)) for lv in LEVELS])

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fields["level"].initial = default_ai_level()
