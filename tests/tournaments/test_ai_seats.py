"""AI seats an organizer adds: named, before the start, counted in the rounds, and with a
deck the engine can play in every format."""

import pytest

from core.errors import Conflict, DomainError, Forbidden
from engine.clash.formats import list_problems
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, seats, start
from tournaments.selectors.registrations import deck_for
from tournaments.services.ai_seats import ai_seat_add

pytestmark = pytest.mark.django_db


def test_an_organizer_adds_named_ai_seats_that_count_for_the_rounds():
    event = OrganizedEventFactory()
    seats(event, "ann bob")
    for name in ("Ada", "Bot"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name=name, now=now())
    with pytest.raises(Conflict, match="already has an AI seat called Ada"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())
    event = start(event)
    assert event.rounds == 2  # four players in all: 2 rounds


def test_only_an_organizer_adds_ai_seats_and_only_before_the_start():
    event = OrganizedEventFactory()
    seats(event, "ann bob")
    with pytest.raises(DomainError) as err:
        ai_seat_add(event_id=event.pk, by=UserFactory(), name="Ada", now=now())
    assert isinstance(err.value, Forbidden)
    start(event)
    with pytest.raises(Conflict, match="has started"):
        ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())


def test_an_ai_seat_in_a_constructed_event_brings_a_list_of_ten_different_cards():
    event = OrganizedEventFactory(format="constructed")
    seat = ai_seat_add(event_id=event.pk, by=organizer_of(event), name="Ada", now=now())
    cards = deck_for(seat, event)
    assert list_problems(cards) == []
    assert deck_for(seat, event) == cards  # the same seed, the same list
