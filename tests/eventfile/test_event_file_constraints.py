"""The event file carries the organizer's pairing constraints from version 2 on (issue 35):
each player's awarded byes and fixed table, and the pairs kept apart. A version 1 file, made
before they existed, still imports, with none."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from core.errors import DomainError
from eventfile.selectors.event_file import event_file_build
from eventfile.services.event_file import event_file_import
from tests.factories.tournaments import KeptApartFactory, OrganizedEventFactory
from tests.factories.users import UserFactory
from tests.tournaments.event_steps import seats
from tests.worlds import built_once, fresh
from tournaments.models import Event, KeptApart, Registration
from tournaments.services.simulation import event_simulate

pytestmark = pytest.mark.django_db


def file_of(event: Event) -> dict:
    data = event_file_build(event=event, by=event.organizers.first(),
                            instance="clash.example", now=timezone.now())
    return json.loads(json.dumps(data))


@built_once
def finished_built() -> dict:
    event, _ = event_simulate(players=4, ai_seats=0, fmt="constructed", seed=5,
                              clock=timezone.now, top_cut=0, publish_lists=True)
    return file_of(event)


@pytest.fixture
def finished(finished_built) -> dict:
    return fresh(finished_built)


def imported(data: dict) -> Event:
    return event_file_import(data=data, by=UserFactory(username="importer"), now=timezone.now())


def problems(data: dict) -> list[str]:
    with pytest.raises(DomainError) as caught:
        imported(data)
    return caught.value.problems


def test_the_file_names_each_players_constraints_and_the_pairs_kept_apart():
    event = OrganizedEventFactory()
    alice, bob, carol = seats(event, "alice bob carol")
    Registration.objects.filter(pk=alice.pk).update(awarded_byes=2, fixed_table=4)
    KeptApartFactory(first=bob, second=carol, note="siblings")
    data = file_of(event)
    assert data["version"] == 2
    assert [(p["name"], p["awarded_byes"], p["fixed_table"]) for p in data["players"]] == [
        ("alice", 2, 4), ("bob", 0, None), ("carol", 0, None)]
    assert data["kept_apart"] == [{"first": 2, "second": 3, "note": "siblings"}]


def test_the_constraints_come_back_on_import(finished):
    finished["players"][0].update(awarded_byes=1, fixed_table=12)
    finished["kept_apart"] = [{"first": 3, "second": 1, "note": "teammates"}]
    event = imported(finished)
    rows = list(Registration.objects.filter(event=event).order_by("created_at", "id"))
    assert (rows[0].awarded_byes, rows[0].fixed_table) == (1, 12)
    pair = KeptApart.objects.get(event=event)
    assert {pair.first_id, pair.second_id} == {rows[0].pk, rows[2].pk}
    assert pair.first_id < pair.second_id and pair.note == "teammates" and pair.by is None


def test_a_version_1_file_still_imports_with_no_constraints(finished):
    finished["version"] = 1
    for player in finished["players"]:
        del player["awarded_byes"], player["fixed_table"]
    del finished["kept_apart"]
    event = imported(finished)
    assert not Registration.objects.filter(event=event, awarded_byes__gt=0).exists()
    assert not Registration.objects.filter(event=event, fixed_table__isnull=False).exists()
    assert not KeptApart.objects.filter(event=event).exists()


def test_forged_constraints_are_refused_with_their_places_and_nothing_is_written(finished):
    finished["players"][0]["fixed_table"] = 5
    finished["players"][1]["fixed_table"] = 5
    finished["players"][2]["awarded_byes"] = 4
    finished["kept_apart"] = [{"first": 1, "second": 1}, {"first": 1, "second": 99},
                              {"first": 1, "second": 2}, {"first": 2, "second": 1},
                              {"first": 3, "second": 4, "note": "x" * 201}]
    events = Event.objects.count()
    assert problems(finished) == [
        "players[1].fixed_table: table 5 is fixed for player 1 already",
        "players[2].awarded_byes: must be a whole number from 0 to 3, not 4",
        "kept_apart[0].second: a player cannot be kept apart from themselves",
        "kept_apart[1].second: no such player 99",
        "kept_apart[3]: players 1 and 2 are kept apart twice",
        "kept_apart[4].note: is longer than 200 characters",
    ]
    assert Event.objects.count() == events
