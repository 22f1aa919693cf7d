"""Saving a decklist from the deck builder page.

The builder form carries the version it was opened on. A phone at an event sends a form twice
(a double tap, a resend after a timeout) and a player may have the builder open on two
devices: the first save makes the new version, a repeat of the same content changes nothing,
and a save built on an older version is refused instead of silently replacing changes the
player has not seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, Forbidden
from core.locks import lock_get
from decks.models import Decklist, DecklistKind, DecklistVersion
from decks.services.decklists import decklist_update

__all__ = ["decklist_save"]


@transaction.atomic
def decklist_save(*, decklist: Decklist, user: AbstractBaseUser, base_version: int,
                  now: datetime, name: str | None = None, cards: Sequence[str] | None = None,
                  preconstructed_deck: int | None = None,
                  deck_format: str | None = None) -> tuple[DecklistVersion, bool]:
    """`decklist_update` if the list is still at `base_version`. Returns the current version
    and whether this call made it."""
    locked = lock_get(Decklist.objects.filter(pk=decklist.pk))
    if locked.owner_id != user.pk:
        raise Forbidden("not_yours", gettext("only the owner can change a decklist"))
    current = locked.versions.order_by("-number").first()
    if current.number != base_version:
        if _same(locked, current, name, cards, preconstructed_deck, deck_format):
            return current, False  # this very change was saved already
        raise Conflict("stale_version",
                       gettext("This list was changed elsewhere and is now at version "
                               "%(version)d; your changes were not saved: look at the current "
                               "version and make them again") % {"version": current.number},
                       params={"version": current.number})
    version = decklist_update(decklist=locked, user=user, now=now, name=name, cards=cards,
                              preconstructed_deck=preconstructed_deck, deck_format=deck_format)
    return version, True


def _same(decklist: Decklist, current: DecklistVersion, name: str | None,
          cards: Sequence[str] | None, preconstructed_deck: int | None,
          deck_format: str | None = None) -> bool:
    if name is not None and name.strip() != decklist.name:
        return False
    if deck_format is not None and deck_format != decklist.deck_format:
        return False
    if decklist.kind == DecklistKind.PRECONSTRUCTED:
        return preconstructed_deck in (None, current.preconstructed_deck)
    if decklist.kind == DecklistKind.DRAFTED or cards is None:
        return True
    return [str(c) for c in cards] == list(current.cards)
