"""A team event on a phone (390x844), from the home page (docs/tournaments.md, "A team
event"): the organizer creates it with 2 players per team; two players who registered with
their own lists make a team and join it on the Teams page; three more teams form as players
do (through the same services); the organizer starts the event and pairs round 1 from the
dashboard; the pairings show each team match above its seat matches; once the results are in,
the standings show the team standings with each team's players under it. Screenshots
docs/screenshots/team-*.png with CLASH_SCREENSHOTS=1."""

from __future__ import annotations

import pytest

from tests.browser.helpers import PHONE, screenshot, tasks_in_process
from tests.factories import UserFactory
from tests.factories.tournaments import ListedSeatFactory
from tests.tournaments.event_steps import now, settle
from tournaments.models import Event, Registration, Round, Team, TeamMatch
from tournaments.services.teams import team_create, team_join

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Harbour Pairs"


def status(page) -> str:  # noqa: ANN001
    return page.get_by_role("status").first.inner_text()


def fits(page) -> bool:  # noqa: ANN001
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_organizer_runs_a_round_of_a_team_event_on_a_phone(open_as):
    olga = UserFactory(username="olga")
    org = open_as(olga)
    org.goto("/")
    org.get_by_role("link", name="Events", exact=True).first.click()
    org.get_by_role("link", name="Create an event").first.click()
    org.get_by_label("Name").fill(NAME)
    org.get_by_label("Preconstructed", exact=True).check()
    org.get_by_label("Players per team").select_option("2")
    org.get_by_label("Players per team").scroll_into_view_if_needed()
    assert fits(org)
    screenshot(org, "team-new-event")
    org.get_by_role("button", name="Create the event").click()
    assert "is open for registration" in status(org)
    event = Event.objects.get(name=NAME)
    assert event.team_size == 2

    ann = ListedSeatFactory(event=event, player__username="ann")
    ListedSeatFactory(event=event, player__username="bob")
    player = open_as(ann.player)
    player.goto("/")
    player.get_by_role("link", name="Events", exact=True).first.click()
    player.get_by_role("link", name=NAME).first.click()
    player.get_by_role("link", name="Teams", exact=True).click()
    player.get_by_label("Team name").fill("Owls")
    assert fits(player)
    screenshot(player, "team-make")
    player.get_by_role("button", name="Make the team").click()
    assert "Team Owls is made: you sit in seat A." in status(player)
    mate = open_as(Registration.objects.get(player__username="bob").player)
    mate.goto(f"/events/{event.pk}/")
    mate.get_by_role("link", name="Teams", exact=True).click()
    mate.get_by_role("radio", name="Owls").check()
    mate.get_by_role("button", name="Join the team").click()
    assert "You joined team Owls in seat B." in status(mate)
    for name in ("Larks", "Wrens", "Terns"):
        seats = ListedSeatFactory.create_batch(2, event=event)
        team = team_create(event_id=event.pk, by=seats[0].player, now=now(), name=name)
        team_join(event_id=event.pk, by=seats[1].player, team_id=team.pk)
    mate.reload()
    assert fits(mate)
    screenshot(mate, "team-teams")
    player.reload()  # the maker may move bob up a seat or take him out
    player.get_by_role("button", name="Move bob up").click()
    assert "The seats are reordered." in status(player)
    assert Registration.objects.get(player__username="bob").seat == "A"
    player.locator("[data-team]", has_text="Owls").scroll_into_view_if_needed()
    assert fits(player)
    screenshot(player, "team-maker")

    org.get_by_role("link", name="Manage", exact=True).click()
    with tasks_in_process():
        org.get_by_role("button", name="Start the event").click()
        assert "has started" in status(org)
        org.get_by_role("button", name="Pair round 1").click()
        assert "Round 1 is paired" in status(org)
    rnd = Round.objects.get(event=event, number=1)
    assert TeamMatch.objects.filter(round=rnd).count() == 2
    assert rnd.matches.count() == 4
    settle(rnd, result=lambda m: (2, 0, 0) if m.player_a.seat == "A" else (2, 1, 0))
    org.get_by_role("link", name="Pairings", exact=True).click()
    headings = org.locator("tr.team-match-heading").all_inner_texts()
    assert len(headings) == 2 and all("seats won 2-0" in h for h in headings)
    assert fits(org)
    screenshot(org, "team-pairings")

    org.get_by_role("link", name="Standings", exact=True).click()
    teams = org.locator("table.team-standings tr.team-row").all_inner_texts()
    winners = {tm.team_a.name for tm in TeamMatch.objects.filter(round=rnd)}
    assert {line.split("\t")[1].split()[0] for line in teams[:2]} == winners
    assert org.locator("table.team-standings tr.member-row").count() == 8
    assert Team.objects.filter(event=event).count() == 4
    assert fits(org)
    screenshot(org, "team-standings")
