"""Who takes part and who runs the event: players added by the organizer, organizers (the
walk-ins' guests and claim codes: forms/walkins.py)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from tournaments.models import Event


class UsernameField(forms.CharField):
    def clean(self, value):  # noqa: ANN001, ANN201
        name = super().clean(value)
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(gettext("There is no player called %(name)s.")
                                        % {"name": repr(name)})
        return user


class PlayerAddForm(AccessibleForm):
    """The organizer enters a player by username, without a list: a person's list enters an
    event only when they attach it themselves, so this form asks for none (and says nothing
    about the lists a player has)."""

    player = UsernameField(
        label=_("Player's username"), max_length=150,
        help_text=_("The player is added without a list: they attach their own on the "
                    "event's page (a draft needs none)."))

    def __init__(self, *args, event: Event, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="add", **kwargs)
        self.event = event

    def service_arguments(self) -> dict:
        return {"player": self.cleaned_data["player"]}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        for problem in error.problems or [error.message]:
            self.add_error(field or "player", problem)


class OrganizerAddForm(AccessibleForm):
    user = UsernameField(label=_("Username of the new organizer"), max_length=150)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="org", **kwargs)
