"""Reading ratings: the leaderboard of a game and format."""

from __future__ import annotations

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Rank

from accounts.selectors.profiles import shown_name_of
from decks.models import CardGame
from tournaments.models import Rating


def ratings_leaderboard(*, game: CardGame, format: str) -> QuerySet[Rating]:
    """The ratings of a game and format, highest ordinal (mu - 3 sigma) first, each with its
    `rank` (equal ordinals share a rank) and `player_name`, the name shown for the player
    as on pairings and standings (the display name where set, else the username)."""
    return (Rating.objects.filter(game=game, format=format).select_related("player", "game")
            .annotate(rank=Window(Rank(), order_by=F("ordinal").desc()),
                      player_name=shown_name_of("player"))
            .order_by("-ordinal", "player__username", "id"))
