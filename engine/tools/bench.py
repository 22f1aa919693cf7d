"""Engine speed on one core: `python -m engine.tools.bench --games 20000 --seed 1`.

Plays random-vs-random duels between the preconstructed decks (every pairing in turn, a
record kept for each), then replays every record. Prints games per second, the average turns
per game, the average record size, and record verifications per second; then greedy-vs-greedy
games per second (games/20 of them), the deck lab's scripted games per second (games/4) and
the search player's playouts per second.

Machines drift by +-30% from one minute to the next, so figures are compared side by side, in
one run, alternating, and quoted as ratios (engine/tools/bench_compare.py):

- `--against-reference ../shared/bench/minimal_loop.py` runs the reference loop after each
  run of the bench and prints its games/s and turns/s beside the engine's, with the ratios;
- `--baseline-path DIR` runs the same bench from another checkout (e.g. main) in turn with
  this one and prints each figure of both, with the ratios;
- `--repeat N` does that N times (the medians and every round's figures are printed);
- `--cpu-time` has each of those runs measure its process's CPU time instead of the wall
  clock, for a machine that others load.

`--lab-run GAMES --workers N` times a whole deck-lab run instead: GAMES scripted games in the
lab's chunks, spread over N worker processes as the lab's workers take them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.clash.ai import GreedyAgent, RandomAgent, SearchAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.clash.lab import lab_chunk
from engine.clash.record import GameRecord, replay
from engine.cli import fail, first_seed_problem


def run(games: int, seed: int, out=sys.stdout) -> dict[str, float]:
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    pairings = [(a, b) for a in decks for b in decks]
    records: list[GameRecord] = []
    turns = 0
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        deck_a, deck_b = pairings[i % len(pairings)]
        agents = (RandomAgent(game_seed * 2), RandomAgent(game_seed * 2 + 1))
        _, record = play_game((deck_a, deck_b), game_seed, agents, catalogue=catalogue)
        turns += len(record.turns)
        records.append(record)
    play_seconds = time.perf_counter() - start

    start = time.perf_counter()
    failures = sum(1 for record in records if not replay(record, catalogue))
    verify_seconds = time.perf_counter() - start

    size = sum(len(r.dumps()) for r in records) / games
    figures = {
        "games": games,
        "games_per_s": games / play_seconds,
        "avg_turns": turns / games,
        "avg_record_bytes": size,
        "verifications_per_s": games / verify_seconds,
        "failures": failures,
    }
    print(f"engine bench: {games} random-vs-random games, seed {seed}, catalogue "
          f"{catalogue.version}", file=out)
    print(f"games/s: {figures['games_per_s']:.0f}", file=out)
    print(f"average turns per game: {figures['avg_turns']:.1f}", file=out)
    print(f"average record size: {size:.0f} bytes of JSON", file=out)
    print(f"record verifications/s: {figures['verifications_per_s']:.0f} "
          f"({failures} failed)", file=out)

    # Greedy against greedy (issue target: at least 500 games/s on one core).
    greedy_games = max(1, games // 20)
    start = time.perf_counter()
    for i in range(greedy_games):
        game_seed = seed * 1_000_003 + i
        deck_a, deck_b = pairings[i % len(pairings)]
        play_game((deck_a, deck_b), game_seed,
                  (GreedyAgent(game_seed * 2), GreedyAgent(game_seed * 2 + 1)),
                  catalogue=catalogue)
    figures["greedy_games_per_s"] = greedy_games / (time.perf_counter() - start)
    print(f"greedy-vs-greedy: {figures['greedy_games_per_s']:.0f} games/s "
          f"({greedy_games} games)", file=out)

    # The deck lab's games (scripted players, unrecorded): what one worker process can give
    # a deck-lab run (the target: 100,000 games in under a minute on two processes).
    lab_games = max(1, games // 4)
    deck_a, deck_b = pairings[0]
    start = time.perf_counter()
    lab = lab_chunk(deck_a, [deck_b], seed, 0, lab_games, "scripted")
    figures["lab_games_per_s"] = lab.games / (time.perf_counter() - start)
    print(f"deck lab (scripted, unrecorded): {figures['lab_games_per_s']:.0f} games/s "
          f"({lab_games} games)", file=out)

    # The search player's playouts per second, over a few whole games against greedy.
    search_games = max(1, games // 1000)
    playouts = 0
    thinking = 0.0
    for i in range(search_games):
        game_seed = seed * 1_000_003 + i
        deck_a, deck_b = pairings[i % len(pairings)]
        searcher = SearchAgent(game_seed)
        timed = _TimedAgent(searcher)
        play_game((deck_a, deck_b), game_seed, (timed, GreedyAgent(game_seed + 1)),
                  catalogue=catalogue)
        playouts += searcher.playouts_run
        thinking += timed.seconds
    figures["search_playouts_per_s"] = playouts / thinking if thinking else 0.0
    print(f"search player: {figures['search_playouts_per_s']:.0f} playouts/s "
          f"({playouts} playouts in {search_games} games)", file=out)
    return figures


class _TimedAgent:
    def __init__(self, agent) -> None:  # noqa: ANN001
        self.agent = agent
        self.seconds = 0.0

    def act(self, obs):  # noqa: ANN001, ANN201
        start = time.perf_counter()
        try:
            return self.agent.act(obs)
        finally:
            self.seconds += time.perf_counter() - start


def _paths_problem(baseline: str | None, reference: str | None) -> str | None:
    """Why the checkout or the script to run beside the bench cannot be run (None when they
    can): checked before the first round, not after it."""
    if baseline is not None and not (Path(baseline) / "engine" / "__init__.py").is_file():
        what = "is not a folder" if not Path(baseline).is_dir() else "holds no engine package"
        return f"--baseline-path: {baseline} {what} (it names a checkout of this project)"
    if reference is not None and not Path(reference).is_file():
        what = "is a folder" if Path(reference).is_dir() else "does not exist"
        return f"--against-reference: {reference} {what} (it names a Python script)"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20000, help="games to play (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--against-reference", metavar="SCRIPT",
                        help="run this reference loop alternately with the bench, print ratios")
    parser.add_argument("--baseline-path", metavar="DIR",
                        help="run the bench of the checkout in DIR alternately, print ratios")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of side-by-side runs (default 1)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="side-by-side runs measure each process's CPU time, not the wall "
                             "clock (for a machine others load)")
    parser.add_argument("--lab-run", type=int, metavar="GAMES",
                        help="time a whole deck-lab run of GAMES scripted games instead")
    parser.add_argument("--workers", type=int, default=2,
                        help="worker processes of --lab-run (default 2)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if first_seed_problem(args.seed):
        parser.error(first_seed_problem(args.seed))
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    problem = _paths_problem(args.baseline_path, args.against_reference)
    if problem:
        return fail(problem)
    if args.lab_run is not None:
        if args.lab_run < 1:
            parser.error("--lab-run must be at least 1")
        from engine.tools.bench_compare import lab_run

        lab_run(args.lab_run, args.seed, args.workers, repeat=args.repeat,
                baseline=args.baseline_path)
        return 0
    if args.against_reference or args.baseline_path or args.repeat > 1 or args.cpu_time:
        from engine.tools.bench_compare import compare

        return compare(games=args.games, seed=args.seed, repeat=args.repeat,
                       reference=args.against_reference, baseline=args.baseline_path,
                       cpu=args.cpu_time)
    figures = run(args.games, args.seed)
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
