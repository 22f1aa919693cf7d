"""The decks app's state machine and its move: the one place a ban session's status is
written (core.states)."""

from __future__ import annotations

from core.states import Machine, move
from decks.models import BanSession, BanStatus

__all__ = ["ban_session_move"]

BAN_SESSION = Machine("ban session", BanStatus, {
    BanStatus.BANNING: (BanStatus.DONE,),  # the fourth ban (rule C-2.5)
    BanStatus.DONE: (),
})


def ban_session_move(session: BanSession, to: str) -> bool:
    return move(session, to, BAN_SESSION)
