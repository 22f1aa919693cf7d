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

At time (ruling C-7.5c, engine/clash/time_rules.py): the game in play gets its turn cap
lowered when it is next touched (play's `time_check`, asking `play_hooks.time_called`) or
by the sweep (`tournaments.services.online_time`); no game begins after time is called (a
start is refused, a game still in its ban step is not played); and once the game at time is
over, the match ends with its games so far (`match_at_time`): a Swiss match with that score,
one drawn game if none finished, and a top-cut match level at time is disputed for the
organizer to set (C-7.5b). Each goes through `results_write` with the reason in the note.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound
from core.locks import lock
from core.seeds import derive_seed
from engine.clash.time_rules import match_at_time
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
from tournaments.presenters.result_notes import note_text
from tournaments.selectors.matches import match_format, side_of
from tournaments.selectors.online import (
    OPEN_EVENT,
    Tally,
    current_online_game,
    match_tally,
    next_game_number,
    online_play_problem,
    time_called,
)
from tournaments.selectors.registrations import deck_for

from .engine_jobs import ai_level
from .guards import lock_match
from .results import (
    SCORE_FIELDS,
    ResultWrite,
    engine_write,
    result_record_engine,
    results_write,
)

__all__ = [
    "match_end_at_time",
    "match_end_at_time_write",
    "match_game_finished",
    "match_online_game_start",
    "match_seed",
    "online_game_seed",
]

logger = logging.getLogger(__name__)

def match_seed(event: Event, match: Match) -> int:
    """From the match's round and table, which the event's seed and its entries decide, not
    from its row's id: the same event played on another database (an imported event file, a
    rerun of the demo) gives its online matches the same games."""
    return derive_seed(event.seed, f"online-match-{match.round.number}-{match.table}")


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
        raise NotFound("not_your_match", gettext("only the two players of a match play its games"))
    problem = online_play_problem(match, event)
    if problem:
        raise Conflict("not_playable", problem)
    game = current_online_game(match)
    if game is not None:
        return game
    rnd.event, match.round = event, rnd
    if time_called(match, now):
        raise Conflict("time_called", gettext(
            "Time has been called for table %(table)d: no game begins after it (ruling "
            "C-7.5c), so the match ends with the games played so far")
            % {"table": match.table}, params={"table": match.table})
    tally = match_tally(match, match_format(event, rnd))
    if tally.decided:
        score = (f"{tally.a_wins}-{tally.b_wins}-{tally.draws}" if tally.draws
                 else f"{tally.a_wins}-{tally.b_wins}")
        raise Conflict("match_decided", gettext("the match is decided (%(score)s): no further "
                                                "game is played") % {"score": score},
                       params={"a_wins": tally.a_wins, "b_wins": tally.b_wins,
                               "draws": tally.draws})
    number = next_game_number(match)
    a, b = match.player_a, match.player_b
    game = OnlineGame(
        kind=GameKind.DUEL, match=match, game_number=number,
        player_a=None if a.is_ai else a.player, player_b=None if b.is_ai else b.player,
        ai_level=ai_level((a if a.is_ai else b).ai_level) if a.is_ai or b.is_ai else "",
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
    rnd.event, match.round = event, rnd
    at_time = game.time_called_at is not None or time_called(match, now)
    if match.status == MatchStatus.CONFIRMED or not (tally.decided or at_time):
        return  # an organizer set the result meanwhile, or another game to play
    if event.status not in OPEN_EVENT:
        return
    if not tally.decided:
        match_end_at_time_write(event, rnd, match, tally, now)
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


def match_end_at_time_write(event: Event, rnd: Round, match: Match, tally: Tally,
                            now: datetime, *, unplayed: Sequence[int] = ()) -> None:
    """The match ends at time with the games it has (ruling C-7.5c, `match_at_time`): its
    round and the match are locked by the caller, and no game of it is in play. A Swiss
    match is confirmed with its score (one drawn game when none finished); a top-cut match
    level at time is disputed, for the organizer to set (C-7.5b). `unplayed` are the numbers
    of the games that were still in their ban step, so not played. The note says which by
    its code and values, put into the reader's words when read
    (tournaments.presenters.result_notes), and in English for the API and the event file."""
    at = match_at_time(tally.format, tally.a_wins, tally.b_wins, tally.draws)
    score = dict(zip(SCORE_FIELDS, at.score, strict=True))
    shown = f"{at.score[0]}-{at.score[1]}" + (f"-{at.score[2]}" if at.score[2] else "")
    params: dict = {"score": shown, "unplayed": list(unplayed)} if unplayed else {"score": shown}
    if at.organizer_decides:
        if match.status == MatchStatus.DISPUTED:
            return
        results_write([ResultWrite(
            event=event, rnd=rnd, match=match, action=ResultAction.ENGINE,
            changes={"status": MatchStatus.DISPUTED}, **_note("time_level", params))], now=now)
        return
    try:
        write = engine_write(event=event, rnd=rnd, match=match, score=score, now=now)
    except DomainError as refusal:
        _refused(event, rnd, match, tally, refusal, now)
        return
    if write is None:
        return
    if not tally.games:
        # No game behind the drawn one: the ruling's, not the engine's.
        write.changes["engine_verified"] = False
    noted = _note("time_score" if tally.games else "time_no_game", params)
    write.note, write.note_code, write.note_params = (
        noted["note"], noted["note_code"], noted["note_params"])
    results_write([write], now=now)


def _note(code: str, params: dict) -> dict:
    """A note the site writes: its code and values, and its English."""
    with translation.override("en"):
        return {"note": note_text("", code, params), "note_code": code, "note_params": params}


@transaction.atomic
def match_end_at_time(*, match_id: int, now: datetime) -> bool:
    """End, at time, a match played online that has no game in play: between two games, or
    with a game still in its ban step (the game does not begin: ruling C-7.5c; its row goes,
    no card of it was played). A match without any online game is played at a table and
    reported as usual; a confirmed or disputed match is left alone. Returns whether the match
    was ended now. Locks: the round, the match, then its games (as `lock` orders them)."""
    rnd, match = lock_match(match_id)
    event = Event.objects.get(pk=rnd.event_id)
    rnd.event, match.round = event, rnd
    if (match.bye or event.status not in OPEN_EVENT
            or match.status in (MatchStatus.CONFIRMED, MatchStatus.DISPUTED)
            or not time_called(match, now)):
        return False
    (games,) = lock(OnlineGame.objects.filter(match=match))
    if not games or any(g.status == GameStatus.PLAYING for g in games):
        return False  # a game in play ends at its lowered cap, then the match with it
    banning = [g for g in games if g.status == GameStatus.BANNING]
    if banning:
        OnlineGame.objects.filter(pk__in=[g.pk for g in banning]).delete()
    tally = match_tally(match, match_format(event, rnd))
    match_end_at_time_write(event, rnd, match, tally, now,
                            unplayed=sorted(g.game_number for g in banning))
    return True
