"""The bridge from a tournament match to its games played online (play.OnlineGame).

A player of a Clash of Decks match against an AI seat or another person starts (or resumes)
"game N online": an online game linked to the match and N, with both sides' decks as the
event plays them (`selectors.registrations.deck_for`: the registered decklist version, the
deck the pod drafted, or an AI seat's deck), seat A being the match's player A so the game's
record is the match's. Its seed comes one-way from the event's seed, the match and N (so a finished
game's record, which holds its seed, tells nothing of the next game). In a constructed event
the ban-two procedure (rule C-2.5) comes first, on the game page; like the auto-played
matches, the match keeps the decks its bans left for its later games.

When an online game ends, its EngineGame (mode online, verified) is written; once the games
end the match (as the engine's match loop ends one: `MatchFormat.over`, rule C-7.5b), the
result is confirmed through `result_record_engine`. A result the writer refuses (a top-cut
match level at the cap on games) is not dropped: the match is disputed with the reason in
its history, for the organizer to set. The match row lock (round, then match) makes a double
click start one game and a result be recorded once.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from core.errors import Conflict, DomainError, NotFound
from core.seeds import derive_seed
from engine.seats import LETTER_A, LETTER_B, SEAT_A, SEAT_B
from play.models import GameKind, GameStatus, OnlineGame
from play.services import game_begin
from play.services.bans import bans_begin
from tournaments.models import (
    EngineGame,
    Event,
    EventFormat,
    GameMode,
    Match,
    MatchStatus,
    ResultAction,
    Round,
)
from tournaments.selectors.matches import match_format, side_of
from tournaments.selectors.online import (
    OPEN_EVENT,
    Tally,
    current_online_game,
    match_tally,
    next_game_number,
    online_play_problem,
)
from tournaments.selectors.registrations import deck_for

from .access import lock_match
from .engine_jobs import ai_level
from .results import ResultWrite, result_record_engine, results_write

logger = logging.getLogger(__name__)

def match_seed(event: Event, match: Match) -> int:
    return derive_seed(event.seed, f"online-match-{match.pk}")


def online_game_seed(event: Event, match: Match, number: int) -> int:
    """Game `number` (from 1) of the match. One-way (unlike the engine's `game_seed`, which
    is fine for a match the engine plays at once): game 1's record is replayable while
    game 2 is played."""
    return derive_seed(match_seed(event, match), f"game-{number - 1}")


def _kept_decks(match: Match) -> dict | None:
    """The decks an earlier online game of the match kept after its bans (constructed)."""
    earlier = (OnlineGame.objects.filter(match=match, bans__isnull=False)
               .exclude(status=GameStatus.BANNING).order_by("game_number").first())
    return dict(earlier.decks) if earlier is not None else None


@transaction.atomic
def match_online_game_start(*, match_id: int, user: AbstractBaseUser,
                            now: datetime) -> OnlineGame:
    """Start the match's next game online, or return the one in progress (a second click,
    or the other player starting it too, resumes the same game). Only the match's two players
    may; anyone else gets 404, as if there were no such match."""
    rnd, match = lock_match(match_id)
    match = Match.objects.select_related("player_a__decklist_version",
                                         "player_b__decklist_version").get(pk=match.pk)
    event = Event.objects.select_related("game").get(pk=rnd.event_id)
    if side_of(match, user) is None:
        raise NotFound("not_your_match", "only the two players of a match play its games")
    problem = online_play_problem(match, event)
    if problem:
        raise Conflict("not_playable", problem)
    game = current_online_game(match)
    if game is not None:
        return game
    tally = match_tally(match, match_format(event, rnd))
    if tally.decided:
        raise Conflict("match_decided", f"the match is decided ({tally.a_wins}-{tally.b_wins}"
                                        f"{f'-{tally.draws}' if tally.draws else ''}): no "
                                        f"further game is played",
                       params={"a_wins": tally.a_wins, "b_wins": tally.b_wins,
                               "draws": tally.draws})
    number = next_game_number(match)
    a, b = match.player_a, match.player_b
    game = OnlineGame(
        kind=GameKind.DUEL, match=match, game_number=number,
        player_a=None if a.is_ai else a.player, player_b=None if b.is_ai else b.player,
        ai_level=ai_level() if a.is_ai or b.is_ai else "",
        seed=online_game_seed(event, match, number), created_at=now, last_activity_at=now)
    lists = (deck_for(a, event), deck_for(b, event))
    kept = _kept_decks(match)
    if event.format == EventFormat.CONSTRUCTED and kept is None:
        bans_begin(game, lists, now)  # C-2.5 before the game: saves the row
    else:
        game.decks = kept or {LETTER_A: lists[SEAT_A], LETTER_B: lists[SEAT_B]}
        game_begin(game, now)
    return game


def match_game_finished(*, game: OnlineGame, now: datetime) -> None:
    """The online game of a match ended (its row is locked and holds its record): write its
    EngineGame and, when the games decide the match, confirm the result as the engine's.
    Idempotent: the EngineGame is unique per match and number, and recording the same
    result again is a no-op."""
    rnd, match = lock_match(game.match_id)
    event = Event.objects.get(pk=rnd.event_id)
    EngineGame.objects.get_or_create(
        match=match, number=game.game_number,
        defaults={"mode": GameMode.ONLINE, "seed": game.seed, "record": game.record,
                  "winner": game.winner, "verified": True, "created_at": now})
    tally = match_tally(match, match_format(event, rnd))
    if not tally.decided or match.status == MatchStatus.CONFIRMED:
        return  # another game to play, or an organizer set the result meanwhile
    if event.status not in OPEN_EVENT:
        return
    try:
        result_record_engine(match_id=match.pk, a_wins=tally.a_wins, b_wins=tally.b_wins,
                             draws=tally.draws, now=now)
    except DomainError as refusal:
        # The game itself ended as the rules say: refusing it would undo the last move. The
        # match goes to the organizer, the reason in its history, and the log says so.
        _refused(event, rnd, match, tally, refusal, now)


def _refused(event: Event, rnd: Round, match: Match, tally: Tally, refusal: DomainError,
             now: datetime) -> None:
    score = f"{tally.a_wins}-{tally.b_wins}" + (f"-{tally.draws}" if tally.draws else "")
    note = f"the online games' result {score} was not recorded: {refusal.message}"
    logger.warning("match %s: %s", match.pk, note)
    if match.status == MatchStatus.DISPUTED:
        return  # already waiting for the organizer
    results_write([ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.ENGINE,
                               changes={"status": MatchStatus.DISPUTED}, note=note)], now=now)
