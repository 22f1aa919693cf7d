"""The pairing constraints page's forms: a player's awarded byes and fixed table, and a pair of
players kept apart. The service checks it all again and says what is wrong."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from tournaments.rules import MAX_AWARDED_BYES, MAX_KEPT_APART_NOTE, MAX_TABLE


class SeatConstraintsForm(AccessibleForm):
    registration = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=[])
    awarded_byes = forms.TypedChoiceField(
        label=_("Awarded byes"), coerce=int, initial=0,
        choices=[(0, _("None"))] + [(n, n) for n in range(1, MAX_AWARDED_BYES + 1)],
        help_text=_("A bye in each of the first rounds (it counts as a 2-0 win). It changes "
                    "only while those rounds are not paired."))
    fixed_table = forms.IntegerField(
        label=_("Fixed table"), required=False, min_value=1, max_value=MAX_TABLE,
        help_text=_("The player always plays at this table (for example for accessibility); "
                    "the other matches are numbered around it. Empty: any table."))

    input_fields = {"registration_id": "registration"}

    def __init__(self, *args, seats: list, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="seat", **kwargs)
        self.fields["registration"].choices = [(s.registration_id, s.name) for s in seats]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"registration_id": data["registration"],
                "changes": {"awarded_byes": data["awarded_byes"],
                            "fixed_table": data["fixed_table"]}}


class KeptApartForm(AccessibleForm):
    first = forms.TypedChoiceField(label=_("First player"), coerce=int, choices=[])
    second = forms.TypedChoiceField(label=_("Second player"), coerce=int, choices=[])
    note = forms.CharField(label=_("Note"), required=False, max_length=MAX_KEPT_APART_NOTE,
                           help_text=_("Optional: why they must not meet (siblings, "
                                       "teammates, a parent and child)."))

    input_fields = {"first_id": "first", "second_id": "second"}

    def __init__(self, *args, seats: list, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="apart", **kwargs)
        choices = [(s.registration_id, s.name) for s in seats]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"first_id": data["first"], "second_id": data["second"], "note": data["note"]}
