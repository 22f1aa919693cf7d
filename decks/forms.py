"""Forms of the decks pages. They parse and check input; the services decide and write.

A domain error from a service is put back on the form next to the field it is about, so the
page shows every problem where the player can fix it.
"""

from __future__ import annotations

from collections import Counter

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.errors import DomainError, field_of
from core.forms import AccessibleForm
from core.inputs import MAX_CSV_BYTES, InputError, json_loads, read_text_upload
from decks.models import Card, CardGame, DecklistKind
from decks.rules import (
    CLASH,
    CONSTRUCTED_SIZE,
    DECK_FORMATS,
    MAX_COUNT,
    MAX_NAME,
    decklist_problems,
)
from decks.selectors.cards import ABILITIES
from decks.selectors.decklists import constructed_decklists_of
from decks.templatetags.words import WORDS

# The gallery -----------------------------------------------------------------------------

class GalleryFilterForm(AccessibleForm):
    """The gallery's filters, read from GET parameters so they work without script and can
    be bookmarked. A value that is not one of the choices is reported and ignored."""

    type = forms.ChoiceField(label=_("Type"), required=False, choices=[
        ("", _("Any type")), ("creature", _("Creature")), ("incantation", _("Incantation"))])
    ability = forms.ChoiceField(
        label=_("Ability"), required=False,
        choices=[("", _("Any ability"))] + [(a, WORDS.get(a, a.capitalize())) for a in ABILITIES],
        help_text=_("A creature with an aura counts as having the ability it grants."))
    cost = forms.TypedChoiceField(label=_("Cost"), required=False, coerce=int, empty_value=None)
    deck = forms.TypedChoiceField(label=_("Deck"), required=False, coerce=int,
                                  empty_value=None)

    def __init__(self, *args, costs: list[int], decks: list[int], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fields["cost"].choices = [("", gettext("Any cost"))] + [(c, str(c)) for c in costs]
        self.fields["deck"].choices = [("", gettext("Any deck"))] + [
            (d, gettext("Preconstructed %(deck)d") % {"deck": d}) for d in decks]

    def filter_values(self) -> dict:
        """The valid filters (a bad one is dropped, its error shown next to it)."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {"kind": data.get("type") or None, "ability": data.get("ability") or None,
                "cost": data.get("cost"), "deck": data.get("deck")}


# Collections -----------------------------------------------------------------------------

class StarterKitForm(AccessibleForm):
    copies = forms.IntegerField(label=_("Copies of each card"), min_value=1, max_value=MAX_COUNT,
                                initial=1)


class CardChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Card) -> str:
        return obj.name


class CardCountForm(AccessibleForm):
    card = CardChoiceField(label=_("Card"), queryset=Card.objects.none(),
                           empty_label=_("Choose a card"))
    count = forms.IntegerField(label=_("How many you own"), min_value=0, max_value=MAX_COUNT,
                               help_text=_("0 removes the card from your collection."))
    # Which form on the page sent it: a row of the owned cards or the "add a card" panel.
    panel = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.fields["card"].queryset = Card.objects.filter(card_set__game__slug=CLASH)


class CollectionImportForm(AccessibleForm):
    file = forms.FileField(label=_("CSV file"), help_text=_("Columns set,card,count with that "
                           "header line, as the export writes them (semicolons, as "
                           "spreadsheets save them in many countries, work too). Nothing is "
                           "imported if any line is wrong."))
    replace = forms.BooleanField(label=_("Replace my collection (cards not in the file are "
                                       "removed)"), required=False)

    def clean_file(self) -> str:
        try:
            return read_text_upload(self.cleaned_data["file"], limit=MAX_CSV_BYTES,
                                    what=gettext("The file"))
        except InputError as exc:
            if exc.code == "not_text":
                raise forms.ValidationError(gettext("The file is not UTF-8 text: save it as "
                                                    "CSV (UTF-8) and try again.")) from None
            raise forms.ValidationError(f"{exc.message}.") from None


# Decklists -------------------------------------------------------------------------------

class CardNamesField(forms.MultipleChoiceField):
    """Card names as sent. Whether they are cards, owned and different is the domain rule of
    `decklist_problems`, which reports every problem at once in the players' words."""

    def valid_value(self, value: str) -> bool:
        return True


class DecklistForm(AccessibleForm):
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    kind = forms.ChoiceField(label=_("Kind"), widget=forms.RadioSelect, choices=[
        (DecklistKind.CONSTRUCTED, format_lazy(
            _("Constructed: {size} different cards from your collection"),
            size=CONSTRUCTED_SIZE)),
        (DecklistKind.PRECONSTRUCTED, _("Preconstructed: one of the decks 1 to 4"))])
    preconstructed_deck = forms.TypedChoiceField(
        label=_("Preconstructed deck"), required=False, coerce=int, empty_value=None,
        widget=forms.RadioSelect,
        choices=[(n, format_lazy(_("Deck {number}"), number=n)) for n in range(1, 5)])
    cards = CardNamesField(label=_("Cards"), required=False, widget=forms.CheckboxSelectMultiple)
    # The version the builder was opened on (editing only): see decks/services/builder.py.
    base_version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, user, kind: str | None = None,  # noqa: ANN001, ANN002, ANN003
                 deck_numbers: list[int] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.fixed_kind = kind
        if kind is not None:  # an existing list keeps its kind, and is edited from a version
            del self.fields["kind"]
            self.fields["base_version"].required = True
        if kind == DecklistKind.DRAFTED:  # its cards come from its draft
            del self.fields["cards"], self.fields["preconstructed_deck"]
        if deck_numbers:
            self.fields["preconstructed_deck"].choices = [
                (n, gettext("Deck %(number)d") % {"number": n}) for n in deck_numbers]

    @property
    def kind_value(self) -> str | None:
        if self.fixed_kind is not None:
            return self.fixed_kind
        data = getattr(self, "cleaned_data", None)
        if data is not None and "kind" in data:
            return data["kind"]
        return self["kind"].value()

    def cards_field(self) -> str:
        return ("preconstructed_deck" if self.kind_value == DecklistKind.PRECONSTRUCTED
                else "cards")

    def picked(self) -> list[str]:
        if "cards" not in self.fields:
            return []
        return [str(c) for c in (self["cards"].value() or [])]

    def clean(self) -> dict:
        data = super().clean()
        kind = self.fixed_kind or data.get("kind")
        if kind is None or kind == DecklistKind.DRAFTED:
            return data
        # Every problem of the list at once (C-2.3, C-2.5), next to the cards or the deck.
        for problem in decklist_problems(
                user=self.user, kind=kind, cards=data.get("cards") or [],
                preconstructed_deck=data.get("preconstructed_deck")):
            self.add_error(self.cards_field(), problem)
        return data

    def add_domain_error(self, error: DomainError, field: str | None = None) -> None:
        """A service's problems go next to the name, or the cards or deck they are about."""
        cards = self.cards_field() if self.cards_field() in self.fields else None
        for where, problem in error.placed():
            self.add_error(field or self.field_for(where) or cards, problem)

    def save_arguments(self) -> dict:
        data = self.cleaned_data
        arguments = {"name": data["name"]}
        kind = self.kind_value
        if kind == DecklistKind.PRECONSTRUCTED:
            arguments["preconstructed_deck"] = data["preconstructed_deck"]
        elif kind != DecklistKind.DRAFTED:
            arguments["cards"] = data["cards"]
        return arguments


MAX_COPIES_FIELD = 99  # far above any rule's limit: the rules module names the real one


class NoInput(forms.Widget):
    """A field with no input of its own: it holds what other inputs make, and its errors."""

    def render(self, name, value, attrs=None, renderer=None) -> str:  # noqa: ANN001
        return ""

    def value_from_datadict(self, data, files, name) -> list:  # noqa: ANN001
        return []


class GameDecklistForm(AccessibleForm):
    """A list of The Spoils or Berserk: how many copies of each of the game's cards, and The
    Spoils' format (S-8). The rules module (`decklist_problems`) reports every problem of
    the whole list at once, next to the cards; the list is saved whole or not at all."""

    name = forms.CharField(label=_("Name"), max_length=MAX_NAME)
    deck_format = forms.ChoiceField(label=_("Format"), widget=forms.RadioSelect)
    # Where the list's problems are shown: its value is the copies below, as card names.
    cards = CardNamesField(label=_("Cards"), required=False, widget=NoInput)
    base_version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, user, game: CardGame, cards: list[Card],  # noqa: ANN001, ANN002, ANN003
                 editing: bool = False, **kwargs) -> None:
        initial_cards = (kwargs.get("initial") or {}).get("cards") or []
        super().__init__(*args, **kwargs)
        self.user = user
        self.game = game
        self.card_rows = cards
        formats = DECK_FORMATS.get(game.slug)
        if formats:
            self.fields["deck_format"].choices = list(formats.items())
        else:
            del self.fields["deck_format"]
        if editing:
            self.fields["base_version"].required = True
        counts = Counter(str(c) for c in initial_cards)
        self.copy_fields = []
        for card in cards:
            key = f"copies-{card.pk}"
            self.fields[key] = forms.IntegerField(
                label=card.name, min_value=0, max_value=MAX_COPIES_FIELD, required=False,
                initial=counts.get(card.name, 0),
                widget=forms.NumberInput(attrs={"data-copies": "", "class": "copies"}))
            self.copy_fields.append((card, key))

    def picked(self) -> list[str]:
        """The list as card names, one per copy, in the builder's order."""
        names: list[str] = []
        for card, key in self.copy_fields:
            value = self[key].value()
            try:
                count = int(value or 0)
            except (TypeError, ValueError):
                count = 0
            names += [card.name] * max(0, min(count, MAX_COPIES_FIELD))
        return names

    def rows(self) -> list[tuple[Card, forms.BoundField]]:
        return [(card, self[key]) for card, key in self.copy_fields]

    def clean(self) -> dict:
        data = super().clean()
        names = []
        for card, key in self.copy_fields:
            names += [card.name] * (data.get(key) or 0)
        data["cards"] = names
        if any(key in self.errors for _, key in self.copy_fields):
            return data
        deck_format = data.get("deck_format") if "deck_format" in self.fields else None
        if "deck_format" in self.fields and not deck_format:
            return data  # the format's own error says what to choose
        for problem in decklist_problems(user=self.user, kind=DecklistKind.CONSTRUCTED,
                                         cards=names, game=self.game,
                                         deck_format=deck_format):
            self.add_error(self.field_for(field_of(problem)) or "cards", problem)
        return data

    def add_domain_error(self, error: DomainError, field: str | None = None) -> None:
        for where, problem in error.placed():
            self.add_error(field or self.field_for(where) or "cards", problem)

    def save_arguments(self) -> dict:
        data = self.cleaned_data
        arguments = {"name": data["name"], "cards": data["cards"]}
        if "deck_format" in self.fields:
            arguments["deck_format"] = data["deck_format"]
        return arguments


class BanSessionStartForm(AccessibleForm):
    """A practice ban-two procedure (C-2.5) against an AI seat: both lists are the player's."""

    list_a = forms.ModelChoiceField(label=_("Your list (seat A)"), queryset=None,
                                    empty_label=_("Choose a list"))
    list_b = forms.ModelChoiceField(label=_("The AI seat's list (seat B)"), queryset=None,
                                    empty_label=_("Choose a list"),
                                    help_text=_("The AI seat bans by the engine's card values."))

    def __init__(self, *args, user, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        for name in ("list_a", "list_b"):
            self.fields[name].queryset = constructed_decklists_of(user)


class SquadCheckForm(AccessibleForm):
    """A Berserk squad and its placement, dealt from a list, as JSON (decks/services/squads.py)."""

    squad = forms.CharField(
        label=_("Deal, squad and placement (JSON)"), widget=forms.Textarea(attrs={"rows": 12}),
        max_length=20_000,
        help_text=_('For example {"player": "first", "deal": ["Ridge Captain", "Hill Sentry", '
                  '"Hill Sentry"], "squad": ["Ridge Captain", "Hill Sentry #2"], '
                  '"placement": {"Ridge Captain": "r1c3", "Hill Sentry #2": "r2c3"}}. The '
                  'second copy of a card dealt is "Name #2".'))

    def clean_squad(self) -> object:
        try:
            return json_loads(self.cleaned_data["squad"], what=gettext("The squad"))
        except InputError as exc:
            malformed = exc.reason != exc.message
            raise forms.ValidationError(gettext("Not JSON: %(reason)s.") % {"reason": exc.reason}
                                        if malformed else f"{exc.message}.") from None
