"""Swiss speed: `python -m tournaments.swiss.bench --players 4096 --rounds 10 --seed 1`.

Simulates rounds 1 to N-1 of an event (results drawn from the seed: match wins 2-0 or 2-1,
some draws, a few drops), then times pairing round N and computing the standings after it.
Targets: round 10 of 4,096 players paired in under 1 s, standings in under 0.3 s.

`--worst` builds the hardest case we know: results follow strength (the better-seeded player
wins nine times in ten), so the same players keep meeting in the same score groups (many rematch
constraints inside each group); a quarter of the matches are drawn, so there are many small and
odd score groups; and one player in twenty drops each round.

`--apart N` lists N pairs of players, drawn from the seed, who must never be paired (siblings,
teammates): every round, round 1's draw included, is paired around them.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.clash.rng import Rng

from .model import BYE_SCORE, Match, Tournament
from .pairing import pair_round
from .standings import compute_standings


def simulate(players: int, rounds: int, seed: int, worst: bool = False,
             apart: int = 0) -> tuple[Tournament, list[float]]:
    """Play `rounds` rounds with random results; returns the event and each round's pairing
    time in seconds."""
    t = Tournament(seed=seed, players=[f"p{i}" for i in range(1, players + 1)])
    rng = Rng.stream(seed, "swiss-bench")
    while len(t.apart) < min(apart, players * (players - 1) // 2):
        a, b = rng.below(players) + 1, rng.below(players) + 1
        if a != b:
            t.apart.add(frozenset((f"p{a}", f"p{b}")))
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        pairing = pair_round(t)
        times.append(time.perf_counter() - start)
        rnd = pairing.round
        for a, b in pairing.pairings:
            roll = rng.below(20)
            if roll < (5 if worst else 1):
                t.matches.append(Match(rnd, a, b, 1, 1, 1))
            else:
                first = (int(a[1:]) < int(b[1:])) == (rng.below(10) > 0) if worst else roll % 2
                wins = (2, rng.below(2)) if first else (rng.below(2), 2)
                t.matches.append(Match(rnd, a, b, wins[0], wins[1], 0))
        if pairing.bye:
            t.matches.append(Match(rnd, pairing.bye, None, *BYE_SCORE))
        for pid in t.active:
            if rng.below(20 if worst else 200) == 0:
                t.dropped.add(pid)
    return t, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.swiss.bench",
                                     description=__doc__)
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", action="store_true",
                        help="results by strength, many draws and drops (see above)")
    parser.add_argument("--apart", type=int, default=0,
                        help="pairs of players listed as never to be paired (see above)")
    args = parser.parse_args(argv)
    if args.players < 2 or args.rounds < 1:
        parser.error("--players must be at least 2 and --rounds at least 1")
    t, times = simulate(args.players, args.rounds - 1, args.seed, args.worst, args.apart)
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
    listed = sum(1 for a, b in pairing.pairings if frozenset((a, b)) in t.apart)
    print(f"swiss bench: {args.players} players, seed {args.seed}"
          + (", worst case" if args.worst else "")
          + (f", {len(t.apart)} pairs kept apart" if args.apart else ""))
    print(f"round {pairing.round} paired in {pair_seconds:.3f} s "
          f"({len(pairing.pairings)} pairings, bye {pairing.bye or 'none'}; "
          f"rounds 1-{args.rounds - 1} took {max(times):.3f} s at most)")
    print(f"standings after round {pairing.round} in {standings_seconds:.3f} s "
          f"({len(standings)} players, {len(t.dropped)} dropped)")
    codes = [line["code"] for line in pairing.explanation]
    down, groups = codes.count("paired_down"), codes.count("group")
    print(f"players paired down in round {pairing.round}: {down} (score groups: {groups}); "
          f"rematches: {rematches}; listed pairs paired: {listed}")
    print(f"proof: {pairing.proof['code']} {pairing.proof['params']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
