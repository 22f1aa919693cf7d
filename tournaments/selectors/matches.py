"""Reading matches: a round's tables, a match and who plays it, its format and the score its
verified games make, its audit trail, its engine job. Pairings are public; who may
see a match's page and history is `selectors.access.may_see_match`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import F, Q, QuerySet
from django.utils.translation import gettext

from accounts.selectors.profiles import shown_name_of
from engine.clash.match_rules import MatchFormat
from engine.seats import DRAW_NAME, LETTER_A, LETTER_B, SIDE_A, SIDE_B, SIDES
from tournaments.models import (
    EngineGame,
    Event,
    Match,
    MatchJob,
    MatchStatus,
    Registration,
    ResultChange,
    Round,
    RoundStage,
)
from tournaments.models.registrations import registration_shown_name

User = AbstractBaseUser | AnonymousUser


def matches_for_player(event: Event, user: AbstractBaseUser) -> QuerySet[Match]:
    return (Match.objects.filter(round__event=event)
            .filter(Q(player_a__player=user) | Q(player_b__player=user))
            .select_related("round", "player_a__player__profile", "player_b__player__profile")
            .order_by("round__number"))


def result_history(match: Match) -> QuerySet[ResultChange]:
    """Who changed the result, when, and what it was before and after, in the order the
    changes were made. That is the id order: changes are written under the match's lock, but
    `at` is the time each request came with, and two racing requests can arrive the other way
    round."""
    return ResultChange.objects.filter(match=match).select_related("by").order_by("id")


# A bye has no table. NULLs sort first on SQLite and last on PostgreSQL, so say where.
BY_TABLE_BYE_LAST = (F("table").asc(nulls_last=True), "id")


def matches_by_table(rnd: Round | None = None) -> QuerySet[Match]:
    """Tables in order, the bye last, on every database."""
    matches = Match.objects.select_related("player_a__player__profile", "player_b__player__profile")
    if rnd is not None:
        matches = matches.filter(round=rnd)
    return matches.order_by(*BY_TABLE_BYE_LAST)


def match_seen(match_id: int) -> Match | None:
    """Any match (pairings are public), with its round, event and players."""
    return (Match.objects.select_related("round__event", "player_a__player__profile",
                                         "player_b__player__profile")
            .filter(pk=match_id).first())


def round_matches(rnd: Round) -> list[Match]:
    return list(matches_by_table(rnd))


# The pairings page, read as values: a 512-player round as model instances (each match with
# its reports' JSON, each seat with its user) cost ten times the rest of the page.

class TableSeat(NamedTuple):
    name: str
    is_ai: bool
    player_id: int | None
    # Last and with a default: rows kept by a version without it still read back.
    registration_id: int | None = None


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
    winner: str  # SIDE_A, SIDE_B, or "" (not confirmed, or a draw)
    # A bye the organizer awarded (Registration.awarded_byes covers the round). Last and with
    # a default: rows kept by a version without it still read back.
    awarded: bool = False

    @property
    def bye(self) -> bool:
        return self.player_b is None

    @property
    def a_won(self) -> bool:
        return self.winner == SIDE_A

    @property
    def b_won(self) -> bool:
        return self.winner == SIDE_B


def _seat_values(side: str) -> tuple:
    return (f"player_{side}_id", f"player_{side}__is_ai", f"player_{side}__ai_name",
            f"player_{side}__player_id", shown_name_of(f"player_{side}__player"),
            f"player_{side}__guest_name")


def round_tables(round_id: int) -> list[TableRow]:
    """The round's matches, tables in order and the bye last, in one query."""
    rows = (Match.objects.filter(round_id=round_id).order_by(*BY_TABLE_BYE_LAST)
            .values_list("id", "table", "status", "a_wins", "b_wins", "draws",
                         *(value for side in SIDES for value in _seat_values(side)),
                         "round__number", "player_a__awarded_byes"))
    return [_table(*row[:6], _seat(*row[6:12]), _seat(*row[12:18]),
                   awarded=row[12] is None and row[18] <= row[19]) for row in rows]


def _table(pk: int, table: int | None, status: str, a_wins: int | None, b_wins: int | None,
           draws: int | None, a: TableSeat, b: TableSeat | None, *,
           awarded: bool = False) -> TableRow:
    score = winner = ""
    if status == MatchStatus.CONFIRMED:
        score = f"{a_wins}-{b_wins}" + (f"-{draws}" if draws else "")
        winner = SIDE_A if a_wins > b_wins else SIDE_B if b_wins > a_wins else ""
    return TableRow(pk, table, status, a_wins, b_wins, draws, a, b,
                    "" if table is None else str(table), score, winner, awarded)


def _seat(pk: int | None, is_ai: bool, ai_name: str, player_id: int | None,
          shown: str | None, guest_name: str) -> TableSeat | None:
    if pk is None:
        return None
    return TableSeat(registration_shown_name(pk, is_ai, ai_name, shown, guest_name), is_ai,
                     player_id, pk)


class NameRow(NamedTuple):
    """A line of the pairings by name: a player, their table and opponent (None: a bye),
    and the match points they bring into the round."""

    name: str
    is_ai: bool
    table: str  # "" for the bye
    opponent: TableSeat | None
    points: int
    awarded: bool = False  # a bye the organizer awarded
    registration_id: int | None = None  # the player's seat


def pairings_by_name(tables: list[TableRow], points: dict[int, int]) -> list[NameRow]:
    """Every player of the round's `tables` (`round_tables`) A to Z, each with their table
    and opponent; `points` are the match points by registration id (`points_before`)."""
    rows = []
    for m in tables:
        for me, other in ((m.player_a, m.player_b), (m.player_b, m.player_a)):
            if me is not None:
                rows.append(NameRow(me.name, me.is_ai, m.number, other,
                                    points.get(me.registration_id, 0), m.awarded,
                                    me.registration_id))
    return sorted(rows, key=lambda r: (r.name.casefold(), r.name, r.table))


# A match and its audit trail -----------------------------------------------------------------

def score_text(result: dict | None) -> str:
    if not result:
        return ""
    text = f"{result['a_wins']}-{result['b_wins']}"
    return text + (f"-{result['draws']}" if result.get("draws") else "")


def snapshot_text(snapshot: dict, a: str, b: str) -> str:
    """A `ResultChange` snapshot in words: 'Confirmed 2-1', 'alice says 2-0', ..."""
    if not snapshot:
        return gettext("Not played yet")
    status = snapshot.get("status")
    if status == MatchStatus.CONFIRMED:
        text = (gettext("Confirmed %(score)s (by the engine)")
                if snapshot.get("engine_verified") else gettext("Confirmed %(score)s"))
        return text % {"score": score_text(snapshot)}
    says = [gettext("%(name)s says %(score)s")
            % {"name": name, "score": score_text(snapshot.get(key))}
            for name, key in ((a, "report_a"), (b, "report_b")) if snapshot.get(key)]
    label = {MatchStatus.DISPUTED: gettext("Disputed"),
             MatchStatus.REPORTED: gettext("Reported")}.get(status) or gettext("Pending")
    return (gettext("%(status)s: %(reports)s") % {"status": label, "reports": "; ".join(says)}
            if says else label)


@dataclass(frozen=True)
class ChangeRow:
    change: ResultChange
    by: str
    before: str
    after: str
    # As stored (English when the site wrote it): presenters.result_notes.notes_shown puts
    # the site's notes (`change.note_code`, `note_params`) into the reader's language.
    note: str = ""


def history_rows(match: Match) -> list[ChangeRow]:
    a = match.player_a.name
    b = match.player_b.name if match.player_b_id else gettext("bye")
    return [ChangeRow(change=c, by=c.by.get_username() if c.by else gettext("system"),
                      before=snapshot_text(c.before, a, b), after=snapshot_text(c.after, a, b),
                      note=c.note)
            for c in result_history(match)]


def match_format(event: Event, rnd: Round) -> MatchFormat:
    """The length and stage a match of `rnd` is played in."""
    return MatchFormat(best_of=event.match_length, top_cut=rnd.stage == RoundStage.TOP_CUT)


def verified_score(match: Match) -> dict[str, int]:
    """The verified engine games of the match with a result (played online, by the workers,
    or replayed from an uploaded record), as a score from A's side."""
    winners = list(EngineGame.objects.filter(match=match, verified=True).exclude(winner="")
                   .values_list("winner", flat=True))
    return {"a_wins": winners.count(LETTER_A), "b_wins": winners.count(LETTER_B),
            "draws": winners.count(DRAW_NAME)}


def engine_job_of(match: Match) -> MatchJob | None:
    """The engine's job of an AI-against-AI match (None if it has none), with why it failed
    as stored (`error_code`, `error_params`; presenters.job_errors puts it into words)."""
    return MatchJob.objects.filter(match=match).first()


def match_in_event(event: Event, match_id: int) -> Match | None:
    return (Match.objects.filter(pk=match_id, round__event=event)
            .select_related("round", "player_a__player__profile",
                            "player_b__player__profile").first())


def side_of(match: Match, user: User | None) -> str | None:
    """The side (SIDE_A or SIDE_B) `user` plays in the match, else None; from the players
    already loaded with the match (the pages), else in one query (the services, under the
    match's lock)."""
    if user is None or not user.is_authenticated:
        return None
    if Match.player_a.is_cached(match) and (match.player_b_id is None
                                             or Match.player_b.is_cached(match)):
        players = {match.player_a_id: match.player_a.player_id,
                   match.player_b_id: match.player_b.player_id if match.player_b_id else None}
    else:
        players = dict(Registration.objects.filter(pk__in=[match.player_a_id, match.player_b_id])
                       .values_list("pk", "player_id"))
    if players.get(match.player_a_id) == user.pk:
        return SIDE_A
    if match.player_b_id is not None and players.get(match.player_b_id) == user.pk:
        return SIDE_B
    return None
