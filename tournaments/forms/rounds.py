"""A round's pairing and its corrections: pairing it once, a swap, a late player, a no-show."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm


class RoundNumberForm(forms.Form):
    """The round number the page showed: posting it twice pairs that round once."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class SwapForm(forms.Form):
    """Two players (seat ids) of the round the page showed, to swap between their tables."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    first = forms.IntegerField(min_value=1, label=gettext_lazy("Player"))
    second = forms.IntegerField(min_value=1, label=gettext_lazy("Swap with"))


class LatePlayerForm(AccessibleForm):
    """A late player for the round the page showed (`number`): one of the event's seats with
    no match in it (`waiting`, (id, name) pairs), a username, or a walk-in's name."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    seat = forms.TypedChoiceField(
        label=gettext_lazy("A seat of the event"), coerce=int, required=False,
        empty_value=None, choices=[],
        help_text=gettext_lazy("A player who entered after the pairing, or was added since."))
    player = forms.CharField(
        label=gettext_lazy("Or a player's username"), max_length=150, required=False,
        help_text=gettext_lazy("A new seat without a list: they attach their own."))
    guest_name = forms.CharField(
        label=gettext_lazy("Or a guest's name"), max_length=60, required=False,
        help_text=gettext_lazy("A walk-in without an account: you get their claim code."))

    def __init__(self, *args, waiting: list[tuple[int, str]], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="late", **kwargs)
        self.fields["seat"].choices = [("", _("Choose a seat"))] + waiting
        if not waiting:
            del self.fields["seat"]

    def clean(self) -> dict:
        data = super().clean()
        username = (data.get("player") or "").strip()
        data["player"] = None
        if username:
            data["player"] = get_user_model().objects.filter(username=username).first()
            if data["player"] is None:
                self.add_error("player", _("There is no player called %(name)s.")
                               % {"name": username})
        given = [k for k in ("seat", "guest_name") if data.get(k)] + (
            ["player"] if username else [])
        if len(given) != 1 and not self.errors:
            self.add_error(None, _("Give one late player: a seat, a username or a guest's "
                                   "name."))
        return data

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        return {"number": data["number"], "registration_id": data.get("seat"),
                "player": data["player"], "guest_name": data.get("guest_name") or None}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        target = field or {"guest_name_taken": "guest_name", "guest_name_too_long":
                           "guest_name"}.get(error.code)
        for problem in error.problems or [error.message]:
            self.add_error(target, problem)


class NoShowForm(forms.Form):
    """The absent player (a seat id) at an open table of the round the page showed."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    absent = forms.IntegerField(min_value=1, label=gettext_lazy("Absent player"))
