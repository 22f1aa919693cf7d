"""A timed draft in the browser (issue 35, "draft pods that never stall"): the clock of the
pick counts down on the phone (the site's own script, under the Content-Security-Policy),
and when it runs out the page reloads and shows the pick the AI made, marked as the timer's;
the organizer hands the absent partner's seat to the AI from the pods page, and the player
drafts on against it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.helpers import screenshot
from tests.factories import UserFactory, starter_kit
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import organizer_of, start
from tournaments.models import DraftPair, PodSeat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def timed_draft():  # noqa: ANN201
    """Two players, ten seconds a pick (the least the setting takes)."""
    starter_kit()
    event = OrganizedEventFactory(name="Quick Pods", format="draft", pick_seconds=10,
                                  organizers=[UserFactory(username="olga")])
    for name in ("ada", "ben"):
        SeatFactory(event=event, player=UserFactory(username=name))
    return start(event)


def test_the_pick_clock_runs_out_on_the_phone_and_the_organizer_hands_the_absent_seat_over(
        open_as, timed_draft):
    event = timed_draft
    first_seat, second_seat = (PodSeat.objects.select_related("registration__player")
                               .filter(pod__event=event).order_by("number"))
    partner_name = second_seat.registration.name
    # The draft started when the event did (a fixed past time in the tests): seat 1's clock
    # starts now, as a fresh pick would.
    DraftPair.objects.filter(pod__event=event).update(
        pick_due_at=timezone.now() + timedelta(seconds=10))

    page = open_as(first_seat.registration.player)
    page.goto(f"/events/{event.pk}/draft/")
    clock = page.locator("[data-pick-time]")
    first = clock.inner_text()
    assert re.fullmatch(r"0:(0\d|10)", first), first
    expect(clock).not_to_have_text(first, timeout=3000)  # it ticks
    screenshot(page, "pod-draft-pick-timer")

    # Seat 1 does not pick: at zero the page reloads and the AI has picked for it.
    page.get_by_text("picked by the timer").wait_for(timeout=20000)
    assert f"Waiting for {partner_name} to pick" in page.locator(".page-header .lead").inner_text()
    assert len(DraftPair.objects.get(pod__event=event).record["auto"]) == 1

    # Seat 2's player is away: the organizer hands the seat to the AI from the pods page.
    org = open_as(organizer_of(event))
    org.goto(f"/events/{event.pk}/pods/")
    org.get_by_role("button", name="Hand seat 2 to the AI").click()
    org.get_by_text("Pod 1, seat 2: the AI picks for it for the rest of the draft.").wait_for()
    org.get_by_text("the AI picks for this seat").wait_for()
    screenshot(org, "pod-hand-seat-to-ai")

    page.reload()
    assert "Your pick" in page.locator(".page-header .lead").inner_text()
    partner = page.get_by_role("region", name=re.compile(f"{partner_name}'s cards"))
    expect(partner.locator(".badge")).to_have_count(2)  # reveal 1: B's two picks, the AI's
