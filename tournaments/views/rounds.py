"""Pairings by table, live standings with the tiebreakers, the top-cut bracket, and their CSV
downloads. All public, like a printout on the venue's wall.

Pairings and standings also answer `?fragment=1` with only the changing part of the page,
which static/js/live-refresh.js fetches every 20 seconds; without the script the full page
works the same.

That part is rendered once per results version of the event and kept
(`tournaments.selectors.cache`), for each way it can look (the page of the standings, the round,
the viewer's own table, an organizer's links), and so is the whole page for visitors who are
not signed in: a crowd refreshing the pages of a large event costs at most one small query a
request (`views.common.kept_for_visitors`), not a computation. The standings are the same for
every reader, signed in or not: what is under the menu is kept too, the reader's own row
marked in it afterwards (`with_my_row`), so a signed-in player's page costs one query after
their session's (the event with what they are to it) and the menu around it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from django.core.paginator import Page
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from tournaments.models import Event, EventStatus, MatchStatus, Round, RoundStage
from tournaments.presenters.clock import round_clock_shown
from tournaments.selectors.announcements import announcements_live
from tournaments.selectors.cache import remembered
from tournaments.selectors.exports import pairings_csv as pairings_text
from tournaments.selectors.exports import standings_csv as standings_text
from tournaments.selectors.match_games import MatchSeen, replays_seen
from tournaments.selectors.matches import TableRow, round_matches, round_tables
from tournaments.selectors.readers import Reader, reader_of
from tournaments.selectors.rounds import (
    RoundChoice,
    champion_of,
    explanation_of,
    round_choices,
    rounds_labelled,
)
from tournaments.selectors.standings import (
    METRIC_TEXT,
    POINTS,
    CutMarks,
    StandingColumn,
    StandingRow,
    cut_marks,
    results_version,
    standings_for_event,
    standings_progress,
    tiebreaker_columns,
)

from .common import (
    event_context,
    event_or_404,
    kept_for_visitors,
    match_rows,
    page_of,
    render_event,
    render_event_for_readers,
    wants_fragment,
)

R = TypeVar("R", Round, RoundChoice)


class ShownRow:
    """A standings row as the page shows it: its numbers already text (the template would
    localize each one, and a page of 50 rows is rendered for every results version), its
    tiebreakers in the event's order (`columns`), percentages with one decimal so the columns
    fit a phone (the CSV has two, with a dot), written with the reader's decimal separator
    ("55.4", "55,4"), and the link to the player's page."""

    __slots__ = ("cut", "dropped", "is_ai", "match_points", "metrics", "name", "rank",
                 "record", "registration_id", "url")

    def __init__(self, row: StandingRow, url: str, cut: str = "",
                 columns: Sequence[StandingColumn] = ()) -> None:
        self.registration_id = row.registration_id
        self.name = row.name
        self.is_ai = row.is_ai
        self.dropped = row.dropped
        self.rank = str(row.rank)
        self.match_points = str(row.match_points)
        self.record = f"{row.wins}-{row.losses}-{row.draws}"
        point = formats.get_format("DECIMAL_SEPARATOR")
        self.metrics = tuple(_shown(getattr(row, c.key), c.percent, point) for c in columns)
        self.url = url
        self.cut = cut  # "in" the top cut, its "last" place, "passed" over (an AI seat), ""


def _shown(value: float, percent: bool, point: str) -> str:
    """A tiebreaker's value with the decimal separator `point` (no number here reaches a
    thousand, so none needs grouping)."""
    return (f"{value * 100:.1f}" if percent else str(value)).replace(".", point)


def _around_id(name: str, event: Event) -> tuple[str, str]:
    """What comes before and after the last id in URL `name` of the event: reversed once
    for a whole table rather than once a row."""
    marker = "987654321"
    head, tail = reverse(name, args=[event.pk, int(marker)]).rsplit(marker, 1)
    return head, tail


def player_urls(event: Event) -> Callable[[int], str]:
    """The player page's URL for a registration id."""
    head, tail = _around_id("tournaments:event_player", event)
    return lambda registration_id: f"{head}{registration_id}{tail}"


def chosen_round(request: HttpRequest, rounds: list[R]) -> R | None:
    """The round asked for (`?round=N`), else the current one; None before round 1."""
    asked = request.GET.get("round")
    if asked is None:
        return rounds[-1] if rounds else None
    chosen = next((r for r in rounds if str(r.number) == asked), None)
    if chosen is None:
        raise Http404(gettext("No such round."))
    return chosen


def _live(event: Event) -> bool:
    return event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)


@require_GET
def pairings(request: HttpRequest, pk: int) -> HttpResponse:
    return kept_for_visitors(request, "pairings-visitor", pk,
                             lambda event, version: _pairings(request, event, version))


def _pairings(request: HttpRequest, event: Event, version: int) -> HttpResponse:
    # The labels and the fragments are words: kept per language as well.
    rounds = remembered(("rounds", event.pk, version, get_language()),
                        lambda: round_choices(event))
    rnd = chosen_round(request, rounds)
    current = rnd is not None and rnd == rounds[-1]
    context = event_context(request, event, "pairings")
    mine = None
    if rnd is not None and request.user.is_authenticated:
        mine = next((m for m in _tables(event, version, rnd) if request.user.pk in (
            m.player_a.player_id, m.player_b.player_id if m.player_b else None)), None)

    def fragment() -> str:
        matches = _tables(event, version, rnd) if rnd is not None else []
        # The match pages are its players' and the organizers'; the replays follow
        # selectors.match_games (a person's list stays hidden until the lists are published).
        opens = {m.pk for m in matches if context["is_organizer"] or m == mine}
        replays = replays_seen(
            (MatchSeen(m.pk, m.status == MatchStatus.CONFIRMED,
                       m.player_a.is_ai and m.player_b.is_ai, m.pk in opens)
             for m in matches if not m.bye), lists_published=event.lists_published)
        return render_to_string("tournaments/_pairings.html", {
            "event": event, "round": rnd, "mine": mine, "user": request.user,
            "is_organizer": context["is_organizer"],
            "match_url": _around_id("tournaments:match", event),
            "rows": [(m, m.pk in opens, replays.get(m.pk, ())) for m in matches],
            "explanation": explanation_of(rnd.id) if rnd is not None else []})

    html = mark_safe(remembered(
        ("pairings-part", event.pk, version, get_language(), rnd.number if rnd else 0,
         context["is_organizer"], mine.pk if mine else None), fragment))
    if wants_fragment(request):
        return HttpResponse(html)
    live = current and _live(event) and "round" not in request.GET
    context.update({
        "rounds": rounds, "round": rnd, "fragment": html, "live": live,
        # Kept per results version, which every post and withdrawal bumps.
        "announcements": remembered(("announcements", event.pk, version),
                                    lambda: list(announcements_live(event))),
        # Outside the kept fragment: the clock is read fresh (one small query).
        "round_clock": round_clock_shown(event, rnd.number) if live else None,
    })
    return render_event(request, "tournaments/pairings.html", context)


def _tables(event: Event, version: int, rnd: RoundChoice) -> list[TableRow]:
    return remembered(("tables", event.pk, version, rnd.number), lambda: round_tables(rnd.id))


@require_GET
def pairings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rnd = chosen_round(request, rounds_labelled(event))
    if rnd is None:
        raise Http404(gettext("No round has been paired yet."))
    return _csv(pairings_text(rnd), f"{slugify(event.name) or 'event'}-round-{rnd.number}")


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    if request.user.is_authenticated:
        # One query for the version and what the reader is to the event; the event itself
        # and the rest are kept for every reader of this version (`_standings`).
        reader = reader_of(pk, request.user.pk)
        if reader is not None:
            event = remembered(("event", pk, reader.version), lambda: event_or_404(pk),
                               kept=_without_seed)
            return _standings(request, event, reader.version, reader)
        event = event_or_404(pk)  # a 404, or an event with no results version yet
        return _standings(request, event, results_version(event))
    return kept_for_visitors(request, "standings-visitor", pk,
                             lambda event, version: _standings(request, event, version))


def _without_seed(event: Event) -> Event:
    """A copy of the event to keep, without its secret seed (deferred: read again if asked
    for), so that no kept copy carries it wherever the cache is."""
    copy = Event.__new__(Event)
    copy.__dict__ = {name: value for name, value in event.__dict__.items()
                     if name not in ("seed", "seed_nonce")}
    return copy


def _standings(request: HttpRequest, event: Event, version: int,
               reader: Reader | None = None) -> HttpResponse:
    """The page, or its changing part (`?fragment=1`): rendered once per results version,
    language and page of the standings (and for organizers, their tabs), whoever reads it;
    then the reader's own row is marked."""
    count = remembered(("standings-count", event.pk, version),
                       lambda: len(standings_for_event(event)))
    page = page_of(request, range(count))
    language = get_language()
    mine = reader.seat if reader is not None else None
    fragment = mark_safe(remembered(("standings-part", event.pk, version, language,
                                     page.number), lambda: _standings_part(event, page)))
    if wants_fragment(request):
        return HttpResponse(with_my_row(fragment, mine))
    context = event_context(request, event, "standings",
                            organizes=reader.organizes if reader is not None else None)

    def content() -> str:
        with timezone.override(event.time_zone):  # as render_event shows the event's times
            return render_to_string("tournaments/_standings_page.html", {
                **context, "fragment": fragment, "page": page, "count": count,
                "tiebreakers": event.tiebreakers, "live": _live(event),
                # The legend names the tiebreakers as the columns do, in the event's order.
                "tiebreaker_names": [METRIC_TEXT[key].name for key in event.tiebreakers],
                "points": METRIC_TEXT[POINTS], "columns": tiebreaker_columns(event.tiebreakers),
            })

    kept = remembered(("standings-page", event.pk, version, language, page.number,
                       context["is_organizer"]), content)
    mine_marked = mark_safe(with_my_row(kept, mine))
    if reader is None:
        return render_event(request, "tournaments/standings.html",
                            {**context, "content": mine_marked})
    return render_event_for_readers(
        request, "tournaments/standings.html", context, content=mine_marked,
        kept=("standings", event.pk, version, page.number, context["is_organizer"]))


def _standings_part(event: Event, page: Page) -> str:
    rows = standings_for_event(event)
    url = player_urls(event)
    marks = cut_marks(event, rows)
    columns = tiebreaker_columns(event.tiebreakers)
    return render_to_string("tournaments/_standings.html", {
        "event": event, "count": len(rows), "progress": standings_progress(event),
        "points": METRIC_TEXT[POINTS], "columns": columns,
        "page": [ShownRow(row, url(row.registration_id), _cut_of(marks, row), columns)
                 for row in rows[page.start_index() - 1:page.end_index()]],
        "cut": marks, "cut_label": gettext("Top %(cut)d") % {"cut": event.top_cut}})


def with_my_row(html: str, seat: int | None) -> str:
    """The kept standings `html` with the reader's own row (registration id `seat`) marked
    `row-mine`: the one row whose tag starts `<tr data-seat="<seat>" class="`."""
    if seat is None:
        return html
    start = f'<tr data-seat="{seat}" class="'
    return html.replace(start, f"{start}row-mine ", 1)


def _cut_of(marks: CutMarks | None, row: StandingRow) -> str:
    if marks is None:
        return ""
    if row.registration_id == marks.last:
        return "last"
    if row.registration_id in marks.qualifiers:
        return "in"
    return "passed" if row.registration_id in marks.passed_ai else ""


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    return _csv(standings_text(event), f"{slugify(event.name) or 'event'}-standings")


@require_GET
def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = [r for r in rounds_labelled(event) if r.stage == RoundStage.TOP_CUT]
    context = event_context(request, event, "bracket")
    columns = [(rnd, match_rows(round_matches(rnd), request.user, event,
                                organizer=context["is_organizer"])) for rnd in rounds]
    context.update({
        "columns": columns,
        "champion": champion_of(rounds[-1]) if rounds else None,
    })
    return render_event(request, "tournaments/bracket.html", context)


def _csv(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response
