"""Reading Berserk squad checks (rules B-4, B-5): who sees which checks, and whether each
player's squads of a match were checked and ok, game by game.

A squad is hidden information until the game: a player sees their own checks, the organizers
see all of them, and once the match is confirmed both players see both squads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.models import Event, Match, MatchStatus, SquadCheck
from tournaments.selectors.access import is_organizer


def squad_checks_seen(match: Match, event: Event,
                      user: AbstractBaseUser | AnonymousUser | None) -> list[SquadCheck]:
    """The checks of the match `user` may see: the organizers all of them, a player their own
    until the match is confirmed, then both players' (a squad is hidden until the game)."""
    checks = list(SquadCheck.objects.filter(match=match).select_related("registration"))
    if is_organizer(event, user):
        return checks
    if user is None or not user.is_authenticated:
        return []
    players = {r.player_id for r in (match.player_a, match.player_b) if r is not None}
    if user.pk not in players:
        return []
    if match.status == MatchStatus.CONFIRMED:
        return checks
    return [c for c in checks if c.registration.player_id == user.pk]


def games_played(match: Match) -> int:
    """How many games the match had, by its result or else the largest report; 0 before."""
    results = ([{"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}]
               if match.status == MatchStatus.CONFIRMED else [match.report_a, match.report_b])
    return max((sum(r.get(k) or 0 for k in ("a_wins", "b_wins", "draws"))
                for r in results if r), default=0)


@dataclass
class PlayerSquads:
    """One player's squad checks in a match, game by game, for the organizer."""

    registration_id: int
    name: str
    checked: list[int] = field(default_factory=list)  # game numbers checked ok
    illegal: list[int] = field(default_factory=list)  # checked with problems
    missing: list[int] = field(default_factory=list)  # played, reported, never submitted

    @property
    def ok(self) -> bool:
        return not self.illegal and not self.missing


@dataclass
class MatchSquads:
    players: list[PlayerSquads]

    @property
    def problems(self) -> bool:
        return any(not p.ok for p in self.players)


def match_squads(match: Match, checks: Iterable[SquadCheck]) -> MatchSquads:
    """Whether each (human) player's squads were checked and ok, game by game. A game counts
    as missing once a report or the result says it was played and no squad came for it."""
    played = games_played(match)
    players = []
    for registration in (match.player_a, match.player_b):
        if registration is None or registration.is_ai:
            continue
        mine = {c.game_number: c for c in checks if c.registration_id == registration.pk}
        summary = PlayerSquads(registration.pk, registration.name)
        for number in sorted(set(mine) | set(range(1, played + 1))):
            check = mine.get(number)
            if check is None:
                summary.missing.append(number)
            elif check.ok:
                summary.checked.append(number)
            else:
                summary.illegal.append(number)
        players.append(summary)
    return MatchSquads(players)


def squads_by_match(event: Event, matches: Iterable[Match]) -> dict[int, MatchSquads]:
    """`match_squads` of each match (by id), in one query; {} when the event checks none."""
    matches = [m for m in matches if not m.bye]
    if not event.check_squads or not matches:
        return {}
    checks: dict[int, list[SquadCheck]] = {m.pk: [] for m in matches}
    for check in SquadCheck.objects.filter(match__in=matches):
        checks[check.match_id].append(check)
    return {m.pk: match_squads(m, checks[m.pk]) for m in matches}


def matches_with_squad_problems(event: Event) -> list[tuple[Match, MatchSquads]]:
    """Every match of the event, in any round, whose squads are missing or illegal."""
    if not event.check_squads:
        return []
    matches = list(Match.objects.filter(round__event=event, player_b__isnull=False)
                   .select_related("round", "player_a__player__profile",
                                   "player_b__player__profile"))
    squads = squads_by_match(event, matches)
    return [(m, squads[m.pk]) for m in matches if squads[m.pk].problems]
