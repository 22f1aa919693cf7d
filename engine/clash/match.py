"""A match: best of N games (1, 3, ...) between two decks, each game seeded from the match's seed.

Used wherever the engine decides a match (AI seats, auto-played matches, the deck lab). Game i
takes the seed `Rng.stream(seed, f"game-{i}")`, so a match replays game by game from its seed.
When the match ends is `match_rules.MatchFormat.play_out` (rule C-7.5b): the first to win the
match's majority, drawn games not counted, within a cap on games played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.seats import LETTER_A, LETTER_B, result_name

from .ai import make_agent
from .cards import Catalogue, load_catalogue
from .game import play_game
from .match_rules import MatchFormat
from .record import GameRecord
from .rng import Rng


@dataclass
class MatchResult:
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    games: list[GameRecord] = field(default_factory=list)

    @property
    def winner(self) -> str | None:
        if self.a_wins > self.b_wins:
            return LETTER_A
        if self.b_wins > self.a_wins:
            return LETTER_B
        return None


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game `index` (from 0) of a match: 63 bits, so it fits a database bigint."""
    return Rng.stream(match_seed, f"game-{index}").next_u64() >> 1


def play_match(decks: Sequence[Sequence[str]], seed: int, levels: Sequence[str], *,
               best_of: int = 3, catalogue: Catalogue | None = None,
               keep_records: bool = True) -> MatchResult:
    """Play a match between two AI players of `levels` (seat A plays decks[0]).

    A best of 3 ends when a player has won 2 games; drawn games do not count toward its
    length, so it plays on after one, up to the cap of `MatchFormat.max_games` games (rule
    C-7.5b). The loop is the same in Swiss and in the top cut, where it plays on until a
    player has won; a top-cut match level at the cap is the organizer's (`MatchFormat.problems`
    refuses it as a top-cut result). An even `best_of` is a SetupError."""
    fmt = MatchFormat(best_of=best_of)
    catalogue = load_catalogue() if catalogue is None else catalogue
    result = MatchResult()

    def games():  # noqa: ANN202 (a generator: each game is played when the loop asks)
        for index in range(fmt.max_games):
            gseed = game_seed(seed, index)
            agents = (make_agent(levels[0], gseed ^ 0x5A5A),
                      make_agent(levels[1], gseed ^ 0xA5A5))
            game, record = play_game(decks, gseed, agents, catalogue=catalogue)
            if keep_records:
                result.games.append(record)
            yield result_name(game.winner)

    result.a_wins, result.b_wins, result.draws = fmt.play_out(games())
    return result
