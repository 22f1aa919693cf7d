"""Standings by the Magic Tournament Rules, Appendix C.

Match points: a match win 3, a draw 1, a loss 0; a bye is a match win (2-0 in games).
Match-win % = match points / (3 x rounds played), at least 0.33. Game-win % = game points
(3 per game won, 1 per game drawn) / (3 x games played), at least 0.33. Opponents' match-win %
and opponents' game-win % average those of each opponent (byes are not opponents); a player
who has had no opponent has 0 there.

The order of the tiebreakers is configuration (STYLE.md, habit 8): a tuple of metric keys from
`METRICS`. Each `Metric` knows its key, its name and its abbreviation and is a small function
of the field's records (a value per player, like Tabbycat's metric annotators); `sort_key`
builds a player's key from the configured order, so the same list drives the sort, the column
headings (`headings`) and the CSV. Players equal on
every metric share a rank. Each standing also carries the matches won, lost and drawn, so
nothing outside recounts them from the matches.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from .model import BYE_SCORE, SwissError, Tournament

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
    wins: int = 0  # matches won, byes included
    losses: int = 0
    draws: int = 0  # matches drawn (equal games won, a 0-0 too)

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
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        """Matches played, a bye included."""
        return self.wins + self.losses + self.draws

    def to_json(self) -> dict:
        # The CLI's format, which other tools read: the ranking numbers only.
        return {"rank": self.rank, "id": self.id, "match_points": self.match_points,
                "omw": round(self.omw, 4), "gw": round(self.gw, 4), "ogw": round(self.ogw, 4)}


def records(t: Tournament) -> dict[str, Record]:
    recs = {pid: Record(pid, dropped=pid in t.dropped) for pid in t.players}
    for m in t.matches:
        a = recs[m.a]
        a.rounds += 1
        if m.b is None:  # a bye: a 2-0 match win, no opponent
            won, lost, drawn = BYE_SCORE
            a.match_points += 3
            a.game_points += 3 * won + drawn
            a.games += won + lost + drawn
            a.byes += 1
            a.wins += 1
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
            a.wins += 1
            b.losses += 1
        elif m.b_wins > m.a_wins:
            b.match_points += 3
            b.wins += 1
            a.losses += 1
        else:
            a.match_points += 1
            b.match_points += 1
            a.draws += 1
            b.draws += 1
        a.opponents.append(m.b)
        b.opponents.append(m.a)
    return recs


@dataclass(frozen=True)
class Field:
    """What the metrics read: every record, and each player's percentages computed once (not
    once per opponent who averages them)."""

    records: dict[str, Record]
    mw: dict[str, float]
    gw: dict[str, float]

    @classmethod
    def of(cls, recs: dict[str, Record]) -> Field:
        return cls(recs, {pid: r.mw for pid, r in recs.items()},
                   {pid: r.gw for pid, r in recs.items()})


@dataclass(frozen=True)
class Metric:
    """One tiebreaker: its key (what an event's configured order names), its full name and
    its abbreviation (the column headings), and its values, one per player of the field."""

    key: str
    name: str
    abbr: str
    values: Callable[[Field], dict[str, float]]


def _average(values: dict[str, float], opponents: list[str]) -> float:
    n = len(opponents)
    return sum(map(values.__getitem__, opponents)) / n if n else 0.0


def _opponents_average(of: Callable[[Field], dict[str, float]]) -> Callable[[Field], dict]:
    return lambda f: {pid: _average(of(f), r.opponents) for pid, r in f.records.items()}


_METRICS = (
    Metric("match_points", "Match points", "Pts",
           lambda f: {pid: r.match_points for pid, r in f.records.items()}),
    Metric("omw", "Opponents' match-win percentage", "OMW",
           _opponents_average(lambda f: f.mw)),
    Metric("gw", "Game-win percentage", "GW", lambda f: f.gw),
    Metric("ogw", "Opponents' game-win percentage", "OGW",
           _opponents_average(lambda f: f.gw)),
)
METRICS: dict[str, Metric] = {metric.key: metric for metric in _METRICS}
DEFAULT_ORDER: tuple[str, ...] = ("match_points", "omw", "gw", "ogw")


def metrics_in(order: Sequence[str]) -> list[Metric]:
    """The metrics of a configured order; SwissError names any unknown key."""
    unknown = [m for m in order if m not in METRICS]
    if unknown or not order:
        raise SwissError(f"unknown tiebreaker(s) {', '.join(unknown) or '(none given)'}: "
                         f"known are {', '.join(METRICS)}")
    return [METRICS[m] for m in order]


def headings(order: Sequence[str] = DEFAULT_ORDER) -> list[tuple[str, str]]:
    """(abbreviation, name) of each metric of `order`, for column headings."""
    return [(metric.abbr, metric.name) for metric in metrics_in(order)]


def sort_key(pid: str, columns: dict[str, dict[str, float]],
             metrics: Sequence[Metric]) -> tuple[float, ...]:
    """A player's key: their values of `metrics` in the configured order (higher is better),
    rounded so float noise never splits a tie."""
    return tuple([round(columns[metric.key][pid], PRECISION) for metric in metrics])


def compute_standings(t: Tournament, order: Sequence[str] = DEFAULT_ORDER) -> list[Standing]:
    """Every player (dropped ones too: they keep their results), best first."""
    metrics = metrics_in(order)
    recs = records(t)
    fld = Field.of(recs)
    columns = {key: metric.values(fld) for key, metric in METRICS.items()}
    keys = {pid: sort_key(pid, columns, metrics) for pid in recs}
    ordered = sorted(t.players, key=lambda pid: (tuple(-k for k in keys[pid]), pid))
    return standing_rows(ordered, keys, recs, columns, t.dropped)


def standing_rows(ordered: Sequence[str], keys: dict[str, tuple[float, ...]],
                  recs: dict[str, Record], columns: dict[str, dict[str, float]],
                  dropped: Collection[str] = ()) -> list[Standing]:
    """The rows of players already in their order: players with the same key share a rank
    (the Swiss standings' and a round robin group's alike)."""
    omw, gw, ogw = columns["omw"], columns["gw"], columns["ogw"]
    out: list[Standing] = []
    for pos, pid in enumerate(ordered):
        rank = out[-1].rank if out and keys[out[-1].id] == keys[pid] else pos + 1
        r = recs[pid]
        out.append(Standing(rank, pid, r.match_points, omw[pid], gw[pid], ogw[pid],
                            dropped=pid in dropped, wins=r.wins, losses=r.losses,
                            draws=r.draws))
    return out
