"""Who may see what: decklists are hidden by default (issue: hidden decklists never leak).

A decklist version is visible to its owner; to the organizers and the judges (for deck
checks) of an event it is registered in, and only that event, but not to a judge who holds a
seat in that event (they would read their opponents' lists); and to everyone once that event
has published its lists. Registered means the version its owner's own seat holds there
(the registration services let only the player attach a list, so a seat made by an organizer
never carries one): a seat of someone else holding the version opens nothing. The one list an
organizer writes is a walk-in guest's (issue 16): it has no owner, and the guest seat (a seat
without a player) holding it stands for the owner's own, so the organizers and judges of its
event see it, and everyone once the event publishes its lists; once the seat is claimed the
claimer owns the list and the usual rule holds. Nothing else sees it, and the API answers 404
(not 403) for what a user cannot see, so its existence does not leak either.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import F, Q, QuerySet

from decks.models import BanSession, Decklist, DecklistVersion


def visible_versions(user: AbstractBaseUser | AnonymousUser) -> QuerySet[DecklistVersion]:
    # One filter() call, so both conditions of a branch hold for the same registration.
    owners_seat = (Q(registrations__player=F("decklist__owner"))
                   | Q(decklist__owner__isnull=True, registrations__player__isnull=True,
                       registrations__is_ai=False, registrations__former_player=False))
    published = owners_seat & Q(registrations__event__lists_published=True)
    if not user.is_authenticated:
        return DecklistVersion.objects.filter(published).distinct()
    # The events `user` judges and holds no seat in (a judge who plays is no judge there,
    # tournaments.selectors.access.acts_as_judge), by the related names alone: decks is
    # below tournaments.
    judging = user.judged_events.exclude(registrations__player=user).values("pk")
    return DecklistVersion.objects.filter(
        Q(decklist__owner=user) | (owners_seat & Q(registrations__event__organizers=user))
        | (owners_seat & Q(registrations__event__in=judging)) | published
    ).distinct()


def visible_decklists(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Decklist]:
    return Decklist.objects.filter(versions__in=visible_versions(user)).distinct()


def visible_ban_sessions(user: AbstractBaseUser | AnonymousUser) -> QuerySet[BanSession]:
    """A ban session is seen by its two players and the organizers of its event."""
    if not user.is_authenticated:
        return BanSession.objects.none()
    return BanSession.objects.filter(
        Q(player_a=user) | Q(player_b=user) | Q(event__organizers=user)
    ).distinct()
