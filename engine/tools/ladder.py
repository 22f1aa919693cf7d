"""The AI ladder: `python -m engine.tools.ladder --games 1000 --seed 1`.

Plays every pair of AI levels over the preconstructed decks (deck pairings cycle with the
seed), each seed once from each seat, and prints the matrix of scores (wins + half the draws,
as the row's share) with 95% Wilson intervals, plus the time the search and expert players
took per decision. Work is spread over `--jobs` processes; the results do not depend on it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field

from engine.clash.ai import LEVELS, make_agent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.cli import first_seed_problem
from engine.seats import BOTH_SEATS, DRAW, other
from engine.tools.pool import worker_pool

# The levels that simulate, whose time per decision the ladder prints.
PLANNERS = ("search", "expert")


@dataclass
class PairResult:
    a: str
    b: str
    games: int = 0
    wins: int = 0  # of `a`
    losses: int = 0
    draws: int = 0
    decision_ms: dict[str, list[float]] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class _Timed:
    """Wraps an agent to measure each decision (the ladder checks the search budget)."""

    def __init__(self, agent, times: list[float]) -> None:  # noqa: ANN001
        self.agent = agent
        self.times = times
        self.name = agent.name

    def act(self, obs):  # noqa: ANN001, ANN201
        start = time.perf_counter()
        action = self.agent.act(obs)
        self.times.append((time.perf_counter() - start) * 1000.0)
        return action


def play_pair(a: str, b: str, seeds: range) -> PairResult:
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    result = PairResult(a, b, decision_ms={a: [], b: []})
    for seed in seeds:
        deck_a, deck_b = decks[seed % len(decks)], decks[seed // len(decks) % len(decks)]
        for a_seat in BOTH_SEATS:
            agents = [None, None]
            agents[a_seat] = _Timed(make_agent(a, seed * 2), result.decision_ms[a])
            agents[other(a_seat)] = _Timed(make_agent(b, seed * 2 + 1),
                                        result.decision_ms[b] if b != a else [])
            game, _ = play_game((deck_a, deck_b), seed, agents, catalogue=catalogue)
            result.games += 1
            if game.winner == a_seat:
                result.wins += 1
            elif game.winner == DRAW:
                result.draws += 1
            else:
                result.losses += 1
    return result


def _merge(parts: list[PairResult]) -> PairResult:
    out = PairResult(parts[0].a, parts[0].b, decision_ms={parts[0].a: [], parts[0].b: []})
    for p in parts:
        out.games += p.games
        out.wins += p.wins
        out.losses += p.losses
        out.draws += p.draws
        for k, v in p.decision_ms.items():
            out.decision_ms.setdefault(k, []).extend(v)
    return out


def run(games: int, seed: int, levels: tuple[str, ...] = LEVELS, jobs: int = 2,
        out=sys.stdout) -> dict[tuple[str, str], PairResult]:
    seeds_per_pair = max(1, games // 2)
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:]]
    chunks = max(1, jobs) * 2
    tasks = []
    for a, b in pairs:
        step = math.ceil(seeds_per_pair / chunks)
        for start in range(0, seeds_per_pair, step):
            tasks.append((a, b, range(seed + start, seed + min(seeds_per_pair, start + step))))
    started = time.perf_counter()
    if jobs > 1:
        with worker_pool(jobs) as pool:
            parts = list(pool.map(play_pair, *zip(*tasks, strict=True)))
    else:
        parts = [play_pair(*t) for t in tasks]
    results: dict[tuple[str, str], PairResult] = {}
    for a, b in pairs:
        results[(a, b)] = _merge([p for p in parts if (p.a, p.b) == (a, b)])
    print_matrix(results, levels, out)
    for level in PLANNERS:
        times = sorted(t for r in results.values() for t in r.decision_ms.get(level, []))
        if times:
            print(f"{level} decisions: {len(times)}, mean {sum(times) / len(times):.1f} ms, "
                  f"95th percentile {times[int(len(times) * 0.95)]:.1f} ms, 99th percentile "
                  f"{times[int(len(times) * 0.99)]:.1f} ms, max {times[-1]:.1f} ms", file=out)
    print(f"({2 * seeds_per_pair} games per pair, seeds {seed}..{seed + seeds_per_pair - 1} "
          f"each from both seats, {time.perf_counter() - started:.0f} s)", file=out)
    return results


def print_matrix(results: dict[tuple[str, str], PairResult], levels: tuple[str, ...],
                 out=sys.stdout) -> None:
    width = 22
    print("row's score against column (wins + draws/2), 95% Wilson interval", file=out)
    print(" " * 10 + "".join(f"{b:>{width}}" for b in levels), file=out)
    for a in levels:
        cells = []
        for b in levels:
            if a == b:
                cells.append(f"{'-':>{width}}")
                continue
            r = results.get((a, b))
            if r is not None:
                score, n = r.score, r.games
            else:
                r = results[(b, a)]
                score, n = 1 - r.score, r.games
            lo, hi = wilson(score, n)
            cells.append(f"{f'{score:.3f} [{lo:.3f}, {hi:.3f}]':>{width}}")
        print(f"{a:<10}" + "".join(cells), file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per pair (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    levels = tuple(level.strip() for level in args.levels.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}: known are {', '.join(LEVELS)}")
    if args.games < 2 or first_seed_problem(args.seed) is not None or args.jobs < 1:
        parser.error(first_seed_problem(args.seed) or "--games must be at least 2, --jobs >= 1")
    run(args.games, args.seed, levels, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
