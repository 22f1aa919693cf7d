"""The judges' page: adding a judge, and a penalty."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from tournaments.forms.people import UsernameField
from tournaments.models import MAX_PENALTY_NOTE, PenaltyKind


class JudgeAddForm(AccessibleForm):
    user = UsernameField(label=_("Username of the judge"), max_length=150,
                         help_text=_("A judge records penalties, gives a table extra time and "
                                     "reads the players' lists for deck checks."))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="judge", **kwargs)


class PenaltyForm(AccessibleForm):
    """A penalty: the player (a seat of the event), the kind, the round (the latest by
    default) and a note. The service checks it all again and says what is wrong."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=[])
    kind = forms.ChoiceField(label=_("Penalty"), choices=PenaltyKind.choices,
                             widget=forms.RadioSelect, initial=PenaltyKind.WARNING)
    round_number = forms.TypedChoiceField(label=_("Round"), coerce=int, empty_value=None,
                                          choices=[], required=False)
    note = forms.CharField(label=_("What happened"), required=False,
                           widget=forms.Textarea(attrs={"rows": 2,
                                                        "maxlength": MAX_PENALTY_NOTE}),
                           help_text=_("Required, for the record: the player sees it."))
    # The number of the event's penalties the page showed (a double click records one).
    seen = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    input_fields = {"registration_id": "registration"}

    def __init__(self, *args, seats: list, rounds: list[int], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="penalty", **kwargs)
        self.fields["registration"].choices = [(s.pk, s.name) for s in seats]
        latest = [("", _("The latest round"))] if rounds else [("", _("Before round 1"))]
        self.fields["round_number"].choices = latest + [
            (n, gettext_lazy("Round %(round)d") % {"round": n}) for n in reversed(rounds)]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"registration_id": data["registration"], "kind": data["kind"],
                "round_number": data["round_number"], "note": data["note"],
                "seen": data["seen"]}
