"""The standings, pairings and dashboard pages make a fixed number of queries however many
players, rounds and results they show (no query per row)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.play import pair, seats, settle, start
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def busy_event(players: int, rounds: int) -> Event:
    """`players` seats (odd: a bye every round), `rounds` rounds paired and settled but the
    last, whose results are still open."""
    event = OrganizedEventFactory(organizers=[UserFactory(username="olga")], rounds=rounds + 1,
                                  top_cut=4)
    seats(event, " ".join(f"p{i:03}" for i in range(players)))
    start(event)
    for number in range(1, rounds + 1):
        rnd = pair(event)
        if number < rounds:
            settle(rnd)
    return event


@pytest.fixture(params=[(9, 2), (41, 4)], ids=["small", "large"])
def event(request) -> Event:
    return busy_event(*request.param)


# Each: the session and the user, then the page's own reads.
@pytest.mark.parametrize(("page", "queries"), [
    ("standings", 7),  # event, organizer?, registrations, confirmed matches, rounds
    ("pairings", 6),  # event, organizer?, rounds, the round's matches with their players
    ("dashboard", 12),  # + rounds, open matches, seats (counted, paged), organizers,
    # deck checks
    ("event", 8),  # + my seat, the next round's number, seats (counted, paged)
])
def test_event_pages_make_a_fixed_number_of_queries(client, event, page, queries,
                                                    django_assert_max_num_queries):
    client.force_login(event.organizers.get())
    with django_assert_max_num_queries(queries):
        response = client.get(reverse(f"tournaments:{page}", args=[event.pk]))
    assert response.status_code == 200


def test_a_player_page_reads_the_standings_and_the_history_once(
        client, event, django_assert_max_num_queries):
    seat = event.registrations.first()
    with django_assert_max_num_queries(8):
        response = client.get(reverse("tournaments:event_player", args=[event.pk, seat.pk]))
    assert response.status_code == 200


def test_the_live_fragments_are_as_cheap_as_the_pages(client, event,
                                                      django_assert_max_num_queries):
    for page in ("standings", "pairings"):  # anonymous: no session, no organizer check
        with django_assert_max_num_queries(5):
            response = client.get(reverse(f"tournaments:{page}", args=[event.pk])
                                  + "?fragment=1")
        assert response.status_code == 200
