"""The state machines' legal moves (the tables are in tournaments.models).

A move the user asked for in the wrong state is a Conflict (409) that says what the state is
and what it allows; a move a service makes by itself in the wrong state is a bug and raises.
"""

from __future__ import annotations

from core.errors import Conflict
from tournaments.models import (
    EVENT_TRANSITIONS,
    MATCH_TRANSITIONS,
    Event,
    EventStatus,
    Match,
    MatchStatus,
    Round,
)


def event_move(event: Event, to: str) -> None:
    """Set `event.status` to `to` if the event state machine allows it (not saved)."""
    allowed = EVENT_TRANSITIONS[event.status]
    if to not in allowed:
        now = EventStatus(event.status).label.lower()
        options = " or ".join(EventStatus(s).label.lower() for s in allowed)
        why = f"from {now} it can only become {options}" if allowed else "that is final"
        raise Conflict("bad_transition",
                       f"{event} is {now}: it cannot become {EventStatus(to).label.lower()} "
                       f"({why})",
                       params={"event": event.name, "status": now, "to": to})
    event.status = to


def match_move(match: Match, to: str) -> None:
    """Set `match.status`; the services check the user's side first, so an illegal move
    here is a bug."""
    if to not in MATCH_TRANSITIONS[match.status]:
        raise AssertionError(f"match {match.pk}: {match.status} -> {to} is not a legal move")
    match.status = to


def require_round_confirmed(rnd: Round) -> None:
    """Conflict unless every result of `rnd` is confirmed; the message lists the open tables
    ('table 3 (one report), table 5 (disputed), table 7')."""
    open_matches = list(rnd.matches.exclude(status=MatchStatus.CONFIRMED).order_by("table"))
    if not open_matches:
        return
    parts = []
    for m in open_matches:
        label = f"table {m.table}"
        if m.status == MatchStatus.DISPUTED:
            label += " (disputed)"
        elif m.status == MatchStatus.REPORTED:
            label += " (one report)"
        parts.append(label)
    raise Conflict("results_open", f"Round {rnd.number} still has results to confirm: "
                                   f"{', '.join(parts)}",
                   problems=[f"table {m.table}: {m.status}" for m in open_matches],
                   params={"round": rnd.number, "count": len(open_matches)})
