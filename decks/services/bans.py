"""Ban-two sessions (rule C-2.5) between two registered constructed lists.

The engine's `BanState` is the procedure; the row keeps its record, and every ban rebuilds the
state from it under a row lock, applies the ban, lets an AI seat answer, and saves. A seat with
no player is an AI seat that bans by the engine's value policy. What a session shows is a
read: decks.selectors.bans.ban_session_view.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, Forbidden, from_engine
from core.locks import lock_get
from decks.models import BanSession, BanStatus, DecklistKind, DecklistVersion
from decks.selectors.bans import ai_seats, ban_seat_of, ban_state
from engine.clash.ai.turns import BAN, ai_turns
from engine.clash.errors import EngineError
from engine.clash.formats import BanState, IllegalChoice
from engine.seats import LETTER_A, LETTER_B

from .states import ban_session_move

__all__ = ["ban_session_ban", "ban_session_start"]


def _let_ai_ban(session: BanSession, state: BanState) -> None:
    """AI seats ban by the value policy as long as it is their step, under the session's lock
    (the moves and their rule: engine.clash.ai.turns)."""
    for move in ai_turns(BAN, state, seed=session.seed, ai=ai_seats(session)):
        state.ban(move.seat, move.choice)


def _save(session: BanSession, state: BanState, now: datetime) -> None:
    session.record = state.record().to_json()
    if state.done:
        ban_session_move(session, BanStatus.DONE)
        session.result_a, session.result_b = state.decks()
    session.updated_at = now
    session.save()


@transaction.atomic
def ban_session_start(*, version_a: DecklistVersion, version_b: DecklistVersion,
                      player_a: AbstractBaseUser | None, player_b: AbstractBaseUser | None,
                      now: datetime, seed: int = 0, event=None) -> BanSession:  # noqa: ANN001
    """Start the procedure; both lists are revealed to both players from now on."""
    problems = []
    for seat, version, player in ((LETTER_A, version_a, player_a), (LETTER_B, version_b, player_b)):
        if version.decklist.kind != DecklistKind.CONSTRUCTED:
            problems.append(gettext("%(seat)s's list is %(kind)s, not constructed")
                            % {"seat": seat, "kind": version.decklist.kind})
        if player is not None and version.decklist.owner_id != player.pk:
            problems.append(gettext("%(seat)s's list does not belong to %(seat)s's player")
                            % {"seat": seat})
    if player_a is not None and player_b is not None and player_a.pk == player_b.pk:
        problems.append(gettext("a player cannot ban against themselves"))
    if problems:
        raise DomainError("bad_ban_session", "; ".join(problems), problems=problems)
    try:
        state = BanState(version_a.cards, version_b.cards)
    except EngineError as exc:  # e.g. a list whose cards left the catalogue
        raise from_engine(exc, "bad_ban_session") from None
    session = BanSession(event=event, list_a=version_a, list_b=version_b, player_a=player_a,
                         player_b=player_b, seed=seed, created_at=now, updated_at=now)
    _let_ai_ban(session, state)
    _save(session, state, now)
    return session


@transaction.atomic
def ban_session_ban(*, session_id: int, user: AbstractBaseUser, card: str,
                    now: datetime) -> BanSession:
    """`user` bans `card` from the opponent's list. Out-of-turn or impossible bans raise a
    Conflict (409) with the reason; the same ban sent twice changes nothing."""
    session = lock_get(BanSession.objects.filter(pk=session_id))
    seat = ban_seat_of(session, user)
    if seat is None:
        raise Forbidden("not_a_player", gettext("only the two players of a session can ban"))
    state = ban_state(session)
    try:
        state.ban(seat, card)
    except IllegalChoice as exc:
        if exc.reason == "already_banned":
            return session  # a repeated request: already done
        raise from_engine(exc, kind=Conflict) from None
    _let_ai_ban(session, state)
    _save(session, state, now)
    return session

