"""Pairing the next Swiss round.

Rules (issue: Swiss pairing, top-first): a player awarded byes for the first rounds
(`Tournament.awarded_byes`) has a bye in each of them and stays out of their pairing. Round 1
is drawn at random from the event's seed. In later rounds the bye (a 2-0 win) goes first to
the lowest-ranked player who has not had one. The rest are paired by a lexicographic order,
best first:
1. the fewest rematches;
2. the fewest pairs the organizer listed as never to be paired (`Tournament.apart`: siblings,
   teammates); round 1's random draw avoids them too;
3. as few pairs as possible across the boundary between the two highest score groups, then
   across the next boundary down, and so on (score groups from the top, as in the FIDE Dutch
   system): two undefeated players who have not met meet unless that forces a rematch;
4. the smallest sum of squared differences in match points;
5. among pairings equal on all of that, one drawn from the round's seed (the Magic Tournament
   Rules pair at random within a match-point group).
Dropped players are never paired. The same input and seed give the same pairing everywhere.

How, exactly and fast: up to `EXACT_UP_TO` players, a maximum-weight perfect matching whose
integer weights encode that order exactly (each level weighs more than everything below it can
add up to). Larger events go score group by score group from the top (each group shuffled from
the seed, the players paired down into it paired first, an odd group floating one player), and
the result is checked against lower bounds that every pairing without rematches or listed
pairs obeys (only a result with neither is checked: one with either is solved exactly whole,
or said not proven): a boundary is crossed by at least one pair when an odd number of players
stand above it, and by at least |T| - 2 x (the most pairs within T that are neither rematches
nor listed) when T stands above it; given the
crossings, the squared differences are at least the crossings times the squared gaps. When the
result meets every bound it is proven optimal. Otherwise the players below the lowest boundary
that is crossed by no pair, above the first one that fails, are solved again exactly (when they
are at most `EXACT_WINDOW`), which is again proven optimal; failing that, the result says it is
not proven. `Pairing.optimal` and `Pairing.proof` say which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.clash.rng import Rng

from .explain import NU_LIMIT, Statement, explain, statement
from .explain import nu as _nu
from .model import SwissError, Tournament
from .standings import DEFAULT_ORDER, compute_standings, records

EXACT_UP_TO = 32  # a whole-event exact matching takes 0.03 s at 32 players, 9 s at 256
EXACT_WINDOW = 96  # the most players the fallback solves exactly at once
SEARCH_BUDGET = 20_000
TIE_RANGE = 1 << 20  # the seeded tie-break drawn for each possible pair


@dataclass
class Pairing:
    round: int
    pairings: list[tuple[str, str]]
    bye: str | None
    # Statements ({"code", "params"}, see explain.py), the proof the last of them.
    explanation: list[Statement] = field(default_factory=list)
    optimal: bool = True  # proven optimal by the order above
    proof: Statement = field(default_factory=dict)  # how (or why not)
    awarded: list[str] = field(default_factory=list)  # awarded byes this round, by rank

    def to_json(self) -> dict:
        return {"round": self.round, "pairings": [list(p) for p in self.pairings],
                "bye": self.bye, "awarded": self.awarded, "explanation": self.explanation,
                "optimal": self.optimal, "proof": self.proof}


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
               exact_up_to: int = EXACT_UP_TO, exact_window: int = EXACT_WINDOW) -> Pairing:
    rnd = t.last_round + 1
    standings = compute_standings(t, order)
    recs = records(t)
    ranked = [s.id for s in standings if not s.dropped]
    if len(ranked) < 2:
        raise SwissError("fewer than two players still in the event: there is nothing to pair")
    explanation = [statement("round", round=rnd, players=len(ranked), dropped=len(t.dropped))]
    awarded = [pid for pid in ranked if t.awarded_byes.get(pid, 0) >= rnd]
    for pid in awarded:
        explanation.append(statement("awarded_bye", player=pid, byes=t.awarded_byes[pid]))
        ranked.remove(pid)
    points = {pid: recs[pid].match_points for pid in ranked}
    played = {pid: set(recs[pid].opponents) for pid in ranked}
    apart = _apart_of(t.apart, ranked)

    bye = None
    if len(ranked) % 2:
        bye = next((pid for pid in reversed(ranked) if not recs[pid].byes), None)
        if bye is None:
            bye = ranked[-1]
            explanation.append(statement("bye_again", player=bye))
        else:
            explanation.append(statement("bye", player=bye, points=points[bye]))
        ranked.remove(bye)

    rng = Rng.stream(t.seed, f"swiss-round-{rnd}")
    if not t.matches:
        draw = sorted(ranked)
        rng.shuffle(draw)
        pairs = _draw_apart(draw, apart) if apart else [
            (draw[i], draw[i + 1]) for i in range(0, len(draw), 2)]
        explanation.append(statement("first_round"))
        explanation += explain_apart(pairs, apart, t.apart, proven=True)
        return Pairing(rnd, pairs, bye, explanation, True, statement("proof_first_round"),
                       awarded)

    rank = {pid: i for i, pid in enumerate(ranked)}
    if not ranked:
        pairs, optimal, proof = [], True, statement("proof_exact", players=0)
    elif len(ranked) <= exact_up_to:
        pairs = _exact(ranked, points, played, rng, apart)
        optimal, proof = True, statement("proof_exact", players=len(ranked))
    else:
        pairs, optimal, proof = _by_groups(ranked, points, played, rng, exact_window, apart)
    pairs = sorted(((a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs),
                   key=lambda pair: rank[pair[0]])  # tables from the top of the standings
    explanation += explain(pairs, points, played, _blocked(played, apart))
    explanation += explain_apart(pairs, apart, t.apart, proven=optimal)
    explanation.append(proof)
    return Pairing(rnd, pairs, bye, explanation, optimal, proof, awarded)


def _apart_of(listed: set[frozenset[str]], players: list[str]) -> dict[str, set[str]]:
    """Each player's listed partners among `players` ({} when nobody is listed, the usual
    case, so the pairing then runs exactly as without the list)."""
    if not listed:
        return {}
    here = set(players)
    apart: dict[str, set[str]] = {}
    for pair in listed:
        if pair <= here:
            a, b = sorted(pair)
            apart.setdefault(a, set()).add(b)
            apart.setdefault(b, set()).add(a)
    return apart


def _blocked(played: dict[str, set[str]], apart: dict[str, set[str]]) -> dict[str, set[str]]:
    """Who each player should not meet: their earlier opponents and their listed partners."""
    if not apart:
        return played
    return {pid: mine | apart[pid] if pid in apart else mine for pid, mine in played.items()}


def _draw_apart(draw: list[str], apart: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Round 1's random draw with no listed pair: the shuffled players in order, each taking
    the next one they are not listed with (the plain draw when it has no listed pair). When
    no such pairing is found, a maximum matching of the allowed pairs, the rest in draw
    order (they are all listed with each other: the fewest listed pairs there can be)."""
    listed = {pid: apart.get(pid, set()) for pid in draw}
    found = _perfect(draw, listed)
    if found is not None:
        return found
    pairs = _maximum(draw, listed)
    paired = {p for pair in pairs for p in pair}
    rest = [p for p in draw if p not in paired]
    return pairs + [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]


def explain_apart(pairs: list[tuple[str, str]], apart: dict[str, set[str]],
                  listed: set[frozenset[str]], *, proven: bool) -> list[Statement]:
    """`kept_apart` for each listed pair of players both paired this round and not paired
    together; `apart_paired` for each one paired together, with `proven`: whether the pairing
    is proven optimal, so that every pairing of the round had to pair as many listed pairs
    (or make more rematches), or only that no better one was found."""
    if not apart:
        return []
    together = {frozenset(pair) for pair in pairs}
    playing = {p for pair in pairs for p in pair}
    kept, paired = [], []
    for pair in sorted(tuple(sorted(pair)) for pair in listed):
        if not set(pair) <= playing:
            continue
        if frozenset(pair) in together:
            paired.append(pair)
        else:
            kept.append(pair)
    return ([statement("kept_apart", player=a, opponent=b) for a, b in kept]
            + [statement("apart_paired", player=a, opponent=b, count=len(paired),
                         proven=proven) for a, b in paired])


def objective(pairs: Sequence[tuple[str, str]], points: dict[str, int],
              played: dict[str, set[str]],
              apart: dict[str, set[str]] | None = None) -> tuple[int, ...]:
    """(rematches, listed pairs, c_1, ..., c_{G-1}, sum of squared point differences): smaller
    is better, compared as tuples. c_k counts the pairs with one player in the k highest score
    groups (of the players paired) and the other below them."""
    scores = sorted({points[p] for pair in pairs for p in pair}, reverse=True)
    index = {s: k for k, s in enumerate(scores)}
    cross = [0] * max(0, len(scores) - 1)
    rematches = listed = squares = 0
    for a, b in pairs:
        i, j = sorted((index[points[a]], index[points[b]]))
        for k in range(i, j):
            cross[k] += 1
        rematches += b in played[a]
        listed += bool(apart) and b in apart.get(a, ())
        squares += (points[a] - points[b]) ** 2
    return (rematches, listed, *cross, squares)


def _exact(players: list[str], points: dict[str, int], played: dict[str, set[str]],
           rng: Rng, apart: dict[str, set[str]] | None = None) -> list[tuple[str, str]]:
    """The best pairing of `players` by the order of this module: a maximum-weight perfect
    matching whose integer weights encode it exactly. Each level's unit is one more than the
    most that all the levels below can add up to over the n/2 pairs, so no amount of a lower
    level outweighs one unit of a higher one; the lowest level is a tie-break drawn from the
    seed for each pair."""
    import networkx as nx

    n = len(players)
    half = n // 2
    scores = sorted({points[p] for p in players}, reverse=True)
    index = {s: k for k, s in enumerate(scores)}
    cap = half * (TIE_RANGE - 1)  # the most the levels so far can add up to
    unit_square = cap + 1
    cap += unit_square * half * (scores[0] - scores[-1]) ** 2
    unit_cross = [0] * len(scores)
    for k in reversed(range(len(scores) - 1)):
        unit_cross[k] = cap + 1
        cap += unit_cross[k] * half
    unit_apart = cap + 1
    cap += unit_apart * half
    unit_rematch = cap + 1
    cap += unit_rematch * half
    above = [0]  # above[k]: the cost of crossing boundaries 0 .. k-1
    for unit in unit_cross:
        above.append(above[-1] + unit)
    graph = nx.Graph()
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            b = players[j]
            hi, lo = sorted((index[points[a]], index[points[b]]))
            cost = (above[lo] - above[hi] + unit_square * (points[a] - points[b]) ** 2
                    + rng.below(TIE_RANGE))
            if b in played[a]:
                cost += unit_rematch
            if apart and b in apart.get(a, ()):
                cost += unit_apart
            graph.add_edge(i, j, weight=cap + 1 - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(i, j), max(i, j)) for i, j in matching)
    return [(players[i], players[j]) for i, j in pairs]


def _by_groups(ranked: list[str], points: dict[str, int], played: dict[str, set[str]],
               rng: Rng, exact_window: int, apart: dict[str, set[str]],
               ) -> tuple[list[tuple[str, str]], bool, Statement]:
    """Score group by score group from the top, then the proof (see the module docstring).
    The groups are paired avoiding rematches and listed pairs alike."""
    blocked = _blocked(played, apart)
    rank = {pid: i for i, pid in enumerate(ranked)}
    groups: dict[int, list[str]] = {}
    for pid in ranked:
        groups.setdefault(points[pid], []).append(pid)
    scores = sorted(groups, reverse=True)
    pairs: list[tuple[str, str]] = []
    floaters: list[str] = []
    for gi, score in enumerate(scores):
        members = groups[score][:]
        rng.shuffle(members)  # random within the score group, from the seed
        matched, unmatched = _match_pool(floaters + members, blocked, len(floaters))
        if gi == len(scores) - 1 and unmatched:
            matched += _pair_anyway(unmatched, rank)
            unmatched = []
        pairs += matched
        floaters = sorted(unmatched, key=rank.__getitem__)

    return _prove(pairs, groups, scores, points, played, rng, rank, exact_window, apart)


def _prove(pairs: list[tuple[str, str]], groups: dict[int, list[str]], scores: list[int],
           points: dict[str, int], played: dict[str, set[str]], rng: Rng,
           rank: dict[str, int], exact_window: int, apart: dict[str, set[str]],
           ) -> tuple[list[tuple[str, str]], bool, Statement]:
    """Check the pairing against the lower bounds, segment by segment from the top (a
    segment ends at a boundary no pair crosses). Where a segment misses a bound it is solved
    again exactly on its own, widened down to the next boundary no pair crosses until its
    result meets the bounds (or it reaches the bottom, where exact is conclusive). Returns the
    pairing, whether it is proven optimal, and the proof.

    The bounds are checked only on a pairing with no rematch and no listed pair; every pairing
    at least as good has neither, so a bound counting the pairs that are neither rematches nor
    listed (`blocked`) holds for each of them (and is at least the rematch-only bound)."""
    index = {s: k for k, s in enumerate(scores)}
    last = len(scores) - 1
    blocked = _blocked(played, apart)
    rematches, listed = objective(pairs, points, played, apart)[:2]
    if rematches or listed:  # only a whole exact matching proves
        if len(rank) > exact_window:
            code = "proof_rematch_too_many" if rematches else "proof_apart_too_many"
            return pairs, False, statement(code, players=len(rank), limit=exact_window)
        return (_exact(list(rank), points, played, rng, apart), True,
                statement("proof_exact", players=len(rank)))

    def group_of(pair: tuple[str, str]) -> int:
        return min(index[points[pair[0]]], index[points[pair[1]]])

    def misses(segment: list[tuple[str, str]], top: int, bottom: int,
               long_pairs: bool = True) -> int | None:
        """The first group from `top` to `bottom` whose boundary below misses its bound (or,
        with `long_pairs`, whose pair crosses more than one boundary: an exact segment's
        squared differences are optimal already), counting only the segment's players."""
        cross = [0] * (last + 1)
        bad = []
        for a, b in segment:
            i, j = sorted((index[points[a]], index[points[b]]))
            for k in range(i, j):
                cross[k] += 1
            if j - i > 1 and long_pairs:
                bad.append(i)
        above: list[str] = []
        for k in range(top, bottom):
            above += groups[scores[k]]
            bound = len(above) % 2
            if cross[k] > bound and len(above) <= NU_LIMIT:
                bound = max(bound, len(above) - 2 * _nu(above, blocked))
                bounds_used.add("nu" if bound > len(above) % 2 else "parity")
            if cross[k] > bound:
                bad.append(k)
        return min(bad, default=None)

    def zero_below(segment: list[tuple[str, str]], k: int) -> int:
        """The first group at or below k whose boundary below no pair crosses (or the last)."""
        crossing = {g for a, b in segment
                    for g in range(*sorted((index[points[a]], index[points[b]])))}
        while k < last and k in crossing:
            k += 1
        return k

    bounds_used: set[str] = set()
    solved: list[dict[str, int]] = []
    top = 0
    while top <= last:
        bottom = zero_below(pairs, top)
        segment = [pair for pair in pairs if top <= group_of(pair) <= bottom]
        if misses(segment, top, bottom) is None:
            top = bottom + 1
            continue
        while True:
            window = sorted((p for k in range(top, bottom + 1) for p in groups[scores[k]]),
                            key=rank.__getitem__)
            if len(window) > exact_window:
                return pairs, False, statement("proof_window_too_many", points=scores[top],
                                               players=len(window), limit=exact_window)
            exact = _exact(window, points, played, rng, apart)
            if bottom == last or misses(exact, top, bottom, False) is None:
                break
            bottom = zero_below(pairs, bottom + 1)
        pairs = [pair for pair in pairs if not top <= group_of(pair) <= bottom] + exact
        solved.append({"players": len(window), "high": scores[top], "low": scores[bottom]})
        top = bottom + 1
    return pairs, True, statement("proof_bounds", rematch_bound="nu" in bounds_used,
                                  solved=solved)


def _match_pool(pool: list[str], played: dict[str, set[str]],
                n_floaters: int) -> tuple[list[tuple[str, str]], list[str]]:
    """Pair as many of `pool` as possible without rematches: the players paired down into it
    (first in `pool`) first; when someone must be left out, a group member drawn at random
    (the members are shuffled), the floaters last."""
    members = set(pool)
    # Players with no possible opponent here float whatever happens.
    stuck = [p for p in pool if not (members - played[p] - {p})]
    rest = [p for p in pool if p not in stuck]
    if len(rest) % 2 == 0:
        found = _perfect(rest, played)
        if found is not None:
            return found, stuck
    else:
        order = rest[n_floaters:][::-1] + rest[:n_floaters][::-1]
        for out in order[:8]:
            found = _perfect([p for p in rest if p != out], played)
            if found is not None:
                return found, stuck + [out]
    matched = _maximum(rest, played)
    paired = {p for pair in matched for p in pair}
    return matched, stuck + [p for p in rest if p not in paired]


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


def _pair_anyway(players: list[str], rank: dict[str, int]) -> list[tuple[str, str]]:
    """The last players, in ranking order, paired as they come (rematches: the proof then
    fails and the exact matching takes over where it can)."""
    ordered = sorted(players, key=rank.__getitem__)
    return [(ordered[i], ordered[i + 1]) for i in range(0, len(ordered) - 1, 2)]
