"""Seeded games of every pairing of AI levels, reduced to digests, so that a change to the
engine's inside can be checked to leave every game exactly as it was.

`python -m tests.engine.seeded_games` prints the digests as JSON; the file
`tests/engine/data/seeded_digests.json` holds them as the engine made them before its hot path
was redesigned (issue 18), and `test_seeded_games.py` compares the two.
"""

from __future__ import annotations

import hashlib
import json
import sys

from engine.clash.ai import make_agent
from engine.clash.cards import load_catalogue
from engine.clash.game import new_game, play_game, run_to_end
from engine.clash.lab import lab_chunk
from engine.clash.rng import Rng
from engine.clash.solo import SOLO_DRAFT, SOLO_PRECONSTRUCTED, options_for_level, play_solo_game

# Games per pairing; the search player's pairings get fewer (each of its games plans hundreds of
# playouts), at its default budget without the wall-clock cap so the games are the same on
# every machine.
GAMES = 200
SEARCH_GAMES = 20
CHOOSERS = ("random", "scripted")
# The levels whose games were captured before the hot path changed, in their order then (the
# seeds use it). The expert came later: tests/engine/test_ai.py holds it to the same decisions
# from the same seed.
LEVELS = ("random", "scripted", "greedy", "search")


def _agent(level: str, seed: int):  # noqa: ANN202
    if level == "search":
        return make_agent(level, seed, max_ms=None)
    return make_agent(level, seed)


def _digest(texts) -> str:  # noqa: ANN001
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode())
        h.update(b"\n")
    return h.hexdigest()


def duel_digests(games: int = GAMES, search_games: int = SEARCH_GAMES) -> dict[str, str]:
    """For each pairing "a-b": the digest of its games' records (and, for every fourth game
    between players that choose return orders, played with both seats choosing them, C-4.6,
    the turns, hashes and the final position's bytes)."""
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    out: dict[str, str] = {}
    for a in LEVELS:
        for b in LEVELS:
            count = search_games if "search" in (a, b) else games
            texts = []
            for i in range(count):
                seed = 7919 * i + 17 * LEVELS.index(a) + LEVELS.index(b)
                pair = (decks[i % len(decks)], decks[(i // len(decks) + i) % len(decks)])
                agents = (_agent(a, seed * 2), _agent(b, seed * 2 + 1))
                # The planning players do not handle a waiting return order in their plans.
                if i % 4 == 3 and a in CHOOSERS and b in CHOOSERS:
                    game = new_game(pair, seed, catalogue=catalogue,
                                    chooses_returns=(True, True))
                    turns, hashes = run_to_end(game, agents)
                    texts.append(json.dumps([turns, hashes, game.winner,
                                             game.state_bytes().hex()]))
                else:
                    _, record = play_game(pair, seed, agents, catalogue=catalogue)
                    texts.append(record.dumps())
            out[f"{a}-{b}"] = _digest(texts)
    return out


def solo_digests(games: int = 60) -> dict[str, str]:
    """Solo games (rule C-8) of the random and greedy players at every level's options."""
    out: dict[str, str] = {}
    for level in ("random", "greedy"):
        texts = []
        for i in range(games):
            difficulty = i % 6
            options = options_for_level(difficulty)[0] if difficulty else None
            fmt = SOLO_DRAFT if i % 3 == 2 else SOLO_PRECONSTRUCTED
            chooser = Rng.stream(i, "seeded-draft")
            _, record = play_solo_game(1000 + i, make_agent(level, i), fmt=fmt,
                                       deck=None if fmt == SOLO_DRAFT else 1 + i % 4,
                                       draft=lambda shown, r=chooser: shown[r.below(len(shown))],
                                       options=options, level=difficulty,
                                       chooses_returns=i % 2 == 1)
            texts.append(record.dumps())
        out[f"solo-{level}"] = _digest(texts)
    return out


def lab_digests() -> dict[str, str]:
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    out = {}
    for ai in ("random", "scripted", "greedy"):
        result = lab_chunk(decks[0], decks[1:], 5, 0, 120 if ai != "greedy" else 30, ai)
        out[f"lab-{ai}"] = _digest([json.dumps(result.to_json(), sort_keys=True)])
    return out


def all_digests() -> dict[str, str]:
    return {**duel_digests(), **solo_digests(), **lab_digests()}


if __name__ == "__main__":
    json.dump(all_digests(), sys.stdout, indent=1, sort_keys=True)
    print()
