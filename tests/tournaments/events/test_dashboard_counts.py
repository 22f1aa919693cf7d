"""The dashboard's count of players: before the start, a seat withdrawn (dropped) no longer
counts as registered; once the event runs, a dropped player played and still counts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import now, organizer_of, seats, start
from tests.web import html, signed_in
from tournaments.services.registrations import registration_drop

pytestmark = pytest.mark.django_db


def summary(event) -> str:  # noqa: ANN001
    client = signed_in(organizer_of(event))
    page = html(client.get(reverse("tournaments:dashboard", args=[event.pk])))
    return " ".join(page.split())


def test_a_withdrawal_before_the_start_leaves_the_count_of_registered_players():
    event = OrganizedEventFactory()
    ann, *_ = seats(event, "ann bob cy dee")
    assert "4 players registered" in summary(event)
    registration_drop(registration_id=ann.pk, by=ann.player, now=now())
    assert "3 players registered" in summary(event)


def test_a_player_who_drops_during_the_event_still_counts():
    event = OrganizedEventFactory()
    ann, *_ = seats(event, "ann bob cy dee")
    start(event)
    registration_drop(registration_id=ann.pk, by=ann.player, now=now())
    assert "Players (4, 1 dropped)" in summary(event)
