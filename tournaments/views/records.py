"""The page where a match's players (and its organizers) upload the engine's records of
reported games; a worker replays each record against the reported result.

Thin: a form parses the upload, one service does the work.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods

from core.forms import AccessibleForm
from core.inputs import InputError, read_upload
from core.views import domain_errors
from decks.rules import engine_plays
from tournaments.rules import MAX_RECORD_BYTES
from tournaments.selectors.access import may_see_match
from tournaments.selectors.match_games import uploads_for
from tournaments.selectors.matches import match_in_event
from tournaments.services.verification import game_record_upload

from .common import event_context, event_or_404, render_event


class RecordForm(AccessibleForm):
    record = forms.FileField(label=gettext_lazy("Game record (JSON)"),
                             help_text=gettext_lazy("The engine's game record; seat A is the "
                                                    "match's player A."))
    number = forms.IntegerField(label=gettext_lazy("Game number"), min_value=1, max_value=3,
                                required=False,
                                help_text=gettext_lazy("Leave empty for the next game."))

    def clean_record(self) -> bytes:
        """The record's bytes, refused by its size before it is read."""
        try:
            return read_upload(self.cleaned_data["record"], limit=MAX_RECORD_BYTES,
                               what="The game record")
        except InputError as exc:
            raise forms.ValidationError(f"{exc.message}.") from None


@login_required
@require_http_methods(["GET", "POST"])
def match_records(request: HttpRequest, pk: int, match: int) -> HttpResponse:
    event = event_or_404(pk)
    found = match_in_event(event, match)
    if found is None:
        raise Http404(gettext("No such match in this event."))
    if not engine_plays(event.game):
        raise Http404(gettext("%(game)s has no engine records: its results are reported.")
                      % {"game": event.game.name})
    context = event_context(request, event, "pairings")
    if not may_see_match(found, request.user, event):
        raise PermissionDenied(gettext("Only the two players and the organizers see this "
                                       "match."))
    form = RecordForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            with domain_errors(request, form=form, field="record") as refused:
                game = game_record_upload(match_id=found.pk, by=request.user,
                                          text=form.cleaned_data["record"],
                                          number=form.cleaned_data["number"],
                                          now=timezone.now())
            if not refused:
                messages.success(request, gettext("The record of game %(game)d is in: a worker "
                                                  "replays it.") % {"game": game.number})
                return redirect("tournaments:match_records", pk=event.pk, match=found.pk)
        messages.error(request, gettext("The record was not uploaded: see the problem below."))
        status = 400
    context.update({"match": found, "form": form, "uploads": uploads_for(found)})
    return render_event(request, "tournaments/records.html", context, status=status)
