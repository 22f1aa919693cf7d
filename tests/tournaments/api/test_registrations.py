"""The tournaments API's registrations: registering with the decklist the format needs, what
players and organizers see of the seats, check-in and drops, seats an organizer adds."""

from __future__ import annotations

import pytest

from decks.models import Decklist
from tests.factories import RegistrationFactory, UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.api.conftest import LIST, constructed_version, event_of
from tests.tournaments.event_steps import organizer_of, seats, start
from tests.web import client_for, error_of
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


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
