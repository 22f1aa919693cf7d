"""The tournaments admin: staff can find every row they need to inspect by the event's name, a
player's username or a round's number, and filter each list by its status."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import (
    ConfirmedMatchFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tournaments import models

pytestmark = pytest.mark.django_db

INSPECTED = [models.Event, models.Registration, models.Round, models.Match, models.ResultChange,
             models.DeckCheck, models.SquadCheck, models.EventStandings, models.Pod,
             models.PodSeat, models.DraftPair, models.Rating, models.RatedEvent,
             models.MatchJob, models.EngineGame, models.GameUpload, models.Announcement,
             models.ClockChange, models.EventChange, models.KeptApart]


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def changelist(model) -> str:  # noqa: ANN001
    return reverse(f"admin:tournaments_{model._meta.model_name}_changelist")


def test_staff_can_inspect_every_tournament_model():
    assert [m for m in INSPECTED if not admin.site.is_registered(m)] == []


@pytest.mark.parametrize("model", INSPECTED, ids=lambda m: m.__name__)
@pytest.mark.parametrize("query", ["Spring Open", "alice", "3"])
def test_every_list_searches_by_event_name_username_or_round_number(staff_client, model, query):
    event = OrganizedEventFactory(name="Spring Open")
    alice, bob = (SeatFactory(event=event, player=UserFactory(username=n))
                  for n in ("alice", "bob"))
    ConfirmedMatchFactory(round=RoundFactory(event=event, number=3), player_a=alice, player_b=bob)
    response = staff_client.get(changelist(model), {"q": query})
    assert response.status_code == 200


def test_matches_are_found_by_a_player_and_filtered_by_status(staff_client):
    event = OrganizedEventFactory(name="Spring Open")
    alice, bob, _ = (SeatFactory(event=event, player=UserFactory(username=n))
                     for n in ("alice", "bob", "carol"))
    rnd = RoundFactory(event=event, number=3)
    ConfirmedMatchFactory(round=rnd, player_a=alice, player_b=bob)
    found = staff_client.get(changelist(models.Match), {"q": "alice", "status__exact": "confirmed"})
    assert list(found.context["cl"].result_list) == list(models.Match.objects.filter(round=rnd))
    missed = staff_client.get(changelist(models.Match), {"q": "carol"})
    assert list(missed.context["cl"].result_list) == []
    by_round = staff_client.get(changelist(models.Match), {"q": "4"})
    assert list(by_round.context["cl"].result_list) == []
