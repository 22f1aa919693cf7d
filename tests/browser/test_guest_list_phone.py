"""The organizer enters a walk-in guest's list on a phone (390x844), from the guest's row
on the dashboard: the page fits the screen, a problem shows by the cards, and the saved list
is the seat's registered one."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, screenshot
from tests.factories.decklists import LIST_A
from tests.factories.decks import starter_kit
from tests.factories.tournaments import GuestSeatFactory, OrganizedEventFactory
from tests.tournaments.event_steps import organizer_of
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_organizer_enters_a_guests_list_from_the_dashboard_on_a_phone(open_as):
    starter_kit()
    event = OrganizedEventFactory(format="constructed", name="Friday Clash")
    seat = GuestSeatFactory(event=event, guest_name="Wanda Walkin")
    page = open_as(organizer_of(event))
    page.goto(reverse("tournaments:dashboard", args=[event.pk]))
    with page.expect_navigation():
        page.get_by_role("link", name="Enter the list of Wanda Walkin").click()
    expect(page.get_by_role("heading", name="Enter the list of Wanda Walkin")).to_be_visible()
    assert fits(page)
    screenshot(page, "guest-list")
    for name in LIST_A[:9]:
        page.locator(f'input[name="cards"][value="{name}"]').check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save the guest's list").click()
    assert page.get_by_text("9 cards, 10 needed").is_visible() and fits(page)
    page.locator(f'input[name="cards"][value="{LIST_A[9]}"]').check()
    with page.expect_navigation():
        page.get_by_role("button", name="Save the guest's list").click()
    expect(page.get_by_text("The list of Wanda Walkin is saved")).to_be_visible()
    expect(page.get_by_role("link", name="Edit the list of Wanda Walkin")).to_be_visible()
    # In the catalogue's order, as the page lists the cards.
    assert sorted(Registration.objects.get(pk=seat.pk).decklist_version.cards) == sorted(LIST_A)
