"""The round clock on the pages: the pairings page, a match page and the dashboard carry the
deadline and the server's time for the countdown script, and say the minutes left without
it; at time the match page says time is called and the dashboard flags the open tables."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of, seats, start
from tournaments.models import Round
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene():
    event = OrganizedEventFactory(rounds=3, round_minutes=40)
    alice, *_ = seats(event, "alice bob carol dave")
    start(event)
    rnd, _ = round_pair(event_id=event.pk, by=organizer_of(event), now=timezone.now())
    match = rnd.matches.get(table=1)
    return event, rnd, match


def clock_of(html: str) -> dict:
    found = re.search(r'<div class="round-clock[^"]*" data-round-clock(.*?)>', html, re.S)
    assert found, "no clock on the page"
    return dict(re.findall(r'data-clock-([a-z-]+)="([^"]*)"', found.group(1)))


def test_the_pairings_page_shows_the_round_clock_for_visitors_too(client, scene):
    event, rnd, _ = scene
    html = client.get(reverse("tournaments:pairings", args=[event.pk])).content.decode()
    clock = clock_of(html)
    assert clock["state"] == "running" and clock["deadline"] and clock["now"]
    assert clock["url"] == f"/api/events/{event.pk}/rounds/1/clock/"
    assert "40 minutes left" in html or "39 minutes left" in html  # without the script
    assert "js/round-clock.js" in html


def test_the_match_page_shows_the_tables_clock_and_its_extra_time(client, scene):
    event, rnd, match = scene
    client.force_login(organizer_of(event))
    url = reverse("tournaments:match", args=[event.pk, match.pk])
    response = client.post(reverse("tournaments:match_time", args=[event.pk, match.pk]),
                           {"minutes": 4, "note": "deck check", "seen": 0})
    assert response.status_code == 302
    html = client.get(url).content.decode()
    assert clock_of(html)["url"] == f"/api/matches/{match.pk}/time/"
    assert "This table has 4 extra minutes." in html
    assert "deck check" in html  # the trail of the time given
    assert "Give this table extra time" in html


def test_at_time_the_match_page_says_so_and_the_dashboard_flags_open_tables(client, scene):
    event, rnd, match = scene
    # Pairing started the clock an hour ago.
    Round.objects.filter(pk=rnd.pk).update(
        clock_started_at=timezone.now() - timedelta(hours=1))
    other = rnd.matches.get(table=2)
    result_set(match_id=other.pk, by=organizer_of(event), a_wins=2, b_wins=0,
               now=timezone.now())
    client.force_login(organizer_of(event))
    html = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    assert clock_of(html)["state"] == "called"
    assert "Time is called: the active player finishes the turn" in html
    board = client.get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert "1 table has no result at time" in board
    assert board.count("Time called</span>") == 2  # the summary and table 1's row


def test_the_dashboard_starts_pauses_and_resumes_the_clock(client):
    event = OrganizedEventFactory(rounds=3, clock_starts_at_pairing=False)
    seats(event, "alice bob carol dave")
    start(event)
    round_pair(event_id=event.pk, by=organizer_of(event), now=timezone.now())
    client.force_login(organizer_of(event))
    dashboard = reverse("tournaments:dashboard", args=[event.pk])
    html = client.get(dashboard).content.decode()
    assert clock_of(html)["state"] == "waiting" and "Start the clock" in html
    for step, button in (("clock_start", "Pause the clock"),
                         ("clock_pause", "Resume the clock"),
                         ("clock_resume", "Pause the clock")):
        response = client.post(reverse(f"tournaments:{step}", args=[event.pk]), {"number": 1},
                               follow=True)
        assert button in response.content.decode()
    client.post(reverse("tournaments:clock_add", args=[event.pk]),
                {"number": 1, "minutes": 5, "seen": 0})
    client.post(reverse("tournaments:clock_add", args=[event.pk]),
                {"number": 1, "minutes": 5, "seen": 0})  # a double click
    assert Round.objects.get(event=event, number=1).clock_added_minutes == 5


def test_a_complete_round_shows_no_clock(client, scene):
    event, rnd, match = scene
    for m in rnd.matches.exclude(player_b=None):
        result_set(match_id=m.pk, by=organizer_of(event), a_wins=2, b_wins=0,
                   now=timezone.now())
    html = client.get(reverse("tournaments:pairings", args=[event.pk])).content.decode()
    assert "data-round-clock" not in html
