"""A match: best of 1 or 3 games between two decks, each game seeded from the match's seed.

Used wherever the engine decides a match (AI seats, auto-played matches, the deck lab). Game i
takes the seed `Rng.stream(seed, f"game-{i}")`, so a match replays game by game from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .ai import make_agent
from .cards import Catalogue, load_catalogue
from .errors import SetupError
from .game import play_game
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
            return "A"
        if self.b_wins > self.a_wins:
            return "B"
        return None


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game `index` (from 0) of a match: 63 bits, so it fits a database bigint."""
    return Rng.stream(match_seed, f"game-{index}").next_u64() >> 1


def play_match(decks: Sequence[Sequence[str]], seed: int, levels: Sequence[str], *,
               best_of: int = 3, catalogue: Catalogue | None = None,
               keep_records: bool = True) -> MatchResult:
    """Play a match between two AI players of `levels` (seat A plays decks[0]).

    Best of 3 ends when a player has 2 wins or after 3 games (a drawn game counts as played);
    best of 1 is one game."""
    if best_of not in (1, 3):
        raise SetupError(f"a match is best of 1 or 3, not {best_of}")
    catalogue = catalogue or load_catalogue()
    needed = best_of // 2 + 1
    result = MatchResult()
    for index in range(best_of):
        gseed = game_seed(seed, index)
        agents = (make_agent(levels[0], gseed ^ 0x5A5A), make_agent(levels[1], gseed ^ 0xA5A5))
        game, record = play_game(decks, gseed, agents, catalogue=catalogue)
        if keep_records:
            result.games.append(record)
        if game.winner == 0:
            result.a_wins += 1
        elif game.winner == 1:
            result.b_wins += 1
        else:
            result.draws += 1
        if max(result.a_wins, result.b_wins) >= needed:
            break
    return result
