"""The deck lab page (a signed-in user tests a deck against a field of preconstructed decks on
the workers) and the page where a match's players upload the records of reported games.

Both are thin: a form parses the input, one service does the work. A lab run is a row, so
its page shows the same thing after a refresh; a small script polls the JSON status view for
the progress bar and reloads the page when the run is done.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from core.forms import AccessibleForm
from core.inputs import InputError, read_upload
from core.views import domain_errors
from decks.models import Decklist
from decks.services.catalogue import CLASH
from decks.services.game_rules import engine_plays
from engine.clash.ai import LEVELS
from engine.clash.cards import load_catalogue
from tournaments.models import LabRun, LabRunStatus
from tournaments.page_selectors import match_in_event
from tournaments.services.lab_runs import MAX_GAMES, lab_rows, lab_run_progress, lab_run_start
from tournaments.services.verification import MAX_RECORD_BYTES, game_record_upload, uploads_for

from .views.common import event_context, event_or_404

RECENT_RUNS = 10


class LabForm(AccessibleForm):
    deck = forms.ChoiceField(label="Deck to test")
    field = forms.TypedMultipleChoiceField(label="Field", coerce=int,
                                           widget=forms.CheckboxSelectMultiple,
                                           help_text="The preconstructed decks it plays "
                                                     "against, in turn, from both seats.")
    games = forms.IntegerField(label="Games", min_value=1, max_value=MAX_GAMES, initial=10000,
                               help_text=f"Up to {MAX_GAMES:,}.")
    ai = forms.ChoiceField(label="AI level (both sides)", initial="scripted",
                           choices=[(level, level.capitalize()) for level in LEVELS])

    def __init__(self, *args, user, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        numbers = load_catalogue().deck_numbers
        # Only Clash of Decks lists: the engine plays no other game.
        self.decklists = {f"list-{d.pk}": d for d in Decklist.objects.filter(
            owner=user, game__slug=CLASH).prefetch_related("versions")}
        self.fields["deck"].choices = (
            [(f"pre-{n}", f"Preconstructed deck {n}") for n in numbers]
            + [(key, f"My list: {d.name}") for key, d in self.decklists.items()])
        self.fields["field"].choices = [(n, f"Deck {n}") for n in numbers]
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


@login_required
@require_http_methods(["GET", "POST"])
def lab(request: HttpRequest) -> HttpResponse:
    form = LabForm(request.POST or None, user=request.user)
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
        messages.error(request, "The run was not started: see the problem below.")
    runs = LabRun.objects.filter(owner=request.user)[:RECENT_RUNS]
    return render(request, "tournaments/lab/lab.html", {"form": form, "runs": runs},
                  status=400 if request.method == "POST" else 200)


def _run_for(request: HttpRequest, run: int) -> tuple[LabRun, int, int]:
    if not LabRun.objects.filter(pk=run, owner=request.user).exists():
        raise Http404("No such lab run.")  # another user's run does not exist for you
    return lab_run_progress(run_id=run, now=timezone.now())


@login_required
@require_GET
def lab_run(request: HttpRequest, run: int) -> HttpResponse:
    found, done, total = _run_for(request, run)
    return render(request, "tournaments/lab/run.html", {
        "run": found, "done": done, "total": total,
        "percent": 100 * done // total, "chart": chart(lab_rows(found)),
    })


@login_required
@require_GET
def lab_run_status(request: HttpRequest, run: int) -> JsonResponse:
    found, done, total = _run_for(request, run)
    return JsonResponse({"status": found.status, "done": done, "total": total,
                         "finished": found.status != LabRunStatus.RUNNING})


def chart(rows: list[dict]) -> dict:
    """Geometry of the inline SVG bar chart: one bar per row (score, 0 to 100%) with its 95%
    interval as a whisker."""
    left, width, bar, gap = 130, 360, 22, 12
    items = []
    for i, row in enumerate(rows):
        y = 20 + i * (bar + gap)
        items.append({**row, "y": y, "text_y": y + bar * 0.7, "mid": y + bar / 2,
                      "w": round(width * row["score"], 1),
                      "x_low": round(left + width * row["low"], 1),
                      "x_high": round(left + width * row["high"], 1),
                      "value_x": left + width + 8})
    return {"rows": items, "left": left, "width": width, "bar": bar,
            "height": 30 + len(rows) * (bar + gap), "half": left + width / 2,
            "right": left + width, "total_width": left + width + 110}


# Game records of reported games ----------------------------------------------------------------


class RecordForm(AccessibleForm):
    record = forms.FileField(label="Game record (JSON)",
                             help_text="The engine's game record; seat A is the match's "
                                       "player A.")
    number = forms.IntegerField(label="Game number", min_value=1, max_value=3, required=False,
                                help_text="Leave empty for the next game.")

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
        raise Http404("No such match in this event.")
    if not engine_plays(event.game):
        raise Http404(f"{event.game.name} has no engine records: its results are reported.")
    context = event_context(request, event, "pairings")
    players = {found.player_a.player_id, found.player_b.player_id if found.player_b else None}
    if request.user.pk not in players and not context["is_organizer"]:
        raise PermissionDenied("Only the two players and the organizers see this match.")
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
                messages.success(request, f"The record of game {game.number} is in: a worker "
                                          f"replays it.")
                return redirect("tournaments:match_records", pk=event.pk, match=found.pk)
        messages.error(request, "The record was not uploaded: see the problem below.")
        status = 400
    context.update({"match": found, "form": form, "uploads": uploads_for(found)})
    return render(request, "tournaments/lab/records.html", context, status=status)
