"""factory-boy factories for the decks app: the Starter Kit, collections, decklists and their
versions.

They write rows directly, for setting the scene; the behaviour under test goes through the
services (decklist_create checks a list, these do not).
"""

from __future__ import annotations

import factory
from django.utils import timezone

from decks.models import Card, CardSet, CollectionEntry, Decklist, DecklistKind, DecklistVersion
from decks.rules import BERSERK, CLASH, STARTER_KIT
from decks.services.catalogue import catalogue_load, clash_game, other_game
from engine.clash.cards import load_catalogue
from tests.factories.users import UserFactory


def starter_kit():
    """The Starter Kit loaded from the engine's catalogue (idempotent). Once a test's database
    holds the whole set at the catalogue's version, a call only reads it: scenes ask for the kit
    once per user, and comparing every card each time was a large part of their set-up."""
    catalogue = load_catalogue()
    card_set = CardSet.objects.filter(game__slug=CLASH, code=STARTER_KIT,
                                      catalogue_version=catalogue.version).first()
    if card_set is not None and card_set.cards.count() == len(catalogue.cards):
        return card_set
    card_set, _ = catalogue_load(now=timezone.now())
    return card_set


def give_starter_kit(user, copies: int = 1) -> None:
    """`copies` of every Starter Kit card in the user's collection, in one statement (scenes
    give many users the kit; a query per card made it a large part of their set-up)."""
    CollectionEntry.objects.bulk_create(
        [CollectionEntry(owner=user, card=card, count=copies)
         for card in starter_kit().cards.all()],
        update_conflicts=True, unique_fields=["owner", "card"], update_fields=["count"])


class CollectionEntryFactory(factory.django.DjangoModelFactory):
    """Copies of one card in a collection; give `card=`."""

    class Meta:
        model = CollectionEntry

    owner = factory.SubFactory(UserFactory)
    count = 1


class DecklistFactory(factory.django.DjangoModelFactory):
    """A Clash of Decks decklist with no version yet (give it one with
    DecklistVersionFactory)."""

    class Meta:
        model = Decklist

    owner = factory.SubFactory(UserFactory)
    game = factory.LazyFunction(clash_game)
    name = factory.Sequence(lambda n: f"Decklist {n}")
    kind = DecklistKind.CONSTRUCTED
    created_at = factory.LazyFunction(timezone.now)


class DecklistVersionFactory(factory.django.DjangoModelFactory):
    """Version 1 of a decklist, with the cards given (none by default)."""

    class Meta:
        model = DecklistVersion

    decklist = factory.SubFactory(DecklistFactory)
    number = 1
    name = factory.SelfAttribute("decklist.name")
    cards = factory.LazyFunction(list)
    created_at = factory.LazyFunction(timezone.now)


class BerserkCardFactory(factory.django.DjangoModelFactory):
    """A Berserk card in a set of its own, with the data the card import stores; give
    `data=` for other fields (a row imported before a field existed has no key for it)."""

    class Meta:
        model = Card

    card_set = factory.LazyFunction(
        lambda: CardSet.objects.get_or_create(game=other_game(BERSERK), code="factory",
                                              defaults={"name": "Factory"})[0])
    name = factory.Sequence(lambda n: f"Berserk card {n}")
    kind = "ordinary"
    cost = 3
    data = factory.LazyAttribute(lambda card: {"cost": card.cost, "elite": False,
                                               "element": None, "before_recruitment": False})
