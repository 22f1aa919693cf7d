"""What a match's score may be: the one definition, for every format and stage.

A score is three game counts from seat A's side: A's wins, B's wins, drawn games. The engine's
match loop (`MatchFormat.play_out`, which `engine.clash.match.play_match` feeds) and every check
of a score people or workers send (`MatchFormat.problems`: the tournament services, their forms
and API) use this module, so the engine can only produce scores the check accepts.

Rule C-7.5b (tournament play, as MTR 2.3):

- A best of N (N odd) is won by the first player to win N // 2 + 1 games. Drawn games do not
  count toward the match's length: after a drawn game the match goes on.
- Games are capped: at most N + `EXTRA_GAMES` games are played, drawn games included (5 in a
  best of 3, 3 in a best of 1). The cap stands in for the round's clock: the engine stops there,
  and a person's score has no more games than that.
- A Swiss match may end drawn or at time with fewer games than it needs to be decided: 1-0,
  1-1, 0-0-1 and 1-0-2 are all Swiss results of a best of 3.
- A top-cut match needs a winner (more game wins than the opponent). The loop plays on past
  the length until a player has won the match, within the same cap; a match level at the cap
  (1-1-3) is one the engine cannot decide, and the organizer sets its result by hand. So a
  top-cut score is any Swiss score that has a winner, and 1-1-1 never ends one.

Every match has at least one game (a match nobody played is not a result).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.seats import DRAW_NAME, LETTER_A, LETTER_B, RESULT_NAMES

from .errors import SetupError

# Games a match may play beyond its length (drawn games): a best of 3 plays at most 5 games.
# Two drawn games in a round are already rare (a game is drawn only at the turn cap, rule
# C-7.5a), and two more games are about what a round's clock leaves room for.
EXTRA_GAMES = 2

OUTCOMES = RESULT_NAMES  # "A", "B", "draw"


@dataclass(frozen=True)
class MatchFormat:
    """A match's length (best of `best_of` games, odd) and stage (Swiss or top cut)."""

    best_of: int = 3
    top_cut: bool = False

    def __post_init__(self) -> None:
        if (not isinstance(self.best_of, int) or isinstance(self.best_of, bool)
                or self.best_of < 1 or self.best_of % 2 == 0):
            raise SetupError(f"a match is best of an odd number of games (1, 3, 5...), "
                             f"not {self.best_of!r}")

    @property
    def wins_needed(self) -> int:
        """The game wins that win the match: 2 in a best of 3."""
        return self.best_of // 2 + 1

    @property
    def max_games(self) -> int:
        """The cap on games played, drawn games included."""
        return self.best_of + EXTRA_GAMES

    @property
    def name(self) -> str:
        return f"best-of-{self.best_of}" + (" top-cut" if self.top_cut else "")

    def over(self, a_wins: int, b_wins: int, draws: int) -> bool:
        """Whether the match loop stops after these games: a player has won the match, or
        the cap is reached (in the top cut, a match level there is the organizer's)."""
        return (max(a_wins, b_wins) >= self.wins_needed
                or a_wins + b_wins + draws >= self.max_games)

    def play_out(self, outcomes: Iterable[str]) -> tuple[int, int, int]:
        """The match loop: take game outcomes ("A", "B" or "draw") one at a time until the
        match is over, and return the score (a_wins, b_wins, draws). `outcomes` may be a
        generator that plays each game when asked, so no game is played after the end."""
        a_wins = b_wins = draws = 0
        for outcome in outcomes:
            if outcome == LETTER_A:
                a_wins += 1
            elif outcome == LETTER_B:
                b_wins += 1
            elif outcome == DRAW_NAME:
                draws += 1
            else:
                raise ValueError(f"a game is won by A or B or drawn, not {outcome!r}")
            if self.over(a_wins, b_wins, draws):
                break
        return a_wins, b_wins, draws

    def score_problems(self, a_wins: object, b_wins: object,
                       draws: object) -> list[tuple[str, dict]]:
        """Every reason these game counts cannot be the score of such a match ([] if they
        can), as a stable code and the values its sentence names: `not_a_count` (count, value),
        `wins_past_needed` and `both_at_needed` (best_of, needed), `too_many_games` (best_of,
        most, games), `no_games`, `top_cut_draw`. The web side puts them into the reader's
        words; `problems` into English."""
        values = {"a_wins": a_wins, "b_wins": b_wins, "draws": draws}
        problems = [("not_a_count", {"count": name, "value": v}) for name, v in values.items()
                    if not isinstance(v, int) or isinstance(v, bool) or v < 0]
        if problems:
            return problems
        needed, games = self.wins_needed, a_wins + b_wins + draws
        length = {"best_of": self.best_of, "needed": needed}
        if max(a_wins, b_wins) > needed:
            problems.append(("wins_past_needed", length))
        elif a_wins == b_wins == needed:
            problems.append(("both_at_needed", length))
        if games > self.max_games:
            problems.append(("too_many_games", {"best_of": self.best_of,
                                                "most": self.max_games, "games": games}))
        elif games == 0:
            problems.append(("no_games", {}))
        if self.top_cut and a_wins == b_wins and not problems:
            problems.append(("top_cut_draw", {}))
        return problems

    def problems(self, a_wins: object, b_wins: object, draws: object) -> list[str]:
        """`score_problems` in English, for the command-line tools and the logs. The messages
        say what the rule allows, for the person who entered them."""
        return [problem_text(code, values)
                for code, values in self.score_problems(a_wins, b_wins, draws)]

    def allows(self, a_wins: int, b_wins: int, draws: int) -> bool:
        return not self.problems(a_wins, b_wins, draws)


def problem_text(code: str, values: dict) -> str:
    """A problem of `MatchFormat.score_problems` in English."""
    if code == "not_a_count":
        return (f"{values['count']} must be a whole number of games (0 or more), not "
                f"{values['value']!r}")
    if code in ("wins_past_needed", "both_at_needed"):
        needed = values["needed"]
        start = (f"a best-of-{values['best_of']} match ends when a player has won {needed} "
                 f"game{'s' if needed > 1 else ''}: ")
        if code == "wins_past_needed":
            return start + "nobody wins more"
        return start + f"only one player can have {needed}"
    if code == "too_many_games":
        return (f"a best-of-{values['best_of']} match has at most {values['most']} games, drawn "
                f"games included (rule C-7.5b), not {values['games']}")
    if code == "no_games":
        return "a match has at least one game"
    if code == "top_cut_draw":
        return ("a top-cut match needs a winner: it cannot end in a draw (rule C-7.5b: play on "
                "until a player has more game wins)")
    raise ValueError(f"no score problem has the code {code!r}")
