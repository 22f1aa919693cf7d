"""The lines of "How this round was paired", built from the pairing itself.

Each line is a statement about the pairing and the players' records, so it is true whichever
method found the pairing: per score group (from the top) how many play within it and how many
are paired down; per pair-down why that player could not stay (they have already played everyone
else on their points, the group with those paired down into it had an odd count, or the rest of
the group could not all be paired with opponents they had not met, or keeping them would have
meant a rematch or more pair-downs higher up, which the order of the pairing puts first); each
unavoidable rematch.
"""

from __future__ import annotations

from gettext import ngettext

NU_LIMIT = 64  # the most players whose rematch-free pairs are counted exactly


def nu(players: list[str], played: dict[str, set[str]]) -> int:
    """The most rematch-free pairs among `players` (exact)."""
    import networkx as nx

    graph = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if b not in played[a]:
                graph.add_edge(a, b)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def points_text(points: int) -> str:
    """"1 point", "3 points": the lines agree in number."""
    return ngettext("%d point", "%d points", points) % points


def players_text(count: int) -> str:
    return ngettext("%d player", "%d players", count) % count


def explain(pairs: list[tuple[str, str]], points: dict[str, int],
            played: dict[str, set[str]]) -> list[str]:
    partner: dict[str, str] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    order = [p for pair in pairs for p in pair]  # deterministic: the pairing's own order
    scores = sorted({points[p] for p in order}, reverse=True)
    lines: list[str] = []
    reasons: dict[tuple[str, int], str] = {}
    for s in scores:
        group = [p for p in order if points[p] == s]
        incoming = [p for p in order if points[p] > s >= points[partner[p]]]
        pool = incoming + group
        within = sum(1 for a, b in pairs if points[a] == s == points[b])
        leaving = [p for p in pool if points[partner[p]] < s]
        line = f"{points_text(s)}: {players_text(len(group))}"
        if incoming:
            line += f" and {len(incoming)} paired down into the group"
        line += "; " + ngettext("%d pairing within the group", "%d pairings within the group",
                                within) % within
        if leaving:
            line += f", {len(leaving)} paired down from it"
        lines.append(line)
        odd_told = False
        for p in leaving:
            if all(o in played[p] for o in group if o != p):
                why = f"{p} has already played everyone else on {points_text(s)}"
            elif len(pool) % 2 and not odd_told:
                odd_told = True
                why = (f"the {s}-point group had an odd number of players"
                       + (" with those paired down into it" if incoming else ""))
            elif len(pool) <= NU_LIMIT and nu(pool, played) < len(pool) // 2:
                why = (f"the other players on {points_text(s)} could not all be paired with "
                       f"opponents they had not met")
            else:
                why = (f"keeping more players on {points_text(s)} would have meant a rematch or "
                       f"more players paired down from higher groups")
            reasons[(p, s)] = why
    for a, b in pairs:
        if points[a] != points[b]:
            hi, lo = (a, b) if points[a] > points[b] else (b, a)
            passed = [s for s in scores if points[hi] > s > points[lo]]
            line = (f"{hi} ({points_text(points[hi])}) is paired down against {lo} "
                    f"({points_text(points[lo])}): {reasons[(hi, points[hi])]}")
            for s in passed:
                line += f"; on {points_text(s)} too: {reasons[(hi, s)]}"
            lines.append(line)
    for a, b in pairs:
        if b in played[a]:
            lines.append(f"{a} and {b} meet again: no pairing with fewer rematches exists")
    return lines
