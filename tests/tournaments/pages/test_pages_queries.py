"""The standings, pairings and dashboard pages make a fixed number of queries however many
players, rounds and results they show (no query per row)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, settle, start
from tests.worlds import built_once, fresh
from tournaments.models import Event

SIZES = {"small": (9, 2), "large": (41, 4)}  # players, rounds
pytestmark = [pytest.mark.django_db,
              pytest.mark.parametrize("event_built", list(SIZES), indirect=True, scope="module")]


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


@built_once
def event_built(size: str) -> Event:
    """Each size's event, built once for the module (tests/worlds.py)."""
    return busy_event(*SIZES[size])


@pytest.fixture
def event(event_built) -> Event:
    return fresh(event_built)


# Each: the session and the user, then the page's own reads (the first time: nothing kept).
@pytest.mark.parametrize(("page", "queries"), [
    ("standings", 7),  # event with its results version, organizer?, registrations,
    # confirmed matches, the last Swiss round
    ("pairings", 9),  # event with its results version, organizer?, rounds, the round's
    # matches with their players, the round's explanation (read alone: 14 KB a round at 512
    # players, once per round, not with every round's row), the announcements, the round's
    # clock
    ("dashboard", 15),  # + rounds, open matches, seats (counted, paged), organizers,
    # deck checks, announcements, the round's clock, whether the round's pairing can still
    # be corrected (no result on its way), the round's players (who may join it late)
    ("event", 10),  # + my seat, the next round's number, seats (counted, paged),
    # announcements, the waitlist
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


# Once computed, the standings and pairings are kept per results version: a crowd refreshing
# them costs one query a request (issue 13: 512 players, 50 clients, p95 18 s before).
KEPT = [("tournaments:standings", ""), ("tournaments:standings", "?fragment=1"),
        ("tournaments:standings", "?page=2"), ("tournaments:pairings", ""),
        ("tournaments:pairings", "?round=1"), ("tournaments:pairings", "?fragment=1"),
        ("event-standings", "")]


@pytest.mark.parametrize(("name", "query"), KEPT)
def test_a_visitor_is_served_the_kept_page_with_one_query(client, event, name, query,
                                                          django_assert_max_num_queries):
    url = reverse(name, args=[event.pk]) + query
    first = client.get(url)
    with django_assert_max_num_queries(1):  # the event, with its results version
        again = client.get(url)
    assert again.status_code == first.status_code == 200
    assert again.content == first.content


@pytest.mark.parametrize(("name", "queries"), [
    ("tournaments:standings", 3),  # session, user, the version with what the reader is
    # to the event (selectors.readers): the event itself is kept with the page
    ("tournaments:pairings", 5),  # + the round's clock, read fresh (it is not kept)
])
def test_a_signed_in_organizer_is_served_the_kept_parts(client, event, name, queries,
                                                        django_assert_max_num_queries):
    client.force_login(event.organizers.get())
    url = reverse(name, args=[event.pk])
    client.get(url)
    with django_assert_max_num_queries(queries):
        response = client.get(url)
    assert response.status_code == 200
