"""Pairing the next Swiss round: the bridge from the rows to `tournaments.swiss.pair_round`.

Pairing is locked and idempotent: it runs under the event's row lock and a round number is
unique per event, so two clicks, two tabs or two workers pair a round once. Callers that know
which round they mean pass `number`; a second call for a round that exists returns it.

A draft event pairs each pod separately (its seats play only each other), once every pair
of every pod has drafted; the round's tables run on from one pod to the next.

The organizer's constraints (services.constraints) reach the pairing through the bridge: a
seat's awarded byes (a bye, made by the one bye writer, in each round they cover), the pairs
kept apart (the pure pairing avoids them), and the fixed tables (round_write numbers the
matches around them, top-cut rounds too).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, from_engine
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    Match,
    MatchBracket,
    Registration,
    Round,
    RoundStage,
)
from tournaments.rules import tables_around
from tournaments.selectors.bridge import SwissView, swiss_id, swiss_view
from tournaments.selectors.pods import pods_for_event
from tournaments.swiss import SwissError, compute_standings, pair_round
from tournaments.swiss.explain import statement
from tournaments.swiss.standings import records

from .byes import bye_write
from .clock import clock_start_at_pairing
from .double_elimination import double_elimination_round
from .engine_jobs import jobs_for_round
from .guards import lock_event, require_organizer
from .knockout import knockout_round
from .match_notices import round_paired_notify
from .phases import phase_for_stage
from .pods import require_drafts_done
from .round_robin import round_robin_pairs
from .standings import results_version_bump
from .states import event_move, require_round_confirmed
from .team_rounds import team_round_pair

__all__ = ["round_pair", "round_write"]

_AI_NAME = "AI player"


@transaction.atomic
def round_pair(*, event_id: int, by: AbstractBaseUser, now: datetime,
               number: int | None = None) -> tuple[Round, bool]:
    """Pair the next Swiss round of a running event from its confirmed results: tables
    1, 2, ... from the top of the standings, a bye recorded as a confirmed 2-0 win (or, with
    `fill_with_ai`, an AI seat instead of the bye). `number` None means the next round.
    Returns the round and whether this call paired it (False: it was paired before)."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if number is not None:
        existing = Round.objects.filter(event=event, number=number).first()
        if existing is not None:
            return existing, False  # a repeated request: that round is already paired
    if event.status == EventStatus.REGISTRATION:
        raise Conflict("not_started", gettext("%(event)s has not started: start it before "
                                              "pairing")
                                      % {"event": event.name},
                       params={"event": event.name})
    if event.double_elimination and event.status == EventStatus.TOP_CUT:
        raise Conflict("bracket_running", gettext(
            "%(event)s is a double elimination in its bracket: pair the next bracket round")
                       % {"event": event.name}, params={"event": event.name})
    if event.single_elimination and event.status == EventStatus.TOP_CUT:
        raise Conflict("bracket_running", gettext(
            "%(event)s is a single elimination in its bracket: pair the next bracket round")
                       % {"event": event.name}, params={"event": event.name})
    if event.status != EventStatus.RUNNING:
        raise Conflict("swiss_over", gettext("The Swiss rounds of %(event)s are over")
                                     % {"event": event.name},
                       params={"event": event.name})
    last = Round.objects.filter(event=event).order_by("-number").first()
    upcoming = (last.number if last else 0) + 1
    if number is not None and number != upcoming:
        raise Conflict("wrong_round", gettext("The next round of %(event)s is round "
                                              "%(upcoming)s, not round %(number)s")
                                      % {"event": event.name, "upcoming": upcoming,
                                         "number": number},
                       params={"event": event.name, "round": upcoming, "asked": number})
    if last is not None:
        require_round_confirmed(last)
    if event.elimination:  # round 1 of the bracket; the others follow as a cut's
        event_move(event, EventStatus.TOP_CUT)
        if event.double_elimination:
            rnd = double_elimination_round(event=event, by=by, now=now, number=upcoming,
                                           write=round_write)
        else:
            rnd = knockout_round(event=event, by=by, now=now, number=upcoming,
                                 write=round_write)
        event.save(update_fields=["status"])
        results_version_bump(event_id=event.pk)
        return rnd, True
    if upcoming > event.swiss_rounds:
        if event.round_robin:
            message = (gettext("Every round of the groups of %(event)s is played: start the "
                               "top %(cut)d") if event.top_cut else
                       gettext("Every round of the groups of %(event)s is played: complete "
                               "the event"))
        elif event.top_cut:
            message = ngettext(
                "The %(rounds)d Swiss round of %(event)s is played: start the top %(cut)d",
                "All %(rounds)d Swiss rounds of %(event)s are played: start the top %(cut)d",
                event.swiss_rounds)
        else:
            message = ngettext(
                "The %(rounds)d Swiss round of %(event)s is played: complete the event",
                "All %(rounds)d Swiss rounds of %(event)s are played: complete the event",
                event.swiss_rounds)
        raise Conflict("swiss_over", message % {"rounds": event.swiss_rounds, "event": event,
                                                "cut": event.top_cut},
                       params={"event": event.name, "rounds": event.swiss_rounds})
    if event.round_robin:
        return _round_robin_pair(event, by, now, upcoming), True
    if event.teams_play:
        return team_round_pair(event=event, by=by, now=now, number=upcoming,
                               write=round_write), True
    if event.format == EventFormat.DRAFT:
        # Rule C-2.4 events: each pod plays its Swiss rounds within itself, once its
        # pairs have drafted; its empty places already have AI seats.
        require_drafts_done(event)
        ai_note = None
        views = [(pod.number, swiss_view(event, pod, pairing=True))
                 for pod in pods_for_event(event)]
    else:
        ai_note = _seat_ai(event, now, upcoming)
        views = [(None, swiss_view(event, pairing=True))]
    pairs: list[tuple[Registration, Registration]] = []
    byes: list[Registration] = []
    # Statements (code and params), put into words when read (presenters.explanations).
    lines: list[dict] = []
    if event.day2_points is not None and upcoming > event.rounds:
        lines.append(_day_two(event, views[0][1], upcoming))
    players: dict[str, str] = {}
    for pod, view in views:
        players.update(view.names())
        active = view.tournament.active
        in_pod = {} if pod is None else {"pod": pod}
        if pod is not None and len(active) < 2:  # a pod whose other seats all dropped
            byes += [view.registrations[pid] for pid in active]
            lines += [{**statement("pod_alone", player=pid), **in_pod} for pid in active]
            continue
        if len(active) < 2:  # pair_round() refuses it too, in English
            raise Conflict("cannot_pair", ngettext(
                "Only %(count)d player is still in %(event)s: there is nothing to pair",
                "Only %(count)d players are still in %(event)s: there is nothing to pair",
                len(active)) % {"count": len(active), "event": event.name},
                params={"event": event.name, "active": len(active)})
        try:
            pairing = pair_round(view.tournament, event.tiebreakers)
        except SwissError as exc:
            raise from_engine(exc, "cannot_pair", kind=Conflict,
                              frame=None if pod is None else gettext(
                                  "Pod %(pod)d cannot be paired: %(problem)s") % {
                                  "pod": pod, "problem": "%(problem)s"}) from None
        if pairing.round != upcoming:
            raise AssertionError(f"{event}: the confirmed results end at round "
                                 f"{pairing.round - 1}, the rounds at {upcoming - 1}")
        pairs += [(view.registrations[a], view.registrations[b]) for a, b in pairing.pairings]
        byes += [view.registrations[pid] for pid in pairing.awarded]
        if pairing.bye is not None:
            byes.append(view.registrations[pairing.bye])
        lines += [{**line, **in_pod} for line in pairing.explanation]
    lines += [ai_note] if ai_note else []
    rnd = round_write(event=event, number=upcoming, stage=RoundStage.SWISS, by=by, now=now,
                      pairs=pairs, explanation={"lines": lines, "players": players})
    for registration in byes:
        bye_write(rnd=rnd, registration=registration, by=None, now=now)
    results_version_bump(event_id=event.pk)
    return rnd, True


def round_write(*, event: Event, number: int, stage: str, by: AbstractBaseUser,
                now: datetime, pairs: Sequence[tuple[Registration, Registration]],
                explanation: dict,
                third_place: tuple[Registration, Registration] | None = None,
                brackets: Sequence[str] | None = None) -> Round:
    """A new round with a match per pair at tables 1, 2, ... (in the order given), and a
    top cut's match for third place at the next table when `third_place` names its players
    (`brackets`: each pair's MatchBracket, a double elimination's, else the main bracket);
    around the tables some players always play at (`Registration.fixed_table`; both players
    of a pair with one: the first's, the higher-ranked), each said in the explanation. The
    matches are written in the order given (the top cut reads its bracket in that order).
    Matches between two AI seats go to the workers once the pairing commits (the engine plays
    them). The round's clock starts now if the event says so."""
    every = [*pairs, third_place] if third_place is not None else list(pairs)
    tables = tables_around([(a.fixed_table, b.fixed_table) for a, b in every])
    lines = list(explanation.get("lines", []))
    names = dict(explanation.get("players", {}))
    for (a, b), (table, fixed) in zip(every, tables, strict=True):
        if a.fixed_table and b.fixed_table:
            lines.append(statement("fixed_tables_met", table=table, other=b.fixed_table,
                                   player=swiss_id(a.pk), opponent=swiss_id(b.pk)))
        elif fixed:
            lines.append(statement("fixed_table", table=table,
                                   player=swiss_id((a if a.fixed_table else b).pk)))
        else:
            continue
        for seat in (a, b):
            names.setdefault(swiss_id(seat.pk), seat.name)
    explanation = {**explanation, "lines": lines, "players": names}
    rnd = Round.objects.create(event=event,
                               phase=phase_for_stage(event=event, stage=stage, number=number),
                               number=number, stage=stage, seed=event.seed,
                               explanation=explanation, paired_by=by, paired_at=now)
    clock_start_at_pairing(rnd=rnd, event=event, by=by, now=now)
    Match.objects.bulk_create([
        Match(round=rnd, table=table, player_a=a, player_b=b, is_ai_match=a.is_ai or b.is_ai,
              bracket=MatchBracket.MAIN if brackets is None else brackets[i])
        for i, ((table, _), (a, b)) in enumerate(zip(tables[:len(pairs)], pairs, strict=True))])
    if third_place is not None:
        a, b = third_place
        Match.objects.create(round=rnd, table=tables[-1][0], player_a=a, player_b=b,
                             is_ai_match=a.is_ai or b.is_ai, bracket=MatchBracket.THIRD_PLACE)
    jobs_for_round(round_id=rnd.pk, now=now)
    # Its players who asked for it get their table by mail (services/match_notices.py).
    round_paired_notify(round_id=rnd.pk)
    return rnd


def _round_robin_pair(event: Event, by: AbstractBaseUser, now: datetime, number: int) -> Round:
    """Round `number` of every group of a round-robin event (services.round_robin), tables
    numbered on from one group to the next."""
    phase = phase_for_stage(event=event, stage=RoundStage.SWISS, number=number)
    view = swiss_view(event)
    pairs, byes, lines = round_robin_pairs(members=phase.group_members, cycles=phase.cycles,
                                           view=view, number=number)
    # Each table line gets the table round_write gives (around the fixed tables).
    tables = iter(tables_around([(a.fixed_table, b.fixed_table) for a, b in pairs]))
    for line in lines:
        if line["code"] == "group_table":
            line["params"]["table"] = next(tables)[0]
    rnd = round_write(event=event, number=number, stage=RoundStage.SWISS, by=by, now=now,
                      pairs=pairs, explanation={"lines": lines, "players": view.names()})
    for registration in byes:
        bye_write(rnd=rnd, registration=registration, by=None, now=now)
    results_version_bump(event_id=event.pk)
    return rnd


def _day_two(event: Event, view: SwissView, number: int) -> dict:
    """Day 2 of a two-day event: its players are those with at least `day2_points` match
    points after day 1 (not dropped), written as its phase's entrants in standings order when
    its first round is paired; the others are not paired again (they keep their standings).
    Returns the explanation's line."""
    phase = phase_for_stage(event=event, stage=RoundStage.SWISS, number=number)
    if not phase.entrants:
        points = {pid: rec.match_points for pid, rec in records(view.tournament).items()}
        ranked = [s.id for s in compute_standings(view.tournament, event.tiebreakers)]
        made = [pid for pid in ranked if pid not in view.tournament.dropped
                and points.get(pid, 0) >= event.day2_points]
        if len(made) < 2:
            raise Conflict("day2_too_few", ngettext(
                "Only %(count)d player of %(event)s has at least %(points)d match points: day "
                "2 needs 2",
                "Only %(count)d players of %(event)s have at least %(points)d match points: "
                "day 2 needs 2", len(made))
                % {"count": len(made), "event": event.name, "points": event.day2_points},
                params={"event": event.name, "count": len(made),
                        "points": event.day2_points})
        phase.entrants = [view.registrations[pid].pk for pid in made]
        phase.save(update_fields=["entrants"])
    entrants = set(phase.entrants)
    view.tournament.dropped |= {pid for pid, seat in view.registrations.items()
                                if seat.pk not in entrants}
    return statement("day_two", points=event.day2_points, players=len(phase.entrants),
                     rounds=event.day2_rounds)


def _seat_ai(event: Event, now: datetime, number: int) -> dict | None:
    """With `fill_with_ai`, the event's one AI seat plays when the players still in (and
    paired in round `number`: an awarded bye sits it out) are odd and sits out when they are
    even, so nobody gets a bye. Returns a line for the pairing's explanation (a statement)
    when the seat plays."""
    if not event.fill_with_ai:
        return None
    humans = (Registration.objects.filter(event=event, is_ai=False, dropped=False)
              .exclude(awarded_byes__gte=number).count())
    # Not an AI seat that came in for one late player's match (services.late_players).
    seat = Registration.objects.filter(event=event, is_ai=True, late_entry=False).first()
    if humans % 2 == 0:
        if seat is not None and not seat.dropped:
            seat.dropped, seat.dropped_at = True, now
            seat.save(update_fields=["dropped", "dropped_at"])
        return None
    if seat is None:
        seat = Registration.objects.create(event=event, player=None, is_ai=True,
                                           ai_name=_AI_NAME, checked_in=True, checked_in_at=now,
                                           created_at=now)
    elif seat.dropped:
        seat.dropped, seat.dropped_at = False, None
        seat.save(update_fields=["dropped", "dropped_at"])
    return statement("ai_seat", players=humans, ai=seat.ai_name)
