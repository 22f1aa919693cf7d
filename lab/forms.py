"""The lab page's form: the deck to test (a preconstructed deck or one of the user's own
Clash of Decks lists), the field, the number of games and the AI level."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import AccessibleForm
from core.numbers import grouped_lazy
from decks.models import Decklist
from decks.rules import CLASH
from engine.clash.ai import LEVELS
from engine.clash.cards import load_catalogue
from lab.services.runs import MAX_GAMES

# The engine's AI levels as the reader reads them.
AI_NAMES = {"random": _("Random"), "scripted": _("Scripted"), "greedy": _("Greedy"),
            "search": _("Search"), "expert": _("Expert")}


class LabForm(AccessibleForm):
    deck = forms.ChoiceField(label=_("Deck to test"))
    field = forms.TypedMultipleChoiceField(label=_("Field"), coerce=int,
                                           widget=forms.CheckboxSelectMultiple,
                                           help_text=_("The preconstructed decks it plays "
                                                     "against, in turn, from both seats."))
    games = forms.IntegerField(label=_("Games"), min_value=1, max_value=MAX_GAMES, initial=10000,
                               help_text=format_lazy(_("Up to {most}."),
                                                     most=grouped_lazy(MAX_GAMES)))
    ai = forms.ChoiceField(label=_("AI level (both sides)"), initial="scripted",
                           choices=[(level, AI_NAMES.get(level, level.capitalize()))
                                    for level in LEVELS])

    def __init__(self, *args, user, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        numbers = load_catalogue().deck_numbers
        # Only Clash of Decks lists: the engine plays no other game.
        self.decklists = {f"list-{d.pk}": d for d in Decklist.objects.filter(
            owner=user, game__slug=CLASH).prefetch_related("versions")}
        self.fields["deck"].choices = (
            [(f"pre-{n}", gettext("Preconstructed deck %(deck)d") % {"deck": n}) for n in numbers]
            + [(key, gettext("My list: %(name)s") % {"name": d.name})
               for key, d in self.decklists.items()])
        self.fields["field"].choices = [(n, gettext("Deck %(number)d") % {"number": n})
                                        for n in numbers]
        self.fields["field"].initial = list(numbers)

    def deck_cards(self) -> tuple[list[str], str]:
        """The cards of the chosen deck and its label."""
        key = self.cleaned_data["deck"]
        if key.startswith("pre-"):
            number = int(key[4:])
            return load_catalogue().deck(number), f"Preconstructed deck {number}"
        decklist = self.decklists[key]
        versions = sorted(decklist.versions.all(), key=lambda v: v.number)
        return (list(versions[-1].cards) if versions else []), decklist.name
