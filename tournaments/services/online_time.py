"""The sweep of online match games at time (ruling C-7.5c), for the games nobody touches.

A match game learns that its time is called when it is next touched (a move, its page, the
AI seat's reply: play's `time_check`). So that a game left alone still shows its last turns,
and a match between two games (or in a game's ban step) still ends at time, celery beat
sends this sweep every CLASH_TIME_SWEEP_SECONDS: for each match played online whose clock
with the table's extra time is at zero and that has no result, it lowers the cap of its game
in play (`online_game_time_check`) or ends the match with its games so far
(`match_end_at_time`). Each match is its own transaction; running it twice changes nothing
the second time.
"""

from __future__ import annotations

import logging
from datetime import datetime

from core.errors import DomainError
from play.models import GameStatus, OnlineGame
from play.services import online_game_time_check
from tournaments.models import Match, MatchStatus, Round, RoundStatus
from tournaments.selectors.clock import clock_at, match_clock
from tournaments.selectors.online import OPEN_EVENT

from .online_games import match_end_at_time

__all__ = ["online_matches_at_time"]

logger = logging.getLogger(__name__)


def online_matches_at_time(*, now: datetime) -> dict[str, int]:
    """Apply ruling C-7.5c to the online matches whose time is up at `now`; returns how many
    games got their cap ("capped") and how many matches ended ("ended")."""
    capped = ended = 0
    rounds = (Round.objects.filter(status=RoundStatus.PLAYING, clock_started_at__isnull=False,
                                   clock_paused_at__isnull=True,
                                   event__status__in=OPEN_EVENT)
              .select_related("event").order_by("pk"))
    for rnd in rounds:
        if not clock_at(rnd, now).called:
            continue  # a table's extra time only adds to the round's
        matches = (Match.objects.filter(round=rnd, player_b__isnull=False,
                                        online_games__isnull=False)
                   .exclude(status__in=(MatchStatus.CONFIRMED, MatchStatus.DISPUTED))
                   .distinct().order_by("pk"))
        for match in matches:
            match.round = rnd
            if not match_clock(match, now).called:
                continue
            playing = (OnlineGame.objects.filter(match=match, status=GameStatus.PLAYING)
                       .values_list("pk", "time_called_at").first())
            try:
                if playing is None:
                    ended += match_end_at_time(match_id=match.pk, now=now)
                elif playing[1] is None:
                    capped += online_game_time_check(game_id=playing[0], now=now)
            except DomainError:
                # One match the rules refuse must not stop the others; the log says which.
                logger.exception("match %s at time", match.pk)
    return {"capped": capped, "ended": ended}
