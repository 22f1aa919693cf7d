"""The ban-two procedure (rule C-2.5) of a constructed match game, on the game page.

The engine's `BanState` is the procedure; the game row keeps its record (`bans`), and every
ban rebuilds the state from it under the row lock, applies the ban, lets an AI seat answer by
the engine's value policy, and saves. Once the four bans are made, each side keeps its 8
cards (`decks`) and the game starts (banning -> playing).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core.errors import Conflict, from_engine
from engine.clash.ai.turns import BAN, ai_turns
from engine.clash.errors import EngineError
from engine.clash.formats import BanState, IllegalChoice
from engine.seats import LETTER_A, LETTER_B, SEAT_A, SEAT_B, letter
from play.models import GameStatus, OnlineGame
from play.selectors.games import ai_seat, ban_state, game_seat_of

from .games import game_begin, game_locked, stale_message, time_refusal
from .live import game_changed
from .states import online_game_move

__all__ = ["bans_begin", "online_game_ban"]

# Refusals that are about the moment (someone else's step, the bans over), not the card.
_NOT_NOW = ("not_your_ban", "bans_over")


def bans_begin(game: OnlineGame, lists: tuple[list[str], list[str]], now: datetime) -> None:
    """Put a new game (not saved yet) in its ban step with both sides' lists of 10; an AI seat
    that bans first bans at once. Lists the engine refuses raise DomainError."""
    try:
        state = BanState(lists[SEAT_A], lists[SEAT_B])
    except EngineError as exc:
        raise from_engine(exc, "bad_lists", frame=gettext(
            "The ban-two procedure cannot start: %(problem)s")) from None
    online_game_move(game, GameStatus.BANNING)
    game.bans = state.record().to_json()
    _ai_bans(game, state)
    _bans_save(game, state, now)


def _ai_bans(game: OnlineGame, state: BanState) -> None:
    """An AI seat bans by the value policy while it is its step, under the game's lock; each
    ban is seeded by the game and the step, so whichever process computes it gets the same
    card (engine.clash.ai.turns)."""
    seat = ai_seat(game)
    if seat is None:
        return
    for move in ai_turns(BAN, state, seed=game.seed, ai={letter(seat)}):
        state.ban(move.seat, move.choice)


def _bans_save(game: OnlineGame, state: BanState, now: datetime) -> None:
    game.bans = state.record().to_json()
    game.last_activity_at = now
    if state.done:
        a, b = state.decks()
        game.decks = {LETTER_A: a, LETTER_B: b}
        game_begin(game, now)  # banning -> playing (an AI seat that starts moves)
    else:
        game.save()
        game_changed(game)


@transaction.atomic
def online_game_ban(*, game_id: int, user: AbstractBaseUser, card: str, seen: int,
                    now: datetime) -> OnlineGame:
    """`user` bans `card` from the opponent's list (C-2.5). `seen` is the number of bans the
    page showed: a stale page, a ban out of turn or once the bans are over is a Conflict; a
    card not in the opponent's list is refused with the engine's message. Nothing is stored
    then."""
    game = game_locked(game_id, user)
    if game.status != GameStatus.BANNING:
        raise Conflict("not_banning", gettext("the bans are over: the game has started"))
    refusal = time_refusal(game, now)
    if refusal is not None:
        raise refusal
    state = ban_state(game)
    if seen != len(state.bans):
        raise Conflict("stale", stale_message(seen, len(state.bans), "bans"),
                       params={"seen": seen, "made": len(state.bans)})
    seat_letter = letter(game_seat_of(game, user))
    try:
        state.ban(seat_letter, card)
    except IllegalChoice as exc:
        if exc.reason in _NOT_NOW:
            raise from_engine(exc, kind=Conflict) from None
        raise from_engine(exc, "bad_ban") from None
    _ai_bans(game, state)
    _bans_save(game, state, now)
    return game
