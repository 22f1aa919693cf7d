"""Reads of finished online games for the replay viewer: the game, and who may watch it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from play import hooks
from play.models import GameStatus, OnlineGame


def finished_game(pk: int) -> OnlineGame | None:
    """A finished online game: its replay is public (the game is over, hidden information
    no longer matters)."""
    return (OnlineGame.objects.select_related("player_a", "player_b", "match__round__event")
            .filter(pk=pk, status=GameStatus.FINISHED, record__isnull=False).first())


def may_watch(game: OnlineGame, user: AbstractBaseUser) -> bool:
    """Who may watch a finished game's replay: anyone, except for a tournament match's game
    (its decks are the players' lists), which its tournament decides (play.hooks.match_games:
    only its players and the event's organizers, once the match is over)."""
    if game.match_id is None:
        return True
    return hooks.match_games().may_watch(game, user)
