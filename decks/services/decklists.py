"""Decklists: validation, creation, and changes that make a new version.

A registered version is fixed once its event starts or its decklist deadline passes, whichever
comes first (tournaments' `Event.lists_fixed`): a later change makes a new version that the
registration, and so the event's organizers, never see. Until then the registration follows
the player's latest version: every new version is announced on `hooks.decklist_saved`, and
tournaments moves its registrations (tournaments/services/decklist_versions.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import DomainError, Forbidden, Problem
from core.locks import lock_get
from decks import hooks
from decks.models import (
    Card,
    CardGame,
    CollectionEntry,
    Decklist,
    DecklistKind,
    DecklistVersion,
)
from decks.services import game_rules
from decks.services.catalogue import clash_game
from engine.clash.cards import load_catalogue

CONSTRUCTED_SIZE = 10  # rule C-2.5
DECK_SIZE = 8  # rules C-2.3, C-2.4
MAX_NAME = 100


def name_too_long() -> str:
    return gettext("the name is longer than %(max)d characters") % {"max": MAX_NAME}


def decklist_problems(*, user: AbstractBaseUser | None, kind: str, cards: Sequence[str] = (),
                      preconstructed_deck: int | None = None, name: str | None = None,
                      game: CardGame | None = None, deck_format: str | None = None) -> list[str]:
    """Every reason the list cannot be registered, all at once (empty when it can).

    `deck_format` is the game's deck format where it has several (The Spoils: constructed
    or limited, rule S-8); None checks the list in the format its events use.

    `user` None checks a walk-in guest's list (decks/services/guest_lists.py): a guest has
    no collection here, so for rule C-2.5 the cards available to them are the ones they
    bring, which the organizer vouches for by entering the list. Every other check (the
    card count, cards of the catalogue, all different, the game's rules) applies alike."""
    problems: list[str] = []
    # The problems about the name and the format are tagged so (core.errors.Problem): the
    # forms show them beside those fields; the others are about the cards or the deck.
    if name is not None and not name.strip():
        problems.append(Problem(gettext("the list needs a name"), "name"))
    elif name is not None and len(name) > MAX_NAME:
        problems.append(Problem(name_too_long(), "name"))
    if kind not in DecklistKind.values:
        return problems + [gettext("kind must be one of %(kinds)s, not %(kind)s") % {
            "kinds": ", ".join(DecklistKind.values), "kind": repr(kind)}]
    if game_rules.has_rules_module(game):
        # Other games: a constructed list of card names with repeats, checked by the game's
        # rules module; no collection is needed.
        if kind != DecklistKind.CONSTRUCTED:
            problems.append(gettext("a %(game)s list is constructed, not %(kind)s")
                            % {"game": game.name, "kind": kind})
        wrong_format = game_rules.format_problems(game=game, deck_format=deck_format)
        if wrong_format:
            return problems + wrong_format
        return problems + game_rules.deck_problems(game=game, cards=cards, fmt=deck_format)
    if deck_format:
        problems.append(Problem(gettext("%(game)s has no deck formats: leave the format empty")
                                % {"game": (game or clash_game()).name}, "deck_format"))
    catalogue = load_catalogue()
    if kind == DecklistKind.PRECONSTRUCTED:
        if preconstructed_deck not in catalogue.deck_numbers:
            numbers = ", ".join(str(n) for n in catalogue.deck_numbers)
            problems.append(gettext("choose one of the preconstructed decks %(numbers)s "
                                    "(rule C-2.3)") % {"numbers": numbers})
        return problems
    names = [str(c) for c in cards]
    game = game or clash_game()
    known = set(Card.objects.filter(card_set__game=game, name__in=names)
                .values_list("name", flat=True))
    unknown = [n for n in dict.fromkeys(names) if n not in known]
    for n in unknown:
        problems.append(gettext("%(card)s is not a card of %(game)s")
                        % {"card": n, "game": game.name})
    counts = Counter(names)
    for n, count in counts.items():
        if count > 1:
            problems.append(gettext("%(card)s appears %(count)d times: every card must be "
                                    "different") % {"card": n, "count": count})
    if kind == DecklistKind.CONSTRUCTED:
        if user is not None:  # a guest's cards are the ones they bring (see above)
            owned = set(CollectionEntry.objects.filter(owner=user, card__name__in=names,
                                                       card__card_set__game=game)
                        .values_list("card__name", flat=True))
            for n in dict.fromkeys(names):
                if n in known and n not in owned:
                    problems.append(gettext("%(card)s is not in your collection")
                                    % {"card": n})
        size = CONSTRUCTED_SIZE
    else:
        size = DECK_SIZE
    if len(names) != size:
        problems.append(gettext("%(count)d cards, %(size)d needed")
                        % {"count": len(names), "size": size})
    return problems


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
    if not deck_format and game_rules.has_rules_module(game):
        deck_format = game_rules.default_format(game)
    decklist = Decklist.objects.create(owner=user, game=game, name=name.strip(), kind=kind,
                                       deck_format=deck_format or "", created_at=now)
    DecklistVersion.objects.create(decklist=decklist, number=1, name=decklist.name,
                                   created_at=now,
                                   **_contents(kind, cards, preconstructed_deck))
    return decklist


def _contents(kind: str, cards: Sequence[str], preconstructed_deck: int | None) -> dict:
    if kind == DecklistKind.PRECONSTRUCTED:
        return {"cards": load_catalogue().deck(preconstructed_deck),
                "preconstructed_deck": preconstructed_deck}
    return {"cards": [str(c) for c in cards], "preconstructed_deck": None}


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
        **_contents(decklist.kind, new_cards, new_deck))
    # The events that take the list as it changes follow it (tournaments listens); a listener
    # that refuses the version raises, and the transaction undoes it.
    hooks.decklist_saved.send(decklist=decklist, version=version, now=now)
    return version
