"""Pairing the next Swiss round.

Rules (issue: Swiss pairing): round 1 is drawn at random from the event's seed. Later rounds
pair players with equal match points where possible, never pair two players a second time when
that can be avoided, give the bye (a 2-0 win) to the lowest-ranked player who has not had one,
and among valid pairings minimise the total difference in match points. Dropped players are
never paired. The same input and seed always give the same pairings.

How, and why it is fast: a general minimum-cost matching over all players is cubic (networkx
needs about a minute at 512 players). Swiss structure makes it unnecessary: players are paired
score group by score group from the top. Each group (with the players floated down into it, who
are paired first) is matched without rematches by a depth-first search that almost always
succeeds on its first path; a group with an odd count floats its lowest-ranked player who can
be left out; a player with no possible opponent left in the group floats too. Only when the
search exceeds its step budget does an exact maximum matching (networkx) take over for that one
group. In the last group, players who cannot avoid a rematch meet again, and the explanation
says so. Small events (up to `EXACT_UP_TO` active players) are solved exactly as a whole by a
minimum-cost perfect matching, which is also how the tests check the group method.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.clash.rng import Rng

from .model import SwissError, Tournament
from .standings import DEFAULT_ORDER, compute_standings, records

EXACT_UP_TO = 32
EXACT_WINDOW = 300  # the most players the fallback solves exactly at once
SEARCH_BUDGET = 20_000
REMATCH_COST = 10_000  # worse than any difference in match points


@dataclass
class Pairing:
    round: int
    pairings: list[tuple[str, str]]
    bye: str | None
    explanation: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"round": self.round, "pairings": [list(p) for p in self.pairings],
                "bye": self.bye, "explanation": self.explanation}


# Magic Tournament Rules: the number of Swiss rounds by the number of players.
_ROUNDS = ((2, 1), (4, 2), (8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


def rounds_for(players: int) -> int:
    """The default number of Swiss rounds: 9-16 players 4, 17-32 5, 33-64 6, 65-128 7,
    129-226 8, 227-409 9, 410 and more 10 (fewer players: 3, 2 or 1)."""
    if players < 2:
        raise SwissError(f"a Swiss event needs at least 2 players, not {players}")
    for most, rounds in _ROUNDS:
        if players <= most:
            return rounds
    return 10


def pair_round(t: Tournament, order: Sequence[str] = DEFAULT_ORDER, *,
               exact_up_to: int = EXACT_UP_TO) -> Pairing:
    rnd = t.last_round + 1
    standings = compute_standings(t, order)
    recs = records(t)
    ranked = [s.id for s in standings if not s.dropped]
    if len(ranked) < 2:
        raise SwissError("fewer than two players still in the event: there is nothing to pair")
    explanation = [f"round {rnd}: {len(ranked)} players to pair"
                   + (f" ({len(t.dropped)} dropped, never paired again)" if t.dropped else "")]
    points = {pid: recs[pid].match_points for pid in ranked}
    played = {pid: set(recs[pid].opponents) for pid in ranked}

    bye = None
    if len(ranked) % 2:
        bye = next((pid for pid in reversed(ranked) if not recs[pid].byes), None)
        if bye is None:
            bye = ranked[-1]
            explanation.append(f"bye: {bye}, the lowest-ranked player (everyone has had a bye)")
        else:
            explanation.append(f"bye: {bye} ({points[bye]} points), the lowest-ranked player "
                               f"who has not had a bye; it counts as a 2-0 win")
        ranked.remove(bye)

    rng = Rng.stream(t.seed, f"swiss-round-{rnd}")
    if not t.matches:
        draw = sorted(ranked)
        rng.shuffle(draw)
        pairs = [(draw[i], draw[i + 1]) for i in range(0, len(draw), 2)]
        explanation.append("round 1: the pairings are drawn at random from the event's seed")
        return Pairing(rnd, pairs, bye, explanation)

    if len(ranked) <= exact_up_to:
        pairs = _exact(ranked, points, played)
        explanation.append("the pairing with the fewest rematches and the smallest total "
                           "difference in match points, found exactly")
        _explain_pairs(pairs, points, played, explanation)
        return Pairing(rnd, pairs, bye, explanation)

    pairs = _by_groups(ranked, points, played, rng, explanation)
    return Pairing(rnd, pairs, bye, explanation)


def _explain_pairs(pairs: list[tuple[str, str]], points: dict[str, int],
                   played: dict[str, set[str]], explanation: list[str]) -> None:
    groups: dict[int, int] = {}
    for a, b in pairs:
        if points[a] == points[b]:
            groups[points[a]] = groups.get(points[a], 0) + 1
    for p in sorted(groups, reverse=True):
        explanation.append(f"{p} points: {groups[p]} pairing(s) within the score group")
    for a, b in pairs:
        if points[a] != points[b]:
            hi, lo = (a, b) if points[a] > points[b] else (b, a)
            explanation.append(f"{hi} ({points[hi]} points) is paired down against {lo} "
                               f"({points[lo]} points): no opponent with equal points was left")
        if b in played[a]:
            explanation.append(f"{a} and {b} meet again: no pairing without a rematch exists")


def _exact(ranked: list[str], points: dict[str, int],
           played: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Minimum-cost perfect matching: cost = difference in points, plus REMATCH_COST for a
    rematch; ties broken towards pairing players close in the ranking."""
    import networkx as nx

    graph = nx.Graph()
    n = len(ranked)
    top = REMATCH_COST * 4 + max(points.values()) * 4 + n * 2
    for i in range(n):
        for j in range(i + 1, n):
            a, b = ranked[i], ranked[j]
            cost = abs(points[a] - points[b]) * 2 * n + (j - i)
            if b in played[a]:
                cost += REMATCH_COST * 2 * n
            graph.add_edge(i, j, weight=top * n - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(i, j), max(i, j)) for i, j in matching)
    return [(ranked[i], ranked[j]) for i, j in pairs]


def _by_groups(ranked: list[str], points: dict[str, int], played: dict[str, set[str]],
               rng: Rng, explanation: list[str]) -> list[tuple[str, str]]:
    """Score group by score group from the top. The result is optimal when every group
    floats only what its parity forces and no rematch is needed: each boundary between two
    scores is then crossed by the fewest pairs possible. When a group does worse, the groups
    from the one above it down are solved again exactly (widening upwards while a rematch
    remains and the window is small enough)."""
    rank = {pid: i for i, pid in enumerate(ranked)}
    groups: dict[int, list[str]] = {}
    for pid in ranked:
        groups.setdefault(points[pid], []).append(pid)
    scores = sorted(groups, reverse=True)
    pairs_by_group: list[list[tuple[str, str]]] = []
    notes_by_group: list[list[str]] = []
    floaters: list[str] = []
    trouble: int | None = None
    for gi, score in enumerate(scores):
        members = groups[score][:]
        rng.shuffle(members)  # random within the score group, from the seed
        pool = floaters + members
        matched, unmatched = _match_pool(pool, played, rank, len(floaters))
        notes = [f"{score} points: {len(members)} player(s)" + (
            f" and {len(floaters)} paired down into the group ({', '.join(floaters)})"
            if floaters else "")]
        if len(unmatched) > len(pool) % 2 and trouble is None:
            trouble = gi
        if gi == len(scores) - 1 and unmatched:
            forced = _pair_anyway(unmatched, played, rank)
            if trouble is None:
                trouble = gi
            for a, b in forced:
                notes.append(f"{a} and {b} meet again: no pairing without a rematch was left")
            matched = matched + forced
            unmatched = []
        for pid in unmatched:
            why = ("the group had an odd count" if len(unmatched) == 1 and len(pool) % 2
                   else "no opponent it has not played was left in the group")
            notes.append(f"{pid} ({points[pid]} points) floats down: {why}")
        pairs_by_group.append(matched)
        notes_by_group.append(notes)
        floaters = sorted(unmatched, key=rank.__getitem__)
    if trouble is not None:
        bound = _lower_bound(ranked, points, scores)
        first = max(0, trouble - 1)
        while True:
            window = [p for pairs in pairs_by_group[first:] for pair in pairs for p in pair]
            exact = _exact(sorted(window, key=rank.__getitem__), points, played)
            above = [pair for pairs in pairs_by_group[:first] for pair in pairs]
            optimal = (not any(b in played[a] for a, b in exact)
                       and _difference(above + exact, points) == bound)
            if optimal or first == 0 or len(window) > EXACT_WINDOW:
                break
            first -= 1
        pairs_by_group[first:] = [exact]
        notes_by_group[first:] = [[f"{len(window)} players from {scores[first]} points down "
                                   f"solved exactly, since pairing group by group left "
                                   f"rematches or extra players paired down"]]
        _explain_pairs(exact, points, played, notes_by_group[first])
    for notes in notes_by_group:
        explanation += notes
    return [pair for pairs in pairs_by_group for pair in pairs]


def _difference(pairs: list[tuple[str, str]], points: dict[str, int]) -> int:
    return sum(abs(points[a] - points[b]) for a, b in pairs)


def _lower_bound(ranked: list[str], points: dict[str, int], scores: list[int]) -> int:
    """The least total difference any pairing can have: each boundary between two scores is
    crossed by at least one pair when an odd number of players stand above it."""
    counts: dict[int, int] = {}
    for pid in ranked:
        counts[points[pid]] = counts.get(points[pid], 0) + 1
    bound = 0
    above = 0
    for upper, lower in zip(scores, scores[1:], strict=False):
        above += counts[upper]
        bound += (upper - lower) * (above % 2)
    return bound


def _match_pool(pool: list[str], played: dict[str, set[str]], rank: dict[str, int],
                n_floaters: int) -> tuple[list[tuple[str, str]], list[str]]:
    """Pair as many of `pool` as possible without rematches: floaters first; when someone
    must be left out, the lowest-ranked who can be."""
    members = set(pool)
    # Players with no possible opponent here float whatever happens.
    stuck = [p for p in pool if not (members - played[p] - {p})]
    rest = [p for p in pool if p not in stuck]
    if len(rest) % 2 == 0:
        found = _perfect(rest, played)
        if found is not None:
            return found, stuck
    else:
        # Leave out one: the lowest-ranked group member first, floaters last.
        order = sorted(rest[n_floaters:], key=rank.__getitem__, reverse=True)
        order += sorted(rest[:n_floaters], key=rank.__getitem__, reverse=True)
        for out in order[:8]:
            found = _perfect([p for p in rest if p != out], played)
            if found is not None:
                return found, stuck + [out]
    matched = _maximum(rest, played)
    paired = {p for pair in matched for p in pair}
    return matched, stuck + sorted((p for p in rest if p not in paired), key=rank.__getitem__)


def _perfect(players: list[str], played: dict[str, set[str]],
             budget: int = SEARCH_BUDGET) -> list[tuple[str, str]] | None:
    """A rematch-free perfect matching by depth-first search: the first unpaired player takes
    the first unpaired player after it that it has not played. None if none was found within
    `budget` steps."""
    n = len(players)
    taken = [False] * n
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []  # for each pairing made, the next candidate index to try
    steps = 0
    i = 0
    start = 1
    while True:
        while i < n and taken[i]:
            i += 1
        if i >= n:
            return [(players[a], players[b]) for a, b in pairs]
        mine = played[players[i]]
        j = max(start, i + 1)
        while j < n and (taken[j] or players[j] in mine):
            j += 1
            steps += 1
        if j < n:
            taken[i] = taken[j] = True
            pairs.append((i, j))
            stack.append(j + 1)
            i, start = 0, 0
            continue
        # Backtrack: undo the last pairing and try its next candidate.
        steps += 1
        if not pairs or steps > budget:
            return None
        a, b = pairs.pop()
        taken[a] = taken[b] = False
        i, start = a, stack.pop()


def _maximum(players: list[str], played: dict[str, set[str]]) -> list[tuple[str, str]]:
    """A maximum rematch-free matching (exact; used only when the search gives up)."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    index = {p: i for i, p in enumerate(players)}
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if b not in played[a]:
                graph.add_edge(i, index[b], weight=1)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(players[min(i, j)], players[max(i, j)]) for i, j in sorted(
        (min(i, j), max(i, j)) for i, j in matching)]


def _pair_anyway(players: list[str], played: dict[str, set[str]],
                 rank: dict[str, int]) -> list[tuple[str, str]]:
    """The last players, in ranking order, paired with as few rematches as the search finds."""
    ordered = sorted(players, key=rank.__getitem__)
    return [(ordered[i], ordered[i + 1]) for i in range(0, len(ordered) - 1, 2)]
