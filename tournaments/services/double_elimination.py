"""A double elimination of the whole field as an event's first phase (`Event.structure`
double_elimination): no Swiss rounds and no top cut, the bracket is the event, a player is
out at their second loss.

At the start the players still in (AI seats too) are seeded as a single elimination's are
(selectors.seeding: by rating, the others drawn from the event's seed) and written as the
phase's entrants (services.phases), with the grand final's reset as the event says
(`Event.grand_final_reset`, `Phase.bracket_reset`).

Rounds: each round of the event pairs every bracket match of its wave (selectors.
double_elimination: a match's wave is one more than the latest of the matches feeding it), so
a round holds winners-bracket and losers-bracket matches together, tables numbered winners
bracket first, then losers bracket, then the grand final, each in the bracket's order; each
Match row carries its bracket ("winners", "losers", "final"). Round 1 has the byes of the top
seeds (services.byes); the grand final is round `Event.rounds`, and its reset, when the
losers bracket's champion wins the first final, the round after. Pairing round 1 moves the
event into its bracket (status top_cut) like a single elimination's, so the dashboard's
"pair the next bracket round" and the final places read it the same way.

A player who dropped loses their next match without playing, written for the opponent by the
one result writer (services.knockout `dropped_walkover`); a player who dropped while still in
the winners bracket so loses twice, and is placed by the round of the second loss. A no-show
is the organizer's (services.no_shows), a match loss like any other.
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
    Round,
    RoundStage,
)
from tournaments.selectors.bridge import swiss_id
from tournaments.selectors.double_elimination import bracket_waves, de_bracket, de_results
from tournaments.selectors.matches import match_format
from tournaments.selectors.seeding import seeded_seats
from tournaments.structures.double_elimination import (
    FEWEST_PLAYERS,
    FINAL,
    LOSERS,
    MOST_PLAYERS,
    WINNERS,
    DoubleElimination,
)
from tournaments.structures.model import From
from tournaments.swiss.explain import statement

from .byes import bye_write
from .knockout import dropped_walkover

__all__ = ["double_elimination_decided", "double_elimination_problems", "double_elimination_round",
           "double_elimination_rounds", "double_elimination_seeds"]

_ORDER = {WINNERS: 0, LOSERS: 1, FINAL: 2}


def double_elimination_problems(*, structure: str, format: str, rounds: int | None,
                                top_cut: int, third_place: bool, day2_points: int | None,
                                fill_with_ai: bool, late_entry_until_round: int,
                                groups: int | None, cycles: int,
                                head_to_head: bool) -> list[str]:
    """Why a double elimination of the whole field cannot be as asked (empty for another
    structure): the bracket is the whole event, its rounds come from its players."""
    if structure != EventStructure.DOUBLE_ELIMINATION:
        return []
    problems = []
    if rounds is not None:
        problems.append(Problem(gettext("a double elimination's rounds come from its players: "
                                        "leave the Swiss rounds empty"), "rounds"))
    if top_cut:
        problems.append(Problem(gettext("a double elimination is the whole event: it has no "
                                        "top cut"), "top_cut"))
    if third_place:
        problems.append(Problem(gettext("a double elimination places its players by the "
                                        "losers bracket: it has no match for third place"),
                                "third_place"))
    if day2_points is not None:
        problems.append(Problem(gettext("a double elimination has no day 2: leave its match "
                                        "points empty"), "day2_points"))
    if format == EventFormat.DRAFT:
        problems.append(Problem(gettext("a draft event plays in its pods: its first phase is "
                                        "Swiss"), "structure"))
    if fill_with_ai:
        problems.append(Problem(gettext("a double elimination gives its byes to the top "
                                        "seeds: leave filling with AI seats off"),
                                "fill_with_ai"))
    if late_entry_until_round:
        problems.append(Problem(gettext("a double elimination is seeded at the start: late "
                                        "entry must be 0"), "late_entry_until_round"))
    if groups is not None or cycles != 1 or head_to_head:
        problems.append(Problem(gettext("groups are for a round robin: leave them empty "
                                        "for Swiss rounds"), "groups"))
    return problems


def double_elimination_seeds(event: Event) -> list[int]:
    """The registration ids of the players still in, in seed order (as a single elimination
    seeds them). A Conflict when they do not make a bracket (3 to 64 players)."""
    order = seeded_seats(event, "double-elimination-seeds")
    count = len(order)
    if not FEWEST_PLAYERS <= count <= MOST_PLAYERS:
        raise Conflict("double_elimination_size", ngettext(
            "A double elimination has %(fewest)d to %(most)d players, and %(event)s has "
            "%(count)d",
            "A double elimination has %(fewest)d to %(most)d players, and %(event)s has "
            "%(count)d", count) % {"fewest": FEWEST_PLAYERS, "most": MOST_PLAYERS,
                                   "event": event.name, "count": count},
            params={"event": event.name, "count": count, "most": MOST_PLAYERS})
    return order


def double_elimination_rounds(players: int) -> int:
    """The rounds of play of a bracket of `players` up to its grand final (the reset, when
    it is played, is one more)."""
    bracket = DoubleElimination([str(i) for i in range(players)], grand_final_reset=False)
    return max(bracket_waves(bracket).values())


def double_elimination_round(*, event: Event, by: AbstractBaseUser, now: datetime,
                             number: int, write) -> Round | None:
    """Round `number` of the event's bracket: every match of that wave whose players the
    confirmed results decide (the caller holds the event's lock and has checked that the
    last round is confirmed). None when there is nothing left to pair (the champion is
    decided). `write` is services.rounds.round_write (passed in: that module dispatches
    here)."""
    phase = Phase.objects.get(event=event, number=1,
                              structure=PhaseStructure.DOUBLE_ELIMINATION)
    bracket = de_bracket(phase)
    waves = bracket_waves(bracket)
    matches = list(Match.objects.filter(round__phase=phase).select_related("round"))
    results = de_results(bracket, matches)
    if bracket.finished(results):
        return None
    sides = bracket.sides(results)
    seats = Registration.objects.in_bulk([int(pk) for pk in phase.entrants])
    seed = {int(pk): place for place, pk in enumerate(phase.entrants, start=1)}
    playing = sorted((bm for bm in bracket.matches if waves[bm.id] == number),
                     key=lambda bm: (_ORDER[bm.bracket], bm.round, bm.id))
    pairs, brackets, byes = [], [], []
    for bm in playing:
        a, b = sides[bm.id]
        if bm.b.source is From.NOBODY:
            byes.append(seats[int(a)])
        elif a is not None and b is not None:
            pairs.append((seats[int(a)], seats[int(b)]))
            brackets.append(bm.bracket)
    if not pairs:
        return None
    # Statements (code and params), put into words when read (presenters.explanations).
    if number == 1:
        lines = [statement("de_seeded", players=len(seed), byes=len(byes))]
    elif number > event.rounds:
        lines = [statement("de_reset", round=number)]
    else:
        lines = [statement("de_round", round=number, before=number - 1)]
    if FINAL in brackets and number == event.rounds:
        lines.append(statement("de_final", round=number))
    lines += [statement("knockout_bye", player=swiss_id(r.pk), seed=seed[r.pk]) for r in byes]
    names = {swiss_id(pk): seats[pk].name for pk in seed}
    rnd = write(event=event, number=number, stage=RoundStage.TOP_CUT, by=by, now=now,
                pairs=pairs, explanation={"lines": lines, "players": names},
                brackets=brackets)
    for registration in byes:
        bye_write(rnd=rnd, registration=registration, by=None, now=now)
    if byes:  # a bye is a winners-bracket match of round 1 (side b nobody)
        rnd.matches.filter(player_b__isnull=True).update(bracket=WINNERS)
    wins = match_format(event, rnd).wins_needed
    for match in rnd.matches.filter(player_b__isnull=False).select_related("player_a",
                                                                          "player_b"):
        dropped_walkover(event, rnd, match, wins, now)
    return rnd


def double_elimination_decided(event: Event) -> bool:
    """Whether the event's champion is decided (the grand final, or its reset, confirmed)."""
    phase = Phase.objects.filter(event=event,
                                 structure=PhaseStructure.DOUBLE_ELIMINATION).first()
    if phase is None:
        return False
    bracket = de_bracket(phase)
    matches = list(Match.objects.filter(round__phase=phase).select_related("round"))
    return bracket.finished(de_results(bracket, matches))
