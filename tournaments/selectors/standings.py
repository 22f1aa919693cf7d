"""Reading standings: per results version, their columns, heading and top-cut marks, and a
seat's standing round by round.

Standings come from `tournaments.swiss.compute_standings` over the confirmed Swiss results,
with the tiebreakers in the event's configured order; players equal on every tiebreaker share
a rank. They are computed once per results version of the event (`EventStandings.version`)
and kept (`tournaments.selectors.cache`); a complete event shows the standings frozen when it
completed.

A seat's standing round by round is the event's standings as they stood after each completed
Swiss round, each computed from the confirmed results of rounds 1..k only, over the same rows
(`tournaments.selectors.bridge.swiss_view`), so the rank after the last completed round is
the rank the standings page shows.

The tiebreaker columns of the page, the CSV and the API follow the event's configured order
(`tiebreaker_columns`, from `tournaments.swiss.standings.metrics_in`): the same list that
decides the sort. `tournaments.swiss` names its metrics in plain English; their words as the
site shows them are here, marked for translation (`METRIC_TEXT`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from django.db.models import Count, Q
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    Event,
    EventStandings,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.selectors.bridge import SwissView, seat_names, standings_view, swiss_id
from tournaments.selectors.cache import remembered
from tournaments.selectors.groups import group_tables, round_robin_groups
from tournaments.swiss import compute_standings, qualifiers
from tournaments.swiss.standings import metrics_in, records


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
    # A round robin's group (its `rank` is then the rank in the group); None in Swiss.
    group: int | None = None


# The standings' columns ----------------------------------------------------------------------

class MetricText(NamedTuple):
    """A metric's words on the site: the abbreviation heads its column, the name is the
    heading's tooltip, the legend says what it counts; and whether its values are shown as
    percentages."""

    abbr: Promise
    name: Promise
    legend: Promise
    percent: bool


# One entry per key of tournaments.swiss.standings.METRICS, in the same English (a test holds
# them equal), so the catalogues have them and the pages show them in the reader's language.
METRIC_TEXT: dict[str, MetricText] = {
    "match_points": MetricText(
        _("Pts"), _("Match points"),
        _("match points: 3 a win (a bye counts as a win), 1 a draw."), False),
    "omw": MetricText(
        _("OMW"), _("Opponents' match-win percentage"),
        _("opponents' match-win percentage (each at least 33%)."), True),
    "gw": MetricText(_("GW"), _("Game-win percentage"), _("game-win percentage."), True),
    "ogw": MetricText(_("OGW"), _("Opponents' game-win percentage"),
                      _("opponents' game-win percentage."), True),
}

# Match points head the standings in their own column, next to the record, whatever the
# order: they are not among the tiebreaker columns.
POINTS = "match_points"


@dataclass(frozen=True)
class StandingColumn:
    """One tiebreaker column: the metric's key (the `StandingRow` field, the CSV column and
    the API field), its abbreviation and name as the page shows them."""

    key: str
    abbr: Promise
    name: Promise
    legend: Promise
    percent: bool


def tiebreaker_columns(order: Sequence[str]) -> list[StandingColumn]:
    """The tiebreaker columns of an event whose configured order is `order`, in that order:
    its metrics other than match points. A metric the order leaves out is not a column."""
    return [StandingColumn(metric.key, *METRIC_TEXT[metric.key])
            for metric in metrics_in(order) if metric.key != POINTS]


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
    read_at = time.time()
    version = (EventStandings.objects.filter(event_id=event_id)
               .values_list("version", flat=True).first())
    if version is not None:
        if len(_versions_seen) >= _VERSIONS_KEPT:
            _versions_seen.clear()  # ids asked for at random never grow it without end
            _versions_read_at.clear()
        _versions_seen[event_id] = (time.monotonic(), version)
        _versions_read_at[event_id] = read_at
    return version


def results_version_since(event_id: int, since: float) -> int | None:
    """The results version as read after `since` (a time.time() stamp: a change's commit),
    from this process's memory when it read it since then, else read now: the live pages'
    consumers (tournaments/consumers.py) each ask after a hint, and one query a process does
    for all of them."""
    seen = _versions_seen.get(event_id)
    if seen is not None and _versions_read_at.get(event_id, 0.0) >= since:
        return seen[1]
    return results_version_of(event_id)


# results_version_of's memory of the versions it read: {event id: (when, version)}, and when
# by the wall clock each read began (results_version_since).
_versions_seen: dict[int, tuple[float, int]] = {}
_versions_read_at: dict[int, float] = {}


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
    # The ranks are frozen; the names are the seats' names now (a display name changed, an
    # account deleted), as on the event's other pages.
    names = seat_names(event.pk)
    return [StandingRow(**{**row, "name": names.get(row["registration_id"], row["name"])})
            for row in final]


def computed_standings(event: Event) -> list[StandingRow]:
    """`standings_for_event` computed now from the rows, whatever is kept or frozen: a
    round robin's group by group, each row's rank the rank in its group
    (selectors.groups)."""
    tournament, seats = standings_view(event)
    groups = round_robin_groups(event)
    ranked = group_tables(event, groups, tournament) if groups else [
        (None, s) for s in compute_standings(tournament, event.tiebreakers)]
    rows = []
    for group, s in ranked:
        if s.dropped and not s.played:  # dropped before playing a match
            continue
        seat = seats[s.id]
        rows.append(StandingRow(rank=s.rank, registration_id=seat.id, name=seat.name,
                                match_points=s.match_points, wins=s.wins, losses=s.losses,
                                draws=s.draws, omw=s.omw, gw=s.gw, ogw=s.ogw, dropped=s.dropped,
                                is_ai=seat.is_ai, group=group))
    return rows


def points_before(event: Event, number: int) -> dict[int, int]:
    """Each seat's match points from the confirmed Swiss results of the rounds before round
    `number`, by registration id: what a player brings into that round (the pairings by
    name show it). A seat with no result yet has 0."""
    tournament, seats = standings_view(event)
    before = replace(tournament, matches=[m for m in tournament.matches if m.round < number])
    return {seats[pid].id: rec.match_points for pid, rec in records(before).items()}


# The standings' heading and the top cut -------------------------------------------------------

class StandingsProgress(NamedTuple):
    """How far the Swiss standings have come: the last Swiss round whose results are all
    confirmed (None before any is), and the round after it still being played with its
    results confirmed so far (byes aside), if there is one."""

    after: int | None
    playing: int | None = None
    confirmed: int = 0
    tables: int = 0

    @property
    def heading(self) -> str:
        if self.after is None:
            return gettext("Standings: no round is complete yet")
        return gettext("Standings after round %(round)d") % {"round": self.after}

    @property
    def note(self) -> str:
        """What of the round being played the standings already count."""
        if self.playing is None:
            return ""
        return ngettext(
            "Round %(round)d is being played: %(confirmed)d of its %(tables)d result "
            "confirmed so far is counted below.",
            "Round %(round)d is being played: %(confirmed)d of its %(tables)d results "
            "confirmed so far are counted below.", self.tables) % {
            "round": self.playing, "confirmed": self.confirmed, "tables": self.tables}


def standings_progress(event: Event) -> StandingsProgress:
    """The standings' heading: the last Swiss round whose results are all confirmed (rule:
    a round is complete when its last result is confirmed), in one query."""
    rounds = (Round.objects.filter(event=event, stage=RoundStage.SWISS).order_by("-number")
              .annotate(tables=Count("matches", filter=Q(matches__player_b__isnull=False)),
                        confirmed=Count("matches", filter=Q(
                            matches__player_b__isnull=False,
                            matches__status=MatchStatus.CONFIRMED)))
              .values_list("number", "status", "tables", "confirmed"))
    after = playing = None
    confirmed = tables = 0
    for number, status, count, done in rounds:
        if status == RoundStatus.COMPLETE:
            after = number
            break
        if playing is None:  # the latest round; an earlier one is always complete
            playing, confirmed, tables = number, done, count
    if playing is not None and confirmed == 0:
        playing = None  # nothing of it is counted yet: the heading says it all
    return StandingsProgress(after, playing, confirmed, tables)


class CutMarks(NamedTuple):
    """Who the standings mark for the top cut, by registration id: before the cut is made,
    those who would make it if the Swiss rounds ended now; after, those seeded into it."""

    size: int
    made: bool
    qualifiers: frozenset[int]
    last: int | None  # the last qualifier in the standings: the line goes under their row
    passed_ai: frozenset[int]  # AI seats above the last qualifier the cut passes over
    ai_allowed: bool
    per_group: int = 0  # a round robin's cut: the best this many of each group

    @property
    def note(self) -> str:
        if self.per_group and not self.made:
            text = ngettext(
                "If the groups ended now, the best player of each group, marked Top %(size)d, "
                "would make the cut.",
                "If the groups ended now, the best %(per)d players of each group, marked Top "
                "%(size)d, would make the cut.", self.per_group) % {
                "size": self.size, "per": self.per_group}
        elif self.made:
            text = ngettext("The player marked Top %(size)d made the cut.",
                            "The %(size)d players marked Top %(size)d made the cut.",
                            self.size) % {"size": self.size}
        else:
            text = ngettext(
                "If the Swiss rounds ended now, the player marked Top %(size)d would make "
                "the cut.",
                "If the Swiss rounds ended now, the %(size)d players marked Top %(size)d "
                "would make the cut.", self.size) % {"size": self.size}
        if self.last is not None:
            text += " " + gettext("The line is under the last place.")
        if self.ai_allowed:
            return text + " " + gettext("AI seats may take a place in it.")
        return text + " " + gettext("AI seats do not take a place in it: the next player does.")


def cut_marks(event: Event, rows: list[StandingRow]) -> CutMarks | None:
    """The top-cut marks of the standings `rows`, or None when the event has no top cut or
    no results yet. Once the cut is made they are its players (read in one query); before,
    the first `top_cut` players still in (AI seats only if the event lets them in, as
    `tournaments.services.topcut.topcut_start` seeds it)."""
    if not event.top_cut or not rows or event.status == EventStatus.REGISTRATION:
        return None
    allowed = event.ai_in_top_cut
    made = event.status in (EventStatus.TOP_CUT, EventStatus.COMPLETE)
    if made:
        seated = list(Match.objects.filter(round__event=event, round__stage=RoundStage.TOP_CUT)
                      .order_by("round__number")
                      .values_list("round__number", "player_a_id", "player_b_id"))
        first = seated[0][0] if seated else None
        chosen = {pk for number, a, b in seated if number == first for pk in (a, b) if pk}
        if not chosen:
            return None
    elif event.round_robin and event.groups:  # the best of each group
        per_group, taken = event.top_cut // event.groups, {}
        chosen = set()
        for r in rows:
            if not (r.dropped or (r.is_ai and not allowed)) and taken.get(r.group, 0) < per_group:
                taken[r.group] = taken.get(r.group, 0) + 1
                chosen.add(r.registration_id)
    else:
        excluded = {r.registration_id for r in rows if r.dropped or (r.is_ai and not allowed)}
        chosen = set(qualifiers([r.registration_id for r in rows], event.top_cut, excluded)[0])
    if event.round_robin and chosen:  # no one line: each group has its own
        return CutMarks(size=event.top_cut, made=made, qualifiers=frozenset(chosen),
                        last=None, passed_ai=frozenset(), ai_allowed=allowed,
                        per_group=event.top_cut // (event.groups or 1))
    last_index = max((i for i, r in enumerate(rows) if r.registration_id in chosen),
                     default=None)
    if last_index is None:
        return None
    passed_ai = frozenset() if allowed else frozenset(
        r.registration_id for r in rows[:last_index]
        if r.is_ai and not r.dropped and r.registration_id not in chosen)
    return CutMarks(size=event.top_cut, made=made, qualifiers=frozenset(chosen),
                    last=rows[last_index].registration_id, passed_ai=passed_ai,
                    ai_allowed=allowed)


def cut_marked(event: Event, rows: list[StandingRow]) -> frozenset[int]:
    """The registration ids the standings label for the top cut (`cut_marks`): the CSV's and
    the API's `cut`. Before the cut is made, those who would make it if the Swiss rounds
    ended now; after, those seeded into it; nobody without a top cut."""
    marks = cut_marks(event, rows)
    return marks.qualifiers if marks else frozenset()


# A seat's standing round by round, and its chart ----------------------------------------------

@dataclass(frozen=True)
class RoundStanding:
    round: int  # the Swiss round's number
    rank: int
    match_points: int
    field: int  # how many seats the standings after this round list


def standing_by_round(event: Event, view: SwissView,
                      registration: Registration) -> list[RoundStanding]:
    """The seat's rank and match points after each completed Swiss round, in round order;
    `view` is `swiss_view(event)`, which the caller has usually read already.

    Rounds still being played are left out (their ranks would move with every report), as
    are the rounds before the seat's first match (a late entry was not in them). Like the
    standings page, a seat that dropped before playing is not in the field."""
    # A complete round has every result confirmed, so each one is among the view's matches.
    rounds = sorted({m.round.number for m in view.matches
                     if m.round.status == RoundStatus.COMPLETE})
    me = swiss_id(registration.pk)
    out: list[RoundStanding] = []
    for number in rounds:
        so_far = [m for m in view.tournament.matches if m.round <= number]
        played = {p for m in so_far for p in (m.a, m.b) if p is not None}
        if me not in played:
            continue
        standings = compute_standings(replace(view.tournament, matches=so_far),
                                      event.tiebreakers)
        field = sum(1 for s in standings if s.id in played or not s.dropped)
        mine = next(s for s in standings if s.id == me)
        out.append(RoundStanding(round=number, rank=mine.rank,
                                 match_points=mine.match_points, field=field))
    return out


@dataclass(frozen=True)
class ChartPoint:
    round: int
    rank: int
    match_points: int
    field: int
    x: float
    y: float


@dataclass(frozen=True)
class StandingChart:
    """Where to draw a seat's rank after each Swiss round in an SVG of `width` x `height`:
    rank 1 at the top, the largest field at the bottom, one column per round."""

    points: list[ChartPoint]
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    worst: int  # the rank drawn at the bottom: the largest field of any round
    rank_ticks: list[tuple[int, float]]  # (rank, y) for the labels on the left

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:g},{p.y:g}" for p in self.points)


CHART_WIDTH, CHART_HEIGHT = 320, 190


CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 42, 310, 22, 146


def standing_chart(history: list[RoundStanding]) -> StandingChart | None:
    """The chart for `standing_by_round`'s rows; None when
    there is nothing to draw yet."""
    if not history:
        return None
    worst = max(2, max(h.field for h in history))
    span_x = CHART_RIGHT - CHART_LEFT
    span_y = CHART_BOTTOM - CHART_TOP

    def y_of(rank: int) -> float:
        return round(CHART_TOP + span_y * (rank - 1) / (worst - 1), 1)

    step = span_x / len(history)
    points = [ChartPoint(round=h.round, rank=h.rank, match_points=h.match_points,
                         field=h.field, x=round(CHART_LEFT + step * (i + 0.5), 1),
                         y=y_of(h.rank))
              for i, h in enumerate(history)]
    ticks = sorted({1, (worst + 1) // 2, worst})
    return StandingChart(points=points, width=CHART_WIDTH, height=CHART_HEIGHT,
                         left=CHART_LEFT, right=CHART_RIGHT, top=CHART_TOP,
                         bottom=CHART_BOTTOM, worst=worst,
                         rank_ticks=[(rank, y_of(rank)) for rank in ticks])
