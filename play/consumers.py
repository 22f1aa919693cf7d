"""The game page's socket (core/consumers.py): a player's page joins its game's group, and
only a player of the game may (`game_for`, the game page's own read)."""

from __future__ import annotations

from typing import Any

from core.consumers import HintConsumer
from play.selectors import game_for
from play.services.live import game_group


class GameConsumer(HintConsumer):
    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        game = game_for(user, kwargs["pk"])
        return game_group(game.pk) if game is not None else None
