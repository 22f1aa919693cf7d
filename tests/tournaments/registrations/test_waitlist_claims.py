"""A person waiting for a seat who takes one another way (claiming a guest seat, an organizer
adding them) leaves the waitlist, and a waitlist place of someone seated already never jams
the seat freed before the start: the seat goes to the next person waiting (issue 16,
capacity and walk-ins)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory, SeatFactory, WaitlistEntryFactory
from tests.tournaments.event_steps import now, organizer_of, seats
from tests.web import signed_in
from tournaments.models import Registration, WaitlistEntry
from tournaments.services.registrations import (
    registration_add,
    registration_drop,
    registration_remove,
)
from tournaments.services.walkins import registration_claim, registration_guest_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def full():  # noqa: ANN201
    """Spring Open, two seats: alice and a walk-in guest; wally waits."""
    event = OrganizedEventFactory(name="Spring Open", capacity=2, rounds=3)
    (alice,) = seats(event, "alice")
    guest, code = registration_guest_add(event_id=event.pk, by=organizer_of(event),
                                         name="Walk In", now=now())
    wally = UserFactory(username="wally")
    WaitlistEntryFactory(event=event, player=wally)
    return {"event": event, "alice": alice, "guest": guest, "code": code, "wally": wally}


def test_claiming_a_guest_seat_takes_the_claimer_off_the_waitlist(full):
    seat = registration_claim(code=full["code"], by=full["wally"], ip=None, now=now())
    assert seat.player == full["wally"]
    assert not WaitlistEntry.objects.filter(event=full["event"]).exists()


def test_a_drop_after_a_waiting_person_claimed_a_seat_frees_it_for_the_next(full):
    event = full["event"]
    registration_claim(code=full["code"], by=full["wally"], ip=None, now=now())
    vera = UserFactory(username="vera")
    WaitlistEntryFactory(event=event, player=vera)
    response = signed_in(full["alice"].player).post(
        reverse("tournaments:drop", args=[event.pk]), follow=True)
    assert response.status_code == 200
    full["alice"].refresh_from_db()
    assert full["alice"].dropped
    assert Registration.objects.get(event=event, player=vera).moved_up_at is not None
    assert Registration.objects.filter(event=event, player=full["wally"]).count() == 1


def test_an_organizer_adding_a_waiting_person_takes_them_off_the_waitlist(full):
    event = full["event"]
    registration_add(event_id=event.pk, by=organizer_of(event), player=full["wally"],
                     now=now())
    assert not WaitlistEntry.objects.filter(event=event).exists()


@pytest.mark.parametrize("how", ["drop", "remove", "delete"])
def test_a_seated_person_left_on_the_waitlist_is_skipped_and_taken_off_it(full, how):
    """A waitlist place of someone who holds a seat already (a row from before the claim
    took people off, or a dropped seat): the freed seat goes past it to the next waiting
    person, and the place goes."""
    event, alice = full["event"], full["alice"]
    seated = UserFactory(username="sam")
    WaitlistEntry.objects.all().delete()
    SeatFactory(event=event, player=seated, dropped=True)
    WaitlistEntryFactory(event=event, player=seated)
    registration_claim(code=full["code"], by=full["wally"], ip=None, now=now())
    WaitlistEntryFactory(event=event, player=full["wally"])
    vera = UserFactory(username="vera")
    WaitlistEntryFactory(event=event, player=vera)
    if how == "drop":
        registration_drop(registration_id=alice.pk, by=alice.player, now=now())
        alice.refresh_from_db()
        assert alice.dropped
    elif how == "remove":
        registration_remove(registration_id=alice.pk, by=organizer_of(event), now=now())
        assert not Registration.objects.filter(pk=alice.pk).exists()
    else:
        response = signed_in(alice.player).post(reverse("accounts:delete"),
                                                {"password": "pw-for-tests-1"})
        assert response.status_code == 302
        assert not Registration.objects.filter(pk=alice.pk).exists()
    assert Registration.objects.get(event=event, player=vera).moved_up_at is not None
    assert Registration.objects.filter(event=event, player=full["wally"]).count() == 1
    assert not WaitlistEntry.objects.filter(event=event).exists()
