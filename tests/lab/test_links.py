"""The deck lab is found by links: from the Play page, the Me page, and each of the player's own
Clash of Decks lists ("Test this deck", with the list chosen in the lab's form)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from decks.services.catalogue import clash_game
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistFactory, DecklistVersionFactory
from tests.web import html

pytestmark = pytest.mark.django_db

LAB = reverse("tournaments:lab")


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_play_page_and_the_me_page_link_the_lab():
    client = as_user(UserFactory())
    assert f'href="{LAB}"' in html(client.get(reverse("play:index")))
    assert f'href="{LAB}"' in html(client.get(reverse("me")))


def test_a_players_own_list_links_the_lab_with_itself_chosen():
    user = UserFactory()
    decklist = DecklistFactory(owner=user, game=clash_game(), name="Ten", kind="constructed")
    DecklistVersionFactory(decklist=decklist, number=1, cards=list(LIST_A))
    link = f'href="{LAB}?deck=list-{decklist.pk}"'
    assert link in html(as_user(user).get(reverse("decks:decklist", args=[decklist.pk])))
    lab = html(as_user(user).get(f"{LAB}?deck=list-{decklist.pk}"))
    assert f'<option value="list-{decklist.pk}" selected>' in lab


def test_someone_elses_list_offers_no_test_of_it():
    decklist = DecklistFactory(owner=UserFactory(), game=clash_game(), name="Shared",
                               kind="constructed")
    DecklistVersionFactory(decklist=decklist, number=1, cards=list(LIST_A))
    response = as_user(UserFactory()).get(reverse("decks:decklist", args=[decklist.pk]))
    assert response.status_code == 404 or "Test this deck" not in html(response)
