"""The tournaments REST API endpoint by endpoint: what each answers, and that bad input gets a
clear error naming the field and writes nothing. Who may do what is tested in
test_api_permissions.py, a whole event run through the API in test_api_event.py."""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import Decklist
from decks.services.decklists import decklist_create
from tests.factories import RegistrationFactory, UserFactory, give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory
from tests.tournaments.event_steps import match_of, organizer_of, pair, seats, settle, start
from tournaments.models import Event, EventStatus, Match, MatchStatus, Registration, Round

pytestmark = pytest.mark.django_db

LIST = LIST_A


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def error_of(response) -> dict:
    body = response.json()
    assert set(body) == {"error"}, body
    return body["error"]


def constructed_version(user, cards=LIST):
    give_starter_kit(user)
    return decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                           now=timezone.now()).versions.get()


def event_of(**settings):
    """An event in registration; preconstructed, so seats set by factories need no list."""
    return OrganizedEventFactory(**{"format": "preconstructed", **settings})


def running(names="alice bob carol dave", **settings):
    """A started event with a seat per name and round 1 paired."""
    event = event_of(**{"rounds": 3, **settings})
    seats(event, names)
    start(event)
    return event, pair(event)


# Events ---------------------------------------------------------------------------------


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
    ({"name": "X", "format": "draft", "top_cut": 2}, "top_cut"),
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
    seats(event, "alice bob")
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
    seats(event, "alice")
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/start/")
    assert response.status_code == 409
    assert error_of(response)["code"] == "too_few_players"
    assert Event.objects.get(pk=event.pk).status == EventStatus.REGISTRATION


# Registrations --------------------------------------------------------------------------


def test_a_player_registers_for_a_preconstructed_event_with_a_deck_number():
    event = event_of()
    alice = UserFactory(username="alice")
    response = client_for(alice).post(f"/api/events/{event.pk}/registrations/",
                                      {"preconstructed_deck": 2}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["name"] == "alice" and not body["dropped"] and not body["checked_in"]
    assert body["decklist"]["preconstructed_deck"] == 2 and body["decklist"]["cards"]
    detail = client_for(alice).get(f"/api/events/{event.pk}/").json()
    assert detail["you"]["registration"] == body["id"]


def test_a_player_registers_for_a_constructed_event_with_a_list_version():
    event = OrganizedEventFactory(format="constructed")
    alice = UserFactory(username="alice")
    version = constructed_version(alice)
    response = client_for(alice).post(f"/api/events/{event.pk}/registrations/",
                                      {"decklist_version": version.pk}, format="json")
    assert response.status_code == 201
    assert response.json()["decklist"]["version"] == version.pk
    assert response.json()["decklist"]["cards"] == LIST


@pytest.mark.parametrize(("fmt", "body", "status", "code"), [
    ("constructed", {"decklist_version": 1, "preconstructed_deck": 1}, 400, "invalid"),
    ("constructed", {"preconstructed_deck": "two"}, 400, "invalid"),
    ("constructed", {"player": "nobody"}, 400, "invalid"),
    ("constructed", {}, 400, "decklist_required"),
    ("preconstructed", {"preconstructed_deck": 9}, 400, "invalid_decklist"),
    ("draft", {"preconstructed_deck": 1}, 400, "no_decklist_for_draft"),
])
def test_a_registration_without_the_decklist_the_format_needs_is_refused(fmt, body, status,
                                                                         code):
    event = OrganizedEventFactory(format=fmt)
    response = client_for(UserFactory()).post(f"/api/events/{event.pk}/registrations/", body,
                                              format="json")
    assert response.status_code == status
    assert error_of(response)["code"] == code
    assert not Registration.objects.exists() and not Decklist.objects.exists()


def test_someone_elses_list_version_is_refused_without_showing_it():
    event = OrganizedEventFactory(format="constructed")
    version = constructed_version(UserFactory(username="alice"))
    response = client_for(UserFactory(username="bob")).post(
        f"/api/events/{event.pk}/registrations/", {"decklist_version": version.pk},
        format="json")
    assert response.status_code == 400
    assert error_of(response)["code"] == "unknown_decklist"
    assert "OGRE" not in response.content.decode()


def test_registering_twice_is_a_409():
    event = event_of()
    alice, = seats(event, "alice")
    response = client_for(alice.player).post(f"/api/events/{event.pk}/registrations/", {},
                                             format="json")
    assert response.status_code == 409
    assert error_of(response)["code"] == "already_registered"


def test_players_see_the_names_and_organizers_the_decklists(django_assert_max_num_queries):
    event = OrganizedEventFactory(format="constructed")
    players = [UserFactory(username=f"p{i}") for i in range(5)]
    for player in players:
        client_for(player).post(f"/api/events/{event.pk}/registrations/",
                                {"decklist_version": constructed_version(player).pk},
                                format="json")
    url = f"/api/events/{event.pk}/registrations/"
    p0, organizer = client_for(players[0]), client_for(organizer_of(event))
    with django_assert_max_num_queries(6):
        seen_by_p0 = p0.get(url).json()
    assert [r["name"] for r in seen_by_p0] == ["p0", "p1", "p2", "p3", "p4"]
    assert seen_by_p0[0]["decklist"]["cards"] == LIST  # their own
    assert all(r["decklist"] is None for r in seen_by_p0[1:])
    assert all(r["decklist"] is None for r in client_for().get(url).json())
    with django_assert_max_num_queries(6):
        seen_by_organizer = organizer.get(url).json()
    assert all(r["decklist"]["cards"] == LIST for r in seen_by_organizer)
    event.lists_published = True
    event.save()
    assert all(r["decklist"]["cards"] == LIST for r in client_for().get(url).json())


def test_a_player_checks_in_and_drops_themselves():
    event = event_of(check_in_required=True)
    seat = RegistrationFactory(event=event, player=UserFactory(username="alice"))
    client = client_for(seat.player)
    base = f"/api/events/{event.pk}/registrations/{seat.pk}/"
    checked = client.post(base + "check-in/")
    assert checked.status_code == 200 and checked.json()["checked_in"] is True
    dropped = client.post(base + "drop/")
    assert dropped.status_code == 200 and dropped.json()["dropped"] is True
    assert client.post(base + "drop/").status_code == 200  # dropping twice changes nothing


def test_an_organizer_adds_and_removes_a_player_and_drops_one_once_it_runs():
    event = event_of()
    seats(event, "alice bob")
    organizer = client_for(organizer_of(event))
    UserFactory(username="carol")
    added = organizer.post(f"/api/events/{event.pk}/registrations/",
                           {"player": "carol"}, format="json")
    assert added.status_code == 201, added.content
    assert added.json()["name"] == "carol" and added.json()["decklist"] is None
    carol = added.json()["id"]
    removed = organizer.delete(f"/api/events/{event.pk}/registrations/{carol}/")
    assert removed.status_code == 204 and not Registration.objects.filter(pk=carol).exists()
    start(event)
    bob = Registration.objects.get(event=event, player__username="bob")
    refused = organizer.delete(f"/api/events/{event.pk}/registrations/{bob.pk}/")
    assert refused.status_code == 409 and error_of(refused)["code"] == "event_started"
    dropped = organizer.post(f"/api/events/{event.pk}/registrations/{bob.pk}/drop/")
    assert dropped.status_code == 200 and dropped.json()["dropped"] is True


def test_a_seat_of_another_event_is_a_404_there():
    event, other = event_of(), event_of()
    alice, = seats(other, "alice")
    response = client_for(alice.player).post(
        f"/api/events/{event.pk}/registrations/{alice.pk}/drop/")
    assert response.status_code == 404
    assert not Registration.objects.get(pk=alice.pk).dropped


# Rounds ---------------------------------------------------------------------------------


def test_the_organizer_pairs_the_round_they_see_and_a_repeat_returns_it():
    event = event_of(rounds=3)
    seats(event, "alice bob carol dave erin")
    start(event)
    organizer = client_for(organizer_of(event))
    url = f"/api/events/{event.pk}/rounds/"
    first = organizer.post(url, {"number": 1}, format="json")
    assert first.status_code == 201, first.content
    body = first.json()
    assert body["number"] == 1 and body["label"] == "Round 1" and body["stage"] == "swiss"
    assert [m["table"] for m in body["matches"]] == [1, 2, None]  # the bye last
    bye = body["matches"][-1]
    assert bye["player_b"] is None and bye["result"] == {"a_wins": 2, "b_wins": 0, "draws": 0}
    assert body["explanation"] and all("R" not in line.split()[0] for line in
                                       body["explanation"])
    again = organizer.post(url, {"number": 1}, format="json")
    assert again.status_code == 200 and again.json() == body
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 3


def test_pairing_while_results_are_open_is_a_409_listing_the_open_tables():
    event, rnd = running()
    first = match_of(rnd, "alice")
    client_for(first.player_a.player).post(f"/api/matches/{first.pk}/report/",
                                           {"a_wins": 2, "b_wins": 0}, format="json")
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/",
                                                    {"number": 2}, format="json")
    assert response.status_code == 409
    error = error_of(response)
    assert error["code"] == "results_open"
    assert error["problems"] == ["table 1: reported", "table 2: pending"] or (
        error["problems"] == ["table 1: pending", "table 2: reported"])
    assert "table 1" in error["message"] and "table 2" in error["message"]
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(("body", "problem"), [
    ({}, "number: This field is required."),
    ({"number": "next"}, "number: A valid integer is required."),
    ({"number": 0}, "number: Ensure this value is greater than or equal to 1."),
])
def test_pairing_needs_the_round_number(body, problem):
    event = event_of()
    seats(event, "alice bob")
    start(event)
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/", body,
                                                    format="json")
    assert response.status_code == 400
    assert error_of(response)["problems"] == [problem]
    assert not Round.objects.exists()


def test_a_number_past_the_next_round_is_a_409():
    event = event_of()
    seats(event, "alice bob")
    start(event)
    response = client_for(organizer_of(event)).post(f"/api/events/{event.pk}/rounds/",
                                                    {"number": 3}, format="json")
    assert response.status_code == 409 and error_of(response)["code"] == "wrong_round"


def test_rounds_are_listed_with_pairings_by_table_in_a_fixed_number_of_queries(
        django_assert_max_num_queries):
    event = event_of(rounds=3)
    seats(event, " ".join(f"p{i:02}" for i in range(11)))
    start(event)
    for _ in range(3):
        settle(pair(event))
    with django_assert_max_num_queries(3):
        body = client_for().get(f"/api/events/{event.pk}/rounds/").json()
    assert [r["number"] for r in body] == [1, 2, 3]
    for rnd in body:
        assert [m["table"] for m in rnd["matches"]] == [1, 2, 3, 4, 5, None]
        assert all(m["status"] == "confirmed" for m in rnd["matches"])
        assert "explanation" not in rnd


def test_a_round_shows_its_explanation_with_player_names():
    event, rnd = running("alice bob carol")
    body = client_for().get(f"/api/events/{event.pk}/rounds/1/").json()
    text = " ".join(body["explanation"])
    assert "alice" in text or "bob" in text or "carol" in text
    assert client_for().get(f"/api/events/{event.pk}/rounds/2/").status_code == 404


def test_the_top_cut_starts_from_the_standings_and_advances_to_the_final():
    event = event_of(rounds=2, top_cut=4)
    seats(event, "p1 p2 p3 p4 p5 p6")
    start(event)
    for _ in range(2):
        settle(pair(event))
    organizer = client_for(organizer_of(event))
    semis = organizer.post(f"/api/events/{event.pk}/top-cut/")
    assert semis.status_code == 201, semis.content
    assert semis.json()["label"] == "Semifinals" and semis.json()["stage"] == "top_cut"
    assert organizer.post(f"/api/events/{event.pk}/top-cut/").status_code == 200
    early = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                           format="json")
    assert early.status_code == 409 and error_of(early)["code"] == "results_open"
    settle(Round.objects.get(event=event, number=3))
    final = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                           format="json")
    assert final.status_code == 201 and final.json()["label"] == "Final"
    repeat = organizer.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 4},
                            format="json")
    assert repeat.status_code == 200 and repeat.json() == final.json()
    assert Event.objects.get(pk=event.pk).status == EventStatus.TOP_CUT


# Results --------------------------------------------------------------------------------


def report(match, user, a_wins, b_wins, draws=0):
    return client_for(user).post(f"/api/matches/{match.pk}/report/",
                                 {"a_wins": a_wins, "b_wins": b_wins, "draws": draws},
                                 format="json")


def test_two_matching_reports_confirm_the_match():
    event, rnd = running()
    match = match_of(rnd, "alice")
    first = report(match, match.player_a.player, 2, 1)
    assert first.status_code == 200 and first.json()["status"] == "reported"
    assert first.json()["result"] is None
    second = report(match, match.player_b.player, 2, 1)
    assert second.status_code == 200
    assert second.json()["status"] == "confirmed"
    assert second.json()["result"] == {"a_wins": 2, "b_wins": 1, "draws": 0}
    assert second.json()["event"] == event.pk and second.json()["round"] == 1


def test_different_reports_dispute_the_match_and_the_organizer_settles_it_with_a_note():
    event, rnd = running()
    match = match_of(rnd, "alice")
    report(match, match.player_a.player, 2, 0)
    disputed = report(match, match.player_b.player, 0, 2)
    assert disputed.json()["status"] == "disputed"
    settled = client_for(organizer_of(event)).put(
        f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 1, "note": "judge call"},
        format="json")
    assert settled.status_code == 200 and settled.json()["status"] == "confirmed"
    history = client_for(match.player_a.player).get(f"/api/matches/{match.pk}/history/")
    assert history.status_code == 200
    changes = history.json()
    assert [c["action"] for c in changes] == ["report", "report", "organizer"]
    assert [c["by"] for c in changes] == [match.player_a.name, match.player_b.name,
                                          organizer_of(event).username]
    assert changes[-1]["note"] == "judge call"
    assert changes[-1]["before"]["status"] == "disputed"
    assert changes[-1]["after"] == {**changes[-1]["after"], "status": "confirmed",
                                    "a_wins": 2, "b_wins": 1, "draws": 0}


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"a_wins": 2}, 400, "invalid"),
    ({"a_wins": "two", "b_wins": 0}, 400, "invalid"),
    ({"a_wins": -1, "b_wins": 0}, 400, "invalid"),
    ({"a_wins": 6, "b_wins": 0}, 400, "invalid"),  # more than any match's cap on games
    ({"a_wins": 3, "b_wins": 0}, 400, "invalid_result"),
    ({"a_wins": 2, "b_wins": 2}, 400, "invalid_result"),
    ({"a_wins": 2, "b_wins": 1, "draws": 3}, 400, "invalid_result"),
])
def test_a_bad_report_is_refused_and_changes_nothing(body, status, code):
    _, rnd = running()
    match = match_of(rnd, "alice")
    response = client_for(match.player_a.player).post(f"/api/matches/{match.pk}/report/", body,
                                                      format="json")
    assert response.status_code == status
    assert error_of(response)["code"] == code
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING and match.report_a is None
    assert not match.changes.exists()


def test_a_note_longer_than_200_characters_is_a_400_naming_it():
    event, rnd = running()
    match = match_of(rnd, "alice")
    response = client_for(organizer_of(event)).put(
        f"/api/matches/{match.pk}/result/", {"a_wins": 2, "b_wins": 0, "note": "x" * 201},
        format="json")
    assert response.status_code == 400
    assert error_of(response)["message"] == "invalid input in note"


def test_a_match_is_public_and_a_missing_one_is_a_404():
    _, rnd = running()
    match = match_of(rnd, "alice")
    body = client_for().get(f"/api/matches/{match.pk}/").json()
    assert body["id"] == match.pk and body["table"] == match.table
    assert client_for().get("/api/matches/99999/").status_code == 404
    assert report(Match(pk=99999), UserFactory(), 2, 0).status_code == 404


def test_the_history_is_for_the_two_players_and_the_organizers_only(
        django_assert_max_num_queries):
    event, rnd = running()
    match = match_of(rnd, "alice")
    report(match, match.player_a.player, 2, 0)
    other = next(m for m in rnd.matches.all() if m.pk != match.pk)
    url = f"/api/matches/{match.pk}/history/"
    for user in (match.player_a.player, match.player_b.player, organizer_of(event)):
        client = client_for(user)
        with django_assert_max_num_queries(6):
            assert client.get(url).status_code == 200
    hidden = client_for(other.player_a.player).get(url)
    assert hidden.status_code == 404 and error_of(hidden)["code"] == "not_found"
    assert client_for(event_of().organizers.get()).get(url).status_code == 404
    assert client_for().get(url).status_code == 403


# Standings and CSV ----------------------------------------------------------------------


def test_standings_are_public_with_record_and_tiebreakers(django_assert_max_num_queries):
    event = event_of(rounds=2)
    seats(event, "alice bob carol dave erin")
    start(event)
    for _ in range(2):
        settle(pair(event))
    with django_assert_max_num_queries(4):
        rows = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert len(rows) == 5
    assert set(rows[0]) == {"rank", "registration", "name", "match_points", "wins", "losses",
                            "draws", "omw", "gw", "ogw", "dropped", "is_ai"}
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    for row in rows:
        assert row["match_points"] == 3 * row["wins"] + row["draws"]
        assert row["wins"] + row["losses"] + row["draws"] == 2
        assert 0 <= row["omw"] <= 1 and 0 <= row["gw"] <= 1 and 0 <= row["ogw"] <= 1
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows) + 2  # two byes


def test_the_standings_download_as_csv():
    event = event_of(rounds=1)
    seats(event, "alice bob carol")
    start(event)
    settle(pair(event))
    response = client_for().get(f"/api/events/{event.pk}/standings/csv/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="event-{event.pk}-standings.csv"')
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    api = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert [r["name"] for r in rows] == [r["name"] for r in api]
    assert list(rows[0]) == ["rank", "name", "match_points", "wins", "losses", "draws", "omw",
                             "gw", "ogw", "dropped", "ai"]
    assert rows[0]["match_points"] == "3" and rows[0]["dropped"] == "0"
    assert float(rows[0]["gw"]) == pytest.approx(api[0]["gw"] * 100, abs=0.01)


def test_a_rounds_pairings_download_as_csv_with_the_bye_last():
    event, rnd = running("alice bob carol")
    settle(rnd)
    response = client_for().get(f"/api/events/{event.pk}/rounds/1/pairings/csv/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "table,player_a,player_b,status,a_wins,b_wins,draws"
    assert lines[1].startswith("1,") and lines[1].endswith(",confirmed,2,0,0")
    assert lines[2].startswith("bye,") and lines[2].endswith(",,confirmed,2,0,0")
    assert len(lines) == 3


def test_a_csv_of_a_missing_round_is_a_404_in_the_clients_format():
    event, _ = running()
    response = client_for().get(f"/api/events/{event.pk}/rounds/7/pairings/csv/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"
    only_csv = client_for().get(f"/api/events/{event.pk}/rounds/7/pairings/csv/",
                                HTTP_ACCEPT="text/csv")
    assert only_csv.status_code == 404
    assert only_csv.content.decode() == f"not_found: {event} has no round 7\n"
