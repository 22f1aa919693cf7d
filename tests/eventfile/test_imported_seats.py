"""The seats of an imported event (services/event_file.py) are named seats no account ever
holds: their results came from a file, which anyone can write, so no claim code is made for
one, none is taken, and the dashboard offers none (docs/event-file.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from core.errors import Conflict
from eventfile.services.event_file import event_file_import
from tests.eventfile.test_event_file import file_of, simulated
from tests.factories.tournaments import GuestSeatFactory, OrganizedEventFactory
from tests.factories.users import UserFactory
from tests.tournaments.event_steps import organizer_of
from tests.web import html, signed_in
from tournaments.models import Registration
from tournaments.services.walkins import (
    claim_code_digest,
    claim_code_new,
    registration_claim,
    registration_claim_code_renew,
)

pytestmark = pytest.mark.django_db

REFUSAL = ("The results of {name} came from an event file: its seats cannot be attached to "
           "an account")


@pytest.fixture
def imported():  # noqa: ANN201
    data = file_of(simulated(players=4, ai=0, seed=3, top_cut=0))
    importer = UserFactory(username="imp")
    copy = event_file_import(data=data, by=importer, now=timezone.now())
    seat = Registration.objects.filter(event=copy, is_ai=False).order_by("id").first()
    return {"event": copy, "importer": importer, "seat": seat}


def test_no_claim_code_is_made_for_a_seat_of_an_imported_event(imported):
    seat = imported["seat"]
    assert seat.is_guest
    with pytest.raises(Conflict) as excinfo:
        registration_claim_code_renew(registration_id=seat.pk, by=imported["importer"])
    assert excinfo.value.code == "imported_seat"
    assert str(excinfo.value) == REFUSAL.format(name=imported["event"].name)
    seat.refresh_from_db()
    assert seat.claim_code_hash == ""


def test_the_dashboard_of_an_imported_event_offers_no_claim_code(imported):
    event, seat, client = imported["event"], imported["seat"], signed_in(imported["importer"])
    page = html(client.get(reverse("tournaments:dashboard", args=[event.pk])))
    assert seat.name in page
    assert reverse("tournaments:guest_code_renew", args=[event.pk, seat.pk]) not in page
    assert "New claim code" not in page
    response = client.post(reverse("tournaments:guest_code_renew", args=[event.pk, seat.pk]),
                           follow=True)
    assert response.status_code == 409
    assert "came from an event file" in html(response)
    seat.refresh_from_db()
    assert seat.claim_code_hash == ""


def test_a_code_on_a_seat_of_an_imported_event_is_not_taken(imported):
    """A code stored on such a seat anyway (a row no service makes now) claims nothing."""
    seat = imported["seat"]
    code = claim_code_new()
    Registration.objects.filter(pk=seat.pk).update(claim_code_hash=claim_code_digest(code))
    someone = UserFactory(username="someone")
    with pytest.raises(Conflict) as excinfo:
        registration_claim(code=code, by=someone, ip=None, now=timezone.now())
    assert excinfo.value.code == "imported_seat"
    seat.refresh_from_db()
    assert seat.player is None and seat.is_guest
    assert imported["event"].name not in html(signed_in(someone).get(reverse("me")))


def test_a_guest_seat_of_an_event_run_here_still_gets_a_new_code():
    event = OrganizedEventFactory(name="Spring Open")
    seat = GuestSeatFactory(event=event)
    page = html(signed_in(organizer_of(event)).get(reverse("tournaments:dashboard",
                                                           args=[event.pk])))
    assert "New claim code" in page
    code = registration_claim_code_renew(registration_id=seat.pk, by=organizer_of(event))
    assert registration_claim(code=code, by=UserFactory(username="wanda"), ip=None,
                              now=timezone.now()).player.username == "wanda"
