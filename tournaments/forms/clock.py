"""A round's clock and a table's extra time."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.rules import MAX_CLOCK_MINUTES


class ClockAddForm(forms.Form):
    """Minutes added to a round's clock (or a table's), with the total the page showed:
    posting it twice adds them once."""

    minutes = forms.IntegerField(label=gettext_lazy("Minutes"), min_value=1,
                                 max_value=MAX_CLOCK_MINUTES, initial=5)
    seen = forms.IntegerField(min_value=0, required=False, widget=forms.HiddenInput)


class MatchTimeForm(ClockAddForm):
    note = forms.CharField(label=gettext_lazy("Why"), max_length=200, required=False,
                           help_text=gettext_lazy("A judge call, a deck check."))
