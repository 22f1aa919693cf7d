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
- `time_called`: whether time has been called for a match game at `now` (the round's clock
  with the table's extra time is at zero: ruling C-7.5c). Play asks it whenever a match
  game in play is touched and lowers the game's turn cap then (play/services/games.py,
  `time_check`). Without a registered answer, time is never called.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from core.hooks import Listeners, Provider

if TYPE_CHECKING:
    from play.models import OnlineGame


class GameFinished(Protocol):
    def __call__(self, *, game: OnlineGame, now: datetime) -> None: ...


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


NO_TOURNAMENT: MatchGames = _NoTournament()
# `match_games()` is the registered MatchGames (tournaments registers
# `lambda: MatchGameAnswers()`), else NO_TOURNAMENT.
match_games = Provider("match_games", default=lambda: NO_TOURNAMENT)


class TimeCalled(Protocol):
    def __call__(self, *, game: OnlineGame, now: datetime) -> bool: ...


def _never(*, game: OnlineGame, now: datetime) -> bool:
    return False


# `time_called(game=..., now=...)`: tournaments registers `play_hooks.time_called`.
time_called = Provider("time_called", default=_never)
