"""The new-event page's shapes on a phone (390x844), reached from the home page: the organizer
taps each shape's card and sees only the settings of its phases (tournaments/forms/shapes.py);
she creates a two-day event with the defaults the shape fills in, and the event page tells
its phases in order. Screenshot docs/screenshots/new-event-shapes.png with
CLASH_SCREENSHOTS=1."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, TIMEOUT_MS, log_in, screenshot
from tests.factories import UserFactory
from tournaments.forms.shapes import NEUTRAL, SHAPES
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Harbour Two-Day"
PHASES = [
    "Swiss, 5 rounds.",
    "Day 2: Swiss, 3 rounds, points and opponents carried over. The players with at least 9 "
    "match points play it.",
    "Top 8, single elimination. The semifinals' losers play a match for third place.",
]


def card(page, shape):  # noqa: ANN001, ANN201
    return page.get_by_role("radio", name=f"{shape.label} {shape.description}", exact=True)


def shown_settings(page) -> set[str]:  # noqa: ANN001
    """The phase settings the page shows (visible and sent with the form)."""
    return {name for name in NEUTRAL
            if page.locator(f"[name='{name}']").is_visible()
            and page.locator(f"[name='{name}']").is_enabled()}


def test_each_shape_shows_only_its_settings_and_a_two_day_event_is_made(browser, live_server):
    olga = UserFactory(username="olga")
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        log_in(page, live_server.url, olga.get_username())
        page.goto("/")
        page.get_by_role("link", name="Events", exact=True).first.tap()
        page.get_by_role("link", name="Create an event").first.tap()
        expect(page.get_by_role("group", name="What shape is your event?")).to_be_visible()
        # The first shape is chosen: Swiss, with its rounds only.
        expect(card(page, SHAPES[0])).to_be_checked()
        assert shown_settings(page) == {"rounds"}
        for shape in SHAPES:
            page.locator("label.shape-card", has=card(page, shape)).tap()
            expect(card(page, shape)).to_be_checked()
            assert shown_settings(page) == set(shape.shown), shape.key
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        two_day = next(s for s in SHAPES if s.key == "two_day")
        page.locator("label.shape-card", has=card(page, two_day)).tap()
        # The shape's defaults are filled in: 9 match points, 3 rounds on day 2, a top 8.
        expect(page.get_by_label("Match points to play day 2", exact=True)).to_have_value("9")
        expect(page.get_by_label("Rounds on day 2", exact=True)).to_have_value("3")
        expect(page.get_by_label("Top cut", exact=True)).to_have_value("8")
        page.get_by_label("Swiss rounds", exact=True).fill("5")
        page.get_by_label("The semifinals' losers play a match for third place").check()
        # The Phases list says what the shape and its settings make, as the settings change.
        expect(page.locator("#planned-phases li")).to_have_text(PHASES)
        page.get_by_label("Top cut", exact=True).select_option("4")
        expect(page.locator("#planned-phases li").last).to_have_text(
            "Top 4, single elimination. The semifinals' losers play a match for third place.")
        page.get_by_label("Top cut", exact=True).select_option("8")
        page.get_by_label("Name", exact=True).fill(NAME)
        page.get_by_label("Preconstructed", exact=True).check()
        card(page, two_day).scroll_into_view_if_needed()
        screenshot(page, "new-event-shapes")
        page.locator("#event-phases-editor").evaluate("e => e.scrollIntoView({block: 'start'})")
        screenshot(page, "new-event-shapes-editor")
        with page.expect_navigation():
            page.get_by_role("button", name="Create the event").tap()
        expect(page.get_by_text("is open for registration")).to_be_visible()
        event = Event.objects.get(name=NAME)
        assert (event.structure, event.rounds, event.day2_points, event.day2_rounds,
                event.top_cut, event.third_place, event.groups) == (
            "swiss", 5, 9, 3, 8, True, None)
        assert page.locator("#event-phases li").all_inner_texts() == PHASES
        page.locator("#event-phases").scroll_into_view_if_needed()
        screenshot(page, "new-event-shapes-phases")
    finally:
        context.close()


def test_once_started_the_edit_page_shows_the_shape_locked_and_why(open_as):
    """From the dashboard's "Edit event" of a started two-day event: the shape's cards are
    shown, its own chosen, all of them disabled, with the sentence saying why; its phases as
    saved are listed above their settings (disabled too)."""
    from django.urls import reverse

    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import organizer_of, seats, start

    event = OrganizedEventFactory(name="Started Two-Day", rounds=3, day2_points=6,
                                  day2_rounds=1, top_cut=4)
    seats(event, "alice bob carol dave")
    start(event)
    page = open_as(organizer_of(event))
    page.goto(reverse("tournaments:dashboard", args=[event.pk]))
    with page.expect_navigation():
        page.get_by_role("link", name="Edit event").click()
    two_day = next(s for s in SHAPES if s.key == "two_day")
    expect(card(page, two_day)).to_be_checked()
    for shape in SHAPES:
        expect(card(page, shape)).to_be_disabled()
    expect(page.get_by_text("Fixed since the event started: its phases were written from "
                            "this shape at the start")).to_be_visible()
    assert page.locator("#saved-phases li").all_inner_texts()[0] == "Swiss, 3 rounds."
    expect(page.get_by_label("Rounds on day 2", exact=True)).to_be_disabled()
    # The settings of the other shapes stay hidden.
    assert not page.get_by_label("Round robin: groups").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#event-shape").evaluate(
        "e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -16); }")
    screenshot(page, "event-edit-shape-locked")
