"""The event file in a browser, at phone width, by links alone: the organizer of a finished
event downloads its file from the dashboard, and another person imports it from the event
list's "Import an event" and lands on the new event, marked as imported."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from tests.browser.helpers import PASSWORD, PHONE
from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.services.simulation import event_simulate

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_event_file_goes_from_one_dashboard_to_a_new_event(open_as, tmp_path):
    event, accounts = event_simulate(players=4, ai_seats=0, fmt="constructed", seed=4,
                                     clock=timezone.now, top_cut=0, password=PASSWORD,
                                     name="Harbour Open")
    organizer = event.organizers.get()
    page = open_as(organizer)
    page.goto("/")
    page.get_by_role("link", name=f"Me ({organizer.username})").click()
    page.get_by_role("region", name="Events I organize").get_by_role(
        "link", name="Harbour Open").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="The event file (JSON)").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.endswith(".clash-event.json")

    person = UserFactory(username="ines")
    page = open_as(person)
    page.goto("/")
    page.get_by_role("link", name="Events", exact=True).first.click()
    page.get_by_role("link", name="Import an event").click()
    # A forged file first: each problem is listed where it is, and the page fits the phone.
    forged = json.loads(saved.read_text())
    forged["rounds"][0]["matches"][0]["player_b"] = 17
    forged["players"][0]["kind"] = "a-very-long-kind-of-seat-that-nobody-has-ever-heard-of"
    bad = tmp_path / "forged.json"
    bad.write_text(json.dumps(forged))
    page.get_by_label("Event file (JSON)").set_input_files(str(bad))
    page.get_by_role("button", name="Import the event").click()
    page.get_by_text("rounds[0].matches[0].player_b: no such player 17").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert Event.objects.count() == 1
    page.get_by_label("Event file (JSON)").set_input_files(str(saved))
    page.get_by_role("button", name="Import the event").click()
    # The import replays every game record of the event: on a loaded 2-core machine that has
    # taken over the default 15 s.
    page.get_by_text("Imported from").first.wait_for(timeout=60_000)
    imported = Event.objects.exclude(pk=event.pk).get()
    assert page.url.endswith(f"/events/{imported.pk}/")
    assert list(imported.organizers.all()) == [person]
