"""Standings by the Magic Tournament Rules, Appendix C.

Match points: a match win 3, a draw 1, a loss 0; a bye is a match win (2-0 in games).
Match-win % = match points / (3 x rounds played), at least 0.33. Game-win % = game points
(3 per game won, 1 per game drawn) / (3 x games played), at least 0.33. Opponents' match-win %
and opponents' game-win % average those of each opponent (byes are not opponents); a player
who has had no opponent has 0 there.

The order of the tiebreakers is configuration: a tuple of metric names from `METRICS`, each a
small function of one player's record. Players equal on every metric share a rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .model import SwissError, Tournament

# MTR Appendix C: percentages are at least 0.33, exactly (not 1/3: a record of 1 win in 3,
# 0.333..., stays above the floor, as in the published procedure and other software).
FLOOR = 0.33
PRECISION = 9  # ties are decided on this many decimals, so float noise never splits a tie


@dataclass
class Record:
    """One player's results so far."""

    id: str
    match_points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)
    byes: int = 0
    dropped: bool = False

    @property
    def mw(self) -> float:
        return max(FLOOR, self.match_points / (3 * self.rounds)) if self.rounds else FLOOR

    @property
    def gw(self) -> float:
        return max(FLOOR, self.game_points / (3 * self.games)) if self.games else FLOOR


@dataclass(frozen=True)
class Standing:
    rank: int
    id: str
    match_points: int
    omw: float
    gw: float
    ogw: float
    dropped: bool = False

    def to_json(self) -> dict:
        return {"rank": self.rank, "id": self.id, "match_points": self.match_points,
                "omw": round(self.omw, 4), "gw": round(self.gw, 4), "ogw": round(self.ogw, 4)}


def records(t: Tournament) -> dict[str, Record]:
    recs = {pid: Record(pid, dropped=pid in t.dropped) for pid in t.players}
    for m in t.matches:
        a = recs[m.a]
        a.rounds += 1
        if m.b is None:  # a bye: a 2-0 match win, no opponent
            a.match_points += 3
            a.game_points += 6
            a.games += 2
            a.byes += 1
            continue
        b = recs[m.b]
        b.rounds += 1
        games = m.a_wins + m.b_wins + m.draws
        a.games += games
        b.games += games
        a.game_points += 3 * m.a_wins + m.draws
        b.game_points += 3 * m.b_wins + m.draws
        if m.a_wins > m.b_wins:
            a.match_points += 3
        elif m.b_wins > m.a_wins:
            b.match_points += 3
        else:
            a.match_points += 1
            b.match_points += 1
        a.opponents.append(m.b)
        b.opponents.append(m.a)
    return recs


def _omw(r: Record, recs: dict[str, Record]) -> float:
    return sum(recs[o].mw for o in r.opponents) / len(r.opponents) if r.opponents else 0.0


def _ogw(r: Record, recs: dict[str, Record]) -> float:
    return sum(recs[o].gw for o in r.opponents) / len(r.opponents) if r.opponents else 0.0


METRICS: dict[str, Callable[[Record, dict[str, Record]], float]] = {
    "match_points": lambda r, recs: r.match_points,
    "omw": _omw,
    "gw": lambda r, recs: r.gw,
    "ogw": _ogw,
}
DEFAULT_ORDER: tuple[str, ...] = ("match_points", "omw", "gw", "ogw")


def compute_standings(t: Tournament, order: Sequence[str] = DEFAULT_ORDER) -> list[Standing]:
    """Every player (dropped ones too: they keep their results), best first."""
    unknown = [m for m in order if m not in METRICS]
    if unknown or not order:
        raise SwissError(f"unknown tiebreaker(s) {', '.join(unknown) or '(none given)'}: "
                         f"known are {', '.join(METRICS)}")
    recs = records(t)
    # Each player's percentages once, not once per opponent who averages them (the same
    # sums, in the same order, as _omw and _ogw).
    mw = {pid: r.mw for pid, r in recs.items()}
    gw = {pid: r.gw for pid, r in recs.items()}
    values = {}
    for pid, r in recs.items():
        n = len(r.opponents)
        values[pid] = (r.match_points, sum(mw[o] for o in r.opponents) / n if n else 0.0,
                       gw[pid], sum(gw[o] for o in r.opponents) / n if n else 0.0)
    index = {"match_points": 0, "omw": 1, "gw": 2, "ogw": 3}
    keys = {pid: tuple(round(v[index[m]], PRECISION) for m in order)
            for pid, v in values.items()}
    ordered = sorted(t.players, key=lambda pid: (tuple(-k for k in keys[pid]), pid))
    out: list[Standing] = []
    for pos, pid in enumerate(ordered):
        rank = out[-1].rank if out and keys[out[-1].id] == keys[pid] else pos + 1
        mp, omw, gw, ogw = values[pid]
        out.append(Standing(rank, pid, mp, omw, gw, ogw, dropped=pid in t.dropped))
    return out
