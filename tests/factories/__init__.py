"""factory-boy factories shared by the app tests."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from decks.models import CollectionEntry
from decks.services.catalogue import catalogue_load, clash_game
from tournaments.models import Event, Registration


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("pw-for-tests-1")


def starter_kit():
    """The Starter Kit loaded from the engine's catalogue (idempotent)."""
    card_set, _ = catalogue_load(now=timezone.now())
    return card_set


def give_starter_kit(user, copies: int = 1) -> None:
    """`copies` of every Starter Kit card in the user's collection, in one statement (scenes
    give many users the kit; a query per card made it a large part of their set-up)."""
    CollectionEntry.objects.bulk_create(
        [CollectionEntry(owner=user, card=card, count=copies)
         for card in starter_kit().cards.all()],
        update_conflicts=True, unique_fields=["owner", "card"], update_fields=["count"])


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Event {n}")
    game = factory.LazyFunction(clash_game)
    format = "constructed"
    seed = 0  # the server draws one for a real event; tests keep theirs fixed
    created_at = factory.LazyFunction(timezone.now)

    @factory.post_generation
    def organizers(self, create, extracted, **kwargs):  # noqa: ANN001, ANN201
        if create and extracted:
            self.organizers.set(extracted)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)
    created_at = factory.LazyFunction(timezone.now)
