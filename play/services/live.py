"""The live game page (core/live.py): each change of an online game hints its players' pages
once it commits. The hint names the game's status and its step count as the page counts
them (`data-n`: actions in play, bans in the ban step, picks in the solo draft), so a page
already showing that step fetches nothing; the state itself comes through the game's
fragment, which shows each side only its own view."""

from __future__ import annotations

from core import live
from play.models import GameStatus, OnlineGame
from play.selectors.games import ban_state

__all__ = ["game_changed", "game_group"]


def game_group(game_id: int) -> str:
    return live.group("game", game_id)


def _game_steps(game: OnlineGame) -> int:
    if game.status == GameStatus.BANNING:
        return len(ban_state(game).bans)
    if game.status == GameStatus.DRAFTING:
        return len(game.picks)
    return len(game.actions)


def game_changed(game: OnlineGame) -> None:
    """Hint the game's pages, after the transaction that saved `game` commits."""
    live.hint(game_group(game.pk), str(game.status), _game_steps(game))
