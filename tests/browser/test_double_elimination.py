"""A double elimination on a phone (390x844): the organizer goes from the home page to the
new-event page, creates a double elimination, starts it, pairs every round from the dashboard
(the winners and losers brackets together) until the grand final is decided, and completes it;
the bracket page shows the two brackets and the grand final with their seeds, the standings
the final places. Every page fits the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, choose_shape, screenshot
from tests.factories import UserFactory
from tests.factories.tournaments import SeatFactory
from tests.tournaments.event_steps import settle, start
from tournaments.models import Event, EventStatus, MatchBracket, Phase, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def better_seed_wins(event: Event):  # noqa: ANN201
    seed = {pk: s for s, pk in enumerate(Phase.objects.get(event=event).entrants)}
    return lambda m: (2, 0, 0) if seed[m.player_a_id] < seed[m.player_b_id] else (0, 2, 0)


def test_the_organizer_runs_a_double_elimination_to_its_champion(open_as):
    olga = UserFactory(username="olga")
    org = open_as(olga)
    org.goto("/")
    org.get_by_role("link", name="Events", exact=True).first.click()
    org.get_by_role("link", name="Create an event").first.click()
    org.get_by_label("Name", exact=True).fill("Double Trouble")
    org.get_by_label("Preconstructed").check()
    choose_shape(org, "double_elimination")
    reset = org.get_by_label("Double elimination: a second grand final when the losers "
                             "bracket's champion wins the first")
    expect(reset).to_be_visible()
    expect(reset).to_be_checked()
    # The shape shows its one setting, not the Swiss rounds nor a top cut.
    expect(org.get_by_label("Top cut", exact=True)).to_be_hidden()
    expect(org.locator("#planned-phases")).to_contain_text("out at their second loss")
    assert fits(org)
    org.locator("input[name='shape'][value='double_elimination']").scroll_into_view_if_needed()
    screenshot(org, "double-elimination-new-event")
    with org.expect_navigation():
        org.get_by_role("button", name="Create the event").click()
    expect(org.get_by_text("is open for registration")).to_be_visible()
    event = Event.objects.get(name="Double Trouble")
    assert (event.structure, event.grand_final_reset) == ("double_elimination", True)

    for _ in range(6):
        SeatFactory(event=event)
    start(event)
    org.get_by_role("link", name="Manage", exact=True).click()
    org.get_by_role("button", name="Pair round 1").click()
    expect(org.get_by_role("status").first).to_contain_text("Round 1 is paired")
    wins = better_seed_wins(event)
    number = 1
    while True:
        settle(Round.objects.get(event=event, number=number), result=wins)
        org.reload()
        advance = org.get_by_role("button", name="Pair the next bracket round")
        if not advance.count():
            break
        advance.click()
        number += 1
        expect(org.get_by_role("status").first).to_contain_text(f"Round {number} is paired")
        if number == 3:
            org.get_by_role("link", name="Bracket", exact=True).click()
            expect(org.get_by_role("heading", name="Losers bracket")).to_be_visible()
            assert fits(org)
            org.get_by_role("heading", name="Losers bracket").scroll_into_view_if_needed()
            screenshot(org, "double-elimination-bracket")
            org.get_by_role("link", name="Manage", exact=True).click()
    assert Round.objects.filter(event=event, matches__bracket=MatchBracket.FINAL).exists()
    expect(org.get_by_text("won the final")).to_be_visible()
    assert fits(org)
    screenshot(org, "double-elimination-dashboard")
    org.get_by_role("button", name="Complete the event").click()
    expect(org.get_by_role("status").first).to_contain_text("is complete")
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE

    org.get_by_role("link", name="Bracket", exact=True).click()
    expect(org.get_by_role("heading", name="Grand final", exact=True).first).to_be_visible()
    expect(org.get_by_role("heading", name="Final places")).to_be_visible()
    assert fits(org)
    org.get_by_role("heading", name="Grand final", exact=True).first.scroll_into_view_if_needed()
    screenshot(org, "double-elimination-grand-final")
    org.get_by_role("link", name="Standings", exact=True).click()
    expect(org.get_by_role("columnheader", name="Place")).to_be_visible()
    assert fits(org)
    screenshot(org, "double-elimination-standings")
    org.get_by_role("link", name="Bracket", exact=True).click()
    org.get_by_role("link", name="Print the bracket").click()
    expect(org.get_by_role("heading", name="Losers bracket")).to_be_visible()
    screenshot(org, "double-elimination-print")
