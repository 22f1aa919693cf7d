"""Reading tournaments: standings, rounds and their explanations, matches, the audit trail.

Standings come from `tournaments.swiss.compute_standings` over the confirmed Swiss results,
with the tiebreakers in the event's configured order; players equal on every tiebreaker share
a rank. They are computed once per results version of the event (`EventStandings.version`)
and kept (`tournaments.page_cache`); a complete event shows the standings frozen when it
completed.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from tournaments.bridge import named, standings_view
from tournaments.models import (
    Event,
    EventStandings,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStage,
)
from tournaments.page_cache import remembered
from tournaments.swiss import compute_standings


class StandingRow(NamedTuple):
    """One line of the standings (a tuple: kept and read back cheaply)."""

    rank: int
    registration_id: int
    name: str
    match_points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    dropped: bool
    is_ai: bool


def results_version(event: Event) -> int:
    """The event's results version: it goes up with every change the standings or the
    pairings show (`tournaments.services.standings.results_version_bump`)."""
    return _results_state(event)[0]


def results_version_of(event_id: int, *, max_age: float = 0.0) -> int | None:
    """The results version of the event with this id, in the smallest query; None when there
    is no such event (or it has no row yet: an event made without `event_create`).

    With `max_age` (seconds), a version this process read less than that long ago will do,
    with no query at all: the pages use that for visitors who are not signed in (a crowd's
    refreshes then never wait on the database; see CLASH_VISITOR_VERSION_SECONDS)."""
    if max_age > 0:
        seen = _versions_seen.get(event_id)
        if seen is not None and time.monotonic() - seen[0] < max_age:
            return seen[1]
    version = (EventStandings.objects.filter(event_id=event_id)
               .values_list("version", flat=True).first())
    if version is not None:
        if len(_versions_seen) >= _VERSIONS_KEPT:
            _versions_seen.clear()  # ids asked for at random never grow it without end
        _versions_seen[event_id] = (time.monotonic(), version)
    return version


# results_version_of's memory of the versions it read: {event id: (when, version)}.
_versions_seen: dict[int, tuple[float, int]] = {}
_VERSIONS_KEPT = 1000


def _results_state(event: Event) -> tuple[int, bool]:
    """(results version, final standings frozen?), read with the event when it was loaded
    with `select_related("standings_state")` (the pages do that, for one query less), else
    now."""
    if Event.standings_state.is_cached(event):
        try:
            state = event.standings_state
        except EventStandings.DoesNotExist:
            return 0, False
        return state.version, state.frozen_at is not None
    row = (EventStandings.objects.filter(event_id=event.pk).values_list("version", "frozen_at")
           .first())
    return (row[0], row[1] is not None) if row else (0, False)


def standings_for_event(event: Event) -> list[StandingRow]:
    """Every seat that has played or is still in, best first. A player who dropped before
    playing a match never took part and is left out.

    Computed once per results version and kept; a complete event's are the ones frozen when
    it completed. The version is read before the rows, so rows kept under it are never
    older than it."""
    version, frozen = _results_state(event)
    return remembered(("standings", event.pk, version),
                      lambda: _frozen(event) if frozen else computed_standings(event))


def _frozen(event: Event) -> list[StandingRow]:
    final = EventStandings.objects.filter(event_id=event.pk).values_list("final", flat=True).get()
    return [StandingRow(**row) for row in final]


def computed_standings(event: Event) -> list[StandingRow]:
    """`standings_for_event` computed now from the rows, whatever is kept or frozen."""
    tournament, seats = standings_view(event)
    rows = []
    for s in compute_standings(tournament, event.tiebreakers):
        if s.dropped and not s.played:  # dropped before playing a match
            continue
        seat = seats[s.id]
        rows.append(StandingRow(rank=s.rank, registration_id=seat.id, name=seat.name,
                                match_points=s.match_points, wins=s.wins, losses=s.losses,
                                draws=s.draws, omw=s.omw, gw=s.gw, ogw=s.ogw, dropped=s.dropped,
                                is_ai=seat.is_ai))
    return rows


def events_organized_by(user: AbstractBaseUser) -> QuerySet[Event]:
    return Event.objects.filter(organizers=user)


def registrations_for_event(event: Event) -> QuerySet[Registration]:
    return (Registration.objects.filter(event=event).select_related("player")
            .order_by("created_at", "id"))


def rounds_for_event(event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def last_swiss_round(event: Event) -> int | None:
    """The number of the event's latest Swiss round (the standings are 'after' it)."""
    return (Round.objects.filter(event=event, stage=RoundStage.SWISS).order_by("-number")
            .values_list("number", flat=True).first())


def round_label(rnd: Round) -> str:
    """'Round 3', or for the top cut 'Quarterfinals', 'Semifinals', 'Final'."""
    if rnd.stage == RoundStage.SWISS:
        return f"Round {rnd.number}"
    tables = rnd.matches.count()
    return {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(tables, f"Top {2 * tables}")


def round_explanation(rnd: Round) -> list[str]:
    """How the round was paired, with the players' names in the pairing's lines."""
    names = rnd.explanation.get("players", {})
    return [named(line, names) for line in rnd.explanation.get("lines", [])]


def matches_for_round(rnd: Round) -> QuerySet[Match]:
    """Tables in order, the bye last."""
    return (Match.objects.filter(round=rnd)
            .select_related("player_a__player", "player_b__player")
            .order_by("table", "id"))


def open_matches(rnd: Round) -> QuerySet[Match]:
    """The results still to confirm; the disputed ones are for the organizer."""
    return matches_for_round(rnd).exclude(status=MatchStatus.CONFIRMED)


def matches_for_player(event: Event, user: AbstractBaseUser) -> QuerySet[Match]:
    return (Match.objects.filter(round__event=event)
            .filter(Q(player_a__player=user) | Q(player_b__player=user))
            .select_related("round", "player_a__player", "player_b__player")
            .order_by("round__number"))


def result_history(match: Match) -> QuerySet[ResultChange]:
    """Who changed the result, when, and what it was before and after, in the order the
    changes were made. That is the id order: changes are written under the match's lock, but
    `at` is the time each request came with, and two racing requests can arrive the other way
    round."""
    return ResultChange.objects.filter(match=match).select_related("by").order_by("id")


def registrations_of(user: AbstractBaseUser, limit: int = 30) -> list[Registration]:
    """The player's seats in events, newest event first, each with `current`: their match of
    the event's latest round they play in while the event runs (None otherwise)."""
    seats = list(Registration.objects.filter(player=user).select_related("event__game")
                 .order_by("-event__created_at", "-event_id")[:limit])
    running = [s.event_id for s in seats
               if s.event.status in (EventStatus.RUNNING, EventStatus.TOP_CUT)]
    latest: dict[int, Match] = {}
    for match in (Match.objects.filter(round__event_id__in=running)
                  .filter(Q(player_a__player=user) | Q(player_b__player=user))
                  .select_related("round", "player_a__player", "player_b__player")
                  .order_by("round__event_id", "-round__number")):
        latest.setdefault(match.round.event_id, match)
    for seat in seats:
        seat.current = latest.get(seat.event_id)
    return seats
