"""The group tables of a round robin on paper: reached from the organizer's dashboard,
printed to PDF by Chromium (A4), with no navigation on the paper; a group never split
across two pages. With CLASH_SCREENSHOTS=1 the sheet is also pictured as printed, 794 px wide (A4 at
96 dpi) under print emulation, in docs/screenshots/print-group-tables.png (docs/printouts.md
shows it), and on a phone's screen."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import SCREENSHOTS
from tests.browser.test_printouts import printed
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, settle, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NINE = "ada ben cy dee eve fay gus hal ivy"  # a group of 5 (byes) and a group of 4
A4_AT_96_DPI = {"width": 794, "height": 1123}


def test_the_group_tables_print_from_the_dashboard_a_group_a_page(open_as):
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Harbour Groups", organizers=[olga],
                                  structure="round_robin", groups=2, rounds=None, top_cut=0,
                                  head_to_head=True)
    seats(event, NINE)
    start(event)
    settle(pair(event), result=lambda m: (2, 1, 0))
    pair(event)  # round 2 being played, rounds 3 to 5 still to pair

    page = open_as(olga)
    page.goto(f"/events/{event.pk}/manage/")
    page.get_by_role("link", name="Print the group tables").click()
    page.get_by_role("heading", name="Group tables").wait_for()
    expect(page.locator(".group-block")).to_have_count(2)
    if os.environ.get("CLASH_SCREENSHOTS") == "1":
        page.screenshot(path=str(SCREENSHOTS / "print-group-tables-phone.png"))
    pages, words = printed(page)
    assert pages == 2  # a group of 5 and its five rounds fill most of a page
    assert all(name in words for name in NINE.split())
    assert "Group 1" in words and "Group 2" in words and "not paired yet" in words
    assert "2-1" in words and "1-2" in words
    if os.environ.get("CLASH_SCREENSHOTS") == "1":
        page.set_viewport_size(A4_AT_96_DPI)
        page.emulate_media(media="print")
        page.screenshot(path=str(SCREENSHOTS / "print-group-tables.png"), full_page=True)
        page.emulate_media(media="screen")


def picture_a4(page, name: str) -> None:  # noqa: ANN001
    """docs/screenshots/<name>.png: the sheet as printed, 794 px wide, when
    CLASH_SCREENSHOTS=1."""
    if os.environ.get("CLASH_SCREENSHOTS") != "1":
        return
    size = page.viewport_size
    page.set_viewport_size(A4_AT_96_DPI)
    page.emulate_media(media="print")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size(size)


def test_a_round_robins_pairings_and_slips_print_each_tables_group(open_as):
    olga = UserFactory(username="olga")
    event = OrganizedEventFactory(name="Harbour Groups", organizers=[olga],
                                  structure="round_robin", groups=2, rounds=None, top_cut=0)
    seats(event, NINE)
    start(event)
    pair(event)

    page = open_as(olga)
    page.goto(f"/events/{event.pk}/pairings/")
    page.get_by_role("link", name="Print the pairings by table").click()
    page.get_by_role("heading", name="Round 1: pairings by table").wait_for()
    expect(page.locator("td.match-label").first).to_have_text("Group 1")
    pages, words = printed(page)
    assert pages == 1 and "Group 2" in words
    picture_a4(page, "print-pairings-groups")

    page.go_back()
    page.get_by_role("link", name="Print the result slips").click()
    expect(page.locator(".slip-group")).to_have_count(4)
    pages, words = printed(page)
    assert pages == 1 and "Group 1" in words and "Group 2" in words
    picture_a4(page, "print-slips-groups")
