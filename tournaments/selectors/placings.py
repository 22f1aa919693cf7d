"""Final placings: once an event's top cut is decided, every player's final place, in the
customary way (tournaments.structures.single_elimination `placings`): the champion 1st, the
finalist 2nd, the semifinals' losers 3rd and 4th by the match for third place (else both
3rd), the players out in each earlier round sharing the place after everyone who went further,
and then everyone who did not make the cut in their Swiss order, placed from the cut's size + 1
on. Without a top cut, a complete event's places are its standings' ranks. A round robin's
players outside the cut (or all of them, without one) are placed across the groups as its cut
is seeded: the group winners by their records, then the seconds, and so on.

The cut's seeds are its phase's `entrants` (services.topcut writes them); a cut made before
phases existed, or restored from a file, has them read back from its first round's tables,
which stand in the bracket's order (tournaments.swiss.topcut.bracket)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchBracket,
    MatchStatus,
    Phase,
    PhaseStructure,
)
from tournaments.selectors.double_elimination import de_placings
from tournaments.selectors.groups import across_groups
from tournaments.selectors.standings import StandingRow
from tournaments.structures.model import StructureError
from tournaments.structures.single_elimination import THIRD_PLACE, SingleElimination, seed_order


def cut_phase(event: Event) -> Phase | None:
    """The event's single-elimination phase (its top cut), if it has one."""
    return (Phase.objects.filter(event=event, structure=PhaseStructure.SINGLE_ELIMINATION)
            .order_by("number").first())


def cut_seeds(phase: Phase, matches: Sequence[Match]) -> list[int]:
    """The cut's registration ids in seed order (best first): its entrants, or, for a cut
    that has none written, the players of its first round read back in bracket order."""
    if phase.entrants:
        return list(phase.entrants)
    first = min((m.round.number for m in matches), default=None)
    # Bracket order is the order the matches were written in (services.rounds.round_write):
    # a fixed table (Registration.fixed_table) can put a match at another table.
    opening = sorted((m for m in matches if m.round.number == first), key=lambda m: m.pk)
    order = seed_order(2 * len(opening)) if opening else []
    placed: dict[int, int] = {}
    for index, match in enumerate(opening):
        placed[order[2 * index]] = match.player_a_id
        placed[order[2 * index + 1]] = match.player_b_id
    return [placed[seed] for seed in sorted(placed)]


def cut_placings(event: Event) -> list[tuple[int, int]] | None:
    """(place, registration id) for every player of the top cut, best first, once its final
    is confirmed; None before (or without a cut)."""
    phase = cut_phase(event)
    if phase is None:
        return None
    matches = list(Match.objects.filter(round__phase=phase).select_related("round")
                   .order_by("round__number", "id"))
    seeds = cut_seeds(phase, matches)
    if len(seeds) < 2 or any(m.status != MatchStatus.CONFIRMED for m in matches
                             if m.bracket == MatchBracket.MAIN):
        return None
    third = any(m.bracket == MatchBracket.THIRD_PLACE for m in matches)
    bracket = SingleElimination([str(pk) for pk in seeds], third_place=third)
    results = bracket_results(bracket, matches)
    try:
        return [(place, int(name)) for place, name in bracket.placings(results)]
    except StructureError:
        return None  # the final is not decided yet


def bracket_placings(event: Event) -> list[tuple[int, int]] | None:
    """(place, registration id) of the bracket's players once it is decided: a double
    elimination's (selectors.double_elimination), else the single elimination's."""
    return de_placings(event) if event.double_elimination else cut_placings(event)


def bracket_results(bracket: SingleElimination, matches: Sequence[Match]) -> dict[int, str]:
    """Each decided match of `bracket` (its players' names are registration ids) to its
    winner, read from the confirmed `matches` of its phase by their two players: a bye needs
    no result, and a match's place among its round's tables does not matter (a fixed table
    moves it, a bye is written after the round's matches)."""
    played = {(m.bracket == MatchBracket.THIRD_PLACE, frozenset((m.player_a_id, m.player_b_id))): m
              for m in matches
              if m.player_b_id is not None and m.status == MatchStatus.CONFIRMED}
    results: dict[int, str] = {}
    grew = True
    while grew:  # each pass decides a round more (a side comes from an earlier match)
        grew = False
        sides = bracket.sides(results)
        for bm in bracket.matches:
            a, b = sides[bm.id]
            if bm.id in results or a is None or b is None:
                continue
            match = played.get((bm.bracket == THIRD_PLACE, frozenset((int(a), int(b)))))
            if match is not None:
                won = match.player_a_id if match.a_wins > match.b_wins else match.player_b_id
                results[bm.id] = str(won)
                grew = True
    return results


def final_places(event: Event, rows: Sequence[StandingRow]) -> dict[int, int] | None:
    """Each standings row's final place by registration id, or None while it is not known:
    the top cut's placings then the others from the cut's size + 1 in their Swiss order, or
    without a cut the complete event's ranks; a single elimination of the whole field places
    every player by its bracket, a double elimination's likewise
    (selectors.double_elimination)."""
    if event.double_elimination:
        placed = de_placings(event)
        return None if placed is None else {pk: place for place, pk in placed}
    if event.single_elimination:
        if event.status not in (EventStatus.TOP_CUT, EventStatus.COMPLETE):
            return None
        placed = cut_placings(event)
        return None if placed is None else {pk: place for place, pk in placed}
    if event.round_robin:  # one order across the groups (selectors.standings)
        rows = across_groups(event.tiebreakers, rows)
        if not event.top_cut:
            if event.status != EventStatus.COMPLETE:
                return None
            return {row.registration_id: place for place, row in enumerate(rows, start=1)}
    if not event.top_cut:
        if event.status != EventStatus.COMPLETE:
            return None
        return {row.registration_id: row.rank for row in rows}
    if event.status not in (EventStatus.TOP_CUT, EventStatus.COMPLETE):
        return None
    placed = cut_placings(event)
    if placed is None:
        return None
    places = {pk: place for place, pk in placed}
    after = len(places)
    for row in rows:
        if row.registration_id not in places:
            after += 1
            places[row.registration_id] = after
    return places
