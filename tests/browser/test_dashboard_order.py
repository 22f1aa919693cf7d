"""The organizer's dashboard on a phone (390 x 844): what needs the organizer now is on the
first screen, and a button pressed further down brings the page back to where it was, not to
its top."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import match_of, organizer_of, seats, start
from tournaments.services.results import result_report
from tournaments.services.rounds import round_pair

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("CLASH_DASHBOARD_SHOTS")  # a folder: keep the phone's screens there


def keep(page, name: str) -> None:  # noqa: ANN001
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def top_of(page, selector: str) -> float:  # noqa: ANN001
    """Where the element's top is on the screen now (0: the top edge of the viewport)."""
    return page.locator(selector).first.evaluate("el => el.getBoundingClientRect().top")


def running_round(names: str = "ada ben cy dee eve fay gus hal"):  # noqa: ANN201
    event = OrganizedEventFactory(rounds=3, round_minutes=30)
    seats(event, names)
    start(event)
    rnd, _ = round_pair(event_id=event.pk, by=organizer_of(event), now=timezone.now())
    return event, rnd


def test_results_awaiting_confirmation_are_on_the_first_screen(open_as):
    event, rnd = running_round()
    match = match_of(rnd, "ada")
    result_report(match_id=match.pk, by=match.player_a.player, a_wins=2, b_wins=0, draws=0,
                  now=timezone.now())
    page = open_as(organizer_of(event))
    page.goto(f"/events/{event.pk}/manage/")
    heading = page.get_by_role("heading", name="Results to confirm")
    expect(heading).to_be_visible()
    keep(page, "dashboard-results")
    viewport = page.viewport_size["height"]
    assert top_of(page, "#open-heading") < viewport - 80, "the block starts below the screen"
    assert top_of(page, "#open-heading") < top_of(page, "#news-heading")
    assert top_of(page, "#open-heading") < top_of(page, "#seats-heading")


def test_a_clock_button_returns_to_the_clock_not_to_the_top(open_as):
    event, _ = running_round()
    page = open_as(organizer_of(event))
    page.goto(f"/events/{event.pk}/manage/")
    clock = page.get_by_role("region", name="Round clock")
    clock.get_by_role("button", name="Pause the clock").click()
    expect(clock.get_by_role("button", name="Resume the clock")).to_be_visible()
    page.wait_for_load_state("load")
    assert page.url.endswith("#clock-heading")
    keep(page, "dashboard-clock-paused")
    assert page.evaluate("window.scrollY") > 0, "the page went back to its top"
    heading = top_of(page, "#clock-heading")
    assert -2 <= heading < 120, heading
    clock.get_by_role("button", name="Resume the clock").click()
    expect(clock.get_by_role("button", name="Pause the clock")).to_be_visible()
    assert page.evaluate("window.scrollY") > 0
    assert -2 <= top_of(page, "#clock-heading") < 120


def test_the_start_asks_first_on_the_phone_and_drops_the_seats_named(open_as):
    from tests.factories import UserFactory
    from tests.factories.tournaments import ListedSeatFactory

    event = OrganizedEventFactory(format="constructed")
    for name in ("ada", "ben"):
        ListedSeatFactory(event=event, player=UserFactory(username=name))
    seats(event, "cy dee")
    page = open_as(organizer_of(event))
    page.goto(f"/events/{event.pk}/manage/")
    page.get_by_text("Start the event…").click()
    question = page.locator("#start-confirm")
    expect(question.get_by_text("2 players have no list.")).to_be_visible()
    expect(question.get_by_role("listitem")).to_have_text(["cy", "dee"])
    keep(page, "dashboard-start-asks")
    question.get_by_role("button", name="Drop these 2 players and start").click()
    expect(page.get_by_role("button", name="Pair round 1")).to_be_visible()
    event.refresh_from_db()
    assert event.status == "running"
