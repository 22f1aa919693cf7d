"""The lab page (the form and the user's runs), a run's page and its JSON status.

A lab run is a row that the chord's callbacks finish, so its page shows the same thing after a
refresh; a small script polls the JSON status view for the progress bar and reloads the page
when the row says the run is done.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from core.views import domain_errors
from lab.forms import LabForm
from lab.models import LabRun, LabRunStatus
from lab.presenters import chart, percent, progress_text, run_items, whole_percent
from lab.selectors import lab_rows, lab_run_of, lab_run_progress, lab_runs_of
from lab.services.runs import lab_run_start

RECENT_RUNS = 10


@login_required
@require_http_methods(["GET", "POST"])
def lab(request: HttpRequest) -> HttpResponse:
    # "Test this deck" on a deck's page links here with the deck chosen (?deck=list-<id>);
    # a deck that is not the user's is not among the choices and is simply not chosen.
    form = LabForm(request.POST or None, user=request.user,
                   initial={"deck": request.GET.get("deck", "")})
    if request.method == "POST" and form.is_valid():
        deck, label = form.deck_cards()
        with domain_errors(request, form=form) as refused:
            run = lab_run_start(owner=request.user, deck=deck, deck_label=label,
                                field=form.cleaned_data["field"],
                                games=form.cleaned_data["games"], ai=form.cleaned_data["ai"],
                                now=timezone.now())
        if not refused:
            return redirect("tournaments:lab_run", run=run.pk)
    if request.method == "POST":
        messages.error(request, gettext("The run was not started: see the problem below."))
    runs = run_items(lab_runs_of(request.user)[:RECENT_RUNS])
    return render(request, "lab/lab.html", {"form": form, "runs": runs},
                  status=400 if request.method == "POST" else 200)


def _run_for(request: HttpRequest, run: int) -> LabRun:
    found = lab_run_of(request.user, run)
    if found is None:
        raise Http404(gettext("No such lab run."))  # another user's run does not exist for you
    return found


@login_required
@require_GET
def lab_run(request: HttpRequest, run: int) -> HttpResponse:
    found = _run_for(request, run)
    progress = lab_run_progress(found)
    return render(request, "lab/run.html", {
        "run": found, "done": progress.done, "total": progress.total,
        "percent": whole_percent(progress.percent), "progress_text": progress_text(progress),
        "chart": chart(lab_rows(found)),
        "score_text": percent(found.result["score"]) if found.result else "",
    })


@login_required
@require_GET
def lab_run_status(request: HttpRequest, run: int) -> JsonResponse:
    found = _run_for(request, run)
    progress = lab_run_progress(found)
    return JsonResponse({"status": found.status, "done": progress.done,
                         "total": progress.total, "text": progress_text(progress),
                         "percent": whole_percent(progress.percent),
                         "finished": found.status != LabRunStatus.RUNNING})
