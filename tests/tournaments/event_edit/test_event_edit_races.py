"""Editing an event racing other writes, on a real PostgreSQL (SQLite has no row locks): a
capacity lowered while a player takes the last seats never leaves more seats than capacity,
a larger capacity racing a waitlist join seats every waiting player in order, and the event
start racing a capacity change either refuses the change or keeps it before the start."""

from __future__ import annotations

import pytest

from core.errors import Conflict, DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, seats
from tests.tournaments.results.test_races import at_once
from tournaments.models import Event, EventChange, EventStatus, Registration, WaitlistEntry
from tournaments.services.event_edit import event_update
from tournaments.services.events import event_start
from tournaments.services.registrations import registration_create, waitlist_join

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def taken(event: Event) -> int:
    return Registration.objects.filter(event=event, is_ai=False, dropped=False).count()


def test_a_capacity_lowered_while_players_register_never_overbooks():
    event = OrganizedEventFactory(capacity=4)
    seats(event, "alice bob")
    players = [UserFactory(), UserFactory()]
    _, errors = at_once([
        lambda: event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                             changes={"capacity": 2}),
        *[lambda p=p: registration_create(event_id=event.pk, by=p, now=now(),
                                          preconstructed_deck=1) for p in players]])
    event.refresh_from_db()
    if errors[0] is None:  # the change went first: the two players were refused
        assert event.capacity == 2 and taken(event) == 2
    else:  # a player went first: the change named the seats taken
        assert isinstance(errors[0], DomainError) and "seats are taken" in errors[0].message
        assert event.capacity == 4
    assert taken(event) <= event.capacity


def test_a_larger_capacity_racing_a_waitlist_join_seats_everyone_in_order():
    event = OrganizedEventFactory(capacity=2)
    seats(event, "alice bob")
    first, second = UserFactory(username="first"), UserFactory(username="second")
    waitlist_join(event_id=event.pk, by=first, now=now(), preconstructed_deck=1)
    _, errors = at_once([
        lambda: event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                             changes={"capacity": 10}),
        lambda: waitlist_join(event_id=event.pk, by=second, now=now(),
                              preconstructed_deck=1)])
    # Joining after the change finds seats free: the service may refuse the waitlist then.
    assert errors[0] is None
    assert Registration.objects.filter(event=event, player=first).exists()
    assert not WaitlistEntry.objects.filter(event=event, player=first).exists()
    assert taken(event) <= 10


def test_the_start_racing_a_capacity_change_keeps_one_order():
    event = OrganizedEventFactory(capacity=4, rounds=2)
    seats(event, "alice bob")
    _, errors = at_once([
        lambda: event_start(event_id=event.pk, by=organizer_of(event), now=now(), ask=False),
        lambda: event_update(event_id=event.pk, by=organizer_of(event), now=now(),
                             changes={"capacity": 8})])
    event.refresh_from_db()
    assert errors[0] is None and event.status == EventStatus.RUNNING
    if errors[1] is None:
        assert event.capacity == 8 and EventChange.objects.filter(event=event).count() == 1
    else:
        assert isinstance(errors[1], Conflict) and errors[1].code == "setting_fixed"
        assert event.capacity == 4 and not EventChange.objects.filter(event=event).exists()
