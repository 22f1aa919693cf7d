"""The structures' speed: `python -m tournaments.structures.bench`.

Each structure has one function here that times building its phase for a large field and
returns the lines to print; `main` prints them all. Target: under 1 s for 4,096 players
(or teams).
"""

from __future__ import annotations

import sys
import time

from tournaments.swiss.bench import simulate
from tournaments.swiss.pairing import pair_round

from .double_elimination import bench_double_elimination
from .round_robin import schedule, snake_groups
from .single_elimination import bench_single_elimination
from .teams import seat_pairings, seats_of


def round_robin(players: int = 4096, groups: int = 256) -> list[str]:
    """One group of 16 scheduled; then `players` in `groups` groups by snake order, every
    group scheduled as a double round robin."""
    start = time.perf_counter()
    schedule([f"p{i}" for i in range(1, 17)], cycles=2)
    one = time.perf_counter() - start
    field = [f"p{i}" for i in range(1, players + 1)]
    start = time.perf_counter()
    rounds = [schedule(group, cycles=2) for group in snake_groups(field, groups)]
    everyone = time.perf_counter() - start
    matches = sum(len(rnd) for group in rounds for rnd in group)
    return [f"round robin: one group of 16 scheduled (2 cycles) in {one * 1000:.3f} ms",
            f"round robin: {players} players in {groups} groups by snake order, every group "
            f"scheduled (2 cycles, {matches} matches and byes) in {everyone:.3f} s"]


def single_elimination(players: int = 4096) -> list[str]:
    """A bracket of `players` with a third place match built and played through: the sides
    round by round, a result for each match, then every side and the final places."""
    seconds = bench_single_elimination(players)
    return [f"single elimination: {players} players, built and played through with a third "
            f"place match, in {seconds:.3f} s"]


def double_elimination(players: int = 4096) -> list[str]:
    """A double elimination of `players` (the event's limit is 64; the bench builds a larger
    one) built and played through, the grand final's reset included, then its final places."""
    seconds = bench_double_elimination(players)
    return [f"double elimination: {players} players, built and played through (a grand final "
            f"with its reset), in {seconds:.3f} s"]


def teams(count: int = 4096, size: int = 3, rounds: int = 10) -> list[str]:
    """A team Swiss of `count` teams of `size`: rounds 1 to `rounds`-1 played (each team a
    Swiss player of the pairer, as services.team_rounds pairs them), then round `rounds`
    paired and each team match laid out seat by seat (seat A against seat A)."""
    event, _ = simulate(count, rounds - 1, seed=1)
    members = {team: [f"{team}{seat}" for seat in seats_of(size)] for team in event.players}
    start = time.perf_counter()
    pairing = pair_round(event)
    seat_matches = [seat for a, b in pairing.pairings
                    for seat in seat_pairings(members[a], members[b])]
    seconds = time.perf_counter() - start
    return [f"team Swiss: {count} teams of {size} ({count * size} players), round {rounds} "
            f"paired and laid out in {len(seat_matches)} seat matches in {seconds:.3f} s"]


BENCHES = (round_robin, single_elimination, double_elimination, teams)


def main(argv: list[str] | None = None) -> int:
    for bench in BENCHES:
        for line in bench():
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
