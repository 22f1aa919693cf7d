"""A seat's list: registering with the one the event's format needs, and a deck check of it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from decks.models import Decklist, DecklistKind
from tournaments.models import DeckCheckOutcome, Event, EventFormat

# The preconstructed decks a player may pick; the labels are written in the reader's language
# when the form is made (RegistrationForm).
DECK_NUMBERS = [(n, str(n)) for n in range(1, 5)]


def _deck_choices() -> list[tuple[int, str]]:
    return [(n, gettext("Preconstructed deck %(number)d") % {"number": n})
            for n, _label in DECK_NUMBERS]


class RegistrationForm(AccessibleForm):
    """The decklist the event's format needs (issue: registration): a preconstructed deck by
    number, or one of the player's constructed lists; nothing for a draft."""

    preconstructed_deck = forms.TypedChoiceField(
        label=_("Your deck"), coerce=int, choices=DECK_NUMBERS, widget=forms.RadioSelect)
    decklist = forms.ModelChoiceField(
        label=_("Your constructed list"), queryset=Decklist.objects.none(),
        empty_label=_("Choose a list"), widget=forms.RadioSelect,
        help_text=_("You play its current version; your edits follow until the event starts "
                    "or its decklist deadline passes, whichever comes first."))

    def __init__(self, *args, event: Event, user, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.event = event
        if event.format != EventFormat.PRECONSTRUCTED:
            del self.fields["preconstructed_deck"]
        else:
            self.fields["preconstructed_deck"].choices = _deck_choices()
        if event.format != EventFormat.CONSTRUCTED:
            del self.fields["decklist"]
        else:
            lists = (Decklist.objects.filter(owner=user, kind=DecklistKind.CONSTRUCTED,
                                             game_id=event.game_id).order_by("name"))
            self.fields["decklist"].queryset = lists
            # A player with one list that fits the event has nothing to choose: it is chosen.
            if not self.is_bound:
                only = list(lists.values_list("pk", flat=True)[:2])
                if len(only) == 1:
                    self.initial.setdefault("decklist", only[0])

    @property
    def deck_field(self) -> str | None:
        return next(iter(self.fields), None)

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        if "decklist" in data:
            return {"decklist_version_id": data["decklist"].current.pk}
        if "preconstructed_deck" in data:
            return {"preconstructed_deck": data["preconstructed_deck"]}
        return {}

    def add_domain_error(self, error, field: str | None = None) -> None:  # noqa: ANN001
        for problem in error.problems or [error.message]:
            self.add_error(field or self.deck_field, problem)


class DeckCheckForm(AccessibleForm):
    """A deck check of one seat: the round it was made in, what it found, a note."""

    round_number = forms.TypedChoiceField(label=_("Round"), coerce=int, choices=[])
    outcome = forms.ChoiceField(label=_("Outcome"), choices=DeckCheckOutcome.choices,
                                widget=forms.RadioSelect)
    note = forms.CharField(label=_("Note for the record"), max_length=200, required=False,
                           help_text=_("What was checked or found, e.g. 'one card sleeved "
                                       "differently, no penalty'."))

    def __init__(self, *args, rounds: list[int], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="check", **kwargs)
        self.fields["round_number"].choices = [
            (n, gettext("Round %(round)d") % {"round": n}) for n in reversed(rounds)]

    def service_arguments(self) -> dict:
        return {k: self.cleaned_data[k] for k in ("round_number", "outcome", "note")}
