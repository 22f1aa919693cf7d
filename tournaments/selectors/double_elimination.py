"""A double elimination of the whole field as the database holds it: its bracket
(tournaments.structures.double_elimination) from its phase's seeds, the bracket's matches
decided by the confirmed Match rows, and its final places.

Rounds of play: round N of the event pairs every bracket match whose "wave" is N, where a
match's wave is one more than the latest wave among the matches feeding it (a seed feeds
from wave 0, so winners round 1 and its byes are wave 1). Once round N-1 is confirmed every
match of wave N has both players, so a round pairs the winners bracket's and the losers
bracket's matches together; the losers bracket runs behind the winners bracket as its
rounds wait for the players dropping into them. The grand final is the last wave
(`Event.rounds`), its reset (when it is played) the wave after.

A Match row is found for a bracket match by its bracket ("winners", "losers", "final"), its
round's number (the wave) and its two players: the same two players may meet in both
brackets, and twice in the grand final, but never twice in one bracket's wave."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Phase,
    PhaseStructure,
)
from tournaments.structures.double_elimination import LOSERS, DoubleElimination
from tournaments.structures.model import From, StructureError

__all__ = ["bracket_waves", "de_bracket", "de_phase", "de_placings", "de_results",
           "de_state"]


def de_phase(event: Event) -> Phase | None:
    """The event's double-elimination phase, once it has started."""
    return Phase.objects.filter(event=event,
                                structure=PhaseStructure.DOUBLE_ELIMINATION).first()


def de_bracket(phase: Phase) -> DoubleElimination:
    """The phase's bracket; its players' names are registration ids."""
    return DoubleElimination([str(pk) for pk in phase.entrants],
                             grand_final_reset=phase.bracket_reset)


def bracket_waves(bracket: DoubleElimination) -> dict[int, int]:
    """Each bracket match's round of play (see the module's docstring)."""
    waves: dict[int, int] = {}
    for match in bracket.matches:  # in playing order: a side's match comes before
        feeding = [waves[side.ref] for side in (match.a, match.b)
                   if side.source in (From.WINNER, From.LOSER)]
        waves[match.id] = 1 + max(feeding, default=0)
    return waves


def de_results(bracket: DoubleElimination, matches: Sequence[Match]) -> dict[int, str]:
    """Each decided bracket match to its winner (a registration id as a string), read from
    the phase's confirmed `matches` (their rounds selected)."""
    played = {(m.bracket, m.round.number, frozenset((m.player_a_id, m.player_b_id))): m
              for m in matches
              if m.player_b_id is not None and m.status == MatchStatus.CONFIRMED}
    waves = bracket_waves(bracket)
    results: dict[int, str] = {}
    grew = True
    while grew:  # each pass decides a wave more (a side comes from an earlier match)
        grew = False
        sides = bracket.sides(results)
        for bm in bracket.matches:
            a, b = sides[bm.id]
            if bm.id in results or a is None or b is None:
                continue
            match = played.get((bm.bracket, waves[bm.id], frozenset((int(a), int(b)))))
            if match is not None:
                won = match.player_a_id if match.a_wins > match.b_wins else match.player_b_id
                results[bm.id] = str(won)
                grew = True
    return results


def de_state(event: Event) -> tuple[DoubleElimination, dict[int, str]] | None:
    """The event's bracket and its results so far (None before the start)."""
    phase = de_phase(event)
    if phase is None or not phase.entrants:
        return None
    bracket = de_bracket(phase)
    matches = list(Match.objects.filter(round__phase=phase).select_related("round"))
    return bracket, de_results(bracket, matches)


def de_placings(event: Event) -> list[tuple[int, int]] | None:
    """(place, registration id) for every player, best first, once the grand final (or its
    reset) is decided; None before. The champion is 1st, the runner-up 2nd, then the players
    by the losers-bracket round they went out in (the later, the better), those out in the
    same round sharing their place and listed by their seed."""
    if event.status not in (EventStatus.TOP_CUT, EventStatus.COMPLETE):
        return None
    state = de_state(event)
    if state is None:
        return None
    bracket, results = state
    try:
        order = bracket.placings(results)
    except StructureError:
        return None  # the grand final is not decided yet
    sides = bracket.sides(results)
    out_in: dict[str, int] = {}
    for bm in bracket.matches:
        if bm.bracket == LOSERS:
            a, b = sides[bm.id]
            out_in[b if results[bm.id] == a else a] = bm.round
    placed: list[tuple[int, int]] = [(1, int(order[0])), (2, int(order[1]))]
    for index, name in enumerate(order[2:], start=2):
        before = order[index - 1]
        same = index > 2 and out_in.get(before) == out_in[name]
        placed.append((placed[-1][0] if same else index + 1, int(name)))
    return placed
