"""A single elimination of the whole field as an event's first phase (`Event.structure`
single_elimination): no Swiss rounds and no top cut, the bracket is the event.

At the start the players still in (AI seats too) are seeded, by rating when they have one,
the others after them drawn from the event's seed, and written as the phase's entrants
(services.phases). Each bracket round is then paired from the pure bracket
(tournaments.structures.single_elimination) and the confirmed results of the rounds before
(selectors.placings `bracket_results`): round 1 with its byes to the top seeds (each written
by services.byes), later rounds from the winners, the match for third place beside the final.
Pairing round 1 moves the event into its bracket (status top_cut), so the site's top-cut
machinery (the dashboard, the bracket page, the final places) reads it like a cut.

A player who dropped loses their next match without playing: it is written confirmed for the
opponent, as a no-show would be (a no-show at the table is the organizer's, services.no_shows).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext, ngettext

from core.errors import Conflict, Problem
from tournaments.models import (
    Event,
    EventFormat,
    EventStructure,
    Match,
    Phase,
    PhaseStructure,
    Registration,
    ResultAction,
    Round,
    RoundStage,
)
from tournaments.selectors.bridge import swiss_id
from tournaments.selectors.matches import match_format
from tournaments.selectors.placings import bracket_results
from tournaments.selectors.seeding import seeded_seats
from tournaments.structures.single_elimination import (
    MOST_PLAYERS,
    THIRD_PLACE,
    WINNERS,
    SingleElimination,
)
from tournaments.swiss.explain import statement

from .byes import bye_write
from .results import ResultWrite, confirmation, results_write

__all__ = ["dropped_walkover", "knockout_problems", "knockout_round", "knockout_rounds",
           "knockout_seeds"]


def knockout_problems(*, structure: str, format: str, rounds: int | None, top_cut: int,
                      day2_points: int | None, fill_with_ai: bool,
                      late_entry_until_round: int, groups: int | None, cycles: int,
                      head_to_head: bool) -> list[str]:
    """Why a single elimination of the whole field cannot be as asked (empty for another
    structure): the bracket is the whole event, its rounds come from its players."""
    if structure != EventStructure.SINGLE_ELIMINATION:
        return []
    problems = []
    if rounds is not None:
        problems.append(Problem(gettext("a single elimination's rounds come from its players: "
                                        "leave the Swiss rounds empty"), "rounds"))
    if top_cut:
        problems.append(Problem(gettext("a single elimination is the whole event: it has no "
                                        "top cut"), "top_cut"))
    if day2_points is not None:
        problems.append(Problem(gettext("a single elimination has no day 2: leave its match "
                                        "points empty"), "day2_points"))
    if format == EventFormat.DRAFT:
        problems.append(Problem(gettext("a draft event plays in its pods: its first phase is "
                                        "Swiss"), "structure"))
    if fill_with_ai:
        problems.append(Problem(gettext("a single elimination gives its byes to the top "
                                        "seeds: leave filling with AI seats off"),
                                "fill_with_ai"))
    if late_entry_until_round:
        problems.append(Problem(gettext("a single elimination is seeded at the start: late "
                                        "entry must be 0"), "late_entry_until_round"))
    if groups is not None or cycles != 1 or head_to_head:
        problems.append(Problem(gettext("groups are for a round robin: leave them empty "
                                        "for Swiss rounds"), "groups"))
    return problems


def knockout_seeds(event: Event) -> list[int]:
    """The registration ids of the players still in, in seed order: by rating (the best
    first) where the player has one, then the others drawn from the event's seed. A Conflict
    when they do not make a bracket (2 to 128 players, a third place from 4)."""
    order = seeded_seats(event, "single-elimination-seeds")
    count = len(order)
    if count > MOST_PLAYERS:
        raise Conflict("too_many_players", ngettext(
            "A single elimination has 2 to %(most)d players, and %(event)s has %(count)d",
            "A single elimination has 2 to %(most)d players, and %(event)s has %(count)d",
            count) % {"most": MOST_PLAYERS, "event": event.name, "count": count},
            params={"event": event.name, "count": count, "most": MOST_PLAYERS})
    if event.third_place and count < 4:
        raise Conflict("too_few_for_third_place", ngettext(
            "A match for third place needs 4 players, and %(event)s has %(count)d: turn the "
            "match for third place off",
            "A match for third place needs 4 players, and %(event)s has %(count)d: turn the "
            "match for third place off", count) % {"event": event.name, "count": count},
            params={"event": event.name, "count": count})
    return order


def knockout_rounds(players: int) -> int:
    """The rounds of a bracket of `players`: the final is the last."""
    return max(1, (players - 1).bit_length())


def _bracket(phase: Phase) -> SingleElimination:
    return SingleElimination([str(pk) for pk in phase.entrants], third_place=phase.third_place)


def knockout_round(*, event: Event, by: AbstractBaseUser, now: datetime,
                   number: int, write) -> Round:
    """Round `number` of the event's bracket, from the confirmed results of the rounds before
    (the caller holds the event's lock and has checked that the last round is confirmed).
    `write` is services.rounds.round_write (passed in: that module dispatches here)."""
    phase = Phase.objects.get(event=event, number=1,
                              structure=PhaseStructure.SINGLE_ELIMINATION)
    bracket = _bracket(phase)
    matches = list(Match.objects.filter(round__phase=phase))
    sides = bracket.sides(bracket_results(bracket, matches))
    seats = Registration.objects.in_bulk([int(pk) for pk in phase.entrants])
    seed = {int(pk): place for place, pk in enumerate(phase.entrants, start=1)}
    pairs, byes, third = [], [], None
    for bm in bracket.matches:
        a, b = sides[bm.id]
        if bm.bracket == WINNERS and bm.round == number:
            if b is None and number == 1:
                byes.append(seats[int(a)])
            else:
                pairs.append((seats[int(a)], seats[int(b)]))
        elif bm.bracket == THIRD_PLACE and number == bracket.rounds:
            third = (seats[int(a)], seats[int(b)])
    # Statements (code and params), put into words when read (presenters.explanations).
    lines = ([statement("knockout_seeded", players=len(seed), byes=len(byes))] if number == 1
             else [statement("knockout_round", round=number, before=number - 1)])
    lines += [statement("knockout_bye", player=swiss_id(r.pk), seed=seed[r.pk]) for r in byes]
    names = {swiss_id(pk): seats[pk].name for pk in seed}
    rnd = write(event=event, number=number, stage=RoundStage.TOP_CUT, by=by, now=now,
                pairs=pairs, explanation={"lines": lines, "players": names},
                third_place=third)
    for registration in byes:
        bye_write(rnd=rnd, registration=registration, by=None, now=now)
    for match in rnd.matches.filter(player_b__isnull=False).select_related("player_a",
                                                                          "player_b"):
        dropped_walkover(event, rnd, match, match_format(event, rnd).wins_needed, now)
    return rnd


def dropped_walkover(event: Event, rnd: Round, match: Match, wins: int, now: datetime) -> None:
    """A match one of whose players has dropped: the other wins it without playing (both
    gone: the better seed, player a, goes on), written by the one result writer."""
    a_gone, b_gone = match.player_a.dropped, match.player_b.dropped
    if not (a_gone or b_gone):
        return
    a_wins = not a_gone or b_gone
    score = ({"a_wins": wins, "b_wins": 0, "draws": 0} if a_wins
             else {"a_wins": 0, "b_wins": wins, "draws": 0})
    gone = match.player_b if a_wins else match.player_a
    results_write([ResultWrite(event=event, rnd=rnd, match=match, action=ResultAction.NO_SHOW,
                               changes=confirmation(score, now, engine_verified=False),
                               note=f"dropped: {gone.name}")], now=now)
