"""Importing a card file of The Spoils or Berserk (staff, or users allowed to add cards).

The catalogue is shared by every event, so the page is not open to any event organizer:
only staff or holders of the `decks.add_card` permission see it.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.inputs import InputError, read_text_upload
from core.views import domain_errors
from decks.forms import MAX_CSV_BYTES, AccessibleForm
from decks.rules import GAME_NAMES
from decks.selectors.cards import card_sets_of_other_games
from decks.services.card_import import COLUMNS, CSV, FORMATS, card_import


class CardImportForm(AccessibleForm):
    game = forms.ChoiceField(label=_("Game"), choices=sorted(GAME_NAMES.items()))
    set_code = forms.SlugField(label=_("Set code"), max_length=50,
                               help_text=_("Importing again into the same code updates its "
                                         "cards in place."))
    set_name = forms.CharField(label=_("Set name"), max_length=100, required=False)
    file = forms.FileField(label=_("Card file (CSV or JSON)"),
                           help_text=_("The columns are in docs/other-games.md. Nothing is "
                                     "imported if any row is wrong."))

    def clean_file(self) -> tuple[str, str]:
        upload = self.cleaned_data["file"]
        fmt = upload.name.rsplit(".", 1)[-1].lower() if "." in upload.name else CSV
        if fmt not in FORMATS:
            raise forms.ValidationError(gettext("The file name ends in .csv or .json."))
        try:
            return read_text_upload(upload, limit=MAX_CSV_BYTES, what=gettext("The file")), fmt
        except InputError as exc:
            raise forms.ValidationError(f"{exc.message}.") from None


def _require_catalogue_editor(request: HttpRequest) -> None:
    if not (request.user.is_staff or request.user.has_perm("decks.add_card")):
        raise PermissionDenied(gettext("Only staff import cards into the catalogue."))


def _page(request: HttpRequest, form: CardImportForm, status: int = 200,
          problems: list[str] | None = None) -> HttpResponse:
    sets = card_sets_of_other_games()
    return render(request, "decks/card_import.html",
                  {"form": form, "sets": sets, "columns": sorted(COLUMNS.items()),
                   "import_problems": problems or []}, status=status)


@login_required
def card_import_page(request: HttpRequest) -> HttpResponse:
    _require_catalogue_editor(request)
    if request.method != "POST":
        return _page(request, CardImportForm())
    form = CardImportForm(request.POST, request.FILES)
    if form.is_valid():
        text, fmt = form.cleaned_data["file"]
        with domain_errors(request, form=form, field="file") as refused:
            result = card_import(game_slug=form.cleaned_data["game"],
                                 set_code=form.cleaned_data["set_code"],
                                 set_name=form.cleaned_data["set_name"], text=text, fmt=fmt,
                                 now=timezone.now())
        if refused:
            problems = refused.error.problems  # the summary and the bad rows together at the top
            messages.error(request, f"{refused.message}." if problems  # "9 bad rows; nothing..."
                           else gettext("Nothing was imported: %(reason)s.")
                           % {"reason": refused.message})
            return _page(request, form, status=400, problems=problems)
        messages.success(request, gettext("%(set)s: %(created)d cards created, %(changed)d "
                                          "changed, %(unchanged)d unchanged.")
                         % {"set": result.card_set, "created": result.created,
                            "changed": result.changed, "unchanged": result.unchanged})
        return redirect("decks:card_import")
    messages.error(request, gettext("Nothing was imported: see the form below."))
    return _page(request, form, status=400)
