"""Double elimination: a player is out at their second loss.

The winners bracket is a single elimination bracket of the next power of two in the standard
seed order (1 and 2 can meet only in its final); the seeds beyond the field are byes, so the
top seeds get them, and only in round 1. A winners-bracket loser drops into the losers
bracket; the two champions meet in the grand final (`bracket="final"`, round 1), and with
`grand_final_reset` a second final (round 2) is played only when the losers-bracket champion
wins the first, so that the winners-bracket champion also needs two losses to be out.

The losers bracket of a bracket of size 2^k has 2k-2 rounds. Its round 1 pairs the losers of
winners round 1 in bracket order (losers of matches 1 and 2, of 3 and 4...). Each even round
2r-2 sets the survivors against the losers of winners round r, who drop in crossed so that
they do not meet at once the players they just beat or who beat them: reversed (the loser of
the last match of the winners round meets the first survivor) when r is even, shifted by half
the round (the first half of the droppers meets the second half of the survivors, and the
other way round) when r is odd. The odd rounds between (3, 5...) pair the survivors among
themselves in order. With this order, in a bracket of 2^k players nobody meets anyone a second
time before losers round k, whatever the results (the tests play it through); later rematches
can be forced (the loser of the winners final has beaten half the field).

Byes: the loser of a bye is nobody, so a losers-bracket slot fed by one is empty, and the
other side goes on without playing (a walkover). Those matches are not in `matches` at all:
the side that goes on is wired straight to the next match, and a round left with no match is
not counted (the losers-bracket rounds are numbered from the first with a match). So every
match in `matches` is played, except the winners-bracket byes of round 1 (side b is `NOBODY`,
its seeded player goes on; they take no result), and the reset final when it is not needed.
A bracket of n players plays 2n-2 matches, or 2n-1 with the reset.

Results map a match id to its winner's name. A drop or a no-show is not a result of its own:
the caller records the match as won by the opponent, and again for the next match of a player
who dropped while still in the winners bracket (they drop into the losers bracket with their
first loss). The player who dropped is placed by the round of their second loss like anyone.

Sizes: an event takes 3 to 64 players (`MOST_PLAYERS`); `max_players` lets the benchmark build
up to 4,096 (`bench_double_elimination`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence

from .model import NOBODY, BracketMatch, From, Side, StructureError
from .single_elimination import seed_order

FEWEST_PLAYERS = 3
MOST_PLAYERS = 64      # what an event offers
LARGEST_BUILT = 4096   # what the bracket can be built for (the speed benchmark)

WINNERS, LOSERS, FINAL = "winners", "losers", "final"

Sides = tuple[str | None, str | None]


def _drop_order(wb_round: int, count: int) -> list[int]:
    """Which match of winners round `wb_round` (of `count`) sends its loser to each match of
    the losers round it drops into: reversed in even rounds, shifted by half in odd ones."""
    if wb_round % 2 == 0:
        return list(range(count - 1, -1, -1))
    half = count // 2
    return [(j + half) % count for j in range(count)]


class DoubleElimination:
    """The bracket of `players_in_seed_order` (the top seed first). Refuses fewer than 3 or
    more than `max_players` (64, what an event offers; the benchmark builds up to 4,096)."""

    def __init__(self, players_in_seed_order: Sequence[str], grand_final_reset: bool = True,
                 *, max_players: int = MOST_PLAYERS) -> None:
        players = list(players_in_seed_order)
        most = min(max_players, LARGEST_BUILT)
        if not FEWEST_PLAYERS <= len(players) <= most:
            raise StructureError(f"double elimination takes {FEWEST_PLAYERS} to {most} "
                                 f"players, not {len(players)}")
        if any(not isinstance(p, str) or not p for p in players):
            raise StructureError("every player needs a name")
        if len(set(players)) != len(players):
            raise StructureError("a player is listed twice")
        self.players = players
        self.grand_final_reset = grand_final_reset
        self.seed = {name: number for number, name in enumerate(players, 1)}
        self.matches: list[BracketMatch] = _build(len(players), grand_final_reset)
        self.by_id = {m.id: m for m in self.matches}
        self.final_id = next(m.id for m in self.matches if m.bracket == FINAL and m.round == 1)
        self.reset_id = self.final_id + 1 if grand_final_reset else None
        self._feeds = [(match, *self._feed(match.a), *self._feed(match.b),
                        match.b.source is From.NOBODY) for match in self.matches]

    def _feed(self, side: Side) -> tuple[str | None, int, int]:
        """A side as (its seeded player, or None and which of (winners, losers) of which
        match fills it; 2 for nobody), so that playing through is a lookup per side."""
        if side.source is From.SEED:
            return self.players[side.ref - 1], 2, 0
        table = {From.WINNER: 0, From.LOSER: 1}.get(side.source, 2)
        return None, table, side.ref

    # -- playing ------------------------------------------------------------------------

    def sides(self, results: Mapping[int, str]) -> dict[int, Sides]:
        """For each match id, its two players as far as `results` decide them: None where a
        side is not decided yet, and for the bye side of a winners round-1 bye. The reset
        final shows (None, None) until the first final makes it needed, and stays so if
        the first final makes it not needed. Refuses a result for an unknown match, a bye,
        a match whose sides are not both known, the reset when it is not needed, or a
        winner who is not in the match."""
        known, _ = self._play(results)
        return known

    def reset_needed(self, results: Mapping[int, str]) -> bool | None:
        """Whether the reset final is played: None until the first final is decided, False
        without a reset."""
        if self.reset_id is None:
            return False
        known, winners = self._play(results)
        winner = winners.get(self.final_id)
        if winner is None:
            return None
        return winner != known[self.final_id][0]

    def finished(self, results: Mapping[int, str]) -> bool:
        """Whether `results` decide the champion (the reset played if it is needed)."""
        known, winners = self._play(results)
        return self._champion(known, winners) is not None

    def placings(self, results: Mapping[int, str]) -> list[str]:
        """Every player once, best first: the champion, the runner-up, then the others by the
        losers-bracket round they went out in (the later, the better), the better seed first
        within a round. Refuses a bracket that is not finished."""
        known, winners = self._play(results)
        champion = self._champion(known, winners)
        if champion is None:
            open_match = next(m.id for m in self.matches if self._open(m, known, winners))
            raise StructureError(f"the bracket is not finished: match {open_match} is "
                                 "undecided")
        last = self.reset_id if self.reset_id in winners else self.final_id
        runner_up = next(p for p in known[last] if p != champion)
        out_in: dict[str, int] = {}
        for match in self.matches:
            if match.bracket == LOSERS:
                a, b = known[match.id]
                loser = b if winners[match.id] == a else a
                assert loser is not None
                out_in[loser] = match.round
        rest = sorted(out_in, key=lambda p: (-out_in[p], self.seed[p]))
        return [champion, runner_up, *rest]

    # -- inside -------------------------------------------------------------------------

    def _open(self, match: BracketMatch, known: dict[int, Sides],
              winners: dict[int, str]) -> bool:
        return (match.id not in winners and match.b.source is not From.NOBODY
                and not (match.id == self.reset_id and known[match.id] == (None, None)
                         and self.final_id in winners))

    def _champion(self, known: dict[int, Sides], winners: dict[int, str]) -> str | None:
        first = winners.get(self.final_id)
        if first is None:
            return None
        if self.reset_id is None or first == known[self.final_id][0]:
            return first
        return winners.get(self.reset_id)

    def _play(self, results: Mapping[int, str]) -> tuple[dict[int, Sides], dict[int, str]]:
        """Fills the sides match by match in playing order (each side comes from an earlier
        match), checking each result against them."""
        unknown = [key for key in results if key not in self.by_id]
        if unknown:
            raise StructureError(f"there is no match {unknown[0]} in this bracket")
        known: dict[int, Sides] = {}
        winners: dict[int, str] = {}
        losers: dict[int, str] = {}
        nobody: dict[int, str] = {}
        tables = (winners, losers, nobody)
        for match, a, a_from, a_ref, b, b_from, b_ref, bye in self._feeds:
            if a is None:
                a = tables[a_from].get(a_ref)
            if b is None:
                b = tables[b_from].get(b_ref)
            if match.id == self.reset_id:
                first = winners.get(self.final_id)
                if first is None or first == known[self.final_id][0]:
                    a = b = None  # not needed (yet)
            known[match.id] = (a, b)
            if bye:
                if match.id in results:
                    raise StructureError(f"match {match.id} is a bye: {a} goes on without "
                                         "playing")
                assert a is not None
                winners[match.id] = a
                continue
            winner = results.get(match.id)
            if winner is None:
                continue
            if a is None or b is None:
                what = ("the reset final is not needed" if match.id == self.reset_id
                        and self.final_id in winners else "its players are not known yet")
                raise StructureError(f"match {match.id} cannot have a result: {what}")
            if winner not in (a, b):
                raise StructureError(f"{winner} is not in match {match.id} ({a} against {b})")
            winners[match.id] = winner
            losers[match.id] = b if winner == a else a
        return known, winners


def _build(n: int, reset: bool) -> list[BracketMatch]:
    """The matches of a bracket of n players, walkovers left out, numbered in playing order:
    winners round 1, then for each later winners round r its matches followed by losers
    rounds 2r-3 and 2r-2 (the second needs the losers of winners round r), then the
    final(s)."""
    size = 1
    while size < n:
        size *= 2
    k = size.bit_length() - 1
    # Each match is first named by (bracket, round, index in the round); its sides refer to
    # earlier matches by those names until the walkovers are taken out and the rest numbered.
    Key = tuple[str, int, int]
    plan: dict[Key, tuple[Side, Side]] = {}
    names: list[Key] = []

    def ref(key: Key) -> int:
        names.append(key)
        return len(names) - 1

    order = seed_order(size)
    for i in range(size // 2):
        top, bottom = order[2 * i], order[2 * i + 1]
        plan[(WINNERS, 1, i)] = (Side.seed(top), Side.seed(bottom) if bottom <= n else NOBODY)
    for r in range(2, k + 1):
        for i in range(size >> r):
            plan[(WINNERS, r, i)] = (Side.winner_of(ref((WINNERS, r - 1, 2 * i))),
                                     Side.winner_of(ref((WINNERS, r - 1, 2 * i + 1))))
    for i in range(size // 4):
        plan[(LOSERS, 1, i)] = (Side.loser_of(ref((WINNERS, 1, 2 * i))),
                                Side.loser_of(ref((WINNERS, 1, 2 * i + 1))))
    for r in range(2, k + 1):
        count = size >> r
        drops = _drop_order(r, count)
        for j in range(count):
            plan[(LOSERS, 2 * r - 2, j)] = (Side.winner_of(ref((LOSERS, 2 * r - 3, j))),
                                            Side.loser_of(ref((WINNERS, r, drops[j]))))
        if r < k:
            for j in range(count // 2):
                plan[(LOSERS, 2 * r - 1, j)] = (
                    Side.winner_of(ref((LOSERS, 2 * r - 2, 2 * j))),
                    Side.winner_of(ref((LOSERS, 2 * r - 2, 2 * j + 1))))
    plan[(FINAL, 1, 0)] = (Side.winner_of(ref((WINNERS, k, 0))),
                           Side.winner_of(ref((LOSERS, 2 * k - 2, 0))))

    playing = [key for key in plan if key[:2] == (WINNERS, 1)]
    for r in range(2, k + 1):
        playing += [key for key in plan if key[:2] == (WINNERS, r)]
        playing += [key for key in plan if key[0] == LOSERS and key[1] in (2 * r - 3, 2 * r - 2)]
    playing.append((FINAL, 1, 0))

    byes = {key for key, (_, b) in plan.items() if b == NOBODY}
    passes: dict[Key, Side] = {}  # a walkover: the side that goes on in its place

    def resolve(side: Side) -> Side:
        if side.source is From.LOSER and names[side.ref] in byes:
            return NOBODY
        if side.source is From.WINNER and names[side.ref] in passes:
            return passes[names[side.ref]]
        return side

    kept: list[tuple[Key, Side, Side]] = []
    for key in playing:
        a, b = plan[key]
        if key[0] == LOSERS:
            a, b = resolve(a), resolve(b)
            if NOBODY in (a, b):
                passes[key] = b if a == NOBODY else a
                continue
        kept.append((key, a, b))

    ids = {key: number for number, (key, _, _) in enumerate(kept, 1)}
    losers_rounds = sorted({key[1] for key, _, _ in kept if key[0] == LOSERS})
    renumber = {old: new for new, old in enumerate(losers_rounds, 1)}

    def numbered(side: Side) -> Side:
        if side.source in (From.WINNER, From.LOSER):
            return Side(side.source, ids[names[side.ref]])
        return side

    matches = []
    for key, a, b in kept:
        bracket, rnd, _ = key
        rnd = renumber[rnd] if bracket == LOSERS else rnd
        matches.append(BracketMatch(ids[key], rnd, bracket, numbered(a), numbered(b)))
    if reset:
        final = ids[(FINAL, 1, 0)]
        matches.append(BracketMatch(final + 1, 2, FINAL, Side.loser_of(final),
                                    Side.winner_of(final)))
    return matches


def bench_double_elimination(n: int, seed: int = 1) -> float:
    """Seconds to build a bracket of n players (up to 4,096) and play it to its placings,
    each match won by a side drawn from `seed`; `sides` is asked once per wave of playable
    matches, as a page would after each round."""
    rng = random.Random(seed)
    start = time.perf_counter()
    bracket = DoubleElimination([f"p{i}" for i in range(1, n + 1)], max_players=LARGEST_BUILT)
    results: dict[int, str] = {}
    playable = True
    while playable:
        playable = False
        for match_id, (a, b) in bracket.sides(results).items():
            if a is not None and b is not None and match_id not in results:
                results[match_id] = a if rng.random() < 0.5 else b
                playable = True
    places = bracket.placings(results)
    seconds = time.perf_counter() - start
    assert len(places) == n
    return seconds
