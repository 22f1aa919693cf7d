"""Match results: each player reports, two matching reports confirm, conflicting reports
dispute the match for the organizer; the organizer enters or corrects any result; the engine
confirms the games it decided. Every change leaves a `ResultChange` (who, when, before, after).

Results are always written from player A's side (A's game wins, B's game wins, drawn games),
whoever sends them. Which scores a match may have is `engine.clash.match_rules.MatchFormat`
(rule C-7.5b: the first to win the majority of the match's length, drawn games not counted,
at most the length + 2 games; a Swiss match may end drawn or at time; a top-cut match needs a
winner), the same definition the engine's match loop stops by.

One writer, `results_write`, makes every change of a match's result or reports, whatever the
path: a player's report and the confirmation it brings, the organizer's result, the engine's
(a single job, a batch of jobs, an online game, a replayed record). It checks every score the
change sets and that the event's results are open, and refuses an illegal score with one
error, `ResultRefused` (code "invalid_result"); the forms and the API raise the same error
before it (`tournaments.rules.score_check`).

The games the engine plays or verifies decide a match before any hand report (rule C-7.5b
counts games, and the engine has counted them): while one of its games is being played online
a report is refused, saying the engine will decide; and a report that contradicts the
verified games (fewer wins for a side than the engine saw, or another score for a match the
games have decided) is refused too (`_engine_check`). The organizer still sets any result.

A player against the AI seat has no opponent to agree with: their report waits for the engine
(`result_record_engine`) or the organizer (`result_set`) to confirm it.

Locks: the match's round, then the match (the organizer's services lock the event first), so
concurrent reports and corrections of one match happen one after another, and the last
confirmation of a round sees all the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.bulk import insert_rows, update_rows
from core.errors import Conflict, DomainError, Forbidden
from engine.clash.match_rules import MatchFormat
from engine.seats import SIDE_A, SIDE_B
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    ResultAction,
    ResultChange,
    Round,
    RoundStage,
    RoundStatus,
)
from tournaments.rules import SCORE_FIELDS, score_check
from tournaments.selectors.matches import match_format, verified_score
from tournaments.selectors.matches import side_of as _side_of
from tournaments.selectors.online import current_online_game

from .audit import snapshot
from .guards import lock_event_of_match, lock_match, require_organizer
from .live import match_changed
from .match_notices import report_wanted_notify
from .standings import results_version_bump
from .states import match_move, round_move

__all__ = [
    "ResultWrite",
    "confirmation",
    "engine_write",
    "result_record_engine",
    "result_report",
    "result_set",
    "results_write",
]

# The one writer ------------------------------------------------------------------------------

@dataclass
class ResultWrite:
    """One change of a match's result or reports. `match` is locked by the caller (its
    round, then the match: `lock_match`) and `rnd` is its round, `event` the round's event;
    `changes` are the match's new values (of audit.SNAPSHOT_FIELDS and `confirmed_at`)."""

    event: Event
    rnd: Round
    match: Match
    action: str  # ResultAction
    changes: dict
    by: AbstractBaseUser | None = None
    note: str = ""
    # A note the site writes: its code and values (tournaments.presenters.result_notes).
    note_code: str = ""
    note_params: dict = field(default_factory=dict)


def results_write(writes: Sequence[ResultWrite], *, now: datetime,
                  raise_refusal: bool = True) -> dict[int, DomainError]:
    """Make the changes, each with its `ResultChange`, and complete the rounds whose last
    result they confirm. Every path that changes a match's result or reports comes here.

    A change is refused when the event is complete (Conflict "event_complete") or when a score
    it sets (the confirmed result, a player's report) is not one the match's format allows
    (`ResultRefused`); a refused change writes nothing. With `raise_refusal` the first refusal
    is raised before anything is written; without it (a batch of engine jobs) the others are
    written and the refusals returned by match id."""
    refused: dict[int, DomainError] = {}
    for write in writes:
        try:
            _write_check(write)
        except DomainError as refusal:
            if raise_refusal:
                raise
            refused[write.match.pk] = refusal
    accepted = [w for w in writes if w.match.pk not in refused]
    rows = []
    for write in accepted:
        match = write.match
        before = snapshot(match)
        if "status" in write.changes:
            match_move(match, write.changes["status"])
        for name, value in write.changes.items():
            setattr(match, name, value)
        rows.append((match.pk, write.by.pk if write.by is not None else None, write.action,
                     before, snapshot(match), write.note[:200], write.note_code,
                     write.note_params, now))
    _save(accepted)
    insert_rows(ResultChange, ("match_id", "by_id", "action", "before", "after", "note",
                               "note_code", "note_params", "at"), rows)
    for rnd in {w.rnd.pk: w.rnd for w in accepted}.values():
        _round_complete_if_done(rnd, now)
    for write in accepted:
        match_changed(match_id=write.match.pk)
    # Last, after the rounds and matches: the standings' version (tournaments.services.standings).
    for event_id in sorted({w.event.pk for w in accepted}):
        results_version_bump(event_id=event_id)
    return refused


def _write_check(write: ResultWrite) -> None:
    _require_results_open(write.event)
    fmt = match_format(write.event, write.rnd)
    after = {**snapshot(write.match), **write.changes}
    scores = [after[side] for side in ("report_a", "report_b")
              if side in write.changes and after[side] is not None]
    if write.action == ResultAction.REPORT and scores:
        _engine_check(write.match, fmt, scores)
    if (after["status"] == MatchStatus.CONFIRMED and not write.match.bye
            and {"status", *SCORE_FIELDS} & write.changes.keys()):
        scores.append({name: after[name] for name in SCORE_FIELDS})
    for score in scores:
        score_check(fmt, **score)


def _engine_check(match: Match, fmt: MatchFormat, reports: Sequence[dict]) -> None:
    """Refuse a hand report while the engine decides the match: one of its games is being
    played online (Conflict "engine_decides"), or the report contradicts the games the
    engine verified (Conflict "contradicts_engine")."""
    current = current_online_game(match)
    if current is not None:
        playing = current.game_number
        raise Conflict("engine_decides",
                       gettext("Game %(playing)s of this match is being played online: the "
                               "engine will decide the match, so no report is needed")
                       % {"playing": playing},
                       params={"game": playing})
    tally = verified_score(match)
    games = sum(tally.values())
    if not games:
        return
    decided = fmt.over(tally["a_wins"], tally["b_wins"], tally["draws"])
    for report in reports:
        short = any(report[name] < tally[name] for name in SCORE_FIELDS)
        if short or (decided and report != tally):
            raise Conflict("contradicts_engine", ngettext(
                "The engine verified %(games)d game of this match (%(score)s): a report of "
                "%(report)s contradicts it. Report a score that includes it, or ask an "
                "organizer",
                "The engine verified %(games)d games of this match (%(score)s): a report of "
                "%(report)s contradicts them. Report a score that includes them, or ask an "
                "organizer", games) % {"games": games, "score": _score(tally),
                                       "report": _score(report)},
                           params={"games": games, "score": _score(tally),
                                   "report": _score(report)})


def _save(writes: list[ResultWrite]) -> None:
    """One UPDATE per set of changed columns (a batch's confirmations are one statement:
    the shared values set once, the scores per row). A status among them was moved by
    `match_move` in `results_write`, row by row, before it gets here."""
    groups: dict[tuple[str, ...], list[ResultWrite]] = {}
    for write in writes:
        groups.setdefault(tuple(sorted(write.changes)), []).append(write)
    for names, group in groups.items():
        first = group[0].changes
        if len(group) == 1 or any(isinstance(w.changes[n], dict | list)
                                  for w in group for n in names):
            for write in group:
                Match.objects.filter(pk=write.match.pk).update(**write.changes)
            continue
        same = {n: first[n] for n in names if all(w.changes[n] == first[n] for w in group)}
        varying = [n for n in names if n not in same]
        if varying:
            update_rows(Match, varying, [(w.match.pk, *(w.changes[n] for n in varying))
                                         for w in group], **same)
        else:
            Match.objects.filter(pk__in=[w.match.pk for w in group]).update(**same)


def confirmation(score: dict, now: datetime, **more: object) -> dict:
    """The changes that confirm `score`."""
    return {"status": MatchStatus.CONFIRMED, **score, "confirmed_at": now, **more}


def engine_write(*, event: Event, rnd: Round, match: Match, score: dict,
                 now: datetime) -> ResultWrite | None:
    """What the engine's `score` does to the match: the write that confirms it (marked
    `engine_verified`), None if the match is confirmed with that score already, and a refusal
    (DomainError) if it cannot be recorded: a bye, a complete event, a score the match's
    format does not allow, a match confirmed with another score (an organizer settles it)."""
    if match.bye:
        raise Conflict("bye", gettext("a bye is a 2-0 win: it has no games to record"))
    _require_results_open(event)
    result = score_check(match_format(event, rnd), **score)
    if match.status == MatchStatus.CONFIRMED:
        if result == _confirmed(match):
            return None
        raise Conflict("already_confirmed",
                       gettext("table %(table)s is confirmed as %(match)s, the engine recorded "
                               "%(result)s: an organizer settles it")
                       % {"table": match.table, "match": _score(_confirmed(match)),
                          "result": _score(result)},
                       params={"table": match.table, "score": _score(_confirmed(match)),
                               "engine_score": _score(result)})
    return ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.ENGINE,
                       changes=confirmation(result, now, engine_verified=True))


@transaction.atomic
def result_report(*, match_id: int, by: AbstractBaseUser, a_wins: int, b_wins: int,
                  draws: int = 0, now: datetime) -> Match:
    """One player's report. The second player's matching report confirms the match; a
    different one disputes it. Sending the same report again changes nothing; a player may
    change their report until the match is confirmed."""
    rnd, match = lock_match(match_id)
    event = Event.objects.get(pk=rnd.event_id)
    side = _side_of(match, by)
    if side is None:
        raise Forbidden("not_your_match", gettext("only the two players of a match report its "
                                                  "result; organizers set results"))
    if match.bye:
        raise Conflict("bye", gettext("a bye is a 2-0 win: there is nothing to report"))
    _require_results_open(event)
    result = _checked(event, rnd, a_wins, b_wins, draws)
    if match.status == MatchStatus.CONFIRMED:
        if result == _confirmed(match):
            return match  # the report arrived after the match was confirmed with it
        raise Conflict("already_confirmed",
                       gettext("table %(table)s is confirmed as %(match)s: ask an organizer to "
                               "correct it")
                       % {"table": match.table, "match": _score(_confirmed(match))},
                       params={"table": match.table, "score": _score(_confirmed(match))})
    field = f"report_{side}"
    if getattr(match, field) == result:
        return match
    other = match.report_b if side == SIDE_A else match.report_a
    if other is None:
        changes = {field: result, "status": MatchStatus.REPORTED}
    elif other == result:
        changes = {field: result, **confirmation(result, now)}
    else:
        changes = {field: result, "status": MatchStatus.DISPUTED}
    results_write([ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.REPORT,
                               changes=changes, by=by)], now=now)
    if changes["status"] == MatchStatus.REPORTED:
        report_wanted_notify(match=match, reported_by_side=side)
    return match


@transaction.atomic
def result_set(*, match_id: int, by: AbstractBaseUser, a_wins: int, b_wins: int,
               draws: int = 0, now: datetime, note: str = "") -> Match:
    """An organizer enters or corrects the result: it is confirmed at once, whatever the
    reports said. A Swiss result is final once the top cut is seeded from it, and a bracket
    result is final once its winner plays the next round."""
    event = lock_event_of_match(match_id)
    require_organizer(event, by)
    rnd, match = lock_match(match_id)
    if match.bye:
        raise Conflict("bye", gettext("a bye is a 2-0 win: it has no result to set"))
    _require_results_open(event)
    result = _checked(event, rnd, a_wins, b_wins, draws)
    if match.status == MatchStatus.CONFIRMED and result == _confirmed(match):
        return match
    if rnd.stage == RoundStage.SWISS and event.status == EventStatus.TOP_CUT:
        raise Conflict("swiss_final", gettext("the top cut was seeded from the Swiss results: "
                                              "they cannot change now"))
    if (rnd.stage == RoundStage.TOP_CUT and match.status == MatchStatus.CONFIRMED
            and _winner(result) != _winner(_confirmed(match))
            and Round.objects.filter(event=event, number__gt=rnd.number).exists()):
        raise Conflict("bracket_moved_on", gettext("the winner of table %(table)s already plays "
                                                   "the next round: the winner cannot change now")
                                           % {"table": match.table},
                       params={"table": match.table})
    results_write([ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.ORGANIZER,
                               changes=confirmation(result, now, engine_verified=False),
                               by=by, note=note)], now=now)
    return match


@transaction.atomic
def result_record_engine(*, match_id: int, a_wins: int, b_wins: int, draws: int = 0,
                         now: datetime) -> Match:
    """The engine decided the games: the result is confirmed at once and marked
    `engine_verified`. Recording the same result again is a no-op; a different result for a
    match already confirmed is a Conflict (the organizer settles it)."""
    rnd, match = lock_match(match_id)
    event = Event.objects.get(pk=rnd.event_id)
    write = engine_write(event=event, rnd=rnd, match=match,
                         score={"a_wins": a_wins, "b_wins": b_wins, "draws": draws}, now=now)
    if write is not None:
        results_write([write], now=now)
    return match


def _round_complete_if_done(rnd: Round, now: datetime) -> None:
    """playing -> complete when the round's last result is confirmed (the caller holds the
    round's lock, so exactly one confirmation sees the round finished)."""
    if rnd.status == RoundStatus.PLAYING and not rnd.matches.exclude(
            status=MatchStatus.CONFIRMED).exists():
        round_move(rnd, RoundStatus.COMPLETE)
        rnd.completed_at = now
        rnd.save(update_fields=["status", "completed_at"])


def _require_results_open(event: Event) -> None:
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete", gettext("%(event)s is complete: its results are final")
                                         % {"event": event.name},
                       params={"event": event.name})


def _checked(event: Event, rnd: Round, a_wins: int, b_wins: int, draws: int) -> dict:
    return score_check(match_format(event, rnd), a_wins=a_wins, b_wins=b_wins, draws=draws)


def _confirmed(match: Match) -> dict:
    return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


def _winner(result: dict) -> str | None:
    if result["a_wins"] == result["b_wins"]:
        return None
    return SIDE_A if result["a_wins"] > result["b_wins"] else SIDE_B


def _score(result: dict) -> str:
    score = f"{result['a_wins']}-{result['b_wins']}"
    return score + (f"-{result['draws']}" if result["draws"] else "")
