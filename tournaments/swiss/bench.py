"""Swiss speed: `python -m tournaments.swiss.bench --players 4096 --rounds 10 --seed 1`.

Simulates rounds 1 to N-1 of an event (results drawn from the seed: match wins 2-0 or 2-1,
some draws, a few drops), then times pairing round N and computing the standings after it.
Targets: round 10 of 4,096 players paired in under 1 s, standings in under 0.3 s.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.clash.rng import Rng

from .model import Match, Tournament
from .pairing import pair_round
from .standings import compute_standings


def simulate(players: int, rounds: int, seed: int) -> tuple[Tournament, list[float]]:
    """Play `rounds` rounds with random results; returns the event and each round's pairing
    time in seconds."""
    t = Tournament(seed=seed, players=[f"p{i}" for i in range(1, players + 1)])
    rng = Rng.stream(seed, "swiss-bench")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        pairing = pair_round(t)
        times.append(time.perf_counter() - start)
        rnd = pairing.round
        for a, b in pairing.pairings:
            roll = rng.below(20)
            if roll == 0:
                t.matches.append(Match(rnd, a, b, 1, 1, 1))
            else:
                wins = (2, rng.below(2)) if roll % 2 else (rng.below(2), 2)
                t.matches.append(Match(rnd, a, b, wins[0], wins[1], 0))
        if pairing.bye:
            t.matches.append(Match(rnd, pairing.bye, None, 2, 0, 0))
        for pid in t.active:
            if rng.below(200) == 0:
                t.dropped.add(pid)
    return t, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.swiss.bench",
                                     description=__doc__)
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.players < 2 or args.rounds < 1:
        parser.error("--players must be at least 2 and --rounds at least 1")
    t, times = simulate(args.players, args.rounds - 1, args.seed)
    start = time.perf_counter()
    pairing = pair_round(t)
    pair_seconds = time.perf_counter() - start
    for a, b in pairing.pairings:
        t.matches.append(Match(pairing.round, a, b, 2, 0, 0))
    start = time.perf_counter()
    standings = compute_standings(t)
    standings_seconds = time.perf_counter() - start
    earlier = {frozenset((m.a, m.b)) for m in t.matches
               if m.b is not None and m.round < pairing.round}
    rematches = sum(1 for a, b in pairing.pairings if frozenset((a, b)) in earlier)
    print(f"swiss bench: {args.players} players, seed {args.seed}")
    print(f"round {pairing.round} paired in {pair_seconds:.3f} s "
          f"({len(pairing.pairings)} pairings, bye {pairing.bye or 'none'}; "
          f"rounds 1-{args.rounds - 1} took {max(times):.3f} s at most)")
    print(f"standings after round {pairing.round} in {standings_seconds:.3f} s "
          f"({len(standings)} players, {len(t.dropped)} dropped)")
    down = sum(1 for line in pairing.explanation if "floats down" in line)
    print(f"players paired down in round {pairing.round}: {down}; rematches: {rematches}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
