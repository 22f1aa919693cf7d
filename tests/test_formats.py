"""Dates and numbers in the reader's language (issue 33, docs/languages.md "Dates and
numbers"): each language's pages write a date as that language does (the Russian and Czech
month in the genitive after the day, "7 декабря", "7. prosince"; Serbian's month in full and
in lower case) and every number with a decimal with its own decimal separator, the standings
as the ratings and the deck lab. The CSV keeps dot decimals."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import formats, translation

from clash.formats import OWN_FORMATS
from core.numbers import grouped
from lab.models import LabRunStatus
from tests.factories.lab import LabRunFactory
from tests.factories.tournaments import OrganizedEventFactory, RatingFactory
from tests.tournaments.event_steps import pair, seats, settle, start
from tests.web import html

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _ in settings.LANGUAGES]
MONDAY = datetime(2026, 12, 7, 14, 30, 5, tzinfo=UTC)  # a Monday

# What each language's pages write: the start of an event (weekday, date and time), a day
# and time of the audit trails, a date alone, and its decimal separator.
EXPECTED = {
    "en": ("Monday 7 December 2026, 14:30", "7 Dec, 14:30", "7 Dec 2026", "."),
    "cs": ("pondělí 7. prosince 2026 14:30", "7. prosince 14:30", "7. prosince 2026", ","),
    "eo": ("lundo, 7-a de decembro 2026, je 14:30", "7-a de decembro, je 14:30",
           "7-a de decembro 2026", ","),
    "ru": ("понедельник, 7 декабря 2026 г., 14:30", "7 декабря, 14:30", "7 декабря 2026 г.",
           ","),
    "sr": ("понедељак, 7. децембар 2026. 14:30", "7. децембар 14:30", "7. децембар 2026.",
           ","),
    "sr-latn": ("ponedeljak, 7. decembar 2026. 14:30", "7. decembar 14:30",
                "7. decembar 2026.", ","),
    "tr": ("7 Aralık 2026 Pazartesi 14:30", "7 Aralık 14:30", "7 Aralık 2026", ","),
}


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request leaves its language active in the thread: the next tests read English."""
    yield
    translation.deactivate()


def test_every_language_of_the_site_is_expected_here():
    assert sorted(EXPECTED) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_the_sites_own_formats(language):
    """A name a language lacks would be taken as a format itself ("DAY_TIME_FORMAT" read
    letter by letter)."""
    with translation.override(language):
        for name in OWN_FORMATS:
            assert formats.get_format(name) != name, (language, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_date_reads_as_the_language_writes_it(language):
    starts, day_time, date, _ = EXPECTED[language]
    template = Template('{{ t|date:"WEEKDAY_DATETIME_FORMAT" }}|{{ t|date:"DAY_TIME_FORMAT" }}'
                        '|{{ t|date:"DATE_FORMAT" }}')
    with translation.override(language):
        assert template.render(Context({"t": MONDAY})) == f"{starts}|{day_time}|{date}"


def test_russian_months_take_the_genitive_and_weekdays_are_lower_case():
    with translation.override("ru"):
        assert formats.date_format(MONDAY, "MONTH_DAY_FORMAT") == "7 декабря"
        assert formats.date_format(MONDAY, "WEEKDAY_DATETIME_FORMAT").startswith("понедельник")
    with translation.override("cs"):
        assert formats.date_format(MONDAY, "MONTH_DAY_FORMAT") == "7. prosince"


@pytest.mark.parametrize("language", LANGUAGES)
def test_large_numbers_are_grouped_as_the_language_groups_them(language):
    expected = {"en": "100,000", "cs": "100\xa0000", "eo": "100\xa0000", "ru": "100\xa0000",
                "sr": "100.000", "sr-latn": "100.000", "tr": "100.000"}[language]
    with translation.override(language):
        assert grouped(100_000) == expected


def reader(language: str, user=None) -> Client:  # noqa: ANN001
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def cells(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", page, re.S)]


def decimal_commas(svg: str) -> list[str]:
    """The attributes of `svg` with a decimal comma (a polyline's points are "x,y" pairs)."""
    return [f"{name}={value}" for name, value in re.findall(r'([\w-]+)="([^"]*)"', svg)
            if name != "points" and re.search(r"\d,\d", value)]


def event_played():
    """A Monday's event, its first round played 2-1 at every table: each winner's game-win
    percentage is 66.7, each loser's 33.3."""
    event = OrganizedEventFactory(starts_at=MONDAY, time_zone="UTC", rounds=3)
    ann, *_ = seats(event, "ann bob cat dan")
    start(event)
    settle(pair(event), result=lambda match: (2, 1, 0))
    return event, ann


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_event_standings_rating_and_lab_pages_speak_the_readers_formats(language):
    starts, _, _, point = EXPECTED[language]
    other = "," if point == "." else "."
    event, ann = event_played()
    RatingFactory(player=ann.player, game=event.game, format=event.format, mu=21.4,
                  sigma=2.87, ordinal=12.8)
    client = reader(language, ann.player)

    event_page = " ".join(html(client.get(reverse("tournaments:event", args=[event.pk])))
                          .split())
    assert starts in event_page

    standings = html(client.get(reverse("tournaments:standings", args=[event.pk])))
    values = cells(standings)
    assert f"66{point}7" in values and f"33{point}3" in values
    assert f"66{other}7" not in values and f"33{other}3" not in values

    player = html(client.get(reverse("tournaments:event_player", args=[event.pk, ann.pk])))
    rating = re.search(r'<section class="panel" id="rating".*?</section>', player, re.S)[0]
    assert f"<strong>12{point}8</strong>" in rating and f"21{point}4" in rating
    assert f"2{point}9" in rating
    # The chart's geometry stays SVG's own, whatever the language.
    chart = re.search(r'<svg class="standing-chart".*?</svg>', player, re.S)[0]
    assert not decimal_commas(chart), chart

    result = {"games": 1000, "wins": 554, "losses": 446, "draws": 0, "score": 0.554,
              "by_opponent": {"0": [554, 446, 0]}}
    run = LabRunFactory(owner=ann.player, status=LabRunStatus.DONE, result=result, games=1000,
                        field=[2], finished_at=MONDAY)
    lab = html(client.get(reverse("tournaments:lab_run", args=[run.pk])))
    with translation.override(language):
        score = formats.number_format(55.4, decimal_pos=1)
        games = grouped(1000)
    assert f"55{point}4" in score
    assert score in re.search(r"<table class=\"lab-table\">.*?</table>", lab, re.S)[0]
    assert f"<td>{games}</td>" in lab
    lab_chart = re.search(r'<svg class="lab-chart".*?</svg>', lab, re.S)[0]
    assert score in lab_chart  # the chart's text
    assert not decimal_commas(lab_chart), lab_chart


def test_the_standings_csv_keeps_dot_decimals_in_every_language():
    event, _ = event_played()
    for language in ("ru", "tr", "cs"):
        text = reader(language).get(
            reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
        assert "66.67" in text and "66,67" not in text
