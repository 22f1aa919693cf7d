"""The results version under racing writers, on a real PostgreSQL (issue 13, section 7).

A player's report locks the round and then the match; the organizer's services lock the
event and then the round. Both bump the version last, on a row of its own: were it a column
of the event, the report would wait for the event while holding the round the organizer
waits for, and PostgreSQL would abort one of them as a deadlock.
"""

from __future__ import annotations

import pytest

from tests.tournaments.event_steps import now, organizer_of, pair
from tests.tournaments.results.test_races import at_once, running_event
from tournaments.models import Event, MatchStatus
from tournaments.selectors.standings import results_version
from tournaments.services.registrations import registration_drop
from tournaments.services.results import result_report, result_set

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_reports_organizer_results_and_a_drop_at_once_each_bump_it_and_none_deadlocks():
    event = running_event(12)
    organizer = organizer_of(event)
    matches = list(pair(event).matches.select_related("player_a__player", "player_b__player")
                   .order_by("table"))
    before = results_version(Event.objects.get(pk=event.pk))
    calls = []
    for m in matches[:3]:  # players report: round, match, then the version
        calls += [lambda m=m: result_report(match_id=m.pk, by=m.player_a.player, a_wins=2,
                                            b_wins=0, now=now()),
                  lambda m=m: result_report(match_id=m.pk, by=m.player_b.player, a_wins=2,
                                            b_wins=0, now=now())]
    for m in matches[3:]:  # the organizer: event, round, match, then the version
        calls.append(lambda m=m: result_set(match_id=m.pk, by=organizer, a_wins=1, b_wins=2,
                                            now=now()))
    seat = matches[0].player_a
    calls.append(lambda: registration_drop(registration_id=seat.pk, by=organizer, now=now()))
    _, errors = at_once(calls)
    assert errors == [None] * len(calls)
    assert all(m.status == MatchStatus.CONFIRMED for m in
               event.round_set.get().matches.all())
    assert results_version(Event.objects.get(pk=event.pk)) == before + len(calls)
