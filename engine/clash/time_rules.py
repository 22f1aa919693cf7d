"""What happens when time is called in a tournament round (Ruling C-7.5c).

When the round's clock (with the table's extra time) reaches zero:

- the game being played goes on: the active player finishes the turn, then each player has
  one more turn, the other player first; the game's last turn is the second after the one
  in which time was called;
- a game not won by the end of that turn is a drawn game (as at the turn cap, C-7.5a);
- no game starts after time is called: the match's score is its games so far. A Swiss match
  ends with it, drawn or not; a top-cut match that is level then is the organizer's to settle
  (C-7.5b), since the clock cannot give it a winner.

The game's part works through the turn cap the engine already has: the cap of a game at time
becomes the turn on which it ends (`turn_cap_at_time`), so the engine ends it there, drawn, like
any capped game, and its record replays with that cap.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.seats import DRAW_NAME, LETTER_A, LETTER_B

from .errors import SetupError
from .match_rules import MatchFormat
from .state import GameState

# Turns after the one in which time is called: one for each player (Ruling C-7.5c).
ADDITIONAL_TURNS = 2


def turn_cap_at_time(*, turn: int, turn_cap: int) -> int:
    """The last turn of a game whose time is called during turn `turn`: two turns later, or
    its own turn cap if that comes first (Ruling C-7.5c)."""
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise SetupError(f"time is called during a turn (1 or more), not {turn!r}")
    return min(turn_cap, turn + ADDITIONAL_TURNS)


def game_at_time(game: GameState) -> int:
    """The turn cap `game` plays on to once time is called now (Ruling C-7.5c); a game that
    is over keeps its own."""
    if game.winner is not None:
        return game.turn_cap
    return turn_cap_at_time(turn=game.turn, turn_cap=game.turn_cap)


@dataclass(frozen=True)
class MatchAtTime:
    """A match's end at time: its score (A's wins, B's wins, drawn games), the winner ("A",
    "B", "draw") or None when the organizer settles it (a top-cut match level at time)."""

    score: tuple[int, int, int]
    winner: str | None

    @property
    def organizer_decides(self) -> bool:
        return self.winner is None


def match_at_time(fmt: MatchFormat, a_wins: int, b_wins: int, draws: int) -> MatchAtTime:
    """The match's result when time is called and the game at time is over (Ruling C-7.5c):
    no more games, the score stands; level is a drawn Swiss match, and a top-cut match the
    organizer's to settle. A match without any game at time is one drawn game (every match has
    at least one game: the game being played at time ended drawn or was never begun)."""
    if min(a_wins, b_wins, draws) < 0:
        raise SetupError(f"a score counts games, not {(a_wins, b_wins, draws)!r}")
    if a_wins + b_wins + draws == 0:
        draws = 1
    if a_wins != b_wins:
        winner = LETTER_A if a_wins > b_wins else LETTER_B
    else:
        winner = None if fmt.top_cut else DRAW_NAME
    return MatchAtTime(score=(a_wins, b_wins, draws), winner=winner)
