"""A seat's standing round by round: the event's standings as they stood after each completed
Swiss round, each computed from the confirmed results of rounds 1..k only.

The ranking is `tournaments.swiss.compute_standings` with the event's tiebreakers, over the
same rows `tournaments.selectors.standings_for_event` reads (`tournaments.bridge.swiss_view`),
so the rank after the last completed round is the rank the standings page shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournaments.bridge import SwissView, swiss_id
from tournaments.models import Event, Registration, RoundStatus
from tournaments.swiss import compute_standings


@dataclass(frozen=True)
class RoundStanding:
    round: int  # the Swiss round's number
    rank: int
    match_points: int
    field: int  # how many seats the standings after this round list


def standing_by_round(event: Event, view: SwissView,
                      registration: Registration) -> list[RoundStanding]:
    """The seat's rank and match points after each completed Swiss round, in round order;
    `view` is `swiss_view(event)`, which the caller has usually read already.

    Rounds still being played are left out (their ranks would move with every report), as
    are the rounds before the seat's first match (a late entry was not in them). Like the
    standings page, a seat that dropped before playing is not in the field."""
    # A complete round has every result confirmed, so each one is among the view's matches.
    rounds = sorted({m.round.number for m in view.matches
                     if m.round.status == RoundStatus.COMPLETE})
    me = swiss_id(registration.pk)
    out: list[RoundStanding] = []
    for number in rounds:
        so_far = [m for m in view.tournament.matches if m.round <= number]
        played = {p for m in so_far for p in (m.a, m.b) if p is not None}
        if me not in played:
            continue
        standings = compute_standings(replace(view.tournament, matches=so_far),
                                      event.tiebreakers)
        field = sum(1 for s in standings if s.id in played or not s.dropped)
        mine = next(s for s in standings if s.id == me)
        out.append(RoundStanding(round=number, rank=mine.rank,
                                 match_points=mine.match_points, field=field))
    return out
