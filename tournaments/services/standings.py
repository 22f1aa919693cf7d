"""The event's results version and its final standings (`EventStandings`).

Every service that changes what the standings or the pairings show calls
`results_version_bump` inside its transaction, as its last write: the change and the new
version commit together, and the pages, which read the version before the rows, never keep
old rows under a new version. Being the last write keeps the version's row the last lock a
transaction takes, so nothing waits for another lock while holding it.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F

from tournaments.models import Event, EventStandings
from tournaments.selectors.standings import computed_standings

from .live import event_changed

__all__ = ["results_version_bump", "standings_freeze", "standings_row_create"]


def results_version_bump(*, event_id: int) -> None:
    """The event's standings and pairings have changed: a new results version (and, once
    it commits, a hint to the event's live pages)."""
    if not transaction.get_connection().in_atomic_block:
        raise AssertionError("bump the results version in the transaction of the change, "
                             "or a page could keep the old rows under the new version")
    event_changed(event_id=event_id)
    if EventStandings.objects.filter(event_id=event_id).update(version=F("version") + 1):
        return
    # An event created without `event_create` (a script, a test's factory) has no row yet.
    _, created = EventStandings.objects.get_or_create(event_id=event_id,
                                                      defaults={"version": 1})
    if not created:
        EventStandings.objects.filter(event_id=event_id).update(version=F("version") + 1)


def standings_row_create(*, event: Event) -> EventStandings:
    """The row of a new event (in the transaction that creates it)."""
    return EventStandings.objects.create(event=event)


def standings_freeze(*, event: Event, now: datetime) -> None:
    """Store the event's standings as they are now: the final ones, shown from now on
    whatever the tiebreakers' code later does. The caller completes the event, under its
    lock, and bumps the version after."""
    rows = [row._asdict() for row in computed_standings(event)]
    EventStandings.objects.update_or_create(event_id=event.pk,
                                            defaults={"final": rows, "frozen_at": now})
