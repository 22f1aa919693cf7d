"""A constructed event run in the browser, each person on their own phone: the organizer
creates it, four players register their decks, the organizer starts it and pairs each round,
the players report on their match pages, the standings show the points, and the top 4 runs
to a champion. `run_event` takes the words of a language (helpers.Words), so the same
journey runs in Russian and Turkish too (test_journeys_in_languages.py)."""

from __future__ import annotations

import re

import pytest
from django.db.models import Q
from django.utils import timezone

from decks.services.collections import collection_add_set
from decks.services.decklists import decklist_create
from tests.browser.helpers import ENGLISH, Words, choose_shape, headings, screenshot
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


def plain(text: str) -> str:
    """A message's text as the page shows it: without its tags."""
    return re.sub(r"<[^>]+>", "", text)


def report(page, event: Event, match: Match, w: Words = ENGLISH, *,  # noqa: ANN001
           shot: str = "") -> None:
    """The player opens their table from the pairings page and sends A 2-1 B."""
    a, b = match.player_a.name, match.player_b.name
    page.goto(f"/events/{event.pk}/pairings/")
    page.get_by_role("link", name=w("Report the result")).click()
    page.get_by_role("heading", name=w("Report the result")).wait_for()
    page.get_by_label(w("Games won by %(player)s", player=a)).select_option("2")
    page.get_by_label(w("Games won by %(player)s", player=b)).select_option("1")
    page.get_by_label(w("Drawn games")).select_option("0")
    if shot:
        assert w.untranslated(headings(page)) == []
        screenshot(page, shot)
    page.get_by_role("button", name=w("Send my report")).click()
    page.get_by_role("heading", name=w("History")).wait_for()


def play_round(pages: dict, event: Event, rnd: Round, w: Words = ENGLISH, *,  # noqa: ANN001
               shot: str = "") -> None:
    for match in rnd.matches.select_related("player_a__player", "player_b__player"):
        assert not match.bye
        report(pages[match.player_a.name], event, match, w,
               shot=shot if match.table == 1 else "")
        report(pages[match.player_b.name], event, match, w)
        assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED


def run_event(open_as, w: Words = ENGLISH, shots: str = "") -> None:  # noqa: ANN001
    """The whole journey; screenshots are named `shots` + the English name."""
    starter_kit()
    olga = UserFactory(username="olga")
    players = {name: player_with_a_list(name) for name in NAMES}

    # The organizer creates the event from the event list.
    org = open_as(olga, w)
    assert org.locator("html").get_attribute("lang") == w.language
    org.get_by_role("link", name=w("Events"), exact=True).click()
    org.get_by_role("link", name=w("Create an event")).first.click()
    assert w.untranslated(headings(org)) == []
    org.get_by_label(w("Name"), exact=True).fill("Harbour Open")
    org.get_by_label(w("Constructed"), exact=True).check()
    org.get_by_label(w("Matches"), exact=True).select_option(label=w("Best of 3"))
    choose_shape(org, "swiss_top_cut")
    org.get_by_label(w("Top cut"), exact=True).select_option(label=w("Top 4"))
    org.get_by_role("button", name=w("Create the event")).click()
    assert w("“%(event)s” is open for registration. Share this page with the players.",
             event="Harbour Open") in message(org)
    event = Event.objects.get(name="Harbour Open")
    assert list(event.organizers.all()) == [olga] and event.format == "constructed"

    # Four players register their constructed lists on the event's page.
    pages = {}
    for name in NAMES:
        page = pages[name] = open_as(players[name], w)
        page.goto(f"/events/{event.pk}/")
        page.get_by_label(f"{name}'s list").check()
        page.get_by_role("button", name=w("Register"), exact=True).click()
        assert message(page) in (w("You are registered for %(event)s.", event=event.name),
                                 w("You are registered for %(event)s. Check in when you "
                                   "arrive.", event=event.name))
    assert w.untranslated(headings(pages["ada"])) == []
    screenshot(pages["ada"], f"{shots}event")
    org.reload()
    org.get_by_role("heading", name=w("Players (%(players)s)", players=4)).wait_for()

    # The organizer starts the event and pairs the Swiss rounds from the dashboard.
    org.get_by_role("link", name=w("Manage")).click()
    assert w.untranslated(headings(org)) == []
    org.get_by_role("button", name=w("Start the event")).click()
    assert w.n("%(name)s has started: %(rounds)d Swiss round. Pair round 1 when the players "
               "are seated.",
               "%(name)s has started: %(rounds)d Swiss rounds. Pair round 1 when the players "
               "are seated.", 2, name=event.name, rounds=2) in message(org)
    for number in (1, 2):
        org.get_by_role("button", name=w("Pair round %(number)s", number=number)).click()
        assert w("Round %(round)d is paired. The players find their tables on the pairings "
                 "page.", round=number) in message(org)
        rnd = Round.objects.get(event=event, number=number)
        if number == 1:
            pages["ada"].goto(f"/events/{event.pk}/pairings/")
            mine = rnd.matches.get(Q(player_a__player=players["ada"])
                                   | Q(player_b__player=players["ada"]))
            opponent = (mine.player_b if mine.player_a.player_id == players["ada"].pk
                        else mine.player_a).name
            assert plain(w("You play at <strong class=\"table-number\">table %(number)s"
                           "</strong> against <strong>%(opponent)s</strong>.",
                           number=mine.table, opponent=opponent)) in (
                pages["ada"].locator(".your-table").inner_text())
            assert w.untranslated(headings(pages["ada"])) == []
            screenshot(pages["ada"], f"{shots}pairings")
        play_round(pages, event, rnd, w, shot=f"{shots}match-report" if number == 1 else "")

        # The standings show the points: a win is 3 points, a loss 0.
        standings = pages["ben"]
        standings.goto(f"/events/{event.pk}/standings/")
        standings.get_by_role("heading", name=w("Standings after round %(round)d",
                                                round=number)).wait_for()
        if number == 1:
            for match in rnd.matches.select_related("player_a", "player_b"):
                for seat, points in ((match.player_a, "3"), (match.player_b, "0")):
                    row = standings.get_by_role("row").filter(
                        has=standings.get_by_role("link", name=seat.name, exact=True))
                    assert row.get_by_role("cell").nth(2).inner_text() == points
        org.reload()
    assert w.untranslated(headings(pages["ben"])) == []
    screenshot(pages["ben"], f"{shots}standings")
    points = sorted(int(standings.get_by_role("row").nth(i).get_by_role("cell").nth(2)
                        .inner_text()) for i in range(1, 5))
    assert points == [0, 3, 3, 6]  # two rounds of four players, no draws

    # The top 4: semifinals, then the final, then the champion.
    org.get_by_role("button", name=w("Start the top %(cut)s", cut=4)).click()
    assert w("The semifinals are paired. The players find their tables on the pairings "
             "page.") in message(org)
    play_round(pages, event, Round.objects.filter(event=event).latest("number"), w)
    org.reload()
    org.get_by_role("button", name=w("Pair the next bracket round")).click()
    assert w("The final is paired. The players find their table on the pairings page.") in (
        message(org))
    final = Round.objects.filter(event=event).latest("number")
    play_round(pages, event, final, w)
    champion = final.matches.get().player_a.name
    org.reload()
    assert w("%(name)s won the final.", name=champion) in org.get_by_role(
        "region", name=w("Next step")).inner_text()
    org.get_by_role("button", name=w("Complete the event")).click()
    assert w("%(event)s is complete. Its results are final.", event=event.name) in message(org)
    assert Event.objects.get(pk=event.pk).status == EventStatus.COMPLETE

    bracket = open_as(None, w)
    bracket.goto(f"/events/{event.pk}/")
    bracket.get_by_role("link", name=w("Top cut"), exact=True).click()
    assert re.fullmatch(re.escape(plain(w("Champion: <strong>%(name)s</strong>",
                                          name=champion))),
                        bracket.get_by_role("status").last.inner_text().strip())
    bracket.get_by_role("heading", name=w("Final"), exact=True).first.wait_for()
    assert w.untranslated(headings(bracket)) == []
    screenshot(bracket, f"{shots}bracket")
    assert w.untranslated(headings(org)) == []
    screenshot(org, f"{shots}dashboard")

    # The deck pages the players used to get here.
    ada = pages["ada"]
    ada.get_by_role("link", name=f"{w('Me')} (ada)").click()
    ada.get_by_role("link", name=w("My decks")).click()
    ada.get_by_role("link", name=w("New decklist")).click()
    ada.get_by_label(w("Name"), exact=True).wait_for()
    assert w.untranslated(headings(ada)) == []
    screenshot(ada, f"{shots}deck-builder")
    ada.get_by_role("link", name=w("Cards"), exact=True).click()
    ada.get_by_role("heading", level=1).wait_for()
    assert w.untranslated(headings(ada)) == []
    screenshot(ada, f"{shots}card-gallery")


def test_an_organizer_runs_a_constructed_event_with_a_top_cut_to_a_champion(open_as):
    run_event(open_as)
