"""Printouts: the sheets an organizer posts on the wall or hands out, as pages for the
browser's print (templates/tournaments/print/, static/css/print.css: no navigation, black on
white, a page break where a sheet ends).

Each is as public as the page it is printed from: the pairings, standings, bracket and pod
seating are anyone's; the result slips are for the organizers (they go on the tables); a player's
decklist registration sheet is seen by whoever may see that list (the player, the event's
organizers, everyone once the lists are published), and is a 404 for anyone else, like the
list itself.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from tournaments.models import Event, RoundStage
from tournaments.presenters.brackets import bracket_sections
from tournaments.presenters.standings import ShownRow
from tournaments.selectors.access import is_organizer
from tournaments.selectors.group_sheets import group_sheets
from tournaments.selectors.match_labels import match_labels, seat_labels
from tournaments.selectors.matches import (
    TableRow,
    pairings_by_name,
    round_matches,
    round_tables,
)
from tournaments.selectors.placings import bracket_placings, final_places
from tournaments.selectors.pods import pod_seating
from tournaments.selectors.registrations import list_sheet
from tournaments.selectors.rounds import RoundChoice, round_choices, rounds_labelled
from tournaments.selectors.standings import (
    METRIC_TEXT,
    POINTS,
    points_before,
    standings_for_event,
    standings_progress,
    tiebreaker_columns,
)

from .common import event_or_404, render_event
from .rounds import chosen_round

SLIPS_PER_PAGE = 4  # an A4 page cut in four: each slip is big enough to write on


def _printout(request: HttpRequest, event: Event, template: str, context: dict) -> HttpResponse:
    """A printed sheet of `event`, its times (the printing time too) in the event's zone."""
    context.update({"event": event, "printed_at": timezone.now()})
    return render_event(request, f"tournaments/print/{template}", context)


def _round_of(request: HttpRequest, event: Event) -> RoundChoice:
    """The round asked for (`?round=N`), else the latest; a 404 before round 1 is paired."""
    rnd = chosen_round(request, round_choices(event))
    if rnd is None:
        raise Http404(gettext("No round has been paired yet."))
    return rnd


@require_GET
def pairings_by_name_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """Every player A to Z with their table, opponent and points: the sheet on the wall."""
    event = event_or_404(pk)
    rnd = _round_of(request, event)
    tables = round_tables(rnd.id)
    rows = pairings_by_name(tables, points_before(event, rnd.number))
    kind, labels = match_labels(event, rnd)
    seat = seat_labels(tables, labels)
    return _printout(request, event, "pairings_by_name.html", {
        "round": rnd, "label_kind": kind,
        "rows": [(row, seat.get(row.registration_id, "")) for row in rows]})


@require_GET
def pairings_by_table_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rnd = _round_of(request, event)
    points = points_before(event, rnd.number)
    kind, labels = match_labels(event, rnd)
    rows = [(m, points.get(m.player_a.registration_id, 0),
             points.get(m.player_b.registration_id, 0) if m.player_b else None,
             labels.get(m.pk, ""))
            for m in round_tables(rnd.id)]
    return _printout(request, event, "pairings_by_table.html", {
        "round": rnd, "rows": rows, "label_kind": kind})


def _sheets(tables: list[TableRow],
            labels: dict[int, str]) -> list[list[tuple[TableRow, str]]]:
    """The round's tables (the bye has no slip), each with its label (`match_labels`), in
    sheets of SLIPS_PER_PAGE."""
    played = [(m, labels.get(m.pk, "")) for m in tables if not m.bye]
    return [played[i:i + SLIPS_PER_PAGE] for i in range(0, len(played), SLIPS_PER_PAGE)]


@login_required
@require_GET
def result_slips(request: HttpRequest, pk: int) -> HttpResponse:
    """One slip per table, for the organizers: they put them on the tables."""
    event = event_or_404(pk)
    if not is_organizer(event, request.user):
        raise PermissionDenied(gettext("Only the organizers of this event print the result "
                                       "slips."))
    rnd = _round_of(request, event)
    kind, labels = match_labels(event, rnd)
    return _printout(request, event, "result_slips.html", {
        "round": rnd, "sheets": _sheets(round_tables(rnd.id), labels), "label_kind": kind,
        "best_of": event.match_length})


@require_GET
def standings_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole standings on paper (no pages of 50: the printer breaks the pages), as the
    standings page shows them: a round robin's group by group, and once a knockout is
    decided (a top cut, a single elimination) in final places with their column."""
    event = event_or_404(pk)
    rows = standings_for_event(event)
    # A single elimination's matches give no match points: its table is the final places.
    columns = [] if event.single_elimination else tiebreaker_columns(event.tiebreakers)
    places = (final_places(event, rows) if event.top_cut or event.single_elimination
              else None)
    if places:
        rows = sorted(rows, key=lambda row: (places[row.registration_id], row.rank))
    shown = [ShownRow(row, "", "", columns, places.get(row.registration_id) if places else None)
             for row in rows]
    return _printout(request, event, "standings.html", {
        "blocks": _standings_blocks(shown, placed=bool(places)),
        "placed": bool(places), "groups": any(row.group for row in rows),
        "columns": columns, "points": METRIC_TEXT[POINTS],
        "progress": standings_progress(event)})


def _standings_blocks(rows: list[ShownRow], *, placed: bool) -> list[tuple[int | None,
                                                                           list[ShownRow]]]:
    """The printed standings' tables: a round robin's a table per group (group 1 first)
    until the final places are known, else one table (group None)."""
    if placed or not any(row.group for row in rows):
        return [(None, rows)] if rows else []
    blocks: dict[int, list[ShownRow]] = {}
    for row in rows:
        blocks.setdefault(row.group, []).append(row)
    return sorted(blocks.items())


@require_GET
def decklist_sheet(request: HttpRequest, pk: int, registration: int) -> HttpResponse:
    """A player's list as registered, to sign: hidden lists stay hidden (a 404)."""
    event = event_or_404(pk)
    sheet = list_sheet(event, registration, request.user)
    if sheet is None:
        raise Http404(gettext("No such list."))
    return _printout(request, event, "decklist.html", {"sheet": sheet})


@require_GET
def pod_seating_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """Each draft pod's seats in order, a pod a page: where each player sits to draft."""
    event = event_or_404(pk)
    return _printout(request, event, "pod_seating.html", {"pods": pod_seating(event)})


@require_GET
def bracket_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket on A4 landscape, as public as its page: a top cut or a single elimination
    in its rounds, a double elimination in its winners bracket, losers bracket and grand
    final (presenters.brackets). A 404 before the bracket's first round is paired."""
    event = event_or_404(pk)
    rounds = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT]
    if not rounds:
        raise Http404(gettext("The bracket has not started"))
    sections = bracket_sections(event, [(rnd, [(m, False, ()) for m in round_matches(rnd)])
                                        for rnd in rounds])
    placed = bracket_placings(event)
    names = {r.registration_id: r.name for r in standings_for_event(event)}
    return _printout(request, event, "bracket.html", {
        "sections": sections,
        "placings": [(place, names.get(pk, "")) for place, pk in placed] if placed else []})


def group_tables_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A round robin's groups, a group a block: its cross table, its standings and its
    rounds' pairings; blank at the start for the organizer to fill in by hand, filled in as
    the results are confirmed. Public, like the standings and pairings it is made of; a 404
    for an event that is not a round robin."""
    event = event_or_404(pk)
    if not event.round_robin:
        raise Http404(gettext("This event is not a round robin: it has no group tables."))
    columns = tiebreaker_columns(event.tiebreakers)
    groups = [(sheet, [ShownRow(row, "", "", columns) for row in sheet.standings])
              for sheet in group_sheets(event)]
    return _printout(request, event, "group_tables.html", {
        "groups": groups, "columns": columns, "points": METRIC_TEXT[POINTS]})
