"""Tournaments' answers to online play's hooks (play/hooks.py), registered in
TournamentsConfig.ready: a finished match game is recorded for its match, a match game's
replay is shown as its tournament allows, and a match game hears when its time is called
(ruling C-7.5c)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext

from play import hooks
from play.models import OnlineGame
from tournaments.models import Match
from tournaments.selectors.match_games import may_watch_online_game, replay_links, round_words
from tournaments.selectors.online import time_called as match_time_called
from tournaments.services.online_games import match_game_finished

__all__ = ["MatchGameAnswers", "game_finished", "register", "time_called"]


def game_finished(*, game: OnlineGame, now: datetime) -> None:
    """The tournament side of a match game: its EngineGame and, once the match is decided,
    the result (a game outside a match is none of the tournament's business)."""
    if game.match_id is not None:
        match_game_finished(game=game, now=now)


def time_called(*, game: OnlineGame, now: datetime) -> bool:
    """Whether the round clock of the game's match, with the table's extra time, is at zero
    (a game outside a match has no clock)."""
    if game.match_id is None:
        return False
    match = Match.objects.select_related("round__event").filter(pk=game.match_id).first()
    return match is not None and match_time_called(match, now)


class MatchGameAnswers:
    def may_watch(self, game: OnlineGame, user: Any) -> bool:
        return may_watch_online_game(game, user)

    def title(self, game: OnlineGame) -> str:
        match = game.match
        return (gettext("%(event)s, %(round)s, game %(number)s online")
                % {"event": match.round.event.name, "round": round_words(match),
                   "number": game.game_number})

    def links(self, game: OnlineGame, user: Any) -> dict[str, Any]:
        return replay_links(game.match, user)


def register() -> None:
    hooks.game_finished.connect(game_finished)
    answers = MatchGameAnswers()
    hooks.match_games.register(lambda: answers)
    hooks.time_called.register(time_called)
