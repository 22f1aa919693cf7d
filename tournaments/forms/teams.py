"""A team event's teams: making one (its name) and joining one (chosen from the event's
teams with a free seat)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from tournaments.models import MAX_TEAM_NAME


class TeamCreateForm(AccessibleForm):
    name = forms.CharField(label=_("Team name"), max_length=MAX_TEAM_NAME,
                           help_text=_("You take seat A; your teammates join it by its name."))


class TeamJoinForm(AccessibleForm):
    team = forms.TypedChoiceField(label=_("Team"), coerce=int, widget=forms.RadioSelect)

    def __init__(self, *args, teams: list[tuple[int, str]], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = teams
