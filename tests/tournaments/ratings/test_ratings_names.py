"""The ratings leaderboard (its page and the API) shows the name pairings and standings
show: the display name where set, else the username; and so do the other pages that name
a person to others (a duel invitation)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.services.profiles import profile_update
from play.services import invitation_create
from tests.factories import UserFactory
from tests.tournaments.ratings.test_ratings import complete, play_out
from tests.web import html, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    event = complete(play_out("alice bob carol dave", rounds=2))
    alice = event.registrations.get(player__username="alice").player
    profile_update(user=alice, display_name="Alice Liddell")
    return event


def test_the_ratings_page_shows_the_display_name_where_set(client, rated):
    page = html(client.get("/events/ratings/", {"format": "preconstructed"}))
    assert "<td>Alice Liddell</td>" in page and "<td>alice</td>" not in page
    assert "<td>bob</td>" in page  # no display name: the username
    # Alice is still first: the name changes, not the order.
    assert page.index("Alice Liddell") < page.index("<td>bob</td>")


def test_the_api_leaderboard_shows_the_display_name_in_the_same_queries(
        client, rated, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        rows = client.get("/api/ratings/", {"event_format": "preconstructed"}).json()["results"]
    assert [r["player"] for r in rows][:1] == ["Alice Liddell"]
    assert "alice" not in [r["player"] for r in rows]


def test_a_cleared_display_name_shows_the_username_again(client, rated):
    alice = rated.registrations.get(player__username="alice").player
    profile_update(user=alice, display_name="")
    assert "<td>alice</td>" in html(client.get("/events/ratings/", {"format": "preconstructed"}))


def test_a_duel_invitation_names_its_creator_by_display_name():
    ada = UserFactory(username="ada")
    profile_update(user=ada, display_name="Ada Lovelace")
    invitation_create(player=ada, deck=1, code="c0ffee000042", now=timezone.now())
    page = html(signed_in(UserFactory()).get(reverse("play:invitation",
                                                      args=["c0ffee000042"])))
    assert "A duel with Ada Lovelace" in page and "A duel with ada<" not in page
    assert Client().get(reverse("play:invitation", args=["c0ffee000042"])).status_code in (
        200, 302)
