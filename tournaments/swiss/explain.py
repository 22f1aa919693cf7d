"""The statements of "How this round was paired", built from the pairing itself.

Each statement is a stable code and its parameters (counts, points, player ids), plain JSON;
the web side puts it into words in the reader's language (tournaments/presenters/explanations.py),
so nothing here is English a reader sees. Each is true whichever method found the pairing:
per score group (from the top) how many play within it and how many are paired down; per
pair-down why that player could not stay (they have already played everyone else on their
points, the group with those paired down into it had an odd count, or the rest of the group
could not all be paired with opponents they had not met and were not listed with, or keeping
them would have meant a rematch or more pair-downs higher up, which the order of the pairing
puts first); each unavoidable rematch; the players given an awarded bye (`awarded_bye`); each
listed pair kept apart (`kept_apart`) or paired because every pairing had to
(`apart_paired`, pairing.explain_apart).
"""

from __future__ import annotations

from typing import Any

NU_LIMIT = 64  # the most players whose rematch-free pairs are counted exactly

Statement = dict[str, Any]  # {"code": "group", "params": {"points": 3, ...}}


def statement(code: str, **params: Any) -> Statement:
    return {"code": code, "params": params}


def nu(players: list[str], played: dict[str, set[str]]) -> int:
    """The most rematch-free pairs among `players` (exact)."""
    import networkx as nx

    graph = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if b not in played[a]:
                graph.add_edge(a, b)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def explain(pairs: list[tuple[str, str]], points: dict[str, int],
            played: dict[str, set[str]],
            blocked: dict[str, set[str]] | None = None) -> list[Statement]:
    """Codes: `group` (a score group's counts), `paired_down` (with its `reasons`, one per
    score group the player passed: `played_everyone`, `odd_group`, `cannot_pair_all`,
    `keeping_more`), `rematch`. `blocked`: whom each player should not meet (earlier
    opponents and listed partners; `played` when nobody is listed)."""
    blocked = played if blocked is None else blocked
    partner: dict[str, str] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    order = [p for pair in pairs for p in pair]  # deterministic: the pairing's own order
    scores = sorted({points[p] for p in order}, reverse=True)
    lines: list[Statement] = []
    reasons: dict[tuple[str, int], Statement] = {}
    for s in scores:
        group = [p for p in order if points[p] == s]
        incoming = [p for p in order if points[p] > s >= points[partner[p]]]
        pool = incoming + group
        within = sum(1 for a, b in pairs if points[a] == s == points[b])
        leaving = [p for p in pool if points[partner[p]] < s]
        lines.append(statement("group", points=s, players=len(group), incoming=len(incoming),
                               within=within, leaving=len(leaving)))
        odd_told = False
        for p in leaving:
            if all(o in played[p] for o in group if o != p):
                why = statement("played_everyone", player=p, points=s)
            elif len(pool) % 2 and not odd_told:
                odd_told = True
                why = statement("odd_group", points=s, with_incoming=bool(incoming))
            elif len(pool) <= NU_LIMIT and nu(pool, blocked) < len(pool) // 2:
                why = statement("cannot_pair_all", points=s)
            else:
                why = statement("keeping_more", points=s)
            reasons[(p, s)] = why
    for a, b in pairs:
        if points[a] != points[b]:
            hi, lo = (a, b) if points[a] > points[b] else (b, a)
            passed = [s for s in scores if points[hi] >= s > points[lo]]
            lines.append(statement("paired_down", player=hi, points=points[hi], opponent=lo,
                                   opponent_points=points[lo],
                                   reasons=[reasons[(hi, s)] for s in passed]))
    for a, b in pairs:
        if b in played[a]:
            lines.append(statement("rematch", player=a, opponent=b))
    return lines
