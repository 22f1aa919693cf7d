"""What a late player and a no-show share (issue 16): the event's settings for them, checked
in the service, the API and the event form; the corrections trail in words; and both through
the API with the trail's endpoint. A late player is in test_corrections_late_players.py, a
no-show in test_corrections_no_shows.py."""

from datetime import timedelta

import pytest
from django.urls import reverse

from core.errors import DomainError
from tests.factories import UserFactory
from tests.tournaments.event_steps import match_of, now, organizer_of, pair
from tests.tournaments.late_noshow_steps import late, no_show, running
from tournaments.models import CorrectionAction, Event, LatePlayerGets
from tournaments.selectors.corrections import corrections_of
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("value", "minutes", "problem"), [
    ("ai_match", 10, None), ("bye", 600, None), ("coin", 10, "a late player gets"),
    ("bye", 0, "a no-show is given"), ("bye", 601, "a no-show is given"),
    ("bye", True, "a no-show is given"),
])
def test_the_event_settings_are_checked(value, minutes, problem):
    organizer = UserFactory()
    if problem is None:
        event = event_create(by=organizer, name="Cup", format="constructed", now=now(),
                             late_player_gets=value, no_show_minutes=minutes)
        assert (event.late_player_gets, event.no_show_minutes) == (value, minutes)
        return
    with pytest.raises(DomainError) as err:
        event_create(by=organizer, name="Cup", format="constructed", now=now(),
                     late_player_gets=value, no_show_minutes=minutes)
    assert any(p.startswith(problem) for p in err.value.problems)


# The trail ----------------------------------------------------------------------------------

def test_the_trail_lists_every_correction_newest_first_in_words():
    event, _ = running(gets=LatePlayerGets.AI_MATCH)
    rnd = pair(event)
    added = late(event, guest_name="Walk In")
    match = match_of(rnd, "alice")
    no_show(match, match.player_a, rnd.clock_started_at + timedelta(minutes=10))
    lines = corrections_of(event)
    assert [line.action for line in lines] == [CorrectionAction.NO_SHOW, CorrectionAction.LATE]
    assert lines[0].text.startswith(f"Gave {match.player_a.name} a match loss as a no-show")
    assert lines[1].text == (f"Added Walk In to round 1 after its pairing: a match against "
                             f"Late AI 1 at table {added.match.table}")
    assert lines[0].by == organizer_of(event).username and lines[0].round_number == 1


def test_the_api_adds_a_late_player_gives_a_no_show_and_lists_the_trail(client):
    event, _ = running()
    rnd = pair(event)
    client.force_login(organizer_of(event))
    response = client.post(f"/api/events/{event.pk}/rounds/1/late-players/",
                           {"guest_name": "Walk In"}, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["registration"]["name"] == "Walk In" and body["claim_code"]
    assert body["match"]["player_b"] is None and body["match"]["result"]["a_wins"] == 2
    response = client.post(f"/api/events/{event.pk}/rounds/1/late-players/",
                           {"guest_name": "X", "player": "alice"},
                           content_type="application/json")
    assert response.status_code == 400
    match = match_of(rnd, "alice")
    response = client.post(f"/api/matches/{match.pk}/no-show/",
                           {"absent": match.player_a_id}, content_type="application/json")
    assert response.status_code == 200 and response.json()["result"]["b_wins"] == 2
    response = client.get(f"/api/events/{event.pk}/corrections/")
    assert response.status_code == 200
    assert [row["action"] for row in response.json()] == ["no_show", "late"]
    assert response.json()[1]["text"] == "Added Walk In to round 1 after its pairing: a bye"


def test_the_event_form_and_api_take_the_settings(client):
    organizer = UserFactory()
    client.force_login(organizer)
    response = client.post("/api/events/", {
        "name": "Cup", "format": "constructed", "late_player_gets": "ai_match",
        "no_show_minutes": 15}, content_type="application/json")
    assert response.status_code == 201
    assert (response.json()["late_player_gets"], response.json()["no_show_minutes"]) == (
        "ai_match", 15)
    response = client.post("/api/events/", {"name": "Cup", "format": "constructed",
                                            "no_show_minutes": 0},
                           content_type="application/json")
    assert response.status_code == 400
    page = client.get(reverse("tournaments:event_new")).content.decode()
    assert "No-show after (minutes)" in page and "late_player_gets" in page
    form = {"name": "Cup", "format": "constructed", "match_length": 3, "top_cut": 0,
            "late_entry_until_round": 0, "late_player_gets": "ai_match", "time_zone": "UTC"}
    response = client.post(reverse("tournaments:event_new"), {**form, "no_show_minutes": 700})
    assert response.status_code == 400 and "600" in response.content.decode()
    response = client.post(reverse("tournaments:event_new"), {**form, "no_show_minutes": 25})
    assert response.status_code == 302
    made = Event.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    assert (made.late_player_gets, made.no_show_minutes) == ("ai_match", 25)
