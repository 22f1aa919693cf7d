"""Reads for the tournament pages: the event list, rounds with their labels, a player's
history, a match's audit trail in words, the organizer's dashboard.

Selectors only read; the pages build on `tournaments.selectors` and add what a page needs
to show without a query per row (round labels from a count annotation, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.utils.translation import ngettext

from decks.models import DecklistVersion
from decks.selectors import visible_versions
from play.models import GameStatus, OnlineGame
from tournaments.bridge import named
from tournaments.models import (
    DeckCheck,
    Event,
    EventStatus,
    JobStatus,
    Match,
    MatchJob,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.selectors import StandingRow, matches_for_round, result_history
from tournaments.standings_history import RoundStanding
from tournaments.swiss import qualifiers


def events_listed() -> QuerySet[Event]:
    """Every event, newest first, with its number of players (AI seats not counted)."""
    return Event.objects.annotate(
        players=Count("registrations", filter=Q(registrations__is_ai=False))
    ).order_by("-created_at", "-id")


def registration_of(event: Event, user: AbstractBaseUser | AnonymousUser) -> Registration | None:
    if not user.is_authenticated:
        return None
    return (Registration.objects.filter(event=event, player=user)
            .select_related("decklist_version__decklist").first())


def seats_of(event: Event) -> QuerySet[Registration]:
    return (Registration.objects.filter(event=event).select_related("player")
            .order_by("created_at", "id"))


def seen_versions(user: AbstractBaseUser | AnonymousUser,
                  registrations: list[Registration]) -> dict[int, DecklistVersion]:
    """The registered version of each seat that `user` may see (`visible_versions`: their
    own, the organizers', everyone's once the event publishes its lists), by seat id."""
    ids = {r.decklist_version_id: r.pk for r in registrations if r.decklist_version_id}
    if not ids:
        return {}
    seen = visible_versions(user).filter(pk__in=list(ids)).select_related("decklist")
    return {ids[v.pk]: v for v in seen}


# Deck checks and the registered lists ----------------------------------------------------------

@dataclass(frozen=True)
class RegisteredList:
    """A seat's registered version as the organizer checks it: each card with its copies,
    the total, and what the game's rules say of it now (`problems` empty: legal)."""

    registration: Registration
    version: DecklistVersion
    copies: list[tuple[str, int]]
    total: int
    problems: list[str]
    fixed: bool


def registered_list(event: Event, registration: Registration, now) -> RegisteredList | None:  # noqa: ANN001
    """The seat's registered version with its card counts and the legality verdict of the
    decks' own checks (`decklist_problems`: the game's rules module, or Clash of Decks' rules
    C-2.3 to C-2.5), or None for a seat without a list."""
    from decks.services.decklists import decklist_problems

    version = (DecklistVersion.objects.filter(pk=registration.decklist_version_id)
               .select_related("decklist__game", "decklist__owner").first())
    if version is None:
        return None
    decklist = version.decklist
    counts: dict[str, int] = {}
    for name in version.cards:
        counts[name] = counts.get(name, 0) + 1
    problems = decklist_problems(user=decklist.owner, kind=decklist.kind, cards=version.cards,
                                 preconstructed_deck=version.preconstructed_deck,
                                 game=decklist.game, deck_format=decklist.deck_format or None)
    return RegisteredList(registration=registration, version=version,
                          copies=list(counts.items()), total=len(version.cards),
                          problems=problems, fixed=event.lists_fixed(now))


def deck_checks_of(event: Event, registration: Registration | None = None) -> QuerySet[DeckCheck]:
    """The event's deck checks, newest first (for the organizers only)."""
    checks = DeckCheck.objects.filter(event=event).select_related(
        "registration__player", "decklist_version", "by").order_by("-at", "-id")
    return checks.filter(registration=registration) if registration is not None else checks


# Rounds ------------------------------------------------------------------------------------

TOP_CUT_NAMES = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}


def label_for(stage: str, number: int, tables: int) -> str:
    """The same words as `tournaments.selectors.round_label`, from a count already read."""
    if stage == RoundStage.SWISS:
        return f"Round {number}"
    return TOP_CUT_NAMES.get(tables, f"Top {2 * tables}")


def rounds_labelled(event: Event) -> list[Round]:
    """The event's rounds in order, each with `tables` (matches, the bye included) and
    `label`, in one query."""
    rounds = list(Round.objects.filter(event=event).annotate(tables=Count("matches"))
                  .order_by("number"))
    for rnd in rounds:
        rnd.label = label_for(rnd.stage, rnd.number, rnd.tables)
    return rounds


def round_matches(rnd: Round) -> list[Match]:
    return list(matches_for_round(rnd))


# The pairings page, read as values: a 512-player round as model instances (each match with
# its reports' JSON, each seat with its user) cost ten times the rest of the page.

class RoundChoice(NamedTuple):
    id: int
    number: int
    stage: str
    status: str
    tables: int
    label: str


def round_choices(event: Event) -> list[RoundChoice]:
    """`rounds_labelled` without the rows' explanations, in one query."""
    return [RoundChoice(pk, number, stage, status, tables, label_for(stage, number, tables))
            for pk, number, stage, status, tables in (
                Round.objects.filter(event=event).order_by("number")
                .annotate(tables=Count("matches"))
                .values_list("id", "number", "stage", "status", "tables"))]


class TableSeat(NamedTuple):
    name: str
    is_ai: bool
    player_id: int | None


class TableRow(NamedTuple):
    """A match as the pairings show it, its numbers already text (the template would
    localize each one, and a round of 256 tables is rendered for every results version)."""

    pk: int
    table: int | None
    status: str
    a_wins: int | None
    b_wins: int | None
    draws: int | None
    player_a: TableSeat
    player_b: TableSeat | None
    number: str  # the table's, "" for the bye
    score: str  # the confirmed result from A's side, "2-1" or "1-1-1"; "" until then
    winner: str  # "a", "b", or "" (not confirmed, or a draw)

    @property
    def bye(self) -> bool:
        return self.player_b is None


_SEAT = ("_id", "__is_ai", "__ai_name", "__player_id", "__player__username")


def round_tables(round_id: int) -> list[TableRow]:
    """The round's matches, tables in order and the bye last, in one query."""
    rows = (Match.objects.filter(round_id=round_id).order_by("table", "id")
            .values_list("id", "table", "status", "a_wins", "b_wins", "draws",
                         *(f"player_{side}{path}" for side in "ab" for path in _SEAT)))
    tables = [_table(*row[:6], _seat(*row[6:11]), _seat(*row[11:16])) for row in rows]
    # The bye last (a bye has no table: SQLite would sort it first).
    return [t for t in tables if not t.bye] + [t for t in tables if t.bye]


def _table(pk: int, table: int | None, status: str, a_wins: int | None, b_wins: int | None,
           draws: int | None, a: TableSeat, b: TableSeat | None) -> TableRow:
    score = winner = ""
    if status == MatchStatus.CONFIRMED:
        score = f"{a_wins}-{b_wins}" + (f"-{draws}" if draws else "")
        winner = "a" if a_wins > b_wins else "b" if b_wins > a_wins else ""
    return TableRow(pk, table, status, a_wins, b_wins, draws, a, b,
                    "" if table is None else str(table), score, winner)


def _seat(pk: int | None, is_ai: bool, ai_name: str, player_id: int | None,
          username: str | None) -> TableSeat | None:
    if pk is None:
        return None
    return TableSeat(ai_name if is_ai else username, is_ai, player_id)


def explanation_of(round_id: int) -> list[str]:
    """`tournaments.selectors.round_explanation` of the round with this id."""
    explanation = Round.objects.filter(pk=round_id).values_list("explanation", flat=True).get()
    names = explanation.get("players", {})
    return [named(line, names) for line in explanation.get("lines", [])]


def champion_of(final: Round | None) -> Registration | None:
    """The winner of a confirmed final (a top-cut round of one match)."""
    if final is None or final.stage != RoundStage.TOP_CUT or final.tables != 1:
        return None
    match = (Match.objects.filter(round=final, status=MatchStatus.CONFIRMED)
             .select_related("player_a__player", "player_b__player").first())
    if match is None:
        return None
    return match.player_a if match.a_wins > match.b_wins else match.player_b


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
            return "Standings: no round is complete yet"
        return f"Standings after round {self.after}"

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

    @property
    def note(self) -> str:
        if self.made:
            text = ngettext("The player marked Top %(size)d made the cut.",
                            "The %(size)d players marked Top %(size)d made the cut.",
                            self.size) % {"size": self.size}
        else:
            text = ngettext(
                "If the Swiss rounds ended now, the player marked Top %(size)d would make "
                "the cut.",
                "If the Swiss rounds ended now, the %(size)d players marked Top %(size)d "
                "would make the cut.", self.size) % {"size": self.size}
        text += " The line is under the last place."
        if self.ai_allowed:
            return text + " AI seats may take a place in it."
        return text + " AI seats do not take a place in it: the next player does."


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
    else:
        excluded = {r.registration_id for r in rows if r.dropped or (r.is_ai and not allowed)}
        chosen = set(qualifiers([r.registration_id for r in rows], event.top_cut, excluded)[0])
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


# A player's history --------------------------------------------------------------------------

@dataclass(frozen=True)
class HistoryRow:
    match: Match
    round_label: str
    table: int | None
    opponent: Registration | None  # None: a bye
    outcome: str  # "Win", "Loss", "Draw", "Bye", "Not confirmed yet"
    score: str  # games from the player's side, "2-1" or "1-1-1"; "" until confirmed


def history_of(registration: Registration) -> list[HistoryRow]:
    """Every match of the seat in its event, from its side, in round order."""
    matches = list(
        Match.objects.filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("round", "player_a__player", "player_b__player")
        .annotate(round_tables=Count("round__matches"))
        .order_by("round__number"))
    rows = []
    for m in matches:
        mine_a = m.player_a_id == registration.pk
        opponent = m.player_b if mine_a else m.player_a
        label = label_for(m.round.stage, m.round.number, m.round_tables)
        if m.bye:
            outcome, score = "Bye", "2-0"
        elif m.status != MatchStatus.CONFIRMED:
            outcome, score = "Not confirmed yet", ""
        else:
            won, lost = (m.a_wins, m.b_wins) if mine_a else (m.b_wins, m.a_wins)
            outcome = "Win" if won > lost else "Loss" if won < lost else "Draw"
            score = f"{won}-{lost}" + (f"-{m.draws}" if m.draws else "")
        rows.append(HistoryRow(match=m, round_label=label, table=m.table, opponent=opponent,
                               outcome=outcome, score=score))
    return rows


def other_events_of(registration: Registration) -> list[Registration]:
    """The player's seats in other events (none for an AI seat)."""
    if registration.player_id is None:
        return []
    return list(Registration.objects.filter(player_id=registration.player_id)
                .exclude(pk=registration.pk).select_related("event")
                .order_by("-event__created_at"))


# A match and its audit trail -----------------------------------------------------------------

def score_text(result: dict | None) -> str:
    if not result:
        return ""
    text = f"{result['a_wins']}-{result['b_wins']}"
    return text + (f"-{result['draws']}" if result.get("draws") else "")


def snapshot_text(snapshot: dict, a: str, b: str) -> str:
    """A `ResultChange` snapshot in words: 'Confirmed 2-1', 'alice says 2-0', ..."""
    if not snapshot:
        return "Not played yet"
    status = snapshot.get("status")
    if status == MatchStatus.CONFIRMED:
        text = f"Confirmed {score_text(snapshot)}"
        return text + (" (by the engine)" if snapshot.get("engine_verified") else "")
    says = [f"{name} says {score_text(snapshot.get(key))}"
            for name, key in ((a, "report_a"), (b, "report_b")) if snapshot.get(key)]
    label = {MatchStatus.DISPUTED: "Disputed", MatchStatus.REPORTED: "Reported"}.get(
        status, "Pending")
    return f"{label}: {'; '.join(says)}" if says else label


@dataclass(frozen=True)
class ChangeRow:
    change: ResultChange
    by: str
    before: str
    after: str


def history_rows(match: Match) -> list[ChangeRow]:
    a = match.player_a.name
    b = match.player_b.name if match.player_b_id else "bye"
    return [ChangeRow(change=c, by=c.by.get_username() if c.by else "system",
                      before=snapshot_text(c.before, a, b), after=snapshot_text(c.after, a, b))
            for c in result_history(match)]


def engine_job_of(match: Match) -> MatchJob | None:
    """The engine's job of an AI-against-AI match (None if it has none)."""
    return MatchJob.objects.filter(match=match).first()


def match_in_event(event: Event, match_id: int) -> Match | None:
    return (Match.objects.filter(pk=match_id, round__event=event)
            .select_related("round", "player_a__player", "player_b__player").first())


def side_of(match: Match, user: AbstractBaseUser | AnonymousUser) -> str | None:
    """'a' or 'b' if `user` plays the match (the players are already loaded)."""
    if not user.is_authenticated:
        return None
    if match.player_a.player_id == user.pk:
        return "a"
    if match.player_b_id is not None and match.player_b.player_id == user.pk:
        return "b"
    return None


# The organizer's dashboard -------------------------------------------------------------------

@dataclass
class Dashboard:
    """What the organizer can do next, from the event's state. The services still decide:
    a button shown at the wrong moment answers with the service's reason."""

    rounds: list[Round]
    last: Round | None
    # The last round's results to confirm, each with `job_error` (why its engine job failed,
    # or None), `last_note` (the note of its last change: why the engine disputed it) and
    # `playing_online` (a game of it is being played online: the engine will decide it).
    open_matches: list[Match] = field(default_factory=list)
    next_number: int = 1
    can_pair: bool = False
    can_start_top_cut: bool = False
    can_advance: bool = False
    can_complete: bool = False
    champion: Registration | None = None


def dashboard_for(event: Event) -> Dashboard:
    rounds = rounds_labelled(event)
    last = rounds[-1] if rounds else None
    open_ = []
    if last is not None:
        # Disputed first: they wait for the organizer; then one report, then none.
        order = {MatchStatus.DISPUTED: 0, MatchStatus.REPORTED: 1, MatchStatus.PENDING: 2}
        # Why a match waits for the organizer, read with it: the reason its engine job
        # failed (a refused result), the note of its last change (why it is disputed).
        reasons = matches_for_round(last).annotate(
            job_error=Subquery(MatchJob.objects.filter(
                match=OuterRef("pk"), status=JobStatus.FAILED).values("error")[:1]),
            last_note=Subquery(ResultChange.objects.filter(match=OuterRef("pk"))
                               .order_by("-id").values("note")[:1]),
            # A game of it is being played online: the engine decides, not the reports.
            playing_online=Exists(OnlineGame.objects.filter(match=OuterRef("pk")).exclude(
                status=GameStatus.FINISHED)))
        open_ = sorted((m for m in reasons if m.status != MatchStatus.CONFIRMED),
                       key=lambda m: (order[m.status], m.table or 0))
    board = Dashboard(rounds=rounds, last=last, open_matches=open_,
                      next_number=(last.number if last else 0) + 1)
    settled = last is None or not open_
    swiss_played = sum(1 for r in rounds if r.stage == RoundStage.SWISS)
    if event.status == EventStatus.RUNNING and settled:
        if swiss_played < (event.rounds or 0):
            board.can_pair = True
        elif event.top_cut:
            board.can_start_top_cut = True
        else:
            board.can_complete = True
    elif event.status == EventStatus.TOP_CUT and settled and last is not None:
        if last.tables > 1:
            board.can_advance = True
        else:
            board.can_complete = True
            board.champion = champion_of(last)
    elif event.status == EventStatus.COMPLETE:
        board.champion = champion_of(last)
    return board


# A player's standing round by round, as a chart -----------------------------------------------

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
    """The chart for `tournaments.standings_history.standing_by_round`'s rows; None when
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
