"""A signed-in reader of an event's public pages (pairings, standings): the event's results
version and what the reader is to the event, read in one query for a page whose rest is kept
per version (`tournaments.views.rounds`)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from django.db import connection
from django.db.models.options import Options

from tournaments.models import Event, EventStandings, Registration


class Reader(NamedTuple):
    """A signed-in reader of an event's pages: its results version, and what they are to
    it: an organizer (`selectors.access.is_organizer`), and the id of their seat (dropped
    or not; None when they have none)."""

    version: int
    organizes: bool
    seat: int | None


def reader_of(event_id: int, user_id: int) -> Reader | None:
    """The results version of the event with this id and what the user with this id is to
    it, in one query; None when there is no such event (or it has no results version row).

    Plain SQL, built from the models: a signed-in reader's page costs this query after
    their session's, and the ORM's compiling of its two subqueries cost more CPU than the
    database's answering them (and than the rest of a kept page)."""
    with connection.cursor() as cursor:
        cursor.execute(_reader_sql(), [user_id, user_id, event_id])
        row = cursor.fetchone()
    return Reader(row[0], bool(row[1]), row[2]) if row else None


@cache
def _reader_sql() -> str:
    state, through = EventStandings._meta, Event.organizers.through._meta
    seats, event = Registration._meta, f"s.{_column(EventStandings._meta, 'event')}"
    return (f"SELECT s.{_column(state, 'version')}, "
            f"EXISTS (SELECT 1 FROM {_table(through)} o WHERE o.{_column(through, 'event')} = "
            f"{event} AND o.{_column(through, 'user')} = %s), "
            f"(SELECT r.{_column(seats, 'id')} FROM {_table(seats)} r WHERE "
            f"r.{_column(seats, 'event')} = {event} AND r.{_column(seats, 'player')} = %s) "
            f"FROM {_table(state)} s WHERE {event} = %s")


def _table(meta: Options) -> str:
    return connection.ops.quote_name(meta.db_table)


def _column(meta: Options, field: str) -> str:
    return connection.ops.quote_name(meta.get_field(field).column)
