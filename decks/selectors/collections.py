"""Reads of a player's collection: its entries (the API's order and the gallery's), the cards a
constructed list may use, and the CSV export."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from core.csv_cells import csv_text
from decks.models import Card, CollectionEntry
from decks.rules import CSV_COLUMNS
from decks.selectors.cards import catalogue_order


def collection_entries(*, user: AbstractBaseUser) -> QuerySet[CollectionEntry]:
    """`user`'s entries by game, set and card name."""
    return (CollectionEntry.objects.filter(owner=user)
            .select_related("card__card_set__game")
            .order_by("card__card_set__game__name", "card__card_set__name", "card__name"))


def collection_in_catalogue_order(*, user: AbstractBaseUser) -> list[CollectionEntry]:
    """The same entries in the gallery's order (by preconstructed deck, cost, name): the
    collection page and the builder list them so."""
    return sorted(collection_entries(user=user), key=lambda e: catalogue_order(e.card))


def collection_cards(*, user: AbstractBaseUser) -> list[Card]:
    """The cards `user` owns at least one of: what a constructed list may use (C-2.5)."""
    return [e.card for e in collection_in_catalogue_order(user=user)]


def collection_export_csv(*, user: AbstractBaseUser) -> str:
    """`set,card,count`, one card a line, by set code and card name: what the import reads
    (a name a spreadsheet would take for a formula with an apostrophe before it, which the
    import takes away again)."""
    entries = collection_entries(user=user).order_by("card__card_set__code", "card__name")
    return csv_text(CSV_COLUMNS, ([entry.card.card_set.code, entry.card.name, entry.count]
                                  for entry in entries))
