"""A person's decks and cards when they delete their account or download their data (the
hooks of accounts/hooks.py, connected in DecksConfig.ready)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from decks.models import BanSession, CollectionEntry, Decklist, DecklistVersion

__all__ = ["decks_data", "decks_erase"]


def decks_erase(*, user: AbstractBaseUser, now: datetime) -> None:
    """`account_erasing`: the person's decklists with every version, their collection, and
    the ban sessions they sat in or that banned from their lists (which hold the lists).
    Runs after the events let go of the lists (`account_leaving`)."""
    versions = DecklistVersion.objects.filter(decklist__owner=user)
    BanSession.objects.filter(Q(player_a=user) | Q(player_b=user) | Q(list_a__in=versions)
                              | Q(list_b__in=versions)).delete()
    Decklist.objects.filter(owner=user).delete()
    CollectionEntry.objects.filter(owner=user).delete()


def decks_data(*, user: AbstractBaseUser, data: dict[str, Any]) -> None:
    """`account_data`: the collection and every decklist with all its versions."""
    data["collection"] = [
        {"card": entry.card.name, "set": entry.card.card_set.name, "count": entry.count}
        for entry in CollectionEntry.objects.filter(owner=user)
        .select_related("card__card_set").order_by("card__card_set__name", "card__name")]
    data["decklists"] = [
        {"name": decklist.name, "game": decklist.game.name, "kind": decklist.kind,
         "deck_format": decklist.deck_format, "created_at": decklist.created_at.isoformat(),
         "versions": [{"number": version.number, "cards": version.cards,
                       "preconstructed_deck": version.preconstructed_deck,
                       "created_at": version.created_at.isoformat()}
                      for version in decklist.versions.all()]}
        for decklist in Decklist.objects.filter(owner=user).select_related("game")
        .prefetch_related("versions").order_by("created_at", "id")]
