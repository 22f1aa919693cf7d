"""Pairings by table, live standings with the tiebreakers, the top-cut bracket, and their CSV
downloads. All public, like a printout on the venue's wall.

Pairings and standings also answer `?fragment=1` with only the changing part of the page,
which static/js/live-refresh.js fetches every 20 seconds; without the script the full page
works the same.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from tournaments.exports import pairings_csv as pairings_text
from tournaments.exports import standings_csv as standings_text
from tournaments.models import Event, EventStatus, Round, RoundStage
from tournaments.page_selectors import champion_of, round_matches, rounds_labelled
from tournaments.selectors import StandingRow, round_explanation, standings_for_event

from .common import event_context, event_or_404, page_of, wants_fragment


class ShownRow:
    """A standings row with its percentages as the page shows them: one decimal, so the
    seven columns fit a phone (the CSV has two)."""

    def __init__(self, row: StandingRow) -> None:
        self.row = row

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self.row, name)

    @property
    def percents(self) -> tuple[str, str, str]:
        return tuple(f"{value * 100:.1f}" for value in (self.row.omw, self.row.gw,
                                                         self.row.ogw))


def _chosen_round(request: HttpRequest, rounds: list[Round]) -> Round | None:
    """The round asked for (`?round=N`), else the current one; None before round 1."""
    asked = request.GET.get("round")
    if asked is None:
        return rounds[-1] if rounds else None
    chosen = next((r for r in rounds if str(r.number) == asked), None)
    if chosen is None:
        raise Http404("No such round.")
    return chosen


def _live(event: Event) -> bool:
    return event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)


@require_GET
def pairings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = rounds_labelled(event)
    rnd = _chosen_round(request, rounds)
    current = rnd is not None and rnd == rounds[-1]
    matches = round_matches(rnd) if rnd is not None else []
    mine = None
    if request.user.is_authenticated:
        mine = next((m for m in matches if request.user.pk in (
            m.player_a.player_id, m.player_b.player_id if m.player_b_id else None)), None)
    context = event_context(request, event, "pairings")
    context.update({
        "rounds": rounds, "round": rnd, "matches": matches, "mine": mine,
        "explanation": round_explanation(rnd) if rnd is not None else [],
        "live": current and _live(event) and "round" not in request.GET,
    })
    template = ("tournaments/_pairings.html" if wants_fragment(request)
                else "tournaments/pairings.html")
    return render(request, template, context)


@require_GET
def pairings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rnd = _chosen_round(request, rounds_labelled(event))
    if rnd is None:
        raise Http404("No round has been paired yet.")
    return _csv(pairings_text(rnd), f"{slugify(event.name) or 'event'}-round-{rnd.number}")


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rows = [ShownRow(row) for row in standings_for_event(event)]
    rounds = rounds_labelled(event)
    swiss = [r for r in rounds if r.stage == RoundStage.SWISS]
    context = event_context(request, event, "standings")
    context.update({
        "page": page_of(request, rows), "count": len(rows),
        "after": swiss[-1] if swiss else None,
        "tiebreakers": event.tiebreakers,
        "live": _live(event),
        "my_seat": next((r.registration_id for r in rows if request.user.is_authenticated
                         and r.name == request.user.get_username() and not r.is_ai), None),
    })
    template = ("tournaments/_standings.html" if wants_fragment(request)
                else "tournaments/standings.html")
    return render(request, template, context)


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    return _csv(standings_text(event), f"{slugify(event.name) or 'event'}-standings")


@require_GET
def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT]
    columns = [(rnd, round_matches(rnd)) for rnd in rounds]
    context = event_context(request, event, "bracket")
    context.update({
        "columns": columns,
        "champion": champion_of(rounds[-1]) if rounds else None,
    })
    return render(request, "tournaments/bracket.html", context)


def _csv(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response
