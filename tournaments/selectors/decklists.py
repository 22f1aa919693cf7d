"""What an event makes of a decklist, read for the decks app's pages and services.

decks asks through its hooks (`decks.hooks.where_registered`, `decks.hooks.registered_in_event`,
`decks.hooks.organizes`), which TournamentsConfig.ready points here, so decks never imports
tournaments.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser

from decks.models import Decklist, DecklistVersion
from tournaments.models import Event, Registration
from tournaments.selectors.access import is_organizer


def registrations_of_decklist(*, decklist: Decklist, now: datetime) -> list[Registration]:
    """Where the owner's versions of `decklist` are registered, by event name, each with
    `fixed`: whether that event has fixed its lists, so an edit no longer reaches it."""
    registrations = list(Registration.objects.filter(decklist_version__decklist=decklist,
                                                     player_id=decklist.owner_id)
                         .select_related("event", "decklist_version").order_by("event__name"))
    for registration in registrations:
        registration.fixed = registration.event.lists_fixed(now)
    return registrations


def version_registered_in(*, event: Event, version: DecklistVersion) -> bool:
    """Whether `version` is the one its owner's own seat holds in `event`."""
    return Registration.objects.filter(event=event, decklist_version=version,
                                       player_id=version.decklist.owner_id).exists()


def event_organized_by(*, event: Event, user: AbstractBaseUser) -> bool:
    """`is_organizer`, as decks asks it (a ban session an organizer starts, rule C-2.5)."""
    return is_organizer(event, user)
