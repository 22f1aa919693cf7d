"""Reading a tournament match's games played online (play.OnlineGame): whether they can be
played now, the game in progress, the next game's number, the score the verified games make,
and what the match page shows of them. The writes (starting a game, recording the games'
result) are `tournaments.services.online_games`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext

from decks.rules import engine_plays
from engine.clash.match_rules import MatchFormat
from play.models import GameStatus, OnlineGame
from tournaments.models import EngineGame, Event, EventStatus, Match, MatchStatus, RoundStatus
from tournaments.selectors.clock import match_clock
from tournaments.selectors.matches import match_format, side_of, verified_score

OPEN_EVENT = (EventStatus.RUNNING, EventStatus.TOP_CUT)


@dataclass(frozen=True)
class Tally:
    """The games a match has played (verified engine games with a result), from A's side."""

    a_wins: int
    b_wins: int
    draws: int
    format: MatchFormat

    @property
    def games(self) -> int:
        return self.a_wins + self.b_wins + self.draws

    @property
    def decided(self) -> bool:
        """As the engine's match loop ends a match (`MatchFormat.over`): a player has won
        the match, or the games reached the cap (drawn games do not count toward the
        length, rule C-7.5b)."""
        return self.format.over(self.a_wins, self.b_wins, self.draws)


def match_tally(match: Match, fmt: MatchFormat) -> Tally:
    return Tally(**verified_score(match), format=fmt)


def online_play_problem(match: Match, event: Event) -> str:
    """Why the match's games cannot be played online now ("" when they can); time called
    is `time_called`'s (it needs the moment)."""
    if match.bye:
        return gettext("a bye has no games")
    if not engine_plays(event.game):
        return gettext("only Clash of Decks matches are played online")
    if match.player_a.is_ai and match.player_b.is_ai:
        return gettext("the engine plays a match between two AI seats by itself")
    if event.status not in OPEN_EVENT:
        return (gettext("%(event)s is %(status)s: no games are played now")
                % {"event": event.name, "status": event.get_status_display().lower()})
    if match.status == MatchStatus.CONFIRMED:
        return gettext("the match's result is confirmed")
    return ""


def time_called(match: Match, now: datetime) -> bool:
    """Time is called for the match at `now`: its round is being played and the round's
    clock with the table's extra time reached zero (ruling C-7.5c)."""
    return match.round.status == RoundStatus.PLAYING and match_clock(match, now).called


def current_online_game(match: Match) -> OnlineGame | None:
    """The match's online game still in progress (at most one)."""
    return (OnlineGame.objects.filter(match=match).exclude(status=GameStatus.FINISHED)
            .order_by("game_number").first())


def next_game_number(match: Match) -> int:
    """The number the match's next game gets: after every game it has, played online, by the
    workers or uploaded."""
    used = [*EngineGame.objects.filter(match=match).values_list("number", flat=True),
            *OnlineGame.objects.filter(match=match).values_list("game_number", flat=True)]
    return max(used, default=0) + 1


def match_online_summary(match: Match, event: Event, user: AbstractBaseUser,
                         now: datetime | None = None) -> dict:
    """What the match page shows of its online games: whether `user` may start or resume
    one, the game in progress, the next game's number, and the finished ones. With `now`,
    a match whose time is called offers no new game (ruling C-7.5c)."""
    problem = online_play_problem(match, event)
    games = list(OnlineGame.objects.filter(match=match).order_by("game_number"))
    current = next((g for g in games if g.status != GameStatus.FINISHED), None)
    tally = match_tally(match, match_format(event, match.round))
    if not problem and current is None and tally.decided:
        problem = gettext("the match is decided")
    if not problem and current is None and now is not None and time_called(match, now):
        problem = gettext("time has been called: no game begins after it (ruling C-7.5c)")
    return {
        "may_play": side_of(match, user) is not None and not problem,
        "problem": problem,
        "current": current,
        "next_number": current.game_number if current else next_game_number(match),
        "finished": [g for g in games if g.status == GameStatus.FINISHED],
        "tally": tally,
    }
