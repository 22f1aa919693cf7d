"""Writing an event's phases (models.phases) from its plan.

Before the start, an event's settings are its plan: its Swiss rounds (or a round robin in
groups, drawn when the phase is written: services.round_robin); for a two-day event,
day 2's Swiss rounds for the players with at least `day2_points` match points (their points
and who they met carried over); then with a top cut a single elimination of the best
`top_cut` players (with a match for third place when the event says so).

`phases_write` writes that plan as phases, once: the start calls it, and so does pairing a
round of an event that has none yet (one restored from a file, or made by the operator's
commands). The settings it reads are fixed from the start on (services.event_edit),
so the phases and the settings never disagree.
"""

from __future__ import annotations

from django.utils.translation import gettext

from core.errors import Problem
from tournaments.models import (
    Event,
    EventFormat,
    Phase,
    PhaseAdvance,
    PhaseStructure,
    RoundStage,
)

from .double_elimination import double_elimination_seeds
from .knockout import knockout_seeds
from .round_robin import groups_draw

__all__ = ["MAX_DAY_TWO_POINTS", "MAX_DAY_TWO_ROUNDS", "day_two_problems", "phase_for_stage",
           "phases_write"]


def phases_write(*, event: Event, groups: list[list[int]] | None = None,
                 entrants: list[int] | None = None) -> list[Phase]:
    """The event's phases in order, written from its plan if it has none yet. Call it under
    the event's row lock (services.guards.lock_event) or on an event nobody else writes.
    `groups`: a round robin's groups as they were drawn (an event restored from its file),
    else they are drawn now; `entrants` likewise a single (double) elimination's seeds."""
    phases = list(Phase.objects.filter(event=event).order_by("number"))
    if phases:
        return phases
    if event.double_elimination:  # the whole field, seeded now (services.double_elimination)
        plan = [Phase(event=event, number=1, structure=PhaseStructure.DOUBLE_ELIMINATION,
                      rounds=event.rounds, bracket_reset=event.grand_final_reset,
                      entrants=entrants if entrants is not None
                      else double_elimination_seeds(event))]
    elif event.single_elimination:  # the whole field, seeded now (services.knockout)
        plan = [Phase(event=event, number=1, structure=PhaseStructure.SINGLE_ELIMINATION,
                      rounds=event.rounds, third_place=event.third_place,
                      entrants=entrants if entrants is not None else knockout_seeds(event))]
    elif event.round_robin:
        plan = [Phase(event=event, number=1, structure=PhaseStructure.ROUND_ROBIN,
                      rounds=event.rounds, groups=event.groups, cycles=event.cycles,
                      head_to_head=event.head_to_head,
                      group_members=groups if groups is not None else groups_draw(event))]
    else:
        plan = [Phase(event=event, number=1, structure=PhaseStructure.SWISS,
                      rounds=event.rounds)]
    if event.day2_points is not None:
        plan.append(Phase(event=event, number=2, structure=PhaseStructure.SWISS,
                          advance=PhaseAdvance.POINTS, advance_points=event.day2_points,
                          rounds=event.day2_rounds))
    if event.top_cut:
        by_group = event.round_robin and event.groups
        plan.append(Phase(event=event, number=len(plan) + 1,
                          structure=PhaseStructure.SINGLE_ELIMINATION,
                          advance=PhaseAdvance.GROUP_TOP if by_group else PhaseAdvance.TOP,
                          advance_count=event.top_cut // event.groups if by_group
                          else event.top_cut,
                          third_place=event.third_place))
    for phase in plan:
        phase.save()
    return plan


def phase_for_stage(*, event: Event, stage: str, number: int = 1) -> Phase:
    """The phase round `number` of `stage` belongs to: the top cut's, the round robin, or a
    Swiss phase (day 2's from the round after day 1's last)."""
    phases = phases_write(event=event)
    if stage != RoundStage.SWISS:
        return next(p for p in phases if p.structure in (PhaseStructure.SINGLE_ELIMINATION,
                                                         PhaseStructure.DOUBLE_ELIMINATION))
    if phases[0].structure == PhaseStructure.ROUND_ROBIN:
        return phases[0]
    swiss = [p for p in phases if p.structure == PhaseStructure.SWISS]
    if len(swiss) > 1 and swiss[0].rounds is not None and number > swiss[0].rounds:
        return swiss[1]
    return swiss[0]


MAX_DAY_TWO_POINTS = 90  # three points a win over 30 rounds
MAX_DAY_TWO_ROUNDS = 20


def day_two_problems(*, format: str, day2_points: int | None, day2_rounds: int | None,
                     fill_with_ai: bool) -> list[str]:
    """Why a two-day event's day 2 cannot be as asked (none for a one-day event)."""
    if day2_points is None and day2_rounds is None:
        return []
    problems = []
    if day2_points is None or not 0 <= day2_points <= MAX_DAY_TWO_POINTS:
        problems.append(Problem(gettext("day 2 is for the players with 0 to %(most)d match "
                                        "points: say how many it takes")
                                % {"most": MAX_DAY_TWO_POINTS}, "day2_points"))
    if day2_rounds is None or not 1 <= day2_rounds <= MAX_DAY_TWO_ROUNDS:
        problems.append(Problem(gettext("day 2 plays 1 to %(most)d Swiss rounds: say how many")
                                % {"most": MAX_DAY_TWO_ROUNDS}, "day2_rounds"))
    if format == EventFormat.DRAFT:
        problems.append(Problem(gettext("a draft event plays in its pods: it has no day 2"),
                                "day2_points"))
    if fill_with_ai:
        problems.append(Problem(gettext("a two-day event gives byes, not AI seats, to odd "
                                        "players: leave filling with AI seats off"),
                                "fill_with_ai"))
    return problems
