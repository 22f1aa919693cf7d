"""The play app's state machines and their moves: the one place the status of an online game
or an invitation is written (core.states)."""

from __future__ import annotations

from core.states import Machine, move
from play.models import GameStatus, Invitation, InvitationStatus, OnlineGame

__all__ = ["invitation_move", "online_game_move"]

_ONLINE_GAME = Machine("online game", GameStatus, {
    GameStatus.DRAFTING: (GameStatus.PLAYING,),  # the solo draft's eighth pick (C-8.1)
    GameStatus.BANNING: (GameStatus.PLAYING,),  # the fourth ban (C-2.5)
    GameStatus.PLAYING: (GameStatus.FINISHED,),
    GameStatus.FINISHED: (),
    # A new game begins drafting, banning or playing.
}, start=(GameStatus.DRAFTING, GameStatus.BANNING, GameStatus.PLAYING))
_INVITATION = Machine("invitation", InvitationStatus, {
    InvitationStatus.OPEN: (InvitationStatus.TAKEN, InvitationStatus.CANCELLED),
    InvitationStatus.TAKEN: (),
    InvitationStatus.CANCELLED: (),
})


def online_game_move(game: OnlineGame, to: str) -> bool:
    return move(game, to, _ONLINE_GAME)


def invitation_move(invitation: Invitation, to: str) -> bool:
    return move(invitation, to, _INVITATION)
