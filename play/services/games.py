"""Online games: start a game, pick in the solo draft, apply a player's action, let an AI
seat move (in a worker: `online_game_ai_move_task`, sent after commit). Every write locks the
game row (select_for_update), rebuilds the game from its stored tokens with the engine,
applies the action there first, and stores it only if the engine accepted it; the number of
actions the page was built on must match, so a double submit or a second tab never applies
one action twice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from core import deliveries
from core.errors import Conflict, DomainError, NotFound, from_engine
from core.locks import lock, lock_get, lock_one
from engine.clash.ai import LEVELS as AI_LEVELS
from engine.clash.ai.turns import MAX_AI_MOVES, PLAY, ai_turns
from engine.clash.cards import load_catalogue
from engine.clash.errors import EngineError
from engine.clash.rng import Rng
from engine.clash.solo import (
    SOLO_DRAFT,
    SOLO_PRECONSTRUCTED,
    SoloDraft,
    SoloOptions,
    SoloOptionsError,
    check_level,
)
from engine.clash.state import DEFAULT_TURN_CAP
from engine.clash.time_rules import game_at_time
from engine.seats import LETTER_A, LETTER_B
from play import hooks
from play.models import GameKind, GameStatus, OnlineGame, SoloResult
from play.selectors.games import ai_seat, draft_of, game_seat_of, position_of, setup_of
from play.selectors.positions import (
    Position,
    apply_token,
    record_json,
    to_move,
)

from .live import game_changed
from .states import online_game_move

__all__ = [
    "AI_REPLY_OWED_AFTER",
    "duel_start",
    "game_begin",
    "game_locked",
    "online_game_act",
    "online_game_ai_move",
    "online_game_ai_nudge",
    "online_game_read_repair",
    "online_game_time_check",
    "solo_draft_pick",
    "solo_start",
    "stale_message",
    "time_check",
    "time_refusal",
    "turns_left",
]

# An AI seat's whole turn is a few dozen decisions at most; this only guards a bug.
_MAX_AI_ACTIONS = MAX_AI_MOVES
# After this long without the AI seat's reply, the waiting page looks for its message in the
# broker, and sends it again if the broker lost it.
AI_REPLY_OWED_AFTER = timedelta(seconds=30)


# Starting ----------------------------------------------------------------------------------

def _opponent_deck(seed: int, mine: int) -> int:
    """The AI seat's preconstructed deck, chosen from the seed among the other three."""
    others = [n for n in load_catalogue().deck_numbers if n != mine]
    return others[Rng.stream(seed, "ai-seat-deck").below(len(others))]


@transaction.atomic
def duel_start(*, player: AbstractBaseUser, deck: int, ai_level: str, seed: int,
               now: datetime, opponent_deck_number: int | None = None) -> OnlineGame:
    """A duel against an AI seat with preconstructed decks (C-2.3); if the coin gives the AI
    seat the first turn, it plays it at once."""
    catalogue = load_catalogue()
    if deck not in catalogue.deck_numbers:
        raise DomainError("bad_deck", gettext("there is no preconstructed deck %(deck)s")
                          % {"deck": deck},
                          params={"deck": deck})
    if ai_level not in AI_LEVELS:
        raise DomainError("bad_ai_level",
                          gettext("the AI level must be one of %(levels)s, not %(level)s")
                          % {"levels": ", ".join(AI_LEVELS), "level": repr(ai_level)},
                          params={"level": ai_level, "levels": list(AI_LEVELS)})
    theirs = opponent_deck_number or _opponent_deck(seed, deck)
    game = OnlineGame(
        kind=GameKind.DUEL, player_a=player, ai_level=ai_level, seed=seed,
        decks={LETTER_A: catalogue.deck(deck), LETTER_B: catalogue.deck(theirs)},
        created_at=now, last_activity_at=now)
    game_begin(game, now)  # saves it
    return game


def game_begin(game: OnlineGame, now: datetime) -> None:
    """A duel whose decks are settled starts (-> playing): the setup must work before a page
    shows it, and an AI seat the coin gives the first turn plays it. Saves the row."""
    online_game_move(game, GameStatus.PLAYING)
    game.last_activity_at = now
    position = position_of(game)
    game.save()
    game_changed(game)
    _ai_reply_enqueue(game, position)


@transaction.atomic
def solo_start(*, player: AbstractBaseUser, fmt: str, level: int, options: dict[str, Any],
               seed: int, now: datetime, deck: int | None = None) -> OnlineGame:
    """A solo game (C-8): the options must make the level (C-8.9: SoloOptionsError says what
    fits); a solo draft starts with its pick step, preconstructed solo at once."""
    try:
        solo_options = SoloOptions.from_json(options)
        check_level(solo_options, level)
    except SoloOptionsError as exc:
        raise from_engine(exc, "solo_options") from None
    if fmt == SOLO_PRECONSTRUCTED:
        numbers = load_catalogue().deck_numbers
        if deck not in numbers:
            shown = (gettext("no deck was chosen") if deck is None
                     else gettext("there is no deck %(deck)s") % {"deck": deck})
            raise DomainError("bad_deck", gettext("preconstructed solo needs one of the decks "
                                                  "%(decks)s: %(reason)s")
                              % {"decks": ", ".join(map(str, numbers)), "reason": shown},
                              params={"deck": deck, "decks": list(numbers)})
    elif fmt != SOLO_DRAFT:
        raise DomainError("bad_format", gettext("solo is a solo draft or preconstructed solo "
                                                "(rule C-2.2: never constructed)"))
    game = OnlineGame.objects.create(
        kind=GameKind.SOLO, player_a=player, seed=seed, solo_format=fmt,
        solo_deck=deck if fmt == SOLO_PRECONSTRUCTED else None, level=level,
        options=solo_options.to_json(),
        status=GameStatus.DRAFTING if fmt == SOLO_DRAFT else GameStatus.PLAYING,
        created_at=now, last_activity_at=now)
    if game.status == GameStatus.PLAYING:
        position_of(game)  # the setup must work before the page shows it
    return game


@transaction.atomic
def solo_draft_pick(*, game_id: int, user: AbstractBaseUser, card: str, seen: int,
                    now: datetime) -> OnlineGame:
    """Keep `card` of the four revealed (C-8.1); `seen` is the number of picks the page
    showed. After the eighth pick the game starts (drafting -> playing)."""
    game = game_locked(game_id, user)
    if game.status != GameStatus.DRAFTING:
        raise Conflict("not_drafting", gettext("the draft is over: the game has started"))
    if seen != len(game.picks):
        raise Conflict("stale", stale_message(seen, len(game.picks), "picks"),
                       params={"seen": seen, "made": len(game.picks)})
    draft = draft_of(game)
    try:
        draft.pick(card)
    except EngineError as exc:
        raise from_engine(exc, "bad_pick") from None
    game.picks = draft.picks
    game.last_activity_at = now
    if draft.status == SoloDraft.COMPLETE:
        _draft_complete(game)
    game.save()
    game_changed(game)
    return game


def _draft_complete(game: OnlineGame) -> None:
    """drafting -> playing."""
    online_game_move(game, GameStatus.PLAYING)


# Playing -----------------------------------------------------------------------------------

def game_locked(game_id: int, user: AbstractBaseUser) -> OnlineGame:
    """The game `user` has a seat in, its row locked: every step of a seat (a pick, a ban, an
    action) starts here; another person's game is not found."""
    game = lock_one(OnlineGame.objects.filter(pk=game_id))
    if game is None or game_seat_of(game, user) is None:
        raise NotFound("no_game", gettext("no such game"))
    return game


def stale_message(seen: int, now_count: int, what: str = "actions") -> str:
    """Why a step from a stale page (it showed `seen` steps, the game has `now_count`) was
    not applied."""
    # One whole sentence per kind of step (actions, picks, bans), so each can be translated.
    texts = {
        "actions": gettext("the game has moved on since this page was built (%(count)d "
                           "actions, the page showed %(seen)d): nothing was applied; here is "
                           "the game as it stands"),
        "picks": gettext("the game has moved on since this page was built (%(count)d picks, "
                         "the page showed %(seen)d): nothing was applied; here is the game "
                         "as it stands"),
        "bans": gettext("the game has moved on since this page was built (%(count)d bans, "
                        "the page showed %(seen)d): nothing was applied; here is the game as "
                        "it stands"),
    }
    return texts[what] % {"count": now_count, "seen": seen}


@transaction.atomic
def online_game_act(*, game_id: int, user: AbstractBaseUser, token: str, seen: int,
                    now: datetime) -> OnlineGame:
    """Apply the player's action `token` (a record token, engine/clash/actions.py). `seen` is
    the number of actions the page was built on: a stale page is refused (Conflict) and an
    action the rules refuse raises DomainError with the engine's message; either way nothing
    is stored. When an AI seat is to move next, its reply is a task for a worker, sent once
    this transaction commits (in-process then, with eager tasks: the embedded default)."""
    game = game_locked(game_id, user)
    seat = game_seat_of(game, user)
    if game.status == GameStatus.FINISHED:
        raise Conflict("game_over", gettext("the game is over"))
    if game.status != GameStatus.PLAYING:
        raise Conflict("not_playing",
                       gettext("the game has not started: finish the draft first"))
    if seen != len(game.actions):
        raise Conflict("stale", stale_message(seen, len(game.actions)),
                       params={"seen": seen, "made": len(game.actions)})
    position = position_of(game)
    time_check(game, position, now)  # saved with the action below
    if to_move(position.game) != seat:
        raise Conflict("not_your_turn", gettext("it is not your turn"))
    try:
        apply_token(position, token)
    except EngineError as exc:
        raise from_engine(exc, "illegal") from None
    game.actions = [*game.actions, token]
    game.last_activity_at = now
    if position.game.winner is not None:
        _finish(game, position, now)
    game.save()
    game_changed(game)
    _ai_reply_enqueue(game, position)
    return game


def online_game_ai_move(*, game_id: int, now: datetime, delivery: str | None = None) -> int:
    """Let the AI seat play while the game waits for it; returns the number of actions it
    took (0 when it is not its turn: running this twice changes nothing the second time; 0
    too for a message whose token `delivery` was replaced by a newer one)."""
    with transaction.atomic():
        game = lock_get(OnlineGame.objects.filter(pk=game_id))
        if game.status != GameStatus.PLAYING or ai_seat(game) is None:
            return 0
        if delivery is not None and delivery != game.ai_delivery:
            return 0
        position = position_of(game)
        if to_move(position.game) != ai_seat(game):
            if time_check(game, position, now):
                game.save(update_fields=["turn_cap", "time_called_at"])
                game_changed(game)
            return 0
        time_check(game, position, now)  # saved with the moves
        before = len(game.actions)
        _ai_moves(game, position, now)
        return len(game.actions) - before


# Time (ruling C-7.5c) ----------------------------------------------------------------------

def time_check(game: OnlineGame, position: Position, now: datetime) -> bool:
    """Ruling C-7.5c for a match game in play, under its row lock, before anything else is
    done to it: once its tournament says time is called (`hooks.time_called`), the game's
    turn cap becomes the turn in progress plus two (`game_at_time`: the active player
    finishes the turn, then each player has one more), on the row and on the rebuilt
    `position`, so the engine ends the game drawn there if nobody has won. Since every action
    comes through a touch that checks first, the turn in progress is the one in which time
    was called. Should the organizer give the time back before the game ends (minutes added
    to the round or the table), the cap is lifted again. Returns whether the row changed
    (the caller saves it)."""
    if (game.match_id is None or game.status != GameStatus.PLAYING
            or position.game.winner is not None):
        return False
    called = bool(hooks.time_called(game=game, now=now))
    if called == (game.time_called_at is not None):
        return False
    cap = game_at_time(position.game) if called else DEFAULT_TURN_CAP
    game.turn_cap = position.game.turn_cap = cap
    game.time_called_at = now if called else None
    return True


def _time_check_due(game: OnlineGame, now: datetime) -> bool:
    """Whether `time_check` would change the match game (read without a lock: a page asks
    before it takes one)."""
    return (game.match_id is not None and game.status == GameStatus.PLAYING
            and bool(hooks.time_called(game=game, now=now)) != (game.time_called_at is not None))


@transaction.atomic
def online_game_time_check(*, game_id: int, now: datetime) -> bool:
    """`time_check` for a game nobody is moving in: its page is loaded, or the sweep of
    matches at time (tournaments) finds it. A row another transaction holds is left alone:
    that transaction is a move, which checks the time itself. Returns whether the cap
    changed."""
    (rows,) = lock(OnlineGame.objects.filter(pk=game_id), skip_locked=True)
    if not rows or rows[0].status != GameStatus.PLAYING:
        return False
    game = rows[0]
    if not time_check(game, position_of(game), now):
        return False
    game.save(update_fields=["turn_cap", "time_called_at"])
    game_changed(game)
    return True


def turns_left(game: OnlineGame, turn: int) -> int | None:
    """The turns a match game at time has left, the one in progress included (1: this is
    its last turn); None while time is not called."""
    if game.time_called_at is None:
        return None
    return max(1, game.turn_cap - turn + 1)


def time_refusal(game: OnlineGame, now: datetime) -> Conflict | None:
    """The refusal of a step that would begin a match game once time is called (ruling
    C-7.5c: no game begins after it), or None."""
    if game.match_id is None or not hooks.time_called(game=game, now=now):
        return None
    return Conflict("time_called", gettext(
        "Time has been called for this match: no game begins after it (ruling C-7.5c). The "
        "match ends with the games played so far"), params={"game": game.game_number})


def _ai_reply_enqueue(game: OnlineGame, position: Position) -> None:
    """Send the AI seat's reply to a worker once the transaction commits, if it is to move,
    under a new delivery token stored on the game (to the default queue, where `held` looks
    for it)."""
    if ai_seat(game) is not None and to_move(position.game) == ai_seat(game):
        from play.tasks import online_game_ai_move_task  # the task module imports this one

        game.ai_delivery = deliveries.new_token()
        OnlineGame.objects.filter(pk=game.pk).update(ai_delivery=game.ai_delivery)
        deliveries.send_on_commit(online_game_ai_move_task, [game.pk], token=game.ai_delivery,
                                  queue=deliveries.queue_name())


def _ai_reply_owed(game: OnlineGame, position: Position, now: datetime) -> bool:
    """The AI seat has been to move for longer than a worker takes: its message may have
    been lost (a broker restart)."""
    return (game.status == GameStatus.PLAYING and ai_seat(game) is not None
            and to_move(position.game) == ai_seat(game)
            and game.last_activity_at <= now - AI_REPLY_OWED_AFTER)


@transaction.atomic
def online_game_ai_nudge(*, game_id: int, now: datetime,
                         held: Callable[..., set[str] | None] = deliveries.held) -> bool:
    """Send the AI seat's reply again when it is owed (see `_ai_reply_owed`) and its message
    can no longer be delivered (`held`, as the match jobs' sweeper judges: a message waiting
    behind a backlog, or reserved a moment ago, is not sent twice); the waiting page calls this
    as it polls. `last_activity_at` moves on so polls look once per period."""
    # A row locked is a worker computing the reply right now: nothing is owed, and the
    # polling page must not wait for it.
    (rows,) = lock(OnlineGame.objects.filter(pk=game_id), skip_locked=True)
    game = rows[0] if rows else None
    if game is None:
        return False
    position = position_of(game) if game.status == GameStatus.PLAYING else None
    if position is None or not _ai_reply_owed(game, position, now):
        return False
    game.last_activity_at = now
    game.save(update_fields=["last_activity_at"])
    if game.ai_delivery:
        waiting = held({game.ai_delivery: deliveries.queue_name()},
                       reserved_for=settings.CLASH_JOB_LOST_SECONDS, now=now.timestamp())
        if waiting is not None and game.ai_delivery in waiting:
            return False  # still on its way (None: the broker cannot tell, the age decides)
    _ai_reply_enqueue(game, position)
    return True


def online_game_read_repair(*, game: OnlineGame, now: datetime) -> None:
    """What a game's page, its fragment and the API mend as they read a game, before they
    show it: a match game whose time was called since it was last touched gets its cap
    (ruling C-7.5c), so it shows the turns left; an AI seat's reply owed for too long is sent
    to the workers again (a lost message). Each is a write of its own; `game` is read again
    after one that changed it."""
    if _time_check_due(game, now) and online_game_time_check(game_id=game.pk, now=now):
        game.refresh_from_db()
    if (game.status == GameStatus.PLAYING and ai_seat(game) is not None
            and online_game_ai_nudge(game_id=game.pk, now=now)):
        game.refresh_from_db()


def _ai_moves(game: OnlineGame, position: Position, now: datetime) -> None:
    """The AI seat's decisions while the game waits for it (it sees only its Observation),
    applied under the row lock, then the row is saved; a finished game gets its record and
    result. The moves and their rule: engine.clash.ai.turns."""
    seat = ai_seat(game)
    if seat is not None:
        try:
            moves = ai_turns(PLAY, position.game, seed=game.seed, ai={seat},
                             level=game.ai_level, made=len(game.actions),
                             limit=_MAX_AI_ACTIONS)
        except RuntimeError as exc:
            raise RuntimeError(f"the AI seat of game {game.pk} did not finish its turn: "
                               f"{exc}") from exc
        for move in moves:
            apply_token(position, move.choice)
            game.actions = [*game.actions, move.choice]
    if position.game.winner is not None:
        _finish(game, position, now)
    game.save()
    game_changed(game)


def _finish(game: OnlineGame, position: Position, now: datetime) -> None:
    """playing -> finished: the record, the result and, in solo, the player's result."""
    record = record_json(setup_of(game), position)
    online_game_move(game, GameStatus.FINISHED)
    game.record = record
    game.winner = record["result"] or ""
    game.finished_at = now
    # The apps above hear of it (tournaments records a match game's EngineGame and, once
    # the match is decided, its result): play/hooks.py.
    hooks.game_finished.send(game=game, now=now)
    if game.kind == GameKind.SOLO:
        SoloResult.objects.get_or_create(game=game, defaults={
            "player_id": game.player_a_id, "level": game.level or 0,
            "won": game.winner == LETTER_A, "result": game.winner,
            "turns": position.game.turn, "finished_at": now})
