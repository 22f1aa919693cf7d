"""Every time shown names its zone (docs/languages.md): outside event pages the person's own
zone (their account), else the browser's (a cookie static/js/timezone.js stores), else UTC;
event pages keep the event's own zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.conf import settings as django_settings
from django.template import Context, Template
from django.test import Client
from django.utils import timezone, translation

from core.zones import time_zone_problem, zone_or_none
from tests.factories import UserFactory
from tests.factories.accounts import ProfileFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.web import html, signed_in
from tournaments.services import events as event_services

pytestmark = pytest.mark.django_db

ZONE = django_settings.CLASH_TIME_ZONE_COOKIE
MOMENT = datetime(2026, 12, 1, 14, 30, tzinfo=UTC)


def when(value: datetime) -> str:
    return Template("{% load clash_i18n %}{{ value|when }}").render(Context({"value": value}))


def test_a_time_names_its_zone_by_abbreviation_and_iana_name() -> None:
    with translation.override("en"):
        with timezone.override("Europe/Paris"):
            assert when(MOMENT) == "1 Dec 2026, 15:30 CET (Europe/Paris)"
        with timezone.override("Europe/Istanbul"):
            # Turkey's zone has no abbreviation of its own: the offset stands for it.
            assert when(MOMENT) == "1 Dec 2026, 17:30 +03 (Europe/Istanbul)"
        with timezone.override("UTC"):
            assert when(MOMENT) == "1 Dec 2026, 14:30 UTC"


def test_a_time_in_summer_names_the_summer_abbreviation() -> None:
    with translation.override("en"), timezone.override("Europe/Prague"):
        assert when(datetime(2026, 7, 1, 10, 0, tzinfo=UTC)) == (
            "1 Jul 2026, 12:00 CEST (Europe/Prague)")


def test_a_missing_time_shows_nothing() -> None:
    assert when(None) == ""


def test_a_visitor_with_no_zone_cookie_sees_utc_named() -> None:
    page = html(Client().get("/"))
    assert "Times in UTC" in page


def test_a_visitor_s_browser_zone_from_its_cookie_is_shown_named() -> None:
    client = Client()
    client.cookies[ZONE] = "Europe/Belgrade"

    assert "Times in Europe/Belgrade" in html(client.get("/"))


@pytest.mark.parametrize("cookie", ["../../etc/passwd", "Mars/Olympus", "", "utc; x=1"])
def test_a_cookie_that_is_no_zone_name_is_ignored(cookie: str) -> None:
    client = Client()
    client.cookies[ZONE] = cookie

    response = client.get("/")

    assert response.status_code == 200
    assert "Times in UTC" in html(response)


def test_a_person_s_own_zone_wins_over_the_browser_s() -> None:
    user = UserFactory(username="emre")
    ProfileFactory(user=user, time_zone="Asia/Tokyo")
    client = Client()
    client.cookies[ZONE] = "Europe/Paris"
    client.force_login(user)

    page = html(client.get("/"))

    assert 'Times in <a href="/accounts/preferences/">Asia/Tokyo</a>' in page


def test_a_person_without_a_zone_of_their_own_gets_the_browser_s() -> None:
    client = signed_in(UserFactory(username="emre"))
    client.cookies[ZONE] = "Europe/Istanbul"

    assert 'Times in <a href="/accounts/preferences/">Europe/Istanbul</a>' in html(
        client.get("/"))


def test_event_pages_keep_the_event_s_zone() -> None:
    event = OrganizedEventFactory(organizers=[UserFactory()], time_zone="America/New_York")
    client = Client()
    client.cookies[ZONE] = "Europe/Paris"

    page = html(client.get(f"/events/{event.pk}/"))

    assert "Times in America/New_York" in page
    assert "Times in Europe/Paris" in html(client.get("/events/"))


def test_the_zone_is_left_behind_after_the_request() -> None:
    client = Client()
    client.cookies[ZONE] = "Asia/Tokyo"
    client.get("/")

    assert timezone.get_current_timezone_name() == "UTC"


def test_one_zone_check_serves_events_and_accounts() -> None:
    assert event_services.time_zone_problem is time_zone_problem
    assert time_zone_problem("Europe/Paris") is None
    assert "IANA name" in time_zone_problem("/etc/localtime")
    assert zone_or_none("/etc/localtime") is None
    assert zone_or_none(None) is None


def test_the_browser_zone_script_is_a_file_loaded_on_every_page() -> None:
    page = html(Client().get("/"))
    assert '<script src="/static/js/timezone.js" defer></script>' in page
    script = (django_settings.BASE_DIR / "static" / "js" / "timezone.js").read_text()
    assert "resolvedOptions().timeZone" in script and '"clash_time_zone"' in script
