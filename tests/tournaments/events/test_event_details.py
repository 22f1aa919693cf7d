"""The event's date, start time and own time zone, venue, description and capacity, and the
waitlist of a full event (first come first served, seated on a drop before the start)."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import Conflict, DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now
from tests.web import client_for, error_of
from tournaments.models import Event, Registration, WaitlistEntry
from tournaments.selectors.registrations import waitlist_position
from tournaments.services.events import event_create
from tournaments.services.registrations import (
    registration_create,
    registration_drop,
    registration_remove,
    waitlist_join,
)

pytestmark = pytest.mark.django_db

PARIS = ZoneInfo("Europe/Paris")


def enter(event, user):
    return registration_create(event_id=event.pk, by=user, now=now(), preconstructed_deck=1)


def wait(event, user):
    return waitlist_join(event_id=event.pk, by=user, now=now(), preconstructed_deck=1)


def test_the_pages_show_times_in_the_events_zone_with_its_name():
    organizer = UserFactory()
    event = event_create(by=organizer, name="Paris open", format="preconstructed", now=now(),
                         starts_at=datetime(2026, 7, 4, 12, 30, tzinfo=ZoneInfo("UTC")),
                         time_zone="Europe/Paris", venue="Le Dé d'or",
                         description="Bring sleeves.\n<b>Doors</b> at noon.", capacity=8)
    page = Client().get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "14:30 CEST (Europe/Paris)" in page  # 12:30 UTC is 14:30 in Paris in July
    assert "Times on this page are in Europe/Paris." in page
    assert "Le Dé d&#x27;or" in page or "Le Dé d&#39;or" in page
    assert "Bring sleeves.<br>&lt;b&gt;Doors&lt;/b&gt; at noon." in page
    assert "8 players" in page


def test_the_form_reads_the_start_in_the_events_zone():
    organizer = UserFactory()
    client = Client()
    client.force_login(organizer)
    response = client.post(reverse("tournaments:event_new"), {
        "name": "Night", "format": "preconstructed", "match_length": 3, "top_cut": 0,
        "late_entry_until_round": 0, "round_minutes": 50, "time_zone": "Europe/Paris",
        "starts_at": "2026-12-05T18:00", "venue": "Back room", "capacity": "16"})
    assert response.status_code == 302
    event = Event.objects.get(name="Night")
    assert event.starts_at == datetime(2026, 12, 5, 18, 0, tzinfo=PARIS)
    assert (event.time_zone, event.venue, event.capacity) == ("Europe/Paris", "Back room", 16)


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../../etc/passwd", "", "europe/paris"])
def test_a_bad_zone_is_refused_and_nothing_saved(zone):
    organizer = UserFactory()
    with pytest.raises(DomainError, match="IANA name"):
        event_create(by=organizer, name="X", format="preconstructed", now=now(),
                     time_zone=zone)
    if zone:  # the form reads an empty zone as UTC
        client = Client()
        client.force_login(organizer)
        response = client.post(reverse("tournaments:event_new"), {
            "name": "Y", "format": "preconstructed", "match_length": 3, "top_cut": 0,
            "late_entry_until_round": 0, "time_zone": zone})
        assert response.status_code == 400
        assert "IANA name" in response.content.decode()
    assert not Event.objects.exists()


def test_the_api_refuses_a_bad_zone_and_takes_a_good_one():
    client = Client()
    client.force_login(UserFactory())
    bad = client.post("/api/events/", {"name": "A", "format": "preconstructed",
                                          "time_zone": "Nowhere/Land"},
                      content_type="application/json")
    assert bad.status_code == 400 and "IANA name" in bad.content.decode()
    assert not Event.objects.exists()
    good = client.post("/api/events/", {"name": "B", "format": "preconstructed",
                                           "time_zone": "Asia/Tokyo", "capacity": 2,
                                           "venue": "Akiba"},
                       content_type="application/json")
    assert good.status_code == 201, good.content
    body = good.json()
    assert (body["time_zone"], body["capacity"], body["venue"]) == ("Asia/Tokyo", 2, "Akiba")


def test_a_full_event_refuses_the_extra_player_with_a_clear_message():
    event = OrganizedEventFactory(format="preconstructed", capacity=1)
    enter(event, UserFactory())
    with pytest.raises(Conflict, match="is full .1 seat.: join the waitlist"):
        enter(event, UserFactory())
    assert Registration.objects.filter(event=event).count() == 1


def test_waitlisted_players_move_up_in_order_on_a_withdrawal():
    event = OrganizedEventFactory(format="preconstructed", capacity=1)
    first = enter(event, UserFactory(username="first"))
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    wait(event, ann)
    wait(event, bob)
    assert (waitlist_position(event, ann), waitlist_position(event, bob)) == (1, 2)
    page = _page_of(event, bob)
    assert "You are number 2 on the waitlist." in page
    registration_drop(registration_id=first.pk, by=first.player, now=now())
    seated = Registration.objects.get(event=event, player=ann)
    assert seated.decklist_version is not None  # the list she waited with
    assert waitlist_position(event, bob) == 1
    assert "You are number 1 on the waitlist." in _page_of(event, bob)
    organizer = event.organizers.get()
    registration_remove(registration_id=seated.pk, by=organizer, now=now())
    assert Registration.objects.filter(event=event, player=bob).exists()
    assert not WaitlistEntry.objects.exists()


def test_no_waitlist_while_seats_are_free_nor_twice():
    event = OrganizedEventFactory(format="preconstructed", capacity=1)
    with pytest.raises(Conflict, match="free seats"):
        wait(event, UserFactory())
    enter(event, UserFactory())
    ann = UserFactory()
    wait(event, ann)
    with pytest.raises(Conflict, match="already on the waitlist"):
        wait(event, ann)


def test_the_page_offers_the_waitlist_when_full():
    event = OrganizedEventFactory(format="preconstructed", capacity=1)
    enter(event, UserFactory())
    ann = UserFactory()
    page = _page_of(event, ann)
    assert "The event is full: join the waitlist" in page
    client = Client()
    client.force_login(ann)
    response = client.post(reverse("tournaments:waitlist_join", args=[event.pk]),
                           {"preconstructed_deck": "1"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert waitlist_position(event, ann) == 1
    client.post(reverse("tournaments:waitlist_leave", args=[event.pk]))
    assert waitlist_position(event, ann) is None


def _page_of(event, user):
    client = Client()
    client.force_login(user)
    return client.get(reverse("tournaments:event", args=[event.pk])).content.decode()


def test_the_api_joins_and_leaves_the_waitlist_of_a_full_event_only():
    event = OrganizedEventFactory(format="preconstructed", capacity=1)
    url = f"/api/events/{event.pk}/waitlist/"
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    early = client_for(ann).post(url, {"preconstructed_deck": 1}, format="json")
    assert early.status_code == 409 and error_of(early)["code"] == "not_full"
    assert not WaitlistEntry.objects.exists()
    enter(event, UserFactory())
    joined = client_for(ann).post(url, {"preconstructed_deck": 1}, format="json")
    assert joined.status_code == 201 and joined.json() == {"position": 1, "waiting": 1}
    second = client_for(bob).post(url, {"preconstructed_deck": 1}, format="json")
    assert second.json() == {"position": 2, "waiting": 2}
    assert client_for(ann).delete(url).status_code == 204
    assert waitlist_position(event, bob) == 1
    assert client_for().post(url, {"preconstructed_deck": 1}, format="json").status_code == 403
    bad = client_for(UserFactory()).post(url, {"preconstructed_deck": "many"}, format="json")
    assert bad.status_code == 400 and WaitlistEntry.objects.count() == 1
