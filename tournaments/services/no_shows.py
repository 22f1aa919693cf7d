"""A no-show (issue 16, corrections): the organizer gives a match loss to a player absent
from their match once the round clock has run the event's `no_show_minutes`, its pauses not
counted (`selectors.clock.clock_run_seconds`, from the round's stored timestamps); before
that it is refused with the minutes still to wait.

The opponent wins the match by the winning score of its format (`MatchFormat.wins_needed`
games to none: 2-0 in a best of 3, rule C-7.5b), written by the one result writer
(`results.results_write`, action NO_SHOW, so the match's history says it), and kept as a
`Correction` (NO_SHOW). Refused for a bye, an AI seat (never absent), a match with games
played or being played online (both players were there), and a match with a confirmed
result (the organizer corrects it on the match page). Giving the same no-show twice (a
double click) changes nothing the second time.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, DomainError
from tournaments.models import (
    Correction,
    CorrectionAction,
    Match,
    MatchStatus,
    Registration,
    ResultAction,
    ResultChange,
    Round,
)
from tournaments.selectors.clock import clock_at, clock_run_seconds
from tournaments.selectors.matches import match_format, verified_score
from tournaments.selectors.online import current_online_game

from .guards import lock_event_of_match, lock_match, require_organizer
from .results import ResultWrite, confirmation, results_write

__all__ = ["match_no_show", "no_show_wait_seconds"]


def no_show_wait_seconds(rnd: Round, now: datetime, minutes: int) -> int | None:
    """Seconds until a no-show may be given in `rnd` (0: now), None while its clock has not
    started. `rnd.event` is read when the clock has not started."""
    if rnd.clock_started_at is None:
        return None
    if clock_at(rnd, now).called:  # a round shorter than the wait: time called is enough
        return 0
    return max(0, minutes * 60 - clock_run_seconds(rnd, now))


@transaction.atomic
def match_no_show(*, match_id: int, by: AbstractBaseUser, now: datetime,
                  absent: int) -> tuple[Match, bool]:
    """The seat `absent` (a registration id) of match `match_id` did not come: its opponent
    wins the match. Returns the match and whether this call gave the loss (False: it was
    given already)."""
    event = lock_event_of_match(match_id)
    require_organizer(event, by)
    rnd, match = lock_match(match_id)
    rnd.event = event
    if match.bye:
        raise Conflict("bye", gettext("A bye has no opponent to be absent"), params={})
    if absent not in (match.player_a_id, match.player_b_id):
        raise DomainError("not_in_match",
                          gettext("That player does not play at table %(table)d of round "
                                  "%(round)d") % {"table": match.table, "round": rnd.number},
                          params={"table": match.table, "round": rnd.number})
    seat = Registration.objects.get(pk=absent)
    if seat.is_ai:
        raise DomainError("ai_seat", gettext("An AI seat is never absent"))
    wins = match_format(event, rnd).wins_needed
    a_absent = absent == match.player_a_id
    score = {"a_wins": 0 if a_absent else wins, "b_wins": wins if a_absent else 0, "draws": 0}
    params = {"player": seat.name, "table": match.table, "round": rnd.number}
    if match.status == MatchStatus.CONFIRMED:
        last = ResultChange.objects.filter(match=match).order_by("-id").values_list(
            "action", flat=True).first()
        if last == ResultAction.NO_SHOW and score == {
                "a_wins": match.a_wins, "b_wins": match.b_wins, "draws": match.draws}:
            return match, False  # a second click
        raise Conflict("already_confirmed",
                       gettext("Table %(table)d of round %(round)d has its result: correct it "
                               "on the match page instead") % params, params=params)
    if current_online_game(match) is not None or sum(verified_score(match).values()):
        raise Conflict("games_played",
                       gettext("Table %(table)d has games played: %(player)s was not absent")
                       % params, params=params)
    _require_no_show_time(rnd, now, event.no_show_minutes, params)
    side = "a" if a_absent else "b"
    results_write([ResultWrite(
        event=event, rnd=rnd, match=match, action=ResultAction.NO_SHOW,
        changes=confirmation(score, now, engine_verified=False), by=by,
        note=f"no-show of player {side.upper()}: {seat.name}")], now=now)
    Correction.objects.create(
        event=event, action=CorrectionAction.NO_SHOW, registration=seat,
        round_number=rnd.number,
        details={"match": match.pk, "table": match.table, "absent_side": side,
                 "score": score, "minutes": event.no_show_minutes},
        by=by, at=now)
    return match, True


def _require_no_show_time(rnd: Round, now: datetime, minutes: int, params: dict) -> None:
    wait = no_show_wait_seconds(rnd, now, minutes)
    if wait is None:
        raise Conflict("clock_not_started",
                       gettext("The clock of round %(round)d has not started: a no-show "
                               "counts from its start") % params, params=params)
    if wait:
        left = -(-wait // 60)
        raise Conflict("too_early", ngettext(
            "A no-show is given %(minutes)d minutes into the round clock: %(left)d minute "
            "left before %(player)s counts as absent",
            "A no-show is given %(minutes)d minutes into the round clock: %(left)d minutes "
            "left before %(player)s counts as absent", left)
            % {**params, "minutes": minutes, "left": left},
                       params={**params, "minutes": minutes, "left": left})

