"""What the decks API tests share: a client signed in as a user (or anonymous), the error
in the API's shape, a constructed list of a user, the Starter Kit and a player who owns it."""


import pytest
from django.utils import timezone

from decks.services.decklists import decklist_create
from tests.factories import (
    UserFactory,
    give_starter_kit,
    starter_kit,
)
from tests.factories.decklists import LIST_A


def constructed(user, cards=LIST_A, name="Mine"):
    return decklist_create(user=user, name=name, kind="constructed", cards=cards,
                           now=timezone.now())


@pytest.fixture
def kit():
    return starter_kit()


@pytest.fixture
def player(kit):
    user = UserFactory()
    give_starter_kit(user)
    return user
