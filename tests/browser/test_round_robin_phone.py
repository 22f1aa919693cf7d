"""A round robin in groups on a phone (390x844): the organizer creates it on the new-event
page by choosing the first phase and its groups, and after a round a player reads the group
tables on the standings page and each table's group on the pairings page; both fit the
screen."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, choose_shape, screenshot
from tests.factories import UserFactory
from tests.factories.tournaments import SeatFactory
from tests.tournaments.event_steps import pair, settle, start
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_organizer_makes_a_round_robin_and_a_player_reads_the_group_tables(open_as):
    olga = UserFactory(username="olga")
    page = open_as(olga)
    page.goto(reverse("tournaments:event_new"))
    page.get_by_label("Name", exact=True).fill("Group Night")
    page.get_by_label("Preconstructed").check()
    choose_shape(page, "round_robin_top_cut")
    page.get_by_label("Round robin: groups").fill("2")
    page.get_by_label("Top cut", exact=True).select_option("8")
    page.get_by_label("Round robin: head-to-head breaks ties on match points first").check()
    assert fits(page)
    page.locator("[data-phase='round_robin']").scroll_into_view_if_needed()
    screenshot(page, "round-robin-new-event")
    with page.expect_navigation():
        page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_text("is open for registration")).to_be_visible()
    event = Event.objects.get(name="Group Night")
    assert (event.structure, event.groups, event.head_to_head) == ("round_robin", 2, True)

    for _ in range(9):
        SeatFactory(event=event)
    start(event)
    settle(pair(event))
    pair(event)
    reader = open_as(event.registrations.first().player)
    reader.goto(reverse("tournaments:standings", args=[event.pk]))
    expect(reader.get_by_role("rowheader", name="Group 1")).to_be_visible()
    expect(reader.get_by_role("rowheader", name="Group 2")).to_be_visible()
    assert fits(reader)
    screenshot(reader, "round-robin-standings")
    reader.goto(reverse("tournaments:pairings", args=[event.pk]))
    expect(reader.get_by_role("columnheader", name="Grp")).to_be_visible()
    assert fits(reader)
    screenshot(reader, "round-robin-pairings")
