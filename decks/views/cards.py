"""The card gallery: the whole catalogue as card faces, filtered by GET parameters."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from decks.forms import GalleryFilterForm
from decks.selectors.cards import ABILITY_HELP, GalleryFilters, card_matches, gallery


@require_GET
def card_gallery(request: HttpRequest) -> HttpResponse:
    everything = gallery(filters=GalleryFilters())
    form = GalleryFilterForm(request.GET or None, costs=everything.costs, decks=everything.decks)
    filters = GalleryFilters(**form.filter_values()) if form.is_bound else GalleryFilters()
    # One query: the filter choices come from the whole catalogue, the cards shown from it.
    shown = [card for card in everything.cards if card_matches(card, filters)]
    return render(request, "decks/gallery.html", {
        "form": form, "filters": filters, "cards": shown, "total": everything.total,
        "ability_help": ABILITY_HELP,
        # How the import read a card's printed codes (decks.card_notes) is for the staff who
        # keep the catalogue, not for players.
        "show_notes": request.user.is_staff,
    })
