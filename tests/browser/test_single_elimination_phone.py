"""A single elimination on a phone (390x844): the organizer creates it on the new-event page
by choosing the first phase, and once round 1 is paired a player reads the bracket with its
seeds and byes; both fit the screen."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, choose_shape, screenshot
from tests.factories import UserFactory
from tests.factories.tournaments import SeatFactory
from tests.tournaments.event_steps import now, pair, settle, start
from tournaments.models import Event, Round
from tournaments.services.events import event_complete
from tournaments.services.topcut import topcut_advance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_organizer_makes_a_single_elimination_and_a_player_reads_the_bracket(open_as):
    olga = UserFactory(username="olga")
    page = open_as(olga)
    page.goto(reverse("tournaments:event_new"))
    page.get_by_label("Name", exact=True).fill("Knockout Night")
    page.get_by_label("Preconstructed").check()
    choose_shape(page, "single_elimination")
    page.get_by_label("The semifinals' losers play a match for third place").check()
    assert fits(page)
    page.locator("[data-phase='bracket']").scroll_into_view_if_needed()
    screenshot(page, "single-elimination-new-event")
    with page.expect_navigation():
        page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_text("is open for registration")).to_be_visible()
    event = Event.objects.get(name="Knockout Night")
    assert (event.structure, event.third_place) == ("single_elimination", True)

    for _ in range(6):
        SeatFactory(event=event)
    start(event)
    pair(event)
    reader = open_as(event.registrations.first().player)
    reader.goto(reverse("tournaments:event", args=[event.pk]))
    reader.get_by_role("link", name="Bracket").click()
    expect(reader.get_by_role("heading", name="Quarterfinals")).to_be_visible()
    expect(reader.get_by_text("bye", exact=True)).to_have_count(2)
    assert fits(reader)
    screenshot(reader, "single-elimination-bracket")

    organizer = event.organizers.first()
    for number in range(1, 4):
        settle(Round.objects.get(event=event, number=number))
        if number < 3:
            topcut_advance(event_id=event.pk, by=organizer, now=now())
    event_complete(event_id=event.pk, by=organizer, now=now())
    reader.goto(reverse("tournaments:standings", args=[event.pk]))
    expect(reader.get_by_text("The places are final: the bracket decided them")).to_be_visible()
    expect(reader.get_by_role("heading", name="Final places")).to_be_visible()
    expect(reader.get_by_role("columnheader", name="Place")).to_be_visible()
    assert fits(reader)
    screenshot(reader, "single-elimination-standings")
