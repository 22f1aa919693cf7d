"""The tournaments API's events: the public list and its filters, creating one with a seed the
server draws, bad settings named, organizers, start and complete. Who may do what is tested
in tests/tournaments/api/test_api_permissions.py, a whole event run through the API in
tests/tournaments/api/test_api_event.py."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.factories.tournaments import ListedSeatFactory, OrganizedEventFactory, SeatFactory
from tests.tournaments.api.conftest import event_of
from tests.tournaments.event_steps import organizer_of, pair, settle, start
from tests.web import client_for, error_of
from tournaments.models import Event, EventStatus

pytestmark = pytest.mark.django_db


def listed(event: Event, names: str) -> None:
    for name in names.split():
        ListedSeatFactory(event=event, player=UserFactory(username=name))


def test_events_are_listed_publicly_newest_first_and_filter_by_status_format_and_game():
    older = OrganizedEventFactory(name="Older", format="constructed")
    newer = OrganizedEventFactory(name="Newer", format="preconstructed")
    SeatFactory.create_batch(2, event=newer)
    start(newer)
    body = client_for().get("/api/events/").json()
    assert [e["name"] for e in body["results"]] == ["Newer", "Older"]
    listed = body["results"][0]
    assert listed["status"] == "running" and listed["players"] == 2
    assert listed["organizers"] == [organizer_of(newer).username]
    assert "seed" not in listed and "you" not in listed
    assert [e["id"] for e in client_for().get("/api/events/?status=registration").json()[
        "results"]] == [older.pk]
    assert [e["id"] for e in client_for().get("/api/events/?format=preconstructed").json()[
        "results"]] == [newer.pk]
    assert client_for().get("/api/events/?game=clash").json()["count"] == 2


@pytest.mark.parametrize(("query", "problem"), [
    ("status=paused", 'status: "paused" is not a valid choice.'),
    ("format=sealed", 'format: "sealed" is not a valid choice.'),
    ("game=chess", "game: no game slug chess"),
])
def test_a_bad_event_filter_is_a_400_naming_the_field(query, problem):
    response = client_for().get("/api/events/?" + query)
    assert response.status_code == 400
    assert error_of(response)["problems"] == [problem]


def test_the_event_list_takes_a_fixed_number_of_queries(django_assert_max_num_queries):
    for _ in range(6):
        event = OrganizedEventFactory(organizers=[UserFactory(), UserFactory()])
        SeatFactory.create_batch(3, event=event)
    with django_assert_max_num_queries(4):
        response = client_for().get("/api/events/")
    assert response.json()["count"] == 6


def test_a_logged_in_user_creates_an_event_and_becomes_its_organizer():
    alice = UserFactory(username="alice")
    response = client_for(alice).post("/api/events/", {
        "name": "Friday Clash", "format": "preconstructed", "match_length": 1, "top_cut": 4,
        "tiebreakers": ["match_points", "gw", "omw", "ogw"]}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["organizers"] == ["alice"] and body["status"] == "registration"
    assert body["you"] == {"organizer": True, "registration": None}
    assert body["rounds"] is None and body["match_length"] == 1
    # Nobody sees the seed before the event is complete, its organizer neither.
    assert body["seed"] is None and body["seed_hash"] is None
    assert body["tiebreakers"] == ["match_points", "gw", "omw", "ogw"]
    event = Event.objects.get(pk=body["id"])
    assert list(event.organizers.all()) == [alice] and event.game.slug == "clash"
    seen_by_bob = client_for(UserFactory()).get(f"/api/events/{event.pk}/").json()
    assert seen_by_bob["seed"] is None  # a player must not foresee the pairing draws
    assert seen_by_bob["you"] == {"organizer": False, "registration": None}


def test_an_event_gets_a_seed_drawn_by_the_server():
    response = client_for(UserFactory()).post("/api/events/", {
        "name": "Random", "format": "draft"}, format="json")
    assert response.status_code == 201
    assert response.json()["seed"] is None
    assert 0 <= Event.objects.get(pk=response.json()["id"]).seed < 2**62


@pytest.mark.parametrize(("body", "field"), [
    ({"format": "draft"}, "name"),
    ({"name": "X", "format": "sealed"}, "format"),
    ({"name": "X", "format": "draft", "match_length": 5}, "match_length"),
    ({"name": "X", "format": "draft", "rounds": 0}, "rounds"),
    ({"name": "X", "format": "draft", "top_cut": 6}, "top_cut"),
    ({"name": "X", "format": "draft", "tiebreakers": ["coin"]}, "tiebreakers.0"),
    ({"name": "X", "format": "draft", "tiebreakers": []}, "tiebreakers"),
    ({"name": "X", "format": "draft", "game": "chess"}, "game"),
    ({"name": "X", "format": "draft", "seed": -1}, "seed"),
    ({"name": "X", "format": "draft", "seed": 42}, "seed"),
    ({"name": "X", "format": "draft", "registration_opens": "soon"}, "registration_opens"),
])
def test_bad_event_settings_are_a_400_naming_the_field_and_make_nothing(body, field):
    response = client_for(UserFactory()).post("/api/events/", body, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid" and error["message"] == f"invalid input in {field}"
    assert not Event.objects.exists()


def test_settings_that_break_a_rule_together_get_the_services_problems():
    response = client_for(UserFactory()).post("/api/events/", {
        "name": "X", "format": "draft", "registration_opens": "2026-05-02T10:00:00Z",
        "registration_closes": "2026-05-01T10:00:00Z", "rounds": 2,
        "late_entry_until_round": 3, "tiebreakers": ["gw", "gw"]}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_event"
    assert error["problems"] == ["registration must close after it opens",
                                 "late entry until round 3, but the event has 2 Swiss rounds",
                                 "a tiebreaker is listed twice"]
    assert not Event.objects.exists()


def test_a_missing_event_is_a_404():
    response = client_for().get("/api/events/999/")
    assert response.status_code == 404
    assert error_of(response) == {"code": "not_found", "message": "no event 999"}


def test_an_organizer_adds_another_organizer_by_username():
    event = event_of()
    bob = UserFactory(username="bob")
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/organizers/",
                                                    {"username": "bob"}, format="json")
    assert response.status_code == 200
    assert "bob" in response.json()["organizers"]
    assert event.organizers.filter(pk=bob.pk).exists()
    unknown = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/organizers/",
                                                   {"username": "nobody"}, format="json")
    assert unknown.status_code == 400
    assert error_of(unknown)["problems"] == ["username: no player nobody"]


def test_start_runs_the_event_and_complete_needs_its_rounds_played():
    event = event_of(rounds=1)
    listed(event, "alice bob")
    organizer = client_for(organizer_of(event))
    started = organizer.post(f"/api/events/{event.pk}/start/")
    assert started.status_code == 200 and started.json()["status"] == "running"
    early = organizer.post(f"/api/events/{event.pk}/complete/")
    assert early.status_code == 409
    assert error_of(early)["code"] == "rounds_to_play"
    settle(pair(event))
    done = organizer.post(f"/api/events/{event.pk}/complete/")
    assert done.status_code == 200 and done.json()["status"] == "complete"
    assert done.json()["completed_at"] is not None


def test_starting_with_too_few_players_is_a_409_and_changes_nothing():
    event = event_of()
    listed(event, "alice")
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/start/")
    assert response.status_code == 409
    assert error_of(response)["code"] == "too_few_players"
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION
