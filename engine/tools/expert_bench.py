"""The expert level against the search level: `python -m engine.tools.expert_bench --games
1000 --seed 1`.

Plays the expert player against the search player at the search player's default budget
(48 playouts, 4 turns deep), both without their wall-clock cap, so the games are the same on
every machine. Seeds seed, seed + 1, ... each give a deck pairing (cycling over the
preconstructed decks as in the ladder) and are played twice, the expert in seat A and then in
seat B, so both seats and both decks of a pairing are played by each player. Prints the games,
the expert's wins, draws and losses, its score (wins + half the draws) with the 95% Wilson
interval, and each player's time per decision (mean, 95th percentile, max). `--jobs` splits
the seeds over processes; the results do not depend on it, the times do (on a shared machine).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.clash.ai.expert import ExpertAgent, Leaf
from engine.clash.ai.search import SearchAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import play_game
from engine.seats import BOTH_SEATS, DRAW, other
from engine.tools.ladder import wilson

# The search player as every game of the ladder and the AI seats meet it, without the cap.
SEARCH_BUDGET = {"playouts": 48, "depth": 4}


@dataclass
class BenchResult:
    games: int = 0
    wins: int = 0  # of the expert
    draws: int = 0
    losses: int = 0
    expert_ms: list[float] = field(default_factory=list)  # wall clock
    expert_cpu_ms: list[float] = field(default_factory=list)  # this process's CPU time
    search_ms: list[float] = field(default_factory=list)
    playouts: int = 0  # the expert's, in all
    # Seeds by the expert's score over their two games (one from each seat): 0, 0.5, ..., 2.
    by_seed: dict[float, int] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def merge(self, other: BenchResult) -> None:
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.expert_ms += other.expert_ms
        self.expert_cpu_ms += other.expert_cpu_ms
        self.search_ms += other.search_ms
        self.playouts += other.playouts
        for score, count in other.by_seed.items():
            self.by_seed[score] = self.by_seed.get(score, 0) + count


class _Timed:
    """An agent whose decisions are timed: wall clock, and CPU time when `cpu` is given (on a
    shared machine the wall clock includes the time other programs had the core)."""

    def __init__(self, agent, times: list[float], cpu: list[float] | None = None) -> None:  # noqa: ANN001
        self.agent = agent
        self.times = times
        self.cpu = cpu
        self.name = agent.name

    def act(self, obs):  # noqa: ANN001, ANN201
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.agent.act(obs)
        self.times.append((time.perf_counter() - start) * 1000.0)
        if self.cpu is not None:
            self.cpu.append((time.process_time() - start_cpu) * 1000.0)
        return action


def play_seeds(seeds: range, options: dict[str, object]) -> BenchResult:
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    result = BenchResult()
    for seed in seeds:
        deck_a, deck_b = decks[seed % len(decks)], decks[seed // len(decks) % len(decks)]
        points = 0.0
        for expert_seat in BOTH_SEATS:
            expert = ExpertAgent(seed * 2, **options)  # type: ignore[arg-type]
            agents = [None, None]
            agents[expert_seat] = _Timed(expert, result.expert_ms, result.expert_cpu_ms)
            agents[other(expert_seat)] = _Timed(
                SearchAgent(seed * 2 + 1, max_ms=None, **SEARCH_BUDGET), result.search_ms)
            game, _ = play_game((deck_a, deck_b), seed, agents, catalogue=catalogue)
            result.games += 1
            result.playouts += expert.playouts_run
            if game.winner == expert_seat:
                result.wins += 1
                points += 1
            elif game.winner == DRAW:
                result.draws += 1
                points += 0.5
            else:
                result.losses += 1
        result.by_seed[points] = result.by_seed.get(points, 0) + 1
    return result


def _times(name: str, ms: list[float]) -> str:
    if not ms:
        return f"{name}: no decisions"
    ms = sorted(ms)
    return (f"{name}: {len(ms)} decisions, mean {sum(ms) / len(ms):.1f} ms, 95th percentile "
            f"{ms[int(len(ms) * 0.95)]:.1f} ms, max {ms[-1]:.1f} ms")


def run(games: int, seed: int, jobs: int = 2, options: dict[str, object] | None = None,
        out=sys.stdout) -> BenchResult:
    options = options or {}
    seeds = max(1, games // 2)
    chunks = max(1, jobs) * 4
    step = math.ceil(seeds / chunks)
    tasks = [range(seed + start, seed + min(seeds, start + step))
             for start in range(0, seeds, step)]
    started = time.perf_counter()
    result = BenchResult()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(play_seeds, tasks, [options] * len(tasks)):
                result.merge(part)
    else:
        for task in tasks:
            result.merge(play_seeds(task, options))
    lo, hi = wilson(result.score, result.games)
    budget = ExpertAgent(0, **options)  # type: ignore[arg-type]
    print(f"expert ({budget.playouts} playouts per decision, {budget.width} candidates of "
          f"{budget.nodes} positions, "
          f"{budget.depth} turns deep) against search ({SEARCH_BUDGET['playouts']} playouts, "
          f"{SEARCH_BUDGET['depth']} turns deep), both uncapped", file=out)
    print(f"games {result.games} (seeds {seed}..{seed + seeds - 1}, each from both seats): "
          f"{result.wins} won, {result.draws} drawn, {result.losses} lost", file=out)
    print(f"expert's score {result.score:.3f}, 95% Wilson interval [{lo:.3f}, {hi:.3f}]",
          file=out)
    print("seeds by the expert's points over their two games: " + ", ".join(
        f"{points:g}: {result.by_seed[points]}" for points in sorted(result.by_seed)), file=out)
    print(_times("expert", result.expert_ms), file=out)
    print(_times("expert (CPU time)", result.expert_cpu_ms), file=out)
    print(_times("search", result.search_ms), file=out)
    print(f"({jobs} process{'es' if jobs > 1 else ''}, {time.perf_counter() - started:.0f} s)",
          file=out)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.expert_bench",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--playouts", type=int, help="the expert's playouts per decision")
    parser.add_argument("--depth", type=int, help="the expert's greedy turns per playout")
    parser.add_argument("--width", type=int, help="the expert's candidates in the race")
    parser.add_argument("--nodes", type=int, help="the positions of a turn the expert lists")
    parser.add_argument("--leaf", help="the expert's weights of the playouts' last positions: "
                        "life,reserve,attack,health,pressure[,fort,creatures]")
    args = parser.parse_args(argv)
    if args.games < 2 or args.seed < 0 or args.jobs < 1:
        parser.error("--games must be at least 2, --seed >= 0, --jobs >= 1")
    options = {k: v for k in ("playouts", "depth", "width", "nodes")
               if (v := getattr(args, k)) is not None}
    if any(v < (0 if k == "depth" else 1) for k, v in options.items()):
        parser.error("--playouts, --width and --nodes must be at least 1, --depth at least 0")
    if args.leaf:
        try:
            options["leaf"] = Leaf(*(float(x) for x in args.leaf.split(",")))
        except (TypeError, ValueError):
            parser.error("--leaf takes five to seven numbers: "
                         "life,reserve,attack,health,pressure[,fort,creatures]")
    run(args.games, args.seed, args.jobs, options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
