"""The round clock: its time left is computed from the timestamps on the Round, so pausing,
resuming and adding minutes give the same answer to every reader at the same moment."""

from datetime import timedelta

import pytest

from core.errors import Conflict, DomainError
from tests.factories import UserFactory
from tests.factories.tournaments import OrganizedEventFactory
from tests.tournaments.event_steps import T0, organizer_of, seats, start
from tournaments.models import ClockAction, ClockChange, Round
from tournaments.selectors.clock import clock_at, match_clock
from tournaments.services.clock import (
    match_time_extend,
    round_clock_add,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

MIN = timedelta(minutes=1)


def paired(**settings):
    event = OrganizedEventFactory(rounds=3, **settings)
    seats(event, "alice bob carol dave")
    start(event)
    rnd, _ = round_pair(event_id=event.pk, by=organizer_of(event), now=T0)
    return event, rnd


def fresh(rnd):
    """The round as a second device reads it: from the database, not from memory."""
    return Round.objects.select_related("event").get(pk=rnd.pk)


def test_pairing_starts_the_clock_with_the_events_round_length():
    _, rnd = paired()
    clock = clock_at(fresh(rnd), T0 + 10 * MIN)
    assert clock.started and clock.running and clock.seconds_left == 40 * 60
    assert clock.deadline == T0 + 50 * MIN
    assert ClockChange.objects.get(round=rnd).action == ClockAction.START


def test_an_event_that_does_not_start_the_clock_at_pairing_waits_for_the_organizer():
    event, rnd = paired(clock_starts_at_pairing=False, round_minutes=30)
    clock = clock_at(fresh(rnd), T0 + 10 * MIN)
    assert not clock.started and clock.seconds_left == 30 * 60 and clock.deadline is None
    _, started = round_clock_start(event_id=event.pk, number=1, by=organizer_of(event),
                                   now=T0 + 10 * MIN)
    again = round_clock_start(event_id=event.pk, number=1, by=organizer_of(event),
                              now=T0 + 11 * MIN)[1]
    assert started and not again  # a second click changes nothing
    assert clock_at(fresh(rnd), T0 + 20 * MIN).seconds_left == 20 * 60


def test_a_pause_stops_the_time_left_and_resuming_goes_on_from_there():
    event, rnd = paired()
    by = organizer_of(event)
    round_clock_pause(event_id=event.pk, number=1, by=by, now=T0 + 10 * MIN)
    during = clock_at(fresh(rnd), T0 + 25 * MIN)
    assert during.paused and not during.running and during.seconds_left == 40 * 60
    assert not round_clock_pause(event_id=event.pk, number=1, by=by, now=T0 + 12 * MIN)[1]
    round_clock_resume(event_id=event.pk, number=1, by=by, now=T0 + 30 * MIN)
    after = clock_at(fresh(rnd), T0 + 40 * MIN)
    assert after.running and after.seconds_left == 30 * 60
    assert after.deadline == T0 + 70 * MIN  # 50 minutes and 20 paused


def test_added_minutes_move_the_deadline_and_a_double_click_adds_them_once():
    event, rnd = paired()
    by = organizer_of(event)
    assert round_clock_add(event_id=event.pk, number=1, by=by, now=T0 + MIN, minutes=5,
                           seen=0)[1]
    assert not round_clock_add(event_id=event.pk, number=1, by=by, now=T0 + MIN, minutes=5,
                               seen=0)[1]
    assert clock_at(fresh(rnd), T0).deadline == T0 + 55 * MIN


def test_a_refresh_and_a_second_device_show_the_same_time_left():
    event, rnd = paired()
    by = organizer_of(event)
    round_clock_pause(event_id=event.pk, number=1, by=by, now=T0 + 5 * MIN)
    round_clock_resume(event_id=event.pk, number=1, by=by, now=T0 + 8 * MIN)
    round_clock_add(event_id=event.pk, number=1, by=by, now=T0 + 9 * MIN, minutes=2)
    at = T0 + 17 * MIN
    first, second = clock_at(fresh(rnd), at), clock_at(fresh(rnd), at)
    assert first == second and first.seconds_left == (50 + 3 + 2 - 17) * 60


def test_time_is_called_at_zero_and_minutes_added_then_count_from_now():
    event, rnd = paired()
    called = clock_at(fresh(rnd), T0 + 60 * MIN)
    assert called.called and called.seconds_left == 0 and called.minutes_left == 0
    with pytest.raises(Conflict):
        round_clock_pause(event_id=event.pk, number=1, by=organizer_of(event),
                          now=T0 + 60 * MIN)
    round_clock_add(event_id=event.pk, number=1, by=organizer_of(event), now=T0 + 60 * MIN,
                    minutes=3)
    assert clock_at(fresh(rnd), T0 + 61 * MIN).seconds_left == 2 * 60


def test_extra_time_for_one_table_goes_on_that_match_and_in_the_trail():
    event, rnd = paired()
    one, two = rnd.matches.order_by("table")
    match, changed = match_time_extend(match_id=one.pk, by=organizer_of(event),
                                       now=T0 + 5 * MIN, minutes=4, note="judge call")
    assert changed and match.extra_minutes == 4
    one.refresh_from_db()
    two.refresh_from_db()
    at = T0 + 52 * MIN
    assert match_clock(one, at).seconds_left == 2 * 60 and not match_clock(one, at).called
    assert match_clock(two, at).called
    change = ClockChange.objects.get(match=one)
    assert (change.action, change.minutes, change.note, change.by) == (
        ClockAction.EXTEND, 4, "judge call", organizer_of(event))


@pytest.mark.parametrize("minutes", [0, -1, 61, "5", True])
def test_minutes_are_between_1_and_60(minutes):
    event, rnd = paired()
    with pytest.raises(DomainError) as err:
        round_clock_add(event_id=event.pk, number=1, by=organizer_of(event), now=T0,
                        minutes=minutes)
    assert err.value.code == "invalid_minutes"


def test_the_shown_time_is_minutes_and_seconds():
    _, rnd = paired()
    clock = clock_at(fresh(rnd), T0 + 10 * MIN + timedelta(seconds=1))
    assert clock.shown == "39:59" and clock.minutes_left == 40


def test_the_round_length_is_an_event_setting_through_the_api():
    from tests.web import client_for

    client = client_for(UserFactory())
    made = client.post("/api/events/", {"name": "Quick", "format": "constructed",
                                        "round_minutes": 35,
                                        "clock_starts_at_pairing": False}, format="json")
    assert made.status_code == 201, made.content
    assert (made.json()["round_minutes"], made.json()["clock_starts_at_pairing"]) == (35, False)
    default = client.post("/api/events/", {"name": "Usual", "format": "constructed"},
                          format="json").json()
    assert (default["round_minutes"], default["clock_starts_at_pairing"]) == (50, True)
    assert client.post("/api/events/", {"name": "Never", "format": "constructed",
                                        "round_minutes": 0}, format="json").status_code == 400
