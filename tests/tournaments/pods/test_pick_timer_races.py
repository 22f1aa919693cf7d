"""The overdue pick racing against a real PostgreSQL: a page, the API and the sweep reading a
draft whose pick timer ran out at the same moment make the policy's pick once, under the
pair's row lock; a player's own pick racing the timer leaves a record that replays.

SQLite has no row locks to test, so these run only in the PostgreSQL run of the suite.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.clash.ai.turns import replay_marked_picks
from engine.clash.formats import DraftRecord
from tests.tournaments.pods_play import draft_event
from tests.tournaments.results.test_races import at_once
from tournaments.models import DraftPair, PodSeat
from tournaments.selectors.pods import draft_seat_view
from tournaments.services.pods import (
    draft_pick,
    draft_pick_timeout,
    drafts_at_time,
    drafts_read_repair,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_four_readers_and_the_sweep_at_once_make_the_overdue_pick_once():
    event = draft_event(2, pick_seconds=30)
    row = DraftPair.objects.get(pod__event=event)
    later = row.pick_due_at + timedelta(seconds=1)
    calls = [lambda: drafts_read_repair(event_id=event.pk, now=later)] * 3 + [
        lambda: drafts_at_time(now=later),
        lambda: draft_pick_timeout(pair_id=row.pk, now=later)]
    made, errors = at_once(calls)
    assert errors == [None] * 5
    assert sum(made) == 1
    row = DraftPair.objects.get(pk=row.pk)
    assert len(row.record["picks"]) == 1 and row.record["auto"] == [[0, "timer"]]


def test_a_player_picking_as_the_time_runs_out_gives_one_pick_either_way():
    event = draft_event(2, pick_seconds=30)
    seat = (PodSeat.objects.select_related("registration__player")
            .get(pod__event=event, number=1))
    row = DraftPair.objects.get(pod__event=event)
    card = draft_seat_view(seat).revealed[0]
    at = row.pick_due_at
    at_once([lambda: draft_pick(seat_id=seat.pk, by=seat.registration.player, card=card,
                                now=at - timedelta(milliseconds=1)),
             lambda: draft_pick_timeout(pair_id=row.pk, now=at)])
    record = DraftRecord.from_json(DraftPair.objects.get(pk=row.pk).record)
    assert len(record.picks) == 1
    assert replay_marked_picks(record).ok
