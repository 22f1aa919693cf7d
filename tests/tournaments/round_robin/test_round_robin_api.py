"""A round robin through the API: created with its groups (a cut that does not divide among
the groups refused under `top_cut`, nothing written), changed before the start only, and its
standings answer each row's group; the printed standings head each group's table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import SeatFactory
from tests.tournaments.event_steps import pair, settle, start
from tests.web import client_for, error_of, html, signed_in
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_api_makes_a_round_robin_and_names_the_field_of_each_problem():
    olga = UserFactory(username="olga")
    api = client_for(olga)
    settings = {"name": "API Groups", "format": "preconstructed", "structure": "round_robin",
                "groups": 3, "top_cut": 8}
    refused = api.post("/api/events/", settings, format="json")
    assert refused.status_code == 400
    error = error_of(refused)
    assert set(error["fields"]) == {"top_cut"}
    assert "choose another number of groups" in error["fields"]["top_cut"][0]
    assert not Event.objects.filter(name="API Groups").exists()

    made = api.post("/api/events/", {**settings, "top_cut": 0, "cycles": 2,
                                     "head_to_head": True}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert (body["structure"], body["groups"], body["cycles"], body["head_to_head"]) == (
        "round_robin", 3, 2, True)
    event = Event.objects.get(pk=body["id"])

    # A stranger changes nothing; the organizer may until the start.
    stranger = client_for(UserFactory())
    assert stranger.patch(f"/api/events/{event.pk}/", {"groups": 2},
                          format="json").status_code in (403, 404)
    assert api.patch(f"/api/events/{event.pk}/", {"groups": 2},
                     format="json").status_code == 200
    SeatFactory.create_batch(7, event=event)
    start(event)
    fixed = api.patch(f"/api/events/{event.pk}/", {"groups": 1}, format="json")
    assert fixed.status_code == 409 and "groups" in error_of(fixed)["fields"]

    settle(pair(event))
    rows = client_for().get(f"/api/events/{event.pk}/standings/").json()
    assert sorted({row["group"] for row in rows}) == [1, 2]
    for group in (1, 2):
        ranks = [row["rank"] for row in rows if row["group"] == group]
        assert ranks[0] == 1 and ranks == sorted(ranks)
    printed = html(signed_in(olga).get(reverse("tournaments:print_standings",
                                               args=[event.pk])))
    assert "Group 1" in printed and "Group 2" in printed
