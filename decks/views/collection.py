"""My collection: owned cards with counts, the Starter Kit in one step, CSV import and export.

Every action works on the signed-in player's own collection; there is no way to name another
player's, so none can be seen or changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from core.views import Refusal, domain_errors
from decks.forms import CardCountForm, CollectionImportForm, StarterKitForm
from decks.selectors.cards import starter_kit_set
from decks.selectors.collections import collection_export_csv, collection_in_catalogue_order
from decks.services.collections import (
    collection_add_set,
    collection_import_csv,
    collection_set_count,
)


def _page(request: HttpRequest, *, status: int = 200, **forms) -> HttpResponse:  # noqa: ANN003
    """The collection page, with any bound form (and its errors) in place of a blank one."""
    entries = collection_in_catalogue_order(user=request.user)
    count_form = forms.get("count_form")
    row_form = (count_form if count_form is not None and count_form["panel"].value() != "add"
                else None)
    row_card = str(row_form["card"].value()) if row_form is not None else None
    context = {
        "entries": entries,
        "total": sum(e.count for e in entries),
        "kit": starter_kit_set(),
        "kit_form": forms.get("kit_form") or StarterKitForm(),
        "add_form": (count_form if count_form is not None and count_form["panel"].value()
                     == "add" else CardCountForm(initial={"panel": "add"}, prefix="add")),
        # A row's form that failed: shown again in its row with its errors (or above the
        # rows when it named no card the player owns).
        "row_form": row_form,
        "row_card": row_card,
        "row_form_unplaced": row_form is not None and not any(
            str(e.card_id) == row_card for e in entries),
        "import_form": forms.get("import_form") or CollectionImportForm(),
        "import_problems": forms.get("import_problems") or [],
    }
    return render(request, "decks/collection.html", context, status=status)


@login_required
@require_GET
def collection(request: HttpRequest) -> HttpResponse:
    return _page(request)


@login_required
@require_POST
def collection_add_starter_kit(request: HttpRequest) -> HttpResponse:
    form = StarterKitForm(request.POST)
    kit = starter_kit_set()
    if kit is None:
        form.add_error(None, gettext("The Starter Kit is not in the catalogue yet: an "
                                     "administrator loads it with `manage.py load_catalogue`."))
    if not form.is_valid():
        messages.error(request, gettext("The Starter Kit was not added: see the form below."))
        return _page(request, kit_form=form, status=400)
    copies = form.cleaned_data["copies"]
    with domain_errors(request, form=form, field="copies") as refused:
        added = collection_add_set(user=request.user, card_set=kit, copies=copies)
    if refused:
        return _page(request, kit_form=form, status=400)
    messages.success(request, gettext("Added %(copies)d of each of the %(count)d cards of "
                                      "the %(kit)s.")
                     % {"copies": copies, "count": added, "kit": kit.name})
    return redirect("decks:collection")


@login_required
@require_POST
def collection_count(request: HttpRequest) -> HttpResponse:
    prefix = "add" if request.POST.get("add-panel") == "add" else None
    form = CardCountForm(request.POST, prefix=prefix)
    if not form.is_valid():
        messages.error(request, gettext("The count was not changed: see the form below."))
        return _page(request, count_form=form, status=400)
    card, count = form.cleaned_data["card"], form.cleaned_data["count"]
    with domain_errors(request, form=form, field="count") as refused:
        collection_set_count(user=request.user, card=card, count=count)
    if refused:
        return _page(request, count_form=form, status=400)
    if count == 0:
        messages.success(request, gettext("%(card)s removed from your collection.")
                         % {"card": card.name})
    else:
        messages.success(request, gettext("You now own %(count)d × %(card)s.")
                         % {"count": count, "card": card.name})
    return redirect("decks:collection")


@login_required
@require_POST
def collection_import(request: HttpRequest) -> HttpResponse:
    form = CollectionImportForm(request.POST, request.FILES)
    if form.is_valid():
        with domain_errors(request, form=form, field="file") as refused:
            imported = collection_import_csv(user=request.user, text=form.cleaned_data["file"],
                                             replace=form.cleaned_data["replace"])
        if refused:
            return _import_refused(request, refused, import_form=form)
        messages.success(request, ngettext("Imported %(n)d card line from the file.",
                                           "Imported %(n)d card lines from the file.",
                                           imported) % {"n": imported})
        return redirect("decks:collection")
    messages.error(request, gettext("Nothing was imported: see the form below."))
    return _page(request, import_form=form, status=400)


def _import_refused(request: HttpRequest, refused: Refusal,
                    **forms) -> HttpResponse:  # noqa: ANN003
    """The refused file on the form, and a message: with bad lines, the summary and every
    bad line together at the top of the page, where a phone shows them, not only under the
    form at its foot."""
    problems = refused.error.problems
    messages.error(request, f"{refused.message}." if problems  # "3 bad lines; nothing was..."
                   else gettext("Nothing was imported: %(reason)s.") % {"reason": refused.message})
    return _page(request, import_problems=problems, status=400, **forms)


@login_required
@require_GET
def collection_export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(collection_export_csv(user=request.user),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="clash-collection.csv"'
    return response
