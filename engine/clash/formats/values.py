"""Card values for the AI players' picks and bans, measured by simulation, stored as data.

`python -m engine.tools.values --games N --seed S [--ai LEVEL] [--out PATH]` plays N
duels between two AI players of level LEVEL (`engine.clash.ai.make_agent`); each side's deck
is 8 cards drawn at random without replacement from the catalogue's cards (the two sides draw
independently, as two players with their own kits). A card's value is the score of the decks
holding it (a win 1, a draw 1/2, a loss 0) minus the overall 1/2: its win-rate delta. The
result goes to `data/card_values.json`:

    {"catalogue": version, "method": "...", "ai": LEVEL, "seed": S, "games": N,
     "values": {name: delta, ...}}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.cli import write_file
from engine.seats import DRAW

from ..ai import make_agent
from ..cards import DATA_DIR, Catalogue, load_catalogue
from ..errors import CatalogueError
from ..game import DECK_SIZE, play_game
from ..rng import Rng

VALUES_FILE = DATA_DIR / "card_values.json"
RNG_STREAM = "card-values"
COMMAND = "python -m engine.tools.values"


@dataclass(frozen=True)
class CardValues:
    catalogue: str
    method: str
    games: int
    values: dict[str, float]
    ai: str = "random"
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"catalogue": self.catalogue, "method": self.method, "ai": self.ai,
                "seed": self.seed, "games": self.games, "values": self.values}


def load_card_values(path: str | Path | None = None,
                     catalogue: Catalogue | None = None) -> CardValues:
    """The stored values. Refuses values measured with another catalogue version, since
    they would rank cards whose numbers have changed."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    file = Path(path) if path is not None else VALUES_FILE
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        values = {str(k): float(v) for k, v in data["values"].items()}
        stored = CardValues(catalogue=str(data["catalogue"]), method=str(data["method"]),
                            games=int(data["games"]), values=values,
                            ai=str(data.get("ai", "random")), seed=data.get("seed"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CatalogueError(f"{file}: not a card values file ({exc})") from None
    if stored.catalogue != catalogue.version:
        raise CatalogueError(f"{file} was measured with catalogue {stored.catalogue}, not "
                             f"{catalogue.version}: run `{COMMAND}` to measure it again")
    return stored


def _draw_deck(names: list[str], rng: Rng) -> list[str]:
    """DECK_SIZE different cards: the first steps of a Fisher-Yates shuffle."""
    cards = names[:]
    n = len(cards)
    for i in range(DECK_SIZE):
        j = i + rng.below(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:DECK_SIZE]


def win_rate_deltas(results: Iterable[tuple[Sequence[str], Sequence[str], int | None]],
                    names: Sequence[str]) -> dict[str, float]:
    """Each card's score (a win 1, a draw - winner DRAW - one half) over the decks holding it,
    minus 0.5, from (deck of seat A, deck of seat B, winner) results; 0 for an unseen card."""
    score = dict.fromkeys(names, 0.0)
    seen = dict.fromkeys(names, 0)
    for deck_a, deck_b, winner in results:
        for seat, deck in enumerate((deck_a, deck_b)):
            points = 0.5 if winner == DRAW else float(winner == seat)
            for name in deck:
                score[name] += points
                seen[name] += 1
    return {name: round(score[name] / seen[name] - 0.5, 4) if seen[name] else 0.0
            for name in names}


def compute_card_values(games: int, seed: int, ai: str = "random",
                        catalogue: Catalogue | None = None) -> CardValues:
    """Each card's win-rate delta over `games` duels between `ai` players (module docstring)."""
    catalogue = load_catalogue() if catalogue is None else catalogue
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    names = [card.name for card in catalogue.cards]
    rng = Rng.stream(seed, RNG_STREAM)
    results = []
    for _ in range(games):
        decks = (_draw_deck(names, rng), _draw_deck(names, rng))
        game_seed = rng.next_u64() >> 1
        agents = (make_agent(ai, rng.next_u64() >> 1), make_agent(ai, rng.next_u64() >> 1))
        game, _ = play_game(decks, game_seed, agents, catalogue=catalogue)
        results.append((decks[0], decks[1], game.winner))
    values = win_rate_deltas(results, names)
    method = (f"win rate of the decks holding the card minus 0.5 (draws count half), over "
              f"{games} duels of {ai} vs {ai} AI players; each side {DECK_SIZE} cards drawn "
              f"without replacement from the {len(names)} catalogue cards; seed {seed}")
    return CardValues(catalogue=catalogue.version, method=method, games=games, values=values,
                      ai=ai, seed=seed)


def write_card_values(values: CardValues, path: str | Path | None = None) -> Path:
    file = Path(path) if path is not None else VALUES_FILE
    write_file(file, json.dumps(values.to_json(), indent=1) + "\n")
    return file


if __name__ == "__main__":  # the command's old path (`python -m engine.clash.formats.values`)
    # Run as a program, not imported: the command imports this module, never the reverse.
    import runpy

    runpy.run_module("engine.tools.values", run_name="__main__")
