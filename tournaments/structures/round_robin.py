"""Round robin in groups: players seeded into groups by snake order, each group's rounds by the
circle method (Berger tables), and each group's standings.

- `snake_groups`: seeds 1..k go to groups 1..k, seeds k+1..2k back from group k to group 1,
  and so on, so every group gets one of the strongest players and the group sizes differ by at
  most one. A group has 3 to 16 players.
- `schedule`: the Berger tables. Players are numbered by their place in the group (its seed
  order), n players in all (a group of odd size gets a dummy n-th player, whose opponent has
  the bye). Round r (from 1) has n/2 boards; board k (from 0) seats first the player
  x = ((r-1)(n/2) + k) mod (n-1) + 1. Board 0 pairs x with player n, x going first in odd
  rounds and n in even rounds; every other board pairs x with the j for which x + j = r + 1
  (mod n-1). So each pair meets exactly once per cycle, in an odd group each player has
  exactly one bye per cycle, and the rounds are those of the published (FIDE) tables. A double
  round robin plays the tables twice, the second time with every pair's first player swapped.
- `group_standings`: the Swiss standings' match points (a win 3, a draw 1, a loss 0; a bye a
  win) and tiebreakers (OMW%, GW%, OGW%, in the configured order, tournaments.swiss.standings),
  with, when the organizer asks, head-to-head right after match points.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.swiss.model import Match, Tournament
from tournaments.swiss.standings import (
    DEFAULT_ORDER,
    METRICS,
    PRECISION,
    Field,
    Standing,
    metrics_in,
    records,
    sort_key,
    standing_rows,
)

from .model import StructureError

SMALLEST_GROUP = 3
LARGEST_GROUP = 16
CYCLES = (1, 2)  # a single or a double round robin

Pairing = tuple[str, str | None]  # (who goes first, the opponent or None for a bye)


def _distinct(players: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for player in players:
        if not isinstance(player, str) or not player:
            raise StructureError(f"{what}: a player is a non-empty name, not {player!r}")
        if player in seen:
            raise StructureError(f"{what}: {player!r} is listed twice")
        seen.add(player)


def snake_groups(players: Sequence[str], group_count: int) -> list[list[str]]:
    """`players` (best seed first) in `group_count` groups by snake order; each group lists its
    players in seed order. StructureError when a group would have fewer than 3 or more than 16
    players."""
    if isinstance(group_count, bool) or not isinstance(group_count, int) or group_count < 1:
        raise StructureError(f"the number of groups must be a whole number of at least 1, "
                             f"not {group_count!r}")
    _distinct(players, "the players")
    count = len(players)
    smallest, largest = count // group_count, -(-count // group_count)
    if smallest < SMALLEST_GROUP or largest > LARGEST_GROUP:
        size = smallest if smallest < SMALLEST_GROUP else largest
        raise StructureError(
            f"{count} players in {group_count} groups make a group of {size}: a group has "
            f"{SMALLEST_GROUP} to {LARGEST_GROUP} players")
    groups: list[list[str]] = [[] for _ in range(group_count)]
    for index, player in enumerate(players):
        lap, place = divmod(index, group_count)
        groups[place if lap % 2 == 0 else group_count - 1 - place].append(player)
    return groups


def _check_group(group: Sequence[str]) -> None:
    _distinct(group, "the group")
    if not SMALLEST_GROUP <= len(group) <= LARGEST_GROUP:
        raise StructureError(f"a group has {SMALLEST_GROUP} to {LARGEST_GROUP} players, "
                             f"not {len(group)}")


def _berger_round(numbers: int, rnd: int) -> list[tuple[int, int]]:
    """Round `rnd` (from 1) of the Berger table of an even number of players, as pairs of
    player numbers (from 1), the first going first, the match of player `numbers` first."""
    half, rest = numbers // 2, numbers - 1
    pairs = []
    for board in range(half):
        x = ((rnd - 1) * half + board) % rest + 1
        if board == 0:
            pairs.append((x, numbers) if rnd % 2 else (numbers, x))
        else:
            pairs.append((x, (rnd - x) % rest + 1))
    return pairs


def schedule(group: Sequence[str], cycles: int = 1) -> list[list[Pairing]]:
    """The rounds of `group` (players in seed order): each round a list of (a, b), `a` going
    first, `b` None for a bye (listed last). `cycles` 2 is a double round robin."""
    _check_group(group)
    if cycles not in CYCLES:
        raise StructureError(f"a round robin is played once or twice (cycles 1 or 2), "
                             f"not {cycles!r}")
    numbers = len(group) + len(group) % 2
    first: list[list[Pairing]] = []
    for rnd in range(1, numbers):
        played: list[Pairing] = []
        bye: list[Pairing] = []
        for x, y in _berger_round(numbers, rnd):
            if max(x, y) > len(group):  # the dummy player of an odd group
                bye.append((group[min(x, y) - 1], None))
            else:
                played.append((group[x - 1], group[y - 1]))
        first.append(played + bye)
    if cycles == 1:
        return first
    second = [[(a, None) if b is None else (b, a) for a, b in rnd] for rnd in first]
    return first + second


def _head_to_head(tied: Sequence[str], matches: Sequence[Match]) -> dict[str, int]:
    """Each of `tied` players' match points in their matches against one another."""
    among = set(tied)
    points = dict.fromkeys(tied, 0)
    for m in matches:
        if m.b is None or m.a not in among or m.b not in among:
            continue
        if m.a_wins > m.b_wins:
            points[m.a] += 3
        elif m.b_wins > m.a_wins:
            points[m.b] += 3
        else:
            points[m.a] += 1
            points[m.b] += 1
    return points


def _check_results(group: Sequence[str], results: Sequence[Match]) -> None:
    members = set(group)
    taken: set[tuple[int, str]] = set()
    for i, m in enumerate(results):
        for player in (m.a, m.b):
            if player is None:
                continue
            if player not in members:
                raise StructureError(f"results[{i}]: {player!r} is not in the group")
            if (m.round, player) in taken:
                raise StructureError(f"results[{i}]: {player!r} plays twice in round "
                                     f"{m.round}")
            taken.add((m.round, player))
        if m.a == m.b:
            raise StructureError(f"results[{i}]: a player cannot play themselves")


def group_standings(group: Sequence[str], results: Sequence[Match],
                    head_to_head_first: bool = False,
                    order: Sequence[str] = DEFAULT_ORDER) -> list[Standing]:
    """The group's standings from its `results` (Swiss `Match`es; `b` None for a bye, which
    counts as the Swiss count it, a 2-0 win: in an odd group every player has one per cycle).

    Ranked by the tiebreakers of `order` (the event's, tournaments.swiss.standings.METRICS).
    With `head_to_head_first`, head-to-head comes right after match points: among the players
    equal on every metric up to match points, the match points each took in the matches
    between them. Players equal on everything share a rank and are listed in seed order."""
    _check_group(group)
    _check_results(group, results)
    metrics = metrics_in(order)
    keys_before = [metric.key for metric in metrics]
    if head_to_head_first and "match_points" not in keys_before:
        raise StructureError("head-to-head breaks ties on match points, but the tiebreakers "
                             f"({', '.join(keys_before)}) do not count match points")
    recs = records(Tournament(seed=0, players=list(group), matches=list(results)))
    fld = Field.of(recs)
    columns = {key: metric.values(fld) for key, metric in METRICS.items()}
    keys = {pid: sort_key(pid, columns, metrics) for pid in group}
    if head_to_head_first:
        cut = keys_before.index("match_points") + 1
        tied: dict[tuple[float, ...], list[str]] = {}
        for pid in group:
            tied.setdefault(keys[pid][:cut], []).append(pid)
        h2h: dict[str, int] = {}
        for players in tied.values():
            h2h.update(_head_to_head(players, results))
        keys = {pid: key[:cut] + (round(h2h[pid], PRECISION),) + key[cut:]
                for pid, key in keys.items()}
    seed = {pid: i for i, pid in enumerate(group)}
    ordered = sorted(group, key=lambda pid: (tuple(-k for k in keys[pid]), seed[pid]))
    return standing_rows(ordered, keys, recs, columns)
