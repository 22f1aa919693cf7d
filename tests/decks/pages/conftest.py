"""What the decks pages' tests share: the Starter Kit, a signed-in player (alice) and a
player who owns the whole kit; the page's text, the cards it shows and a user's collection."""

from __future__ import annotations

import re

import pytest

from decks.models import CollectionEntry
from tests.factories import UserFactory, give_starter_kit, starter_kit
from tests.web import html


@pytest.fixture
def kit():
    return starter_kit()


@pytest.fixture
def player(client, kit):
    user = UserFactory(username="alice")
    client.force_login(user)
    return user


@pytest.fixture
def collector(player):
    give_starter_kit(player)
    return player


def owned(user) -> dict[str, int]:
    return dict(CollectionEntry.objects.filter(owner=user)
                .values_list("card__name", "count"))


def names_shown(response) -> set[str]:
    return set(re.findall(r'<article class="card-face[^"]*" aria-label="([^"]+)"', html(response)))
