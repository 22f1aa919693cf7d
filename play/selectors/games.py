"""Reads of online games: a player's games, and the game a user may open."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from play.models import OnlineGame


def games_of(user: AbstractBaseUser) -> QuerySet[OnlineGame]:
    return (OnlineGame.objects.filter(Q(player_a=user) | Q(player_b=user))
            .select_related("player_a", "player_b", "match__round__event"))


def game_for(user: AbstractBaseUser, pk: int) -> OnlineGame | None:
    """A game the user may open: a game in progress only by its players (others get None,
    so the page answers 404 and does not say the game exists)."""
    game = OnlineGame.objects.select_related("player_a", "player_b").filter(pk=pk).first()
    if game is None or user.pk is None or user.pk not in (game.player_a_id, game.player_b_id):
        return None
    return game
