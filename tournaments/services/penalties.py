"""Penalties (issue 16): the organizers and judges of an event record infractions on the
usual ladder (warning, game loss, match loss, disqualification), each with the round, the
player and a note, and withdraw one recorded in error. Each is a `Penalty` row; the result
it changes leaves `ResultChange` rows through the one result writer (`results_write`, action
`penalty`), so the audit trail and the standings follow, and a penalty is the one change of
an engine-verified result that is not the engine's.

What each kind does to the player's match of the penalty's round (the latest round when none
is given):

- a warning: nothing but the record;
- a game loss: one game more for the opponent. A confirmed result takes it when the match
  allows one more game (2-0 becomes 2-1 in a best of 3); when it does not (2-1 would be 2-2),
  the player's last game win is the opponent's instead (1-2), and a match the player has
  already lost stays as it is. An open match is confirmed with the game only when the game
  ends it (a best of 1, or the opponent's deciding game on top of the engine's verified
  games); else the result stays open and the game counts in the score the players report;
- a match loss: the opponent wins the match with the games that win it and none for the
  player (2-0 in a best of 3, 1-0 in a best of 1), unless the player lost it already;
- a disqualification: the player is dropped (services.registrations.seat_drop) and, when
  their match of the latest round has no result yet, takes a match loss there too.

A bye has no match to lose (Conflict "bye"). In the top cut a match loss eliminates the
player, unless the bracket has moved on (Conflict "bracket_moved_on"); a Swiss result is
final once the top cut is seeded (Conflict "swiss_final"). A refused penalty writes nothing.
A withdrawn penalty is kept with who withdrew it and when; the result it changed is set again
by an organizer on the match page (a disqualified player is brought back by undoing the
drop), so nothing is undone behind the organizers' back.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from core.errors import Conflict, DomainError, NotFound, Problem
from core.locks import lock_one
from engine.clash.match_rules import MatchFormat
from engine.seats import SIDE_A, SIDE_B
from tournaments.models import (
    MAX_PENALTY_NOTE,
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    ResultAction,
    Round,
    RoundStage,
)
from tournaments.selectors.matches import match_format, verified_score

from .guards import lock_event, lock_match, require_judge
from .registrations import seat_drop
from .results import ResultWrite, confirmation, results_write

__all__ = ["penalty_record", "penalty_withdraw"]

_CHANGES_A_RESULT = (PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS)


def _seat(event: Event, registration_id: int) -> Registration:
    # A seat of another event is a 404 like a missing one.
    seat = (lock_one(Registration.objects.filter(pk=registration_id, event=event))
            if isinstance(registration_id, int) and not isinstance(registration_id, bool)
            else None)
    if seat is None:
        raise NotFound("not_found", gettext("%(event)s has no player with seat %(seat)s")
                       % {"event": event.name, "seat": registration_id},
                       params={"event": event.name, "registration": registration_id})
    return seat


def _problems(*, event: Event, kind: object, note: object, round_number: object,
              rounds: list[int]) -> list[str]:
    """Every problem of the input, each tagged with the argument it is about."""
    problems = []
    if kind not in PenaltyKind.values:
        problems.append(Problem(
            gettext("The kind of penalty must be one of %(kinds)s, not %(kind)s")
            % {"kinds": ", ".join(PenaltyKind.values), "kind": repr(kind)}, "kind"))
    text = note.strip() if isinstance(note, str) else ""
    if not text:
        problems.append(Problem(
            gettext("The note is required: say what happened, for the record"), "note"))
    elif len(text) > MAX_PENALTY_NOTE:
        problems.append(Problem(gettext("The note has %(length)d characters: keep it to %(max)d")
                                % {"length": len(text), "max": MAX_PENALTY_NOTE}, "note"))
    if round_number is not None and (isinstance(round_number, bool)
                                     or round_number not in rounds):
        problems.append(Problem(
            gettext("The round must be one %(event)s has paired (%(rounds)s), not %(round)s")
            % {"event": event.name,
               "rounds": ", ".join(map(str, rounds)) or gettext("none yet"),
               "round": round_number}, "round_number"))
    elif kind in _CHANGES_A_RESULT and not rounds:
        problems.append(Problem(
            gettext("A game or match loss changes a match, and %(event)s has no round paired "
                    "yet: give a warning instead") % {"event": event.name}, "kind"))
    return problems


@transaction.atomic
def penalty_record(*, event_id: int, registration_id: int, kind: str, note: str,
                   round_number: int | None = None, by: AbstractBaseUser,
                   now: datetime, seen: int | None = None) -> Penalty:
    """Record a penalty for the seat `registration_id` of the event and apply it (see the
    module's docstring). `round_number` None: the event's latest round (none before round 1
    is paired). Refused with every problem of the input at once (DomainError
    "invalid_penalty"), or with the reason the result cannot change; nothing is written then.

    `seen` is the number of the event's penalties the page showed: when another was recorded
    since (a double click, a second judge), this one is refused (Conflict
    "penalties_changed") rather than given twice, two game losses for one."""
    event = lock_event(event_id)
    require_judge(event, by)
    if seen is not None and seen != Penalty.objects.filter(event=event).count():
        raise Conflict("penalties_changed", gettext(
            "A penalty was recorded in %(event)s since this page was loaded: check the list, "
            "and record this one again if it is still needed") % {"event": event.name},
            params={"event": event.name})
    seat = _seat(event, registration_id)
    rounds = list(Round.objects.filter(event=event).order_by("number")
                  .values_list("number", flat=True))
    problems = _problems(event=event, kind=kind, note=note, round_number=round_number,
                         rounds=rounds)
    if problems:
        raise DomainError("invalid_penalty", "; ".join(problems), problems=problems)
    if seat.is_ai:
        raise DomainError("ai_seat", gettext("%(player)s is an AI seat: it commits no "
                                             "infractions") % {"player": seat.name},
                          params={"player": seat.name}, field="registration_id")
    if round_number is None and rounds:
        round_number = rounds[-1]
    penalty = Penalty(event=event, registration=seat, kind=kind, note=note.strip(),
                      round_number=round_number, by=by, at=now)
    if kind in _CHANGES_A_RESULT:
        match, write = _loss(event, seat, round_number, kind, by, now)
        penalty.match = match
        if write is not None:
            results_write([write], now=now)
    elif kind == PenaltyKind.DISQUALIFICATION:
        _disqualify(event, seat, rounds, by, now)
    # No results version bump of its own: the pages kept per version are the visitors', who
    # see no penalty; a result the penalty changed bumped it in the writer.
    penalty.save()
    return penalty


def _require_results_open(event: Event) -> None:
    if event.status == EventStatus.COMPLETE:
        raise Conflict("event_complete", gettext("%(event)s is complete: its results are final")
                       % {"event": event.name}, params={"event": event.name})


def _match_of(event: Event, seat: Registration, number: int) -> int | None:
    return (Match.objects.filter(round__event=event, round__number=number)
            .filter(Q(player_a=seat) | Q(player_b=seat)).values_list("pk", flat=True).first())


def _loss(event: Event, seat: Registration, number: int, kind: str, by: AbstractBaseUser,
          now: datetime) -> tuple[Match, ResultWrite | None]:
    """The player's match of round `number` and the write the loss makes of it (None: the
    result stays as it is)."""
    _require_results_open(event)
    match_id = _match_of(event, seat, number)
    if match_id is None:
        raise Conflict("no_match", gettext(
            "%(player)s has no match in round %(round)d: a game or match loss changes the "
            "player's match of the round, so choose the round they played or give a warning")
            % {"player": seat.name, "round": number},
            params={"player": seat.name, "round": number})
    rnd, match = lock_match(match_id)
    if match.bye:
        raise Conflict("bye", gettext("%(player)s had a bye in round %(round)d: there is no "
                                      "match to lose. Give a warning, or the loss in the "
                                      "player's next match") % {"player": seat.name,
                                                                "round": number},
                       params={"player": seat.name, "round": number})
    fmt = match_format(event, rnd)
    mine_a = match.player_a_id == seat.pk
    if match.status == MatchStatus.CONFIRMED:
        score = (match.a_wins, match.b_wins, match.draws)
    else:
        tally = verified_score(match)
        score = (tally["a_wins"], tally["b_wins"], tally["draws"])
    # From the penalised player's side: their games, the opponent's, the drawn ones.
    mine, theirs, draws = score if mine_a else (score[1], score[0], score[2])
    confirmed = match.status == MatchStatus.CONFIRMED
    if kind == PenaltyKind.GAME_LOSS:
        after = _game_loss(fmt, mine, theirs, draws, confirmed=confirmed)
    else:
        after = None if confirmed and theirs > mine else (0, fmt.wins_needed, 0)
    if after is None:
        return match, None
    result = ({"a_wins": after[0], "b_wins": after[1], "draws": after[2]} if mine_a
              else {"a_wins": after[1], "b_wins": after[0], "draws": after[2]})
    _require_result_may_change(event, rnd, match, result)
    return match, ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.PENALTY,
                              changes=confirmation(result, now, engine_verified=False), by=by)


def _game_loss(fmt: MatchFormat, mine: int, theirs: int, draws: int, *,
               confirmed: bool) -> tuple[int, int, int] | None:
    if not confirmed:
        after = (mine, theirs + 1, draws)
        return after if fmt.over(*after) and fmt.allows(*after) else None
    if fmt.allows(mine, theirs + 1, draws):
        return mine, theirs + 1, draws
    if mine and fmt.allows(mine - 1, theirs + 1, draws):
        return mine - 1, theirs + 1, draws
    return None  # lost already: one game more changes nothing


def _require_result_may_change(event: Event, rnd: Round, match: Match, result: dict) -> None:
    """As `results.result_set`: a Swiss result is final once the top cut is seeded from it,
    a bracket result once its winner plays the next round."""
    if rnd.stage == RoundStage.SWISS and event.status == EventStatus.TOP_CUT:
        raise Conflict("swiss_final", gettext(
            "The top cut was seeded from the Swiss results: round %(round)d's results cannot "
            "change now. Give a warning, or the loss in the player's top-cut match")
            % {"round": rnd.number}, params={"round": rnd.number})
    if (rnd.stage == RoundStage.TOP_CUT and match.status == MatchStatus.CONFIRMED
            and _winner(result) != _winner({"a_wins": match.a_wins, "b_wins": match.b_wins})
            and Round.objects.filter(event=event, number__gt=rnd.number).exists()):
        raise Conflict("bracket_moved_on", gettext(
            "The winner of table %(table)d already plays the next round: the winner cannot "
            "change now") % {"table": match.table}, params={"table": match.table})


def _winner(result: dict) -> str | None:
    if result["a_wins"] == result["b_wins"]:
        return None
    return SIDE_A if result["a_wins"] > result["b_wins"] else SIDE_B


def _disqualify(event: Event, seat: Registration, rounds: list[int], by: AbstractBaseUser,
                now: datetime) -> None:
    """Drop the player; their match of the latest round without a result is a match loss
    too (a `penalty` ResultChange; the Penalty row names no match, as for every kind but the
    game and match losses)."""
    _require_results_open(event)
    if rounds:
        match_id = _match_of(event, seat, rounds[-1])
        if match_id is not None:
            rnd, match = lock_match(match_id)
            if not match.bye and match.status != MatchStatus.CONFIRMED:
                fmt = match_format(event, rnd)
                won = {"a_wins": 0, "b_wins": fmt.wins_needed, "draws": 0}
                if match.player_b_id == seat.pk:
                    won = {"a_wins": fmt.wins_needed, "b_wins": 0, "draws": 0}
                results_write([ResultWrite(event=event, rnd=rnd, match=match,
                                           action=ResultAction.PENALTY,
                                           changes=confirmation(won, now, engine_verified=False),
                                           by=by)], now=now)
    if not seat.dropped:
        seat_drop(event, seat, now)


@transaction.atomic
def penalty_withdraw(*, event_id: int, penalty_id: int, by: AbstractBaseUser,
                     now: datetime) -> tuple[Penalty, bool]:
    """Withdraw a penalty recorded in error: it is kept, marked with who withdrew it and
    when, and the player no longer sees it as theirs. The result it changed stays until an
    organizer sets it again (see the module's docstring). Returns the penalty and whether this
    call withdrew it (False: it was withdrawn already)."""
    event = lock_event(event_id)
    require_judge(event, by)
    penalty = (lock_one(Penalty.objects.filter(pk=penalty_id, event=event))
               if isinstance(penalty_id, int) and not isinstance(penalty_id, bool) else None)
    if penalty is None:
        raise NotFound("not_found", gettext("%(event)s has no penalty %(penalty)s")
                       % {"event": event.name, "penalty": penalty_id},
                       params={"event": event.name, "penalty": penalty_id})
    if penalty.withdrawn_at is not None:
        return penalty, False
    penalty.withdrawn_at, penalty.withdrawn_by = now, by
    penalty.save(update_fields=["withdrawn_at", "withdrawn_by"])
    return penalty, True
