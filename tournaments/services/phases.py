"""Writing an event's phases (models.phases) from its plan.

Before the start, an event's settings are its plan: its Swiss rounds, then with a top cut a
single elimination of the best `top_cut` players (with a match for third place when the event
says so). `phases_write` writes that plan as phases, once: the start calls it, and so does
pairing a round of an event that has none yet (one restored from a file, or made by the
operator's commands). The settings it reads are fixed from the start on (services.event_edit),
so the phases and the settings never disagree.
"""

from __future__ import annotations

from tournaments.models import Event, Phase, PhaseAdvance, PhaseStructure, RoundStage

__all__ = ["phase_for_stage", "phases_write"]


def phases_write(*, event: Event) -> list[Phase]:
    """The event's phases in order, written from its plan if it has none yet. Call it under
    the event's row lock (services.guards.lock_event) or on an event nobody else writes."""
    phases = list(Phase.objects.filter(event=event).order_by("number"))
    if phases:
        return phases
    plan = [Phase(event=event, number=1, structure=PhaseStructure.SWISS, rounds=event.rounds)]
    if event.top_cut:
        plan.append(Phase(event=event, number=2, structure=PhaseStructure.SINGLE_ELIMINATION,
                          advance=PhaseAdvance.TOP, advance_count=event.top_cut,
                          third_place=event.third_place))
    for phase in plan:
        phase.save()
    return plan


def phase_for_stage(*, event: Event, stage: str) -> Phase:
    """The phase a new round of `stage` belongs to: the Swiss phase, or the top cut's."""
    phases = phases_write(event=event)
    wanted = (PhaseStructure.SWISS if stage == RoundStage.SWISS
              else PhaseStructure.SINGLE_ELIMINATION)
    return next(phase for phase in phases if phase.structure == wanted)
