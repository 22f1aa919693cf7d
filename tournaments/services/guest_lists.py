"""A walk-in guest's decklist, entered by the organizer (issue 16): the one case where an
organizer writes a player's list, because the person has no account to write it with.

- Only an organizer of the event, only for a guest seat (a seat without an account): a
  person's list enters an event only with that person's consent (services/registrations.py),
  so an account's seat is refused, and so is a claimed one.
- The list is decks' list without an owner (decks/services/guest_lists.py), checked like any
  list of the event's format and game, except that for rule C-2.5 the cards available to a
  guest are the ones they bring, which the organizer vouches for by entering the list (a
  guest has no collection here). A draft event takes no list: its pods build the decks.
- The organizer enters a first list while the event takes entries or runs (a guest walks in
  late too), and changes it, each change a new version, until the event fixes its lists
  (`Event.lists_fixed`): then the seat keeps the version it holds, like every seat.
- When the seat is claimed (services/walkins.py) the claimer becomes the list's owner: it is
  theirs under the usual visibility, the seat keeps its version through the event, and the
  organizer no longer changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from core.locks import lock_get
from decks.models import DecklistKind, DecklistVersion
from decks.rules import MAX_NAME, has_rules_module
from decks.services.guest_lists import guest_decklist_create, guest_decklist_revise
from tournaments.models import Event, EventFormat, EventStatus, Registration

from .guards import lock_event, require_organizer

__all__ = [
    "guest_list_default_name",
    "guest_list_enter",
    "guest_list_kind",
    "guest_list_refusal",
    "guest_seat_for_list",
]

_ENTERED_WHILE = (EventStatus.REGISTRATION, EventStatus.RUNNING)


def guest_list_kind(event: Event) -> str:
    """The kind of list the event's format takes from a guest (a draft takes none)."""
    return (DecklistKind.PRECONSTRUCTED if event.format == EventFormat.PRECONSTRUCTED
            else DecklistKind.CONSTRUCTED)


def guest_list_default_name(seat: Registration) -> str:
    return (gettext("List of %(name)s") % {"name": seat.name})[:MAX_NAME]


def guest_seat_for_list(*, event: Event, registration_id: int) -> Registration:
    """The seat `registration_id` of `event` (a seat of another event is missing alike),
    refused unless it is a guest seat whose list the organizer may still write now."""
    seat = Registration.objects.filter(pk=registration_id, event=event).first()
    if seat is None:
        raise NotFound("not_found",
                       gettext("%(event)s has no seat %(registration)d")
                       % {"event": event.name, "registration": registration_id},
                       params={"event": event.name, "registration": registration_id})
    return seat


def guest_list_refusal(*, event: Event, seat: Registration, now: datetime) -> Conflict | None:
    """Why the organizer may not write the list of `seat` now (None: they may): it is not a
    guest seat (an account's or a claimed one), it has dropped, the event takes no list or
    is past its Swiss rounds, or the event has fixed the list the seat holds."""
    if not seat.is_guest:
        return Conflict("not_a_guest",
                        gettext("%(name)s is not a guest seat: a player enters their own "
                                "list, and a claimed seat's list is its player's")
                        % {"name": seat.name}, params={"name": seat.name})
    if seat.dropped:
        return Conflict("dropped", gettext("%(name)s has dropped from %(event)s")
                        % {"name": seat.name, "event": event.name},
                        params={"name": seat.name, "event": event.name})
    if event.format == EventFormat.DRAFT:
        return Conflict("no_decklist_for_draft",
                        gettext("%(event)s is a draft: its pods build the decks, so a guest "
                                "needs no list") % {"event": event.name},
                        params={"event": event.name})
    if event.status not in _ENTERED_WHILE:
        return Conflict("registration_over",
                        gettext("%(event)s is past its Swiss rounds: its lists are fixed")
                        % {"event": event.name}, params={"event": event.name})
    if seat.decklist_version_id is not None and event.lists_fixed(now):
        return Conflict("lists_fixed",
                        gettext("The lists of %(event)s are fixed (it has started or its "
                                "decklist deadline has passed): %(name)s plays the version "
                                "entered") % {"event": event.name, "name": seat.name},
                        params={"event": event.name, "name": seat.name})
    return None


@transaction.atomic
def guest_list_enter(*, event_id: int, registration_id: int, by: AbstractBaseUser,
                     now: datetime, name: str | None = None, cards: Sequence[str] = (),
                     preconstructed_deck: int | None = None) -> Registration:
    """An organizer of event `event_id` enters (or changes) the list of its guest seat
    `registration_id`: a preconstructed event takes `preconstructed_deck`, a constructed one
    `cards`. Every problem of the list is named at once and nothing is written then."""
    event = lock_event(event_id)
    require_organizer(event, by)
    seat = guest_seat_for_list(event=event, registration_id=registration_id)
    seat = lock_get(Registration.objects.filter(pk=seat.pk))
    refusal = guest_list_refusal(event=event, seat=seat, now=now)
    if refusal is not None:
        raise refusal
    kind = guest_list_kind(event)
    problems = []
    if has_rules_module(event.game) and event.format != EventFormat.CONSTRUCTED:
        problems.append(gettext("%(event)s is %(format)s: %(game)s events take constructed "
                                "lists only")
                        % {"event": event.name, "format": event.format, "game": event.game})
    if kind == DecklistKind.PRECONSTRUCTED and cards:
        problems.append(gettext("%(event)s is preconstructed: give a deck number, not cards")
                        % {"event": event.name})
    if kind == DecklistKind.CONSTRUCTED and preconstructed_deck is not None:
        problems.append(gettext("%(event)s is constructed: give the cards, not a deck number")
                        % {"event": event.name})
    if problems:
        raise DomainError("invalid_decklist", "; ".join(problems), problems=problems)
    name = guest_list_default_name(seat) if name is None or not name.strip() else name
    held = _guest_version(seat)
    if held is None:
        version = guest_decklist_create(name=name, kind=kind, game=event.game, by=by, now=now,
                                        cards=cards, preconstructed_deck=preconstructed_deck)
    else:
        version = guest_decklist_revise(decklist_id=held.decklist_id, name=name, by=by, now=now,
                                        cards=cards, preconstructed_deck=preconstructed_deck)
    seat.decklist_version = version
    seat.save(update_fields=["decklist_version"])
    return seat


def _guest_version(seat: Registration) -> DecklistVersion | None:
    """The guest list the seat holds (a guest seat holds no other kind of list)."""
    if seat.decklist_version_id is None:
        return None
    return (DecklistVersion.objects.filter(pk=seat.decklist_version_id,
                                           decklist__owner__isnull=True)
            .select_related("decklist").first())
