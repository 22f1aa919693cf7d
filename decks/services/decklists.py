"""Decklists: creation, and changes that make a new version (the checks: decks.rules).

A registered version is fixed once its event starts or its decklist deadline passes, whichever
comes first (tournaments' `Event.lists_fixed`): a later change makes a new version that the
registration, and so the event's organizers, never see. Until then the registration follows
the player's latest version: every new version is announced on `hooks.decklist_saved`, and
tournaments moves its registrations (tournaments/services/decklist_versions.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError, Forbidden
from core.locks import lock_get
from decks import hooks
from decks.models import CardGame, Decklist, DecklistKind, DecklistVersion
from decks.rules import decklist_problems, default_format, has_rules_module, version_contents
from decks.services.catalogue import clash_game

__all__ = ["decklist_create", "decklist_create_drafted", "decklist_update"]


def _check(problems: list[str]) -> None:
    if problems:
        raise DomainError("invalid_decklist", "; ".join(problems), problems=problems)


@transaction.atomic
def decklist_create(*, user: AbstractBaseUser, name: str, kind: str,
                    cards: Sequence[str] = (), preconstructed_deck: int | None = None,
                    now: datetime, game: CardGame | None = None,
                    deck_format: str | None = None) -> Decklist:
    """A new decklist with its first version. Drafted lists come only from draft pods.
    A list of a game with several deck formats (The Spoils) is checked in `deck_format`,
    its events' format when None."""
    if kind == DecklistKind.DRAFTED:
        raise DomainError("drafted_by_pod", gettext("a drafted list is made by its draft "
                                                    "pod, not by hand"))
    return _create(user=user, name=name, kind=kind, cards=cards,
                   preconstructed_deck=preconstructed_deck, now=now, game=game,
                   deck_format=deck_format)


@transaction.atomic
def decklist_create_drafted(*, user: AbstractBaseUser, name: str, cards: Sequence[str],
                            now: datetime) -> Decklist:
    """The 8 cards a draft produced (rule C-2.4) as the seat's decklist."""
    return _create(user=user, name=name, kind=DecklistKind.DRAFTED, cards=cards,
                   preconstructed_deck=None, now=now, game=None, deck_format=None)


def _create(*, user, name, kind, cards, preconstructed_deck, now, game,  # noqa: ANN001
            deck_format) -> Decklist:  # noqa: ANN001
    game = game or clash_game()
    _check(decklist_problems(user=user, kind=kind, cards=cards,
                             preconstructed_deck=preconstructed_deck, name=name, game=game,
                             deck_format=deck_format))
    if not deck_format and has_rules_module(game):
        deck_format = default_format(game)
    decklist = Decklist.objects.create(owner=user, game=game, name=name.strip(), kind=kind,
                                       deck_format=deck_format or "", created_at=now)
    DecklistVersion.objects.create(decklist=decklist, number=1, name=decklist.name,
                                   created_at=now,
                                   **version_contents(kind, cards, preconstructed_deck))
    return decklist


@transaction.atomic
def decklist_update(*, decklist: Decklist, user: AbstractBaseUser, now: datetime,
                    name: str | None = None, cards: Sequence[str] | None = None,
                    preconstructed_deck: int | None = None,
                    deck_format: str | None = None) -> DecklistVersion:
    """Change a list: a new version (the old ones are kept). The owner's registrations in
    events that have not fixed their lists yet (not started, deadline not passed) move to the
    new version; the others keep theirs, so a finished event keeps what was played.
    `deck_format` moves a list of a game with several formats (The Spoils) to another."""
    decklist = lock_get(Decklist.objects.filter(pk=decklist.pk))
    if decklist.owner_id != user.pk:
        raise Forbidden("not_yours", gettext("only the owner can change a decklist"))
    if decklist.kind == DecklistKind.DRAFTED and cards is not None:
        raise DomainError("drafted_fixed",
                          gettext("a drafted list holds the cards its draft gave"))
    current = decklist.versions.order_by("-number").first()
    new_cards = list(cards) if cards is not None else current.cards
    new_deck = preconstructed_deck if preconstructed_deck is not None else (
        current.preconstructed_deck)
    new_format = deck_format if deck_format is not None else (decklist.deck_format or None)
    _check(decklist_problems(user=user, kind=decklist.kind, cards=new_cards,
                             preconstructed_deck=new_deck, name=name, game=decklist.game,
                             deck_format=new_format))
    if name is not None:
        decklist.name = name.strip()
    if deck_format is not None:
        decklist.deck_format = deck_format
    if name is not None or deck_format is not None:
        decklist.save(update_fields=["name", "deck_format"])
    version = DecklistVersion.objects.create(
        decklist=decklist, number=current.number + 1, name=decklist.name, created_at=now,
        **version_contents(decklist.kind, new_cards, new_deck))
    # The events that take the list as it changes follow it (tournaments listens); a listener
    # that refuses the version raises, and the transaction undoes it.
    hooks.decklist_saved.send(decklist=decklist, version=version, now=now)
    return version
