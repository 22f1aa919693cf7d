"""The organizer fixes a typo in the venue and raises the capacity on a phone (390x844),
from the dashboard's "Edit event": the page fits the screen, a refused capacity shows under
its field, and the saved change is listed under "Changes"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, screenshot
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import organizer_of
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_organizer_edits_the_event_from_the_dashboard_on_a_phone(open_as):
    event = OrganizedEventFactory(name="Friday Clash", venue="Hal A", capacity=2)
    SeatFactory(event=event)
    SeatFactory(event=event)
    page = open_as(organizer_of(event))
    page.goto(reverse("tournaments:dashboard", args=[event.pk]))
    with page.expect_navigation():
        page.get_by_role("link", name="Edit event").click()
    expect(page.get_by_role("heading", name="Edit event")).to_be_visible()
    assert fits(page)
    page.get_by_label("Venue").fill("Hall A")
    page.get_by_label("Capacity").fill("1")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the changes").click()
    expect(page.get_by_text("the capacity cannot be 1: 2 seats are taken")).to_be_visible()
    assert fits(page)
    assert Event.objects.get(pk=event.pk).venue == "Hal A"
    page.get_by_label("Capacity").fill("8")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the changes").click()
    expect(page.get_by_text("Saved: the venue, the capacity changed.")).to_be_visible()
    expect(page.get_by_text("the venue: Hal A → Hall A")).to_be_visible()
    assert fits(page)
    screenshot(page, "event-edit")
    event = Event.objects.get(pk=event.pk)
    assert (event.venue, event.capacity) == ("Hall A", 8)
