"""Match results: each player reports, two matching reports confirm, conflicting reports
dispute the match for the organizer; the organizer enters or corrects any result; the engine
confirms the games it decided. Every change leaves a `ResultChange` (who, when, before, after).

Results are always written from player A's side (A's game wins, B's game wins, drawn games),
whoever sends them. Game counts are checked against the match length: best of 3, the winner
has won 2 games and at most 3 games were played; best of 1, one game (won or drawn). A top-cut
match needs a winner.

A player against the AI seat has no opponent to agree with: their report waits for the engine
(`result_record_engine`) or the organizer (`result_set`) to confirm it.

Locks: the match's round, then the match (the organizer's services lock the event first), so
concurrent reports and corrections of one match happen one after another, and the last
confirmation of a round sees all the others.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from clash.domain import Conflict, DomainError
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchLength,
    MatchStatus,
    Registration,
    ResultAction,
    Round,
    RoundStage,
    RoundStatus,
)

from .access import lock_event, lock_match, require_organizer
from .audit import change_record, snapshot
from .standings import results_version_bump
from .states import match_move


def result_problems(*, match_length: int, top_cut: bool, a_wins: int, b_wins: int,
                    draws: int) -> list[str]:
    """Every reason the game counts cannot be a result of such a match."""
    values = {"a_wins": a_wins, "b_wins": b_wins, "draws": draws}
    problems = [f"{name} must be a whole number of games (0 or more), not {v!r}"
                for name, v in values.items()
                if not isinstance(v, int) or isinstance(v, bool) or v < 0]
    if problems:
        return problems
    games = a_wins + b_wins + draws
    if match_length == MatchLength.BEST_OF_1:
        if games != 1:
            problems.append(f"a best-of-1 match is one game (1-0, 0-1 or a drawn game 0-0-1), "
                            f"not {games} games")
    else:
        if max(a_wins, b_wins) > 2:
            problems.append("a best-of-3 match ends when a player has won 2 games")
        elif a_wins != b_wins and max(a_wins, b_wins) != 2:
            problems.append("the winner of a best-of-3 match has won 2 games")
        if games > 3:
            problems.append(f"a best-of-3 match has at most 3 games, not {games}")
        elif games == 0:
            problems.append("a match has at least one game")
    if top_cut and a_wins == b_wins:
        problems.append("a top-cut match needs a winner: it cannot end in a draw")
    return problems


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
        raise DomainError("not_your_match", "only the two players of a match report its "
                                            "result; organizers set results", status=403)
    if match.bye:
        raise Conflict("bye", "a bye is a 2-0 win: there is nothing to report")
    _require_results_open(event)
    result = _checked(event, rnd, a_wins, b_wins, draws)
    if match.status == MatchStatus.CONFIRMED:
        if result == _confirmed(match):
            return match  # the report arrived after the match was confirmed with it
        raise Conflict("already_confirmed",
                       f"table {match.table} is confirmed as {_score(_confirmed(match))}: "
                       f"ask an organizer to correct it")
    field = f"report_{side}"
    if getattr(match, field) == result:
        return match
    before = snapshot(match)
    setattr(match, field, result)
    other = match.report_b if side == "a" else match.report_a
    if other is None:
        match_move(match, MatchStatus.REPORTED)
    elif other == result:
        _confirm(match, result, now)
    else:
        match_move(match, MatchStatus.DISPUTED)
    match.save()
    change_record(match=match, by=by, action=ResultAction.REPORT, before=before, now=now)
    round_complete_if_done(rnd, now)
    results_version_bump(event_id=rnd.event_id)
    return match


@transaction.atomic
def result_set(*, match_id: int, by: AbstractBaseUser, a_wins: int, b_wins: int,
               draws: int = 0, now: datetime, note: str = "") -> Match:
    """An organizer enters or corrects the result: it is confirmed at once, whatever the
    reports said. A Swiss result is final once the top cut is seeded from it, and a bracket
    result is final once its winner plays the next round."""
    event_id = (Match.objects.filter(pk=match_id).values_list("round__event_id", flat=True)
                .first())
    if event_id is None:
        raise DomainError("not_found", f"no match {match_id}", status=404)
    event = lock_event(event_id)
    require_organizer(event, by)
    rnd, match = lock_match(match_id)
    if match.bye:
        raise Conflict("bye", "a bye is a 2-0 win: it has no result to set")
    _require_results_open(event)
    result = _checked(event, rnd, a_wins, b_wins, draws)
    if match.status == MatchStatus.CONFIRMED and result == _confirmed(match):
        return match
    if rnd.stage == RoundStage.SWISS and event.status == EventStatus.TOP_CUT:
        raise Conflict("swiss_final", "the top cut was seeded from the Swiss results: they "
                                      "cannot change now")
    if (rnd.stage == RoundStage.TOP_CUT and match.status == MatchStatus.CONFIRMED
            and _winner(result) != _winner(_confirmed(match))
            and Round.objects.filter(event=event, number__gt=rnd.number).exists()):
        raise Conflict("bracket_moved_on", f"the winner of table {match.table} already plays "
                                           f"the next round: the winner cannot change now")
    before = snapshot(match)
    _confirm(match, result, now)
    match.engine_verified = False
    match.save()
    change_record(match=match, by=by, action=ResultAction.ORGANIZER, before=before, now=now,
                  note=note[:200])
    round_complete_if_done(rnd, now)
    results_version_bump(event_id=rnd.event_id)
    return match


@transaction.atomic
def result_record_engine(*, match_id: int, a_wins: int, b_wins: int, draws: int = 0,
                         now: datetime) -> Match:
    """The engine decided the games: the result is confirmed at once and marked
    `engine_verified`. Recording the same result again is a no-op; a different result for a
    match already confirmed is a Conflict (the organizer settles it)."""
    rnd, match = lock_match(match_id)
    event = Event.objects.get(pk=rnd.event_id)
    if match.bye:
        raise Conflict("bye", "a bye is a 2-0 win: it has no games to record")
    _require_results_open(event)
    result = _checked(event, rnd, a_wins, b_wins, draws)
    if match.status == MatchStatus.CONFIRMED:
        if result == _confirmed(match):
            return match
        raise Conflict("already_confirmed",
                       f"table {match.table} is confirmed as {_score(_confirmed(match))}, the "
                       f"engine recorded {_score(result)}: an organizer settles it")
    before = snapshot(match)
    _confirm(match, result, now)
    match.engine_verified = True
    match.save()
    change_record(match=match, by=None, action=ResultAction.ENGINE, before=before, now=now)
    round_complete_if_done(rnd, now)
    results_version_bump(event_id=rnd.event_id)
    return match


def round_complete_if_done(rnd: Round, now: datetime) -> None:
    """playing -> complete when the round's last result is confirmed (the caller holds the
    round's lock, so exactly one confirmation sees the round finished)."""
    if rnd.status == RoundStatus.PLAYING and not rnd.matches.exclude(
            status=MatchStatus.CONFIRMED).exists():
        rnd.status = RoundStatus.COMPLETE
        rnd.completed_at = now
        rnd.save(update_fields=["status", "completed_at"])


def _side_of(match: Match, user: AbstractBaseUser) -> str | None:
    if user.pk is None:
        return None
    players = dict(Registration.objects.filter(pk__in=[match.player_a_id, match.player_b_id])
                   .values_list("pk", "player_id"))
    if players.get(match.player_a_id) == user.pk:
        return "a"
    if match.player_b_id is not None and players.get(match.player_b_id) == user.pk:
        return "b"
    return None


def _require_results_open(event: Event) -> None:
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete", f"{event} is complete: its results are final")


def _checked(event: Event, rnd: Round, a_wins: int, b_wins: int, draws: int) -> dict:
    problems = result_problems(match_length=event.match_length,
                               top_cut=rnd.stage == RoundStage.TOP_CUT, a_wins=a_wins,
                               b_wins=b_wins, draws=draws)
    if problems:
        raise DomainError("invalid_result", "; ".join(problems), problems=problems)
    return {"a_wins": a_wins, "b_wins": b_wins, "draws": draws}


def _confirmed(match: Match) -> dict:
    return {"a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}


def _confirm(match: Match, result: dict, now: datetime) -> None:
    match_move(match, MatchStatus.CONFIRMED)
    match.a_wins, match.b_wins, match.draws = result["a_wins"], result["b_wins"], result["draws"]
    match.confirmed_at = now


def _winner(result: dict) -> str | None:
    if result["a_wins"] == result["b_wins"]:
        return None
    return "a" if result["a_wins"] > result["b_wins"] else "b"


def _score(result: dict) -> str:
    score = f"{result['a_wins']}-{result['b_wins']}"
    return score + (f"-{result['draws']}" if result["draws"] else "")
