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
from dataclasses import dataclass, field

from engine.clash.ai.expert import ExpertAgent, Leaf
from engine.clash.ai.search import SearchAgent
from engine.clash.cards import load_catalogue
from engine.clash.game import new_game, play_game, run_to_end
from engine.cli import first_seed_problem
from engine.seats import BOTH_SEATS, DRAW, other
from engine.tools.ladder import wilson
from engine.tools.pool import worker_pool

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


# ------------------------------------------------------------------ fitting the leaf

_FIT_PLAYOUTS = 16  # the search players whose games the leaf is fitted to


def _differences(game, seat: int) -> list[float]:  # noqa: ANN001
    """`Leaf`'s five terms for `seat` minus the opponent's (see `expert._side`)."""
    sides = []
    for s in (seat, seat ^ 1):
        p = game.players[s]
        foe = game.players[s ^ 1].lanes
        cards = len(p.cards)
        attack = health = pressure = 0
        for li, lane in enumerate(p.lanes):
            lane_attack = sum(c.attack for c in lane)
            attack += lane_attack
            health += sum(c.health - c.damage for c in lane)
            if not foe[li]:
                pressure += lane_attack
        sides.append((cards - p.bpos, 0 if p.fort else cards, attack, health, pressure))
    return [float(a - b) for a, b in zip(*sides, strict=True)]


def fit_rows(seeds: range) -> list[tuple[list[float], int]]:
    """(differences for the seat to move at the start of each turn, 1 if it won) over
    search-against-search games, drawn games left out."""
    catalogue = load_catalogue()
    decks = [catalogue.deck(n) for n in catalogue.deck_numbers]
    rows: list[tuple[list[float], int]] = []
    for seed in seeds:
        game = new_game((decks[seed % len(decks)], decks[seed // len(decks) % len(decks)]),
                        seed, catalogue=catalogue)
        agents = tuple(SearchAgent(seed * 2 + i, playouts=_FIT_PLAYOUTS, max_ms=None)
                       for i in (0, 1))
        starts = [(_differences(game, game.active), game.active)]

        def at_turn_start(g, starts=starts, turn=[game.turn]) -> None:  # noqa: ANN001, B006
            if g.winner is None and g.turn != turn[0]:
                turn[0] = g.turn
                starts.append((_differences(g, g.active), g.active))

        run_to_end(game, agents, after_action=at_turn_start, recorded=False)
        if game.winner in BOTH_SEATS:
            rows += [(x, int(game.winner == seat)) for x, seat in starts]
    return rows


def fit_leaf(rows: list[tuple[list[float], int]], iterations: int = 25) -> Leaf:
    """Logistic regression of the outcome on the differences plus a constant (the seat to
    move), by Newton's method; the weights scaled into `Leaf`'s units (the squash's 3)."""
    xs = [x + [1.0] for x, _ in rows]
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, (_, won) in zip(xs, rows, strict=True):
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
            p = 1.0 / (1.0 + math.exp(-z))
            for i in range(k):
                grad[i] += (won - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            hess[i][i] += 1e-3
        w = [a + b for a, b in zip(w, _solve(hess, grad), strict=True)]
    return Leaf(*(round(3 * v, 2) for v in w[:5]))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gauss-Jordan elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(games: int, seed: int, jobs: int = 2, out=sys.stdout) -> Leaf:
    step = math.ceil(games / max(1, jobs * 4))
    tasks = [range(seed + start, seed + min(games, start + step))
             for start in range(0, games, step)]
    rows: list[tuple[list[float], int]] = []
    if jobs > 1:
        with worker_pool(jobs) as pool:
            for part in pool.map(fit_rows, tasks):
                rows += part
    else:
        for task in tasks:
            rows += fit_rows(task)
    leaf = fit_leaf(rows)
    print(f"{len(rows)} turn starts of {games} search-against-search games ("
          f"{_FIT_PLAYOUTS} playouts, seeds {seed}..{seed + games - 1}, draws left out)",
          file=out)
    print(f"leaf: {leaf}", file=out)
    print(f"--leaf {leaf.life},{leaf.reserve},{leaf.attack},{leaf.health},{leaf.pressure}",
          file=out)
    return leaf


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
        with worker_pool(jobs) as pool:
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
    parser.add_argument("--fit", type=int, metavar="GAMES",
                        help="instead of the bench: fit the expert's leaf weights to GAMES "
                        "search-against-search games from --seed (docs/ai.md: 250 from 100000)")
    args = parser.parse_args(argv)
    if args.games < 2 or first_seed_problem(args.seed) is not None or args.jobs < 1:
        parser.error(first_seed_problem(args.seed) or "--games must be at least 2, --jobs >= 1")
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
    if args.fit is not None:
        if args.fit < 1:
            parser.error("--fit needs at least one game")
        fit(args.fit, args.seed, args.jobs)
        return 0
    run(args.games, args.seed, args.jobs, options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
