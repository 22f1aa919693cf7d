"""A duel between two persons, offered by link (preconstructed decks, rule C-2.3).

The creator picks a deck and gets a code; another logged-in player opens the link, picks
theirs and joins: the game starts with the creator in seat A. Joining locks the invitation
row, so a taken invitation is never joined twice; nobody joins their own. Its creator may
cancel it while it is open, under the same lock: a cancel and a join never both succeed.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from core.locks import lock_one
from engine.clash.cards import load_catalogue
from engine.seats import LETTER_A, LETTER_B
from play.models import GameKind, Invitation, InvitationStatus, OnlineGame

from .games import game_begin
from .states import invitation_move

__all__ = ["invitation_cancel", "invitation_create", "invitation_join"]


def _check_deck(deck: int) -> None:
    if deck not in load_catalogue().deck_numbers:
        raise DomainError("bad_deck", gettext("There is no preconstructed deck %(deck)s")
                          % {"deck": deck},
                          params={"deck": deck})


@transaction.atomic
def invitation_create(*, player: AbstractBaseUser, deck: int, code: str,
                      now: datetime) -> Invitation:
    """An open invitation to a duel; `code` (random, chosen by the caller) names its link."""
    _check_deck(deck)
    return Invitation.objects.create(code=code, created_by=player, deck=deck, created_at=now)


@transaction.atomic
def invitation_join(*, code: str, player: AbstractBaseUser, deck: int, seed: int,
                    now: datetime) -> OnlineGame:
    """`player` takes the invitation with `deck`: the duel starts (open -> taken). Joining
    again as the one who took it returns the same game; anyone else finds it taken."""
    invitation = lock_one(Invitation.objects.filter(code=code))
    if invitation is None:
        raise NotFound("no_invitation", gettext("No invitation has this code"))
    if invitation.created_by_id == player.pk:
        raise Conflict("own_invitation", gettext("You cannot join your own invitation: send "
                                                 "its link to your opponent"))
    if invitation.status == InvitationStatus.TAKEN:
        if invitation.game.player_b_id == player.pk:
            return invitation.game
        raise Conflict("taken", gettext("Another player has already taken this invitation"))
    if invitation.status == InvitationStatus.CANCELLED:
        raise Conflict("cancelled", gettext("Its creator has cancelled this invitation"))
    _check_deck(deck)
    catalogue = load_catalogue()
    game = OnlineGame(kind=GameKind.DUEL, player_a_id=invitation.created_by_id, player_b=player,
                      seed=seed, decks={LETTER_A: catalogue.deck(invitation.deck),
                                        LETTER_B: catalogue.deck(deck)},
                      created_at=now, last_activity_at=now)
    game_begin(game, now)
    invitation_move(invitation, InvitationStatus.TAKEN)
    invitation.game = game
    invitation.taken_at = now
    invitation.save(update_fields=["status", "game", "taken_at"])
    return game


@transaction.atomic
def invitation_cancel(*, code: str, player: AbstractBaseUser, now: datetime) -> Invitation:
    """Its creator withdraws an open invitation (open -> cancelled): nobody can join it any
    more. Only the creator (anyone else is told there is no such invitation to cancel) and
    only while it is open (a taken one has its game; cancelling twice changes nothing)."""
    invitation = lock_one(Invitation.objects.filter(code=code))
    if invitation is None or invitation.created_by_id != player.pk:
        raise NotFound("no_invitation", gettext("You have no invitation with this code"))
    if invitation.status == InvitationStatus.CANCELLED:
        return invitation
    if invitation.status == InvitationStatus.TAKEN:
        raise Conflict("taken", gettext("This invitation was already taken: the duel has "
                                        "started, so it cannot be cancelled"))
    invitation_move(invitation, InvitationStatus.CANCELLED)
    invitation.cancelled_at = now
    invitation.save(update_fields=["status", "cancelled_at"])
    return invitation
