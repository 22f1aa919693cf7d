"""The list pages make a fixed number of queries however many cards, lists, versions and
sessions they show (no query per row)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from decks.services.bans import ban_session_start
from decks.services.decklists import decklist_create, decklist_update
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.factories.decklists import LIST_A, LIST_B

pytestmark = pytest.mark.django_db

LISTS = 12


@pytest.fixture
def busy_player(client):
    """A player with the whole Starter Kit, 24 lists of 3 versions and 12 ban sessions."""
    starter_kit()
    user = UserFactory()
    give_starter_kit(user)
    now = timezone.now()
    for i in range(LISTS):
        a = decklist_create(user=user, name=f"A{i}", kind="constructed", cards=LIST_A, now=now)
        b = decklist_create(user=user, name=f"B{i}", kind="constructed", cards=LIST_B, now=now)
        for cards in (LIST_A[:9] + ["ZOMBIE"], LIST_A):
            decklist_update(decklist=a, user=user, now=now, cards=cards)
        ban_session_start(version_a=a.current, version_b=b.current, player_a=user,
                          player_b=None, now=now)
    client.force_login(user)
    return user


# Each: the session and the user, then the page's own reads.
@pytest.mark.parametrize(("page", "queries"), [
    ("decks:gallery", 3),  # the cards
    ("decks:collection", 6),  # entries with their cards, the Starter Kit and its size
    ("decks:decklists", 5),  # the lists, their versions, the other games to build for
    ("decks:bans", 6),  # the sessions, the start form's two lists of lists
])
def test_list_pages_make_a_fixed_number_of_queries(client, busy_player,
                                                   django_assert_max_num_queries, page, queries):
    with django_assert_max_num_queries(queries):
        response = client.get(reverse(page))
    assert response.status_code == 200


def test_the_gallery_with_filters_reads_the_cards_once(client, busy_player,
                                                       django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = client.get(reverse("decks:gallery") + "?type=creature&ability=rage&cost=3")
    assert response.status_code == 200


def test_a_decklist_page_with_many_versions_stays_cheap(client, busy_player,
                                                        django_assert_max_num_queries):
    decklist = busy_player.decklists.filter(name="A0").get()
    for _ in range(10):
        decklist_update(decklist=decklist, user=busy_player, now=timezone.now())
    with django_assert_max_num_queries(5):  # versions, card faces, registrations
        response = client.get(reverse("decks:decklist", args=[decklist.pk]))
    assert response.status_code == 200
    assert "Version 13" in response.content.decode()


def test_the_ban_page_stays_cheap(client, busy_player, django_assert_max_num_queries):
    session = ban_session_start(
        version_a=busy_player.decklists.get(name="A0").current,
        version_b=busy_player.decklists.get(name="B0").current,
        player_a=busy_player, player_b=None, now=timezone.now())
    with django_assert_max_num_queries(4):  # the session with its lists, the card faces
        response = client.get(reverse("decks:ban_session", args=[session.pk]))
    assert response.status_code == 200
