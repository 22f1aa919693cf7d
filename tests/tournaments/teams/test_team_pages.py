"""The pages of a team event: the teams page where players make and join teams (reached from
the event's tabs), the pairings with each team match heading its seat matches, the standings
with the team standings and each team's players under it, the CSV's and the API's team
standings."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import pair, settle, start
from tests.tournaments.teams.team_steps import form_team, team_event
from tournaments.models import Registration, Team

pytestmark = pytest.mark.django_db


def test_players_make_and_join_a_team_on_the_teams_page(client):
    event = OrganizedEventFactory(team_size=2)
    ann = SeatFactory(event=event, player__username="ann")
    bob = SeatFactory(event=event, player__username="bob")
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    teams_url = reverse("tournaments:teams", args=[event.pk])
    assert teams_url in page  # the Teams tab
    client.force_login(ann.player)
    made = client.post(reverse("tournaments:team_new", args=[event.pk]), {"name": "Owls"},
                       follow=True)
    assert "Team Owls is made" in made.content.decode()
    team = Team.objects.get(event=event)
    client.force_login(bob.player)
    page = client.get(teams_url).content.decode()
    assert "Join a team" in page and "Owls" in page
    client.post(reverse("tournaments:team_join", args=[event.pk]), {"team": team.pk})
    assert Registration.objects.get(pk=bob.pk).seat == "B"
    page = client.get(teams_url).content.decode()
    assert "Leave the team" in page and "Join a team" not in page
    assert "Take" not in page  # bob did not make the team: no maker's buttons


def test_a_refused_team_says_why_and_makes_nothing(client):
    event = OrganizedEventFactory(team_size=2)
    form_team(event, "Owls", ["ann"])
    seat = SeatFactory(event=event)
    client.force_login(seat.player)
    answer = client.post(reverse("tournaments:team_new", args=[event.pk]), {"name": "owls"})
    assert answer.status_code == 409
    assert "has a team named owls already" in answer.content.decode()
    assert Team.objects.filter(event=event).count() == 1


def test_an_attacker_cannot_take_a_member_out_of_someone_elses_team(client):
    event = OrganizedEventFactory(team_size=2)
    team = form_team(event, "Owls", ["ann", "bob"])
    bob = Registration.objects.get(player__username="bob")
    client.force_login(UserFactory(username="mallory"))
    answer = client.post(reverse("tournaments:team_member_remove",
                                 args=[event.pk, team.pk, bob.pk]))
    assert answer.status_code == 403
    assert Registration.objects.get(pk=bob.pk).team_id == team.pk
    answer = client.post(reverse("tournaments:team_member_up", args=[event.pk, team.pk, bob.pk]))
    assert answer.status_code == 403
    assert Registration.objects.get(pk=bob.pk).seat == "B"


def test_an_individual_event_has_no_teams_page(client):
    event = OrganizedEventFactory()
    assert client.get(reverse("tournaments:teams", args=[event.pk])).status_code == 404
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert reverse("tournaments:teams", args=[event.pk]) not in page


def test_pairings_head_each_team_match_and_standings_show_the_teams(client):
    event = team_event(2, 2)
    start(event)
    rnd = pair(event)
    page = client.get(reverse("tournaments:pairings", args=[event.pk])).content.decode()
    assert "Team 1 vs Team 2" in page or "Team 2 vs Team 1" in page
    assert page.count('class="seat"') == 2  # each seat match says its seat (A, B)
    settle(rnd, t1a=(2, 0, 0), t1b=(2, 1, 0))  # Team 1 wins both seats
    page = client.get(reverse("tournaments:pairings", args=[event.pk])).content.decode()
    assert "seats won 2-0" in page or "seats won 0-2" in page
    page = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "Team standings" in page
    first = page.index("Team 1")
    assert first < page.index("Team 2")  # the winners first
    assert page.index("t1a") > first and "1-0-0" in page
    csv = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    header, *rows = csv.strip().splitlines()
    assert header.endswith("team,seat,team_rank")
    assert any(row.startswith("1,t1a,") and row.endswith("Team 1,A,1") for row in rows)


def test_the_api_gives_the_team_standings():
    event = team_event(2, 2)
    start(event)
    settle(pair(event), t2a=(2, 0, 0), t2b=(1, 1, 1))  # Team 2 wins a seat, draws one
    answer = APIClient().get(f"/api/events/{event.pk}/team-standings/")
    assert answer.status_code == 200
    first, second = answer.json()
    assert (first["name"], first["rank"], first["match_points"], first["wins"]) == (
        "Team 2", 1, 3, 1)
    assert [m["seat"] for m in first["members"]] == ["A", "B"]
    assert [(m["name"], m["wins"], m["draws"]) for m in first["members"]] == [
        ("t2a", 1, 0), ("t2b", 0, 1)]
    # Seat-win %: a seat won and one drawn of 2 is (3 + 1) / 6; 1 / 6 is floored at 0.33.
    assert first["gw"] == pytest.approx(4 / 6, abs=1e-4)
    assert (second["name"], second["losses"], second["gw"]) == ("Team 1", 1, 0.33)
    alone = OrganizedEventFactory()
    assert APIClient().get(f"/api/events/{alone.pk}/team-standings/").json() == []
    assert APIClient().get("/api/events/99999/team-standings/").status_code == 404


def test_the_api_makes_a_team_event_and_refuses_teams_with_a_top_cut():
    api = APIClient()
    api.force_authenticate(UserFactory())
    refused = api.post("/api/events/", {"name": "Pairs", "format": "preconstructed",
                                        "team_size": 2, "top_cut": 4}, format="json")
    assert refused.status_code == 400
    assert "top_cut" in refused.json()["error"]["fields"]
    made = api.post("/api/events/", {"name": "Pairs", "format": "preconstructed",
                                     "team_size": 2}, format="json")
    assert made.status_code == 201 and made.json()["team_size"] == 2


def test_the_dashboard_names_the_teams_that_are_not_full(client):
    event = team_event(2, 3)
    form_team(event, "Larks", ["lou", "max"])
    client.force_login(event.organizers.first())
    answer = client.post(reverse("tournaments:event_start", args=[event.pk]), follow=True)
    page = answer.content.decode()
    assert "cannot start" in page and "Team Larks needs 3 players" in page
    assert Team.objects.filter(event=event).count() == 3
    event.refresh_from_db()
    assert event.status == "registration"
