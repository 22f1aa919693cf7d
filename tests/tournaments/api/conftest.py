"""What the tournaments API tests share: a client signed in as a user (or anonymous), the error
in the API's shape, a registered constructed list, an event in registration and a running
one with round 1 paired."""

from __future__ import annotations

from django.utils import timezone

from decks.services.decklists import decklist_create
from tests.factories import give_starter_kit
from tests.factories.decklists import LIST_A
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import pair, seats, start

LIST = LIST_A


def constructed_version(user, cards=LIST):
    give_starter_kit(user)
    return decklist_create(user=user, name="Mine", kind="constructed", cards=cards,
                           now=timezone.now()).versions.get()


def event_of(**settings):
    """An event in registration; preconstructed, so seats set by factories need no list."""
    return OrganizedEventFactory(**{"format": "preconstructed", **settings})


def running(names="alice bob carol dave", **settings):
    """A started event with a seat per name and round 1 paired."""
    event = event_of(**{"rounds": 3, **settings})
    seats(event, names)
    start(event)
    return event, pair(event)
