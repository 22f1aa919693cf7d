"""A team event as the pure Swiss code sees it: each team is a Swiss player `T<id>`, each
team match a Swiss match whose "games" are its seats (a seat won by the player who won more
games; tournaments.structures.teams), so the team Swiss pairs teams by team match points with
the pairer's usual rules, and the team standings' tiebreakers are the event's own computed on
team matches (opponents' team-match-win %, seat-win %, opponents' seat-win %).

A team match counts once every seat match of it is confirmed; a team's bye is a won team
match. A team one of whose players dropped after the start is out: it is not paired again
and keeps its standing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from accounts.selectors.profiles import shown_name_of
from tournaments import swiss
from tournaments.models import (
    Event,
    Match,
    MatchStatus,
    Registration,
    RoundStage,
    Team,
    TeamMatch,
)
from tournaments.models.registrations import registration_shown_name
from tournaments.selectors.bridge import standings_view
from tournaments.structures.teams import outcome_of, team_result


def team_id(pk: int) -> str:
    return f"T{pk}"


@dataclass(frozen=True, slots=True)
class Member:
    """A team's player, read as values."""

    registration_id: int
    name: str
    seat: str
    dropped: bool


@dataclass
class TeamsView:
    """The event's teams as a `swiss.Tournament`, with their names and members by Swiss id."""

    tournament: swiss.Tournament
    names: dict[str, str]
    members: dict[str, list[Member]] = field(default_factory=dict)
    # By TeamMatch id: (team a's seats won, team b's, drawn) once every seat is confirmed.
    results: dict[int, tuple[int, int, int]] = field(default_factory=dict)


def teams_view(event: Event) -> TeamsView:
    """Every team of `event` (in the order they were made) and its confirmed team matches."""
    teams = list(Team.objects.filter(event=event).order_by("created_at", "id")
                 .values_list("id", "name"))
    names = {team_id(pk): name for pk, name in teams}
    members: dict[str, list[Member]] = {pid: [] for pid in names}
    for pk, team, seat, gone, is_ai, ai_name, shown, guest in (
            Registration.objects.filter(event=event, team__isnull=False).order_by("seat")
            .values_list("id", "team_id", "seat", "dropped", "is_ai", "ai_name",
                         shown_name_of("player"), "guest_name")):
        members[team_id(team)].append(
            Member(pk, registration_shown_name(pk, is_ai, ai_name, shown, guest), seat, gone))
    seats: dict[int, list[tuple[str, int | None, int | None, bool]]] = defaultdict(list)
    for tm, status, a_wins, b_wins in (
            Match.objects.filter(round__event=event, team_match__isnull=False)
            .values_list("team_match_id", "status", "a_wins", "b_wins")):
        seats[tm].append((status, a_wins, b_wins))
    matches, results = [], {}
    for pk, number, a, b in (TeamMatch.objects.filter(round__event=event,
                                                      round__stage=RoundStage.SWISS)
                             .order_by("round__number", "table", "id")
                             .values_list("id", "round__number", "team_a_id", "team_b_id")):
        if b is None:
            matches.append(swiss.Match(round=number, a=team_id(a), b=None))
            continue
        played = seats[pk]
        if not played or any(status != MatchStatus.CONFIRMED for status, _, _ in played):
            continue
        result = team_result({seat: outcome for seat, outcome in zip(
            "ABC", (outcome_of(a_wins, b_wins) for _, a_wins, b_wins in played), strict=False)})
        results[pk] = (result.a_seats, result.b_seats, result.drawn_seats)
        matches.append(swiss.Match(round=number, a=team_id(a), b=team_id(b),
                                   a_wins=result.a_seats, b_wins=result.b_seats,
                                   draws=result.drawn_seats))
    dropped = {pid for pid, team in members.items() if any(m.dropped for m in team)}
    tournament = swiss.Tournament(seed=event.seed, players=list(names), dropped=dropped,
                                  matches=matches)
    return TeamsView(tournament, names, members, results)


@dataclass(frozen=True, slots=True)
class MemberRow:
    """A team member's own record under their team's row (their individual matches)."""

    registration_id: int
    name: str
    seat: str
    wins: int
    losses: int
    draws: int
    dropped: bool


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team in the team standings: its team match record and tiebreakers, computed by
    `tournaments.swiss.compute_standings` in the event's order, and its members' records."""

    rank: int
    team_id: int
    name: str
    match_points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    dropped: bool
    members: tuple[MemberRow, ...]


def team_standings(event: Event) -> list[TeamRow]:
    """The teams of `event`, best first, each with its members in seat order."""
    view = teams_view(event)
    individual = {r.id: r for r in swiss.compute_standings(_seat_tournament(event),
                                                           event.tiebreakers)}
    rows = []
    for s in swiss.compute_standings(view.tournament, event.tiebreakers):
        members = []
        for m in view.members[s.id]:
            own = individual.get(f"R{m.registration_id}")
            members.append(MemberRow(m.registration_id, m.name, m.seat,
                                     own.wins if own else 0, own.losses if own else 0,
                                     own.draws if own else 0, m.dropped))
        rows.append(TeamRow(s.rank, int(s.id[1:]), view.names[s.id], s.match_points, s.wins,
                            s.losses, s.draws, s.omw, s.gw, s.ogw, s.dropped, tuple(members)))
    return rows


def _seat_tournament(event: Event) -> swiss.Tournament:
    return standings_view(event)[0]


@dataclass(frozen=True, slots=True)
class TeamHead:
    """A team match as the pairings show it above its seat matches: the teams' names, the
    seats each won once every seat is confirmed (None before), None for a bye's team b."""

    team_a: str
    team_b: str | None
    a_seats: int | None
    b_seats: int | None


def round_team_matches(round_id: int) -> tuple[dict[int, TeamHead], dict[int, str]]:
    """The team matches of a round: each one's heading by the id of its first seat match
    (by table; a bye's by its first match), and each seat match's seat, by match id."""
    heads: dict[int, TeamHead] = {}
    seat_of: dict[int, str] = {}
    by_team_match: dict[int, list[tuple[int, int | None, str, str, int | None, int | None]]]
    by_team_match = defaultdict(list)
    for pk, tm, table, seat, status, a_wins, b_wins in (
            Match.objects.filter(round_id=round_id, team_match__isnull=False)
            .values_list("id", "team_match_id", "table", "player_a__seat", "status", "a_wins",
                         "b_wins")):
        seat_of[pk] = seat
        by_team_match[tm].append((pk, table, seat, status, a_wins, b_wins))
    for tm, a, b in (TeamMatch.objects.filter(round_id=round_id)
                     .values_list("id", "team_a__name", "team_b__name")):
        seats = sorted(by_team_match.get(tm, []), key=lambda s: (s[2], s[0]))
        if not seats:
            continue
        done = b is not None and all(s[3] == MatchStatus.CONFIRMED for s in seats)
        result = team_result({s[2]: outcome_of(s[4], s[5]) for s in seats}) if done else None
        heads[seats[0][0]] = TeamHead(a, b, result.a_seats if result else None,
                                      result.b_seats if result else None)
    return heads, seat_of


def team_outline(event: Event) -> dict:
    """A team event as `simulate_event --json` gives it (selectors.exports.event_outline):
    the teams' places by the team standings, and each team match with the teams' names ("b"
    None for a bye, "winner" None for a draw or a team match not decided)."""
    rows = team_standings(event)
    view = teams_view(event)
    names = {pk: name for pk, name in Team.objects.filter(event=event).values_list("id", "name")}
    matches = []
    for pk, number, a, b in (TeamMatch.objects.filter(round__event=event)
                             .order_by("round__number", "table", "id")
                             .values_list("id", "round__number", "team_a_id", "team_b_id")):
        winner = names[a] if b is None else None
        if pk in view.results:
            a_seats, b_seats, _ = view.results[pk]
            winner = (names[a] if a_seats > b_seats else names[b] if b_seats > a_seats
                      else None)
        matches.append({"round": number, "a": names[a], "b": names[b] if b else None,
                        "winner": winner})
    return {"placings": [{"place": row.rank, "player": row.name} for row in rows],
            "phases": [{"structure": "swiss", "matches": matches}]}


def team_columns(event: Event) -> dict[int, tuple[str, str, int]]:
    """Each team member's (team name, seat, team rank) by registration id, for the CSV."""
    return {m.registration_id: (row.name, m.seat, row.rank)
            for row in team_standings(event) for m in row.members}
