"""What the standings page shows (templates/tournaments/standings.html and its parts): the
rows as text, the table's part for a page of it, kept per results version, language and page
for every reader, the page's content around it (the legend, the pages' links), and the
reader's own row marked in the kept part (`with_my_row`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.core.paginator import Page
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from tournaments.models import Event
from tournaments.presenters.team_standings import shown_teams
from tournaments.selectors.cache import remembered
from tournaments.selectors.placings import final_places
from tournaments.selectors.standings import (
    METRIC_TEXT,
    POINTS,
    CutMarks,
    StandingColumn,
    StandingRow,
    cut_marks,
    standings_for_event,
    standings_progress,
    tiebreaker_columns,
)

STANDINGS_PER_PAGE = 50  # rows on a page of the standings, and in a visitor's part


class ShownRow:
    """A standings row as the page shows it: its numbers already text (the template would
    localize each one, and a page of 50 rows is rendered for every results version), its
    tiebreakers in the event's order (`columns`), percentages with one decimal so the columns
    fit a phone (the CSV has two, with a dot), written with the reader's decimal separator
    ("55.4", "55,4"), and the link to the player's page."""

    __slots__ = ("cut", "dropped", "group", "is_ai", "match_points", "metrics", "name", "place",
                 "rank", "record", "registration_id", "url")

    def __init__(self, row: StandingRow, url: str, cut: str = "",
                 columns: Sequence[StandingColumn] = (), place: int | None = None) -> None:
        self.registration_id = row.registration_id
        self.name = row.name
        self.is_ai = row.is_ai
        self.dropped = row.dropped
        self.rank = str(row.rank)
        self.group = row.group  # a round robin's group, None in Swiss
        self.match_points = str(row.match_points)
        self.record = f"{row.wins}-{row.losses}-{row.draws}"
        point = formats.get_format("DECIMAL_SEPARATOR")
        self.metrics = tuple(_shown(getattr(row, c.key), c.percent, point) for c in columns)
        self.url = url
        self.cut = cut  # "in" the top cut, its "last" place, "passed" over (an AI seat), ""
        self.place = "" if place is None else str(place)  # the final place, once decided


def _shown(value: float, percent: bool, point: str) -> str:
    """A tiebreaker's value with the decimal separator `point` (no number here reaches a
    thousand, so none needs grouping)."""
    return (f"{value * 100:.1f}" if percent else str(value)).replace(".", point)


def around_id(name: str, event: Event) -> tuple[str, str]:
    """What comes before and after the last id in URL `name` of the event: reversed once
    for a whole table rather than once a row."""
    marker = "987654321"
    head, tail = reverse(name, args=[event.pk, int(marker)]).rsplit(marker, 1)
    return head, tail


def player_urls(event: Event) -> Callable[[int], str]:
    """The player page's URL for a registration id."""
    head, tail = around_id("tournaments:event_player", event)
    return lambda registration_id: f"{head}{registration_id}{tail}"


def standings_count(event: Event, version: int) -> int:
    """How many rows the standings of results version `version` have (kept)."""
    return remembered(("standings-count", event.pk, version),
                      lambda: len(standings_for_event(event)))


def standings_kept_part(event: Event, version: int, page: Page) -> SafeString:
    """`standings_part`, rendered once per results version, language and page, whoever
    reads it."""
    return mark_safe(remembered(("standings-part", event.pk, version, get_language(),
                                 page.number), lambda: standings_part(event, page)))


def standings_content(context: dict, fragment: str, page: Page, count: int,
                      live: bool) -> str:
    """What is under the menu of the standings page (_standings_page.html) around its
    changing part `fragment`, for the page's `context` (event_context)."""
    event = context["event"]
    with timezone.override(event.time_zone):  # as render_event shows the event's times
        return render_to_string("tournaments/_standings_page.html", {
            **context, "fragment": fragment, "page": page, "count": count,
            "tiebreakers": event.tiebreakers, "live": live,
            # The legend names the tiebreakers as the columns do, in the event's order.
            "tiebreaker_names": [METRIC_TEXT[key].name for key in event.tiebreakers],
            "points": METRIC_TEXT[POINTS], "columns": tiebreaker_columns(event.tiebreakers),
        })


def standings_part(event: Event, page: Page) -> str:
    """The changing part of the standings page: page `page` of the table and its legend."""
    rows = standings_for_event(event)
    url = player_urls(event)
    marks = cut_marks(event, rows)
    # A single elimination's matches give no match points: its table is the final places.
    columns = [] if event.elimination else tiebreaker_columns(event.tiebreakers)
    # Once the top cut is decided the rows go in final places, each with its Swiss rank.
    places = (final_places(event, rows) if event.top_cut or event.elimination
              else None)
    if places:
        rows = sorted(rows, key=lambda row: (places[row.registration_id], row.rank))
    groups = any(row.group for row in rows)
    teams = shown_teams(event, url, columns) if event.teams_play else ""
    return teams + render_to_string("tournaments/_standings.html", {
        "event": event, "count": len(rows), "progress": standings_progress(event),
        "groups": groups, "width": 4 + len(columns) + (1 if places else 0),
        "points": METRIC_TEXT[POINTS], "columns": columns, "placed": bool(places),
        "page": [ShownRow(row, url(row.registration_id), _cut_of(marks, row), columns,
                          places.get(row.registration_id) if places else None)
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
