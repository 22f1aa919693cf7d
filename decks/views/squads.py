"""Checking a Berserk squad and placement against a list (rules B-4, B-5): a form, one
service, the answer. Whoever may see the list (its owner, the organizers of an event it is
registered in) may check a squad against the version they see; anyone else gets a 404."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from core.views import domain_errors
from decks.forms import SquadCheckForm
from decks.rules import BERSERK
from decks.selectors.decklists import visible_history
from decks.services.squads import squad_check_for_list


@require_http_methods(["GET", "HEAD", "POST"])
def squad_check_page(request: HttpRequest, pk: int) -> HttpResponse:
    history = visible_history(request.user, pk)
    if not history or history[-1].version.decklist.game.slug != BERSERK:
        raise Http404(gettext("No such Berserk decklist."))
    version = history[-1].version
    form = SquadCheckForm(request.POST or None)
    report, status = None, 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            with domain_errors(request, form=form, field="squad") as refused:
                report = squad_check_for_list(version=version,
                                              data=form.cleaned_data["squad"])
            if not refused:
                status = 200
    return render(request, "decks/squad_check.html", {
        "decklist": version.decklist, "version": version, "form": form, "report": report,
    }, status=status)
