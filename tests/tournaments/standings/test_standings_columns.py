"""The standings' tiebreaker columns follow the event's configured order, on the page, in the
CSV and in the API, the one list that decides the sort (STYLE.md habit 8, issue 15); the CSV
and the API say who the standings label for the top cut; the metrics' words are marked for
translation on the Django side, the same English as tournaments.swiss names them."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, settle, start, tables
from tournaments.api.rounds import METRIC_FIELDS
from tournaments.api.serializers import StandingOut
from tournaments.models import Event
from tournaments.selectors.exports import STANDINGS_HEADER
from tournaments.selectors.standings import (
    METRIC_TEXT,
    POINTS,
    StandingRow,
    standings_for_event,
    tiebreaker_columns,
)
from tournaments.services.topcut import topcut_start
from tournaments.swiss.standings import DEFAULT_ORDER, METRICS

pytestmark = pytest.mark.django_db

# Opponents' game-win first, then game-win; opponents' match-win does not break ties here.
OGW_FIRST = ["match_points", "ogw", "gw"]


def played(order: list[str] | None = None, top_cut: int = 0, rounds: int = 2) -> Event:
    kwargs = {"tiebreakers": order} if order else {}
    event = OrganizedEventFactory(rounds=rounds, top_cut=top_cut, **kwargs)
    seats(event, "alice bob carol dave erin frank")
    start(event)
    settle(pair(event), result=lambda m: (2, 1, 0) if m.table % 2 else (1, 1, 1))
    event.refresh_from_db()
    return event


def page_of(client, event: Event) -> str:
    response = client.get(reverse("tournaments:standings", args=[event.pk]))
    assert response.status_code == 200
    return response.content.decode()


def headings(page: str) -> list[tuple[str, str]]:
    """(shown heading, tooltip) of each abbreviated column of the standings table."""
    head = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    return [(text, html.unescape(title))
            for title, text in re.findall(r'<abbr title="([^"]*)">([^<]*)</abbr>', head)]


def csv_of(client, event: Event, name: str = "tournaments:standings_csv") -> list[dict]:
    text = client.get(reverse(name, args=[event.pk])).content.decode()
    return list(csv.DictReader(io.StringIO(text)))


def api_of(client, event: Event) -> list[dict]:
    return client.get(reverse("event-standings", args=[event.pk])).json()


def cut_labelled(page: str) -> list[str]:
    rows = re.findall(r"<tr data-seat=\"\d+\" class=\"[^\"]*\">.*?</tr>", page, re.S)
    return [re.search(r'<a href="[^"]*">([^<]+)</a>', row).group(1)
            for row in rows if 'class="badge badge-cut"' in row]


# The words ---------------------------------------------------------------------------------------

def test_every_metric_has_its_words_on_the_site_in_the_same_english_as_the_swiss_package():
    assert set(METRIC_TEXT) == set(METRICS)
    for key, metric in METRICS.items():
        text = METRIC_TEXT[key]
        assert isinstance(text.abbr, Promise) and isinstance(text.name, Promise)
        assert (str(text.abbr), str(text.name)) == (metric.abbr, metric.name)


def test_every_metric_is_a_standings_row_field_and_an_api_field():
    """The columns read each row by metric key; a new metric needs its field everywhere."""
    assert set(METRICS) <= set(StandingRow._fields)
    assert set(METRIC_FIELDS) == set(METRICS) - {POINTS}
    assert set(METRICS) <= set(StandingOut().fields)


def test_the_tiebreaker_columns_are_the_orders_metrics_but_match_points():
    assert [c.key for c in tiebreaker_columns(DEFAULT_ORDER)] == ["omw", "gw", "ogw"]
    assert [c.key for c in tiebreaker_columns(["gw", "match_points", "omw"])] == ["gw", "omw"]


def test_the_headings_are_shown_in_the_readers_language(client, monkeypatch):
    """Every heading goes through gettext: a catalogue that brackets each string shows on
    the page (tournaments.swiss keeps plain English; the Django side translates)."""
    event = played(OGW_FIRST)
    monkeypatch.setattr(translation._trans, "gettext", lambda message: f"[{message}]",
                        raising=False)
    shown = headings(page_of(client, event))
    assert shown == [("[Pts]", "[Match points]"), ("[W-L-D]", "[Wins-losses-draws]"),
                     ("[OGW]%", "[Opponents' game-win percentage]"),
                     ("[GW]%", "[Game-win percentage]")]


# The event's order on the page, in the CSV, in the API -------------------------------------------

def test_the_page_shows_the_default_tiebreakers_as_before(client):
    shown = headings(page_of(client, played()))
    assert [text for text, _ in shown] == ["Pts", "W-L-D", "OMW%", "GW%", "OGW%"]
    assert shown[2][1] == "Opponents' match-win percentage"


def test_the_page_shows_the_events_tiebreakers_in_its_order(client):
    event = played(OGW_FIRST)
    page = page_of(client, event)
    assert headings(page) == [("Pts", "Match points"), ("W-L-D", "Wins-losses-draws"),
                              ("OGW%", "Opponents' game-win percentage"),
                              ("GW%", "Game-win percentage")]
    first = standings_for_event(event)[0]
    row = re.search(rf'<tr data-seat="\d+" class="[^"]*">\s*<td>1</td>\s*'
                    rf'<td class="col-player"><a href="[^"]*">{first.name}<.*?</tr>', page,
                    re.S).group(0)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    assert cells[-2:] == [f"{first.ogw * 100:.1f}", f"{first.gw * 100:.1f}"]
    legend = page.split('<details class="legend">', 1)[1]
    assert [html.unescape(t) for t in re.findall(r"<dt>([^<]*)</dt>", legend)] == [
        "Pts", "W-L-D", "OGW", "GW"]


def test_the_csv_keeps_its_columns_for_the_default_order_and_adds_the_cut(client):
    assert STANDINGS_HEADER == ["rank", "name", "match_points", "wins", "losses", "draws",
                                "omw", "gw", "ogw", "dropped", "ai", "cut", "place"]
    rows = csv_of(client, played())
    assert list(rows[0]) == STANDINGS_HEADER


def test_the_csv_puts_the_events_tiebreakers_in_its_order(client):
    event = played(OGW_FIRST)
    expected = ["rank", "name", "match_points", "wins", "losses", "draws", "ogw", "gw",
                "dropped", "ai", "cut", "place"]
    standings = standings_for_event(event)
    for name in ("tournaments:standings_csv", "event-standings-csv"):
        rows = csv_of(client, event, name)
        assert list(rows[0]) == expected
        assert [r["name"] for r in rows] == [s.name for s in standings]
        assert rows[0]["ogw"] == f"{standings[0].ogw * 100:.2f}"


def test_the_api_lists_the_events_tiebreakers_first_in_its_order(client):
    event = played(OGW_FIRST)
    rows = api_of(client, event)
    assert list(rows[0]) == ["rank", "registration", "name", "match_points", "wins", "losses",
                             "draws", "ogw", "gw", "omw", "dropped", "is_ai", "cut", "place"]
    assert list(api_of(client, played())[0])[7:10] == ["omw", "gw", "ogw"]


# Who made the cut --------------------------------------------------------------------------------

def test_the_csv_and_the_api_mark_who_would_make_the_cut_as_the_page_does(client):
    event = played(top_cut=4, rounds=3)
    labelled = cut_labelled(page_of(client, event))
    assert len(labelled) == 4
    assert [r["name"] for r in csv_of(client, event) if r["cut"] == "yes"] == labelled
    assert {r["cut"] for r in csv_of(client, event)} == {"yes", ""}
    assert [r["name"] for r in api_of(client, event) if r["cut"] is True] == labelled


def test_the_csv_and_the_api_mark_who_made_the_cut_once_it_is_made(client):
    event = played(top_cut=4, rounds=1)
    quarter, _ = topcut_start(event_id=event.pk, by=organizer_of(event), now=now())
    seeded = {name for pair_ in tables(quarter) for name in pair_}
    assert set(cut_labelled(page_of(client, event))) == seeded
    assert {r["name"] for r in csv_of(client, event) if r["cut"] == "yes"} == seeded
    assert {r["name"] for r in api_of(client, event) if r["cut"]} == seeded


def test_without_a_top_cut_nobody_is_marked(client):
    event = played()
    assert {r["cut"] for r in csv_of(client, event)} == {""}
    assert {r["cut"] for r in api_of(client, event)} == {False}
