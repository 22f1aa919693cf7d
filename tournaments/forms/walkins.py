"""Walk-ins (issue 16): a guest seated by the organizer, and the claim of its seat."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from core.forms import AccessibleForm


class GuestAddForm(AccessibleForm):
    """A walk-in without an account (issue 16): a seat under a name, with a claim code."""

    name = forms.CharField(
        label=gettext_lazy("Guest's name"), max_length=60,
        help_text=gettext_lazy("For a person without an account. You get a claim code to "
                               "hand them: with it they attach the seat, and its results, "
                               "to their account later."))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="guest", **kwargs)


class ClaimForm(AccessibleForm):
    code = forms.CharField(label=gettext_lazy("Claim code"), max_length=40,
                           help_text=gettext_lazy("The code the organizer gave you, like "
                                                  "ABCD-EFGH-JKMN."))
