"""The deck lab: estimate a decklist's win rate against a field of decks by simulation.

The work is cut into chunks (`lab_chunk`) that can run anywhere, in any order, and merge
(`LabResult.merge`): game k of a run always has the same seed and the same opponent, so the
result does not depend on how the games were split (the web side spreads chunks over workers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.seats import DRAW

from .ai import LEVELS, make_agent
from .cards import load_catalogue
from .errors import SetupError
from .game import deck_problems, new_game, run_to_end
from .rng import Rng


@dataclass
class LabResult:
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    # per opponent deck (its index in the field): [wins, losses, draws]
    by_opponent: dict[int, list[int]] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def merge(self, other: LabResult) -> LabResult:
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        for k, v in other.by_opponent.items():
            mine = self.by_opponent.setdefault(k, [0, 0, 0])
            for i in range(3):
                mine[i] += v[i]
        return self

    def to_json(self) -> dict:
        return {"games": self.games, "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "score": round(self.score, 4),
                "by_opponent": {str(k): v for k, v in sorted(self.by_opponent.items())}}

    @classmethod
    def from_json(cls, data: dict) -> LabResult:
        return cls(games=data["games"], wins=data["wins"], losses=data["losses"],
                   draws=data["draws"],
                   by_opponent={int(k): list(v) for k, v in data["by_opponent"].items()})


def check_lab(deck: Sequence[str], field_decks: Sequence[Sequence[str]], ai: str) -> None:
    catalogue = load_catalogue()
    problems = [f"the deck: {p}" for p in deck_problems(deck, catalogue)]
    if not field_decks:
        problems.append("the field needs at least one deck")
    for i, other in enumerate(field_decks):
        problems += [f"field deck {i + 1}: {p}" for p in deck_problems(other, catalogue)]
    if ai not in LEVELS:
        problems.append(f"unknown AI level {ai!r}: known are {', '.join(LEVELS)}")
    if problems:
        raise SetupError("; ".join(problems))


def lab_chunk(deck: Sequence[str], field_decks: Sequence[Sequence[str]], seed: int,
              start: int, count: int, ai: str = "scripted") -> LabResult:
    """Games `start` .. `start + count - 1` of a lab run. Game k plays field deck k mod n,
    the tested deck in seat A for even k and seat B for odd k, seed from (seed, k)."""
    check_lab(deck, field_decks, ai)
    catalogue = load_catalogue()
    result = LabResult()
    n = len(field_decks)
    for k in range(start, start + count):
        opponent = (k // 2) % n
        game_seed = Rng.stream(seed, f"lab-{k}").next_u64() >> 1
        mine = k % 2
        decks = (deck, field_decks[opponent]) if mine == 0 else (field_decks[opponent], deck)
        agents = (make_agent(ai, game_seed), make_agent(ai, game_seed + 1))
        game = new_game(decks, game_seed, catalogue=catalogue)
        run_to_end(game, agents, recorded=False)  # only the winner counts here
        slot = result.by_opponent.setdefault(opponent, [0, 0, 0])
        result.games += 1
        if game.winner == mine:
            result.wins += 1
            slot[0] += 1
        elif game.winner == DRAW:
            result.draws += 1
            slot[2] += 1
        else:
            result.losses += 1
            slot[1] += 1
    return result


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    """(start, count) pieces covering `games` games."""
    if games < 1 or size < 1:
        raise SetupError("games and the chunk size must be at least 1")
    return [(s, min(size, games - s)) for s in range(0, games, size)]
