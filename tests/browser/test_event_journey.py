"""A constructed event run in the browser, each person on their own phone: the organizer
creates it, four players register their decks, the organizer starts it and pairs each round,
the players report on their match pages, the standings show the points, and the top 4 runs
to a champion."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from decks.services.collections import collection_add_set
from decks.services.decklists import decklist_create
from tests.browser.helpers import screenshot
from tests.factories import UserFactory, starter_kit
from tests.factories.decklists import LIST_A
from tournaments.models import Event, EventStatus, Match, MatchStatus, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIST = LIST_A
NAMES = ["ada", "ben", "cy", "dee"]


def player_with_a_list(name: str):  # noqa: ANN201
    user = UserFactory(username=name)
    collection_add_set(user=user, card_set=starter_kit(), copies=1)
    decklist_create(user=user, name=f"{name}'s list", kind="constructed", cards=LIST,
                    now=timezone.now())
    return user


def message(page) -> str:  # noqa: ANN001
    return page.get_by_role("status").first.inner_text()


def report(page, event: Event, match: Match, *, shot: bool = False) -> None:  # noqa: ANN001
    """The player opens their table from the pairings page and sends A 2-1 B."""
    a, b = match.player_a.name, match.player_b.name
    page.goto(f"/events/{event.pk}/pairings/")
    page.get_by_role("link", name="Report the result").click()
    page.get_by_role("heading", name="Report the result").wait_for()
    page.get_by_label(f"Games won by {a}").select_option("2")
    page.get_by_label(f"Games won by {b}").select_option("1")
    page.get_by_label("Drawn games").select_option("0")
    if shot:
        screenshot(page, "match-report")
    page.get_by_role("button", name="Send my report").click()
    page.get_by_role("heading", name="History").wait_for()


def play_round(pages: dict, event: Event, rnd: Round, *, shot: bool = False) -> None:  # noqa: ANN001
    for match in rnd.matches.select_related("player_a__player", "player_b__player"):
        assert not match.bye
        report(pages[match.player_a.name], event, match, shot=shot and match.table == 1)
        report(pages[match.player_b.name], event, match)
        assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED


def test_an_organizer_runs_a_constructed_event_with_a_top_cut_to_a_champion(open_as):
    starter_kit()
    olga = UserFactory(username="olga")
    players = {name: player_with_a_list(name) for name in NAMES}

    # The organizer creates the event from the event list.
    org = open_as(olga)
    org.get_by_role("link", name="Events").click()
    org.get_by_role("link", name="Create an event").first.click()
    org.get_by_label("Name").fill("Harbour Open")
    org.get_by_label("Constructed", exact=True).check()
    org.get_by_label("Matches").select_option(label="Best of 3")
    org.get_by_label("Top cut", exact=True).select_option(label="Top 4")
    org.get_by_role("button", name="Create the event").click()
    assert "is open for registration" in message(org)
    event = Event.objects.get(name="Harbour Open")
    assert list(event.organizers.all()) == [olga] and event.format == "constructed"

    # Four players register their constructed lists on the event's page.
    pages = {}
    for name in NAMES:
        page = pages[name] = open_as(players[name])
        page.goto(f"/events/{event.pk}/")
        page.get_by_label(f"{name}'s list").check()
        page.get_by_role("button", name="Register").click()
        assert f"You are registered for {event.name}" in message(page)
    screenshot(pages["ada"], "event")
    org.reload()
    org.get_by_role("heading", name="Players (4)").wait_for()

    # The organizer starts the event and pairs the Swiss rounds from the dashboard.
    org.get_by_role("link", name="Manage").click()
    org.get_by_role("button", name="Start the event").click()
    assert "has started: 2 Swiss rounds" in message(org)
    for number in (1, 2):
        org.get_by_role("button", name=f"Pair round {number}").click()
        assert f"Round {number} is paired" in message(org)
        rnd = Round.objects.get(event=event, number=number)
        if number == 1:
            pages["ada"].goto(f"/events/{event.pk}/pairings/")
            assert "You play at table" in pages["ada"].locator(".your-table").inner_text()
            screenshot(pages["ada"], "pairings")
        play_round(pages, event, rnd, shot=number == 1)

        # The standings show the points: a win is 3 points, a loss 0.
        standings = pages["ben"]
        standings.goto(f"/events/{event.pk}/standings/")
        standings.get_by_role("heading", name=f"After round {number}").wait_for()
        if number == 1:
            for match in rnd.matches.select_related("player_a", "player_b"):
                for seat, points in ((match.player_a, "3"), (match.player_b, "0")):
                    row = standings.get_by_role("row").filter(
                        has=standings.get_by_role("link", name=seat.name, exact=True))
                    assert row.get_by_role("cell").nth(2).inner_text() == points
        org.reload()
    screenshot(pages["ben"], "standings")
    points = sorted(int(standings.get_by_role("row").nth(i).get_by_role("cell").nth(2)
                        .inner_text()) for i in range(1, 5))
    assert points == [0, 3, 3, 6]  # two rounds of four players, no draws

    # The top 4: semifinals, then the final, then the champion.
    org.get_by_role("button", name="Start the top 4").click()
    assert "Semifinals is paired" in message(org)
    play_round(pages, event, Round.objects.filter(event=event).latest("number"))
    org.reload()
    org.get_by_role("button", name="Pair the next bracket round").click()
    assert "Final is paired" in message(org)
    final = Round.objects.filter(event=event).latest("number")
    play_round(pages, event, final)
    champion = final.matches.get().player_a.name
    org.reload()
    assert f"{champion} won the final" in org.get_by_role("region", name="Next step").inner_text()
    org.get_by_role("button", name="Complete the event").click()
    assert "is complete" in message(org)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE

    bracket = open_as(None)
    bracket.goto(f"/events/{event.pk}/")
    bracket.get_by_role("link", name="Top cut").click()
    assert re.fullmatch(rf"Champion: {champion}",
                        bracket.get_by_role("status").last.inner_text().strip())
    bracket.get_by_role("heading", name="Final").first.wait_for()
    screenshot(bracket, "bracket")
    screenshot(org, "dashboard")

    # The deck pages the players used to get here.
    ada = pages["ada"]
    ada.get_by_role("link", name="Me (ada)").click()
    ada.get_by_role("link", name="My decks").click()
    ada.get_by_role("link", name="New decklist").click()
    ada.get_by_label("Name").wait_for()
    screenshot(ada, "deck-builder")
    ada.get_by_role("link", name="Cards").click()
    ada.get_by_role("heading", level=1).wait_for()
    screenshot(ada, "card-gallery")
