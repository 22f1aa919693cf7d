"""A single elimination through the API: created as the first phase (a top cut or Swiss
rounds refused under their fields, nothing written), its bracket paired round by round by the
organizer only, and its standings answering each player's final place."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.factories.tournaments import SeatFactory
from tests.tournaments.event_steps import settle, start
from tests.web import client_for, error_of
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def test_the_api_runs_a_single_elimination_and_answers_its_places():
    olga = UserFactory(username="olga")
    api = client_for(olga)
    settings = {"name": "API Knockout", "format": "preconstructed",
                "structure": "single_elimination", "top_cut": 8, "rounds": 3}
    refused = api.post("/api/events/", settings, format="json")
    assert refused.status_code == 400
    assert set(error_of(refused)["fields"]) == {"top_cut", "rounds"}
    assert not Event.objects.filter(name="API Knockout").exists()
    made = api.post("/api/events/", {**settings, "top_cut": 0, "rounds": None,
                                     "third_place": True}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["structure"] == "single_elimination"
    event = Event.objects.get(pk=made.json()["id"])
    SeatFactory.create_batch(6, event=event)
    start(event)

    stranger = client_for(UserFactory())
    assert stranger.post(f"/api/events/{event.pk}/rounds/", {"number": 1},
                         format="json").status_code in (403, 404)
    assert not Round.objects.filter(event=event).exists()
    paired = api.post(f"/api/events/{event.pk}/rounds/", {"number": 1}, format="json")
    assert paired.status_code == 201, paired.json()
    settle(Round.objects.get(event=event, number=1))
    assert stranger.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": 2},
                         format="json").status_code in (403, 404)
    for number in (2, 3):
        answer = api.post(f"/api/events/{event.pk}/top-cut/advance/", {"number": number},
                          format="json")
        assert answer.status_code == 201, answer.json()
        settle(Round.objects.get(event=event, number=number))
    assert stranger.post(f"/api/events/{event.pk}/complete/",
                         format="json").status_code in (403, 404)
    assert Event.objects.get(pk=event.pk).status == "top_cut"
    done = api.post(f"/api/events/{event.pk}/complete/", format="json")
    assert done.status_code in (200, 201), done.json()
    assert Event.objects.get(pk=event.pk).status == "complete"
    rows = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert sorted(row["place"] for row in rows) == [1, 2, 3, 4, 5, 5]
