"""Who may download an event's file and import one, on the pages and through the API: an
event's organizers only for its file (anonymous, a brand-new account, a player of the event
and the organizer of another event are all refused, and guessed ids tell nothing more); any
signed-in person may import a file, as a new event of their own."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from eventfile.selectors.event_file import event_file_build
from eventfile.services.event_file_checks import MAX_EVENT_FILE_BYTES
from tests.factories.tournaments import OrganizedEventFactory, PenaltyFactory, SeatFactory
from tests.factories.users import UserFactory
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Event
from tournaments.services.simulation import event_simulate

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Event:
    event = OrganizedEventFactory(name="Store night")
    seat = SeatFactory(event=event)
    PenaltyFactory(registration=seat, note="Secret note about a player")
    return event


def outsiders(event: Event) -> dict:
    return {"a new account": UserFactory(),
            "a player of the event": event.registrations.get().player,
            "the organizer of another event": OrganizedEventFactory().organizers.get()}


def page(event: Event) -> str:
    return f"/events/{event.pk}/manage/event-file/"


def api(event: Event) -> str:
    return f"/api/events/{event.pk}/file/"


def test_the_organizer_downloads_the_file_from_a_link_on_the_dashboard(event):
    organizer = event.organizers.get()
    client = signed_in(organizer)
    dashboard = html(client.get(f"/events/{event.pk}/manage/"))
    assert f'href="{page(event)}"' in dashboard
    for url in (page(event), api(event)):
        response = (client if url == page(event) else client_for(organizer)).get(url)
        assert response.status_code == 200, url
        assert response["Content-Disposition"].startswith("attachment; filename=")
        data = json.loads(response.content)
        assert data["format"] == "clash-event-file" and data["event"]["name"] == "Store night"
        assert data["penalties"][0]["note"] == "Secret note about a player"


def test_no_one_else_gets_the_file(event):
    assert Client().get(page(event)).status_code == 403
    assert client_for().get(api(event)).status_code == 403
    for who, user in outsiders(event).items():
        response = signed_in(user).get(page(event))
        assert response.status_code == 403, who
        assert b"Secret note" not in response.content
        response = client_for(user).get(api(event))
        assert response.status_code == 403, who
        assert error_of(response)["code"] == "not_organizer"
        assert "Secret note" not in response.content.decode()


def test_a_guessed_event_id_is_a_plain_404(event):
    assert client_for(UserFactory()).get(f"/api/events/{event.pk + 999}/file/").status_code \
        == 404
    assert signed_in(UserFactory()).get(f"/events/{event.pk + 999}/manage/event-file/") \
        .status_code == 404


def test_the_dashboard_link_is_not_shown_to_anyone_else(event):
    """Only organizers see the dashboard at all; the event page has no file link."""
    for user in outsiders(event).values():
        assert "event-file" not in html(signed_in(user).get(f"/events/{event.pk}/"))


def finished_file() -> bytes:
    event, _ = event_simulate(players=4, ai_seats=0, fmt="constructed", seed=8,
                              clock=timezone.now, top_cut=0)
    data = event_file_build(event=event, by=event.organizers.get(), instance="laptop.local",
                            now=timezone.now())
    return json.dumps(data).encode()


def test_a_signed_in_person_imports_from_the_page_linked_on_the_events_list():
    person = UserFactory(username="importer")
    client = signed_in(person)
    assert 'href="/events/import/"' in html(client.get("/events/"))
    assert 'href="/events/import/"' in html(client.get("/events/new/"))
    assert client.get("/events/import/").status_code == 200
    content = finished_file()
    response = client.post("/events/import/", {
        "file": SimpleUploadedFile("event.json", content, "application/json")})
    assert response.status_code == 302
    imported = Event.objects.get(imported_from="laptop.local")
    assert response["Location"] == f"/events/{imported.pk}/"
    assert list(imported.organizers.all()) == [person]
    assert "Imported from laptop.local" in html(client.get(response["Location"]))


def test_a_forged_origin_is_shown_escaped():
    data = json.loads(finished_file())
    data["exported_from"] = "<script>alert(1)</script>"
    client = signed_in(UserFactory(username="importer"))
    response = client.post("/events/import/", {
        "file": SimpleUploadedFile("event.json", json.dumps(data).encode())}, follow=True)
    page = html(response)
    assert "Imported from &lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page


def test_the_import_page_names_each_problem_and_writes_nothing():
    client = signed_in(UserFactory(username="importer"))
    data = json.loads(finished_file())
    data["rounds"][0]["matches"][0]["player_a"] = 99
    events = Event.objects.count()
    response = client.post("/events/import/", {
        "file": SimpleUploadedFile("event.json", json.dumps(data).encode())})
    assert response.status_code == 400
    assert "rounds[0].matches[0].player_a: no such player 99" in html(response)
    assert Event.objects.count() == events


def test_the_import_page_refuses_a_file_too_large_with_its_size():
    client = signed_in(UserFactory(username="importer"))
    big = SimpleUploadedFile("event.json", b" " * (MAX_EVENT_FILE_BYTES + 1))
    response = client.post("/events/import/", {"file": big})
    assert response.status_code == 400
    assert "at most 2,000,000 are accepted" in html(response)


def test_anonymous_people_cannot_import():
    assert Client().get("/events/import/").status_code == 302  # to the log-in page
    response = client_for().post("/api/events/import/", {}, format="json")
    assert response.status_code == 403
    assert not Event.objects.exists()


def test_the_api_imports_a_json_body_or_an_upload():
    person = UserFactory(username="importer")
    content = finished_file()
    response = client_for(person).post("/api/events/import/", data=content,
                                       content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["imported_from"] == "laptop.local" and body["status"] == "complete"
    assert Event.objects.get(pk=body["id"]).organizers.get() == person
    other = UserFactory(username="other")
    response = client_for(other).post("/api/events/import/", {
        "file": SimpleUploadedFile("event.json", content)}, format="multipart")
    assert response.status_code == 201, response.content
    # The same file uploaded by its first importer is the event already made.
    response = client_for(person).post("/api/events/import/", {
        "file": SimpleUploadedFile("event.json", content)}, format="multipart")
    assert response.status_code == 200, response.content
    assert response.json()["id"] == body["id"] and response.json()["created"] is False


def test_the_api_refuses_a_bad_file_with_each_problem():
    data = json.loads(finished_file())
    data["players"][0]["kind"] = "robot"
    data["decklists"] = [{"id": 1, "kind": "constructed", "cards": ["Nope"]}]
    events = Event.objects.count()
    client = client_for(UserFactory(username="importer"))
    response = client.post("/api/events/import/", data, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_event_file"
    assert "players[0].kind: must be one of player, guest, former, ai, not 'robot'" in \
        error["problems"]
    assert "decklists[0].cards: 'Nope' is not a card of Clash of Decks" in error["problems"]
    assert Event.objects.count() == events


def test_the_api_refuses_a_body_too_large_with_a_message():
    body = b'{"format": "clash-event-file", "pad": "' + b"x" * MAX_EVENT_FILE_BYTES + b'"}'
    response = client_for(UserFactory(username="importer")).post("/api/events/import/", data=body,
                                              content_type="application/json")
    assert response.status_code == 413
    assert "larger than" in error_of(response)["message"]


def test_staff_find_imported_events_and_cannot_unmark_one():
    from eventfile.services.event_file import event_file_import

    imported = event_file_import(data=json.loads(finished_file()),
                                 by=UserFactory(username="importer"), now=timezone.now())
    staff = signed_in(UserFactory(username="inspector", is_staff=True, is_superuser=True))
    changelist = reverse("admin:tournaments_event_changelist")
    response = staff.get(f"{changelist}?imported_at__isempty=0")
    assert response.status_code == 200
    listed = html(response)
    change = reverse("admin:tournaments_event_change", args=[imported.pk])
    assert change in listed
    original = Event.objects.exclude(pk=imported.pk).get()
    assert reverse("admin:tournaments_event_change", args=[original.pk]) not in listed
    page = html(staff.get(change))
    assert 'name="imported_from"' not in page and "laptop.local" in page
