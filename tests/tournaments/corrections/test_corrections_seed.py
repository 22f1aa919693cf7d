"""An undone pairing's correction keeps the round's seed (the event's, core.seeds), so the
same seed pairs the round again; the trail shows it to nobody, organizers included, until
the event is complete and its seed public."""

from __future__ import annotations

import pytest

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, pair, seats, start
from tests.web import client_for
from tournaments.models import Correction, EventStatus
from tournaments.services.corrections import round_unpair

pytestmark = pytest.mark.django_db


def test_the_trail_of_a_running_event_never_shows_its_seed():
    event = OrganizedEventFactory(rounds=3)
    seats(event, "alice bob carol dave")
    start(event)
    pair(event)
    round_unpair(event_id=event.pk, by=organizer_of(event), number=1, now=now())
    assert Correction.objects.get(event=event).details["seed"] == event.seed  # kept
    answer = client_for(organizer_of(event)).get(f"/api/events/{event.pk}/corrections/")
    assert answer.status_code == 200
    assert answer.json()[0]["details"]["seed"] is None
    assert str(event.seed) not in answer.content.decode()
    event.status = EventStatus.COMPLETE
    event.save(update_fields=["status"])
    answer = client_for(organizer_of(event)).get(f"/api/events/{event.pk}/corrections/")
    assert answer.json()[0]["details"]["seed"] == event.seed
