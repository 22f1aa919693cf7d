"""The top cut: running -> top_cut seeds a single-elimination bracket of 2 to 64 players from
the Swiss standings (`tournaments.swiss.bracket`: for 8, 1-8, 4-5, 2-7, 3-6), then each
confirmed bracket round sends its winners on to the next, table by table (the winners of
tables 1 and 2 meet, then 3 and 4), until the final. With `Event.third_place`, the
semifinals' losers play for third place beside the final (a match of the final's round, after
its table, marked `MatchBracket.THIRD_PLACE`).

The cut is the event's second phase (services.phases): its seeds, best first, are the phase's
`entrants`, which the final placings read (selectors.placings).

Dropped players do not make the cut, nor AI seats unless the event lets them
(`Event.ai_in_top_cut`): the next player in the standings takes the place. Like Swiss
pairing, these run under the event's row lock and are idempotent.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, from_engine
from tournaments.models import EventStatus, MatchBracket, Phase, Registration, Round, RoundStage
from tournaments.rules import tables_around
from tournaments.selectors.bridge import swiss_view
from tournaments.swiss import SwissError, bracket, compute_standings, qualifiers
from tournaments.swiss.explain import statement

from .double_elimination import double_elimination_round
from .guards import lock_event, require_organizer
from .knockout import knockout_round
from .phases import phase_for_stage
from .round_robin import round_robin_cut_seeds
from .rounds import round_write
from .standings import results_version_bump
from .states import event_move, require_round_confirmed

__all__ = ["topcut_advance", "topcut_start"]


def _cut_excluded(standings: list, seats: dict, *, ai_allowed: bool) -> set[str]:
    """The Swiss ids that take no place in the cut: the dropped, and the AI seats unless the
    event lets them in. `seats` maps the Swiss ids to anything with `is_ai`."""
    return {s.id for s in standings if s.dropped or (seats[s.id].is_ai and not ai_allowed)}


@transaction.atomic
def topcut_start(*, event_id: int, by: AbstractBaseUser, now: datetime) -> tuple[Round, bool]:
    """running -> top_cut, once every Swiss round is played and confirmed; returns the first
    bracket round and whether this call paired it. Starting it again returns that round."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if event.status == EventStatus.TOP_CUT:
        return (Round.objects.filter(event=event, stage=RoundStage.TOP_CUT)
                .order_by("number")[0], False)
    if event.status == EventStatus.RUNNING and not event.top_cut:
        raise Conflict("no_top_cut", gettext("%(event)s has no top cut: complete the event "
                                             "instead")
                                     % {"event": event.name},
                       params={"event": event.name})
    event_move(event, EventStatus.TOP_CUT)
    last = Round.objects.filter(event=event).order_by("-number").first()
    played = last.number if last else 0
    if played < event.swiss_rounds:
        raise Conflict("rounds_to_play", ngettext(
            "%(event)s has played %(played)d of its %(rounds)d Swiss round",
            "%(event)s has played %(played)d of its %(rounds)d Swiss rounds", event.swiss_rounds)
            % {"event": event, "played": played, "rounds": event.swiss_rounds},
                       params={"event": event.name, "played": played, "rounds": event.swiss_rounds})
    require_round_confirmed(last)
    view = swiss_view(event)
    standings = compute_standings(view.tournament, event.tiebreakers)
    excluded = _cut_excluded(standings, view.registrations, ai_allowed=event.ai_in_top_cut)
    if event.day2_points is not None:  # a two-day event's cut is made from day 2's players
        day_two = set(phase_for_stage(event=event, stage=RoundStage.SWISS,
                                      number=event.rounds + 1).entrants)
        excluded |= {pid for pid, seat in view.registrations.items() if seat.pk not in day_two}
    if event.round_robin:  # the best of each group (services.round_robin)
        members = phase_for_stage(event=event, stage=RoundStage.SWISS).group_members
        seeds = round_robin_cut_seeds(members=members, head_to_head=event.head_to_head,
                                      order=event.tiebreakers, view=view, size=event.top_cut,
                                      excluded=excluded)
    else:
        seeds, _ = qualifiers([s.id for s in standings], event.top_cut, excluded)
    if len(seeds) < event.top_cut:  # bracket() refuses it too, in English
        raise Conflict("too_few_for_cut", ngettext(
            "A top %(cut)d needs %(cut)d players, and only %(count)d player may take a place "
            "in it",
            "A top %(cut)d needs %(cut)d players, and only %(count)d players may take a place "
            "in it", len(seeds)) % {"cut": event.top_cut, "count": len(seeds)},
            params={"event": event.name, "cut": event.top_cut, "eligible": len(seeds)})
    try:
        pairs = bracket(seeds, event.top_cut)
    except SwissError as exc:
        raise from_engine(exc, "too_few_for_cut", kind=Conflict) from None
    # Statements (code and params), put into words when read (presenters.explanations).
    lines = [statement("cut_from_groups", size=event.top_cut, groups=event.groups,
                       per=event.top_cut // event.groups) if event.round_robin else
             statement("cut_seeded", size=event.top_cut, round=played,
                       ai_allowed=event.ai_in_top_cut)]
    # The tables round_write gives (around the players' fixed tables, rules.tables_around).
    tables = tables_around([(view.registrations[a].fixed_table,
                             view.registrations[b].fixed_table) for a, b in pairs])
    lines += [statement("cut_table", table=t, player=a, seed=seeds.index(a) + 1, opponent=b,
                        opponent_seed=seeds.index(b) + 1)
              for (t, _), (a, b) in zip(tables, pairs, strict=True)]
    phase = phase_for_stage(event=event, stage=RoundStage.TOP_CUT)
    phase.entrants = [view.registrations[pid].pk for pid in seeds]
    phase.save(update_fields=["entrants"])
    rnd = round_write(event=event, number=played + 1, stage=RoundStage.TOP_CUT, by=by, now=now,
                      pairs=[(view.registrations[a], view.registrations[b]) for a, b in pairs],
                      explanation={"lines": lines, "players": view.names()})
    event.save(update_fields=["status"])
    results_version_bump(event_id=event.pk)
    return rnd, True


@transaction.atomic
def topcut_advance(*, event_id: int, by: AbstractBaseUser, now: datetime,
                   number: int | None = None) -> tuple[Round, bool]:
    """Pair the next bracket round from the winners of the current one, once all its results
    are confirmed. `number` None means the next round; a round that exists is returned.
    Returns the round and whether this call paired it."""
    event = lock_event(event_id)
    require_organizer(event, by)
    if number is not None:
        existing = Round.objects.filter(event=event, number=number).first()
        if existing is not None:
            return existing, False
    if event.status != EventStatus.TOP_CUT:
        raise Conflict("not_in_top_cut", gettext("%(event)s is %(status)s, not in its top cut")
                                         % {"event": event.name,
                                            "status": EventStatus(event.status).label.lower()},
                       params={"event": event.name, "status": event.status})
    last = Round.objects.filter(event=event).order_by("-number").first()
    if number is not None and number != last.number + 1:
        raise Conflict("wrong_round", gettext("The next round of %(event)s is round %(round)s, "
                                              "not round %(asked)s")
                                      % {"event": event.name, "round": last.number + 1,
                                         "asked": number},
                       params={"event": event.name, "round": last.number + 1, "asked": number})
    require_round_confirmed(last)
    if event.double_elimination:  # the whole field's bracket (services.double_elimination)
        rnd = double_elimination_round(event=event, by=by, now=now, number=last.number + 1,
                                       write=round_write)
        if rnd is None:
            raise Conflict("bracket_decided", gettext("The final of %(event)s is decided: "
                                                      "complete the event")
                                              % {"event": event.name},
                           params={"event": event.name})
        results_version_bump(event_id=event.pk)
        return rnd, True
    if event.single_elimination:  # the whole field's bracket (services.knockout)
        if last.number >= event.rounds:
            raise Conflict("bracket_decided", gettext("The final of %(event)s is decided: "
                                                      "complete the event")
                                              % {"event": event.name},
                           params={"event": event.name})
        rnd = knockout_round(event=event, by=by, now=now, number=last.number + 1,
                             write=round_write)
        results_version_bump(event_id=event.pk)
        return rnd, True
    # Bracket order is the order the matches were written in (round_write), which is the
    # tables' order unless a player's table is fixed.
    matches = list(last.matches.filter(bracket=MatchBracket.MAIN).order_by("id"))
    if len(matches) == 1:
        raise Conflict("bracket_decided", gettext("The final of %(event)s is decided: complete "
                                                  "the event")
                                          % {"event": event.name},
                       params={"event": event.name})
    ids = [m.player_a_id if m.a_wins > m.b_wins else m.player_b_id for m in matches]
    lost = [m.player_b_id if m.a_wins > m.b_wins else m.player_a_id for m in matches]
    seats = Registration.objects.in_bulk(ids + lost)
    pairs = [(seats[ids[i]], seats[ids[i + 1]]) for i in range(0, len(ids), 2)]
    third = None
    if len(matches) == 2 and _phase_of(last).third_place:
        third = (seats[lost[0]], seats[lost[1]])
    # The tables round_write gives (around the players' fixed tables, rules.tables_around).
    tables = tables_around([(a.fixed_table, b.fixed_table)
                            for a, b in [*pairs, *([third] if third else [])]])
    lines = [statement("cut_next", players=len(ids), first=matches[i].table,
                       second=matches[i + 1].table, table=tables[i // 2][0])
             for i in range(0, len(ids), 2)]
    if third is not None:
        lines.append(statement("cut_third_place", table=tables[-1][0]))
    rnd = round_write(event=event, number=last.number + 1, stage=RoundStage.TOP_CUT, by=by,
                      now=now, pairs=pairs, explanation={"lines": lines, "players": {}},
                      third_place=third)
    results_version_bump(event_id=event.pk)
    return rnd, True


def _phase_of(rnd: Round) -> Phase:
    return Phase.objects.get(pk=rnd.phase_id)
