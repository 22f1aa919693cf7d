"""Player ratings: OpenSkill's Plackett-Luce model, one rating per player, game and format.

A completed event's confirmed matches (Swiss and top cut, in round and table order) update
its players' ratings once: a `RatedEvent` row, written under the event's lock and unique per
event, records that the event was applied, so completing or applying it again changes
nothing. A drawn match is a tie; a bye is no match. When the event sets
`exclude_ai_from_ratings`, matches against AI seats do not count; otherwise an AI seat plays
as a newcomer's default rating (AI seats have no rating of their own to keep).

An event imported from an event file (`Event.imported_at`, eventfile.services.event_file) never
counts: a file can be forged, and its seats hold no account anyway.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext
from openskill.models import PlackettLuce

from core.errors import Conflict
from tournaments.models import (
    EventStatus,
    Match,
    MatchStatus,
    RatedEvent,
    Rating,
)

from .guards import lock_event

__all__ = ["ordinal", "ratings_update_for_event"]

_Z = 3  # the leaderboard shows mu - 3 sigma: a rating the player is very likely above


def _model() -> PlackettLuce:
    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - _Z * sigma


def _ranks(match: Match) -> list[int]:
    """Plackett-Luce ranks from A's side: 1 is first, equal ranks a tie."""
    if match.a_wins == match.b_wins:
        return [1, 1]
    return [1, 2] if match.a_wins > match.b_wins else [2, 1]


@transaction.atomic
def ratings_update_for_event(*, event_id: int, now: datetime) -> RatedEvent | None:
    """Apply a completed event's matches to the ratings of its game and format, once.
    An imported event changes no rating (None: nothing applied)."""
    event = lock_event(event_id)
    if event.imported_at is not None:
        return None
    done = RatedEvent.objects.filter(event=event).first()
    if done is not None:
        return done  # applied already
    if event.status != EventStatus.COMPLETE:
        raise Conflict("not_complete", gettext("%(event)s is not complete: its ratings apply "
                                               "when it completes")
                                       % {"event": event.name},
                       params={"event": event.name})
    matches = (Match.objects.filter(round__event=event, status=MatchStatus.CONFIRMED,
                                    player_b__isnull=False)
               .select_related("player_a", "player_b")
               .order_by("round__number", "table", "id"))
    if event.exclude_ai_from_ratings:
        matches = matches.filter(is_ai_match=False)
    matches = [m for m in matches if not (m.player_a.is_ai and m.player_b.is_ai)]
    model = _model()
    # A former player (account deleted) has no rating to move: rated like an AI seat.
    player_ids = sorted({r.player_id for m in matches for r in (m.player_a, m.player_b)
                         if r.player_id is not None})
    # Locked in player order, so two events of the same game and format completing at once
    # update a shared player's rating one after the other.
    rows: dict[int, Rating] = {}
    for player_id in player_ids:
        rows[player_id], _ = Rating.objects.select_for_update().get_or_create(
            player_id=player_id, game_id=event.game_id, format=event.format,
            defaults={"mu": model.mu, "sigma": model.sigma,
                      "ordinal": ordinal(model.mu, model.sigma), "updated_at": now})
    current = {pid: model.rating(mu=row.mu, sigma=row.sigma) for pid, row in rows.items()}
    played: dict[int, int] = dict.fromkeys(player_ids, 0)
    for m in matches:
        teams = [[current[r.player_id] if r.player_id is not None else model.rating()]
                 for r in (m.player_a, m.player_b)]
        (new_a,), (new_b,) = model.rate(teams, ranks=_ranks(m))
        for registration, new in ((m.player_a, new_a), (m.player_b, new_b)):
            if registration.player_id is not None:
                current[registration.player_id] = new
                played[registration.player_id] += 1
    for player_id, row in rows.items():
        row.mu, row.sigma = current[player_id].mu, current[player_id].sigma
        row.ordinal = ordinal(row.mu, row.sigma)
        row.matches += played[player_id]
        row.events += 1
        row.updated_at = now
        row.save(update_fields=["mu", "sigma", "ordinal", "matches", "events", "updated_at"])
    return RatedEvent.objects.create(event=event, matches=len(matches), applied_at=now)


