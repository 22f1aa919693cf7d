"""Loading the engine's card catalogue into the database (idempotent), and the games' rows,
made on first use."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from decks.models import Card, CardGame, CardSet
from decks.rules import CLASH, CLASH_NAME, GAME_NAMES, STARTER_KIT
from engine.clash.cards import Catalogue, load_catalogue

__all__ = ["catalogue_load", "clash_game", "other_game"]


def clash_game() -> CardGame:
    """The CardGame row of Clash of Decks, made on first use."""
    game, _ = CardGame.objects.get_or_create(slug=CLASH, defaults={"name": CLASH_NAME})
    return game


def other_game(slug: str) -> CardGame:
    """The CardGame row of The Spoils or Berserk, made on first use."""
    game, _ = CardGame.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES[slug]})
    return game


def _card_data(card) -> dict:  # noqa: ANN001
    """The game-specific fields stored in `Card.data` for a Clash of Decks card."""
    data = card.to_json()
    data.pop("type")
    data.pop("cost")
    data["deck"] = card.deck
    if card.notes:
        data["notes"] = card.notes
    return data


@transaction.atomic
def catalogue_load(*, now: datetime, catalogue: Catalogue | None = None) -> tuple[CardSet, int]:
    """Load the Starter Kit (or `catalogue`) as the set `starter-kit` of Clash of Decks.

    Idempotent: cards are matched by name and updated in place, so collections and decklists
    keep pointing at them. Returns the set and how many cards were created or changed.
    """
    catalogue = catalogue or load_catalogue()
    game = clash_game()
    card_set, _ = CardSet.objects.select_for_update().get_or_create(
        game=game, code=STARTER_KIT, defaults={"name": "Starter Kit"})
    existing = {c.name: c for c in card_set.cards.all()}
    changed = 0
    for card in catalogue.cards:
        fields = {"kind": card.type, "cost": card.cost, "data": _card_data(card)}
        row = existing.get(card.name)
        if row is None:
            Card.objects.create(card_set=card_set, name=card.name, **fields)
            changed += 1
        elif any(getattr(row, k) != v for k, v in fields.items()):
            for k, v in fields.items():
                setattr(row, k, v)
            row.save(update_fields=list(fields))
            changed += 1
    if card_set.catalogue_version != catalogue.version or changed:
        card_set.catalogue_version = catalogue.version
        card_set.loaded_at = now
        card_set.save(update_fields=["catalogue_version", "loaded_at"])
    return card_set, changed
