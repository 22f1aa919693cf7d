"""Players and match results of a Swiss event, and reading them from the CLI's JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# What a bye scores: a 2-0 win in games (a_wins, b_wins, draws), no opponent. The one
# definition: the standings count it, the CLI's input and the site's bye matches
# (tournaments.rules, services.byes) are made of it.
BYE_SCORE = (2, 0, 0)


class SwissError(ValueError):
    """Input that cannot be paired or ranked; the message names the problem."""


@dataclass(frozen=True, slots=True)
class Match:
    """One match of one round: `b` is None for a bye (a 2-0 win for `a`)."""

    round: int
    a: str
    b: str | None
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0

    @property
    def bye(self) -> bool:
        return self.b is None


@dataclass
class Tournament:
    seed: int
    players: list[str]  # in registration order
    dropped: set[str] = field(default_factory=set)
    matches: list[Match] = field(default_factory=list)
    # Pairs the organizer listed as never to be paired (siblings, teammates): pairing avoids
    # them just below rematches (pairing.py). Each a frozenset of two player ids.
    apart: set[frozenset[str]] = field(default_factory=set)
    # Awarded byes: a player with n here has a bye in rounds 1..n, outside that round's pairing.
    awarded_byes: dict[str, int] = field(default_factory=dict)

    @property
    def last_round(self) -> int:
        return max((m.round for m in self.matches), default=0)

    @property
    def active(self) -> list[str]:
        return [p for p in self.players if p not in self.dropped]


def _whole(value: Any, where: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise SwissError(f"{where}: must be a whole number >= {minimum}, not {value!r}")
    return value


def parse_tournament(data: Any) -> Tournament:
    """Read `{"seed", "players": [{"id", "dropped", "awarded_byes"}], "matches": [...],
    "apart": [["p1", "p2"], ...]}`; SwissError names the first bad field (e.g.
    `matches[3].b: unknown player 'p99'`)."""
    if not isinstance(data, Mapping):
        raise SwissError("the input must be a JSON object with seed, players and matches")
    for key in data:
        if key not in ("seed", "players", "matches", "apart"):
            raise SwissError(f"{key}: unknown field (expected seed, players, matches, apart)")
    seed = _whole(data.get("seed", 0), "seed")
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise SwissError("players: must be a non-empty list of {\"id\": ..., \"dropped\": ...}")
    players: list[str] = []
    dropped: set[str] = set()
    awarded: dict[str, int] = {}
    seen: set[str] = set()
    for i, p in enumerate(raw_players):
        where = f"players[{i}]"
        if not isinstance(p, Mapping):
            raise SwissError(f"{where}: must be an object with an id")
        extra = set(p) - {"id", "dropped", "awarded_byes"}
        if extra:
            raise SwissError(f"{where}.{sorted(extra)[0]}: unknown field")
        pid = p.get("id")
        if not isinstance(pid, str) or not pid:
            raise SwissError(f"{where}.id: must be a non-empty string, not {pid!r}")
        if pid in seen:
            raise SwissError(f"{where}.id: {pid!r} is listed twice")
        seen.add(pid)
        players.append(pid)
        flag = p.get("dropped", False)
        if not isinstance(flag, bool):
            raise SwissError(f"{where}.dropped: must be true or false, not {flag!r}")
        if flag:
            dropped.add(pid)
        byes = _whole(p.get("awarded_byes", 0), f"{where}.awarded_byes")
        if byes:
            awarded[pid] = byes
    raw_matches = data.get("matches", [])
    if not isinstance(raw_matches, list):
        raise SwissError("matches: must be a list")
    matches: list[Match] = []
    in_round: dict[tuple[int, str], int] = {}
    for i, m in enumerate(raw_matches):
        where = f"matches[{i}]"
        if not isinstance(m, Mapping):
            raise SwissError(f"{where}: must be an object")
        extra = set(m) - {"round", "a", "b", "a_wins", "b_wins", "draws", "bye"}
        if extra:
            raise SwissError(f"{where}.{sorted(extra)[0]}: unknown field")
        rnd = _whole(m.get("round"), f"{where}.round", 1)
        a = m.get("a")
        if a not in seen:
            raise SwissError(f"{where}.a: unknown player {a!r}")
        bye = m.get("bye", False)
        if not isinstance(bye, bool):
            raise SwissError(f"{where}.bye: must be true or false")
        if bye:
            if m.get("b") is not None:
                raise SwissError(f"{where}.b: a bye has no opponent")
            match = Match(rnd, a, None, *BYE_SCORE)
        else:
            b = m.get("b")
            if b not in seen:
                raise SwissError(f"{where}.b: unknown player {b!r}")
            if b == a:
                raise SwissError(f"{where}.b: a player cannot play themselves")
            match = Match(rnd, a, b, _whole(m.get("a_wins", 0), f"{where}.a_wins"),
                          _whole(m.get("b_wins", 0), f"{where}.b_wins"),
                          _whole(m.get("draws", 0), f"{where}.draws"))
        for pid in (match.a, match.b):
            if pid is None:
                continue
            if (rnd, pid) in in_round:
                raise SwissError(f"{where}: {pid} already plays in round {rnd} "
                                 f"(matches[{in_round[(rnd, pid)]}])")
            in_round[(rnd, pid)] = i
        matches.append(match)
    return Tournament(seed=seed, players=players, dropped=dropped, matches=matches,
                      apart=_apart(data.get("apart", []), seen), awarded_byes=awarded)


def _apart(raw: Any, seen: set[str]) -> set[frozenset[str]]:
    if not isinstance(raw, list):
        raise SwissError("apart: must be a list of pairs of player ids")
    apart: set[frozenset[str]] = set()
    for i, pair in enumerate(raw):
        where = f"apart[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise SwissError(f"{where}: must be a list of two player ids")
        for pid in pair:
            if pid not in seen:
                raise SwissError(f"{where}: unknown player {pid!r}")
        if pair[0] == pair[1]:
            raise SwissError(f"{where}: a player cannot be kept apart from themselves")
        apart.add(frozenset(pair))
    return apart
