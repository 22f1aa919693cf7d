"""Reads of decklists: the lists a user may see, their versions and history, a player's own
lists, and where the owner registered them.

Which versions a user may see is `decks.selectors.visibility.visible_versions` alone; every
read here filters through it or through ownership.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, QuerySet

from decks import hooks
from decks.models import Decklist, DecklistKind, DecklistVersion
from decks.rules import CLASH
from decks.selectors.visibility import visible_decklists, visible_versions

User = AbstractBaseUser | AnonymousUser


def decklists_for(user: User) -> QuerySet[Decklist]:
    """The decklists `user` may see, each with `seen_versions`: only the versions `user` may
    see, oldest first (an organizer gets the registered version, not the owner's later
    edits)."""
    return (visible_decklists(user).select_related("owner", "game")
            .prefetch_related(Prefetch("versions",
                                       queryset=visible_versions(user).order_by("number"),
                                       to_attr="seen_versions")))


def decklists_of(user: AbstractBaseUser) -> list[Decklist]:
    """`user`'s own lists, each with `latest` (its current version) and `version_count`: the
    owner sees every version of their lists."""
    lists = list(decklists_for(user).filter(owner=user))
    for decklist in lists:
        decklist.latest = decklist.seen_versions[-1]
        decklist.version_count = len(decklist.seen_versions)
    return lists


def own_decklist(user: User, decklist_id: int) -> Decklist | None:
    """The list if `user` owns it (the only one who may change it), else None."""
    if not user.is_authenticated:
        return None
    return Decklist.objects.filter(owner=user, pk=decklist_id).first()


def constructed_decklists_of(user: AbstractBaseUser) -> QuerySet[Decklist]:
    """`user`'s constructed Clash of Decks lists: what a ban session (C-2.5) can be started
    with (the other games have no ban-two procedure)."""
    return Decklist.objects.filter(owner=user, kind=DecklistKind.CONSTRUCTED,
                                   game__slug=CLASH).order_by("name")


def decklist_versions_for(user: User, decklist_id: int) -> QuerySet[DecklistVersion]:
    """The versions of a list that `user` may see (all of them for the owner), oldest
    first."""
    return (visible_versions(user).filter(decklist_id=decklist_id)
            .select_related("decklist__owner", "decklist__game").order_by("number"))


@dataclass
class VersionEntry:
    version: DecklistVersion
    added: list[str]
    removed: list[str]


def visible_history(user: User, decklist_id: int) -> list[VersionEntry]:
    """The versions of a list that `user` may see, oldest first, each with what changed since
    the visible version before it. Empty when `user` may see none (the page is then a 404)."""
    history: list[VersionEntry] = []
    previous: list[str] | None = None
    for version in decklist_versions_for(user, decklist_id):
        cards = list(version.cards)
        # Counted per copy: a list of The Spoils or Berserk repeats a card's name.
        added = [] if previous is None else list((Counter(cards) - Counter(previous)).elements())
        removed = [] if previous is None else list(
            (Counter(previous) - Counter(cards)).elements())
        history.append(VersionEntry(version=version, added=added, removed=removed))
        previous = cards
    return history


def decklist_registrations(decklist: Decklist, now: datetime) -> list:
    """Where the owner's versions are registered (shown to the owner only), each with `fixed`:
    whether that event has fixed its lists, so an edit no longer reaches it. The events are
    tournaments' to read: it answers through `hooks.where_registered`."""
    return hooks.where_registered(decklist=decklist, now=now)
