"""A walk-in guest's decklist (issue 16): a list without an owner, which an organizer enters
for a guest seat (a person without an account) and the seat holds.

decks knows nothing of events or seats: who may enter such a list, for which seat and until
when is tournaments' rule (tournaments/services/guest_lists.py), which calls these under its
locks. Here is only what a list is:

- It is checked like any list (`decklist_problems`), with `user` None: a guest has no
  collection, so for rule C-2.5 the cards available to them are the ones they bring, which
  the organizer vouches for by entering the list. The card count, the catalogue, the
  different cards and the game's own rules are checked alike.
- Each change is a new version, as for every list, so a version an event fixed is never
  touched again. Each version entered so is marked (`DecklistVersion.entered_for_guest`):
  its cards stay vouched for, also once the seat's claimer owns the list; a version the
  claimer makes later is checked against their collection like any. `entered_by` keeps who
  entered it (`by`: decks takes the caller's word that `by` may).
- When the seat is claimed, its claimer becomes the owner (`guest_decklist_claim`): from then
  on the list is theirs like any other, and nobody else changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError
from core.locks import lock_get
from decks.models import CardGame, Decklist, DecklistKind, DecklistVersion
from decks.rules import decklist_problems, default_format, has_rules_module, version_contents

__all__ = ["guest_decklist_claim", "guest_decklist_create", "guest_decklist_revise"]


def _guest_list_problems(*, name: str, kind: str, game: CardGame, cards: Sequence[str] = (),
                         preconstructed_deck: int | None = None) -> list[str]:
    """Every reason the guest's list cannot be saved, all at once (empty when it can)."""
    if kind == DecklistKind.DRAFTED:
        return [gettext("a drafted list is made by its draft pod, not by hand")]
    return decklist_problems(user=None, kind=kind, cards=cards,
                             preconstructed_deck=preconstructed_deck, name=name, game=game)


def _check(problems: list[str]) -> None:
    if problems:
        raise DomainError("invalid_decklist", "; ".join(problems), problems=problems)


@transaction.atomic
def guest_decklist_create(*, name: str, kind: str, game: CardGame, by: AbstractBaseUser,
                          now: datetime, cards: Sequence[str] = (),
                          preconstructed_deck: int | None = None) -> DecklistVersion:
    """A new list without an owner, with its first version; nothing is written when it has
    a problem. A game with several deck formats takes its events' (The Spoils: Constructed)."""
    _check(_guest_list_problems(name=name, kind=kind, game=game, cards=cards,
                                preconstructed_deck=preconstructed_deck))
    deck_format = default_format(game) if has_rules_module(game) else ""
    decklist = Decklist.objects.create(owner=None, game=game, name=name.strip(), kind=kind,
                                       deck_format=deck_format, created_at=now)
    return DecklistVersion.objects.create(decklist=decklist, number=1, name=decklist.name,
                                          created_at=now, entered_for_guest=True, entered_by=by,
                                          **version_contents(kind, cards, preconstructed_deck))


@transaction.atomic
def guest_decklist_revise(*, decklist_id: int, name: str, by: AbstractBaseUser,
                          now: datetime, cards: Sequence[str] = (),
                          preconstructed_deck: int | None = None) -> DecklistVersion:
    """The next version of a guest's list (its kind and game stay). Refused once the list
    has an owner: it is then that person's, changed only by them."""
    decklist = lock_get(Decklist.objects.filter(pk=decklist_id))
    if decklist.owner_id is not None:
        raise Conflict("list_claimed", gettext("This list belongs to the person who claimed "
                                               "the seat: only they change it now"))
    _check(_guest_list_problems(name=name, kind=decklist.kind, game=decklist.game, cards=cards,
                                preconstructed_deck=preconstructed_deck))
    if decklist.name != name.strip():
        decklist.name = name.strip()
        decklist.save(update_fields=["name"])
    current = decklist.versions.order_by("-number").first()
    return DecklistVersion.objects.create(
        decklist=decklist, number=current.number + 1, name=decklist.name, created_at=now,
        entered_for_guest=True, entered_by=by,
        **version_contents(decklist.kind, cards, preconstructed_deck))


@transaction.atomic
def guest_decklist_claim(*, decklist_id: int, owner: AbstractBaseUser) -> Decklist:
    """`owner` (who claimed the seat holding the list) becomes its owner. A list that has an
    owner already keeps them."""
    decklist = lock_get(Decklist.objects.filter(pk=decklist_id))
    if decklist.owner_id is None:
        decklist.owner = owner
        decklist.save(update_fields=["owner"])
    return decklist
