"""Selectors for the lists a user browses: the catalogue with its filters, a collection, the
decklists a user may see with the versions they may see, and ban sessions.

Visibility comes only from decks.selectors (`visible_versions`, `visible_decklists`,
`visible_ban_sessions`); this module adds filters, ordering and the joins that keep a list to
a fixed number of queries.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, QuerySet

from decks.models import BanSession, Card, CardSet, CollectionEntry, Decklist, Game
from decks.selectors import visible_ban_sessions, visible_decklists, visible_versions

User = AbstractBaseUser | AnonymousUser


def card_sets(*, game: Game | None = None) -> QuerySet[CardSet]:
    sets = CardSet.objects.select_related("game").order_by("game__name", "name", "id")
    return sets.filter(game=game) if game is not None else sets


def cards_matching(*, game: Game | None = None, card_set: CardSet | None = None,
                   kind: str | None = None, ability: str | None = None,
                   cost: int | None = None) -> QuerySet[Card]:
    """Cards by any combination of game, set, kind, ability (one of `data["abilities"]`) and
    cost, ordered by set and name."""
    cards = Card.objects.select_related("card_set__game").order_by(
        "card_set__game__name", "card_set__name", "name", "id")
    if game is not None:
        cards = cards.filter(card_set__game=game)
    if card_set is not None:
        cards = cards.filter(card_set=card_set)
    if kind:
        cards = cards.filter(kind=kind)
    if cost is not None:
        cards = cards.filter(cost=cost)
    if ability:
        # JSON containment is not available on SQLite; a catalogue is a few hundred cards,
        # so the abilities are matched here and the result stays a queryset.
        ids = [pk for pk, data in cards.values_list("pk", "data")
               if ability in (data or {}).get("abilities", [])]
        cards = cards.filter(pk__in=ids)
    return cards


def collection_entries(*, user: AbstractBaseUser) -> QuerySet[CollectionEntry]:
    return (CollectionEntry.objects.filter(owner=user)
            .select_related("card__card_set__game")
            .order_by("card__card_set__game__name", "card__card_set__name", "card__name"))


def decklists_for(user: User) -> QuerySet[Decklist]:
    """The decklists `user` may see, each with `seen_versions`: only the versions `user` may
    see, oldest first (an organizer gets the registered version, not the owner's later
    edits)."""
    return (visible_decklists(user).select_related("owner", "game")
            .prefetch_related(Prefetch("versions",
                                       queryset=visible_versions(user).order_by("number"),
                                       to_attr="seen_versions")))


def ban_sessions_for(user: User) -> QuerySet[BanSession]:
    return visible_ban_sessions(user).select_related("player_a", "player_b")
