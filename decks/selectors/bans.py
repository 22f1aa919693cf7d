"""Reads of ban-two sessions (rule C-2.5): the sessions a user may see, one session's state as
its page and the API show it, and the steps of the procedure."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from decks.models import BanSession
from decks.selectors.visibility import visible_ban_sessions
from engine.clash.formats import BAN_ORDER, BanRecord, BanState
from engine.seats import LETTER_A, LETTER_B, LETTERS

User = AbstractBaseUser | AnonymousUser


def ban_sessions_for(user: User) -> QuerySet[BanSession]:
    """The sessions `user` plays in or organizes, newest first, with what their lists show."""
    return visible_ban_sessions(user).select_related(
        "list_a__decklist", "list_b__decklist", "player_a__profile", "player_b__profile",
        "event")


def ban_session_for(user: User, session_id: int) -> BanSession | None:
    """The session if `user` is one of its players or organizes its event, else None."""
    return ban_sessions_for(user).filter(pk=session_id).first()


def ban_state(session: BanSession) -> BanState:
    """The procedure rebuilt from the session's record: the row is the single truth."""
    return BanState.from_record(BanRecord.from_json(session.record))


def ban_seat_of(session: BanSession, user: User) -> str | None:
    """The seat's letter (LETTER_A or LETTER_B) `user` plays in `session`, or None."""
    if user.is_authenticated:
        if session.player_a_id == user.pk:
            return LETTER_A
        if session.player_b_id == user.pk:
            return LETTER_B
    return None


def ai_seats(session: BanSession) -> set[str]:
    """The seats without a player: they ban by the engine's value policy."""
    return {seat for seat, player in zip(LETTERS, (session.player_a_id, session.player_b_id),
                                         strict=True) if player is None}


def ban_session_view(session: BanSession, user: User) -> dict:
    """What the session page and API show: both lists (revealed once the session began),
    whose step it is, the bans so far and, when done, each side's 8 cards."""
    view = ban_state(session).view().to_json()
    view["you"] = ban_seat_of(session, user)
    view["ai_seats"] = sorted(ai_seats(session))
    view["status"] = session.status
    return view


@dataclass
class BanStep:
    number: int
    by: str  # the seat that bans
    target: str  # whose list loses a card
    card: str | None
    current: bool


def ban_steps(bans: list[str]) -> list[BanStep]:
    """The four steps of C-2.5 (B, A, A, B) with the card banned at each so far."""
    return [BanStep(number=i + 1, by=by, target=target,
                    card=bans[i] if i < len(bans) else None, current=i == len(bans))
            for i, (by, target) in enumerate(BAN_ORDER)]
