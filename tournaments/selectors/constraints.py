"""The organizer's pairing constraints of an event as rows (services.constraints writes them):
each player's awarded byes and fixed table, and the pairs kept apart. Read by the
constraints page and the API alike."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Event, KeptApart
from tournaments.selectors.bridge import seat_names


@dataclass(frozen=True, slots=True)
class SeatConstraint:
    registration_id: int
    name: str
    dropped: bool
    awarded_byes: int
    fixed_table: int | None


@dataclass(frozen=True, slots=True)
class PairApart:
    id: int
    first_id: int
    first_name: str
    second_id: int
    second_name: str
    note: str


def seat_constraints(event: Event) -> list[SeatConstraint]:
    """Every player's seat (no AI seat) in registration order, with its constraints."""
    names = seat_names(event.pk)
    return [SeatConstraint(pk, names[pk], dropped, byes, table)
            for pk, dropped, byes, table in event.registrations.filter(is_ai=False)
            .order_by("created_at", "id")
            .values_list("id", "dropped", "awarded_byes", "fixed_table")]


def pairs_apart(event: Event) -> list[PairApart]:
    """The pairs kept apart, in the order they were listed."""
    names = seat_names(event.pk)
    return [PairApart(pk, first, names[first], second, names[second], note)
            for pk, first, second, note in KeptApart.objects.filter(event=event)
            .order_by("id").values_list("id", "first_id", "second_id", "note")]

