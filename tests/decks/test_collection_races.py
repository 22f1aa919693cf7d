"""Writes to one collection racing each other, on a real PostgreSQL (SQLite runs one write at
a time): two requests setting the count of a card not yet owned, or adding a set, both land
on the one row a card may have, with no unique-constraint error."""

from __future__ import annotations

import pytest

from decks.models import CollectionEntry
from decks.services.collections import (
    collection_add_set,
    collection_import_csv,
    collection_set_count,
)
from tests.factories import UserFactory, starter_kit
from tests.tournaments.results.test_races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TRIES = 15


def test_puts_of_one_new_card_at_once_leave_one_of_the_counts():
    kit = starter_kit()
    cards = list(kit.cards.order_by("pk")[:2 * TRIES])
    user = UserFactory()
    for card in cards:
        _, errors = at_once([
            lambda count=count, card=card: collection_set_count(user=user, card=card,
                                                                count=count)
            for count in (2, 0, 3, 0)])
        assert errors == [None, None, None, None]
        counts = list(CollectionEntry.objects.filter(owner=user, card=card)
                      .values_list("count", flat=True))
        assert counts in ([2], [3], [])


def test_adding_a_set_racing_a_put_and_an_import_gives_no_error():
    kit = starter_kit()
    card = kit.cards.order_by("pk").first()
    csv = f"set,card,count\n{kit.code},{card.name},5\n"
    for _ in range(TRIES):
        user = UserFactory()
        _, errors = at_once([
            lambda user=user: collection_add_set(user=user, card_set=kit, copies=1),
            lambda user=user: collection_set_count(user=user, card=card, count=4),
            lambda user=user: collection_import_csv(user=user, text=csv),
        ])
        assert errors == [None, None, None]
        assert CollectionEntry.objects.filter(owner=user).count() == kit.cards.count()
        assert CollectionEntry.objects.get(owner=user, card=card).count in (4, 5, 6)
