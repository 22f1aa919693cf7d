"""A two-day event, lived by its organizer on a phone from the home page (docs/organizers-day.md,
"A two-day event"): she creates it on the new-event page with three Swiss rounds on day 1, day
2 for the players with at least 6 match points, and a top 4 with a match for third place;
starts it and pairs day 1 from the dashboard; day 2's first round pairs only the players who
made it, and says so in the pairing's explanation; the top 4 plays its semifinals, then its
final beside the match for third place; the bracket and the standings show the final places.
The matches' results are entered through the result writer the slips use (the slips have a
journey of their own); every step of the organizer is a click. Screenshots
docs/screenshots/two-day-*.png with CLASH_SCREENSHOTS=1."""

from __future__ import annotations

import re

import pytest

from tests.browser.helpers import choose_shape, screenshot, tasks_in_process
from tests.factories import UserFactory
from tests.factories.tournaments import ListedSeatFactory
from tests.tournaments.event_steps import settle
from tournaments.models import Event, EventStatus, MatchBracket, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Harbour Open"


def status(page) -> str:  # noqa: ANN001
    return page.get_by_role("status").first.inner_text()


def latest(event: Event) -> Round:
    return Round.objects.filter(event=event).latest("number")


def settle_latest(event: Event) -> None:
    """Every open match of the latest round confirmed: A wins, but B at every third table."""
    settle(latest(event), result=lambda m: (1, 2, 0) if m.table % 3 == 0 else (2, 1, 0))


def test_an_organizer_runs_a_two_day_event_with_a_top_four_and_third_place(open_as):
    olga = UserFactory(username="olga")
    org = open_as(olga)
    org.goto("/")
    org.get_by_role("link", name="Events", exact=True).first.click()
    org.get_by_role("link", name="Create an event").first.click()
    org.get_by_label("Name").fill(NAME)
    org.get_by_label("Preconstructed", exact=True).check()
    choose_shape(org, "two_day")
    org.get_by_label("Swiss rounds", exact=True).fill("3")
    org.get_by_label("Match points to play day 2", exact=True).fill("6")
    org.get_by_label("Rounds on day 2", exact=True).fill("1")
    org.get_by_label("Top cut", exact=True).select_option(label="Top 4")
    org.get_by_label("The semifinals' losers play a match for third place").check()
    screenshot(org, "two-day-create")
    org.get_by_role("button", name="Create the event").click()
    assert "is open for registration" in status(org)
    event = Event.objects.get(name=NAME)
    assert (event.rounds, event.day2_points, event.day2_rounds, event.top_cut,
            event.third_place) == (3, 6, 1, 4, True)
    assert ("The players with at least 6 match points after day 1 play 1 more Swiss round, "
            "their points carried over.") in org.locator("#event-day-two").inner_text()
    ListedSeatFactory.create_batch(12, event=event)

    org.get_by_role("link", name="Manage", exact=True).click()
    with tasks_in_process():
        org.get_by_role("button", name="Start the event").click()
        assert "has started" in status(org)
        for number in (1, 2, 3):
            org.get_by_role("button", name=f"Pair round {number}").click()
            assert f"Round {number} is paired" in status(org)
            settle_latest(event)
            org.reload()
        org.get_by_role("button", name="Pair round 4").click()
        assert "Round 4 is paired" in status(org)
    fourth = latest(event)
    made = {pk for m in fourth.matches.all() for pk in (m.player_a_id, m.player_b_id) if pk}
    assert 2 <= len(made) < 12  # day 2 is for those with 6 points or more, not everyone

    org.get_by_role("link", name="Pairings", exact=True).click()
    org.get_by_text("How this round was paired").first.click()
    explanation = org.locator("details.explanation").first.inner_text()
    assert re.search(r"day 2: the \d+ players with at least 6 match points play 1 more Swiss "
                     r"round", explanation)
    screenshot(org, "two-day-day-two")

    settle_latest(event)
    org.get_by_role("link", name="Manage", exact=True).click()
    org.get_by_role("button", name="Start the top 4").click()
    assert "The semifinals are paired" in status(org)
    semis = latest(event)
    assert {pk for m in semis.matches.all() for pk in (m.player_a_id, m.player_b_id)} <= made
    settle_latest(event)
    org.reload()
    org.get_by_role("button", name="Pair the next bracket round").click()
    assert "The final is paired" in status(org)
    final_round = latest(event)
    assert sorted(final_round.matches.values_list("table", "bracket")) == [
        (1, MatchBracket.MAIN), (2, MatchBracket.THIRD_PLACE)]
    settle_latest(event)
    org.reload()
    org.get_by_role("button", name="Complete the event").click()
    assert "is complete" in status(org)
    event.refresh_from_db()
    assert event.status == EventStatus.COMPLETE

    org.get_by_role("link", name="Top cut", exact=True).click()
    places = org.locator("#placings").inner_text()
    assert places.splitlines()[0].startswith("1")
    assert "Table 2: third place" in org.locator(".bracket").inner_text()
    screenshot(org, "two-day-bracket")
    org.get_by_role("link", name="Standings", exact=True).click()
    assert "The places are final: the top cut decided the first 4 places" in org.locator(
        "#placings-note").inner_text()
    screenshot(org, "two-day-standings")
