"""Single elimination: a bracket of 2 to 128 players in the standard seed order, byes to the top
seeds, an optional match for third place, and the final places.

The bracket. A field of n players fills the next power of two, 2**k slots, in the standard order
(`seed_order`): with the better seed winning every match, seed s meets seed 2**(k-r+1) + 1 - s
in round r, so 1 and 2 can meet only in the final, 1 to 4 only in the semifinals, and a round
of 16 opens 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11. The empty slots are seeds above n:
the 2**k - n top seeds get a bye.

Byes are matches. Round 1 always has 2**(k-1) matches; a bye is one whose side `b` is NOBODY
(side `a`, the top seed of the pair, advances without playing). It needs no result (one naming
its player is accepted), `sides` shows it as (player, None) and puts the player into round 2 at
once. Byes occur only in round 1. So n - 1 matches are played, n with the third place match,
beside 2**k - n byes.

Ids count from 1 in playing order: round 1 by position in the bracket, then round 2, and so on
to the final. Every match of the bracket proper is in bracket "winners". The match for third
place (between the losers of the two semifinals, at least 4 players) is played beside the final
and has the last id, round 1 of bracket "third_place", so the other ids do not depend on it.

Results map a match id to its winner's name; there are no draws. A drop or a no-show is recorded
by the caller as a win for the opponent (the structure knows no other way to end a match); when
both players are gone the caller still names the one who advances. A winner who is not in the
match, a result for a match whose two sides are not known yet, or an id that is no match of the
bracket is refused with a StructureError.

Final places, the customary way (`placings`): the champion 1st, the finalist 2nd; the losers
of the semifinals 3rd and 4th by the third place match when it was decided, else both 3rd; then
those eliminated in each earlier round share the place after everyone who went further (the
losers of the quarterfinals are all 5th), listed within the round by seed. When the seeds are
the Swiss standings (a top cut), seed order is Swiss place order, so those who share a place
are listed by their Swiss place.

Sizes. `SingleElimination` takes 2 to 128 players (MOST_PLAYERS, the range of a phase), and
every cut of CUT_SIZES. The functions it is built on, `bracket` and the playing of results,
take any field up to LARGEST_FIELD (4,096), the size the speed is measured at
(`bench_single_elimination`); nothing else builds a larger bracket. The site's top cut (2 to
64 from the Swiss standings) is paired round by round by tournaments/services/topcut.py, its
first round by tournaments/swiss/topcut.py (the same first round as this module's), and its
final places come from this module's `placings` (tournaments/selectors/placings.py).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from .model import NOBODY, BracketMatch, From, Side, StructureError

MOST_PLAYERS = 128  # the largest bracket of a phase (issue 35)
LARGEST_FIELD = 4096  # the largest bracket the functions build: the speed is measured there
CUT_SIZES = (2, 4, 8, 16, 32, 64)  # the top cuts an organizer can choose after Swiss

WINNERS = "winners"
THIRD_PLACE = "third_place"

Sides = dict[int, tuple[str | None, str | None]]


def seed_order(slots: int) -> list[int]:
    """The seeds of a bracket of `slots` (a power of two) in slot order, each pair of
    neighbours a first-round match: for 8, [1, 8, 4, 5, 2, 7, 3, 6]. Each round doubles the
    last: every seed s is followed by the seed it meets first, 2 * len + 1 - s."""
    if slots < 2 or slots & (slots - 1):
        raise StructureError(f"a bracket has a power of two slots, not {slots}")
    order = [1, 2]
    while len(order) < slots:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def bracket(players: int, third_place: bool = False) -> list[BracketMatch]:
    """The matches of a bracket of `players` (2 to LARGEST_FIELD) in playing order."""
    if not 2 <= players <= LARGEST_FIELD:
        raise StructureError(
            f"a single elimination bracket has 2 to {LARGEST_FIELD} players, not {players}")
    if third_place and players < 4:
        raise StructureError(
            f"a match for third place needs two semifinals: 4 players or more, not {players}")
    order = seed_order(1 << (players - 1).bit_length())
    matches = [BracketMatch(i // 2 + 1, 1, WINNERS, Side.seed(order[i]),
                            Side.seed(order[i + 1]) if order[i + 1] <= players else NOBODY)
               for i in range(0, len(order), 2)]
    previous = [m.id for m in matches]
    semifinals = previous
    rnd = 1
    while len(previous) > 1:
        rnd += 1
        semifinals, previous = previous, []
        for i in range(0, len(semifinals), 2):
            previous.append(len(matches) + 1)
            matches.append(BracketMatch(len(matches) + 1, rnd, WINNERS,
                                        Side.winner_of(semifinals[i]),
                                        Side.winner_of(semifinals[i + 1])))
    if third_place:
        matches.append(BracketMatch(len(matches) + 1, 1, THIRD_PLACE,
                                    Side.loser_of(semifinals[0]), Side.loser_of(semifinals[1])))
    return matches


def _play(matches: Sequence[BracketMatch], players: Sequence[str],
          results: Mapping[int, str]) -> tuple[Sides, dict[int, str], dict[int, str]]:
    """Each match's two sides as far as they are known, and the winners and losers of the
    matches decided, match by match in playing order (a side only comes from earlier ids)."""
    ids = {m.id for m in matches}
    stray = [key for key in results if key not in ids]
    if stray:
        raise StructureError(f"there is no match {stray[0]!r} in this bracket")
    sides: Sides = {}
    winners: dict[int, str] = {}
    losers: dict[int, str] = {}

    def who(side: Side) -> str | None:
        if side.source is From.SEED:
            return players[side.ref - 1]
        if side.source is From.WINNER:
            return winners.get(side.ref)
        if side.source is From.LOSER:
            return losers.get(side.ref)
        return None

    for m in matches:
        a, b = who(m.a), who(m.b)
        sides[m.id] = (a, b)
        winner = results.get(m.id)
        if m.a.source is From.NOBODY or m.b.source is From.NOBODY:
            advancing = b if m.a.source is From.NOBODY else a
            if winner is not None and winner != advancing:
                raise StructureError(f"match {m.id} is a bye for {advancing}, not a match "
                                     f"{winner!r} can win")
            if advancing is not None:
                winners[m.id] = advancing
            continue
        if winner is None:
            continue
        if a is None or b is None:
            raise StructureError(f"match {m.id} cannot have a result yet: "
                                 f"its players are not known")
        if winner not in (a, b):
            raise StructureError(f"{winner!r} is not in match {m.id} ({a} v {b})")
        winners[m.id] = winner
        losers[m.id] = b if winner == a else a
    return sides, winners, losers


def _placings(matches: Sequence[BracketMatch], players: Sequence[str],
              results: Mapping[int, str]) -> list[tuple[int, str]]:
    _, winners, losers = _play(matches, players, results)
    proper = [m for m in matches if m.bracket == WINNERS]
    undecided = [m.id for m in proper if m.id not in winners]
    if undecided:
        raise StructureError(f"the bracket is not finished: match {undecided[0]} has no result")
    final = proper[-1]
    places = [(1, winners[final.id]), (2, losers[final.id])]
    third = next((m.id for m in matches if m.bracket == THIRD_PLACE), None)
    if third in winners:
        places += [(3, winners[third]), (4, losers[third])]
    seed = {name: number for number, name in enumerate(players)}
    out_by_round: dict[int, list[str]] = {}
    for m in proper:
        if m.id in losers:
            out_by_round.setdefault(m.round, []).append(losers[m.id])
    for rnd in range(final.round - 1, 0, -1):
        if rnd == final.round - 1 and third in winners:
            continue
        place = len(places) + 1
        places += [(place, name) for name in sorted(out_by_round.get(rnd, []), key=seed.get)]
    return places


class SingleElimination:
    """A single elimination bracket of `players` in seed order (best first)."""

    def __init__(self, players: Sequence[str], third_place: bool = False) -> None:
        if not 2 <= len(players) <= MOST_PLAYERS:
            raise StructureError(f"a single elimination bracket has 2 to {MOST_PLAYERS} "
                                 f"players, not {len(players)}")
        seen: set[str] = set()
        for name in players:
            if name in seen:
                raise StructureError(f"{name!r} is in the bracket twice")
            seen.add(name)
        self.players: tuple[str, ...] = tuple(players)
        self.third_place = third_place
        self.matches: list[BracketMatch] = bracket(len(players), third_place)

    @property
    def rounds(self) -> int:
        """The rounds of the bracket proper (the final is the last)."""
        return self.matches[-1].round if not self.third_place else self.matches[-2].round

    def sides(self, results: Mapping[int, str]) -> Sides:
        """For each match id the two players known so far: None for a side not decided yet
        and for the missing side of a bye."""
        return _play(self.matches, self.players, results)[0]

    def placings(self, results: Mapping[int, str]) -> list[tuple[int, str]]:
        """(place, player) for every player, best first, once the bracket proper is decided
        (the third place match may be left unplayed: its two players then share 3rd)."""
        return _placings(self.matches, self.players, results)


def bench_single_elimination(players: int = LARGEST_FIELD) -> float:
    """Seconds to build a bracket of `players` with a third place match and play it through:
    round by round the sides known, a result for each match (side a wins), then every side
    and the final places."""
    names = [f"p{i}" for i in range(1, players + 1)]
    start = time.perf_counter()
    matches = bracket(players, third_place=True)
    results: dict[int, str] = {}
    by_round: dict[tuple[str, int], list[BracketMatch]] = {}
    for m in matches:
        by_round.setdefault((m.bracket, m.round), []).append(m)
    for group in by_round.values():
        sides = _play(matches, names, results)[0]
        for m in group:
            a, b = sides[m.id]
            if b is not None and a is not None:
                results[m.id] = a
    _play(matches, names, results)
    _placings(matches, names, results)
    return time.perf_counter() - start
