"""Ratings applied from several workers at once against a real PostgreSQL: the event's lock
and its one RatedEvent row make an event's ratings apply once."""

from __future__ import annotations

import pytest

from tests.tournaments.event_steps import now
from tests.tournaments.ratings.test_ratings import complete, play_out
from tests.tournaments.results.test_races import at_once
from tournaments.models import Event, RatedEvent, Rating
from tournaments.services.ratings import ratings_update_for_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_an_events_ratings_apply_once_however_many_ask_at_once():
    event = play_out("alice bob carol dave", rounds=2)
    Event.objects.filter(pk=event.pk).update(status="complete")  # as if completed elsewhere
    _, errors = at_once([lambda: ratings_update_for_event(event_id=event.pk, now=now())] * 4)
    assert errors == [None] * 4
    assert RatedEvent.objects.filter(event=event).count() == 1
    assert all(r.events == 1 and r.matches == 2 for r in Rating.objects.all())


def test_two_events_completing_at_once_both_count_for_a_shared_player():
    one = play_out("alice bob", rounds=1)
    two = play_out("alice carol", rounds=1)
    _, errors = at_once([lambda: complete(one), lambda: complete(two)])
    assert errors == [None, None]
    alice = Rating.objects.get(player__username="alice")
    assert alice.events == 2 and alice.matches == 2
