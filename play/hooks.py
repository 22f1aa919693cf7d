"""What online play announces to, and asks of, the apps above it (the layers: README,
"Dependencies"). Play knows that a game may belong to a tournament match (its `match` field),
but never imports tournaments: tournaments registers its handlers here in its
AppConfig.ready (tournaments/apps.py).

- `game_finished`: every listener is called, in the order connected, with `game` (its row
  locked, status finished, record and winner set, not yet saved) and `now`, inside the
  transaction that finishes the game. A listener's error rolls the move back with it.
- `match_games`: what a match game's replay needs from its tournament (may this person watch
  it, its title, its way back to the event). Without a registered answer, nobody may watch a
  match game's replay (a match's lists are not play's to show).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from play.models import OnlineGame


class GameFinished(Protocol):
    def __call__(self, *, game: OnlineGame, now: datetime) -> None: ...


class Listeners:
    """Functions called when something happened, in the order they were connected."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._listeners: list[Callable[..., None]] = []

    def connect(self, listener: Callable[..., None]) -> None:
        """Add a listener; connecting the same one again changes nothing (ready() may run
        more than once)."""
        if listener not in self._listeners:
            self._listeners.append(listener)

    def disconnect(self, listener: Callable[..., None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def __contains__(self, listener: object) -> bool:
        return listener in self._listeners

    def send(self, **kwargs: Any) -> None:
        for listener in list(self._listeners):
            listener(**kwargs)


game_finished = Listeners("game_finished")


class MatchGames(Protocol):
    """A tournament's answers about one of its matches' online games."""

    def may_watch(self, game: OnlineGame, user: Any) -> bool:
        """Whether `user` may watch the finished game's replay."""

    def title(self, game: OnlineGame) -> str:
        """The replay's heading ("Spring Open, Round 3, table 2, game 1 online")."""

    def links(self, game: OnlineGame, user: Any) -> dict[str, Any]:
        """The replay page's way back: the template's `event`, `match`, `may_see_match`."""


class _NoTournament:
    def may_watch(self, game: OnlineGame, user: Any) -> bool:
        return False

    def title(self, game: OnlineGame) -> str:
        return f"{game.get_kind_display()} game {game.pk}"

    def links(self, game: OnlineGame, user: Any) -> dict[str, Any]:
        return {}


_match_games: MatchGames = _NoTournament()


def match_games_register(answers: MatchGames) -> None:
    global _match_games  # noqa: PLW0603 (one registry, set once in an AppConfig.ready)
    _match_games = answers


def match_games() -> MatchGames:
    return _match_games
