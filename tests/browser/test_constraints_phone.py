"""The organizer sets the pairing constraints on a phone (390x844), from the home page by links
alone: a player's awarded byes and fixed table (a table already taken refused under its
field), a pair of siblings kept apart; the page fits the screen; round 1 then gives the bye,
seats the fixed table and keeps the siblings apart, and the pairings say so."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, screenshot
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, start
from tournaments.models import KeptApart, Match, Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_organizer_sets_the_constraints_from_the_dashboard_on_a_phone(open_as):
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Harbour Open", organizers=[olga], rounds=3)
    names = ("ada", "ben", "cy", "dee", "eve", "fay", "gus")
    seats = {n: SeatFactory(event=event, player=UserFactory(username=n)) for n in names}
    page = open_as(olga)
    page.goto("/")
    page.get_by_role("link", name="Me (olga)").click()
    page.get_by_role("region", name="Events I organize").get_by_role(
        "link", name="Harbour Open").click()
    page.get_by_role("heading", name="Next step").wait_for()
    page.get_by_role("link", name="Pairing constraints").click()
    expect(page.get_by_role("heading", name="Awarded byes and fixed tables")).to_be_visible()
    assert fits(page)

    form = page.locator("form").filter(has=page.get_by_label("Awarded byes"))
    form.get_by_label("Player").select_option(label="ada")
    form.get_by_label("Awarded byes").select_option("1")
    form.get_by_label("Fixed table").fill("3")
    with page.expect_navigation():
        form.get_by_role("button", name="Save for this player").click()
    expect(page.get_by_text("The pairing constraints of ada are saved.")).to_be_visible()

    form = page.locator("form").filter(has=page.get_by_label("Awarded byes"))
    form.get_by_label("Player").select_option(label="ben")
    form.get_by_label("Fixed table").fill("3")
    with page.expect_navigation():
        form.get_by_role("button", name="Save for this player").click()
    expect(page.get_by_text("Table 3 is already fixed for ada").first).to_be_visible()
    assert Registration.objects.get(pk=seats["ben"].pk).fixed_table is None
    assert fits(page)

    form = page.locator("form").filter(has=page.get_by_label("First player"))
    form.get_by_label("First player").select_option(label="cy")
    form.get_by_label("Second player").select_option(label="dee")
    form.get_by_label("Note").fill("siblings")
    with page.expect_navigation():
        form.get_by_role("button", name="Keep these two apart").click()
    expect(page.get_by_text("cy and dee will not be paired together.")).to_be_visible()
    expect(page.get_by_text("(siblings)")).to_be_visible()
    assert fits(page)
    assert KeptApart.objects.filter(event=event).count() == 1
    page.goto(reverse("tournaments:constraints", args=[event.pk]))
    screenshot(page, "pairing-constraints")

    start(event)
    pair(event)
    page.goto(reverse("tournaments:pairings", args=[event.pk]))
    expect(page.get_by_text("has a bye awarded by the organizer")).to_be_visible()
    page.get_by_text("How this round was paired").click()
    expect(page.get_by_text("cy and dee were kept apart")).to_be_visible()
    expect(page.get_by_text("ada, awarded a bye by the organizer for the first round")) \
        .to_be_visible()
    assert fits(page)
    screenshot(page, "pairing-constraints-round")
    tables = list(Match.objects.filter(round__event=event).values_list("table", flat=True))
    assert sorted(tables, key=lambda t: t or 0) == [None, 1, 2, 3]  # ada's bye: no table
