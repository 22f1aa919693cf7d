"""Balance figures: `python -m engine.tools.balance --games N --ai LEVEL`.

Prints, with 95% Wilson intervals:
- the 4x4 matchup matrix of the preconstructed decks (rule C-2.3) played by two `LEVEL`
  players, N games per cell, each seed from both seats (the row deck's score: wins plus half
  the draws);
- the first player's win rate over all those games (C-2.6);
- each card's win-rate delta: the score of decks holding it minus 0.5, over N duels of two
  `LEVEL` players with 8 cards drawn at random for each side (`formats.values`);
- the solo win rate (rule C-8) of each AI level at each difficulty level 1-5, N games per cell
  (`--solo-games` to change), each game with options drawn by the seed among those whose
  points add up to the level, and the player's deck cycling through the four.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.clash.ai import LEVELS, make_agent
from engine.clash.cards import load_catalogue
from engine.clash.formats.values import compute_card_values
from engine.clash.game import play_game
from engine.clash.rng import Rng
from engine.clash.solo import options_for_level, play_solo_game
from engine.cli import first_seed_problem
from engine.seats import BOTH_SEATS, DRAW, SEAT_A
from engine.tools.pool import worker_pool

from .ladder import wilson

DIFFICULTIES = (1, 2, 3, 4, 5)


def matchup(ai: str, deck_a: int, deck_b: int, seeds: range) -> tuple[float, int, int, int]:
    """(score of deck_a, games, first-player wins, decided games) over `seeds`."""
    catalogue = load_catalogue()
    decks = (catalogue.deck(deck_a), catalogue.deck(deck_b))
    score = 0.0
    games = first_wins = decided = 0
    for seed in seeds:
        for a_seat in BOTH_SEATS:
            seat_decks = decks if a_seat == SEAT_A else decks[::-1]
            game, _ = play_game(seat_decks, seed,
                                (make_agent(ai, seed * 2), make_agent(ai, seed * 2 + 1)),
                                catalogue=catalogue)
            games += 1
            if game.winner == DRAW:
                score += 0.5
                continue
            decided += 1
            score += game.winner == a_seat
            first_wins += game.winner == game.first
    return score, games, first_wins, decided


def solo_rate(level: str, difficulty: int, seeds: range) -> tuple[int, int]:
    """(player wins, games) of `level` against the automaton at `difficulty`."""
    choices = options_for_level(difficulty)
    wins = 0
    for seed in seeds:
        options = choices[Rng.stream(seed, "balance-options").below(len(choices))]
        game, _ = play_solo_game(seed, make_agent(level, seed), deck=1 + seed % 4,
                                 options=options, level=difficulty)
        wins += game.winner == SEAT_A  # the player's seat (C-8)
    return wins, len(seeds)


def _interval(score: float, n: int) -> str:
    lo, hi = wilson(score, n)
    return f"{score:.3f} [{lo:.2f}, {hi:.2f}]"


def run(games: int, ai: str, seed: int = 1, solo_games: int | None = None, jobs: int = 2,
        out=sys.stdout) -> dict:
    catalogue = load_catalogue()
    numbers = catalogue.deck_numbers
    seeds_per_cell = max(1, games // 2)
    solo_games = games if solo_games is None else solo_games
    started = time.perf_counter()
    cells = [(a, b) for a in numbers for b in numbers]
    solo_cells = [(level, d) for level in LEVELS for d in DIFFICULTIES]
    with worker_pool(jobs) as pool:
        duel_futures = {cell: pool.submit(matchup, ai, cell[0], cell[1],
                                          range(seed, seed + seeds_per_cell))
                        for cell in cells}
        solo_futures = {cell: pool.submit(solo_rate, cell[0], cell[1],
                                          range(seed, seed + solo_games))
                        for cell in solo_cells}
        values_future = pool.submit(compute_card_values, games, seed, ai, catalogue)
        duels = {cell: f.result() for cell, f in duel_futures.items()}
        solo = {cell: f.result() for cell, f in solo_futures.items()}
        values = values_future.result()

    print(f"balance: {ai} vs {ai}, {2 * seeds_per_cell} games per matchup, seed {seed}, "
          f"catalogue {catalogue.version}", file=out)
    print("\npreconstructed matchups: row deck's score against column deck, 95% interval",
          file=out)
    width = 22
    print(" " * 8 + "".join(f"{'deck ' + str(b):>{width}}" for b in numbers), file=out)
    for a in numbers:
        row = []
        for b in numbers:
            score, n, _, _ = duels[(a, b)]
            row.append(f"{_interval(score / n, n):>{width}}")
        print(f"deck {a:<3}" + "".join(row), file=out)

    first = sum(d[2] for d in duels.values())
    decided = sum(d[3] for d in duels.values())
    total = sum(d[1] for d in duels.values())
    print(f"\nfirst player's win rate: {_interval(first / decided, decided)} over {decided} "
          f"decided games ({total - decided} draws)", file=out)

    print(f"\ncard win-rate deltas ({values.games} games, {ai} vs {ai}, random 8-card decks):",
          file=out)
    ranked = sorted(values.values.items(), key=lambda kv: (-kv[1], kv[0]))
    for i in range(0, len(ranked), 4):
        print("  " + "".join(f"{name:<13}{delta:+.3f}   " for name, delta in ranked[i:i + 4])
              .rstrip(), file=out)

    print(f"\nsolo: the player's win rate against the automaton, {solo_games} games per cell",
          file=out)
    print(" " * 10 + "".join(f"{'level ' + str(d):>{width}}" for d in DIFFICULTIES), file=out)
    for level in LEVELS:
        row = []
        for d in DIFFICULTIES:
            wins, n = solo[(level, d)]
            row.append(f"{_interval(wins / n, n):>{width}}")
        print(f"{level:<10}" + "".join(row), file=out)
    print(f"\n({time.perf_counter() - started:.0f} s with {jobs} processes)", file=out)
    return {"duels": duels, "solo": solo, "values": values.values,
            "first_player": first / decided if decided else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.balance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per cell (default 200)")
    parser.add_argument("--ai", default="greedy", help=f"AI level: {', '.join(LEVELS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solo-games", type=int, help="solo games per cell (default --games)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    if args.ai not in LEVELS:
        parser.error(f"unknown AI level {args.ai!r}: known are {', '.join(LEVELS)}")
    if args.games < 2 or first_seed_problem(args.seed) is not None or args.jobs < 1 or (
            args.solo_games is not None and args.solo_games < 1):
        parser.error(first_seed_problem(args.seed)
                     or "--games must be at least 2, --solo-games at least 1, --jobs >= 1")
    run(args.games, args.ai, args.seed, args.solo_games, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
