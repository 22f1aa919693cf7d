"""The round clock in the browser, on a phone: the pairings page counts down each second
(static/js/round-clock.js), a second load of the page (or a second device) shows the same
time left, and a paused clock stands still."""

from __future__ import annotations

import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, seats, start
from tournaments.services.clock import round_clock_pause
from tournaments.services.rounds import round_pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seconds(text: str) -> int:
    """M:SS (or H:MM:SS) as seconds."""
    assert re.fullmatch(r"(\d+:)?\d+:\d\d", text), text
    parts = [int(p) for p in text.split(":")]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))


def shown(page) -> int:  # noqa: ANN001
    """The time left the page shows, once it has asked the server for its clock."""
    page.locator("[data-round-clock][data-clock-synced]").first.wait_for(state="attached")
    clock = page.locator("[data-clock-time]").first
    page.wait_for_function(
        "el => /^\\d+:\\d\\d$/.test(el.textContent.trim())", arg=clock.element_handle())
    return seconds(clock.inner_text().strip())


def paired_event():  # noqa: ANN201
    event = OrganizedEventFactory(rounds=3, round_minutes=30)
    seats(event, "ada ben cy dee")
    start(event)
    round_pair(event_id=event.pk, by=organizer_of(event), now=timezone.now())
    return event


def test_the_countdown_ticks_and_a_second_load_shows_the_same_time_left(open_as):
    event = paired_event()
    page = open_as(None)
    page.goto(f"/events/{event.pk}/pairings/")
    first = shown(page)
    assert 29 * 60 <= first <= 30 * 60
    time.sleep(2.2)
    later = shown(page)
    assert 1 <= first - later <= 4, (first, later)  # it counts down in the page
    other = open_as(organizer_of(event))  # a second device, signed in
    other.goto(f"/events/{event.pk}/pairings/")
    assert abs(shown(other) - shown(page)) <= 1
    page.reload()
    assert abs(shown(page) - shown(other)) <= 1


def test_a_paused_clock_stands_still_in_the_page(open_as):
    event = paired_event()
    round_clock_pause(event_id=event.pk, number=1, by=organizer_of(event), now=timezone.now())
    page = open_as(organizer_of(event))
    page.goto(f"/events/{event.pk}/manage/")
    first = shown(page)
    expect(page.get_by_role("button", name="Resume the clock")).to_be_visible()
    time.sleep(1.5)
    assert shown(page) == first
