"""A round of AI seats against AI seats, for the engine-job tests (unit and integration)."""

from __future__ import annotations

from django.utils import timezone

from tests.factories.tournaments import (
    AISeatFactory,
    OrganizedEventFactory,
    RoundRowFactory,
)
from tournaments.models import EventStatus, Match, Registration, Round, RoundStatus


def ai_round(*, tables: int = 2, match_length: int = 3, seed: int = 11,
             first_seat_id: int | None = None) -> Round:
    """A running event whose round 1 has `tables` matches of two AI seats each (written with
    bulk inserts: the backlog tests ask for thousands). An AI seat's deck is chosen from its
    row's id: `first_seat_id` fixes the ids (and so the games), which the database's sequence
    would otherwise set from the tests run before."""
    event = OrganizedEventFactory(format="preconstructed", match_length=match_length,
                                  seed=seed, status=EventStatus.RUNNING, rounds=3)
    seats = AISeatFactory.build_batch(2 * tables, event=event)
    for i, seat in enumerate(seats):
        seat.ai_name = f"AI {i + 1}"
        if first_seat_id is not None:
            seat.pk = first_seat_id + i
    seats = Registration.objects.bulk_create(seats)
    rnd = RoundRowFactory(event=event, number=1, status=RoundStatus.PLAYING, seed=seed,
                          paired_at=timezone.now())
    Match.objects.bulk_create(
        [Match(round=rnd, table=t + 1, player_a=seats[2 * t], player_b=seats[2 * t + 1],
               is_ai_match=True) for t in range(tables)])
    return rnd
